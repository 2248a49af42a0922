"""The 9×9 board's geometry: square numbers, names, the maze, and precomputed lines.

Squares are numbered 0–80: ``square = row * 9 + column``, with column 0 = A (left) and
row 0 = rank 1 (bottom), so A1 is 0, I1 is 8, E5 (the maze) is 40 and I9 is 80.
Every name ``A1`` … ``I9`` is also a module constant (``from djambi.squares import E5``).
"""

from __future__ import annotations

from .geometry import SQUARE as _SQUARE

Square = int

COLUMNS = "ABCDEFGHI"
SQUARES: range = range(81)
MAZE: Square = 40
FIELD: tuple[Square, ...] = tuple(sq for sq in SQUARES if sq != MAZE)

SQUARE_NAMES: tuple[str, ...] = tuple(
    COLUMNS[sq % 9] + str(sq // 9 + 1) for sq in SQUARES
)
_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

# Queen directions (column step, row step); the first four are orthogonal.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 0), (0, -1), (-1, 0),
    (1, 1), (1, -1), (-1, -1), (-1, 1),
)


def square(column: int, row: int) -> Square:
    """The square at ``column`` (0 = A) and ``row`` (0 = rank 1)."""
    if not (0 <= column < 9 and 0 <= row < 9):
        raise ValueError(f"no square at column {column}, row {row}")
    return row * 9 + column


def column_of(sq: Square) -> int:
    return sq % 9


def row_of(sq: Square) -> int:
    return sq // 9


def square_name(sq: Square) -> str:
    """``E5`` for 40."""
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """The square named ``name`` (``A1`` … ``I9``, either case); ``ValueError`` otherwise."""
    try:
        return _BY_NAME[name.upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"not a square name: {name!r} (expected A1 to I9)") from None


#: The square board's tables, from its geometry (``djambi.geometry``): the hexagon has its own.
RAYS = _SQUARE.rays
#: NEIGHBOURS[sq] — the (up to eight) squares adjacent to ``sq``.
NEIGHBOURS = _SQUARE.neighbours
#: ORTHOGONAL_NEIGHBOURS[sq] — the (up to four) squares sharing a side with ``sq``.
ORTHOGONAL_NEIGHBOURS = _SQUARE.beside
#: LINES[kind][sq]: the lines a piece of ``kind`` on ``sq`` moves along (``lines_of``).
LINES = _SQUARE.lines


def lines_of(s: Square, kind: int) -> tuple[tuple[Square, ...], ...]:
    """The lines a piece of ``kind`` on ``s`` moves along on the square board (``Geometry.lines``)."""
    return LINES[kind][s]


#: The walk of the square board (``Geometry.walk``, the one walk of the rules).
walk = _SQUARE.walk
#: The ways out of the square board's maze (``Geometry.maze_exits``).
maze_exits = _SQUARE.maze_exits


globals().update(_BY_NAME)

__all__ = [
    "Square", "COLUMNS", "SQUARES", "MAZE", "FIELD", "SQUARE_NAMES", "DIRECTIONS",
    "square", "column_of", "row_of", "square_name", "parse_square",
    "RAYS", "NEIGHBOURS", "ORTHOGONAL_NEIGHBOURS", "LINES", "lines_of", "walk", "maze_exits", *SQUARE_NAMES,
]
