"""Djambi behind the shell's ``Game`` interface (``app.games``): the ``djambi`` engine's codes,
records, narration, squares and computer players. Pure Python."""

from __future__ import annotations

from typing import Any

from djambi import Board, DjambiError, Party, describe_move, parse_square, square_name
from djambi.rules import Rules
from djambi.notation import (GAME_PREFIX, POSITION_PREFIX, format_compact_game, format_game_code,
                             format_record, parse_game_code, parse_record)


#: The board's rotation (quarter turns) that brings each party's corner to the bottom-left: Red's
#: (A9) needs a quarter turn, Blue's (I9) half a turn, Yellow's (I1) three quarters; Green (A1) is
#: there unturned. In seat order, each next player turns the board one more quarter, as players
#: sit round a table.
SEAT_ROTATION = {Party.RED: 1, Party.BLUE: 2, Party.YELLOW: 3, Party.GREEN: 0}


class Djambi:
    key = "djambi"
    title = "Djambi"
    error = DjambiError
    position_prefix = POSITION_PREFIX
    game_prefix = GAME_PREFIX
    parties = tuple(Party)

    def owns(self, text: str) -> bool:
        """Whether a link's code is this game's (``P1.…``, ``G1~…``, ``G2~…``)."""
        return text.startswith(POSITION_PREFIX[:1]) or text.startswith(GAME_PREFIX[:1])

    def owns_record(self, text: str) -> bool:
        return True  # the default: a record naming no game is Djambi's

    def party_letter(self, party: Any) -> str:
        return Party(party).letter

    def party_title(self, party: Any) -> str:
        return Party(party).title

    def seat_rotation(self, party: Any) -> int:
        """The board's quarter turns that bring ``party``'s corner to the bottom-left."""
        return SEAT_ROTATION[Party(party)]

    def army_of(self, board: Board, move: Any) -> Any:
        """The army whose piece makes ``move`` (the player to move for a pass)."""
        piece = None if move.is_pass() else board.piece_at(move.piece)
        return piece.party if piece is not None and piece.party is not None else board.turn

    def active_players(self, board: Board) -> list:
        return list(board.active_players)

    def idle_seats(self, board: Board) -> list:
        """Seats that never play: the hostage (Green) of a hostage game."""
        return [Party.GREEN] if board.root().is_hostage_game else []

    def rule_set(self, board: Board) -> Rules:
        """The game's rule options (``djambi.rules``), kept by the board."""
        return board.rules

    def format_position(self, board: Board) -> str:
        return board.code()

    def ply_letter(self, board: Board, move: Any) -> str:
        piece = None if move.is_pass() else board.piece_at(move.piece)
        return piece.kind.letter.upper() if piece is not None else ""

    def new_board(self, hostage: bool = False, rules: Rules | None = None) -> Board:
        """A start: four players, the hostage game, or the rule set ``rules``
        (``docs/rules-options.md``; ``players=3`` is the hostage game)."""
        return Board(hostage=hostage, rules=rules)

    def parse_game_code(self, text: str) -> Board:
        return parse_game_code(text)

    def format_game_code(self, board: Board) -> str:
        return format_game_code(board)

    def format_compact_game(self, board: Board) -> str:
        return format_compact_game(board)

    def parse_position(self, text: str) -> Board:
        return Board.from_code(text)

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

    def search(self, board: Board, level: str, seed: int) -> Any:
        from djambi import ai  # on first use: a page with human seats only never pays for it

        return ai.Search(board, level, seed)

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels a seat may have (``djambi.ai.LEVELS``)."""
        from djambi.ai.levels import LEVELS

        return LEVELS

    #: Whether a player may resign (the menu's Resign): a Djambi player is out when his chief dies, never by resigning.
    can_resign = False

    def accepts_draw(self, board: Board, party: Any, level: str) -> bool:
        from djambi import ai

        return ai.accepts_draw(board, party, level)

    def reviewer(self, board: Board) -> Any:
        from djambi.ai import review  # on first use

        return review.reviewer(board)

    def review_parties(self, board: Board) -> tuple:
        """The review's players: the four parties, or the two players of a two-by-two game (their
        first armies' seats: Red for One, Blue for Two)."""
        return (Party.RED, Party.BLUE) if board.rules.two_by_two else tuple(Party)

    def review_colours(self, board: Board) -> tuple[str, ...]:
        return tuple(f"var(--{Party(p).name.lower()})" for p in self.review_parties(board))


GAME = Djambi()

__all__ = ["Djambi", "GAME", "SEAT_ROTATION"]
