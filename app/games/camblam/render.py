"""Camblam's 12×12 SVG board as text, with the marks a player reads (pure Python, no browser).

``board_svg(board, marks)`` draws the whole board: the square groups (``<g data-square="a1">`` …
``l12``, White's side at the bottom), file and rank labels (outside the squares on a large board,
inside the edge squares on a phone: the same ``coord``/``coord-in`` classes and 940-unit box as
Djambi's board, so the page's CSS fits both), one piece figure per occupied square and the marks
(``Marks``): the selected piece, its moves, capture and shot targets (drawn differently: the
archer stays), the pieces a chosen chain capture would take, the last move, the king in check,
the keyboard's square, the threat view's and the suggested move's squares. The pieces are the
drawn figures of ``app.present.figures`` (``camblam_piece_svg``), or their letters under the
Settings' "letters" look.

All markup comes from constants, the engine's enums and translated words (escaped).
"""

from __future__ import annotations

from camblam import PROMOTIONS, Board, Color, Kind, Piece, square_name

from app.present import board as drawn, figures
from app.text.i18n import _, party_name

SIZE = 12
CELL = 75
MARGIN = 40
VIEW = MARGIN + SIZE * CELL  # 940: the same box as Djambi's board
FILES = "abcdefghijkl"

#: The pieces' names (translated where shown).
KIND_WORDS = {Kind.KING: "king", Kind.QUEEN: "queen", Kind.ROOK: "rook", Kind.BISHOP: "bishop",
              Kind.KNIGHT: "knight", Kind.CATAPULT: "catapult", Kind.ARCHER: "archer",
              Kind.PRINCE: "prince", Kind.PAWN: "pawn"}


def kind_word(kind: Kind) -> str:
    """The piece's name in the player's language."""
    return {Kind.KING: _("king"), Kind.QUEEN: _("queen"), Kind.ROOK: _("rook"),
            Kind.BISHOP: _("bishop"), Kind.KNIGHT: _("knight"), Kind.CATAPULT: _("catapult"),
            Kind.ARCHER: _("archer"), Kind.PRINCE: _("prince"), Kind.PAWN: _("pawn")}[kind]


def promotion_choices() -> list[tuple[str, str]]:
    """The promotion chooser's buttons: each piece a pawn may become, as its code letter and its
    name in the player's language, capitalised ("Dame", "Věž"), which the button shows under the
    figure (a touch screen shows no tooltip)."""
    return [(kind.letter, kind_word(kind)[:1].upper() + kind_word(kind)[1:]) for kind in PROMOTIONS]


#: What the board marks besides the pieces: the board view's neutral marks (square numbers):
#: ``targets`` the empty landing squares, ``captures`` those that take, ``shots`` an archer's
#: targets (it stays), ``chain`` what the chosen landing square would take, ``chosen`` that
#: square, ``last`` the last move, ``check`` the king in check, ``threatened``/``attackers`` the
#: threat view, ``suggested`` a suggested move, ``cursor`` the keyboard's square.
Marks = drawn.Marks


def marks_of_moves(board, moves, selected: int | None, **rest) -> Marks:
    """The marks of a piece's ``moves`` on ``board``: empty landing squares, landing squares that
    take, and an archer's shots apart; ``rest`` are the other fields."""
    empty, captures, shots = set(), set(), set()
    for move in moves:
        if board.is_shot(move):
            shots.add(move.to_square)
        elif board.is_capture(move):
            captures.add(move.to_square)
        else:
            empty.add(move.to_square)
    return Marks(selected=selected, targets=frozenset(empty), captures=frozenset(captures),
                 shots=frozenset(shots), **rest)


#: The 12×12 board as data: square ``sq`` is cell ``sq`` (a1 … l12), White's side at the bottom.
GEOMETRY = drawn.square_grid("squares-12x12", FILES, [str(r) for r in range(1, SIZE + 1)], cell=CELL,
                             margin=MARGIN, figure=(4, 4, CELL - 8, CELL - 8))


def square_origin(sq: int) -> tuple[int, int]:
    """Top-left corner of ``sq``: White's side (rank 1) at the bottom, file a on the left."""
    return MARGIN + (sq % SIZE) * CELL, (SIZE - 1 - sq // SIZE) * CELL


def _letter_look(kind: Kind, colour: Color) -> str:
    """The "letters" look (Settings, Pieces: letters): a disc in the side's colour with the
    piece's letter (a crown over the king's)."""
    white = colour == Color.WHITE
    fill, line, ink = ("#fbf6e9", "#2b2b2b", "#1d1d1d") if white else ("#2d2d32", "#0c0c0c", "#f4f1e6")
    radius = 34 if kind == Kind.PAWN else 42
    crown = ""
    if kind == Kind.KING:
        crown = f'<path d="M30 20 L38 6 L50 16 L62 6 L70 20 Z" fill="{fill}" stroke="{line}" stroke-width="4"/>'
    return (f'{crown}<circle cx="50" cy="54" r="{radius}" fill="{fill}" stroke="{line}" stroke-width="5"/>'
            f'<text x="50" y="56" text-anchor="middle" dominant-baseline="central" fill="{ink}" '
            f'font-size="{40 if kind == Kind.PAWN else 48}" font-weight="700" '
            f'font-family="system-ui, sans-serif">{kind.letter}</text>')


def camblam_piece_svg(kind: Kind, colour: Color) -> str:
    """One piece in a 100×100 box, both looks: the drawn figure of ``app.present.figures``
    (``#c-K`` …, coloured by the class ``cb-w`` / ``cb-b``; group ``pv-f``) and the letter
    (group ``pv-l``); the class ``pieces-letters`` on an ancestor shows the letter. The figure's
    ``<use>`` needs ``figures.camblam_symbols()`` in the page (``board_svg``'s ``<defs>``)."""
    side = "cb-w" if colour == Color.WHITE else "cb-b"
    return (f'<g class="pv-f {side}"><use href="#c-{kind.letter}" width="100" height="100"/></g>'
            f'<g class="pv-l">{_letter_look(kind, colour)}</g>')


def defs() -> str:
    """The figures' styles and symbols: the nine figures (``#c-K`` …) and one symbol a piece and
    side (``#cb-wK`` …) holding both looks."""
    out = [f"<style>{figures.FIGURE_CSS}</style>", figures.camblam_symbols()]
    for colour in Color:
        for kind in Kind:
            out.append(f'<symbol id="{piece_id(Piece(kind, colour))}" viewBox="0 0 100 100">'
                       f'{camblam_piece_svg(kind, colour)}</symbol>')
    return "".join(out)


def piece_id(piece: Piece) -> str:
    return f"cb-{'w' if piece.color == Color.WHITE else 'b'}{piece.kind.letter}"


_STYLE = (
    "<style>"
    ".cb .lt{fill:#eed9b4}.cb .dk{fill:#b98a5e}"
    ".cb .lastm{fill:#e8d75a;opacity:.55}"
    ".cb .self{fill:none;stroke:#1565c0;stroke-width:7}"
    ".cb .mv{fill:#1b5e20;opacity:.55}"
    ".cb .cap{fill:none;stroke:#1b5e20;stroke-width:7;opacity:.8}"
    ".cb .shot{fill:none;stroke:#c62828;stroke-width:5;stroke-dasharray:9 6}"
    ".cb .shotx{stroke:#c62828;stroke-width:6}"
    ".cb .took{fill:#c62828;opacity:.45}"
    ".cb .chk{fill:#e53935;opacity:.6}"
    ".cb .cur{fill:none;stroke:#6a1b9a;stroke-width:6;stroke-dasharray:12 6}"
    ".cb .chosen{fill:none;stroke:#c62828;stroke-width:8}"
    ".cb .thr{fill:none;stroke:#d01818;stroke-width:7}"
    ".cb .atk{fill:none;stroke:#ff7a00;stroke-width:7}"
    ".cb .sug{fill:rgba(40,170,90,.38);stroke:#18a050;stroke-width:7}"
    ".cb .coord,.cb .coord-in{font:600 24px system-ui,sans-serif;fill:#444}"
    ".cb .coord-in{display:none;font-size:15px;fill:#3b2a16}"
    "</style>"
)


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


def square_label(sq: int, piece: Piece | None) -> str:
    """The square's words for a screen reader: ``e4, White pawn`` or ``e4, empty``."""
    if piece is None:
        return _("{square}, empty").format(square=square_name(sq))
    return _("{square}, {player}: {piece}").format(square=square_name(sq),
                                                   player=party_name(piece.color),
                                                   piece=kind_word(piece.kind))


def picture(board: Board, marks: Marks = Marks()) -> drawn.Picture:
    """The board to draw (``views/boardview.BoardView.show``): each square's shade, figure, marks
    and words, with the figures' styles and symbols."""
    return drawn.Picture(GEOMETRY, tuple(_cells(board, marks)), f"{_STYLE}<defs>{defs()}</defs>", "cb")


def board_svg(board: Board, marks: Marks = Marks()) -> str:
    """The board's inner SVG (for ``<svg viewBox="0 0 940 940">``)."""
    return drawn.svg(picture(board, marks))


def defs_svg() -> str:
    """A hidden ``<svg>`` holding the board's styles and the figures' symbols, for diagrams drawn
    outside the board (``diagram_svg``: the rules and the piece guide)."""
    return (f'<svg class="cb-defs" width="0" height="0" aria-hidden="true" focusable="false" '
            f'style="position:absolute">{_STYLE}<defs>{defs()}</defs></svg>')


def diagram_svg(board: Board, label: str, marks: Marks = Marks()) -> str:
    """A small picture of the whole board, as the board draws it but without square names (no
    ``data-square``: it is no board to play on), as a standalone ``<svg>``; its figures need
    ``defs_svg()`` in the page. ``label`` is the picture's text for screen readers."""
    shown = drawn.Picture(GEOMETRY, tuple(_cells(board, marks)), "", "cb")
    return (f'<svg class="diagram cb-diagram" viewBox="0 0 {VIEW} {VIEW}" role="img" '
            f'aria-label="{_attr(label)}">{drawn.svg(shown, named=False)}</svg>')


def _cells(board: Board, marks: Marks) -> list[drawn.CellView]:
    """Each square's view: its shade and the marks under the piece, the piece, the marks over it
    (the classes are the board view's neutral ones: ``selected``, ``option capture``…)."""
    pieces = board.pieces()
    half = CELL / 2
    out = []
    for sq in range(SIZE * SIZE):
        piece = pieces.get(sq)
        shade = "lt" if (sq % SIZE + sq // SIZE) % 2 else "dk"
        below = [f'<rect class="{shade}" width="{CELL}" height="{CELL}"/>']
        above = []
        if sq in marks.last:
            below.append(f'<rect class="lastm" width="{CELL}" height="{CELL}"/>')
        if sq == marks.check:
            below.append(f'<circle class="chk" cx="{half}" cy="{half}" r="{half - 2}"/>')
        if sq in marks.chain:
            below.append(f'<rect class="took" width="{CELL}" height="{CELL}"/>')
        if sq in marks.suggested:
            below.append(f'<rect class="sug" x="4" y="4" width="{CELL - 8}" height="{CELL - 8}" rx="6"/>')
        if sq == marks.selected:
            above.append(f'<rect class="self" x="4" y="4" width="{CELL - 8}" height="{CELL - 8}" rx="6"/>')
        if sq in marks.targets:
            above.append(f'<circle class="mv" cx="{half}" cy="{half}" r="11"/>')
        if sq in marks.captures:
            above.append(f'<circle class="cap" cx="{half}" cy="{half}" r="{half - 6}"/>')
        if sq in marks.shots:
            above.append(f'<circle class="shot" cx="{half}" cy="{half}" r="{half - 8}"/>'
                         f'<path class="shotx" d="M{half} 4 V20 M{half} {CELL - 20} V{CELL - 4} '
                         f'M4 {half} H20 M{CELL - 20} {half} H{CELL - 4}"/>')
        if sq in marks.threatened:
            above.append(f'<circle class="thr" cx="{half}" cy="{half}" r="{half - 4}"/>')
        if sq in marks.attackers:
            above.append(f'<rect class="atk" x="4" y="4" width="{CELL - 8}" height="{CELL - 8}" rx="6"/>')
        if sq in marks.chosen:
            above.append(f'<rect class="chosen" x="3" y="3" width="{CELL - 6}" height="{CELL - 6}"/>')
        if sq == marks.cursor:
            above.append(f'<rect class="cur" x="6" y="6" width="{CELL - 12}" height="{CELL - 12}"/>')
        cls = " ".join(["sq", *drawn.mark_classes(marks, sq)])
        out.append(drawn.CellView(cls, "" if piece is None else f"#{piece_id(piece)}",
                                  square_label(sq, piece), "".join(below), "".join(above)))
    return out


def slides(board: Board, move) -> list[drawn.Slide]:
    """A move's glide on ``board`` (after the move): the piece from its start to where it landed
    (an archer's shot, whose archer stays: none)."""
    piece = None if move is None else board.pieces().get(move.to_square)
    if piece is None or move.from_square == move.to_square:
        return []
    return [drawn.Slide(f"#{piece_id(piece)}", "", (move.from_square, move.to_square), 0, 260)]


def last_move_squares(board: Board) -> tuple[int, ...]:
    """The squares of the last move (start and landing; a shot: the archer and its target)."""
    if not board.move_stack:
        return ()
    move = board.move_stack[-1]
    return (move.from_square, move.to_square)


def check_square(board: Board) -> int | None:
    """The king in check, if the side to move is."""
    return board.king(board.turn) if board.is_check() else None


__all__ = ["Marks", "marks_of_moves", "picture", "slides", "GEOMETRY", "board_svg", "diagram_svg", "defs_svg", "camblam_piece_svg", "square_origin", "last_move_squares",
           "check_square", "defs", "kind_word", "square_label", "VIEW", "CELL", "MARGIN"]
