"""The sparring partner (issue 13): a re-creation of the strongest open-source Djambi AI, as a
yardstick for ``djambi.ai``. It is not a level of the app.

The program, as the issue describes it:

* MaxN search at depth 2 over complete moves (every placement of a corpse or moved piece, every
  exit square, each a separate move); no pruning beyond skipping repeated positions.
* Each party maximises its own value minus the others' (``4·own − total``).
* Evaluation: the sum of the party's controlled living pieces: militant 5, necromobile 10,
  provocateur 10, assassin 15, reporter 18, chief 300, chief in the maze 500 (frozen and dead
  pieces, and the hostage's, count for nobody). A finished game is evaluated like any position.
* Moves shuffled first, ties to the first maximum.

How it is computed here (same results, far fewer pushes):

* The root: every legal move of the player to move (the engine's complete moves), shuffled with
  the seeded generator; each is pushed, the reply of the next player is found (below), and the
  first root move whose value is the maximum is played.
* The reply at depth 2: the next player (``board.turn``) picks the complete move that maximises
  ``4·own − total`` of the position it leads to; the value vector of that position is what the
  root move is worth. Most complete moves change no piece's value (a quiet move, a provocateur
  moving an enemy piece that lives on, a corpse placed where it walls nobody in): they all lead to
  the vector of the position before the reply. So the walk below pushes only the moves that may
  change a value (a chief taken, moved into or out of the maze, a corpse put on the last open
  square round a chief, a necromobile killed when its player's chief is already walled in); the
  other kills change exactly the victim's value for its controller, computed without a push.
  "Shuffled, then the first maximum" is a uniformly random choice among the maximal complete
  moves; the walk counts the complete moves behind each outcome (a kill with its 45 corpse
  squares is 45 moves) and draws one with those weights. ``tests/test_peer.py`` checks the walk
  against pushing every legal reply.
* "Skipping repeated positions": two different complete moves never lead to the same position in
  this engine (every choice is a square of the result), so within the depth-2 tree there is
  nothing to skip; positions are not compared with the game's history either.

``PeerPlayer(seed).choose(board)`` returns the move; ``choose_move(board, seed)`` is the same.
The ``killer`` player (``killer_move``) is the finishing test's opponent: a random kill whenever
one exists (uniform over the complete kill moves), else a move of the ``random`` level.
"""

from __future__ import annotations

import random

from djambi.ai import random_move
from djambi.board import DEAD, Board
from djambi.move import Move
from djambi.pieces import ASSASSIN, CHIEF, MILITANT, NECROMOBILE, PROVOCATEUR, REPORTER
from djambi.squares import FIELD, MAZE, NEIGHBOURS, ORTHOGONAL_NEIGHBOURS, RAYS


#: Value of a living piece by kind (chief, assassin, reporter, provocateur, necromobile, militant).
VALUES = (300, 15, 18, 10, 10, 5)
#: A chief in the maze.
CHIEF_IN_MAZE = 500

_LIVING = range(1, 31)


def material(board: Board) -> tuple[int, int, int, int]:
    """Per player (0–3): the value of the living pieces he controls (0 for a player out)."""
    cells = board._cells
    control = board._control
    m = [0, 0, 0, 0]
    for s in range(81):
        code = cells[s]
        if 0 < code < DEAD:
            ctl = control[(code - 1) >> 3]
            if ctl < 4:
                kind = (code - 1) & 7
                m[ctl] += CHIEF_IN_MAZE if (kind == CHIEF and s == MAZE) else VALUES[kind]
    return m[0], m[1], m[2], m[3]


def score(vector, player: int) -> int:
    """What ``player`` maximises: ``4·own − total``."""
    return 4 * vector[player] - sum(vector)


def reply_outcomes(board: Board, base=None) -> dict[tuple, int]:
    """The best outcomes for the player to move: {value vector after his move: number of his
    complete moves that lead to it}, over the moves maximising his ``4·own − total``.

    ``{material(board): 1}`` if the game is over or he must pass (the position is the leaf)."""
    if base is None:
        base = material(board)
    if board._over():
        return {base: 1}
    cells = board._cells
    control = board._control
    q = board._turn.player
    enemy = board._enemy_table(q)
    active = [p for p in range(4) if control[p] == p]
    # Squares where one more corpse would wall a chief in: the last non-corpse neighbour of a
    # chief. And players whose chief is walled in already (alive only thanks to a necromobile).
    danger: set[int] = set()
    walled: set[int] = set()
    for p in active:
        c = cells.index(1 + 8 * p)
        if c == MAZE:
            continue
        open_ = [n for n in NEIGHBOURS[c] if cells[n] < DEAD]
        if len(open_) == 1:
            if open_[0] != MAZE:  # no corpse is ever placed in the maze
                danger.add(open_[0])
        elif not open_:
            walled.add(p)

    groups: dict[tuple, int] = {}
    tracked = 0  # complete moves whose outcome is recorded in ``groups``
    exact: list[Move] = []  # moves to push
    empty_field: list[int] | None = None
    n_empty = 0

    def add(vec, n):
        nonlocal tracked
        groups[vec] = groups.get(vec, 0) + n
        tracked += n

    def killed(victim_code):
        """The vector after a plain kill of ``victim_code`` (not a chief)."""
        ctl = control[(victim_code - 1) >> 3]
        if ctl > 3:
            return base  # the hostage's pieces count for nobody
        v = list(base)
        v[ctl] -= VALUES[(victim_code - 1) & 7]
        return v[0], v[1], v[2], v[3]

    def risky(victim_code):
        # Killing a necromobile of a player whose chief is walled in may make that chief perish.
        return (victim_code - 1) & 7 == NECROMOBILE and control[(victim_code - 1) >> 3] in walled

    for s in range(81):
        code = cells[s]
        if code == 0 or code > DEAD or control[(code - 1) >> 3] != q:
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
                            exact.append(Move(s, t))
                        continue
                    if kind == REPORTER:
                        for v in ORTHOGONAL_NEIGHBOURS[t]:
                            vc = cells[v]
                            if enemy[vc]:
                                if (vc - 1) & 7 == CHIEF or v in danger or risky(vc) or v == MAZE:
                                    exact.append(Move(s, t, victim=v))
                                else:
                                    add(killed(vc), 1)
                    elif kind == CHIEF and s == MAZE:
                        exact.append(Move(s, t))
                    continue
                if empty_field is None:
                    empty_field = [x for x in FIELD if cells[x] == 0]
                    n_empty = len(empty_field)
                if t == MAZE:
                    out: list[Move] = []
                    board._maze_act(s, kind, target, enemy, empty_field, n_empty, out)
                    exact.extend(out)
                elif target > DEAD:
                    if kind == NECROMOBILE:
                        for p in danger:
                            if p == s or cells[p] == 0:
                                exact.append(Move(s, t, place=p))
                elif enemy[target]:
                    vkind = (target - 1) & 7
                    if kind == MILITANT or kind == CHIEF:
                        places = n_empty + (s != MAZE)
                        if vkind == CHIEF or s == MAZE or risky(target):
                            for p in sorted(empty_field + [s] if s != MAZE else empty_field):
                                exact.append(Move(s, t, place=p))
                        else:
                            sens = set(p for p in danger if p == s or cells[p] == 0)
                            if kind == CHIEF:
                                # The chief himself, on t: his last open neighbour.
                                open_t = [n for n in NEIGHBOURS[t] if cells[n] < DEAD]
                                if len(open_t) == 1 and (open_t[0] == s or cells[open_t[0]] == 0):
                                    sens.add(open_t[0])
                            for p in sens:
                                exact.append(Move(s, t, place=p))
                            if places > len(sens):
                                add(killed(target), places - len(sens))
                    elif kind == ASSASSIN:
                        if vkind == CHIEF or s in danger or risky(target):
                            exact.append(Move(s, t))
                        else:
                            add(killed(target), 1)
                    elif kind == PROVOCATEUR:
                        if vkind == CHIEF:
                            to_maze = cells[MAZE] == 0
                            for p in sorted(empty_field + [s] + ([MAZE] if to_maze else [])):
                                exact.append(Move(s, t, place=p))
                        # another living piece moved: nobody's value changes
                break
    for m in exact:
        board.push(m)
        add(material(board), 1)
        board.pop()
    base_score = score(base, q)
    best = max((score(v, q) for v in groups), default=None)
    if best is None or best <= base_score:
        rest = board.count_legal_moves() - tracked
        if rest > 0 or not groups:
            groups[base] = groups.get(base, 0) + max(rest, 1)
            tracked += max(rest, 1)
            best = max(score(v, q) for v in groups)
    return {v: n for v, n in groups.items() if score(v, q) == best}


def reply_outcomes_slow(board: Board) -> dict[tuple, int]:
    """``reply_outcomes`` by pushing every legal reply (the definition; for tests)."""
    if board.is_game_over():
        return {material(board): 1}
    q = board._turn.player
    groups: dict[tuple, int] = {}
    for m in board.generate_legal_moves():
        board.push(m)
        v = material(board)
        board.pop()
        groups[v] = groups.get(v, 0) + 1
    best = max(score(v, q) for v in groups)
    return {v: n for v, n in groups.items() if score(v, q) == best}


def _draw(outcomes: dict[tuple, int], rng: random.Random) -> tuple:
    """One outcome, each complete move equally likely (shuffled, then the first maximum)."""
    if len(outcomes) == 1:
        return next(iter(outcomes))
    total = sum(outcomes.values())
    k = rng.randrange(total)
    for v in sorted(outcomes):
        k -= outcomes[v]
        if k < 0:
            return v
    raise AssertionError


class PeerPlayer:
    """MaxN depth 2 over complete moves, ``4·own − total`` of the material (see the module)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def values(self, board: Board) -> list[tuple[Move, tuple]]:
        """Every root move (in shuffled order) with the value vector it is given."""
        board = board.copy(stack=False)
        moves = board.generate_legal_moves()
        self.rng.shuffle(moves)
        out = []
        for m in moves:
            board.push(m)
            out.append((m, _draw(reply_outcomes(board), self.rng)))
            board.pop()
        return out

    def choose(self, board: Board) -> Move:
        p = board._turn.player
        best_m, best_v = None, None
        for m, vec in self.values(board):
            v = score(vec, p)
            if best_v is None or v > best_v:
                best_m, best_v = m, v
        if best_m is None:
            raise ValueError("the game is over: no legal move")
        return best_m


def choose_move(board: Board, seed: int) -> Move:
    """The sparring partner's move."""
    return PeerPlayer(seed).choose(board)


def is_kill(board: Board, move: Move) -> bool:
    """Whether ``move`` kills a living piece (by taking its square, or the reporter's victim)."""
    if move.is_pass():
        return False
    if move.victim is not None:
        return True
    cells = board._cells
    target = cells[move.to]
    kind = (cells[move.piece] - 1) & 7
    return 0 < target < DEAD and kind in (MILITANT, CHIEF, ASSASSIN)


def killer_move(board: Board, seed: int) -> Move:
    """A random kill when there is one (uniform over complete kill moves), else a random move
    (as the ``random`` level: a piece and destination, then a choice)."""
    rng = random.Random(seed)
    kills = [m for m in board.generate_legal_moves() if is_kill(board, m)]
    if kills:
        return kills[rng.randrange(len(kills))]
    return random_move(board, rng)


def register() -> None:
    """Seat ``peer`` and ``killer`` in ``bench.tournament``."""
    from bench import tournament

    tournament.EXTRA_PLAYERS["peer"] = choose_move
    tournament.EXTRA_PLAYERS["killer"] = killer_move


__all__ = ["PeerPlayer", "choose_move", "killer_move", "material", "score", "reply_outcomes",
           "reply_outcomes_slow", "register", "VALUES", "CHIEF_IN_MAZE"]
