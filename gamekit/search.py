"""A computer player's search, resumable in slices: the loop both engines' ``Search`` share.

An engine's search is a generator (``_gen``) that does the work and yields between slices; the
page steps it a few milliseconds at a time (``step(max_ms)``) so that it never holds up a tap,
and CPython runs it to the end (``run()``). ``best_move()`` is the best move found so far, a
legal move at any time. The work is budgeted in nodes (the engine counts them in ``nodes`` and
raises ``OutOfBudget`` when its budget is spent); a slice ends at a yield, which the engine makes
every so many nodes (``slice_due``). An optional time limit (``time_limit`` seconds of wall-clock
time from the first ``step``) gives a deadline the engine may look at (``past_deadline``).

An engine's class sets ``_gen`` (``None`` when there is nothing to search: a level that does not
search, a finished game) and ``_best``, and says what a search without work plays
(``_trivial_move``) and which moves are legal (``_legal_moves``, the last resort of
``best_move``). Standard library only, importing no engine.
"""

from __future__ import annotations

import time
from typing import Any, Generator


class OutOfBudget(Exception):
    """The search's budget (its nodes, or its time) ran out inside the search."""


class SlicedSearch:
    """The resumable part of a search: ``step``, ``run``, ``best_move`` and the slices' count."""

    def __init__(self, time_limit: float | None = None) -> None:
        self.nodes = 0
        self._yielded = 0  # ``nodes`` at the last yield (a slice ends at a yield)
        self.done = False
        self._best: Any = None
        self._gen: Generator[None, None, None] | None = None
        self._limit = time_limit
        self._deadline: float | None = None  # set by the first ``step`` when there is a time limit

    # -- what an engine says
    def _trivial_move(self) -> Any:
        """The move of a search with nothing to search (``None`` in a finished game)."""
        raise NotImplementedError

    def _legal_moves(self) -> list:
        """The board's legal moves (``best_move``'s last resort)."""
        raise NotImplementedError

    # -- public
    def step(self, max_ms: float = 20.0) -> bool:
        """Search for about ``max_ms`` milliseconds at most; True once the search is finished."""
        if self.done:
            return True
        if self._gen is None:
            self._finish_trivial()
            return True
        now = time.perf_counter()
        if self._deadline is None and self._limit is not None:
            self._deadline = now + self._limit
        deadline = now + max_ms / 1000.0
        gen = self._gen
        try:
            while True:
                next(gen)
                if time.perf_counter() >= deadline:
                    return False
        except StopIteration:
            self.done = True
            self._gen = None
            return True

    def run(self) -> Any:
        """The search to its end; its move."""
        while not self.step(1000.0):
            pass
        return self.best_move()

    def best_move(self) -> Any:
        """The best move found so far (a legal move of the board)."""
        if self._gen is None and not self.done:
            self._finish_trivial()
        if self._best is not None:
            return self._best
        legal = self._legal_moves()
        if not legal:
            raise ValueError("the game is over: no legal move")
        return legal[0]

    # -- for the engine's generator
    def slice_due(self, every: int) -> bool:
        """True (once) when ``every`` nodes have been counted since the last slice ended: the
        engine's generator then yields."""
        if self.nodes - self._yielded >= every:
            self._yielded = self.nodes
            return True
        return False

    def past_deadline(self, grace: float = 0.0) -> bool:
        """Whether the time limit (plus ``grace`` seconds) has passed; never without a limit."""
        return self._deadline is not None and time.perf_counter() > self._deadline + grace

    def _finish_trivial(self) -> None:
        self.done = True
        move = self._trivial_move()
        if move is not None:
            self._best = move


__all__ = ["OutOfBudget", "SlicedSearch"]
