"""The evaluation: what a position is worth to one player (``evaluate``), and the static tests
and distance fields the search builds on (a chief within reach, a set-up by a provocateur, a
chief sealed in corpses, the moves a hunter still needs: ``hunt_field``).

For the root player: material of every piece a player controls (taken-over parties included);
25 points per opponent still in the game (eliminating one is worth that much); the chief's
safety (attacked by a player who moves before the root player's next turn is nearly a lost
game; attacked by the root player costs that opponent); corpses that wall a chief in (worse
without a necromobile, worst one corpse short of perishing); power (the chief in the maze) and a
free path to the maze; mobility; the root player's hanging pieces; pressure (his pieces near
enemy chiefs); and, as the 120-turn draw nears, a growing bonus for any kill. Opponents' values
enter as 0.4 x their sum + 0.3 x the largest.
"""

from __future__ import annotations

from ..board import FROZEN, Board
from ..rules import Rules
from ..pieces import ASSASSIN, CHIEF, DEAD, MILITANT, NECROMOBILE, REPORTER, living_code
from ..squares import MAZE, NEIGHBOURS, ORTHOGONAL_NEIGHBOURS, lines_of
from ..threats import Scan
from ..threats import scan as scan_position
from ..turns import next_turn

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


# ---------------------------------------------------------------------------------------------
# Turn order helpers


def _movers_until(board: Board, player: int) -> list[int]:
    """The players who move, in order, from now until ``player``'s next turn (exclusive),
    assuming the ruler stays the ruler. Empty if it is ``player``'s turn."""
    turn = board.turn_state
    if turn.player == player:
        return []
    active = board.active_indices()
    if player not in active:
        return []
    ruler = board.ruler_index()
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
             danger: float = 30.0, dead: float = 0.0, rules: Rules | None = None,
             options: float = 0.0) -> float:
    """The position's value for player ``root`` (higher is better), paranoid style: his own
    strength less a share of everybody else's. Terminal positions are not handled here.
    ``power``: what holding the maze is worth to a player; ``trap``: the extra cost of the root
    player's chief one corpse short of perishing (a quarter of it two corpses short).
    ``rules``: the rule set the evaluation knows (the board's by default; a benchmark gives the
    standard one to measure what knowing the options is worth). ``options`` (0: off, as the
    levels below ``expert``): the share of an opponent still in the game that an opponent counts
    while he may still come back (``come-back``: out, his chief walled in but alive) and the
    weight of the ``skips`` terms (a player who cannot move and has no pass left is as good as
    eliminated) (``_option_terms``)."""
    cells = board.cells_view
    control = board.control_view
    if rules is None:
        rules = board.rules
    if scan is None:
        scan = scan_position(cells, control, rules=rules, geometry=board.geometry)
    kill = scan.kill
    provoke = scan.provoke
    active = board.active_indices()
    ruler = board.ruler_index()
    mover = board.player_to_move
    before_root = _movers_until(board, root)  # opponents who move before root's next turn
    before_mask = 0
    for p in before_root:
        before_mask |= 1 << p

    material = [0.0, 0.0, 0.0, 0.0]
    hanging = [0.0, 0.0, 0.0, 0.0]  # root's pieces that a player moving before him can take
    necro = [False, False, False, False]
    # Targets: the chiefs of the other players and the hostage's chief.
    two = rules.players == "2x2"
    if two:
        # Two-by-two: a player has a chief per party he started with (``scan.chief_sq`` sees his
        # first party's); he is in while one of them lives, and his partner's is no target.
        chiefs = _chiefs_by_player(board)
        targets = [sq for p in (0, 1) if p != root for sq in chiefs[p]]
    else:
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

    # What walls a chief in (the rule set's walled-in mode): whether a necromobile saves him, and
    # whether living pieces close the wall too (a pocket with no way out).
    mode = rules.walled_in
    if mode in ("strict", "loose") and (rules.players == "2x2" or len(active) <= 2):
        mode = "throne-access"
    living_walls = mode in ("throne-access", "strict", "loose")
    score = [0.0, 0.0, 0.0, 0.0]
    for p in active:
        v = material[p] + 0.05 * scan.mobility[p]
        for sq in (chiefs[p] if two else (scan.chief_sq[p],)):
            v = _chief_terms(v, p, sq, cells, kill, provoke, root, mover, before_mask, ruler, power,
                             mode, living_walls, necro, trap, sealed, dead, control,
                             danger if not two or len(chiefs[p]) == 1 else 0.5 * danger)
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
    q = board.quiet_turns / 120.0
    value -= QUIET * q * q
    if options:
        value += _option_terms(board, rules, root, active, scan.mobility, options)
    return value


def _option_terms(board: Board, rules: Rules, root: int, active: list[int], mobility,
                  share: float) -> float:
    """What the rule options ``come-back`` and ``skips`` add to the root player's value.

    ``come-back=allowed``: an opponent who is out is not eliminated: his chief may come back when
    a corpse of his wall is carried away or a living piece of it moves, so he still costs
    ``share`` of ``OPPONENT`` (an opponent in the game costs all of it).
    ``skips=N``: a player with no move (``mobility`` 0) and no pass left is eliminated at his
    next turn: for the root player nearly a lost game, for an opponent nearly a kill."""
    value = 0.0
    if rules.come_back == "allowed":
        for p in board.out_players:
            if int(p) != root:
                value -= share * OPPONENT
    if rules.skips is not None and rules.players != "2x2":
        passes = board.passes
        for p in active:
            if mobility[p] == 0 and passes[p] >= rules.skips:
                value += -10.0 * OPPONENT * share if p == root else OPPONENT * share
    return value


def _chiefs_by_player(board: Board) -> tuple[list[int], list[int]]:
    """Two-by-two: the squares of each player's living chiefs that are in the game (holding
    their own party, not out)."""
    cells = board.cells_view
    out: tuple[list[int], list[int]] = ([], [])
    for party in range(4):
        code = 1 + 8 * party
        if code in cells and board.holder(party) == party and not board.is_out(party):
            out[party & 1].append(cells.index(code))
    return out


def _chief_terms(v: float, p: int, sq: int, cells, kill, provoke, root: int, mover: int,
                 before_mask: int, ruler, power: float, mode: str,
                 living_walls: bool, necro: list[bool], trap: float, sealed: float, dead: float,
                 control, danger: float) -> float:
    """``v`` with the terms of player ``p``'s chief on ``sq`` (-1: none): power, walls, a free
    way to the maze, attacks, and sealed out of the root player's reach."""
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
        # Only his own player's necromobile shelters a chief, under ``any-necromobile`` too:
        # another party's may be killed at any time (by its own player under ``kill-own``), and
        # the wall then closes at once (in a bench under ``bga``, ``hard`` trusting every
        # necromobile on the board won 1 of 7 games against the same level without it, 6).
        saved = mode != "strict" and necro[p]
        wall = (corpses + 0.5 * (n - corpses - empty) if living_walls else corpses) / n
        v -= (6.0 if not saved else 2.0) * wall * wall
        if not saved and corpses == n - 1 and empty == 1:
            v -= 8.0  # one more corpse and he perishes
        if p == root and trap and not saved:
            # One corpse short of perishing (whatever holds the last square: a piece there
            # that moves away or is killed lets the wall close), or two short.
            if corpses == n - 1 and MAZE not in nb:
                v -= trap
            elif corpses == n - 2 and MAZE not in nb:
                v -= 0.25 * trap
        if cells[MAZE] == 0:
            # A free maze the chief can reach: power next move.
            for ray in lines_of(sq, CHIEF):
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
    return v


def _reaches(cells, control, c: int, player: int) -> bool:
    """Whether ``player`` can kill the chief on ``c`` in one move (a militant, assassin or chief
    on a clear line, a reporter reaching a square beside him)."""
    for ray in lines_of(c, CHIEF):
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
        for ray in lines_of(e, CHIEF):
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
            for ray in lines_of(q, kind):  # a militant's lines are two squares long
                extra = 0
                for t in ray:
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
            for ray in lines_of(q, NECROMOBILE):
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



def _even(board: Board) -> float:
    """What ``evaluate`` gives, roughly, when every active player has the average material."""
    cells = board.cells_view
    control = board.control_view
    active = board.active_indices()
    if not active:
        return DRAW
    total = 0.0
    for code in cells:
        if 0 < code < DEAD and control[(code - 1) >> 3] < 4:
            total += VALUE[(code - 1) & 7]
    m = total / len(active)
    k = len(active) - 1
    return m - 0.4 * k * m - (0.3 * m if k else 0.0) - OPPONENT * k

