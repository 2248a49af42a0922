"""Reviewing a finished game, the game-neutral half: the review's values, its sliced driver, and
the decisions read from it (the turning points, the mistakes).

A game's engine supplies what only it knows (``djambi.ai.review``, ``camblam.ai.review``): the
positions along the game, a search for the best move at each (budgeted in nodes, so a review
depends only on the game), each player's *outlook* in a position (a number in [0, 1] per player,
comparable along the game: his expectancy of winning) and the moves' texts. This module runs
the work in slices (``Reviewer.step(max_ms)``, as a search is stepped in the page) and holds the
result as small frozen values that serialise to JSON and back (``Review.to_json``,
``Review.from_json``).

What the review decides, with the thresholds of ``docs/review.md``:

- ``turning_points``: the moves after which a player's outlook fell most (at least
  ``TURN_DROP``; the ``TURNS`` largest, in game order);
- ``mistakes``: the moves of the given (human) players that lost at least ``MISTAKE`` of their
  outlook against the engine's move there (``BLUNDER``: a blunder), with that better move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Collection, Generator, Protocol, Sequence

#: A move losing at least this share of a win expectancy against the engine's is a mistake.
MISTAKE = 0.10
#: ... and at least this share, a blunder.
BLUNDER = 0.25
#: A turning point: a player's outlook fell by at least this after one move.
TURN_DROP = 0.15
#: The turning points shown at most (the largest falls).
TURNS = 3
#: Digits kept of an outlook (a review's JSON stays small; the decisions read the rounded values).
DIGITS = 3


def _outlook(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(min(1.0, max(0.0, float(v))), DIGITS) for v in values)


@dataclass(frozen=True)
class PlyReview:
    """One move of the game reviewed: who played it, what was played and what the engine would
    have played, each player's outlook after the move played and after the engine's."""

    mover: int
    played: str
    best: str
    outlook: tuple[float, ...]
    best_outlook: tuple[float, ...]

    @property
    def loss(self) -> float:
        """What the mover's outlook lost against the engine's move (0 when it did better)."""
        return round(max(0.0, self.best_outlook[self.mover] - self.outlook[self.mover]), DIGITS)

    def to_json(self) -> list[Any]:
        return [self.mover, self.played, self.best, list(self.outlook), list(self.best_outlook)]

    @classmethod
    def from_json(cls, data: Any, players: int) -> "PlyReview":
        if not isinstance(data, list) or len(data) != 5:
            raise ValueError(f"a reviewed move is a list of 5 items, not {data!r:.60}")
        mover, played, best, outlook, best_outlook = data
        if not isinstance(mover, int) or not 0 <= mover < players:
            raise ValueError(f"bad mover {mover!r}")
        if not isinstance(played, str) or not isinstance(best, str):
            raise ValueError("a reviewed move's texts must be strings")
        return cls(mover, played, best, _read_outlook(outlook, players), _read_outlook(best_outlook, players))


def _read_outlook(data: Any, players: int) -> tuple[float, ...]:
    if (not isinstance(data, list) or len(data) != players
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in data)):
        raise ValueError(f"an outlook is {players} numbers in [0, 1], not {data!r:.60}")
    return _outlook(data)


@dataclass(frozen=True)
class Review:
    """A game's review: the engine's settings, each player's outlook at the start, and one
    ``PlyReview`` per move. ``series()`` gives the chart's lines."""

    game: str
    level: str
    nodes: int
    start: tuple[float, ...]
    plies: tuple[PlyReview, ...]

    @property
    def players(self) -> int:
        return len(self.start)

    def series(self) -> tuple[tuple[float, ...], ...]:
        """Per player, his outlook at the start and after each move (len(plies) + 1 values)."""
        return tuple((self.start[p], *(r.outlook[p] for r in self.plies)) for p in range(self.players))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "level": self.level, "nodes": self.nodes, "start": list(self.start),
                "plies": [r.to_json() for r in self.plies]}

    @classmethod
    def from_json(cls, data: Any) -> "Review":
        """The review ``to_json`` wrote; ``ValueError`` naming the bad part otherwise."""
        if not isinstance(data, dict):
            raise ValueError("a review is an object")
        game, level, nodes = data.get("game"), data.get("level"), data.get("nodes")
        if not isinstance(game, str) or not isinstance(level, str):
            raise ValueError("a review names its game and level")
        if not isinstance(nodes, int) or nodes < 0:
            raise ValueError(f"bad node budget {nodes!r}")
        start = data.get("start")
        if not isinstance(start, list) or not 1 <= len(start) <= 8:
            raise ValueError("a review's start is a list of outlooks")
        players = len(start)
        plies = data.get("plies")
        if not isinstance(plies, list):
            raise ValueError("a review's plies are a list")
        return cls(game, level, nodes, _read_outlook(start, players),
                   tuple(PlyReview.from_json(p, players) for p in plies))


@dataclass(frozen=True)
class TurningPoint:
    """After move ``ply`` (0-based index in the game), ``player``'s outlook fell by ``drop``."""

    ply: int
    player: int
    drop: float


@dataclass(frozen=True)
class Mistake:
    """Move ``ply`` of ``player`` lost ``loss`` of his outlook; the engine would play ``best``."""

    ply: int
    player: int
    played: str
    best: str
    loss: float
    blunder: bool


def turning_points(review: Review, limit: int = TURNS, threshold: float = TURN_DROP) -> tuple[TurningPoint, ...]:
    """The moves after which a player's outlook fell most: each move's largest fall (at least
    ``threshold``), the ``limit`` largest, in game order."""
    falls = []
    before = review.start
    for k, r in enumerate(review.plies):
        drops = [(round(before[p] - r.outlook[p], DIGITS), p) for p in range(review.players)]
        drop, player = max(drops, key=lambda d: (d[0], -d[1]))
        if drop >= threshold:
            falls.append(TurningPoint(k, player, drop))
        before = r.outlook
    falls.sort(key=lambda t: (-t.drop, t.ply))
    return tuple(sorted(falls[:limit], key=lambda t: t.ply))


def mistakes(review: Review, players: Collection[int], threshold: float = MISTAKE) -> tuple[Mistake, ...]:
    """The moves of ``players`` (the humans) that lost at least ``threshold`` of the mover's
    outlook against the engine's move, in game order."""
    out = []
    for k, r in enumerate(review.plies):
        if r.mover in players and r.played != r.best and r.loss >= threshold:
            out.append(Mistake(k, r.mover, r.played, r.best, r.loss, r.loss >= BLUNDER))
    return tuple(out)


def boards_along(board: Any) -> list:
    """The positions of ``board``'s game, each before its move (from ``board.root()``), then the
    end as it stands (a draw agreed, a resignation, ...): what an ``Analyst`` reviews."""
    start = board.root()
    boards = []
    for move in board.move_stack:
        boards.append(start.copy())
        start.push(move)
    boards.append(board.copy())
    return boards


class Stepper(Protocol):
    """A search resumable in slices (``djambi.ai.Search``, ``camblam.ai.Search``)."""

    nodes: int

    def step(self, max_ms: float = 20.0) -> bool: ...

    def best_move(self) -> Any: ...


class Analyst(Protocol):
    """What a game's engine tells the review (``djambi.ai.review``, ``camblam.ai.review``)."""

    game: str
    level: str
    nodes: int

    def positions(self) -> Sequence[Any]:
        """The boards along the game: the start and after each move (len(moves) + 1)."""

    def moves(self) -> Sequence[Any]:
        """The moves played."""

    def search(self, board: Any) -> Stepper | None:
        """The budgeted search for the best move in ``board`` (None when the game is over)."""

    def outlook(self, board: Any, best: Any) -> tuple[float, ...]:
        """Each player's outlook in ``board``, where ``best`` is the engine's move (None: over)."""

    def child(self, board: Any, move: Any) -> Any:
        """The board after ``move``."""

    def mover(self, board: Any) -> int:
        """The player to move in ``board`` (an index into the outlooks)."""

    def text(self, board: Any, move: Any) -> str:
        """``move`` as the game writes it in ``board``."""


class Reviewer:
    """Reviews a game in slices: ``step(max_ms)`` works about ``max_ms`` and returns True once
    done; ``progress()`` is (positions done, positions in all); ``result()`` the ``Review``.
    Each position is searched once; a move that is not the engine's gets one more search (the
    position after the engine's move), to value what the better move would have kept."""

    def __init__(self, analyst: Analyst) -> None:
        self.analyst = analyst
        self.boards = list(analyst.positions())
        self.played = list(analyst.moves())
        self.done = False
        self.nodes = 0  # every search's nodes, summed
        self._count = 0
        self._search: Stepper | None = None
        self._ms = 20.0
        self._review: Review | None = None
        self._gen = self._work()

    def progress(self) -> tuple[int, int]:
        return self._count, len(self.boards)

    def step(self, max_ms: float = 20.0) -> bool:
        if self.done:
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
        try:
            while True:
                self._ms = max(1.0, (deadline - time.perf_counter()) * 1000.0)
                next(self._gen)
                if time.perf_counter() >= deadline:
                    return False
        except StopIteration:
            self.done = True
            return True

    def run(self) -> Review:
        while not self.step(1000.0):
            pass
        return self.result()

    def result(self) -> Review:
        if self._review is None:
            raise ValueError("the review is not finished")
        return self._review

    def _best(self, board: Any) -> Generator[None, None, Any]:
        search = self.analyst.search(board)
        if search is None:
            return None
        while not search.step(self._ms):
            yield
        self.nodes += search.nodes
        yield
        return search.best_move()

    def _ply(self, k: int, best: Any, outlook: tuple[float, ...]) -> Generator[None, None, PlyReview]:
        """Move ``k`` reviewed, given the engine's move there and the outlook after the move played."""
        a = self.analyst
        board, move = self.boards[k], self.played[k]
        if best is None or best == move:
            alt, best = outlook, move
        else:
            after = a.child(board, best)
            reply = yield from self._best(after)
            alt = _outlook(a.outlook(after, reply))
        return PlyReview(a.mover(board), a.text(board, move), a.text(board, best), outlook, alt)

    def _work(self) -> Generator[None, None, None]:
        a = self.analyst
        boards = self.boards
        best_moves: list[Any] = []
        outlooks: list[tuple[float, ...]] = []
        plies: list[PlyReview] = []
        for k, board in enumerate(boards):
            best = yield from self._best(board)
            best_moves.append(best)
            outlooks.append(_outlook(a.outlook(board, best)))
            if k:
                plies.append((yield from self._ply(k - 1, best_moves[k - 1], outlooks[k])))
            self._count += 1
        self._review = Review(a.game, a.level, a.nodes, outlooks[0], tuple(plies))


__all__ = ["boards_along", "MISTAKE", "BLUNDER", "TURN_DROP", "TURNS", "PlyReview", "Review", "TurningPoint", "Mistake",
           "turning_points", "mistakes", "Reviewer", "Analyst", "Stepper"]
