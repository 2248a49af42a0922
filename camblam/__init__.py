"""Camblam, a two-player large chess variant on a 12×12 board: the rules engine.

Pure Python, standard library only, so the same code runs in CPython and in Pyodide. The API follows
python-chess: immutable ``Move`` and ``Piece`` values, a ``Board`` with ``legal_moves``,
``push``/``pop``, ``is_check()`` and ``outcome()``, and text formats with strict parsers. The rules
are those of ``docs/camblam.md`` (binding rulings: ``camblam-rulings.md``)::

    >>> from camblam import Board
    >>> board = Board()
    >>> len(board.legal_moves)
    36
    >>> board.play("f3f6")
    Move.parse('f3f6')
    >>> board.turn
    Color.BLACK
"""

from .board import ARCHER_RANGE, DRAW_HALFMOVES, START_TEXT, Board, Effect, LegalMoves, Outcome, Termination
from .move import CamblamError, IllegalMoveError, InvalidMoveError, Move
from .narrate import Event, describe_game, describe_move
from .notation import (GAME_PREFIX, POSITION_PREFIX, InvalidGameError, InvalidPositionError, format_game_code,
                       format_position, format_position_code, format_readable, format_record, parse_game_code,
                       parse_position, parse_position_code, parse_readable, parse_record)
from .pieces import ARMY, LETTERS, PROMOTIONS, Color, Kind, Piece
from .squares import SQUARE_NAMES, parse_square, square_name

__all__ = [
    "Board", "Effect", "LegalMoves", "Outcome", "Termination", "DRAW_HALFMOVES", "ARCHER_RANGE", "START_TEXT",
    "Move", "CamblamError", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError", "InvalidGameError",
    "format_position", "parse_position", "format_readable", "parse_readable",
    "POSITION_PREFIX", "GAME_PREFIX", "format_position_code", "parse_position_code",
    "format_game_code", "parse_game_code", "format_record", "parse_record",
    "Color", "Kind", "Piece", "ARMY", "LETTERS", "PROMOTIONS", "SQUARE_NAMES", "parse_square", "square_name",
    "Event", "describe_move", "describe_game",
]
