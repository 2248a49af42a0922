"""Camblam behind the shell's ``Game`` interface (``app.games``): the ``camblam`` engine's link
codes, game records, narration, squares and computer players. Pure Python.

The codes and records are the engine's (``camblam.notation``; ``docs/formats.md``, "Camblam in
links, saves and files"): a position is ``C1.`` and the position text with its spaces written
``.``, a game ``C1~`` and its start and moves (``C1~start~f3f6~f10f7``). Djambi's codes start with
``P`` or ``G``, so the first letter says the game; a record file starts with ``[Game "Camblam"]``.
"""

from __future__ import annotations

from typing import Any

from camblam import (GAME_PREFIX, POSITION_PREFIX, Board, CamblamError, Color, InvalidGameError, Move,
                     describe_move, format_game_code, format_position_code, format_record, parse_game_code,
                     parse_position_code, parse_record, parse_square, square_name)

#: What the engine raises on a bad Camblam link code or record (its name in the app before the
#: formats moved into the engine).
CamblamCodeError = InvalidGameError


class Camblam:
    key = "camblam"
    title = "Camblam"
    error = CamblamError
    position_prefix = POSITION_PREFIX
    game_prefix = GAME_PREFIX
    #: The seats, in order: White, Black (``Color`` values; ``int(color)`` indexes ``seats``).
    parties = (Color.WHITE, Color.BLACK)

    def owns(self, text: str) -> bool:
        """Whether a link's code is this game's."""
        return text.startswith("C")

    def owns_record(self, text: str) -> bool:
        return '[Game "Camblam"]' in text[:2000]

    def party_letter(self, party: Any) -> str:
        return Color(party).letter

    def party_title(self, party: Any) -> str:
        return Color(party).title

    def seat_rotation(self, party: Any) -> int:
        """White's side is at the bottom, for both sides (the board is not turned)."""
        return 0

    def army_of(self, board: Board, move: Any) -> Any:
        """The side that makes ``move``: the side to move."""
        return board.turn

    def active_players(self, board: Board) -> list[Color]:
        return list(self.parties)

    def idle_seats(self, board: Board) -> list[Color]:
        """Seats that never play (none in Camblam)."""
        return []

    def rule_set(self, board: Board) -> None:
        """Camblam has no rule options."""
        return None

    def new_board(self, **options: Any) -> Board:
        return Board()

    def parse_game_code(self, text: str) -> Board:
        return parse_game_code(text)

    def format_game_code(self, board: Board) -> str:
        return format_game_code(board)

    def format_compact_game(self, board: Board) -> str:
        return format_game_code(board)

    def format_position(self, board: Board) -> str:
        return format_position_code(board)

    def parse_position(self, text: str) -> Board:
        return parse_position_code(text)

    def parse_record(self, text: str) -> tuple[Board, dict[str, str]]:
        return parse_record(text)

    def format_record(self, board: Board, headers: dict[str, str]) -> str:
        return format_record(board, headers)

    def describe_move(self, board: Board, move: Any) -> tuple:
        return describe_move(board, move)

    def parse_square(self, name: str) -> int:
        return parse_square(name)

    def square_name(self, square: int) -> str:
        return square_name(square)

    def ply_letter(self, board: Board, move: Move) -> str:
        return ""  # the readable notation starts with the piece's letter already

    def search(self, board: Board, level: str, seed: int) -> Any:
        from camblam import ai  # on first use

        if level not in ai.LEVEL_NAMES:
            level = "hard"  # a level only Djambi has (``expert``): Camblam's strongest
        return ai.Search(board, level, seed)

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels a seat may have (``camblam.ai.LEVEL_NAMES``: ``LEVELS`` and
        ``random``)."""
        from camblam.ai import LEVEL_NAMES

        return LEVEL_NAMES

    #: Whether a player may resign (the menu's Resign): a side may resign (``Board.resign``).
    can_resign = True

    def accepts_draw(self, board: Board, party: Any, level: str) -> bool:
        from camblam import ai

        if level not in ai.LEVEL_NAMES:
            level = "hard"
        return ai.accepts_draw(board, party, level)

    def reviewer(self, board: Board) -> Any:
        from camblam.ai import review  # on first use

        return review.reviewer(board)

    def review_parties(self, board: Board) -> tuple:
        return self.parties

    def review_colours(self, board: Board) -> tuple[str, ...]:
        return ("#f4f1ea", "#1b1b1b")  # White's line is drawn with a dark edge (app/present/review.py)


GAME = Camblam()

__all__ = ["Camblam", "GAME", "POSITION_PREFIX", "GAME_PREFIX", "format_game_code", "parse_game_code",
           "format_position_code", "parse_position_code", "format_record", "parse_record", "CamblamCodeError"]
