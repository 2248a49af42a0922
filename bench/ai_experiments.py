"""Search experiments no player can pick: settings and searches tried in tournaments
(``python -m bench.tournament --players hard-brs,normal,normal,normal``), kept to measure new
ideas against. ``ExperimentalSearch`` plays the app's levels and these:

``hard-brs``  ``hard`` (before its set-up checks) with a best-reply quiescence: every opponent's
              kills in one minimising layer (Schadd & Winands' Best-Reply Search, kills only).
``mcts``      Monte-Carlo tree search with a max^n backup and progressive history (Nijssen &
              Winands), short playouts ending in the evaluation.
``normal-full``  the first ``normal``'s search (full quiescence, no ordering) with the set-up check
              that ``normal`` has: it beat the sparring partner about as often as ``hard`` does
              but is no level (with no noise, its games against three of the first ``normal``
              repeat every four, and it lost all four).
``normal-blind``, ``hard-blind``  ``normal`` and ``hard`` with an evaluation that knows only the
              standard rules (threats, walls, a two-by-two player's chiefs), whatever the game's
              rule options (``--rules``): what knowing the options is worth.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Generator, Mapping

from djambi.ai.evaluation import evaluate
from djambi.ai.levels import SETTINGS, Level
from djambi.ai.movegen import _Gen, _narrow, candidate_moves
from djambi.ai.search import SLICE_NODES, Search
from djambi.move import Move
from djambi.rules import STANDARD
from djambi.pieces import CHIEF, DEAD, MILITANT
from djambi.squares import MAZE, RAYS
from djambi.threats import scan as scan_position
from djambi.turns import Turn


@dataclass(frozen=True)
class Experiment(Level):
    """A ``Level`` with the knobs only experiments use."""

    #: Best-reply quiescence at the opponents' nodes (``ExperimentalSearch._best_reply``).
    brs: bool = False
    #: Monte-Carlo tree search instead of the paranoid search; its exploration constant, the
    #: weight of progressive history, the plies of a playout, and the scale of the logistic
    #: that maps evaluations to results.
    mcts: bool = False
    uct: float = 0.35
    history: float = 1.0
    playout: int = 4
    scale: float = 10.0
    #: The evaluation knows only the standard rules (its threats, walls and chiefs), whatever
    #: the game's rule options: the yardstick of what knowing them is worth.
    blind: bool = False


EXPERIMENTS: dict[str, Experiment] = {
    # Hard with a best-reply quiescence (every opponent's kills in one minimising layer).
    "hard-brs": Experiment(depth=1, nodes=3000, qdepth=3, noise=0.0, margin=15.0,
                           lookahead=5, follow_nodes=600, weight=0.5,
                           prepass=True, qnarrow=True, relative_draw=True, opening_noise=0.5,
                           trap=20.0, extend=10, duel_depth=2, duel_nodes=8000, cap=11000,
                           keep=10.0, brs=True),
    # MCTS with a max^n backup and progressive history.
    "mcts": Experiment(mcts=True, nodes=5000, uct=0.35, history=1.0, playout=4, scale=10.0,
                       keep=10.0, sealed=30.0, noise=0.0),
    # The first normal's search (full quiescence, 2,500 nodes), then the first move (best
    # first) that allows no set-up.
    "normal-full": Experiment(depth=1, nodes=2500, qdepth=3, noise=0.0, keep=10.0, sealed=30.0,
                         drop=25.0, screen=200, cap=9000),
}
# The app's levels with an evaluation blind to the rule options (``blind``).
EXPERIMENTS["normal-blind"] = Experiment(**vars(SETTINGS["normal"]), blind=True)
EXPERIMENTS["hard-blind"] = Experiment(**vars(SETTINGS["hard"]), blind=True)

EXPERIMENTAL_LEVELS = tuple(EXPERIMENTS)


class _MNode:
    """A node of the Monte-Carlo tree: the player to move, his moves (None until expanded), a
    child per move (None until tried), visits, and each player's summed results."""

    __slots__ = ("player", "moves", "children", "visits", "sums")

    def __init__(self, player: int, moves: list[Move] | None) -> None:
        self.player = player
        self.moves = moves
        self.children: list = [None] * len(moves) if moves is not None else []
        self.visits = 0
        self.sums = [0.0, 0.0, 0.0, 0.0]


class ExperimentalSearch(Search):
    """``Search`` with the experiments: the app's levels play as in ``Search``."""

    levels: Mapping[str, Level] = {**SETTINGS, **EXPERIMENTS}

    def __init__(self, board, level: str, seed: int, *, max_nodes: int | None = None) -> None:
        super().__init__(board, level, seed, max_nodes=max_nodes)
        self.best_reply = bool(getattr(getattr(self, "settings", None), "brs", False))

    def _evaluate(self, player: int, scan=None, trap: float | None = None) -> float:
        if getattr(self.settings, "blind", False):
            return evaluate(self.board, player, power=self.power,
                            trap=self.trap if trap is None else trap, keep=self.keep,
                            sealed=self.sealed, drop=self.drop, danger=self.danger,
                            dead=self.dead, rules=STANDARD)
        return super()._evaluate(player, scan, trap)

    def _plan(self) -> Generator[None, None, None]:
        if getattr(self.settings, "mcts", False):
            return self._mcts()
        return self._run()

    def _best_reply(self, stand: float, alpha: float, beta: float, qply: int, mover: int,
                    active: list[int]) -> Generator[None, None, float]:
        """Best-reply quiescence at an opponent's node: the kills of every opponent, as if each
        moved now; then the root player answers (Schadd & Winands' Best-Reply Search, kills
        only)."""
        board = self.board
        root = self.root
        control = board.control_view
        # Best-reply quiescence: the kills of every opponent, as if each moved now; then
        # the root player answers (Schadd & Winands' Best-Reply Search, kills only).
        saved = board.turn_state
        moves, turns = [], []
        for o in [mover] + [p for p in active if p != root and p != mover]:
            board.set_turn(Turn.regular(o))
            gen = _Gen(board)
            for m in gen.moves(quiet=False, places=1, victims=_narrow(gen.enemy, control, root)):
                moves.append(m)
                turns.append(board.turn_state)
        board.set_turn(saved)
        return (yield from self._brs(moves, turns, stand, alpha, beta, qply))


    def _brs(self, moves, turns, best, alpha, beta, qply) -> Generator[None, None, float]:
        """The minimising layer of the best-reply quiescence: each move played by its own
        player (``turns``), the root player to move after it."""
        board = self.board
        saved = board.turn_state
        root_turn = Turn.regular(self.root)
        try:
            for m, turn in zip(moves, turns):
                board.set_turn(turn)
                board.push(m)
                self.nodes += 1
                if board.control_view[self.root] == self.root:
                    board.set_turn(root_turn)
                v = yield from self._search(0, alpha, beta, qply + 1)
                board.pop()
                if v < best:
                    best = v
                if v < beta:
                    beta = v
                if alpha >= beta:
                    break
        finally:
            board.set_turn(saved)
        return best

    # -- MCTS with a max^n backup
    def _mcts(self) -> Generator[None, None, None]:
        """Monte-Carlo tree search for four players (Nijssen & Winands): every node keeps the
        sum of each player's results; the player to move picks a child by UCT on his own share
        plus progressive history (the average result of the move wherever it was played);
        playouts of a few plies (a kill of the most valuable victim when there is one, else a
        random quiet move) end in the evaluation of every player. Budget: nodes (pushes and
        evaluations)."""
        board = self.board
        st = self.settings
        moves = candidate_moves(board)
        if not moves:
            return
        self._best = self._checked(moves[0])
        if len(moves) == 1:
            return
        budget = st.nodes if self._max_nodes is None else self._max_nodes
        rng = self.rng
        c_uct = st.uct
        w_hist = st.history
        plies = st.playout
        # Root moves best-first by their static value (progressive unpruning starts from the top).
        static = []
        for m in moves:
            board.push(m)
            self.nodes += 1
            static.append(self._static())
            board.pop()
            if self.nodes - self._yielded >= SLICE_NODES:
                self._yielded = self.nodes
                yield
        order = sorted(range(len(moves)), key=lambda i: -static[i])
        root = _MNode(board.player_to_move, [moves[i] for i in order])
        history: dict[tuple, list[float]] = {}
        base = board.ply
        while self.nodes < budget:
            node = root
            path = [root]
            keys = []
            # Selection and expansion.
            while True:
                if node.moves is None:
                    node.moves = self._mcts_moves(rng)
                    node.children = [None] * len(node.moves)
                if not node.moves:
                    break
                width = min(len(node.moves), 2 + int(1.5 * math.sqrt(node.visits + 1)))
                player = node.player
                best_i, best_u = 0, -1e18
                log_n = math.log(node.visits + 1)
                for i in range(width):
                    child = node.children[i]
                    if child is None:
                        u = 1e9 - i
                    else:
                        n = child.visits
                        q = child.sums[player] / n
                        h = history.get((player, node.moves[i]))
                        ph = w_hist * (h[0] / h[1]) / (n + 1) if h else 0.0
                        u = q + c_uct * math.sqrt(log_n / n) + ph
                    if u > best_u:
                        best_i, best_u = i, u
                m = node.moves[best_i]
                if self.nodes - self._yielded >= SLICE_NODES:
                    self._yielded = self.nodes
                    yield
                board.push(m)
                self.nodes += 1
                keys.append((player, m))
                child = node.children[best_i]
                if child is None:
                    child = _MNode(board.player_to_move, None)
                    node.children[best_i] = child
                    path.append(child)
                    node = child
                    break
                path.append(child)
                node = child
                if board.is_decided():
                    break
            # Playout.
            result = yield from self._mcts_playout(plies, rng)
            self._unwind(base)
            for nd in path:
                nd.visits += 1
                s = nd.sums
                for p in range(4):
                    s[p] += result[p]
            for k in keys:
                h = history.get(k)
                if h is None:
                    history[k] = [result[k[0]], 1]
                else:
                    h[0] += result[k[0]]
                    h[1] += 1
            best_i = max(range(len(root.moves)),
                         key=lambda i: (root.children[i].visits if root.children[i] else -1, -i))
            self._best = root.moves[best_i]
            if self.nodes - self._yielded >= SLICE_NODES:
                self._yielded = self.nodes
                yield
        self._best = self._checked(self._best)

    def _mcts_moves(self, rng: random.Random) -> list[Move]:
        """A node's moves: kills first (most valuable victim first), then the quiet moves shuffled."""
        board = self.board
        if board.is_decided():
            return []
        gen = _Gen(board)
        kills = gen.moves(quiet=False, places=2)
        allm = gen.moves(quiet=True, places=2)
        quiet = allm[len(kills):] if len(allm) >= len(kills) else []
        rng.shuffle(quiet)
        out = kills + quiet
        if not out:
            out = board.generate_legal_moves()
        return out

    def _mcts_playout(self, plies: int, rng: random.Random) -> Generator[None, None, list[float]]:
        board = self.board
        for _ in range(plies):
            if board.is_decided():
                break
            m = self._quick_move(rng)
            if m is None:
                break
            board.push(m)
            self.nodes += 1
            if self.nodes - self._yielded >= SLICE_NODES:
                self._yielded = self.nodes
                yield
        return self._vector()

    def _quick_move(self, rng: random.Random) -> Move | None:
        """The playout policy: a kill of the most valuable victim if there is one (most of the
        time), else a random quiet step of a random piece."""
        board = self.board
        gen = _Gen(board)
        kills = gen.moves(quiet=False, places=1)
        if kills and rng.random() < 0.85:
            return kills[0]
        cells = board.cells_view
        control = board.control_view
        player = board.player_to_move
        own = [s for s in range(81) if 0 < cells[s] < DEAD and control[(cells[s] - 1) >> 3] == player]
        for _ in range(12):
            if not own:
                break
            s = own[rng.randrange(len(own))]
            kind = (cells[s] - 1) & 7
            rays = RAYS[s]
            ray = rays[rng.randrange(len(rays))]
            targets = []
            steps = 0
            for t in ray:
                steps += 1
                if kind == MILITANT and steps > 2:
                    break
                if cells[t]:
                    break
                if t == MAZE and kind != CHIEF:
                    continue
                targets.append(t)
            if targets:
                return Move(s, targets[rng.randrange(len(targets))])
        if kills:
            return kills[0]
        legal = board.generate_legal_moves()
        return legal[rng.randrange(len(legal))] if legal else None

    def _vector(self) -> list[float]:
        """Every player's result in [0, 1]: 1 for the winner, 0 for a player out; else the
        logistic of his evaluation against the average of the players still in."""
        board = self.board
        control = board.control_view
        active = [p for p in range(4) if control[p] == p]
        out = [0.0, 0.0, 0.0, 0.0]
        if len(active) == 1:
            out[active[0]] = 1.0
            return out
        if board.quiet_turns >= 120 or not active:
            for p in active:
                out[p] = 0.25
            return out
        sc = scan_position(board.cells_view, control)
        vals = {p: self._evaluate(p, scan=sc, trap=0.0)
                for p in active}
        self.nodes += 1  # one unit of work: a scan and an evaluation per player
        mean = sum(vals.values()) / len(active)
        scale = self.settings.scale
        for p in active:
            x = (vals[p] - mean) / scale
            out[p] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        return out
