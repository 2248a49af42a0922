"""Drawn piece figures for both games, as SVG text (pure Python, no browser).

Every figure is drawn for this project on a 100 × 100 grid and given as a ``<symbol>`` to place
with ``<use href="#k-C" width=… height=…>``. Shape carries the kind; colour comes from CSS custom
properties set on the ``<use>`` or any ancestor (they inherit into the symbol), so one symbol
serves every party:

* ``--pf`` the body's fill (a party's colour, white or black), ``--pt`` the colour of the details
  drawn on the body (white on red, blue and green; dark on yellow and on white pieces; light on
  black pieces), ``--po`` the outline (dark by default, so a figure reads on every square).
* Djambi's party is also told without colour: every Djambi figure stands on a plinth carrying the
  party's mark: a disc for Red, a square for Blue, a triangle for Yellow, a cross for Green.
  The mark for a party shows where ``--mr``, ``--mb``, ``--my`` or ``--mg`` is ``inline``
  (``FIGURE_CSS`` sets them from the ``pc-r`` … ``pc-g`` classes the board already uses).
* A corpse (``d-C`` …) is its kind's figure toppled on its side, in grey and without a party mark:
  the dead keep showing what they were, as the letter on the tombstone did.

The Camblam set (``c-K`` …, letters of the rulings: K Q R B N C A H P) is drawn in the same manner
and coloured white or black by the ``cb-w`` / ``cb-b`` classes.

All markup here is constant text; nothing a user typed reaches it.
"""

from __future__ import annotations

from typing import Any

from djambi import Kind, Party, Piece

from app.text.i18n import player_initial

# ---------------------------------------------------------------------------- Djambi
#: The plinth every living Djambi figure stands on; the party's mark sits on it.
_PLINTH = '<path class="fb" d="M20 76H80Q89 76 89 86Q89 97 80 97H20Q11 97 11 86Q11 76 20 76Z"/>'

#: The party marks, drawn white (dark on yellow) on the plinth; only one shows (``--mr`` …).
_MARKS = (
    '<symbol id="pm" viewBox="0 0 100 100">'
    '<circle class="fm" style="display:var(--mr,none)" cx="50" cy="86.5" r="7.5"/>'
    '<rect class="fm" style="display:var(--mb,none)" x="43" y="79.5" width="14" height="14"/>'
    '<path class="fm" style="display:var(--my,none)" d="M50 78L59 95H41Z"/>'
    '<path class="fm" style="display:var(--mg,none)" d="M46.5 78.5H53.5V83H58V90H53.5V94.5H46.5V90H42V83H46.5Z"/>'
    '</symbol>'
)

#: The six Djambi figures, above the plinth (y < 80).
DJAMBI = {
    # Chief: a crown of five points with pearls, jewels on its band.
    Kind.CHIEF: (
        '<path class="fb" d="M20 74L13 30L32 48L50 16L68 48L87 30L80 74Z"/>'
        '<circle class="fb" cx="13" cy="27" r="6"/><circle class="fb" cx="50" cy="13" r="6"/>'
        '<circle class="fb" cx="87" cy="27" r="6"/>'
        '<path class="fd" d="M22 63H78"/>'
        '<circle class="fa" cx="50" cy="50" r="5"/>'
    ),
    # Assassin: a dagger, point up, with a broad blade and a crossguard.
    Kind.ASSASSIN: (
        '<path class="fb" d="M50 5L62 22V52H38V22Z"/>'
        '<path class="fd" d="M50 17V46"/>'
        '<path class="fb" d="M22 52H78Q82 58 78 62H22Q18 58 22 52Z"/>'
        '<path class="fb" d="M43 62H57V76H43Z"/>'
    ),
    # Reporter: a newspaper with a folded corner, its headline and columns, and a quill.
    Kind.REPORTER: (
        '<path class="fb" d="M16 16H60L74 30V76H16Z"/>'
        '<path class="fo" d="M60 16V30H74"/>'
        '<path class="fd" d="M25 28H52M25 40H64M25 51H42M25 62H42"/>'
        '<path class="fb" d="M94 6Q84 6 68 26Q56 42 50 64L55 62Q64 48 76 38Q90 24 94 6Z"/>'
        '<path class="fo" d="M88 14L58 56"/>'
    ),
    # Provocateur: a megaphone shouting to the right, with its sound.
    Kind.PROVOCATEUR: (
        '<path class="fb" d="M10 36H26L70 14V70L26 50H10Z"/>'
        '<path class="fb" d="M30 52L38 55L42 70H32Z"/>'
        '<path class="fd" d="M26 37V49"/>'
        '<path class="fo" d="M80 30Q87 42 80 54M89 22Q100 42 89 62"/>'
    ),
    # Necromobile: a hearse, a closed carriage on two wheels, a skull on its side.
    Kind.NECROMOBILE: (
        '<path class="fb" d="M8 66V40Q8 20 28 20H72Q92 20 92 40V66Z"/>'
        '<path class="fw" d="M50 27Q64 27 64 40Q64 47 59 50V57H41V50Q36 47 36 40Q36 27 50 27Z"/>'
        '<circle class="fe" cx="44.5" cy="40" r="4"/><circle class="fe" cx="55.5" cy="40" r="4"/>'
        '<path class="fo" d="M47 51V57M53 51V57"/>'
        '<circle class="fb" cx="28" cy="67" r="11"/><circle class="fb" cx="72" cy="67" r="11"/>'
        '<circle class="fa" cx="28" cy="67" r="3.5"/><circle class="fa" cx="72" cy="67" r="3.5"/>'
    ),
    # Militant: a round helmet with a brim, and a spear behind it.
    Kind.MILITANT: (
        '<path class="fb" d="M70 2L78 17L73.5 19V50H66.5V19L62 17Z"/>'
        '<path class="fb" d="M22 62Q22 30 50 30Q78 30 78 62Z"/>'
        '<path class="fb" d="M12 62H88Q90 68 84 70H16Q10 68 12 62Z"/>'
        '<path class="fd" d="M36 54Q38 40 50 38"/>'
    ),
}

#: The symbols' ids: living ``k-`` and dead ``d-`` followed by the kind's letter.
DJAMBI_IDS = {kind: (f"k-{kind.letter}", f"d-{kind.letter}") for kind in Kind}

#: How a corpse lies: its figure without the plinth, toppled to the right, a little smaller.
_TOPPLE = 'transform="translate(50 57) scale(.84) rotate(90) translate(-50 -42)"'

#: The other look ("Pieces: letters" in the settings): each kind's letter in a shape of its own,
#: a corpse as a tombstone with the letter.
LETTER_SHAPES = {
    # Chief: a large disc with a crown of three points.
    Kind.CHIEF: '<path class="pf" d="M22 30 L32 12 L42 26 L50 8 L58 26 L68 12 L78 30 Z"/>'
                '<circle class="pf" cx="50" cy="56" r="36"/>',
    # Assassin: a diamond.
    Kind.ASSASSIN: '<path class="pf" d="M50 6 L92 50 L50 94 L8 50 Z"/>',
    # Reporter: a square with a folded corner (a newspaper).
    Kind.REPORTER: '<path class="pf" d="M14 14 H72 L86 28 V86 H14 Z"/>',
    # Provocateur: a hexagon.
    Kind.PROVOCATEUR: '<path class="pf" d="M50 6 L89 28 V72 L50 94 L11 72 V28 Z"/>',
    # Necromobile: a shield.
    Kind.NECROMOBILE: '<path class="pf" d="M14 12 H86 V50 C86 74 68 88 50 95 C32 88 14 74 14 50 Z"/>',
    # Militant: a smaller disc.
    Kind.MILITANT: '<circle class="pf" cx="50" cy="50" r="33"/>',
}


def _letter(kind: Kind) -> str:
    size = 40 if kind == Kind.MILITANT else 46
    y = 58 if kind == Kind.CHIEF else 53
    return (f'<text x="50" y="{y}" text-anchor="middle" dominant-baseline="central" class="pl" '
            f'font-size="{size}">{kind.letter}</text>')


def _tomb(kind: Kind) -> str:
    return ('<path class="tomb" d="M20 92 V40 C20 18 34 8 50 8 C66 8 80 18 80 40 V92 Z"/>'
            '<path class="tomb-x" d="M50 16 V34 M42 23 H58"/>'
            f'<text x="50" y="64" text-anchor="middle" dominant-baseline="central" class="tl">{kind.letter}</text>')


def djambi_symbols() -> str:
    """The ``<symbol>``s of the six Djambi pieces (``k-C`` …) and their corpses (``d-C`` …), each
    holding both looks: the figure (group ``pv-f``) and the letter (group ``pv-l``), one shown as
    ``--fig`` / ``--let`` say (``FIGURE_CSS``: the class ``pieces-letters`` on an ancestor picks the
    letters); and what the figures are made of: each kind's drawing (``f-C`` …) and the party marks
    (``pm``). To go inside a ``<defs>``."""
    out = [_MARKS]
    for kind, drawing in DJAMBI.items():
        living, dead = DJAMBI_IDS[kind]
        out.append(f'<symbol id="f-{kind.letter}" viewBox="0 0 100 100">{drawing}</symbol>')
        use = f'href="#f-{kind.letter}" width="100" height="100"'
        out.append(f'<symbol id="{living}" viewBox="0 0 100 100"><g class="pv-f">{_PLINTH}'
                   f'<use href="#pm" width="100" height="100"/><use {use}/></g>'
                   f'<g class="pv-l">{LETTER_SHAPES[kind]}{_letter(kind)}</g></symbol>')
        out.append(f'<symbol id="{dead}" viewBox="0 0 100 100"><g class="pv-f"><use class="fx" {use} {_TOPPLE}/>'
                   f'</g><g class="pv-l">{_tomb(kind)}</g></symbol>')
    return "".join(out)


# ---------------------------------------------------------------------------- Camblam
#: The common base of the Camblam figures that stand on one.
_BASE = '<path class="fb" d="M24 80H76Q82 80 82 86V93H18V86Q18 80 24 80Z"/>'

#: The nine Camblam figures, by the rulings' letters (upper case; the side is a class).
CAMBLAM = {
    # King: a tall body under a dome, topped by a cross.
    "K": (
        '<path class="fb" d="M46 4H54V11H61V18H54V26H46V18H39V11H46Z"/>'
        '<path class="fb" d="M30 52Q22 28 50 26Q78 28 70 52Z"/>'
        '<path class="fb" d="M32 52H68L62 60Q64 72 70 80H30Q36 72 38 60Z"/>'
        '<path class="fd" d="M36 60H64"/>' + _BASE
    ),
    # Queen: a wide crown of five pearled points over a flaring body.
    "Q": (
        '<path class="fb" d="M28 56L16 22L36 44L40 16L50 42L60 16L64 44L84 22L72 56Z"/>'
        '<circle class="fb" cx="16" cy="20" r="5"/><circle class="fb" cx="40" cy="14" r="5"/>'
        '<circle class="fb" cx="60" cy="14" r="5"/><circle class="fb" cx="84" cy="20" r="5"/>'
        '<circle class="fb" cx="50" cy="36" r="5"/>'
        '<path class="fb" d="M28 56H72L64 64Q66 74 72 80H28Q34 74 36 64Z"/>'
        '<path class="fd" d="M34 63H66"/>' + _BASE
    ),
    # Rook: a tower with three merlons.
    "R": (
        '<path class="fb" d="M24 12H36V20H44V12H56V20H64V12H76V34L68 40V70L76 80H24L32 70V40L24 34Z"/>'
        '<path class="fd" d="M32 40H68M32 70H68"/>' + _BASE
    ),
    # Bishop: a mitre with its slit and a knob, on a slender body.
    "B": (
        '<circle class="fb" cx="50" cy="11" r="6"/>'
        '<path class="fb" d="M50 17Q72 34 66 54Q64 60 58 62H42Q36 60 34 54Q28 34 50 17Z"/>'
        '<path class="fd" d="M56 30L46 44"/>'
        '<path class="fb" d="M36 62H64L58 68Q62 74 68 80H32Q38 74 42 68Z"/>' + _BASE
    ),
    # Knight: a horse's head looking left.
    "N": (
        '<path class="fb" d="M58 10L54 18Q40 20 32 32L18 52Q16 60 24 62Q30 62 36 54L48 50'
        'Q44 62 32 72L28 80H78Q84 56 76 36Q72 24 64 20Z"/>'
        '<circle class="fa" cx="46" cy="32" r="3.5"/>'
        '<path class="fd" d="M66 28Q74 44 72 66"/>' + _BASE
    ),
    # Catapult: a frame on two wheels with its throwing arm and cup.
    "C": (
        '<path class="fb" d="M34 66L54 34L60 36L52 66Z"/>'
        '<path class="fb" d="M26 62L74 16L80 22L32 68Z"/>'
        '<path class="fb" d="M70 8Q84 2 90 14Q86 22 78 20Z"/>'
        '<path class="fb" d="M8 62H92V74H8Z"/>'
        '<circle class="fb" cx="24" cy="80" r="12"/><circle class="fb" cx="76" cy="80" r="12"/>'
        '<circle class="fa" cx="24" cy="80" r="4"/><circle class="fa" cx="76" cy="80" r="4"/>'
    ),
    # Archer: a drawn bow with its string and an arrow.
    "A": (
        '<path class="fo" d="M30 12L18 50L30 88"/>'
        '<path class="fb" d="M26 5Q98 50 26 95L22 83Q74 50 22 17Z"/>'
        '<path class="fo" d="M18 50H80"/>'
        '<path class="fb" d="M94 50L76 40V60Z"/>'
        '<path class="fb" d="M18 50L8 42V58Z"/>'
    ),
    # Prince: a head wearing a narrow coronet of three flat points, on a slim body.
    "H": (
        '<path class="fb" d="M34 30L32 10L42 20L50 6L58 20L68 10L66 30Z"/>'
        '<circle class="fb" cx="50" cy="44" r="14"/>'
        '<path class="fb" d="M38 56H62L58 62Q62 72 68 80H32Q38 72 42 62Z"/>'
        '<path class="fd" d="M36 24H64"/>' + _BASE
    ),
    # Pawn: a round head on a short body.
    "P": (
        '<circle class="fb" cx="50" cy="40" r="13"/>'
        '<path class="fb" d="M38 54H62L58 60Q64 70 70 80H30Q36 70 42 60Z"/>' + _BASE
    ),
}

#: The rulings' names of the Camblam pieces, by letter.
CAMBLAM_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight",
                 "C": "catapult", "A": "archer", "H": "prince", "P": "pawn"}


#: The standing pieces are drawn slim and shown 15 % wider, so that they stay bold at 30 px.
_WIDEN = '<g transform="matrix(1.15 0 0 1 -7.5 0)">{}</g>'


def camblam_symbols() -> str:
    """The ``<symbol>``s of the nine Camblam figures (``c-K`` …), to go inside a ``<defs>``."""
    return "".join(f'<symbol id="c-{letter}" viewBox="0 0 100 100">'
                   f'{drawing if letter in "CA" else _WIDEN.format(drawing)}</symbol>'
                   for letter, drawing in CAMBLAM.items())


# ---------------------------------------------------------------------------- colours
#: The rules the figures need (the page's stylesheet holds them; the preview page too).
FIGURE_CSS = """\
.fb { fill: var(--pf, #ccc); stroke: var(--po, #1b1b1b); stroke-width: var(--sw, 4); stroke-linejoin: round; }
.fa { fill: var(--pt, #fff); stroke: var(--po, #1b1b1b); stroke-width: 2.5; stroke-linejoin: round; }
.fd { fill: none; stroke: var(--pt, #fff); stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }
.fw { fill: #fff; stroke: var(--po, #1b1b1b); stroke-width: 2.5; }
.fe { fill: var(--po, #1b1b1b); }
.fm { fill: var(--pt, #fff); }
.fo { fill: none; stroke: var(--po, #1b1b1b); stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }
.fx { --pf: var(--corpse, #9a968f); --pt: #4a4740; --mr: none; --mb: none; --my: none; --mg: none; }
.pc-r { --pf: var(--red, #cf2e2e); --pt: #fff; --mr: inline; }
.pc-b { --pf: var(--blue, #1f63c9); --pt: #fff; --mb: inline; }
.pc-y { --pf: var(--yellow, #f0c020); --pt: #1b1b1b; --my: inline; }
.pc-g { --pf: var(--green, #2b8a3e); --pt: #fff; --mg: inline; }
.pv-f { display: var(--fig, inline); }
.pv-l { display: var(--let, none); }
.pieces-letters { --fig: none; --let: inline; }
.pf { fill: var(--pf); stroke: #1b1b1b; stroke-width: 3.5; }
.pl { fill: var(--pt); font-weight: 800; font-family: system-ui, Arial, sans-serif; }
.tomb { fill: var(--corpse, #9a968f); stroke: #2d2b28; stroke-width: 3.5; }
.tomb-x { stroke: #2d2b28; stroke-width: 5; stroke-linecap: round; fill: none; }
.tl { fill: #2d2b28; font-size: 40px; font-weight: 800; font-family: system-ui, Arial, sans-serif; }
.cb-w { --pf: #f6f1e6; --pt: #1b1b1b; --po: #1b1b1b; --sw: 4.5; }
.cb-b { --pf: #2a2622; --pt: #eee6d6; --po: #0d0c0b; --sw: 4.5; }
"""


# ---------------------------------------------------------------------------- small figures
def piece_href(piece: Piece) -> str:
    """The symbol's id for ``piece`` as it stands: ``k-M`` a living militant, ``d-M`` its corpse."""
    living, dead = DJAMBI_IDS[piece.kind]
    return dead if piece.party is None else living


def icon_svg(href: str, party: Party | None = None, cls: str = "fig") -> str:
    """A small inline ``<svg>`` showing the figure ``href`` (``k-C``, ``d-M``…) of the page's
    board ``<defs>``, in ``party``'s colours (grey for ``None``): hidden from screen readers, so the
    words beside it stay what they read. The markup is constant text and enum values."""
    colour = f" pc-{party.letter}" if party is not None else ""
    return (f'<svg class="{cls}{colour}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
            f'<use href="#{href}" width="100" height="100"/></svg>')


#: The id of the swatches' own figure (``swatch_defs``), not the board's ``k-C``.
SWATCH_ID = "sw-C"
SWATCH_BEGIN = "<!-- swatch figures: made by scripts/gen_static_board.py from app/present/figures.py -->"
SWATCH_END = "<!-- end of swatch figures -->"


def swatch_defs() -> str:
    """A hidden ``<svg>`` holding the swatches' figure (a Djambi chief on its plinth with the
    party's mark, and its letter look), for index.html: the board's ``<defs>`` change with the
    game drawn (Camblam's board has no Djambi chief), and a swatch of the new-game dialog, the
    players list or the seat question must show whatever the board is."""
    kind = Kind.CHIEF
    marks = _MARKS.replace('id="pm"', 'id="sw-pm"')
    return (f'<svg id="swatch-defs" width="0" height="0" aria-hidden="true" focusable="false" '
            f'style="position:absolute"><defs>{marks}<symbol id="{SWATCH_ID}" viewBox="0 0 100 100">'
            f'<g class="pv-f">{_PLINTH}<use href="#sw-pm" width="100" height="100"/>{DJAMBI[kind]}</g>'
            f'<g class="pv-l">{LETTER_SHAPES[kind]}{_letter(kind)}</g></symbol></defs></svg>')


def swatch_block() -> str:
    """What index.html holds between (and including) the swatch figures' markers."""
    return f"{SWATCH_BEGIN}\n{swatch_defs()}\n{SWATCH_END}"


def party_svg(party: Party) -> str:
    """A party's swatch (the players list, the seats, the hand-over screen): its chief's figure,
    on the plinth with the party's mark, so it is told apart without colour (``swatch_defs``)."""
    return icon_svg(SWATCH_ID, party, "fig swatch-fig")


def side_svg(letter: str) -> str:
    """A Camblam side's swatch (``w`` or ``b``): its king, drawn inline (the Camblam board's
    ``<defs>`` may not be on the page yet)."""
    return (f'<svg class="fig swatch-fig cb-{letter}" viewBox="0 0 100 100" aria-hidden="true" '
            f'focusable="false">{_WIDEN.format(CAMBLAM["K"])}</svg>')


def swatch_html(party: Any) -> str:
    """What a party's swatch holds: its chief's figure (``party_svg``; a Camblam side's king,
    ``side_svg``) and the party's letter, of which ``static/app.css`` shows one as the pieces'
    look says (the letter with the letters)."""
    letter = player_initial(party)  # the name's initial in the player's language
    if not isinstance(party, Party):  # Camblam's Color
        return f'{side_svg(party.letter)}<span class="swatch-letter">{letter}</span>'
    return f'{party_svg(party)}<span class="swatch-letter">{letter}</span>'


def all_symbols() -> str:
    """Every figure of both games, as ``<symbol>``s."""
    return djambi_symbols() + camblam_symbols()


def symbol_texts() -> dict[str, str]:
    """Each figure's ``<symbol>`` by id (the party marks' symbol ``pm`` included)."""
    import re

    return {m.group(1): m.group(0)
            for m in re.finditer(r'<symbol id="([^"]+)".*?</symbol>', all_symbols())}


__all__ = ["DJAMBI", "DJAMBI_IDS", "piece_href", "icon_svg", "party_svg", "swatch_html", "swatch_defs", "swatch_block", "SWATCH_ID", "LETTER_SHAPES", "CAMBLAM", "CAMBLAM_NAMES", "FIGURE_CSS", "djambi_symbols",
           "camblam_symbols", "all_symbols", "symbol_texts"]
