"""The threat view: what each piece can reach and kill in one move, by the engine's rules.

``threats(board, player)`` maps each living piece that ``player`` controls and that an enemy
could kill on his next move to the squares of the enemy pieces that could kill it.
``reach(board, square)`` tells where the piece on ``square`` can go and what it could kill, were
its player to move. ``scan(cells, control)`` is the pass over the pieces both are made of, kept
fast for the computer players (``djambi.ai`` evaluates every position it searches with it). Every
piece goes along ``Geometry.walk``, the walk the legal moves (``Board``) take too, on the board's
geometry (the square board unless ``geometry`` says otherwise; ``board.geometry`` for a board).

"Could kill" is what ``Board.generate_legal_moves`` would offer with that piece's player to move:
a militant, chief or assassin taking the square of an enemy living piece (no militant kills the
chief in the maze; an assassin acting on the maze needs a way out of it), a reporter killing an
orthogonal neighbour of an empty field square it can move to. A provocateur kills nobody: the
pieces it could move are in ``Scan.provoke``. Enemy: any living piece its player does not control
and that is not frozen (the hostage's pieces are everybody's enemies), plus, with the rule options
``kill-own`` and ``provocateur-own`` (``djambi.rules``), those of his own pieces he may kill or move;
his own pieces are never his threats. Frozen, hostage and out pieces never act. Under
``reporter=all`` a reporter kills every killable neighbour of its square at once: the same pieces
as the ones it could choose from. In ``players=2x2`` the bits and indexes are the players One (0)
and Two (1). There are at most 36 pieces on 80 field squares, so a corpse or a moved piece always
has somewhere to go: only the exits out of the maze can be missing.
"""

from __future__ import annotations

from typing import NamedTuple

from .pieces import CHIEF, DEAD, MILITANT, NECROMOBILE, PROVOCATEUR, REPORTER

from .geometry import MAZE, SQUARE, Geometry
from .squares import Square

_FROZEN = 4

_TABLES: dict[object, list[list[bool]]] = {}


def _plain(rules) -> bool:
    return rules is None or (
        rules.players != "2x2" and rules.kill_own == "never" and rules.provocateur_own == "never"
    )


def enemy_tables(control, rules=None, provoke: bool = False) -> list[list[bool]]:
    """table[a][code]: may player ``a`` kill (``provoke``: move with a provocateur) a living
    piece with this cell code: his enemy (not his, not frozen), or his own where ``rules``
    allow. Cached per control tuple and rule set."""
    if not _plain(rules):
        return _option_tables(tuple(control), rules, provoke)
    key = tuple(control)
    tables = _TABLES.get(key)
    if tables is None:
        tables = []
        for a in range(4):
            tab = [False] * 72
            for code in range(1, 31):
                c = control[(code - 1) >> 3]
                tab[code] = c != a and c != _FROZEN
            tables.append(tab)
        if len(_TABLES) > 4096:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables


def _option_tables(control: tuple[int, ...], rules, provoke: bool) -> list[list[bool]]:
    key = (control, rules, provoke)
    tables = _TABLES.get(key)
    if tables is None:
        own = rules.provocateur_own if provoke else rules.kill_own
        tables = []
        for a in range(4):
            start = rules.starting_parties(a) if a < (2 if rules.players == "2x2" else 4) else ()
            tab = [False] * 72
            for code in range(1, 31):
                party = (code - 1) >> 3
                c = control[party]
                if c == _FROZEN:
                    continue
                if _player(c, rules) != a:
                    tab[code] = True
                elif own == "vassals":
                    tab[code] = party not in start
                elif own == "except-chief":
                    tab[code] = (code - 1) & 7 != CHIEF
            tables.append(tab)
        if len(_TABLES) > 4096:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables


def _player(ctl: int, rules) -> int:
    """The player who moves a party with control code ``ctl``; -1 (or more than 3) if none."""
    if ctl > 3:
        return -1
    return ctl & 1 if rules is not None and rules.players == "2x2" else ctl


class Scan:
    """One walk over the pieces of a position (``scan``).

    ``kill[sq]``: bit ``a`` set when player ``a`` can kill the living piece on ``sq`` in one move.
    ``provoke[sq]``: bit ``a`` set when player ``a``'s provocateur can move it.
    ``mobility[a]``: squares player ``a``'s pieces can move to (a rough count: the militant's
    empty squares within two steps, the necromobile's corpses, every piece's empty squares).
    ``chief_sq[a]``: where player ``a``'s own living chief stands (-1: none, or not active).
    ``sources``: with ``sources=True``, {victim square: [attacker squares]} (kills only).
    """

    __slots__ = ("kill", "provoke", "mobility", "chief_sq", "sources")

    def __init__(self, kill, provoke, mobility, chief_sq, sources) -> None:
        self.kill = kill
        self.provoke = provoke
        self.mobility = mobility
        self.chief_sq = chief_sq
        self.sources = sources


def scan(cells, control, sources: bool = False, rules=None, geometry: Geometry = SQUARE) -> Scan:
    """Walk every piece of every player once (see ``Scan``), by the options of ``rules``, on
    the board ``geometry``."""
    kill = [0] * 81
    provoke = [0] * 81
    mobility = [0, 0, 0, 0]
    chief_sq = [-1, -1, -1, -1]
    found: dict[int, list[int]] | None = {} if sources else None
    tables = enemy_tables(control, rules)
    ptables = tables if _plain(rules) else enemy_tables(control, rules, provoke=True)
    two = rules is not None and rules.players == "2x2"
    walk, beside, maze_exits = geometry.walk, geometry.beside, geometry.maze_exits
    for s in geometry.cells:
        code = cells[s]
        if code == 0 or code > DEAD:
            continue
        party = (code - 1) >> 3
        a = control[party]
        kind = (code - 1) & 7
        if a > 3:
            continue  # frozen, hostage or out: never acts
        if two:
            if kind == CHIEF and a == party:
                chief_sq[a & 1] = s
            a &= 1
        elif kind == CHIEF and a == party:
            chief_sq[a] = s
        tab = ptables[a] if kind == PROVOCATEUR else tables[a]
        bit = 1 << a
        mob = 0
        squares, met = walk(cells, s, kind)
        if kind == MILITANT:
            mob += len(squares) - len(met)
            for t in met:
                if tab[cells[t]] and t != MAZE:
                    kill[t] |= bit
                    if found is not None:
                        found.setdefault(t, []).append(s)
        elif kind == REPORTER:
            for t in squares:
                if cells[t] or t == MAZE:
                    continue  # stops before a piece; passes through the maze, never stops there
                mob += 1
                for v in beside[t]:
                    if tab[cells[v]] and v != s:
                        kill[v] |= bit
                        if found is not None:
                            found.setdefault(v, []).append(s)
        elif kind == NECROMOBILE:
            mob += len(squares) - len(met)
            for t in met:
                if cells[t] > DEAD:
                    mob += 1
        else:  # chief, assassin, provocateur
            mob += len(squares) - len(met)
            for t in met:
                target = cells[t]
                if tab[target]:
                    if t == MAZE and kind != CHIEF and not maze_exits(cells, s, kind):
                        continue
                    if kind == PROVOCATEUR:
                        provoke[t] |= bit
                    else:
                        kill[t] |= bit
                        if found is not None:
                            found.setdefault(t, []).append(s)
        mobility[a] += mob
    return Scan(kill, provoke, mobility, chief_sq, found)


def cover(cells, control, rules=None, geometry: Geometry = SQUARE) -> list[int]:
    """Per empty field square: bit ``a`` set when player ``a`` could kill a piece of another
    player put there (a militant within two steps, a chief or assassin along an open line, a
    reporter from an empty square beside it). Where a provocateur would drop an enemy chief."""
    out = [0] * 81
    walk, beside = geometry.walk, geometry.beside
    for s in geometry.cells:
        code = cells[s]
        if code == 0 or code > DEAD:
            continue
        a = _player(control[(code - 1) >> 3], rules)
        if a < 0:
            continue
        kind = (code - 1) & 7
        if kind == PROVOCATEUR or kind == NECROMOBILE:
            continue
        bit = 1 << a
        for t in walk(cells, s, kind)[0]:
            if cells[t] or t == MAZE:
                continue
            if kind == REPORTER:
                for v in beside[t]:
                    if cells[v] == 0 and v != MAZE:
                        out[v] |= bit
            else:
                out[t] |= bit
    return out


def threats(board, player, changes=None) -> dict[Square, tuple[Square, ...]]:
    """Each living piece ``player`` controls that an enemy could kill on his next move, with the
    squares of the enemy pieces that could kill it (each once, in square order).

    ``changes`` ({square: Piece or None}) looks at the position with those squares changed first:
    what a move being chosen would leave exposed (the moving piece lifted off its square, put on
    its destination). Who controls whom is taken as it is now."""
    player = int(player)
    cells = board.cells_view
    if changes:
        cells = list(cells)
        for sq, piece in changes.items():
            cells[sq] = 0 if piece is None else piece.code
    control = board.control_view
    rules = board.rules
    found = scan(cells, control, sources=True, rules=rules, geometry=board.geometry).sources
    out = {}
    for v in sorted(found):
        code = cells[v]
        if _player(control[(code - 1) >> 3], rules) != player:
            continue
        # His own pieces that may kill it (kill-own) are no threat.
        attackers = {s for s in found[v] if _player(control[(cells[s] - 1) >> 3], rules) != player}
        if attackers:
            out[v] = tuple(sorted(attackers))
    return out


class Reach(NamedTuple):
    """Where a piece can go (the ``to`` squares of its moves) and what it could kill."""

    moves: frozenset
    kills: frozenset


def reach(board, square: Square) -> Reach:
    """Where the piece on ``square`` can go and which living pieces it could kill, were its
    player to move (empty for a corpse, a frozen or hostage piece, or an empty square)."""
    cells = board.cells_view
    control = board.control_view
    code = cells[square]
    rules = board.rules
    a = _player(control[(code - 1) >> 3], rules) if 0 < code < DEAD else -1
    if a < 0:
        return Reach(frozenset(), frozenset())
    kind = (code - 1) & 7
    tab = enemy_tables(control, rules, provoke=kind == PROVOCATEUR)[a]
    moves: set[int] = set()
    kills: set[int] = set()
    s = square
    geo = board.geometry
    maze_exits = geo.maze_exits
    for t in geo.walk(cells, s, kind)[0]:
        target = cells[t]
        if target == 0:
            if t == MAZE:
                if kind == CHIEF:
                    moves.add(t)
                continue
            moves.add(t)
            if kind == REPORTER:
                for v in geo.beside[t]:
                    if tab[cells[v]] and v != s:
                        kills.add(v)
            continue
        if kind == REPORTER:
            continue  # the occupied square ends the line: a reporter acts from beside a piece
        if target > DEAD:
            if kind == NECROMOBILE and (t != MAZE or maze_exits(cells, s, kind)):
                moves.add(t)
        elif tab[target] and kind != NECROMOBILE:
            if t == MAZE and (kind == MILITANT or (kind != CHIEF and not maze_exits(cells, s, kind))):
                continue
            moves.add(t)
            if kind != PROVOCATEUR:
                kills.add(t)
    return Reach(frozenset(moves), frozenset(kills))


__all__ = ["threats", "reach", "Reach", "scan", "Scan", "cover", "enemy_tables"]
