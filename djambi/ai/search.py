"""The search: ``Search(board, level, seed)``, resumable in slices (``step``), and the helpers
built on it (``choose_move``, ``accepts_draw``).

The search is *paranoid* (Sturtevant & Korf): the root player maximises and every opponent,
whenever the board says it is his move, minimises the root player's value. Turn order is never
assumed: the ruler's extra turns come from the board. What each level adds (a best-first pass, a
narrow quiescence, the set-up screen, the look-ahead with a model of the opponents, the hunt in a
duel) is switched by its ``Level`` (``levels``). The result depends only on (position, level,
seed): the work is budgeted in nodes, never in time.
"""

from __future__ import annotations

import random
from typing import Generator, Mapping

from gamekit.search import OutOfBudget, SlicedSearch

from ..board import Board
from ..move import Move
from ..pieces import ASSASSIN, CHIEF, DEAD, MILITANT, NECROMOBILE, PROVOCATEUR, REPORTER, living_code
from ..squares import FIELD, MAZE, ORTHOGONAL_NEIGHBOURS, lines_of
from ..threats import Scan
from ..threats import scan as scan_position
from ..turns import Turn
from .evaluation import (DRAW, HUNT_CAP, STALL, WIN, _dist, _even, _movers_until, _necro_field,
                         _reaches, evaluate, hunt_field)
from .levels import LEVELS, SETTINGS, Level
from .movegen import _Gen, _narrow, candidate_moves, random_move

#: Nodes searched between two checks of the clock inside ``step``.
SLICE_NODES = 8


class Search(SlicedSearch):
    """A resumable search for the move of the player to move in ``board`` (which is copied); the
    slices, ``step``, ``run`` and ``best_move`` are the kit's (``gamekit.search``)."""

    #: The settings of the levels this class plays (``random`` aside, which never searches).
    levels: Mapping[str, Level] = SETTINGS
    #: Whether the quiescence answers the root player with a best-reply layer (an experiment:
    #: ``bench/ai_experiments.py`` defines ``_best_reply``).
    best_reply = False

    def __init__(self, board: Board, level: str, seed: int, *, max_nodes: int | None = None) -> None:
        """``max_nodes`` overrides the node budget of the one-ply search (for tests and benchmarks;
        hard's look-ahead adds its own, bounded per move)."""
        if level != "random" and level not in self.levels:
            raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
        super().__init__()
        self.board = board.copy(stack=False)
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.root = self.board.player_to_move
        self.depth_done = 0
        self._max_nodes = max_nodes
        self._legal: list[Move] | None = None
        self.power = 6.0
        self.trap = 0.0
        self.keep = 0.0
        self.sealed = 0.0
        self.dead = 0.0
        self.drop = 0.0
        self.danger = 30.0
        self.options = 0.0
        if level == "random" or self.board.is_game_over():
            self._gen = None
        else:
            self.settings = self.levels[level]
            self.power = self.settings.power
            self.trap = self.settings.trap
            self.keep = self.settings.keep
            self.sealed = self.settings.sealed
            self.dead = self.settings.dead
            self.drop = self.settings.drop
            self.danger = self.settings.danger
            self.options = self.settings.comeback
            self._gen = self._plan()

    # -- internals
    def _plan(self) -> Generator[None, None, None]:
        """The work of the search, as a generator that yields between slices."""
        return self._run()

    def _legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.board.generate_legal_moves()
        return self._legal

    def _trivial_move(self) -> Move | None:
        return None if self.board.is_game_over() else random_move(self.board, self.rng)

    def _checked(self, move: Move) -> Move:
        if self.board.is_legal(move):
            return move
        return self._legal_moves()[0]  # never expected: a safety net

    def _unwind(self, length: int) -> None:
        board = self.board
        while board.ply > length:
            board.pop()

    def _run(self) -> Generator[None, None, None]:
        board = self.board
        st = self.settings
        moves = candidate_moves(board)
        if len(moves) == 1:
            self._best = self._checked(moves[0])
            return
        self._best = self._checked(moves[0])
        sd = st.noise
        if board.quiet_turns >= STALL:
            # Nothing has happened for a while: stir the choice among quiet moves, so that a
            # stalled position is not met with the same shuffle until the 120-turn draw.
            sd = max(sd, 1.0 + 6.0 * board.quiet_turns / 120.0)
        elif st.opening_noise and not any(c > DEAD for c in board.cells_view):
            # The opening (nobody killed yet): a little seeded noise among near-equal moves, so
            # that games (and tournaments) are not all one line per seating.
            sd = max(sd, st.opening_noise)
        noise = [self.rng.gauss(0.0, sd) if sd else 0.0 for _ in moves]
        home = st.necro_home
        if home and not any(c > DEAD for c in board.cells_view):
            # No corpse yet: the necromobile has nothing to carry, and out in the field it is
            # only a target. Without it, a chief sealed in a pocket of corpses later is out of
            # reach for good (a forced draw). It moves only when it is attacked.
            cells = board.cells_view
            code = living_code(NECROMOBILE, self.root)
            sq = cells.index(code) if code in cells else -1
            if sq >= 0 and not scan_position(cells, board.control_view, rules=board.rules).kill[sq] & ~(1 << self.root):
                for i, m in enumerate(moves):
                    if m.piece == sq:
                        noise[i] -= home
        duel = len(board.active_indices()) == 2
        bias = self._hunt_bias(moves, st.hunt) if duel and st.hunt else [0.0] * len(moves)
        scores = [-1e9] * len(moves)
        self.max_nodes = st.nodes if self._max_nodes is None else self._max_nodes
        total_budget = self.max_nodes
        margin = st.margin
        order = list(range(len(moves)))
        if st.prepass:
            # Stage 0: every move's static value, to search the promising ones first (and not
            # spend the budget on a kill that walks into a lost chief).
            static = [0.0] * len(moves)
            for i, m in enumerate(moves):
                board.push(m)
                self.nodes += 1
                static[i] = self._static()
                board.pop()
                if self.slice_due(SLICE_NODES):
                    yield
            order.sort(key=lambda i: -static[i])
            self._best = self._checked(moves[order[0]])
        chosen = None  # the index of the move the search chose (``self._best``)
        try:
            max_depth = st.depth
            if duel and st.duel_power:
                self.power = st.duel_power  # the maze's extra turns are a double move
            if st.duel_depth and duel:
                # Two players left: the paranoid search is exact minimax; look one ply deeper.
                max_depth = st.duel_depth
                if self._max_nodes is None:
                    self.max_nodes = (st.duel_nodes or self.max_nodes)
                total_budget = self.max_nodes
            for depth in range(1, max_depth + 1):
                alpha = -1e9
                best_i = None
                new_scores = [-1e9] * len(moves)
                if depth == 1:
                    scores = new_scores  # an interrupted first pass still ranks what it saw
                for i in order:
                    m = moves[i]
                    board.push(m)
                    self.nodes += 1
                    v = yield from self._search(depth - 1, -1e9 if noise[i] else alpha - margin - bias[i],
                                                1e9, 0)
                    board.pop()
                    v += noise[i] + bias[i]
                    new_scores[i] = v
                    if best_i is None or v > alpha:
                        alpha = v
                        best_i = chosen = i
                        self._best = self._checked(m)
                    yield
                scores = new_scores
                self.depth_done = depth
                order.sort(key=lambda i: -scores[i])
        except OutOfBudget:
            self._unwind(0)
        if st.screen:
            # The moves best first: the first that lets no opponent set up a kill of the root
            # player's chief for the player after him (see ``_relay``).
            order.sort(key=lambda i: -scores[i])
            if chosen is not None:
                # The search's choice first: a deeper pass cut short by the budget (a duel's
                # second ply) has ranked it above the last finished pass's order.
                order.remove(chosen)
                order.insert(0, chosen)
            for i in order[:st.screen]:
                if -1e8 < scores[i] <= -WIN / 2 or self.nodes >= (st.cap or total_budget * 3):
                    break  # a lost move (or the work's cap); an unsearched one scores -1e9
                flagged = yield from self._set_up(moves[i])
                if not flagged:
                    self._best = self._checked(moves[i])
                    break
            return
        k = st.lookahead
        if not k or (duel and st.duel_plain):
            return
        # Stage 2: for the best few moves, let the opponents answer as a greedy player would
        # until it is the root player's turn again, then search his best follow-up. This sees
        # the threats a move creates, which the paranoid one-ply search cannot.
        order.sort(key=lambda i: -scores[i])
        extend = max(st.extend, st.relay_extend)
        top = [i for i in order[:k + extend] if scores[i] > -WIN / 2]
        if len(top) < 2:
            return
        w = st.weight
        best_v = None
        for n, i in enumerate(top):
            if self.nodes >= (st.cap or total_budget * 3):
                break  # a safety net on the whole search: each look-ahead is bounded anyway
            if n >= k and best_v is not None and best_v > -WIN / 4:
                break  # past the first k only while every move seen so far loses
            v2 = yield from self._lookahead(moves[i], st.follow_nodes)
            v = (1 - w) * scores[i] + w * v2
            if best_v is None or v > best_v:
                best_v = v
                self._best = self._checked(moves[i])
            yield

    def _hunt_bias(self, moves: list[Move], weight: float) -> list[float]:
        """With two players left: for each root move, minus ``weight`` per move that the root
        player's hunters (his pieces but the chief, or the chief alone) will still need to kill
        the last enemy chief (the nearest hunter counts fully, the next one half), so that a
        quiet position is not shuffled until the 120-turn draw but the hunt goes on. When every
        hunter is walled off and the root player has a necromobile, corpses count as moves to
        carry them away (``hunt_field``'s ``through``), the necromobile is drawn to the corpses
        round the chief (half a point a move), and each of its moves onto a corpse is valued on
        the board after it (where it puts the corpse matters)."""
        board = self.board
        cells = board.cells_view
        control = board.control_view
        root = self.root
        enemy = [p for p in board.active_indices() if p != root]
        chief = board.chief_square(enemy[0]) if enemy else None
        if chief is None:
            return [0.0] * len(moves)
        hunters: dict[int, int] = {}  # square -> kind
        necros = []
        for s in range(81):
            c = cells[s]
            if 0 < c < DEAD and control[(c - 1) >> 3] == root:
                kind = (c - 1) & 7
                if kind in (CHIEF, ASSASSIN, REPORTER, MILITANT):
                    hunters[s] = kind
                elif kind == NECROMOBILE:
                    necros.append(s)
        if any(k != CHIEF for k in hunters.values()):
            hunters = {s: k for s, k in hunters.items() if k != CHIEF}  # else the chief hunts
        kinds = set(hunters.values())

        def fields_of(through: bool) -> dict[int, list[int]]:
            return {k: hunt_field(board.cells_view, control, root, chief, k, through) for k in kinds}

        def left(where: dict[int, int], fields: dict[int, list[int]]) -> float:
            d = sorted(fields[k][s] for s, k in where.items())
            if not d:
                return 0.0
            return d[0] + (0.5 * d[1] if len(d) > 1 else 0.5 * HUNT_CAP)

        fields = fields_of(False)
        near = None  # with every hunter walled off: the necromobile's moves to the wall
        if necros and hunters and min(fields[k][s] for s, k in hunters.items()) >= HUNT_CAP:
            fields = fields_of(True)  # the necromobile opens the way
            # The corpses within two squares of the chief.
            near = _necro_field(cells, [q for q in range(81) if cells[q] > DEAD and _dist(q, chief) <= 2])
        base = left(hunters, fields)
        carry = 0.5 * min(near[q] for q in necros) if near is not None else 0.0
        out = []
        for m in moves:
            k = hunters.get(m.piece)
            if k is not None:
                moved = dict(hunters)
                del moved[m.piece]
                moved[m.lands] = k
                out.append(-weight * (left(moved, fields) + carry))
            elif near is not None and m.piece in necros:
                v = base
                if cells[m.to] > DEAD:
                    board.push(m)
                    v = left(hunters, fields_of(True))
                    board.pop()
                out.append(-weight * (v + 0.5 * near[m.lands]))
            else:
                out.append(-weight * (base + carry))
        return out

    def _static(self) -> float:
        """The root player's value of the board, terminal positions included."""
        board = self.board
        root = self.root
        active = board.active_indices()  # players, not parties (two-by-two)
        if root not in active:
            return self._lost()
        if len(active) == 1:
            return WIN
        if board.quiet_turns >= 120:
            return self._draw()
        return self._evaluate(root)

    def _lost(self) -> float:
        """The value of a position where the root player is not in the game: a lost game, or,
        under ``come-back=allowed`` with ``Level.comeback``, out for now (his chief walled in,
        alive: he comes back when the wall opens), worth ``-WIN`` plus a share of it."""
        comeback = self.settings.comeback
        if comeback and self.board.rules.come_back == "allowed" and self.root in self.board.out_players:
            return -WIN * (1.0 - 0.5 * comeback)
        return -WIN

    def _evaluate(self, player: int, scan: Scan | None = None, trap: float | None = None) -> float:
        """``evaluate`` of the search's board for ``player`` with this level's settings."""
        return evaluate(self.board, player, scan=scan, power=self.power,
                        trap=self.trap if trap is None else trap, keep=self.keep,
                        sealed=self.sealed, drop=self.drop, danger=self.danger, dead=self.dead,
                        options=self.options)

    def _draw(self) -> float:
        """The value of a drawn position for the root player. With ``relative_draw``: a little
        less than an even game with the players still in it (so a side that is ahead plays on
        and one that is behind welcomes it); else the constant ``DRAW``."""
        if not self.settings.relative_draw:
            return DRAW
        return _even(self.board) - 5.0

    def _set_up(self, move: Move) -> Generator[None, None, bool]:
        """Whether, after ``move``, an opponent who moves before the root player's next turn
        (but not last) can set up a kill of the root player's chief (``_relay``)."""
        board = self.board
        root = self.root
        board.push(move)
        self.nodes += 1
        hit = False
        if board.is_active(root):
            saved = board.turn_state
            for o in dict.fromkeys(_movers_until(board, root)[:-1]):
                if o != saved.player:
                    board.set_turn(Turn.regular(o))
                hit = yield from self._relay()
                board.set_turn(saved)
                if hit:
                    break
        board.pop()
        return hit

    def _lookahead(self, move: Move, follow_nodes: int) -> Generator[None, None, float]:
        board = self.board
        root = self.root
        base = board.ply
        board.push(move)
        self.nodes += 1
        plies = 0
        if self.settings.relay_all and board.is_active(root):
            # Every opponent's set-ups from this position (each as if he moved now): the
            # opponents who move first need not spoil them.
            saved = board.turn_state
            for o in dict.fromkeys(_movers_until(board, root)[:-1]):  # the last hands over to root
                if o != saved.player:
                    board.set_turn(Turn.regular(o))
                hit = yield from self._relay()
                board.set_turn(saved)
                if hit:
                    self._unwind(base)
                    return -self.settings.relay
        while True:
            active = board.active_indices()
            if root not in active:
                v = self._lost()
                break
            if len(active) == 1:
                v = WIN
                break
            if board.quiet_turns >= 120:
                v = self._draw()
                break
            if board.player_to_move == root:
                self.max_nodes = self.nodes + follow_nodes
                try:
                    v = yield from self._search(1, -1e9, 1e9, 0)
                except OutOfBudget:
                    self._unwind(base + 1 + plies)
                    v = self._evaluate(root)
                break
            if plies >= 6:
                v = self._evaluate(root)
                break
            if self.settings.relay and len(_movers_until(board, root)) > 1 and (yield from self._relay()):
                # This opponent can set up a kill of the root player's chief for the player who
                # moves after him (a piece dropped by his provocateur, a line he opens): a
                # two-ply player like the sparring partner sees it and plays it.
                v = -self.settings.relay
                break
            reply = yield from self._policy()
            if reply is None:
                v = self._evaluate(root)
                break
            board.push(reply)
            self.nodes += 1
            plies += 1
        self._unwind(base)
        return v

    def _relay(self) -> Generator[None, None, bool]:
        """Whether the player to move (an opponent of the root player) has a move after which
        the next player to move, not the root player, can kill the root player's chief: a
        line opened or a piece moved out of the way, a corpse taken off by a necromobile, or a
        provocateur dropping a piece of the next player where it reaches the chief."""
        board = self.board
        root = self.root
        cells = board.cells_view
        code = 1 + 8 * root
        if code not in cells and board.rules.two_by_two:
            code = 1 + 8 * (root + 2)  # his other army's chief
        if code not in cells:
            return False
        gen = _Gen(board)
        moves = gen.moves(quiet=True, places=1)
        # Provocateur drops of a piece next to (or in line with) the chief.
        chief = cells.index(code)
        control = board.control_view
        me = board.player_to_move
        near = [q for q in FIELD if cells[q] == 0 and _dist(q, chief) <= 2]
        lines: list[int] = []  # empty squares in line with the chief (an assassin's)
        for ray in lines_of(chief, CHIEF):
            for t in ray:
                if cells[t]:
                    break
                if t != MAZE:
                    lines.append(t)
        beside: list[int] = []  # empty squares in line with a square beside him (a reporter's)
        for e in ORTHOGONAL_NEIGHBOURS[chief]:
            if cells[e] or e == MAZE:
                continue
            for ray in lines_of(e, CHIEF):
                for t in ray:
                    if cells[t]:
                        break
                    if t != MAZE and t not in beside:
                        beside.append(t)
        places = {MILITANT: near, ASSASSIN: lines, CHIEF: lines, REPORTER: beside}
        for s in range(81):
            c = cells[s]
            if c == 0 or c > DEAD or (c - 1) & 7 != PROVOCATEUR or control[(c - 1) >> 3] != me:
                continue
            for ray in lines_of(s, PROVOCATEUR):
                for t in ray:
                    target = cells[t]
                    if target == 0:
                        continue
                    kind = (target - 1) & 7
                    if t != MAZE and target < DEAD and gen.provoke[target] and kind in places \
                            and control[(target - 1) >> 3] != root:
                        for q in places[kind]:
                            moves.append(Move(s, t, place=q))
                        if kind == MILITANT and _dist(s, chief) <= 2:
                            moves.append(Move(s, t, place=s))
                    break
        for m in moves:
            if self.slice_due(SLICE_NODES):
                yield
            board.push(m)
            self.nodes += 1
            nxt = board.player_to_move
            hit = False
            after = board.cells_view
            if not board.is_active(root) or code not in after:  # 2x2: his other chief lives
                hit = True
            elif nxt != root and board.is_active(nxt):
                hit = _reaches(after, board.control_view, after.index(code), nxt)
            board.pop()
            if hit:
                return True
        return False

    def _policy(self) -> Generator[None, None, Move | None]:
        """The move a greedy one-ply player would make here (a model of the opponents)."""
        board = self.board
        player = board.player_to_move
        moves = candidate_moves(board)
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        best, best_v = moves[0], -1e18
        for m in moves:
            board.push(m)
            self.nodes += 1
            if board.is_active(player):
                v = self._evaluate(player)
            else:
                v = -WIN
            if len(board.active_players) == 1 and board.is_active(player):
                v = WIN
            board.pop()
            if v > best_v:
                best, best_v = m, v
            if self.slice_due(SLICE_NODES):
                yield
        return best

    def _search(self, depth: int, alpha: float, beta: float, qply: int) -> Generator[None, None, float]:
        board = self.board
        if self.slice_due(SLICE_NODES):
            yield
        if self.nodes >= self.max_nodes:
            raise OutOfBudget
        root = self.root
        control = board.control_view
        active = board.active_indices()
        if root not in active:
            return self._lost() - depth
        if len(active) == 1:
            return WIN + depth
        if board.quiet_turns >= 120:
            return self._draw()
        mover = board.player_to_move
        maxing = mover == root
        if depth <= 0:
            stand = self._evaluate(root)
            qd = self.settings.qdepth
            if qply >= qd:
                return stand
            if mover == root:
                if stand >= beta:
                    return stand
                alpha = max(alpha, stand)
            else:
                if stand <= alpha:
                    return stand
                beta = min(beta, stand)
            if not maxing and self.best_reply:
                return (yield from self._best_reply(stand, alpha, beta, qply, mover, active))
            if self.settings.qnarrow:
                # Narrow quiescence: one placement per kill, and an opponent only takes the
                # root player's pieces or a chief (what changes the root's value the most).
                gen = _Gen(board)
                moves = gen.moves(quiet=False, places=1,
                                  victims=None if maxing else _narrow(gen.enemy, control, root))
            else:
                moves = _Gen(board).moves(quiet=False)
            best = stand
        else:
            moves = candidate_moves(board)
            if not moves:
                return DRAW
            best = None
        for m in moves:
            board.push(m)
            self.nodes += 1
            v = yield from self._search(depth - 1, alpha, beta, qply + (depth <= 0))
            board.pop()
            if maxing:
                if best is None or v > best:
                    best = v
                if v > alpha:
                    alpha = v
            else:
                if best is None or v < best:
                    best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best




#: How far above an even game a player's evaluation must be for him to count as winning (a draw
#: offer is then refused).
DRAW_MARGIN = 10.0


def accepts_draw(board: Board, player, level: str = "normal") -> bool:
    """Whether a computer seat at ``level`` accepts a draw offer: only when its own evaluation
    says it is not winning (no better than an even game plus ``DRAW_MARGIN``). A player out of
    the game, or a finished game, accepts nothing."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    player = int(player)
    if not board.is_active(player) or board.is_game_over():
        return False
    if len(board.active_players) == 1:
        return False
    trap = SETTINGS[level].trap if level in SETTINGS else 0.0
    return evaluate(board, player, trap=trap) <= _even(board) + DRAW_MARGIN


def choose_move(board: Board, level: str, seed: int) -> Move:
    """The move the computer plays at ``level`` (runs a ``Search`` to completion)."""
    return Search(board, level, seed).run()


__all__ = ["Search", "SLICE_NODES", "DRAW_MARGIN", "choose_move", "accepts_draw"]
