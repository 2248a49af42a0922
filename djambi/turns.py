"""Who plays next: the one place where Djambi's turn order lives (rulings §6).

Turns follow the seat order (Red, Blue, Yellow, Green) among active players — the *regular* turns —
and the player in power (the *ruler*, whose living chief holds the maze) gets *extra* turns:

* 3 or 4 active players: after every regular turn of another player, the ruler plays; that is his
  own regular turn when he is next in the seat order, an extra turn otherwise. After an extra turn
  the seat order goes on where it was.
* 2 active players: the ruler plays his regular turn after the other's, then — if he was in power
  when it began and still is — one extra turn.

The state this needs is small: who moves, whether that turn is extra, and the *seat*: the player
who had the last regular turn (the current player, when the current turn is regular). ``next_turn``
is a pure function of it, tested by tables in ``tests/test_turns.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

SEATS = 4


@dataclass(frozen=True)
class Turn:
    """Whose turn it is: ``player`` moves; ``extra`` marks the ruler's extra turn; ``seat`` is the
    player who had the last regular turn (``player`` himself when the turn is regular)."""

    player: int
    seat: int
    extra: bool = False

    @classmethod
    def regular(cls, player: int) -> "Turn":
        return cls(player, player, False)


def next_active(after: int, active: Iterable[int]) -> int:
    """The first active player strictly after seat ``after`` in seat order (wrapping round)."""
    active_set = set(active)
    for step in range(1, SEATS + 1):
        player = (after + step) % SEATS
        if player in active_set:
            return player
    raise ValueError("no active player")


def next_turn(
    turn: Turn,
    ruler_before: int | None,
    ruler_after: int | None,
    active: Sequence[int],
) -> Turn:
    """The turn after ``turn`` has been played.

    ``ruler_before``/``ruler_after``: the player in power when the turn began and after it
    (``None``: nobody). ``active``: the players still in the game after the move just played
    (at least one).
    """
    mover = turn.player
    seat = turn.seat  # for a regular turn this is the mover himself
    ruler = ruler_after

    def regular_after(player: int) -> Turn:
        return Turn.regular(next_active(player, active))

    if ruler is None or ruler not in active:
        return regular_after(seat)
    if turn.extra:
        # After an extra turn the seat order goes on where it was.
        return regular_after(seat)
    if mover != ruler:
        # A regular turn of another player: the ruler plays, as his own regular turn if he is
        # next in the seat order, as an extra turn otherwise (3–4 players).
        if next_active(mover, active) == ruler:
            return Turn.regular(ruler)
        return Turn(ruler, mover, True)
    # The ruler's own regular turn. With two players he plays once more if he was in power when
    # it began and still is; with more, the seat order goes on.
    if len(active) == 2 and ruler_before == mover:
        return Turn(mover, mover, True)
    return regular_after(mover)


__all__ = ["Turn", "next_turn", "next_active"]
