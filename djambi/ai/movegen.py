"""Move generation for the search: every legal piece-destination, but only a few sensible
placements per kill (a kill lets the corpse go to any of ~45 empty squares): the killer's start
square, next to an enemy chief to wall him in, far away from one's own chief. Every move it
makes is legal. Also the ``random`` level (``random_move``).
"""

from __future__ import annotations

import random

from ..board import FROZEN, Board
from ..move import Move
from ..pieces import ASSASSIN, CHIEF, DEAD, MILITANT, NECROMOBILE, PROVOCATEUR, REPORTER
from ..geometry import BOARDS, MAZE
from ..threats import cover
from ..turns import next_turn
from .evaluation import VALUE, VICTIM_ORDER

#: Per board: field cells from the rim inwards (farthest from the maze first, then by number):
#: where a corpse or a moved enemy piece is least in the way.
_FAR_ORDERS: dict[str, tuple[int, ...]] = {
    geo.name: tuple(sorted(geo.field, key=lambda q, d=geo.distance[MAZE]: (-d[q], q)))
    for geo in BOARDS.values()
}


# ---------------------------------------------------------------------------------------------
# Move generation for the search: every legal piece-destination, few placement choices


class _Gen:
    """Candidate moves of the player to move, with a few placements per kill."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.geo = geo = board.geometry
        self.far_order = far_order = _FAR_ORDERS[geo.name]
        neighbours = geo.neighbours
        dist = geo.distance
        cells = board.cells_view
        control = board.control_view
        self.player = player = board.player_to_move
        # What the player may act on, by the rule set (kill-own, provocateur-own, players).
        self.enemy = board.enemy_table(player)
        rules = board.rules
        self.provoke = self.enemy if rules.kill_own == rules.provocateur_own == "never" else (
            board.enemy_table(player, provoke=True))
        self.mine = board.mine_table(player)
        self._enemy_full = self.enemy
        self.report = board.rules.reporter
        own_chief = -1
        enemy_chiefs = []
        for p in range(4):
            ctl = control[p]
            code = 1 + 8 * p
            if ctl == player and p == player:
                own_chief = cells.index(code) if code in cells else -1
            elif ctl != FROZEN and ctl != player and code in cells:
                enemy_chiefs.append(cells.index(code))
        self.own_chief = own_chief
        near_own = set(neighbours[own_chief]) if own_chief >= 0 else set()
        self.near_own = near_own
        # Wall squares: empty field squares next to enemy chiefs, the most walled-in chief first.
        walls = []
        for sq in enemy_chiefs:
            if sq == MAZE:
                continue
            nb = neighbours[sq]
            corpses = sum(1 for q in nb if cells[q] > DEAD)
            free = [q for q in nb if cells[q] == 0 and q != MAZE and q not in near_own]
            if free:
                walls.append((-(corpses + 1) / len(nb), free[0]))
        walls.sort()
        self.walls = [q for _, q in walls[:2]]
        far = -1
        for q in far_order:
            if cells[q] == 0 and q not in near_own and q not in self.walls:
                if own_chief < 0 or dist[q][own_chief] >= 3:
                    far = q
                    break
        self.far = far
        # The empty field square with the most corpses around it: a trap for an enemy chief.
        best, trap = -1.0, -1
        for q in geo.field:
            if cells[q] == 0:
                nb = neighbours[q]
                k = sum(1 for r in nb if cells[r] > DEAD) / len(nb)
                if k > best:
                    best, trap = k, q
        self.trap = trap
        self._ground: dict[int, int] | None = None

    def corpse_places(self, s: int, exclude: int = -1) -> list[int]:
        """A few squares for a corpse; ``s`` (the mover's start, empty after the move) counts."""
        out = []
        if s != MAZE and s != exclude and s not in self.near_own:
            out.append(s)
        for q in self.walls:
            if q not in out and q != exclude:
                out.append(q)
        if self.far >= 0 and self.far not in out and self.far != exclude:
            out.append(self.far)
        if not out:
            if s != MAZE and s != exclude:
                out.append(s)
            else:
                cells = self.board.cells_view
                for q in self.far_order:
                    if cells[q] == 0 and q != exclude:
                        out.append(q)
                        break
        return out

    def killing_ground(self, victim: int) -> int:
        """For an enemy chief moved by a provocateur: an empty square where another player can
        kill him, the player who moves next first (-1 if there is none)."""
        if self._ground is None:
            board = self.board
            self._cover = cover(board.cells_view, board.control_view, geometry=self.geo)
            active = board.active_indices()
            ruler = board.ruler_index()
            nxt = next_turn(board.turn_state, ruler, ruler, active).player if active else -1
            self._ground = {}
            self._next = nxt
        party = (victim - 1) >> 3
        owner = self.board.control_view[party]
        found = self._ground.get(owner)
        if found is None:
            others = 15 & ~(1 << owner)
            nbit = 1 << self._next if self._next >= 0 and self._next != owner else 0
            found, best = -1, 0
            cov = self._cover
            for q in self.geo.field:
                c = cov[q] & others
                if c:
                    rank = 2 if c & nbit else 1
                    if rank > best:
                        found, best = q, rank
                        if rank == 2:
                            break
            self._ground[owner] = found
        return found

    def provoke_places(self, s: int, victim: int, exclude: int = -1) -> list[int]:
        """A few squares for an enemy living piece moved by a provocateur (for a chief, first
        a square where another player can kill him)."""
        out = []
        if (victim - 1) & 7 == CHIEF:
            q = self.killing_ground(victim)
            if q >= 0 and q != exclude and q != s and self.board.cells_view[q] == 0:
                out.append(q)
        if s != MAZE and s != exclude:
            out.append(s)
        if (victim - 1) & 7 == CHIEF and self.trap >= 0 and self.trap not in out and self.trap != exclude:
            out.append(self.trap)
        if self.far >= 0 and self.far not in out and self.far != exclude:
            out.append(self.far)
        if not out:
            cells = self.board.cells_view
            for q in self.far_order:
                if cells[q] == 0 and q != exclude:
                    out.append(q)
                    break
        return out

    def moves(self, quiet: bool = True, victims: list[bool] | None = None,
              places: int = 0) -> list[Move]:
        """Candidate moves, kills first (the most valuable victim first). ``victims``: a table
        of the living pieces (by cell code) that may be acted on (default: every enemy);
        ``places``: at most this many placements per kill (0: no limit)."""
        saved = self.enemy
        self._enemy_full = saved
        if victims is not None:
            self.enemy = victims
        try:
            return self._moves(quiet, places)
        finally:
            self.enemy = saved

    def _provoke_now(self) -> list[bool]:
        """What the provocateur may move now: ``provoke`` cut to ``victims`` if given."""
        full, enemy = self._enemy_full, self.enemy
        if self.provoke is full:
            return enemy
        if enemy is full:
            return self.provoke
        return [e and p for e, p in zip(enemy, self.provoke)]

    def _moves(self, quiet: bool, places: int) -> list[Move]:
        board = self.board
        cells = board.cells_view
        player = self.player
        mine = self.mine
        enemy = self.enemy
        provoke = self._provoke_now()
        report = self.report
        cut = places if places else 99
        geo = self.geo
        walk, beside = geo.walk, geo.beside
        kills: list[tuple[int, int, Move]] = []
        quiets: list[Move] = []
        n = 0
        for s in geo.cells:
            code = cells[s]
            if code == 0 or code > DEAD or not mine[(code - 1) >> 3]:
                continue
            kind = (code - 1) & 7
            for t in walk(cells, s, kind)[0]:  # an occupied cell ends its line
                target = cells[t]
                if target == 0:
                    if t == MAZE:
                        if kind == CHIEF:
                            kills.append((50, n, Move(s, t)))  # power
                            n += 1
                        continue
                    if kind == REPORTER:
                        if report != "may":  # must, all: the victims decide the move
                            full = self._enemy_full
                            found = [v for v in beside[t]
                                     if v != s and full[cells[v]]]
                            if report == "all" or not found:
                                if found:  # reporter=all: one move kills them all
                                    worth = sum(VICTIM_ORDER[(cells[v] - 1) & 7] for v in found)
                                    kills.append((worth * 10, n, Move(s, t)))
                                    n += 1
                                elif quiet:
                                    quiets.append(Move(s, t))
                                continue
                        elif quiet:
                            quiets.append(Move(s, t))
                        for v in beside[t]:
                            vc = cells[v]
                            if enemy[vc] and v != s:
                                kills.append((VICTIM_ORDER[(vc - 1) & 7] * 10, n, Move(s, t, victim=v)))
                                n += 1
                    elif quiet:
                        quiets.append(Move(s, t))
                    continue
                if t == MAZE:
                    self._maze(s, kind, target, kills, quiet)
                elif target > DEAD:
                    if kind == NECROMOBILE and quiet:
                        for p in self.corpse_places(s):
                            quiets.append(Move(s, t, place=p))
                elif provoke[target] if kind == PROVOCATEUR else enemy[target]:
                    order = VICTIM_ORDER[(target - 1) & 7] * 10 - VALUE[kind]
                    if kind == MILITANT or kind == CHIEF:
                        for p in self.corpse_places(s)[:cut]:
                            kills.append((order, n, Move(s, t, place=p)))
                            n += 1
                    elif kind == ASSASSIN:
                        kills.append((order, n, Move(s, t)))
                        n += 1
                    elif kind == PROVOCATEUR:
                        for p in self.provoke_places(s, target)[:cut]:
                            kills.append((order // 4, n, Move(s, t, place=p)))
                            n += 1
        kills.sort(key=lambda k: (-k[0], k[1]))
        return [m for _, _, m in kills] + quiets

    def _maze(self, s: int, kind: int, target: int, out: list, quiet: bool) -> None:
        enemy = self._provoke_now() if kind == PROVOCATEUR else self.enemy
        if kind == CHIEF:
            if target < DEAD and enemy[target]:
                for p in self.corpse_places(s):
                    out.append((1000, len(out), Move(s, MAZE, place=p)))
            return
        if kind == ASSASSIN or kind == PROVOCATEUR:
            if not (target < DEAD and enemy[target]):
                return
        elif kind == NECROMOBILE:
            if target < DEAD or not quiet:
                return
        else:
            return
        exits = self.geo.maze_exits(self.board.cells_view, s, kind)
        if not exits:
            return
        if len(exits) > 3:
            exits = [exits[0], exits[len(exits) // 2], exits[-1]]
        order = 1000 if kind == ASSASSIN else 60
        for x in exits:
            if kind == ASSASSIN:
                out.append((order, len(out), Move(s, MAZE, exit=x)))
            else:
                places = (self.provoke_places(s, target, x) if kind == PROVOCATEUR
                          else self.corpse_places(s, x))
                for p in places[:2]:
                    out.append((order, len(out), Move(s, MAZE, place=p, exit=x)))


def candidate_moves(board: Board, quiet: bool = True) -> list[Move]:
    """The moves the search tries for the player to move (kills first); ``[Move.null()]`` if he
    must pass, ``[]`` if the game is over. With ``quiet=False``: only kills and power moves."""
    if board.is_decided():
        return []
    moves = _Gen(board).moves(quiet)
    if not moves and quiet:
        return board.generate_legal_moves()  # a pass, or nothing
    return moves


# ---------------------------------------------------------------------------------------------
# The random level


def _pairs(board: Board) -> list[tuple[int, int]]:
    """Every (piece square, destination) with at least one legal move, in square and ray
    order (the engine's). The search's move generator has at least one move for each such
    pair: it cuts only the choices that follow (corpse squares, exits)."""
    index = _RAY_INDEX[board.geometry.name]
    return sorted({(m.piece, m.to) for m in _Gen(board).moves()}, key=lambda p: (p[0], index[p[0]][p[1]]))


#: Per board, per cell: every cell on its rays, numbered in ray order (the engine's walk order).
_RAY_INDEX: dict[str, tuple[dict[int, int], ...]] = {
    geo.name: tuple({t: i for i, t in enumerate(t for ray in geo.rays[s] for t in ray)} for s in range(81))
    for geo in BOARDS.values()
}


def random_move(board: Board, rng: random.Random) -> Move:
    """A random legal move: a uniform piece-destination pair, then a uniform choice."""
    pairs = _pairs(board)
    if pairs:
        s, t = pairs[rng.randrange(len(pairs))]
        group = [m for m in board.generate_legal_moves(s) if m.to == t]
        if group:
            return group[rng.randrange(len(group))]
    moves = board.generate_legal_moves()
    if not moves:
        raise ValueError("the game is over: no legal move")
    return moves[rng.randrange(len(moves))]


_NARROW: dict[tuple, list[bool]] = {}


def _narrow(enemy: list[bool], control: list[int], root: int) -> list[bool]:
    """``enemy`` cut to the root player's living pieces and every chief."""
    key = (tuple(control), root, tuple(enemy[1:31]))
    table = _NARROW.get(key)
    if table is None:
        table = [False] * 72
        for code in range(1, 31):
            table[code] = enemy[code] and (control[(code - 1) >> 3] == root or (code - 1) & 7 == CHIEF)
        if len(_NARROW) > 4096:
            _NARROW.clear()
        _NARROW[key] = table
    return table

