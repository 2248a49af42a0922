"""Computer players for Camblam: a two-player alpha-beta search (negamax) over an evaluation.

Levels (``LEVELS``, frozen ``Level`` values; ``random`` plays a uniformly random legal move):

``easy``    one ply, then the evaluation (material only) with seeded noise of about a pawn and a
            half: it takes what hangs, but misjudges and misses replies.
``normal``  iterative deepening to two plies plus a quiescence search over captures and shots,
            within a node budget; material, king safety and pawn advance.
``hard``    iterative deepening to three plies with quiescence, within a larger node budget; adds
            mobility and, when ahead, a king hunt (pieces drawn towards the enemy king, whose
            free squares cost it), so a won game ends in mate, not in the 100-move rule.

The search: negamax alpha-beta with iterative deepening, a transposition table keyed by the
board's position key (Python's hash of the cells and side to move: what a Zobrist key gives,
without the incremental upkeep), move ordering (the table's move, then captures by most valuable
victims / least valuable attacker — a chain's victims add up —, then killer moves and the history
table), a check extension, and a quiescence search over captures and shots (stand pat, depth
capped). A promotion is searched as a queen only. Mate scores count plies, so the shortest mate
is preferred.

``Search(board, level, seed)`` is resumable like ``djambi.ai.Search``: ``step(max_ms)`` does a
slice of work and returns whether the search is finished, ``best_move()`` is the best move found
so far, ``run()`` finishes it. The work is budgeted in nodes (``Level.max_nodes``), so the move
depends only on (position, level, seed); ``Level.time_limit`` (or ``time_limit=``) is a safety
cap in seconds on top, which the bench and tests leave off.
"""

from __future__ import annotations

import random
import time
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
SLICE_NODES = 64
#: Plies of quiescence at most.
QDEPTH = 4
#: Delta pruning: a capture that cannot lift the score to within this of alpha is not searched.
DELTA = 1.0

_FILE = tuple(sq % SIZE for sq in range(SIZE * SIZE))
_RANK = tuple(sq // SIZE for sq in range(SIZE * SIZE))


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
    time_limit: float | None = None  # seconds, a safety cap (None: the node budget alone)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", max_depth=1, max_nodes=2_000, noise=1.5, quiescence=False, positional=False, mobility=False),
    "normal": Level("normal", max_depth=2, max_nodes=3_000, noise=0.0, quiescence=True, positional=True, mobility=False),
    "hard": Level("hard", max_depth=3, max_nodes=8_000, noise=0.0, quiescence=True, positional=True, mobility=True),
}
#: Every level name a seat may have.
LEVEL_NAMES = ("random", *LEVELS)


def evaluate(board: Board, level: Level = LEVELS["hard"]) -> float:
    """The position's value for the side to move, in pawns."""
    cells = board._cells
    s = 1 if board._turn == 0 else -1
    material = [0.0, 0.0]  # White, Black
    extra = 0.0  # White's positional terms minus Black's
    officers: tuple[list[int], list[int]] = ([], [])  # squares of pieces other than king and pawns
    kings = [0, 0]
    positional = level.positional
    for q, c in enumerate(cells):
        if c == 0:
            continue
        kind = (c if c > 0 else -c) - 1
        side = 0 if c > 0 else 1
        if kind == KING:
            kings[side] = q
            continue
        material[side] += VALUE[kind]
        if kind == PAWN:
            if positional:
                advance = _RANK[q] - 2 if side == 0 else 9 - _RANK[q]
                extra += (0.04 * advance + (0.5 if advance >= 8 else 0.0)) * (1 if side == 0 else -1)
        else:
            officers[side].append(q)
    if positional:
        # King safety: its own pieces beside it shelter it; enemy pieces near it threaten it.
        for side, sign in ((0, 1), (1, -1)):
            k = kings[side]
            kf, kr = _FILE[k], _RANK[k]
            shelter = sum(1 for ray in RAYS[k] if ray and cells[ray[0]] * sign > 0)
            near = sum(1 for q in officers[1 - side] if max(abs(_FILE[q] - kf), abs(_RANK[q] - kr)) <= 2)
            extra += sign * (0.08 * shelter - 0.25 * near)
    if level.mobility:
        extra += 0.03 * (_mobility(cells, 1) - _mobility(cells, -1))
        lead = material[0] - material[1]
        if abs(lead) >= 4.0:
            # The king hunt: the side ahead draws its pieces to the enemy king and takes its room.
            winner = 0 if lead > 0 else 1
            target = kings[1 - winner]
            tf, tr = _FILE[target], _RANK[target]
            near = -sum(max(abs(_FILE[q] - tf), abs(_RANK[q] - tr)) for q in officers[winner])
            free = sum(1 for ray in RAYS[target] if ray and cells[ray[0]] == 0)
            extra += (1 if winner == 0 else -1) * (0.02 * near - 0.15 * free)
    return s * (material[0] - material[1] + extra)


def _mobility(cells: list[int], s: int) -> int:
    """Empty squares the side's long-range pieces see along their lines (a cheap mobility)."""
    n = 0
    for q, c in enumerate(cells):
        x = c * s
        if x <= 0:
            continue
        kind = x - 1
        if kind in (QUEEN, ARCHER, PRINCE) or kind == 2 or kind == 3:
            rays = RAYS[q] if kind != 2 and kind != 3 else (RAYS[q][:4] if kind == 2 else RAYS[q][4:])
            for ray in rays:
                for t in ray:
                    if cells[t]:
                        break
                    n += 1
    return n


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
        limit = time_limit if time_limit is not None else (self.level.time_limit if self.level else None)
        self._deadline: float | None = None
        self._limit = limit
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
            if self._deadline is not None and time.perf_counter() > self._deadline and self.depth_done >= 1:
                raise _Stop
            return True
        return False

    def _run(self) -> Generator[None, None, None]:
        board = self.board
        level = self.level
        assert level is not None
        root = len(board._stack)
        moves = board.legal_raw()
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
        moves = board.legal_raw(captures=True)
        cells = board._cells
        for raw in self._order(board, moves, 100 + qply):
            gain = sum(VALUE[abs(cells[x]) - 1] for x in raw[2])
            if stand + gain + DELTA <= alpha:
                continue  # even taking it for free would not raise alpha
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
