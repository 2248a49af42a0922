"""The Camblam search: negamax alpha-beta with iterative deepening, resumable in slices.

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
from typing import Generator

from gamekit.search import OutOfBudget, SlicedSearch

from ..board import Board
from ..move import Move
from .evaluation import VALUE, evaluate
from .levels import LEVEL_NAMES, LEVELS, Level
from .movegen import Probe, as_move

MATE = 100_000.0
#: Nodes between two yields of the search generator (a slice ends at a yield).
SLICE_NODES = 32
#: Plies of quiescence at most.
QDEPTH = 4
#: Moves the mate probes may push before the search (about 10 µs each in CPython)
PROBE_PUSHES = 3_000
#: A probe's pushes per search node in the node count (a node costs about 8 pushes).
PUSHES_PER_NODE = 8
#: Root moves the guard tries, best first, for one that allows no mate in one.
GUARD_MOVES = 24
#: Moves searched in full before the later quiet ones are reduced (``Level.reductions``).
LATE_MOVES = 4
#: The null window of the principal variation search, in pawns.
WINDOW = 0.01
#: Delta pruning: a capture that cannot lift the score to within this of alpha is not searched.
DELTA = 1.0


class Search(SlicedSearch):
    """A resumable search for the move of the side to move in ``board`` (which is copied); the
    slices, ``step``, ``run`` and ``best_move`` are the kit's (``gamekit.search``)."""

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
        self.depth_done = 0
        self.max_nodes = max_nodes if max_nodes is not None else (self.level.max_nodes if self.level else 0)
        if time_limit is None and max_nodes is None and self.level is not None:
            time_limit = self.level.time_limit  # a node budget given alone: the deterministic mode
        super().__init__(time_limit)
        self._tt: dict = {}
        self._killers: dict[int, list] = {}
        self._history: dict[tuple[int, int], int] = {}
        # Iterations no limit may cut (2 when the opponent threatens mate).
        self._min_depth = self.level.min_depth if self.level is not None else 1
        self._grace = 2.0 * (time_limit or 0.0)  # seconds past the time limit allowed for them
        self._ranked: list = []  # the root moves, best first, of the last iteration
        self.probe_nodes = 0  # what the mate probes cost, in nodes (counted in ``nodes``)
        self.mate = ""  # what the mate probes found: "", "mate in 1", "mate in 2", "threat"
        self._gen = None if self.level is None or board.outcome() is not None else self._run()

    # -- internals
    def _legal_moves(self) -> list[Move]:
        return self.board.generate_legal_moves()

    def _trivial_move(self) -> Move | None:
        if self.board.outcome() is None:
            return self.rng.choice(self.board.generate_legal_moves())
        return None

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
        """Count a node; True when it is time to yield a slice. Raises ``OutOfBudget`` on the budget."""
        self.nodes += 1
        if self.nodes > self.max_nodes and self.depth_done >= self._min_depth:
            raise OutOfBudget
        if self.slice_due(SLICE_NODES):
            if self.past_deadline():
                if self._min_depth <= 1 or self.depth_done >= self._min_depth or self.past_deadline(self._grace):
                    raise OutOfBudget  # the best root move so far stands, even in the first iteration
            return True
        return False

    def _run(self) -> Generator[None, None, None]:
        board = self.board
        level = self.level
        assert level is not None
        root = len(board._stack)
        moves = self._order(board, board.legal_raw(), 0)  # captures first: a fair move if time is short
        self._best = as_move(moves[0])
        self._ranked = moves
        if len(moves) == 1:
            return
        # The mate probes: a mate in one (every level), a mate in two by a check, a threat of mate.
        probe = Probe(board, PROBE_PUSHES)
        checks: list[Move] = []
        mate = probe.mate_in_one(moves, checks)
        if mate is None and level.guard:
            mate = probe.mate_in_two(checks)
            if mate is not None:
                self.mate = "mate in 2"
        elif mate is not None:
            self.mate = "mate in 1"
        if mate is None and level.guard and probe.threatened():
            self.mate = "threat"
            self._min_depth = max(self._min_depth, 2)
        self.probe_nodes = probe.pushes // PUSHES_PER_NODE
        self.nodes += self.probe_nodes
        if mate is not None:
            self._best = mate
            self.depth_done = 1 if self.mate == "mate in 1" else 3  # the plies the probe proved
            return
        yield
        noise = [self.rng.gauss(0.0, level.noise) if level.noise else 0.0 for _ in moves]
        order = list(range(len(moves)))
        try:
            for depth in range(1, level.max_depth + 1):
                best_i, best_v = -1, -MATE * 2
                scores = {}
                for i in order:
                    raw = moves[i]
                    board.push(as_move(raw))
                    alpha = best_v - noise[i] if best_i >= 0 else -MATE * 2
                    v = -(yield from self._search(depth - 1, -MATE * 2, -alpha, 1))
                    board.pop()
                    v += noise[i]
                    scores[i] = v
                    if v > best_v:
                        # Searched with alpha = the best so far, so a higher score is exact: the
                        # move is better, even if this iteration is cut short later.
                        best_i, best_v = i, v
                        self._best = as_move(raw)
                self._best = as_move(moves[best_i])
                self.depth_done = depth
                order.sort(key=lambda j: scores.get(j, -MATE * 3), reverse=True)
                self._ranked = [moves[j] for j in order]
                if best_v >= MATE - 100:
                    break  # a mate found: no need to look deeper
                yield
        except OutOfBudget:
            while len(board._stack) > root:
                board.pop()
        if level.guard:
            self._guard(probe)

    def _guard(self, probe: Probe) -> None:
        """Never play a move after which the opponent mates in one while another move avoids
        it: the best move is tried, then the last iteration's next best ones."""
        best = self._best
        if best is None or not probe.allows_mate(best):
            return
        for raw in self._ranked[:GUARD_MOVES]:
            move = as_move(raw)
            if move != best and not probe.allows_mate(move):
                self._best = move
                return

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
        reduce = self.level.reductions and depth >= 3 and not in_check  # type: ignore[union-attr]
        for i, raw in enumerate(self._order(board, moves, ply, first)):
            board.push(as_move(raw))
            if i == 0 or not reduce:
                v = -(yield from self._search(depth - 1, -beta, -alpha, ply + 1))
            else:
                # Principal variation search: a later move is first tried with a null window, and a
                # late quiet move that gives no check one ply shallower; a move that beats alpha there
                # is searched again in full.
                r = 1 if i >= LATE_MOVES and not raw[2] and not raw[4] and not board.is_check() else 0
                v = -(yield from self._search(depth - 1 - r, -alpha - WINDOW, -alpha, ply + 1))
                if alpha < v and (r or v < beta):
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
            board.push(as_move(raw))
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


__all__ = ["MATE", "SLICE_NODES", "Search", "choose_move", "accepts_draw"]
