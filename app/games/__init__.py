"""The games the shell plays, each behind one small interface (``Game``) and found by key.

The shell is game-neutral where it goes through a ``Game``; a game is one folder here
(``app/games/<game>/``: its ``GAME`` in ``__init__.py``, and the game's own modules beside it)
and one line in ``MODULES`` (docs/architecture.md lists what still reaches a game directly).
Pure Python.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol


#: A game's seat, board and move as the shell handles them: its engine's own values, never looked
#: into by the shell (``int(seat)`` indexes a game's seats; ``Game.party_title`` names one).
Seat = Any
Board = Any
Move = Any


class Game(Protocol):
    """A board game as the shell needs it; boards and moves are the engine's own values.

    ``error``: what the engine raises on bad input; ``new_board(**options)``: the start (options:
    rule options, e.g. Djambi's hostage); ``parse_record``/``format_record``: a game file's text
    (board with its moves, and headers); ``format_compact_game``: the game code of links;
    ``describe_move(board, move)``: the engine's narration events; ``search(board, level,
    seed)``: a computer player's search, with ``step(ms) -> done`` and ``best_move()``.
    ``parties``: the seats in order; ``party_letter``/``party_title``: a seat's letter (saves)
    and English name (file headers); ``active_players(board)``: the seats still playing;
    ``idle_seats(board)``: seats that never play (Djambi's hostage); ``army_of(board, move)``:
    the army whose piece makes a move; ``seat_rotation(party)``: the board's quarter turns that
    bring a seat's side to the bottom-left (the rotation setting); ``owns(code)``: a link's
    code is this game's; ``owns_record(text)``: a file is this game's; ``ply_letter``: the moving
    piece's letter for the move list.
    """

    key: str
    title: str
    error: type[Exception]
    position_prefix: str
    game_prefix: str
    parties: tuple  # the seats in order (``int(party)`` indexes a game's seats)
    can_resign: bool  # a player may resign (``board.resign(party)``)
    levels: tuple[str, ...]  # the computer levels a seat may have (its ``ai``'s)

    def owns(self, text: str) -> bool: ...
    def owns_record(self, text: str) -> bool: ...
    def party_letter(self, party: Any) -> str: ...
    def party_title(self, party: Any) -> str: ...
    def seat_rotation(self, party: Any) -> int: ...
    def army_of(self, board: Any, move: Any) -> Any: ...
    def active_players(self, board: Any) -> list: ...
    def idle_seats(self, board: Any) -> list: ...
    def rule_set(self, board: Any) -> Any: ...
    def format_position(self, board: Any) -> str: ...
    def ply_letter(self, board: Any, move: Any) -> str: ...

    def new_board(self, **options: Any) -> Any: ...
    def parse_game_code(self, text: str) -> Any: ...
    def format_game_code(self, board: Any) -> str: ...
    def format_compact_game(self, board: Any) -> str: ...
    def parse_position(self, text: str) -> Any: ...
    def parse_record(self, text: str) -> tuple[Any, dict[str, str]]: ...
    def format_record(self, board: Any, headers: dict[str, str]) -> str: ...
    def describe_move(self, board: Any, move: Any) -> tuple: ...
    def parse_square(self, name: str) -> int: ...
    def square_name(self, square: int) -> str: ...
    def search(self, board: Any, level: str, seed: int) -> Any: ...
    def accepts_draw(self, board: Any, party: Any, level: str) -> bool: ...
    # The review of a game (``docs/review.md``): a ``gamekit.review.Reviewer`` of the game in
    # ``board``'s move stack, to step in slices; the seat (a party) of each outlook's player; the
    # colour (CSS) of each player's line in the chart.
    def reviewer(self, board: Any) -> Any: ...
    def review_parties(self, board: Any) -> tuple: ...
    def review_colours(self, board: Any) -> tuple[str, ...]: ...


#: The games, by key: the module implementing each (its ``GAME``).
MODULES = {"djambi": "app.games.djambi", "camblam": "app.games.camblam"}
DEFAULT = "djambi"


def get(key: str = DEFAULT) -> Game:
    """The game ``key`` (``KeyError`` for an unknown one)."""
    return importlib.import_module(MODULES[key]).GAME


def _owner(test) -> Game:
    """The first game but the default that ``test`` says owns a text, else the default (which
    reads whatever no other game claims, as links and files always were read)."""
    for key in MODULES:
        if key != DEFAULT and test(get(key)):
            return get(key)
    return get(DEFAULT)


def for_code(text: str) -> Game:
    """The game whose link code ``text`` is (each game knows its codes: ``Game.owns``)."""
    return _owner(lambda game: game.owns(text))


def for_record(text: str) -> Game:
    """The game a record file holds (each game knows its files: ``Game.owns_record``)."""
    return _owner(lambda game: game.owns_record(text))


__all__ = ["Game", "Seat", "Board", "Move", "MODULES", "DEFAULT", "get", "for_code", "for_record"]
