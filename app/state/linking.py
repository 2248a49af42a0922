"""Links: a position or game code in the URL fragment, with its seats, id and name
(``#L1.G2~…;seats=hnnd;id=…;ck=…``), read back with errors that say what is wrong. Pure Python.

Links made since issue 37 begin with the mark ``L1.`` and end with a check of their whole content
(``;ck=``, ``link_check``): a link cut anywhere or altered by hand is refused ("This link is
incomplete"), never read as another game. Links without the mark (earlier versions) open as
before."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from urllib.parse import quote, unquote

from app.games import Board, Seat as Party

from app import games

from app.text.i18n import _
from app.state.problems import Problem, cut
from app.state.seating import HUMAN, SEAT_LETTERS, clean_name, valid_id
from app.state.session import Game


class LinkError(Problem):
    """A link fragment that is not a position or game: ``str()`` says what happened, in the
    player's language and without the link's text; ``details`` holds the bad part, ``todo`` what
    to do."""


def _ask_again() -> str:
    return _("Ask for the link again, and copy it whole.")


def _bad_seats(text: str) -> LinkError:
    return LinkError(_("This link's seats cannot be read: it does not say who plays each colour "
                       "in a way this page knows."), f"seats={cut(text, 12)}", _ask_again())


def fragment_text(fragment: str) -> str:
    """The text of a URL fragment: without ``#``, percent-decoded, trimmed."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    return unquote(text).strip()


def is_game_link(fragment: str) -> bool:
    text = fragment_text(fragment).removeprefix(CHECKED_MARK)
    return any(games.get(key).owns(text) for key in games.MODULES)


#: What follows a position or game code in a link to say who sits where: ``;seats=hnnd``.
SEATS_PARAM = ";seats="


def seats_text(seats: list[str]) -> str:
    """``hnnd``: one letter a seat, Red first (``SEAT_LETTERS``)."""
    return "".join(SEAT_LETTERS[s] for s in seats)


def parse_seats(text: str, rules: games.Game | None = None) -> list[str]:
    """The seats written ``hnnd`` (Camblam: ``he``, White first); ``LinkError`` otherwise (the bad
    text in its details)."""
    rules = rules or games.get()
    kinds = {letter: kind for kind, letter in SEAT_LETTERS.items()}
    if len(text) != len(rules.parties):
        raise _bad_seats(text)
    seats = []
    for letter in text:
        if letter not in kinds:
            raise _bad_seats(text)
        seats.append(kinds[letter])
    return seats


@dataclass
class Linked:
    """What a link holds: the game, and whether the link names it (``;id=``), as the links
    that carry a move of a game played across devices do."""

    game: Game
    shared: bool = False


def link_parts(fragment: str) -> tuple[str, dict[str, str]]:
    """The code and the ``;name=value`` parameters of a link fragment, percent-decoded."""
    raw = fragment[1:] if fragment.startswith("#") else fragment
    parts = raw.split(";") if ";" in raw else unquote(raw).split(";")
    params = {}
    for part in parts[1:]:
        key, _, value = part.partition("=")
        params[unquote(key).strip()] = unquote(value).strip()
    return unquote(parts[0]).strip(), params


#: The front of a link made since issue 37: a link with a check of its content (``;ck=``).
#: No game's code begins with ``L``, so a link bearing it (or any part of it) is never read the
#: old way, however it was cut or altered.
CHECKED_MARK = "L1."
#: The check's parameter, last in a link: ``;ck=`` and ``CHECK_LENGTH`` base-32 digits.
CHECK_PARAM = "ck"
CHECK_DIGITS = "abcdefghijklmnopqrstuvwxyz234567"
CHECK_LENGTH = 8  # 40 bits: a damaged link passes by chance once in a million million
#: The parameters a link's check covers with its code (any other is ignored when read).
CHECKED_PARAMS = ("seats", "id", "name")


def link_check(code: str, params: dict[str, str]) -> str:
    """The check of a link's content as ``link_parts`` reads it: its code (with the mark) and the
    seats, id and name, each present or absent (SHA-256, first 40 bits, base 32)."""
    content = "\n".join([code] + [f"{key}={params[key]}" if key in params else key
                                   for key in CHECKED_PARAMS])
    number = int.from_bytes(hashlib.sha256(content.encode("utf-8")).digest()[:5], "big")
    return "".join(CHECK_DIGITS[(number >> shift) & 31]
                   for shift in range(5 * (CHECK_LENGTH - 1), -1, -5))


def checked(fragment: str) -> str:
    """A link fragment (``#code;seats=…``) marked and ended with its check."""
    body = CHECKED_MARK + (fragment[1:] if fragment.startswith("#") else fragment)
    code, params = link_parts(body)
    return f"#{body};{CHECK_PARAM}={link_check(code, params)}"


def unchecked(text: str, params: dict[str, str]) -> str:
    """The code of a link read by ``link_parts``, without its mark once its check holds;
    ``LinkError`` for a marked link whose check is missing or wrong (it was cut or altered).
    A link without mark or check (made before issue 37) is returned as it is."""
    if not text.startswith(CHECKED_MARK[0]) and CHECK_PARAM not in params:
        return text
    if (not text.startswith(CHECKED_MARK)
            or params.get(CHECK_PARAM) != link_check(text, params)):
        raise LinkError(_("This link is incomplete: ask for it again."))
    return text[len(CHECKED_MARK):]


def read_link(fragment: str) -> Linked | None:
    """The game a link opens (``None`` for an empty fragment); ``LinkError`` if it is bad.

    ``#P1.…`` is a position (no moves to undo); ``#G1~…`` or ``#G2~…`` a whole game (its moves
    can be undone); Camblam's are ``#C1.…`` and ``#C1~…`` (``app.games.camblam``). Parameters may follow: ``;seats=hnnd`` (who plays each party; links made
    before seats were written open with every seat human), ``;id=…`` (the game played across
    devices that this link continues) and ``;name=…`` (its name).
    """
    text, params = link_parts(fragment)
    if not text:
        return None
    text = unchecked(text, params)
    rules = games.for_code(text)
    seats = [HUMAN] * len(rules.parties)
    if "seats" in params:
        seats = parse_seats(params["seats"], rules)
    game_id = params.get("id")
    if game_id is not None and not valid_id(game_id):
        raise LinkError(_("This link's game id cannot be read."), f"id={cut(game_id, 20)}",
                        _ask_again())
    try:
        if text.startswith(rules.game_prefix[:1]) and not text.startswith(rules.position_prefix):
            board = rules.parse_game_code(text)
        elif text.startswith(rules.position_prefix[:1]):
            board = rules.parse_position(text)
        else:
            raise LinkError(_("This link holds no Djambi or Camblam position or game."),
                            cut(text, 80), _ask_again())
    except rules.error as exc:
        raise LinkError(_("This link's game cannot be read: the link was damaged, or made by a "
                          "newer version of the app."), f"{cut(text, 80)}\n{exc}",
                        _ask_again()) from None
    for party in rules.idle_seats(board):
        seats[int(party)] = HUMAN  # the hostage never plays
    game = Game(board, seats, name=clean_name(params.get("name", "")), rules=rules)
    if game_id is not None:
        game.id = game_id
    return Linked(game, shared=game_id is not None)


def game_from_link(fragment: str) -> Game | None:
    """The game a link opens (``read_link``), or ``None`` for an empty fragment."""
    linked = read_link(fragment)
    return None if linked is None else linked.game


def position_link(base: str, game: Game, board: Board | None = None) -> str:
    """A link to the position (``board``, by default the game's current one), with the seats."""
    code = game.rules.format_position(board or game.board)
    return base.split('#')[0] + checked(f"{code}{SEATS_PARAM}{seats_text(game.seats)}")


def game_link(base: str, game: Game) -> str:
    """A link to the whole game (its moves can be undone there), with the seats: a copy of the
    game (compact code, ``G2~``), not tied to this one."""
    code = game.rules.format_compact_game(game.board)
    return base.split('#')[0] + checked(f"{code}{SEATS_PARAM}{seats_text(game.seats)}")


def move_link(base: str, game: Game) -> str:
    """The link that carries the game to the other devices playing it: the whole game
    (compact), the seats, its id and its name. Opening it continues the same game there."""
    code = game.rules.format_compact_game(game.board)
    name = f";name={quote(game.name, safe='')}" if game.name else ""
    return base.split('#')[0] + checked(
        f"{code}{SEATS_PARAM}{seats_text(game.seats)};id={game.id}{name}")
