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
from .notation import InvalidPositionError, format_position, format_readable, parse_position, parse_readable
from .pieces import ARMY, LETTERS, PROMOTIONS, Color, Kind, Piece
from .squares import SQUARE_NAMES, parse_square, square_name

__all__ = [
    "Board", "Effect", "LegalMoves", "Outcome", "Termination", "DRAW_HALFMOVES", "ARCHER_RANGE", "START_TEXT",
    "Move", "CamblamError", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError",
    "format_position", "parse_position", "format_readable", "parse_readable",
    "Color", "Kind", "Piece", "ARMY", "LETTERS", "PROMOTIONS", "SQUARE_NAMES", "parse_square", "square_name",
    "Event", "describe_move", "describe_game",
]
