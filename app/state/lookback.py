"""Looking back through the game: which ply is shown, where a step goes, which navigation buttons
are off. ``viewing`` is the number of moves shown (0: the start), or ``None`` for the game itself.
Pure Python, game-neutral."""

from __future__ import annotations

from dataclasses import dataclass


def clamp(ply: int | None, total: int) -> int | None:
    """The ply to show for a wish of ``ply`` in a game of ``total`` moves: past the end (or the
    end itself) is the game (``None``), before the start is the start."""
    if ply is not None and (ply >= total or ply < 0):
        return None if ply >= total else 0
    return ply


def at(viewing: int | None, total: int) -> int:
    """The ply shown: ``viewing``, or the last one when showing the game."""
    return total if viewing is None else viewing


def stepped(viewing: int | None, total: int, step: int) -> int:
    """The ply ``step`` moves from the one shown (not before the start)."""
    return max(0, at(viewing, total) + step)


@dataclass(frozen=True)
class Nav:
    """Which navigation buttons are off (True: disabled)."""

    first: bool
    prev: bool
    next: bool
    last: bool


def nav(viewing: int | None, total: int) -> Nav:
    start = at(viewing, total) == 0
    live = viewing is None
    return Nav(first=start, prev=start, next=live, last=live)
