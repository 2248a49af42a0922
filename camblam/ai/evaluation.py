"""The evaluation of a Camblam position, in pawns for the side to move: material (``VALUE``),
and by level king safety, pawn advance, mobility and the king hunt (docs/camblam.md says why).
"""

from __future__ import annotations

from itertools import compress

from ..board import ARCHER, KING, PAWN, PRINCE, QUEEN, Board
from ..squares import RAYS, SIZE
from .levels import LEVELS, Level

#: Material by kind, in pawns (docs/camblam.md gives the reasons):
#: king, queen, rook, bishop, knight, catapult, archer, prince, pawn.
VALUE: tuple[float, ...] = (0.0, 9.0, 5.0, 4.0, 3.0, 2.5, 4.5, 6.0, 1.0)

#: Pawns per empty square a long-range piece sees (hard's mobility term).
MOBILITY = 0.02
#: The king hunt starts at this lead (in pawns) and is whole at twice it.
HUNT_FROM = 3.0
#: The hunters' mean distance to the enemy king (king steps) below which the hunt gains.
HUNT_DISTANCE = 6.0

_SQUARES = range(SIZE * SIZE)


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
        extra += MOBILITY * mob
        lead = material_w - material_b
        if (lead > HUNT_FROM or lead < -HUNT_FROM) and (officers_w if lead > 0 else officers_b):
            # The king hunt: the side ahead draws its pieces to the enemy king and takes its room.
            # Small and bounded, and growing with the lead from nothing, so that being behind never
            # looks better than it is (a sum over the pieces' distances, switched on at a lead of
            # four, once made a lost piece cost three pawns less).
            if lead > 0:
                target, hunters, sign = king_b, officers_w, 1
            else:
                target, hunters, sign = king_w, officers_b, -1
            dist = _DIST[target]
            total = 0
            for q in hunters:
                total += dist[q]
            free = 0
            for ray in RAYS[target]:
                if ray and cells[ray[0]] == 0:
                    free += 1
            hunt = 0.1 * (HUNT_DISTANCE - total / len(hunters)) - 0.1 * free
            ramp = min(1.0, (abs(lead) - HUNT_FROM) / HUNT_FROM)
            extra += sign * ramp * max(-1.0, min(1.0, hunt))
    white = material_w - material_b + extra
    return white if board._turn == 0 else -white
