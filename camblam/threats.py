"""What the threat view shows in Camblam: which of a side's pieces the other side could take with
its next move, and by which pieces (stdlib only).

A piece is threatened when an enemy move of §3 would take it: a capture landing on it, a chain
capture whose line holds it, or an archer's shot at it. The check rule is left aside (a pinned
enemy piece still threatens, as in chess diagrams): the view warns, it does not decide legality.
"""

from __future__ import annotations

from camblam.board import Board
from camblam.pieces import Color
from camblam.squares import Square


def threats(board: Board, color: Color | int) -> dict[Square, tuple[Square, ...]]:
    """``color``'s pieces the other side could take with its next move: each one's square with
    the squares of the enemy pieces that could take it (sorted), in square order."""
    found: dict[Square, set[Square]] = {}
    for frm, _to, taken, _shot, _promo in board.pseudo_moves(1 - int(color)):
        for sq in taken:
            found.setdefault(sq, set()).add(frm)
    return {sq: tuple(sorted(found[sq])) for sq in sorted(found)}


__all__ = ["threats"]
