"""The search's view of a Camblam board: its moves as raw tuples (from, to, squares taken,
shot?, promotion?) from the engine's move walk, and the ``Move`` a raw tuple stands for (a
promotion is searched as a queen only: the queen is worth most; the other six are legal and listed).
"""

from __future__ import annotations

from ..move import Move
from ..pieces import Kind


def as_move(raw: tuple) -> Move:
    """The move a raw tuple stands for (a promotion to a queen)."""
    return Move(raw[0], raw[1], Kind.QUEEN if raw[4] else None)


__all__ = ["as_move"]
