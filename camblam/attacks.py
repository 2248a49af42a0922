"""The board's lines and leaps, and the attack test: where each piece's rules reach (rulings §3),
as tables made once, and ``attacked(cells, square, side)``, the check rule's question read
backwards from the attacked square (rulings §4). ``board`` walks the moves over these.

Kinds are small ints (``KING`` … ``PAWN``, ``Kind``'s order); a cell holds ``kind + 1`` for White
and ``-(kind + 1)`` for Black; a side is its sign (1 White, -1 Black).
"""

from __future__ import annotations

from .squares import RAYS, SIZE

KING, QUEEN, ROOK, BISHOP, KNIGHT, CATAPULT, ARCHER, PRINCE, PAWN = range(9)

#: How far an archer shoots (rulings §3).
ARCHER_RANGE = 5

FILE_OF = tuple(sq % SIZE for sq in range(SIZE * SIZE))
RANK_OF = tuple(sq // SIZE for sq in range(SIZE * SIZE))

# Directions are indexes into RAYS[sq]: 0 up, 1 right, 2 down, 3 left, 4 up-right, 5 down-right,
# 6 down-left, 7 up-left.
ORTH = (0, 1, 2, 3)
DIAG = (4, 5, 6, 7)
ALL_DIRECTIONS = tuple(range(8))
#: The directions a chain-capturing slider slides in, by kind.
SLIDES = {QUEEN: ALL_DIRECTIONS, ROOK: ORTH, BISHOP: DIAG, CATAPULT: (0, 2)}
#: The directions it steps one square in (onto an empty square or one enemy), by kind.
STEPS = {KING: ALL_DIRECTIONS, ROOK: DIAG, BISHOP: ORTH, CATAPULT: (1, 3)}


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _leaps() -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """Every knight leap (rulings §3): (file step, rank step, the squares passed over)."""
    out = []
    for df, dr in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        passed = ((0, sign(dr)),) if abs(dr) == 2 else ((sign(df), 0),)
        out.append((df, dr, passed))
    for a, b in ((3, 4), (4, 3), (4, 5), (5, 4)):
        for sf in (1, -1):
            for sr in (1, -1):
                df, dr = a * sf, b * sr
                out.append((df, dr, tuple((k * sf, k * sr) for k in range(1, 5))))
    return out


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


_LEAPS = _leaps()
#: KNIGHT_LEAPS[sq]: (target, squares passed over) for every leap from ``sq`` whose target and
#: passed squares are all on the board (a passed square off the board bars the leap).
KNIGHT_LEAPS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (
            (RANK_OF[sq] + dr) * SIZE + FILE_OF[sq] + df,
            tuple((RANK_OF[sq] + pr) * SIZE + FILE_OF[sq] + pf for pf, pr in passed),
        )
        for df, dr, passed in _LEAPS
        if _on(FILE_OF[sq] + df, RANK_OF[sq] + dr)
        and all(_on(FILE_OF[sq] + pf, RANK_OF[sq] + pr) for pf, pr in passed)
    )
    for sq in range(SIZE * SIZE)
)


def _knight_sources() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """KNIGHT_LEAPS turned round in one pass over the leaps (a scan of every square's leaps for
    each target is 400,000 steps, most of a phone's second at the page's start)."""
    sources: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(SIZE * SIZE)]
    for s in range(SIZE * SIZE):  # by start square, each start's leaps in their order
        for t, passed in KNIGHT_LEAPS[s]:
            sources[t].append((s, passed))
    return tuple(tuple(found) for found in sources)


#: KNIGHT_SOURCES[sq]: (start, squares passed over) for every leap that lands on ``sq``, by start.
KNIGHT_SOURCES: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = _knight_sources()
#: ALIGNED[a][b]: ``a`` and ``b`` share a rank, file or diagonal.
ALIGNED: tuple[bytes, ...] = tuple(
    bytes([f == fb or r == rb or f - r == fb - rb or f + r == fb + rb for fb, rb in zip(FILE_OF, RANK_OF)])
    for f, r in zip(FILE_OF, RANK_OF)
)


def attacked(cells: list[int], t: int, a: int) -> bool:
    """Whether the side with sign ``a`` (1 White, -1 Black) could capture a piece of the other
    side on ``t`` with its next move: by any move, chain capture or shot (rulings §4)."""
    rays = RAYS[t]
    for d in range(8):
        ray = rays[d]
        n = len(ray)
        i = 0
        while i < n and cells[ray[i]] * a < 0:  # the chain in front of the piece on t
            i += 1
        chain = i
        while i < n and cells[ray[i]] == 0:
            i += 1
        if i == n:
            continue
        x = cells[ray[i]] * a
        if x <= 0:
            continue
        kind = x - 1
        if kind == QUEEN:
            return True
        dist = i + 1
        if d < 4:
            if kind == ROOK or (kind == CATAPULT and (d == 0 or d == 2)):
                return True
            if chain == 0:
                if kind == PRINCE or (kind == ARCHER and dist <= ARCHER_RANGE):
                    return True
                if dist == 1 and (kind == KING or kind == BISHOP or kind == CATAPULT):
                    return True
        else:
            if kind == BISHOP:
                return True
            if chain == 0:
                if kind == PRINCE or (kind == ARCHER and dist <= ARCHER_RANGE):
                    return True
                if dist == 1:
                    if kind == KING or kind == ROOK:
                        return True
                    # A pawn captures diagonally forward: White's from below, Black's from above.
                    if kind == PAWN and ((a > 0 and (d == 5 or d == 6)) or (a < 0 and (d == 4 or d == 7))):
                        return True
    knight = a * (KNIGHT + 1)
    for s, passed in KNIGHT_SOURCES[t]:
        if cells[s] == knight:
            for p in passed:
                if cells[p] * a > 0:
                    break
            else:
                return True
    prince = a * (PRINCE + 1)
    if prince in cells:
        tf, tr = FILE_OF[t], RANK_OF[t]
        start = 0
        while True:
            try:
                p = cells.index(prince, start)
            except ValueError:
                break
            start = p + 1
            # Two legs: along a rank or file over empty squares to a corner, then diagonally.
            for d in ORTH:
                for c in RAYS[p][d]:
                    if cells[c] != 0:
                        break
                    df, dr = tf - FILE_OF[c], tr - RANK_OF[c]
                    if df != 0 and (df == dr or df == -dr):
                        step = sign(dr) * SIZE + sign(df)
                        q = c + step
                        while q != t and cells[q] == 0:
                            q += step
                        if q == t:
                            return True
    return False


__all__ = [
    "KING", "QUEEN", "ROOK", "BISHOP", "KNIGHT", "CATAPULT", "ARCHER", "PRINCE", "PAWN", "ARCHER_RANGE",
    "FILE_OF", "RANK_OF", "ORTH", "DIAG", "ALL_DIRECTIONS", "SLIDES", "STEPS", "sign",
    "KNIGHT_LEAPS", "KNIGHT_SOURCES", "ALIGNED", "attacked",
]
