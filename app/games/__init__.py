"""The games the shell plays, each behind one small interface (``Game``) and found by key.

The shell (``app.state``, ``app.present``, ``app.views``) is game-neutral where it goes through a
``Game``: a new board, its codes and records, narration events, square names, the computer
players. A second game is one module here implementing ``Game`` and one line in ``MODULES``
(docs/architecture.md lists what still reaches ``djambi`` directly). Pure Python.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol


class Search(Protocol):
    """A computer player's search, run in slices so that the page never stalls."""

    def step(self, ms: float) -> bool:
        """Search about ``ms`` milliseconds; True once the move is chosen."""
    def best_move(self) -> Any: ...


class Game(Protocol):
    """A board game as the shell needs it. ``Board`` and ``Move`` are the engine's own values
    (a board has ``turn``, ``move_stack``, ``push``, ``copy``, ``root``, ``move_text``,
    ``is_game_over``, ``outcome``)."""

    key: str  #: the registry's key, e.g. "djambi"
    error: type[Exception]  #: what the engine raises on bad input (its message names the bad part)
    position_prefix: str  #: how a position code starts (links)
    game_prefix: str  #: how a game code starts (links, saves)

    def new_board(self, **options: Any) -> Any:
        """The start position (``options``: the game's rule options, e.g. Djambi's hostage)."""
    def parse_game_code(self, text: str) -> Any: ...
    def format_game_code(self, board: Any) -> str: ...
    def format_compact_game(self, board: Any) -> str:
        """The game code for links (short)."""
    def parse_position(self, text: str) -> Any: ...
    def parse_record(self, text: str) -> tuple[Any, dict[str, str]]:
        """A game file's text: the board (moves played) and its headers."""
    def format_record(self, board: Any, headers: dict[str, str]) -> str: ...
    def describe_move(self, board: Any, move: Any) -> tuple:
        """What ``move`` does on ``board`` (before it), as the engine's narration events."""
    def parse_square(self, name: str) -> int: ...
    def square_name(self, square: int) -> str: ...
    def search(self, board: Any, level: str, seed: int) -> Search:
        """A computer player's search at ``level`` (the engine's AI, imported on first use)."""
    def accepts_draw(self, board: Any, party: Any, level: str) -> bool: ...


#: The games, by key: the module implementing each (its ``GAME``). Camblam joins here.
MODULES = {"djambi": "app.games.djambi"}
DEFAULT = "djambi"


def get(key: str = DEFAULT) -> Game:
    """The game ``key`` (``KeyError`` for an unknown one)."""
    return importlib.import_module(MODULES[key]).GAME


__all__ = ["Game", "Search", "MODULES", "DEFAULT", "get"]
