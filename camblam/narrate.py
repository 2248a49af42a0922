"""What a move did, as data: the events a page turns into sentences ("White's queen takes three
pawns", "Black's archer shoots the bishop on e7", "check").

``describe_move(board, move)`` reads what the move does from the board (``Board.effect``) and plays
it on a copy to see check and the end, so the events say what happened without a second copy of
the rules. Events are small frozen values (``Event``, a named tuple) with names from the game; the
words are the page's business.

    >>> from camblam import Board, Move
    >>> describe_move(Board(), Move.parse("f3f6"))
    (Event('move', color=Color.WHITE, piece=Piece.from_symbol('P'), square=29, to=65),)

The kinds, in the order they are listed for one move: ``MOVE`` or ``SHOT``; ``TAKE`` (one per
piece taken, in the order met); ``PROMOTION``; ``CHECK``; ``END``.
"""

from __future__ import annotations

from typing import NamedTuple

from gamekit import EventBase

from .board import Board
from .move import IllegalMoveError, Move
from .pieces import Color, Piece
from .squares import Square, square_name

MOVE = "move"  #: a piece moved: color, piece, square (from), to (where it lands)
SHOT = "shot"  #: an archer shot without moving: color, piece (the archer), square, to (the target)
TAKE = "take"  #: a piece left the board: color (the taker's), piece (the one taken), square
PROMOTION = "promotion"  #: a pawn became piece on square
CHECK = "check"  #: color's king (the side now to move) is in check, on square
END = "end"  #: the game is over: color (the winner, or None for a draw), termination

KINDS: tuple[str, ...] = (MOVE, SHOT, TAKE, PROMOTION, CHECK, END)

class _Fields(NamedTuple):
    kind: str
    color: Color | None = None
    piece: Piece | None = None
    square: Square | None = None
    to: Square | None = None
    termination: str | None = None


class Event(EventBase, _Fields):
    """One thing a move did. ``kind`` is one of the module's constants; the other fields say who
    and where (``None`` where they do not apply). ``str``: a compact text for logs (``take
    color=White piece=p square=f7``)."""

    __slots__ = ()
    titled = (Color,)
    square_name = staticmethod(square_name)


def describe_move(board: Board, move: Move) -> tuple[Event, ...]:
    """The events of playing ``move`` on ``board`` (the position before it, left unchanged);
    ``IllegalMoveError`` if the move is not legal there."""
    if not board.is_legal(move):
        raise IllegalMoveError(f"illegal move {move.text()} in position {board.code()}: {board.why_illegal(move)}")
    mover = board.turn
    piece = board.piece_at(move.from_square)
    assert piece is not None
    effect = board.effect(move)
    events = [Event(SHOT if effect.shot else MOVE, color=mover, piece=piece, square=move.from_square, to=move.to_square)]
    for sq in effect.taken:
        events.append(Event(TAKE, color=mover, piece=board.piece_at(sq), square=sq))
    if move.promotion is not None:
        events.append(Event(PROMOTION, color=mover, piece=Piece(move.promotion, mover), square=move.to_square))
    after = board.copy(stack=True)
    after.push(move)
    if after.is_check():
        events.append(Event(CHECK, color=after.turn, square=after.king(after.turn)))
    outcome = after.outcome()
    if outcome is not None:
        events.append(Event(END, color=outcome.winner, termination=outcome.termination.value))
    return tuple(events)


def describe_game(board: Board) -> list[tuple[Event, ...]]:
    """The events of every move of ``board.move_stack``, replayed from ``board.root()``."""
    replay = board.root()
    out = []
    for move in board.move_stack:
        out.append(describe_move(replay, move))
        replay.push(move)
    return out


__all__ = ["Event", "describe_move", "describe_game", "KINDS", "MOVE", "SHOT", "TAKE", "PROMOTION", "CHECK", "END"]
