"""Computer players for Camblam: a two-player alpha-beta search (negamax) over an evaluation.

Levels (``LEVELS``, frozen ``Level`` values; ``random`` plays a uniformly random legal move):

``easy``    one ply, then the evaluation (material only) with seeded noise of about a pawn and a
            half: it takes what hangs, but misjudges and misses replies.
``normal``  iterative deepening to two plies plus a quiescence search over captures and shots;
            material, king safety and pawn advance.
``hard``    iterative deepening to four plies with quiescence, within a larger node budget; adds
            mobility and, when ahead, a king hunt (pieces drawn towards the enemy king, whose
            free squares cost it), so a won game ends in mate, not in the 100-move rule.

The search: negamax alpha-beta with iterative deepening, a transposition table keyed by the
board's position key (Python's hash of the cells and side to move: what a Zobrist key gives,
without the incremental upkeep), move ordering (the table's move, then captures by most valuable
victims / least valuable attacker — a chain's victims add up —, then killer moves and the history
table), a check extension, and a quiescence search over captures and shots (stand pat, delta
pruning before the legality test, depth capped). A promotion is searched as a queen only. Mate
scores count plies, so the shortest mate is preferred.

``Search(board, level, seed)`` is resumable like ``djambi.ai.Search``: ``step(max_ms)`` does a
slice of work and returns whether the search is finished, ``best_move()`` is the best move found
so far (always a legal move), ``run()`` finishes it. Two limits end it, whichever comes first:
the node budget (``Level.max_nodes``, counted only once the first iteration is complete) and the
time limit (``Level.time_limit``, seconds of wall-clock time from the first ``step``; it may cut
even the first iteration, leaving the best root move scored so far). ``time_limit=`` overrides the
level's; ``max_nodes=`` given alone is the deterministic mode, with no clock: the move then depends
only on (position, level, seed), which the tests use.
"""

from __future__ import annotations

import random
import time
from itertools import compress
from dataclasses import dataclass
from typing import Generator

from .board import ARCHER, KING, PAWN, PRINCE, QUEEN, Board
from .move import Move
from .pieces import Kind
from .squares import RAYS, SIZE

#: Material by kind, in pawns (docs/camblam.md gives the reasons):
#: king, queen, rook, bishop, knight, catapult, archer, prince, pawn.
VALUE: tuple[float, ...] = (0.0, 9.0, 5.0, 4.0, 3.0, 2.5, 4.5, 6.0, 1.0)
MATE = 100_000.0
#: Nodes between two yields of the search generator (a slice ends at a yield).
SLICE_NODES = 32
#: Plies of quiescence at most.
QDEPTH = 4
#: Delta pruning: a capture that cannot lift the score to within this of alpha is not searched.
DELTA = 1.0

_SQUARES = range(SIZE * SIZE)


@dataclass(frozen=True)
class Level:
    """How a computer player searches."""

    name: str
    max_depth: int  # plies of the full-width search
    max_nodes: int  # node budget (quiescence nodes count)
    noise: float  # standard deviation, in pawns, of the seeded noise on the root moves' scores
    quiescence: bool  # search captures and shots at the leaves
    positional: bool  # king safety and pawn advance in the evaluation
    mobility: bool  # mobility and the king hunt in the evaluation
    time_limit: float | None = None  # seconds of wall-clock time at most (None: the node budget alone)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", max_depth=1, max_nodes=2_000, noise=1.5, quiescence=False, positional=False,
                  mobility=False, time_limit=1.0),
    "normal": Level("normal", max_depth=2, max_nodes=3_000, noise=0.0, quiescence=True, positional=True,
                    mobility=False, time_limit=1.5),
    "hard": Level("hard", max_depth=4, max_nodes=12_000, noise=0.0, quiescence=True, positional=True,
                  mobility=True, time_limit=2.5),
}
#: Every level name a seat may have.
LEVEL_NAMES = ("random", *LEVELS)


_FILE = tuple(sq % SIZE for sq in range(SIZE * SIZE))
_RANK = tuple(sq // SIZE for sq in range(SIZE * SIZE))
#: _NEAR[k]: the squares within two king steps of ``k`` (king safety).
_NEAR: tuple[frozenset[int], ...] = tuple(
    frozenset(q for q in range(SIZE * SIZE) if max(abs(_FILE[q] - _FILE[k]), abs(_RANK[q] - _RANK[k])) <= 2)
    for k in range(SIZE * SIZE)
)
#: _DIST[a][b]: king steps from ``a`` to ``b`` (the king hunt).
_DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(_FILE[a] - _FILE[b]), abs(_RANK[a] - _RANK[b])) for b in range(SIZE * SIZE))
    for a in range(SIZE * SIZE)
)
#: _MOBILE[kind]: the directions along which a long-range piece's view counts as mobility.
_MOBILE: dict[int, tuple[int, ...]] = {QUEEN: tuple(range(8)), ARCHER: tuple(range(8)),
                                        PRINCE: tuple(range(8)), 2: (0, 1, 2, 3), 3: (4, 5, 6, 7)}
#: _PAWN_ADVANCE[side][sq]: the pawn-advance term of a pawn of ``side`` on ``sq``.
_PAWN_ADVANCE: tuple[tuple[float, ...], ...] = tuple(
    tuple(0.04 * a + (0.5 if a >= 8 else 0.0) for a in
          ((_RANK[q] - 2) if side == 0 else (9 - _RANK[q]) for q in range(SIZE * SIZE)))
    for side in (0, 1)
)


def evaluate(board: Board, level: Level | None = None) -> float:
    """The position's value for the side to move, in pawns (``level``: which terms; hard's by default)."""
    if level is None:
        level = LEVELS["hard"]
    cells = board._cells
    material_w = material_b = 0.0
    extra = 0.0  # White's positional terms minus Black's
    officers_w: list[int] = []  # squares of pieces other than king and pawns
    officers_b: list[int] = []
    king_w = king_b = 0
    positional = level.positional
    mobility = level.mobility
    mob = 0
    value = VALUE
    for q in compress(_SQUARES, cells):
        c = cells[q]
        if c > 0:
            kind = c - 1
            if kind == PAWN:
                material_w += 1.0
                if positional:
                    extra += _PAWN_ADVANCE[0][q]
                continue
            if kind == KING:
                king_w = q
                continue
            material_w += value[kind]
            officers_w.append(q)
            sign = 1
        else:
            kind = -c - 1
            if kind == PAWN:
                material_b += 1.0
                if positional:
                    extra -= _PAWN_ADVANCE[1][q]
                continue
            if kind == KING:
                king_b = q
                continue
            material_b += value[kind]
            officers_b.append(q)
            sign = -1
        if mobility and kind in _MOBILE:
            rays = RAYS[q]
            n = 0
            for d in _MOBILE[kind]:
                for t in rays[d]:
                    if cells[t]:
                        break
                    n += 1
            mob += sign * n
    if positional:
        # King safety: its own pieces beside it shelter it; enemy pieces near it threaten it.
        for k, sign, enemies in ((king_w, 1, officers_b), (king_b, -1, officers_w)):
            shelter = 0
            for ray in RAYS[k]:
                if ray and cells[ray[0]] * sign > 0:
                    shelter += 1
            near_k = _NEAR[k]
            near = 0
            for q in enemies:
                if q in near_k:
                    near += 1
            extra += sign * (0.08 * shelter - 0.25 * near)
    if mobility:
        extra += 0.03 * mob
        lead = material_w - material_b
        if lead >= 4.0 or lead <= -4.0:
            # The king hunt: the side ahead draws its pieces to the enemy king and takes its room.
            if lead > 0:
                target, hunters, sign = king_b, officers_w, 1
            else:
                target, hunters, sign = king_w, officers_b, -1
            dist = _DIST[target]
            near = 0
            for q in hunters:
                near -= dist[q]
            free = 0
            for ray in RAYS[target]:
                if ray and cells[ray[0]] == 0:
                    free += 1
            extra += sign * (0.02 * near - 0.15 * free)
    white = material_w - material_b + extra
    return white if board._turn == 0 else -white


class _Stop(Exception):
    """The budget ran out inside the search."""


class Search:
    """A resumable search for the move of the side to move in ``board`` (which is copied)."""

    def __init__(self, board: Board, level: str | Level, seed: int, *, max_nodes: int | None = None,
                 time_limit: float | None = None) -> None:
        if isinstance(level, str):
            if level != "random" and level not in LEVELS:
                raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVEL_NAMES)}")
            self.level = None if level == "random" else LEVELS[level]
        else:
            self.level = level
        self.board = board.copy(stack=True)
        self.rng = random.Random(seed)
        self.nodes = 0
        self._yielded = 0
        self.done = False
        self.depth_done = 0
        self.max_nodes = max_nodes if max_nodes is not None else (self.level.max_nodes if self.level else 0)
        if time_limit is None and max_nodes is None and self.level is not None:
            time_limit = self.level.time_limit  # a node budget given alone: the deterministic mode
        self._deadline: float | None = None
        self._limit = time_limit
        self._best: Move | None = None
        self._tt: dict = {}
        self._killers: dict[int, list] = {}
        self._history: dict[tuple[int, int], int] = {}
        self._gen = None if self.level is None or board.outcome() is not None else self._run()

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
        try:
            while True:
                next(self._gen)
                if time.perf_counter() >= deadline:
                    return False
        except StopIteration:
            self.done = True
            self._gen = None
            return True

    def run(self) -> Move:
        while not self.step(1000.0):
            pass
        return self.best_move()

    def best_move(self) -> Move:
        """The best move found so far (a legal move of the board)."""
        if self._gen is None and not self.done:
            self._finish_trivial()
        if self._best is not None:
            return self._best
        legal = self.board.generate_legal_moves()
        if not legal:
            raise ValueError("the game is over: no legal move")
        return legal[0]

    # -- internals
    def _finish_trivial(self) -> None:
        self.done = True
        if self.board.outcome() is None:
            self._best = self.rng.choice(self.board.generate_legal_moves())

    @staticmethod
    def _move(raw) -> Move:
        return Move(raw[0], raw[1], Kind.QUEEN if raw[4] else None)

    def _order(self, board: Board, moves: list, ply: int, first=None) -> list:
        cells = board._cells
        killers = self._killers.get(ply, ())
        history = self._history

        def score(raw) -> float:
            if first is not None and raw[0] == first[0] and raw[1] == first[1]:
                return 1e9
            taken = raw[2]
            if taken:
                victims = sum(VALUE[abs(cells[x]) - 1] for x in taken)
                attacker = 0.0 if raw[3] else VALUE[abs(cells[raw[0]]) - 1]
                return 1e6 + victims * 100 - attacker
            if raw[4]:
                return 9e5
            key = (raw[0], raw[1])
            if key in killers:
                return 8e5
            return history.get(key, 0)

        return sorted(moves, key=score, reverse=True)

    def _tick(self) -> bool:
        """Count a node; True when it is time to yield a slice. Raises ``_Stop`` on the budget."""
        self.nodes += 1
        if self.nodes > self.max_nodes and self.depth_done >= 1:
            raise _Stop
        if self.nodes - self._yielded >= SLICE_NODES:
            self._yielded = self.nodes
            if self._deadline is not None and time.perf_counter() > self._deadline:
                raise _Stop  # the best root move so far stands, even in the first iteration
            return True
        return False

    def _run(self) -> Generator[None, None, None]:
        board = self.board
        level = self.level
        assert level is not None
        root = len(board._stack)
        moves = self._order(board, board.legal_raw(), 0)  # captures first: a fair move if time is short
        self._best = self._move(moves[0])
        if len(moves) == 1:
            return
        noise = [self.rng.gauss(0.0, level.noise) if level.noise else 0.0 for _ in moves]
        order = list(range(len(moves)))
        try:
            for depth in range(1, level.max_depth + 1):
                best_i, best_v = -1, -MATE * 2
                scores = {}
                for i in order:
                    raw = moves[i]
                    board.push(self._move(raw))
                    alpha = best_v - noise[i] if best_i >= 0 else -MATE * 2
                    v = -(yield from self._search(depth - 1, -MATE * 2, -alpha, 1))
                    board.pop()
                    v += noise[i]
                    scores[i] = v
                    if v > best_v:
                        # Searched with alpha = the best so far, so a higher score is exact: the
                        # move is better, even if this iteration is cut short later.
                        best_i, best_v = i, v
                        self._best = self._move(raw)
                self._best = self._move(moves[best_i])
                self.depth_done = depth
                order.sort(key=lambda j: scores.get(j, -MATE * 3), reverse=True)
                if best_v >= MATE - 100:
                    break  # a mate found: no need to look deeper
                yield
        except _Stop:
            while len(board._stack) > root:
                board.pop()

    def _search(self, depth: int, alpha: float, beta: float, ply: int) -> Generator[None, None, float]:
        if self._tick():
            yield
        board = self.board
        if board._halfmoves >= 100 or board.repetitions() >= 2:
            return 0.0
        in_check = board.is_check()
        if in_check and ply < 8:
            depth += 1
        if depth <= 0:
            if self.level.quiescence:  # type: ignore[union-attr]
                return (yield from self._quiesce(alpha, beta, 0))
            return evaluate(board, self.level)  # type: ignore[arg-type]
        key = board._keys[-1]
        entry = self._tt.get(key)
        first = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                if e_flag == 0 or (e_flag > 0 and e_value >= beta) or (e_flag < 0 and e_value <= alpha):
                    return e_value
        moves = board.legal_raw()
        if not moves:
            return -MATE + ply if in_check else 0.0
        if board.is_bare_kings():
            return 0.0
        alpha0 = alpha
        best = -MATE * 2
        best_raw = None
        for raw in self._order(board, moves, ply, first):
            board.push(self._move(raw))
            v = -(yield from self._search(depth - 1, -beta, -alpha, ply + 1))
            board.pop()
            if v > best:
                best, best_raw = v, raw
            if v > alpha:
                alpha = v
            if alpha >= beta:
                if not raw[2]:
                    killers = self._killers.setdefault(ply, [])
                    k = (raw[0], raw[1])
                    if k not in killers:
                        killers.insert(0, k)
                        del killers[2:]
                    self._history[k] = self._history.get(k, 0) + depth * depth
                break
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        self._tt[key] = (depth, best, flag, best_raw)
        return best

    def _quiesce(self, alpha: float, beta: float, qply: int) -> Generator[None, None, float]:
        if self._tick():
            yield
        board = self.board
        stand = evaluate(board, self.level)  # type: ignore[arg-type]
        if stand >= beta or qply >= QDEPTH:
            return stand
        if stand > alpha:
            alpha = stand
        moves = board.pseudo_captures()
        cells = board._cells
        for raw in self._order(board, moves, 100 + qply):
            gain = sum(VALUE[abs(cells[x]) - 1] for x in raw[2])
            if stand + gain + DELTA <= alpha:
                continue  # even taking it for free would not raise alpha
            if not board.keeps_king_safe(raw):
                continue
            board.push(self._move(raw))
            v = -(yield from self._quiesce(-beta, -alpha, qply + 1))
            board.pop()
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return alpha


def choose_move(board: Board, level: str | Level, seed: int, **limits) -> Move:
    """The move the computer plays at ``level`` (runs a ``Search`` to completion)."""
    return Search(board, level, seed, **limits).run()


def accepts_draw(board: Board, color, level: str = "normal") -> bool:
    """Whether a computer seat at ``level`` accepts a draw offer: only when its evaluation says it
    is not ahead by more than a pawn. A finished game accepts nothing."""
    if level != "random" and level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVEL_NAMES)}")
    if board.outcome() is not None:
        return False
    value = evaluate(board, LEVELS.get(level, LEVELS["normal"]))
    if int(board.turn) != int(color):
        value = -value
    return value <= 1.0


__all__ = ["Level", "LEVELS", "LEVEL_NAMES", "VALUE", "Search", "choose_move", "accepts_draw", "evaluate"]
