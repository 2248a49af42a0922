"""The 12×12 board's geometry: square numbers, names, and precomputed lines (rulings §1).

Squares are numbered 0–143: ``square = rank_index * 12 + file_index``, file 0 = ``a`` (White's
left) and rank index 0 = rank 1 (White's side), so a1 is 0, l1 is 11 and l12 is 143. Names are
file letter then rank number, lower case: ``a1``, ``f12``, ``l10``. Every name is also a module
constant in upper case (``from camblam.squares import E4``).
"""

from __future__ import annotations

Square = int

FILES = "abcdefghijkl"
SIZE = 12
SQUARES: range = range(SIZE * SIZE)

SQUARE_NAMES: tuple[str, ...] = tuple(FILES[sq % SIZE] + str(sq // SIZE + 1) for sq in SQUARES)
_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

#: Queen directions (file step, rank step): the first four orthogonal, the last four diagonal.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 0), (0, -1), (-1, 0),
    (1, 1), (1, -1), (-1, -1), (-1, 1),
)
ORTHOGONAL = DIRECTIONS[:4]
DIAGONAL = DIRECTIONS[4:]


def square(file: int, rank: int) -> Square:
    """The square at ``file`` (0 = a) and ``rank`` (0 = rank 1)."""
    if not (0 <= file < SIZE and 0 <= rank < SIZE):
        raise ValueError(f"no square at file {file}, rank {rank}")
    return rank * SIZE + file


def file_of(sq: Square) -> int:
    return sq % SIZE


def rank_of(sq: Square) -> int:
    return sq // SIZE


def square_name(sq: Square) -> str:
    """``e4`` for 40."""
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """The square named ``name`` (``a1`` … ``l12``, either case); ``ValueError`` otherwise."""
    try:
        return _BY_NAME[name.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"not a square name: {name!r} (expected a1 to l12)") from None


def _ray(sq: Square, df: int, dr: int) -> tuple[Square, ...]:
    f, r = sq % SIZE + df, sq // SIZE + dr
    out = []
    while 0 <= f < SIZE and 0 <= r < SIZE:
        out.append(r * SIZE + f)
        f += df
        r += dr
    return tuple(out)


#: RAYS[sq][d] — the squares met going outward from ``sq`` in direction ``DIRECTIONS[d]``
#: (empty where the edge is next to ``sq``).
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(sq, df, dr) for df, dr in DIRECTIONS) for sq in SQUARES
)


def offset(sq: Square, df: int, dr: int) -> Square | None:
    """The square ``df`` files and ``dr`` ranks away from ``sq``, or ``None`` off the board."""
    f, r = sq % SIZE + df, sq // SIZE + dr
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else None


def aligned(a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` share a rank, a file or a diagonal."""
    df, dr = b % SIZE - a % SIZE, b // SIZE - a // SIZE
    return df == 0 or dr == 0 or df == dr or df == -dr


globals().update({name.upper(): sq for name, sq in _BY_NAME.items()})

__all__ = [
    "Square", "FILES", "SIZE", "SQUARES", "SQUARE_NAMES", "DIRECTIONS", "ORTHOGONAL", "DIAGONAL",
    "square", "file_of", "rank_of", "square_name", "parse_square", "offset", "aligned", "RAYS",
    *(name.upper() for name in SQUARE_NAMES),
]
