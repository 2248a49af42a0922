"""Computer opponents: an evaluation that knows Djambi and a multi-player search over it.

Levels (``LEVELS``):

``random``  a uniformly random piece-and-destination, then a uniformly random choice among that
            pair's moves (the corpse's square, the victim, …). Cheap: it never builds the
            thousands of placement variants a kill creates.
``easy``    one ply, greedy over the evaluation, with noise.
``normal``  paranoid search (every other player minimises the mover's score) one ply deep, then a
            quiescence search over the kills that follow. Every move first gets its static value
            (``prepass``), so the search runs best-first and, with a *narrow* quiescence (one
            corpse square per kill; an opponent only takes the root player's pieces or a chief),
            finishes its ply within 2,500 nodes even in a busy opening. Then, best move first, it
            plays the first move that lets no opponent set up a kill of its chief for the player
            after him (``Search._set_up``: a provocateur dropping a piece beside the chief, a
            piece moved off a line). A chief that a player moving first can kill costs nearly the
            game (``danger``); with two players left it searches two plies (enough to open a wall
            round the last chief and kill through the gap) and values a draw against the players
            left; until the first kill its necromobile stays home unless attacked
            (``necro_home``: out in the field it is only a target, and without it a chief sealed
            in corpses later is out of reach for good). With two players left it also hunts
            (``hunt``): every move's score loses a point per move its pieces still need to kill
            the last enemy chief (``hunt_field``: round corpses, through his guards), so that a
            quiet ending is not shuffled until the 120-turn draw; when every hunter is walled
            off, its necromobile goes to carry the wall away. An opponent's chief walled in
            with no necromobile left on the board can never be eliminated, so nobody can win:
            that counts heavily against it (``dead``): it does not kill the last necromobile.
``hard``    paranoid search too, but every move first gets its static value (stage 0), so that
            the one-ply search with a *narrow* quiescence (one corpse square per kill; an
            opponent only takes the root player's pieces or a chief) runs best-first and always
            finishes within its budget. Then, for the five best moves, a look-ahead with a model
            of the opponents: each opponent, in the board's turn order, plays the move a greedy
            one-ply player would, until it is the root player's turn again, whose best follow-up
            (one ply + quiescence) is searched. The move's value blends the paranoid score and
            the look-ahead's. If all of them lose, the look-ahead goes on down the list (up to
            ten more). This sees the threats a move creates (and the realistic replies to it),
            which the paranoid one-ply search cannot. Its evaluation also fears its own chief
            one corpse short of perishing whatever holds the last square (a piece there that
            moves away or is killed closes the wall), values a draw relative to an even game
            (see ``Search._draw``), searches two plies when only two players are left, and adds
            a little seeded noise in the opening (before the first kill) so that its games do
            not all follow one line per seating. It also sees *set-ups*: an opponent whose move
            lets the player after him kill the root player's chief (his provocateur drops a
            piece of that player beside the chief or on his line, a piece or corpse is moved
            off a line): each look-ahead first tries every such opponent's moves from the
            position (``_relay``, pushed), and at every opponent's turn in it; a set-up found
            counts as a near loss, and the look-ahead goes on down the whole list of moves
            while every move seen allows one. The evaluation has the static form of it (a
            provocateur that can reach a killer of the next player while the chief has an
            empty square beside him: ``drop``). A two-ply player like the sparring partner
            finds such set-ups and plays them: they were most of ``hard``'s early losses. Like
            ``normal``, a chief that a player moving first can kill costs it nearly the game
            (``danger``). With two players left it plays the plain two-ply search, without the
            look-ahead's model of several opponents (``duel_plain``), and holding the maze is
            worth more there (``duel_power``: the ruler moves twice to his one opponent's once).

The search is *paranoid* (Sturtevant & Korf): a multi-player search in which the root player
maximises and every opponent, whenever ``board.turn`` says it is his move, minimises the root
player's value. Turn order is never assumed: the ruler's extra turns come from the board.

The evaluation (``evaluate``), for the root player: material of every piece a player controls
(taken-over parties included); 25 points per opponent still in the game (eliminating one is
worth that much); the chief's safety — attacked by a player who moves before the root player's
next turn is nearly a lost game, attacked by the root player costs that opponent; corpses that
wall a chief in (worse without a necromobile, worst one corpse short of perishing); power (the
chief in the maze) and a free path to the maze; mobility; the root player's hanging pieces;
pressure (his pieces near enemy chiefs); and, as the 120-turn draw nears, a growing bonus for
any kill. Opponents' values enter as 0.4 × their sum + 0.3 × the largest. After 30 quiet turns
the root's move scores get seeded noise growing with the counter, so that a stalled position is
not met with the same shuffle until the draw.

Moves to search are generated here, not by ``Board.generate_legal_moves``: a kill lets the corpse
go to any of ~45 empty squares, so the search only tries a few sensible placements per kill (the
killer's start square, next to an enemy chief to wall him in, far away from one's own chief).
Every move tried is legal; the move returned is checked against the board.

``Search(board, level, seed)`` is resumable: ``step(max_ms)`` does a slice of work and returns
whether the search is finished, so the browser can think without freezing the page. The result
depends only on (position, level, seed): the work is budgeted in nodes, never in time.
"""

from __future__ import annotations

import math
import random
import time
from typing import Generator

from .board import FROZEN, Board
from .move import Move
from .pieces import DEAD, living_code
from .squares import FIELD, MAZE, NEIGHBOURS, ORTHOGONAL_NEIGHBOURS, RAYS
from .threats import Scan, cover
from .threats import scan as scan_position
from .turns import Turn, next_turn

LEVELS = ("random", "easy", "normal", "hard")
#: Settings tried in tournaments but not offered as levels (see the README): ``hard-brs`` is hard
#: (before its set-up checks) with a best-reply quiescence; ``mcts`` is Monte-Carlo tree search
#: with a max^n backup and progressive history (``Search._mcts``); ``expert`` is the first
#: ``normal``'s search (full quiescence, no ordering) with the set-up check that ``normal`` now
#: has: it beat the sparring partner about as often as ``hard`` does but is no level (with no
#: noise, its games against three of the first ``normal`` repeat every four, and it lost all
#: four).
EXPERIMENTAL_LEVELS = ("hard-brs", "mcts", "expert")

CHIEF, ASSASSIN, REPORTER, PROVOCATEUR, NECROMOBILE, MILITANT = range(6)

#: Material value of a living piece by kind (the chief is valued through the game's result).
VALUE = (0.0, 5.0, 4.0, 4.0, 4.0, 2.0)
#: What a kill of this kind is worth to order moves (the chief first).
VICTIM_ORDER = (100, 5, 4, 4, 4, 2)

WIN = 1000.0
#: The cost of every opponent still in the game: eliminating one is worth this much.
OPPONENT = 25.0
#: Per piece of the root player near an enemy chief, per square closer than four.
PRESSURE = 0.1
#: Quiet turns after which the root player's choice gets noise (see ``Search._run``).
STALL = 30
#: What the approach of a draw by the 120-turn rule costs at most.
QUIET = 15.0
#: A draw is a little worse than an even game: the AI plays to win.
DRAW = -20.0

_ROW = tuple(sq // 9 for sq in range(81))
_COL = tuple(sq % 9 for sq in range(81))


def _dist(a: int, b: int) -> int:
    return max(abs(_ROW[a] - _ROW[b]), abs(_COL[a] - _COL[b]))


#: Field squares from the edges inwards (corners first): where a corpse or a moved enemy piece is
#: least in the way.
_FAR_ORDER = tuple(sorted(FIELD, key=lambda q: (min(_ROW[q], 8 - _ROW[q], _COL[q], 8 - _COL[q]),
                                               -_dist(q, MAZE), q)))


# ---------------------------------------------------------------------------------------------
# Turn order helpers


def _movers_until(board: Board, player: int) -> list[int]:
    """The players who move, in order, from now until ``player``'s next turn (exclusive),
    assuming the ruler stays the ruler. Empty if it is ``player``'s turn."""
    turn = board._turn
    if turn.player == player:
        return []
    active = [p for p in range(4) if board._control[p] == p]
    if player not in active:
        return []
    ruler = board._ruler()
    out = []
    for _ in range(12):
        if turn.player == player:
            break
        out.append(turn.player)
        turn = next_turn(turn, ruler, ruler, active)
    return out


# ---------------------------------------------------------------------------------------------
# Evaluation


#: The cell codes of the four parties' living necromobiles.
_NECROMOBILES = tuple(living_code(NECROMOBILE, party) for party in range(4))


def _sealed(cells, chief: int, root: int, control) -> bool:
    """Whether the chief on ``chief`` is shut in a pocket of corpses with none of the root
    player's pieces (the squares a line move can reach from outside are those next to a square
    outside, so nobody enters a pocket without a necromobile taking a corpse of its wall)."""
    nb = NEIGHBOURS[chief]
    if sum(1 for q in nb if cells[q] > DEAD) < len(nb) // 2:
        return False
    seen = {chief}
    todo = [chief]
    while todo:
        q = todo.pop()
        for r in NEIGHBOURS[q]:
            if r in seen:
                continue
            c = cells[r]
            if c > DEAD:
                continue
            if c and control[(c - 1) >> 3] == root:
                return False
            seen.add(r)
            if len(seen) > 10:
                return False
            todo.append(r)
    return len(seen) > 1


def evaluate(board: Board, root: int, scan: Scan | None = None, power: float = 6.0,
             trap: float = 0.0, keep: float = 0.0, sealed: float = 0.0, drop: float = 0.0,
             danger: float = 30.0, dead: float = 0.0) -> float:
    """The position's value for player ``root`` (higher is better), paranoid style: his own
    strength less a share of everybody else's. Terminal positions are not handled here.
    ``power``: what holding the maze is worth to a player; ``trap``: the extra cost of the root
    player's chief one corpse short of perishing (a quarter of it two corpses short)."""
    cells = board._cells
    control = board._control
    if scan is None:
        scan = scan_position(cells, control)
    kill = scan.kill
    provoke = scan.provoke
    active = [p for p in range(4) if control[p] == p]
    ruler = board._ruler()
    mover = board._turn.player
    before_root = _movers_until(board, root)  # opponents who move before root's next turn
    before_mask = 0
    for p in before_root:
        before_mask |= 1 << p

    material = [0.0, 0.0, 0.0, 0.0]
    hanging = [0.0, 0.0, 0.0, 0.0]  # root's pieces that a player moving before him can take
    necro = [False, False, False, False]
    # Targets: the chiefs of the other players and the hostage's chief.
    targets = [sq for p, sq in enumerate(scan.chief_sq) if sq >= 0 and p != root]
    hostage_chief = -1
    for p in range(4):
        if control[p] > 4:
            code = 1 + 8 * p
            if code in cells:
                hostage_chief = cells.index(code)
                targets.append(hostage_chief)
    pressure = 0.0
    for s in range(81):
        code = cells[s]
        if code == 0 or code > DEAD:
            continue
        a = control[(code - 1) >> 3]
        if a > 3:
            continue
        kind = (code - 1) & 7
        material[a] += VALUE[kind]
        if kind == NECROMOBILE:
            necro[a] = True
        if a == root and kind != CHIEF:
            if kill[s] & before_mask:
                worth = VALUE[kind] + (keep if kind == NECROMOBILE else 0.0)
                hanging[a] = max(hanging[a], worth)
                hanging[a] += 0.25 * worth
            # Pressure: pieces close to an enemy chief (they kill him, wall him in, or clear
            # the corpses that shelter him).
            r, c = _ROW[s], _COL[s]
            for t in targets:
                d = max(abs(r - _ROW[t]), abs(c - _COL[t]))
                if d < 4:
                    pressure += 4 - d

    score = [0.0, 0.0, 0.0, 0.0]
    for p in active:
        v = material[p] + 0.05 * scan.mobility[p]
        sq = scan.chief_sq[p]
        if sq == MAZE:
            v += power if ruler == p else 0.0
        elif sq >= 0:
            nb = NEIGHBOURS[sq]
            corpses = 0
            empty = 0
            for q in nb:
                c = cells[q]
                if c > DEAD:
                    corpses += 1
                elif c == 0 and q != MAZE:
                    empty += 1
            n = len(nb)
            wall = corpses / n
            v -= (6.0 if not necro[p] else 2.0) * wall * wall
            if not necro[p] and corpses == n - 1 and empty == 1:
                v -= 8.0  # one more corpse and he perishes
            if p == root and trap and not necro[p]:
                # One corpse short of perishing (whatever holds the last square: a piece there
                # that moves away or is killed lets the wall close), or two short.
                if corpses == n - 1 and MAZE not in nb:
                    v -= trap
                elif corpses == n - 2 and MAZE not in nb:
                    v -= 0.25 * trap
            if cells[MAZE] == 0:
                # A free maze the chief can reach: power next move.
                for ray in RAYS[sq]:
                    for t in ray:
                        if t == MAZE:
                            v += 1.0
                            break
                        if cells[t]:
                            break
        # Chief under attack (a kill, or a provocateur who can drop him into a trap).
        attack = (kill[sq] | provoke[sq]) if sq >= 0 else 0
        if sq >= 0 and attack & ~(1 << p):
            if p == root:
                if kill[sq] & before_mask:
                    v -= danger  # will most likely die before he can move
                elif attack & before_mask:
                    v -= 30.0  # a provocateur can take him somewhere
                else:
                    v -= 2.0
            else:
                if attack & (1 << root):
                    v -= 12.0 if mover == root else 4.0
                else:
                    v -= 2.0
        if sealed and p != root and 0 <= sq != MAZE and _sealed(cells, sq, root, control):
            # Out of the root player's reach: for good without a necromobile (he cannot win),
            # until his necromobile takes a corpse of the wall with one.
            v += sealed if not necro[root] else sealed / 3
            if dead and not any(code in cells for code in _NECROMOBILES):
                # No necromobile left on the board: nobody can ever open the wall, so he can
                # never be eliminated and nobody can win (a dead position: a draw at best).
                v += dead
        score[p] = v

    if root not in active:
        return -WIN
    others = [score[p] for p in active if p != root]
    value = score[root] - 0.5 * hanging[root] + PRESSURE * pressure
    if drop and len(before_root) > 1 and _drop_danger(cells, control, provoke, scan.chief_sq[root], root, before_root):
        value -= drop
    if keep and necro[root]:
        value += keep
    if others:
        value -= 0.4 * sum(others) + 0.3 * max(others) + OPPONENT * len(others)
    # The hostage party's material belongs to whoever kills its chief: no term.
    # The draw counter: the nearer a draw by the 120-turn rule, the more a kill is worth (a kill
    # restarts the counter, so this is a bonus for action, not a term that changes with a
    # quiet move).
    q = board._quiet / 120.0
    value -= QUIET * q * q
    return value


def _reaches(cells, control, c: int, player: int) -> bool:
    """Whether ``player`` can kill the chief on ``c`` in one move (a militant, assassin or chief
    on a clear line, a reporter reaching a square beside him)."""
    for ray in RAYS[c]:
        steps = 0
        for t in ray:
            steps += 1
            code = cells[t]
            if code == 0:
                continue
            if code < DEAD and control[(code - 1) >> 3] == player:
                kind = (code - 1) & 7
                if kind == ASSASSIN or kind == CHIEF or (kind == MILITANT and steps <= 2 and c != MAZE):
                    return True
            break
    for e in ORTHOGONAL_NEIGHBOURS[c]:
        if cells[e] != 0 or e == MAZE:
            continue
        for ray in RAYS[e]:
            for t in ray:
                code = cells[t]
                if code == 0:
                    continue
                if code < DEAD and (code - 1) & 7 == REPORTER and control[(code - 1) >> 3] == player:
                    return True
                break
    return False


_DROPPED = (False, True, True, False, False, True)  # kinds that kill once dropped: C, A, R, M


def _drop_danger(cells, control, provoke, c: int, root: int, order: list[int]) -> bool:
    """Whether a provocateur of an opponent can drop a piece of the player who moves right
    after him (before the root player) where it kills the root player's chief on ``c``: a
    chief, assassin, reporter or militant of that player within the provocateur's reach, and
    an empty square beside the chief (a static test: the search's ``_relay`` pushes the moves)."""
    if c < 0 or c == MAZE:
        return False
    if not any(cells[q] == 0 and q != MAZE for q in NEIGHBOURS[c]):
        return False
    pairs = 0  # bit 4x + y: x moves right before y
    for i in range(len(order) - 1):
        x, y = order[i], order[i + 1]
        if x != y and y != root:
            pairs |= 1 << (4 * x + y)
    if not pairs:
        return False
    for s in range(81):
        bits = provoke[s]
        if not bits:
            continue
        code = cells[s]
        if not _DROPPED[(code - 1) & 7]:
            continue
        y = control[(code - 1) >> 3]
        if y > 3 or y == root:
            continue
        for x in range(4):
            if bits >> x & 1 and pairs >> (4 * x + y) & 1:
                return True
    return False


#: Moves counted at most by ``hunt_field`` (a hunter farther away, or walled off, counts this).
HUNT_CAP = 8


def hunt_field(cells, control, root: int, chief: int, kind: int, through: bool = False) -> list[int]:
    """For a piece of ``kind`` of player ``root``: on each square, how many moves it needs from
    there before it can kill the chief on ``chief`` (0: it can now; ``HUNT_CAP``: not within
    that). A search back from the chief along the piece's lines: over empty squares (the maze
    crossed, never stopped on, except by a chief), and onto an enemy living piece (a kill moves
    the hunter there); a corpse, or a piece of the root player's, ends a line (one of his pieces
    there is a hunter: it gets the distance). A reporter kills from an empty square beside the
    chief (not the maze), so its search starts from those squares. With ``through`` (the root
    player has a necromobile to carry corpses away), a corpse does not end a line: each one on
    the way costs a move more."""
    field = [HUNT_CAP] * 81
    if kind == REPORTER:
        starts = [e for e in ORTHOGONAL_NEIGHBOURS[chief] if cells[e] == 0 and e != MAZE]
    elif kind == MILITANT and chief == MAZE:
        return field  # a militant never enters the maze
    else:
        starts = [chief]
    reach = 2 if kind == MILITANT else 8
    # Costs: a start 0, a square one move from a start 1, ... (the field is the cost less one).
    cost = [HUNT_CAP + 1] * 81
    buckets: list[list[int]] = [[] for _ in range(HUNT_CAP + 2)]
    for q in starts:
        cost[q] = 0
        buckets[0].append(q)
    for c in range(HUNT_CAP + 1):
        for q in buckets[c]:
            if cost[q] != c or (c and 0 < cells[q] < DEAD and control[(cells[q] - 1) >> 3] == root):
                continue  # stale, or a hunter's own square (it does not pass on)
            for ray in RAYS[q]:
                steps = 0
                extra = 0
                for t in ray:
                    steps += 1
                    if steps > reach:
                        break
                    code = cells[t]
                    if code > DEAD:
                        if not through:
                            break
                        extra += 1  # carried away first
                    elif code == 0 and t == MAZE and kind != CHIEF:
                        continue  # crossed, never a stop
                    elif code and code < DEAD:
                        owner = control[(code - 1) >> 3]
                        if owner != root and (owner == FROZEN or (code - 1) & 7 == CHIEF
                                              or kind == REPORTER):
                            break  # neither a hunter nor a piece to kill on the way
                    nc = c + 1 + extra
                    if nc < cost[t]:
                        cost[t] = nc
                        if nc <= HUNT_CAP:
                            buckets[nc].append(t)
                    if code and code < DEAD:
                        break  # a piece ends the line (land on it: kill it, or a hunter's own)
    for q in range(81):
        if 0 < cost[q] <= HUNT_CAP:
            field[q] = cost[q] - 1
    if kind == REPORTER:
        for e in starts:
            field[e] = 1  # beside him already: one step aside, then the kill
    return field


def _necro_field(cells, goals: list[int]) -> list[int]:
    """Moves a necromobile needs from each square to land on one of the corpses ``goals``
    (0 on one of them; ``HUNT_CAP`` if not within that): along lines over empty squares."""
    field = [HUNT_CAP] * 81
    frontier = list(goals)
    for q in goals:
        field[q] = 0
    d = 0
    while frontier and d < HUNT_CAP - 1:
        d += 1
        nxt = []
        for q in frontier:
            for ray in RAYS[q]:
                for t in ray:
                    code = cells[t]
                    if code > DEAD:
                        break  # a corpse ends the line
                    if code:
                        if field[t] > d:
                            field[t] = d  # a piece here (the necromobile) moves from it
                        break
                    if t == MAZE:
                        continue  # crossed, never a stop
                    if field[t] > d:
                        field[t] = d
                        nxt.append(t)
        frontier = nxt
    return field


# ---------------------------------------------------------------------------------------------
# Move generation for the search: every legal piece-destination, few placement choices


class _Gen:
    """Candidate moves of the player to move, with a few placements per kill."""

    def __init__(self, board: Board) -> None:
        self.board = board
        cells = board._cells
        control = board._control
        self.player = player = board._turn.player
        self.enemy = enemy = [False] * 72
        for code in range(1, 31):
            ctl = control[(code - 1) >> 3]
            enemy[code] = ctl != player and ctl != FROZEN
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
        near_own = set(NEIGHBOURS[own_chief]) if own_chief >= 0 else set()
        self.near_own = near_own
        # Wall squares: empty field squares next to enemy chiefs, the most walled-in chief first.
        walls = []
        for sq in enemy_chiefs:
            if sq == MAZE:
                continue
            nb = NEIGHBOURS[sq]
            corpses = sum(1 for q in nb if cells[q] > DEAD)
            free = [q for q in nb if cells[q] == 0 and q != MAZE and q not in near_own]
            if free:
                walls.append((-(corpses + 1) / len(nb), free[0]))
        walls.sort()
        self.walls = [q for _, q in walls[:2]]
        far = -1
        for q in _FAR_ORDER:
            if cells[q] == 0 and q not in near_own and q not in self.walls:
                if own_chief < 0 or _dist(q, own_chief) >= 3:
                    far = q
                    break
        self.far = far
        # The empty field square with the most corpses around it: a trap for an enemy chief.
        best, trap = -1.0, -1
        for q in FIELD:
            if cells[q] == 0:
                nb = NEIGHBOURS[q]
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
                cells = self.board._cells
                for q in _FAR_ORDER:
                    if cells[q] == 0 and q != exclude:
                        out.append(q)
                        break
        return out

    def killing_ground(self, victim: int) -> int:
        """For an enemy chief moved by a provocateur: an empty square where another player can
        kill him, the player who moves next first (-1 if there is none)."""
        if self._ground is None:
            board = self.board
            self._cover = cover(board._cells, board._control)
            active = [p for p in range(4) if board._control[p] == p]
            ruler = board._ruler()
            nxt = next_turn(board._turn, ruler, ruler, active).player if active else -1
            self._ground = {}
            self._next = nxt
        party = (victim - 1) >> 3
        owner = self.board._control[party]
        found = self._ground.get(owner)
        if found is None:
            others = 15 & ~(1 << owner)
            nbit = 1 << self._next if self._next >= 0 and self._next != owner else 0
            found, best = -1, 0
            cov = self._cover
            for q in FIELD:
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
            if q >= 0 and q != exclude and q != s and self.board._cells[q] == 0:
                out.append(q)
        if s != MAZE and s != exclude:
            out.append(s)
        if (victim - 1) & 7 == CHIEF and self.trap >= 0 and self.trap not in out and self.trap != exclude:
            out.append(self.trap)
        if self.far >= 0 and self.far not in out and self.far != exclude:
            out.append(self.far)
        if not out:
            cells = self.board._cells
            for q in _FAR_ORDER:
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
        if victims is not None:
            self.enemy = victims
        try:
            return self._moves(quiet, places)
        finally:
            self.enemy = saved

    def _moves(self, quiet: bool, places: int) -> list[Move]:
        board = self.board
        cells = board._cells
        control = board._control
        player = self.player
        enemy = self.enemy
        cut = places if places else 99
        kills: list[tuple[int, int, Move]] = []
        quiets: list[Move] = []
        n = 0
        for s in range(81):
            code = cells[s]
            if code == 0 or code > DEAD or control[(code - 1) >> 3] != player:
                continue
            kind = (code - 1) & 7
            for ray in RAYS[s]:
                steps = 0
                for t in ray:
                    steps += 1
                    if kind == MILITANT and steps > 2:
                        break
                    target = cells[t]
                    if target == 0:
                        if t == MAZE:
                            if kind == CHIEF:
                                kills.append((50, n, Move(s, t)))  # power
                                n += 1
                            continue
                        if kind == REPORTER:
                            if quiet:
                                quiets.append(Move(s, t))
                            for v in ORTHOGONAL_NEIGHBOURS[t]:
                                vc = cells[v]
                                if enemy[vc]:
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
                    elif enemy[target]:
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
                    break
        kills.sort(key=lambda k: (-k[0], k[1]))
        return [m for _, _, m in kills] + quiets

    def _maze(self, s: int, kind: int, target: int, out: list, quiet: bool) -> None:
        enemy = self.enemy
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
        exits = self.board._exits(s, kind)
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
    if board._over():
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
    return sorted({(m.piece, m.to) for m in _Gen(board).moves()}, key=_ray_order)


#: Per square: every square on its rays, numbered in ray order (the engine's walk order).
_RAY_INDEX = tuple({t: i for i, t in enumerate(t for ray in RAYS[s] for t in ray)} for s in range(81))


def _ray_order(pair: tuple[int, int]) -> tuple[int, int]:
    return pair[0], _RAY_INDEX[pair[0]][pair[1]]


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


# ---------------------------------------------------------------------------------------------
# The search


#: Per level: depth of the main search, node budget, quiescence depth, noise on root scores.
#: Hard's extras: ``margin`` (window below the best move in the one-ply search), ``lookahead``
#: (moves given the opponent-model look-ahead), ``follow_nodes`` (budget of the root player's
#: follow-up search in it), ``weight`` (of the look-ahead's value in the blend), ``prepass``
#: (static value of every move first), ``qnarrow`` (narrow quiescence), ``relative_draw``
#: (``Search._draw``), ``opening_noise`` (before the first kill), ``trap`` (see ``evaluate``),
#: ``extend`` (more look-aheads while every one so far loses), ``duel_depth``/``duel_nodes``
#: (search depth and budget with two players left), ``cap`` (nodes of the whole search, at
#: most one look-ahead more), ``relay`` (what a set-up of a kill of the root player's chief in
#: the look-ahead costs), ``relay_all`` (every opponent's set-ups from the position after the
#: move), ``relay_extend`` (look-aheads past ``lookahead`` while every move seen loses),
#: ``drop`` (the evaluation's static set-up danger), ``danger`` (what the root player's chief
#: costs when a player who moves before him can kill him: ``evaluate``), ``necro_home`` (what
#: moving the necromobile costs before the first kill, unless it is attacked), ``duel_plain`` (no
#: look-ahead with two players left), ``duel_power`` (``power`` with two players left),
#: ``screen`` (moves, best first, checked for set-ups after the search: ``Search._set_up``),
#: ``hunt`` (with two players left, what each move the root player's hunters still need to
#: kill the last chief costs a root move: ``Search._hunt_bias``), ``dead`` (what an opponent's
#: chief walled in with no necromobile left on the board adds to his score: ``evaluate``). MCTS
#: (experimental): ``uct`` (exploration constant), ``history`` (weight of progressive history),
#: ``playout`` (plies before the evaluation), ``scale`` (of the logistic that maps evaluations
#: to results).
_SETTINGS = {
    "easy": dict(depth=1, nodes=400, qdepth=0, noise=3.0),
    # One ply best-first with a narrow quiescence, then the first move (best first) that allows
    # no set-up; two plies in a duel; the chief's danger; the necromobile home (the README).
    "normal": dict(depth=1, nodes=2500, qdepth=3, noise=0.0, keep=20.0, sealed=30.0, prepass=True,
                   qnarrow=True, danger=300.0, duel_depth=2, duel_nodes=4000, relative_draw=True,
                   necro_home=5.0, drop=25.0, screen=200, cap=9000, hunt=1.0, dead=100.0),
    "hard": dict(depth=1, nodes=3000, qdepth=3, noise=0.0, margin=15.0,
                 lookahead=5, follow_nodes=600, weight=0.5,
                 prepass=True, qnarrow=True, relative_draw=True, opening_noise=0.5, trap=20.0,
                 extend=10, duel_depth=2, duel_nodes=8000, cap=11000, keep=10.0, sealed=30.0,
                 relay=800.0, relay_all=True, relay_extend=200, drop=25.0, danger=300.0,
                 duel_plain=True, duel_power=40.0),
    # The first normal's search (full quiescence, 2,500 nodes), then the first move (best
    # first) that allows no set-up.
    "expert": dict(depth=1, nodes=2500, qdepth=3, noise=0.0, keep=10.0, sealed=30.0,
                   drop=25.0, screen=200, cap=9000),
    # Hard with a best-reply quiescence (every opponent's kills in one minimising layer).
    "hard-brs": dict(depth=1, nodes=3000, qdepth=3, noise=0.0, margin=15.0,
                   lookahead=5, follow_nodes=600, weight=0.5,
                   prepass=True, qnarrow=True, relative_draw=True, opening_noise=0.5, trap=20.0,
                   extend=10, duel_depth=2, duel_nodes=8000, cap=11000, keep=10.0, brs=True),
    # MCTS with a max^n backup and progressive history.
    "mcts": dict(mcts=True, nodes=5000, uct=0.35, history=1.0, playout=4, scale=10.0,
                 keep=10.0, sealed=30.0, noise=0.0),
}

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


def _even(board: Board) -> float:
    """What ``evaluate`` gives, roughly, when every active player has the average material."""
    cells = board._cells
    control = board._control
    active = [p for p in range(4) if control[p] == p]
    if not active:
        return DRAW
    total = 0.0
    for code in cells:
        if 0 < code < DEAD and control[(code - 1) >> 3] < 4:
            total += VALUE[(code - 1) & 7]
    m = total / len(active)
    k = len(active) - 1
    return m - 0.4 * k * m - (0.3 * m if k else 0.0) - OPPONENT * k


#: Nodes searched between two checks of the clock inside ``step``.
SLICE_NODES = 8


class _Budget(Exception):
    pass


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


class Search:
    """A resumable search for the move of the player to move in ``board`` (which is copied)."""

    def __init__(self, board: Board, level: str, seed: int, *, max_nodes: int | None = None) -> None:
        """``max_nodes`` overrides the node budget of the one-ply search (for tests and benchmarks;
        hard's look-ahead adds its own, bounded per move)."""
        if level not in LEVELS and level not in EXPERIMENTAL_LEVELS:
            raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
        self.board = board.copy(stack=False)
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.nodes = 0
        self._yielded = 0  # ``nodes`` at the last yield (a slice ends at a yield)
        self.done = False
        self.root = self.board._turn.player
        self.depth_done = 0
        self._max_nodes = max_nodes
        self._best: Move | None = None
        self._legal: list[Move] | None = None
        self.power = 6.0
        self.trap = 0.0
        self.keep = 0.0
        self.sealed = 0.0
        self.dead = 0.0
        self.drop = 0.0
        self.danger = 30.0
        if level == "random" or self.board.is_game_over():
            self._gen = None
        else:
            self.settings = _SETTINGS[level]
            self.power = self.settings.get("power", 6.0)
            self.trap = self.settings.get("trap", 0.0)
            self.keep = self.settings.get("keep", 0.0)
            self.sealed = self.settings.get("sealed", 0.0)
            self.dead = self.settings.get("dead", 0.0)
            self.drop = self.settings.get("drop", 0.0)
            self.danger = self.settings.get("danger", 30.0)
            self._gen = self._mcts() if self.settings.get("mcts") else self._run()

    # -- public
    def step(self, max_ms: float = 20.0) -> bool:
        """Search for about ``max_ms`` milliseconds at most; True once the search is finished."""
        if self.done:
            return True
        if self._gen is None:
            self._finish_trivial()
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
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
        legal = self._legal_moves()
        if not legal:
            raise ValueError("the game is over: no legal move")
        return legal[0]

    # -- internals
    def _legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.board.generate_legal_moves()
        return self._legal

    def _finish_trivial(self) -> None:
        self.done = True
        if self.board.is_game_over():
            return
        self._best = random_move(self.board, self.rng)

    def _checked(self, move: Move) -> Move:
        if self.board.is_legal(move):
            return move
        return self._legal_moves()[0]  # never expected: a safety net

    def _unwind(self, length: int) -> None:
        board = self.board
        while len(board._stack) > length:
            board.pop()

    def _run(self) -> Generator[None, None, None]:
        board = self.board
        st = self.settings
        moves = candidate_moves(board)
        if len(moves) == 1:
            self._best = self._checked(moves[0])
            return
        self._best = self._checked(moves[0])
        sd = st["noise"]
        if board._quiet >= STALL:
            # Nothing has happened for a while: stir the choice among quiet moves, so that a
            # stalled position is not met with the same shuffle until the 120-turn draw.
            sd = max(sd, 1.0 + 6.0 * board._quiet / 120.0)
        elif st.get("opening_noise") and not any(c > DEAD for c in board._cells):
            # The opening (nobody killed yet): a little seeded noise among near-equal moves, so
            # that games (and tournaments) are not all one line per seating.
            sd = max(sd, st["opening_noise"])
        noise = [self.rng.gauss(0.0, sd) if sd else 0.0 for _ in moves]
        home = st.get("necro_home", 0.0)
        if home and not any(c > DEAD for c in board._cells):
            # No corpse yet: the necromobile has nothing to carry, and out in the field it is
            # only a target. Without it, a chief sealed in a pocket of corpses later is out of
            # reach for good (a forced draw). It moves only when it is attacked.
            cells = board._cells
            code = living_code(NECROMOBILE, self.root)
            sq = cells.index(code) if code in cells else -1
            if sq >= 0 and not scan_position(cells, board._control).kill[sq] & ~(1 << self.root):
                for i, m in enumerate(moves):
                    if m.piece == sq:
                        noise[i] -= home
        duel = len(board._active()) == 2
        bias = self._hunt_bias(moves, st["hunt"]) if duel and st.get("hunt") else [0.0] * len(moves)
        scores = [-1e9] * len(moves)
        self.max_nodes = st["nodes"] if self._max_nodes is None else self._max_nodes
        total_budget = self.max_nodes
        margin = st.get("margin", 0.0)
        order = list(range(len(moves)))
        if st.get("prepass"):
            # Stage 0: every move's static value, to search the promising ones first (and not
            # spend the budget on a kill that walks into a lost chief).
            static = [0.0] * len(moves)
            for i, m in enumerate(moves):
                board.push(m)
                self.nodes += 1
                static[i] = self._static()
                board.pop()
                if self.nodes - self._yielded >= SLICE_NODES:
                    self._yielded = self.nodes
                    yield
            order.sort(key=lambda i: -static[i])
            self._best = self._checked(moves[order[0]])
        chosen = None  # the index of the move the search chose (``self._best``)
        try:
            max_depth = st["depth"]
            if duel and st.get("duel_power"):
                self.power = st["duel_power"]  # the maze's extra turns are a double move
            if st.get("duel_depth") and duel:
                # Two players left: the paranoid search is exact minimax; look one ply deeper.
                max_depth = st["duel_depth"]
                if self._max_nodes is None:
                    self.max_nodes = st.get("duel_nodes", self.max_nodes)
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
        except _Budget:
            self._unwind(0)
        if st.get("screen"):
            # The moves best first: the first that lets no opponent set up a kill of the root
            # player's chief for the player after him (see ``_relay``).
            order.sort(key=lambda i: -scores[i])
            if chosen is not None:
                # The search's choice first: a deeper pass cut short by the budget (a duel's
                # second ply) has ranked it above the last finished pass's order.
                order.remove(chosen)
                order.insert(0, chosen)
            for i in order[:st["screen"]]:
                if -1e8 < scores[i] <= -WIN / 2 or self.nodes >= st.get("cap", total_budget * 3):
                    break  # a lost move (or the work's cap); an unsearched one scores -1e9
                flagged = yield from self._set_up(moves[i])
                if not flagged:
                    self._best = self._checked(moves[i])
                    break
            return
        k = st.get("lookahead", 0)
        if not k or (duel and st.get("duel_plain")):
            return
        # Stage 2: for the best few moves, let the opponents answer as a greedy player would
        # until it is the root player's turn again, then search his best follow-up. This sees
        # the threats a move creates, which the paranoid one-ply search cannot.
        order.sort(key=lambda i: -scores[i])
        extend = max(st.get("extend", 0), st.get("relay_extend", 0))
        top = [i for i in order[:k + extend] if scores[i] > -WIN / 2]
        if len(top) < 2:
            return
        w = st["weight"]
        best_v = None
        for n, i in enumerate(top):
            if self.nodes >= st.get("cap", total_budget * 3):
                break  # a safety net on the whole search: each look-ahead is bounded anyway
            if n >= k and best_v is not None and best_v > -WIN / 4:
                break  # past the first k only while every move seen so far loses
            v2 = yield from self._lookahead(moves[i], st["follow_nodes"])
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
        cells = board._cells
        control = board._control
        root = self.root
        enemy = [p for p in board._active() if p != root]
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
            return {k: hunt_field(board._cells, control, root, chief, k, through) for k in kinds}

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
        control = board._control
        if control[root] != root:
            return -WIN
        if sum(1 for p in range(4) if control[p] == p) == 1:
            return WIN
        if board._quiet >= 120:
            return self._draw()
        return self._evaluate(root)

    def _evaluate(self, player: int, scan: Scan | None = None, trap: float | None = None) -> float:
        """``evaluate`` of the search's board for ``player`` with this level's settings."""
        return evaluate(self.board, player, scan=scan, power=self.power,
                        trap=self.trap if trap is None else trap, keep=self.keep,
                        sealed=self.sealed, drop=self.drop, danger=self.danger, dead=self.dead)

    def _draw(self) -> float:
        """The value of a drawn position for the root player. With ``relative_draw``: a little
        less than an even game with the players still in it (so a side that is ahead plays on
        and one that is behind welcomes it); else the constant ``DRAW``."""
        if not self.settings.get("relative_draw"):
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
        if board._control[root] == root:
            saved = board._turn
            for o in dict.fromkeys(_movers_until(board, root)[:-1]):
                if o != saved.player:
                    board._turn = Turn.regular(o)
                hit = yield from self._relay()
                board._turn = saved
                if hit:
                    break
        board.pop()
        return hit

    def _lookahead(self, move: Move, follow_nodes: int) -> Generator[None, None, float]:
        board = self.board
        root = self.root
        base = len(board._stack)
        board.push(move)
        self.nodes += 1
        plies = 0
        if self.settings.get("relay_all") and board._control[root] == root:
            # Every opponent's set-ups from this position (each as if he moved now): the
            # opponents who move first need not spoil them.
            saved = board._turn
            for o in dict.fromkeys(_movers_until(board, root)[:-1]):  # the last hands over to root
                if o != saved.player:
                    board._turn = Turn.regular(o)
                hit = yield from self._relay()
                board._turn = saved
                if hit:
                    self._unwind(base)
                    return -self.settings["relay"]
        while True:
            control = board._control
            if control[root] != root:
                v = -WIN
                break
            if sum(1 for p in range(4) if control[p] == p) == 1:
                v = WIN
                break
            if board._quiet >= 120:
                v = self._draw()
                break
            if board._turn.player == root:
                self.max_nodes = self.nodes + follow_nodes
                try:
                    v = yield from self._search(1, -1e9, 1e9, 0)
                except _Budget:
                    self._unwind(base + 1 + plies)
                    v = self._evaluate(root)
                break
            if plies >= 6:
                v = self._evaluate(root)
                break
            if self.settings.get("relay") and len(_movers_until(board, root)) > 1 and (yield from self._relay()):
                # This opponent can set up a kill of the root player's chief for the player who
                # moves after him (a piece dropped by his provocateur, a line he opens): a
                # two-ply player like the sparring partner sees it and plays it.
                v = -self.settings["relay"]
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
        cells = board._cells
        code = 1 + 8 * root
        if code not in cells:
            return False
        gen = _Gen(board)
        moves = gen.moves(quiet=True, places=1)
        # Provocateur drops of a piece next to (or in line with) the chief.
        chief = cells.index(code)
        control = board._control
        me = board._turn.player
        near = [q for q in FIELD if cells[q] == 0 and _dist(q, chief) <= 2]
        lines: list[int] = []  # empty squares in line with the chief (an assassin's)
        for ray in RAYS[chief]:
            for t in ray:
                if cells[t]:
                    break
                if t != MAZE:
                    lines.append(t)
        beside: list[int] = []  # empty squares in line with a square beside him (a reporter's)
        for e in ORTHOGONAL_NEIGHBOURS[chief]:
            if cells[e] or e == MAZE:
                continue
            for ray in RAYS[e]:
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
            for ray in RAYS[s]:
                for t in ray:
                    target = cells[t]
                    if target == 0:
                        continue
                    kind = (target - 1) & 7
                    if t != MAZE and target < DEAD and gen.enemy[target] and kind in places \
                            and control[(target - 1) >> 3] != root:
                        for q in places[kind]:
                            moves.append(Move(s, t, place=q))
                        if kind == MILITANT and _dist(s, chief) <= 2:
                            moves.append(Move(s, t, place=s))
                    break
        for m in moves:
            if self.nodes - self._yielded >= SLICE_NODES:
                self._yielded = self.nodes
                yield
            board.push(m)
            self.nodes += 1
            nxt = board._turn.player
            hit = False
            if board._control[root] != root:
                hit = True
            elif nxt != root and board._control[nxt] == nxt:
                after = board._cells
                hit = _reaches(after, board._control, after.index(code), nxt)
            board.pop()
            if hit:
                return True
        return False

    def _policy(self) -> Generator[None, None, Move | None]:
        """The move a greedy one-ply player would make here (a model of the opponents)."""
        board = self.board
        player = board._turn.player
        moves = candidate_moves(board)
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        best, best_v = moves[0], -1e18
        for m in moves:
            board.push(m)
            self.nodes += 1
            if board._control[player] == player:
                v = self._evaluate(player)
            else:
                v = -WIN
            if len(board.active_players) == 1 and board._control[player] == player:
                v = WIN
            board.pop()
            if v > best_v:
                best, best_v = m, v
            if self.nodes - self._yielded >= SLICE_NODES:
                self._yielded = self.nodes
                yield
        return best

    def _search(self, depth: int, alpha: float, beta: float, qply: int) -> Generator[None, None, float]:
        board = self.board
        if self.nodes - self._yielded >= SLICE_NODES:
            self._yielded = self.nodes
            yield
        if self.nodes >= self.max_nodes:
            raise _Budget
        root = self.root
        control = board._control
        if control[root] != root:
            return -WIN - depth
        active = [p for p in range(4) if control[p] == p]
        if len(active) == 1:
            return WIN + depth
        if board._quiet >= 120:
            return self._draw()
        mover = board._turn.player
        maxing = mover == root
        if depth <= 0:
            stand = self._evaluate(root)
            qd = self.settings["qdepth"]
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
            if not maxing and self.settings.get("brs"):
                # Best-reply quiescence: the kills of every opponent, as if each moved now; then
                # the root player answers (Schadd & Winands' Best-Reply Search, kills only).
                saved = board._turn
                moves, turns = [], []
                for o in [mover] + [p for p in active if p != root and p != mover]:
                    board._turn = Turn.regular(o)
                    gen = _Gen(board)
                    for m in gen.moves(quiet=False, places=1, victims=_narrow(gen.enemy, control, root)):
                        moves.append(m)
                        turns.append(board._turn)
                board._turn = saved
                return (yield from self._brs(moves, turns, stand, alpha, beta, qply))
            if self.settings.get("qnarrow"):
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


    def _brs(self, moves, turns, best, alpha, beta, qply) -> Generator[None, None, float]:
        """The minimising layer of the best-reply quiescence: each move played by its own
        player (``turns``), the root player to move after it."""
        board = self.board
        saved = board._turn
        root_turn = Turn.regular(self.root)
        try:
            for m, turn in zip(moves, turns):
                board._turn = turn
                board.push(m)
                self.nodes += 1
                if board._control[self.root] == self.root:
                    board._turn = root_turn
                v = yield from self._search(0, alpha, beta, qply + 1)
                board.pop()
                if v < best:
                    best = v
                if v < beta:
                    beta = v
                if alpha >= beta:
                    break
        finally:
            board._turn = saved
        return best


    # -- MCTS with a max^n backup (an experimental level: see the README)
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
        budget = st["nodes"] if self._max_nodes is None else self._max_nodes
        rng = self.rng
        c_uct = st.get("uct", 0.35)
        w_hist = st.get("history", 1.0)
        plies = st.get("playout", 4)
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
        root = _MNode(board._turn.player, [moves[i] for i in order])
        history: dict[tuple, list[float]] = {}
        base = len(board._stack)
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
                    child = _MNode(board._turn.player, None)
                    node.children[best_i] = child
                    path.append(child)
                    node = child
                    break
                path.append(child)
                node = child
                if board._over():
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
        if board._over():
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
            if board._over():
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
        cells = board._cells
        control = board._control
        player = board._turn.player
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
        control = board._control
        active = [p for p in range(4) if control[p] == p]
        out = [0.0, 0.0, 0.0, 0.0]
        if len(active) == 1:
            out[active[0]] = 1.0
            return out
        if board._quiet >= 120 or not active:
            for p in active:
                out[p] = 0.25
            return out
        sc = scan_position(board._cells, control)
        vals = {p: self._evaluate(p, scan=sc, trap=0.0)
                for p in active}
        self.nodes += 1  # one unit of work: a scan and an evaluation per player
        mean = sum(vals.values()) / len(active)
        scale = self.settings.get("scale", 10.0)
        for p in active:
            x = (vals[p] - mean) / scale
            out[p] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        return out


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
    trap = _SETTINGS.get(level, {}).get("trap", 0.0)
    return evaluate(board, player, trap=trap) <= _even(board) + DRAW_MARGIN


def choose_move(board: Board, level: str, seed: int) -> Move:
    """The move the computer plays at ``level`` (runs a ``Search`` to completion)."""
    return Search(board, level, seed).run()


__all__ = ["LEVELS", "Search", "choose_move", "accepts_draw", "evaluate", "candidate_moves", "random_move", "Scan"]
