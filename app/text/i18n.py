"""The player's language: gettext catalogs read with Python's own ``gettext``, and the words of
the game (players, pieces) in the forms the app's sentences need.

Pure Python (no browser). The catalogs are ``locale/<lang>/LC_MESSAGES/djambi.mo``, compiled
from the ``.po`` files under version control by ``scripts/i18n.py compile`` (run by
``scripts/setup``); ``pyscript.toml`` lists them under ``[files]`` so that they reach Pyodide's
file system. English is the source language: it needs no catalog.

Marking strings (extracted by Babel, ``scripts/i18n.py extract``):

* ``_("text")``, ``ngettext("one", "many", n)``, ``pgettext("context", "text")``,
  ``npgettext(...)``: translated now, in the current language. Only named placeholders
  (``{player}``), filled with ``str.format`` after translating.
* ``N_("text")`` for module-level constants: it only marks the string; translate it where it
  is shown, with ``_(CONSTANT)``, so that a language switch (no reload) changes it too.

Switching language is ``set_language(code)``; every function here reads the current catalog
at call time, so the next drawing of the page is in the new language.

Grammar: a sentence is always one msgid. Where a sentence names a player or a piece, the name
is filled in a form chosen by context (``pgettext``), one msgid per piece kind, because French
and Czech inflect differently from English (see ``docs/glossary.md``):

* ``party_name(p)``: the player as a subject (``Red``, ``Rouge``, ``Červený``);
* ``party_of(p)``: the player as a possessor or object (``Red``, ``Rouge``, ``Červeného``);
* ``player_name(p, rules)``, ``player_of(p, rules)``: the same for a player of any rule set (in a
  two-by-two game, ``Player 1 (Red + Yellow)``); ``army_name(p, rules)``: a party's row;
  ``player_short(p, rules)``: a player within such a row (``Player 1``);
* ``piece_phrase(piece)``: a piece as the prompts and square labels name it (``Red militant``);
* ``piece_object(piece, own)``: a piece as the object of a narrated move;
* ``piece_subject(piece)``: a piece as the subject of a narrated sentence.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path
from typing import Iterable

from camblam import Color
from djambi import Kind, Party, Piece

DOMAIN = "djambi"
#: The catalogs' directory: ``locale/`` next to ``app/`` (also Pyodide's working directory).
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DEFAULT = "en"
#: Every language offered, each named in itself (never translated).
LANGUAGES = {"en": "English", "fr": "Français", "cs": "Čeština"}

_current: dict = {"code": DEFAULT, "catalog": _gettext.NullTranslations()}
_loaded: dict[str, _gettext.NullTranslations] = {}


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (translate it at use)."""
    return message


def catalog_path(code: str, root: Path = LOCALE_DIR) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def load_catalog(code: str, root: Path = LOCALE_DIR) -> _gettext.NullTranslations:
    """The compiled catalog of ``code``; English (no catalog) is the identity."""
    if code == DEFAULT:
        return _gettext.NullTranslations()
    with open(catalog_path(code, root), "rb") as f:
        return _gettext.GNUTranslations(f)


def set_language(code: str) -> str:
    """Use ``code`` from now on; returns the language really used (English when ``code`` is not
    offered or its catalog cannot be read)."""
    code = code if code in LANGUAGES else DEFAULT
    try:
        catalog = _loaded.get(code) or load_catalog(code)
    except OSError:
        code, catalog = DEFAULT, _gettext.NullTranslations()
    _loaded[code] = catalog
    _current["code"], _current["catalog"] = code, catalog
    return code


def language() -> str:
    return _current["code"]


def match_language(tags: Iterable[str]) -> str | None:
    """The first offered language among browser language tags (``fr-CA``, ``cs``, …), or None."""
    for tag in tags:
        base = str(tag).strip().replace("_", "-").split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return None


def choose_language(url_lang: str | None, saved: str, browser: Iterable[str]) -> str:
    """``?lang=`` in the page's URL first, then the language chosen in Settings, then the
    browser's preferred languages (``navigator.languages``); English if none is offered."""
    for choice in (url_lang, saved):
        found = match_language([choice]) if choice else None
        if found:
            return found
    return match_language(browser) or DEFAULT


# ---------------------------------------------------------------------------- translating
def _(message: str) -> str:
    return _current["catalog"].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current["catalog"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current["catalog"].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current["catalog"].npgettext(context, singular, plural, n)


# ---------------------------------------------------------------------------- the game's words
PARTY_NAMES = {Party.RED: N_("Red"), Party.BLUE: N_("Blue"), Party.YELLOW: N_("Yellow"),
               Party.GREEN: N_("Green")}


#: Camblam's two sides (``camblam.Color``; an ``IntEnum`` like ``Party``, so looked up by type).
SIDE_NAMES = (N_("White"), N_("Black"))


def party_name(party: Party) -> str:
    """The player as the subject of a sentence: ``Red`` (Camblam: ``White``)."""
    if isinstance(party, Color):
        return _(SIDE_NAMES[party])
    return _(PARTY_NAMES[party])


def party_of(party: Party) -> str:
    """The player as a possessor or an object: "Blue's chief", "plays for Blue"."""
    # Translators: a player's name as a possessor or object ("Blue's chief", "plays for Blue").
    # Czech: genitive (= accusative) "Modrého".
    if isinstance(party, Color):
        return (pgettext("possessor", "White"), pgettext("possessor", "Black"))[party]
    forms = {Party.RED: pgettext("possessor", "Red"), Party.BLUE: pgettext("possessor", "Blue"),
             Party.YELLOW: pgettext("possessor", "Yellow"),
             Party.GREEN: pgettext("possessor", "Green")}
    return forms[party]


def _leads(player: Party | int, rules) -> tuple[int, ...] | None:
    """The parties a two-by-two player leads from the start (the engine's data), else None."""
    if rules is None or getattr(rules, "players", "4") != "2x2":
        return None
    return tuple(rules.starting_parties(int(player)))


def player_name(player: Party | int, rules=None) -> str:
    """A player as the subject of a sentence: ``party_name``, or in a two-by-two game
    (``players=2x2``, ``rules`` the game's rule set) the player with the armies he leads:
    ``Player 1 (Red + Yellow)``."""
    parties = _leads(player, rules)
    if parties is None:
        return party_name(player if isinstance(player, Color) else Party(player))
    return _("Player {number} ({armies})").format(
        number=int(player) + 1, armies=" + ".join(party_name(Party(p)) for p in parties))


def player_short(player: Party | int, rules=None) -> str:
    """A player in few words where the armies he leads are named beside it (a row of the
    players list, ``Yellow (Player 1)``): ``party_name``, or in a two-by-two game ``Player 1``."""
    if _leads(player, rules) is None:
        return party_name(player if isinstance(player, Color) else Party(player))
    # Translators: a two-by-two player where his armies are named beside (the players list).
    return _("Player {number}").format(number=int(player) + 1)


def player_of(player: Party | int, rules=None) -> str:
    """A player as a possessor or an object: ``party_of``, or in a two-by-two game the player
    with the armies he leads (Czech: ``Hráče 1 (Červený + Žlutý)``)."""
    parties = _leads(player, rules)
    if parties is None:
        return party_of(player if isinstance(player, Color) else Party(player))
    # Translators: a two-by-two player as a possessor or object ("Player 1 (Red + Yellow)'s
    # chief", "plays for Player 1 (...)"). Czech: genitive "Hráče".
    return pgettext("possessor", "Player {number} ({armies})").format(
        number=int(player) + 1, armies=" + ".join(party_name(Party(p)) for p in parties))


def player_initial(player: Party | int, rules=None) -> str:
    """A player's badge where a letter stands for him (the move list, the letters look's
    swatches): the initial of his name in the current language (``R`` Red, ``J`` Jaune; Camblam's
    White ``W``, ``B`` Blanc, ``B`` Bílý, and Black ``B``, ``N`` Noir, ``Č`` Černý), never the
    code letter of another language; in a two-by-two game his number."""
    if _leads(player, rules) is not None:
        return str(int(player) + 1)
    return player_short(player)[:1].upper()


def army_name(party: Party | int, rules=None) -> str:
    """A party's row in the players list: ``party_name``, or in a two-by-two game the army with
    the player who leads it from the start: ``Yellow (Player 1)``."""
    if rules is None or getattr(rules, "players", "4") != "2x2":
        return party_name(Party(party))
    return _("{army} (Player {number})").format(army=party_name(Party(party)),
                                                number=rules.player_of(int(party)) + 1)


def kind_name(kind: Kind) -> str:
    """The kind alone (the piece guide, lists): ``militant``."""
    names = {
        Kind.CHIEF: pgettext("kind", "chief"),
        Kind.ASSASSIN: pgettext("kind", "assassin"),
        Kind.REPORTER: pgettext("kind", "reporter"),
        Kind.PROVOCATEUR: pgettext("kind", "provocateur"),
        Kind.NECROMOBILE: pgettext("kind", "necromobile"),
        Kind.MILITANT: pgettext("kind", "militant"),
    }
    return names[kind]


def piece_phrase(piece: Piece) -> str:
    """A piece as prompts and square labels name it: ``Red militant``; ``militant's corpse``.
    French and Czech include the article they need (all six kinds are masculine in both)."""
    if piece.party is None:
        corpses = {
            Kind.CHIEF: pgettext("corpse", "chief's corpse"),
            Kind.ASSASSIN: pgettext("corpse", "assassin's corpse"),
            Kind.REPORTER: pgettext("corpse", "reporter's corpse"),
            Kind.PROVOCATEUR: pgettext("corpse", "provocateur's corpse"),
            Kind.NECROMOBILE: pgettext("corpse", "necromobile's corpse"),
            Kind.MILITANT: pgettext("corpse", "militant's corpse"),
        }
        return corpses[piece.kind]
    # Translators: a living piece in prompts and square labels; {owner} is the player's
    # possessor form (Czech: "Modrého").
    phrases = {
        Kind.CHIEF: pgettext("piece", "{owner} chief"),
        Kind.ASSASSIN: pgettext("piece", "{owner} assassin"),
        Kind.REPORTER: pgettext("piece", "{owner} reporter"),
        Kind.PROVOCATEUR: pgettext("piece", "{owner} provocateur"),
        Kind.NECROMOBILE: pgettext("piece", "{owner} necromobile"),
        Kind.MILITANT: pgettext("piece", "{owner} militant"),
    }
    return phrases[piece.kind].format(owner=party_of(piece.party))


def piece_object(piece: Piece, own: bool = False) -> str:
    """A piece as the object of a narrated move: ``the militant`` (the mover's own),
    ``Blue's militant``, ``a militant's corpse``."""
    if piece.party is None:
        # Translators: a corpse as an object ("Red killed/moved a chief's corpse").
        corpses = {
            Kind.CHIEF: pgettext("corpse, object", "a chief's corpse"),
            Kind.ASSASSIN: pgettext("corpse, object", "an assassin's corpse"),
            Kind.REPORTER: pgettext("corpse, object", "a reporter's corpse"),
            Kind.PROVOCATEUR: pgettext("corpse, object", "a provocateur's corpse"),
            Kind.NECROMOBILE: pgettext("corpse, object", "a necromobile's corpse"),
            Kind.MILITANT: pgettext("corpse, object", "a militant's corpse"),
        }
        return corpses[piece.kind]
    if own:
        # Translators: the mover's own piece as an object ("Red moved the militant").
        mine = {
            Kind.CHIEF: pgettext("own piece, object", "the chief"),
            Kind.ASSASSIN: pgettext("own piece, object", "the assassin"),
            Kind.REPORTER: pgettext("own piece, object", "the reporter"),
            Kind.PROVOCATEUR: pgettext("own piece, object", "the provocateur"),
            Kind.NECROMOBILE: pgettext("own piece, object", "the necromobile"),
            Kind.MILITANT: pgettext("own piece, object", "the militant"),
        }
        return mine[piece.kind]
    # Translators: another player's piece as an object ("Red killed Blue's chief");
    # {owner} is the possessor form.
    theirs = {
        Kind.CHIEF: pgettext("piece, object", "{owner}'s chief"),
        Kind.ASSASSIN: pgettext("piece, object", "{owner}'s assassin"),
        Kind.REPORTER: pgettext("piece, object", "{owner}'s reporter"),
        Kind.PROVOCATEUR: pgettext("piece, object", "{owner}'s provocateur"),
        Kind.NECROMOBILE: pgettext("piece, object", "{owner}'s necromobile"),
        Kind.MILITANT: pgettext("piece, object", "{owner}'s militant"),
    }
    return theirs[piece.kind].format(owner=party_of(piece.party))


def piece_subject(piece: Piece) -> str:
    """A piece as the subject that starts a narrated sentence: ``Blue's militant``."""
    if piece.party is None:
        return piece_phrase(piece)
    # Translators: a piece as the subject at the start of a sentence ("Blue's militant was
    # moved from … to …"); {owner} is the possessor form.
    subjects = {
        Kind.CHIEF: pgettext("piece, subject", "{owner}'s chief"),
        Kind.ASSASSIN: pgettext("piece, subject", "{owner}'s assassin"),
        Kind.REPORTER: pgettext("piece, subject", "{owner}'s reporter"),
        Kind.PROVOCATEUR: pgettext("piece, subject", "{owner}'s provocateur"),
        Kind.NECROMOBILE: pgettext("piece, subject", "{owner}'s necromobile"),
        Kind.MILITANT: pgettext("piece, subject", "{owner}'s militant"),
    }
    return subjects[piece.kind].format(owner=party_of(piece.party))


def list_of(names: list[str]) -> str:
    """``Blue``, ``Blue and Green``, ``Blue, Green and Yellow``: one msgid per length."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return _("{first} and {second}").format(first=names[0], second=names[1])
    return _("{first}, {second} and {third}").format(
        first=", ".join(names[:-2]), second=names[-2], third=names[-1])


__all__ = ["N_", "_", "ngettext", "pgettext", "npgettext", "set_language", "language",
           "choose_language", "match_language", "LANGUAGES", "DEFAULT", "LOCALE_DIR",
           "load_catalog", "catalog_path", "party_name", "party_of", "kind_name", "piece_phrase",
           "piece_object", "piece_subject", "list_of", "PARTY_NAMES", "player_name", "player_of",
           "army_name", "player_initial"]
