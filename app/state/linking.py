"""Links: a position or game code in the URL fragment, with its seats, id and name
(``#G1~…;seats=hnnd;id=…``), read back with errors that say what is wrong. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

from app.games import Board, Seat as Party

from app import games

from app.text.i18n import _, party_name
from app.state.seating import HUMAN, SEAT_LETTERS, clean_name, valid_id
from app.state.session import Game

class LinkError(ValueError):
    """A link fragment that is not a Djambi position or game."""


def fragment_text(fragment: str) -> str:
    """The text of a URL fragment: without ``#``, percent-decoded, trimmed."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    return unquote(text).strip()


def is_game_link(fragment: str) -> bool:
    text = fragment_text(fragment)
    return any(games.get(key).owns(text) for key in games.MODULES)


#: What follows a position or game code in a link to say who sits where: ``;seats=hnnd``.
SEATS_PARAM = ";seats="


def seats_text(seats: list[str]) -> str:
    """``hnnd``: one letter a seat, Red first (``SEAT_LETTERS``)."""
    return "".join(SEAT_LETTERS[s] for s in seats)


def parse_seats(text: str, rules: games.Game | None = None) -> list[str]:
    """The seats written ``hnnd`` (Camblam: ``he``, White first); ``LinkError`` naming the bad
    letter otherwise."""
    rules = rules or games.get()
    kinds = {letter: kind for kind, letter in SEAT_LETTERS.items()}
    if len(text) != len(rules.parties) and rules.key != games.DEFAULT:
        raise LinkError(_("This link's seats ({seats}) should be two letters, one per player "
                          "(h human, e easy, n normal, d hard, r random).").format(
                              seats=repr(text[:12])))
    if len(text) != len(rules.parties):
        raise LinkError(_("This link's seats ({seats}) should be four letters, one per player "
                          "(h human, e easy, n normal, d hard, r random).").format(
                              seats=repr(text[:12])))
    seats = []
    for party, letter in zip(rules.parties, text):
        if letter not in kinds:
            raise LinkError(_("This link's seat for {player} ({letter}) is not one of "
                              "h (human), e, n, d, r (computer levels).").format(
                                  player=party_name(party), letter=repr(letter)))
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
    rules = games.for_code(text)
    seats = [HUMAN] * len(rules.parties)
    if "seats" in params:
        seats = parse_seats(params["seats"], rules)
    game_id = params.get("id")
    if game_id is not None and not valid_id(game_id):
        raise LinkError(_("This link's game id ({id}) should be 4 to 16 letters and digits.")
                        .format(id=repr(game_id[:20])))
    try:
        if text.startswith(rules.game_prefix[:1]) and not text.startswith(rules.position_prefix):
            board = rules.parse_game_code(text)
        elif text.startswith(rules.position_prefix[:1]):
            board = rules.parse_position(text)
        else:
            raise LinkError(_("This link does not hold a Djambi position or game "
                              "(it should end in #P1.… or #G1~…)."))
    except rules.error as exc:
        # Translators: {detail} is the rules engine's explanation, in English.
        raise LinkError(_("This link's game cannot be opened: {detail}").format(
            detail=exc)) from None
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
    return f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)}"


def game_link(base: str, game: Game) -> str:
    """A link to the whole game (its moves can be undone there), with the seats: a copy of the
    game (compact code, ``G2~``), not tied to this one."""
    code = game.rules.format_compact_game(game.board)
    return f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)}"


def move_link(base: str, game: Game) -> str:
    """The link that carries the game to the other devices playing it: the whole game
    (compact), the seats, its id and its name. Opening it continues the same game there."""
    code = game.rules.format_compact_game(game.board)
    name = f";name={quote(game.name, safe='')}" if game.name else ""
    return (f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)};id={game.id}"
            f"{name}")
