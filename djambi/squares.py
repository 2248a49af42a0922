"""The 9×9 board's geometry: square numbers, names, the maze, and precomputed lines.

Squares are numbered 0–80: ``square = row * 9 + column``, with column 0 = A (left) and
row 0 = rank 1 (bottom), so A1 is 0, I1 is 8, E5 (the maze) is 40 and I9 is 80.
Every name ``A1`` … ``I9`` is also a module constant (``from djambi.squares import E5``).
"""

from __future__ import annotations

from typing import Sequence

from .pieces import ASSASSIN, MILITANT, Kind

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


def _ray(sq: Square, dc: int, dr: int) -> tuple[Square, ...]:
    c, r = column_of(sq) + dc, row_of(sq) + dr
    out = []
    while 0 <= c < 9 and 0 <= r < 9:
        out.append(r * 9 + c)
        c += dc
        r += dr
    return tuple(out)


#: RAYS[sq] — for each of the eight directions, the squares met going outward from ``sq``.
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(sq, dc, dr) for dc, dr in DIRECTIONS) if ray)
    for sq in SQUARES
)
#: NEIGHBOURS[sq] — the (up to eight) squares adjacent to ``sq``.
NEIGHBOURS: tuple[tuple[Square, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq]) for sq in SQUARES
)
#: ORTHOGONAL_NEIGHBOURS[sq] — the (up to four) squares sharing a side with ``sq``.
ORTHOGONAL_NEIGHBOURS: tuple[tuple[Square, ...], ...] = tuple(
    tuple(r[0] for r in (_ray(sq, dc, dr) for dc, dr in DIRECTIONS[:4]) if r)
    for sq in SQUARES
)

#: RAYS cut to a militant's reach (two squares).
_SHORT_RAYS = tuple(tuple(ray[:2] for ray in rays) for rays in RAYS)


#: LINES[kind][sq]: the lines a piece of ``kind`` on ``sq`` moves along (``lines_of``), a table
#: for the engine's inner loops.
LINES: tuple[tuple[tuple[tuple[Square, ...], ...], ...], ...] = tuple(
    _SHORT_RAYS if kind == MILITANT else RAYS for kind in Kind
)


def lines_of(s: Square, kind: int) -> tuple[tuple[Square, ...], ...]:
    """The lines a piece of ``kind`` on ``s`` moves along: per direction, the squares outward
    from ``s`` in the engine's order (a militant's end two squares out). Every walk of the
    engine goes along these (the move generator, the threat scan, the computer players; the
    inner loops read ``LINES[kind][s]``) and stops at the first occupied square, the one a
    piece may act on; the empty maze is passed over (only a chief may stop on it)."""
    return LINES[kind][s]


def walk(cells: Sequence[int], s: Square, kind: int) -> tuple[list[Square], list[Square]]:
    """The squares a piece of ``kind`` on ``s`` meets along its lines (``lines_of``), and the
    occupied ones among them. Line after line in the engine's order, the piece passes over the
    empty squares and stops at the first occupied square, the one it may act on; the empty maze is
    among the squares passed over (only a chief may stop there, which the caller decides).

    ``squares``: every square met, in that order (the legal moves' order); ``met``: the occupied
    squares that stopped a line (at most one a line), in the same order, so that a caller that
    only counts the empty squares need not look at them again (``len(squares) - len(met)``).
    The one walk of the rules: the legal moves (``Board``), the threat view and the scan the
    computer players evaluate with (``djambi.threats``) all go along it::

        squares, met = walk(cells, s, kind)
        for t in squares:
            if cells[t] == 0: ...   # an empty square (or the empty maze): a move, or passed over
            else: ...               # the occupied square that ends this line: act on it, or not
    """
    squares: list[Square] = []
    met: list[Square] = []
    add = squares.append
    for ray in LINES[kind][s]:
        for t in ray:
            add(t)
            if cells[t]:
                met.append(t)
                break
    return squares, met


def maze_exits(cells: Sequence[int], s: Square, kind: int) -> list[Square]:
    """The squares out of the maze for a piece of ``kind`` that came from ``s`` (empty now) and
    acted on what holds the maze (rulings §4), in square order: along the maze's lines over
    empty squares. An assassin passes over his start square (which takes the corpse) but may
    not stop there."""
    exits = []
    for ray in RAYS[MAZE]:
        for t in ray:
            if cells[t] != 0 and t != s:
                break
            if t == s and kind == ASSASSIN:
                continue
            exits.append(t)
    exits.sort()
    return exits


globals().update(_BY_NAME)

__all__ = [
    "Square", "COLUMNS", "SQUARES", "MAZE", "FIELD", "SQUARE_NAMES", "DIRECTIONS",
    "square", "column_of", "row_of", "square_name", "parse_square",
    "RAYS", "NEIGHBOURS", "ORTHOGONAL_NEIGHBOURS", "LINES", "lines_of", "walk", "maze_exits", *SQUARE_NAMES,
]
