"""The kit's sliced search loop (gamekit/search.py), on a toy game: slices end where the engine
yields, the budget stops the work, the time limit starts at the first step, a search with
nothing to do plays its trivial move, and both engines' searches are built on it."""

from __future__ import annotations

import time

import pytest

from gamekit.search import OutOfBudget, SlicedSearch


class Toy(SlicedSearch):
    """Counts nodes up to a budget, yielding every ``every`` nodes; the best move is the count."""

    def __init__(self, budget: int, every: int = 5, *, trivial: bool = False, limit: float | None = None,
                 legal: tuple = ("a", "b")) -> None:
        super().__init__(limit)
        self.budget, self.every, self.legal = budget, every, list(legal)
        self.slices = 0
        self._gen = None if trivial else self._work()

    def _work(self):
        try:
            while True:
                self.nodes += 1
                if self.nodes > self.budget:
                    raise OutOfBudget
                self._best = self.nodes
                if self.slice_due(self.every):
                    self.slices += 1
                    yield
        except OutOfBudget:
            return

    def _trivial_move(self):
        return self.legal[0] if self.legal else None

    def _legal_moves(self):
        return self.legal


def test_run_goes_to_the_budget_and_slices_end_at_the_yields():
    toy = Toy(23, every=5)
    assert toy.run() == 23 and toy.done and toy.nodes == 24
    assert toy.slices == 4  # at 5, 10, 15, 20 nodes
    assert toy.step() is True  # finished: nothing more


def test_a_step_stops_at_the_first_yield_past_its_time():
    toy = Toy(10**9, every=1)
    assert toy.step(0.0) is False  # one slice (the clock is looked at after each yield)
    assert toy.nodes == 1 and toy.best_move() == 1
    assert toy.step(0.0) is False and toy.nodes == 2


def test_a_search_with_nothing_to_do_plays_its_trivial_move():
    toy = Toy(10, trivial=True)
    assert toy.best_move() == "a" and toy.done  # even before a step
    over = Toy(10, trivial=True, legal=())
    assert over.step() is True and over.done
    with pytest.raises(ValueError, match="no legal move"):
        over.best_move()


def test_the_deadline_starts_at_the_first_step():
    toy = Toy(10**9, every=1, limit=0.0)
    assert not toy.past_deadline()  # no step yet: no deadline
    toy.step(0.0)
    time.sleep(0.001)
    assert toy.past_deadline() and not toy.past_deadline(grace=3600.0)
    assert not Toy(10, limit=None).past_deadline()


def test_both_engines_search_with_the_kit():
    from camblam.ai import Search as CamblamSearch
    from djambi.ai import Search as DjambiSearch

    for search in (CamblamSearch, DjambiSearch):
        assert issubclass(search, SlicedSearch)
        assert "step" not in vars(search) and "run" not in vars(search) and "best_move" not in vars(search)
