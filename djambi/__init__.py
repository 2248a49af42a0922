"""Djambi ("Machiavelli's chessboard"), a four-player chess variant: the rules engine.

Pure Python, standard library only, so the same code runs in CPython and in Pyodide. The API follows
python-chess: immutable ``Move`` and ``Piece`` values, a ``Board`` with ``legal_moves``,
``push``/``pop`` and ``outcome()``, and text formats with strict parsers::

    >>> from djambi import Board
    >>> board = Board()
    >>> len(board.legal_moves)
    30
    >>> board.play("C7-F4")
    Move.parse('C7-F4')
    >>> board.turn
    Party.BLUE
"""

from .board import DRAW_TURNS, FROZEN, HOSTAGE, Board, LegalMoves, Outcome, Termination
from .move import DjambiError, IllegalMoveError, InvalidMoveError, Move
from .narrate import Event, describe_game, describe_move, piece_letter
from .notation import (
    InvalidGameError,
    InvalidPositionError,
    format_compact_game,
    format_game_code,
    format_position,
    format_record,
    parse_game_code,
    parse_position,
    parse_record,
)
from .pieces import PARTY_SIZE, Kind, Party, Piece
from .rules import PRESETS, Rules, RulesError
from .squares import MAZE, parse_square, square_name
from .turns import Turn, next_turn

START_CODE = "P1.rCrArM3bMbAbC/rRrPrM3bMbPbR/rMrMrN3bNbMbM/9/9/9/gMgMgN3yNyMyM/gRgPgM3yMyPyR/gCgAgM3yMyAyC.rbyg.r.0"

__all__ = [
    "Board", "LegalMoves", "Outcome", "Termination", "DRAW_TURNS", "FROZEN", "HOSTAGE",
    "Move", "DjambiError", "IllegalMoveError", "InvalidMoveError",
    "InvalidGameError", "InvalidPositionError", "format_compact_game", "format_game_code", "format_position",
    "format_record", "parse_game_code", "parse_position", "parse_record",
    "Kind", "Party", "Piece", "PARTY_SIZE", "MAZE", "parse_square", "square_name",
    "Turn", "next_turn", "START_CODE",
    "Event", "describe_move", "describe_game", "piece_letter",
    "Rules", "RulesError", "PRESETS",
]
