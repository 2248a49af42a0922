"""Board geometries as data: the square 9×9 board and the 61-cell hexagon (``docs/hex.md``).

One rules engine plays both: a ``Geometry`` says which cells exist, what they are called, where
the maze is, the lines a piece slides along (``rays``: per cell, per direction, the cells met going
outward), the cells adjacent to each cell (``neighbours``: what walls a chief in), the cells a
reporter kills on (``beside``), the parties that play and their start. Everything else (the
walk, turns, the maze, control, narration, threats) is written once over these tables.

Both boards number their cells alike, ``cell = (row - 1) * 9 + column`` with column 0 = A, so a
cell's name (``E5``) and number (40) mean the same on both; the hexagon uses 61 of the 81
numbers (rows of 5 to 9 cells, ``hex-rulings.md`` §1) and the maze is E5 (40) on both. A cell
array is 81 long on both boards; the numbers that are not cells stay empty and are on no line.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .pieces import ASSASSIN, MILITANT, Kind, Party, living_code

Square = int
Rays = tuple[tuple[tuple[Square, ...], ...], ...]

COLUMNS = "ABCDEFGHI"
SIZE = 81
MAZE: Square = 40
NAMES: tuple[str, ...] = tuple(COLUMNS[sq % 9] + str(sq // 9 + 1) for sq in range(SIZE))


class Geometry:
    """A board as data: cells, names, maze, lines, adjacency, parties and start.

    ``Geometry.SQUARE`` and ``Geometry.HEX`` are the two boards; ``Geometry.named("hex")`` finds
    one by name. Frozen in use: the tables are tuples, made once at import."""

    __slots__ = ("name", "title", "cells", "rows", "field", "rays", "lines", "neighbours", "beside",
                 "parties", "start", "distance", "_cell_set")

    def __init__(self, name: str, title: str, cells: Sequence[Square], rows: Sequence[Sequence[Square]],
                 rays: Rays, beside: Rays, parties: Sequence[int], start: Sequence[int],
                 distance: Callable[[Square, Square], int]) -> None:
        self.name = name
        self.title = title
        #: The board's cells in number order (A1 first on the square board, C1 on the hexagon).
        self.cells: tuple[Square, ...] = tuple(cells)
        #: The rows from the top of the default view (row 9) down, each from left to right.
        self.rows: tuple[tuple[Square, ...], ...] = tuple(tuple(r) for r in rows)
        #: Every cell but the maze: where corpses and placed pieces may go.
        self.field: tuple[Square, ...] = tuple(c for c in self.cells if c != MAZE)
        #: rays[cell]: per direction, the cells met going outward (empty rays left out).
        self.rays: Rays = rays
        short = tuple(tuple(ray[:2] for ray in r) for r in rays)
        #: lines[kind][cell]: the lines a piece of ``kind`` slides along (a militant's two cells out).
        self.lines: tuple[Rays, ...] = tuple(short if kind == MILITANT else rays for kind in Kind)
        #: neighbours[cell]: the adjacent cells (eight on the square board, six on the hexagon).
        self.neighbours: tuple[tuple[Square, ...], ...] = tuple(tuple(ray[0] for ray in r) for r in rays)
        #: beside[cell]: the cells a reporter there may kill on (sharing a side with it).
        self.beside: tuple[tuple[Square, ...], ...] = tuple(tuple(ray[0] for ray in r) for r in beside)
        #: The parties that play, in seat order (0 Red, 1 Blue, 2 Yellow, 3 Green).
        self.parties: tuple[int, ...] = tuple(parties)
        #: The start: 81 cell codes.
        self.start: tuple[int, ...] = tuple(start)
        self._cell_set = frozenset(self.cells)
        #: distance[a][b]: the fewest single steps from cell ``a`` to cell ``b`` (through any cells).
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(distance(a, b) if a in self._cell_set and b in self._cell_set else -1
                  for b in range(SIZE)) for a in range(SIZE))

    # ------------------------------------------------------------------ cells and names
    def is_cell(self, sq: object) -> bool:
        return sq in self._cell_set

    def parse_cell(self, name: str) -> Square:
        """The cell named ``name`` (either case); ``ValueError`` naming the board otherwise."""
        text = name.upper() if isinstance(name, str) else ""
        sq = _BY_NAME.get(text)
        if sq is None or sq not in self._cell_set:
            raise ValueError(f"not a cell of the {self.title}: {name!r} ({self.span()})")
        return sq

    def span(self) -> str:
        """What the cells are called, for error messages."""
        if self.name == "square":
            return "expected A1 to I9"
        return "rows 1-9 hold " + ", ".join(
            f"{NAMES[r[0]][0]}-{NAMES[r[-1]][0]}" for r in reversed(self.rows))

    @property
    def size(self) -> int:
        """How many cells the board has (81 or 61)."""
        return len(self.cells)

    # ------------------------------------------------------------------ the walk
    def walk(self, cells: Sequence[int], s: Square, kind: int) -> tuple[list[Square], list[Square]]:
        """The cells a piece of ``kind`` on ``s`` meets along its lines, and the occupied ones
        among them. Line after line, the piece passes over empty cells and stops at the first
        occupied cell, the one it may act on; the empty maze is among the cells passed over (only
        a chief may stop there, which the caller decides).

        ``squares``: every cell met, in that order (the legal moves' order); ``met``: the
        occupied cells that stopped a line (at most one a line), in the same order, so that a
        caller counting empty cells need not look again (``len(squares) - len(met)``). The one
        walk of the rules: the legal moves (``Board``), the threat view and the scan the computer
        players evaluate with (``djambi.threats``) and their move generator all go along it."""
        squares: list[Square] = []
        met: list[Square] = []
        add = squares.append
        for ray in self.lines[kind][s]:
            for t in ray:
                add(t)
                if cells[t]:
                    met.append(t)
                    break
        return squares, met

    def maze_exits(self, cells: Sequence[int], s: Square, kind: int) -> list[Square]:
        """The cells out of the maze for a piece of ``kind`` that came from ``s`` (empty now) and
        acted on what holds the maze (rulings §4), in number order: along the maze's lines over
        empty cells. An assassin passes over his start cell (which takes the corpse) but may not
        stop there."""
        exits = []
        for ray in self.rays[MAZE]:
            for t in ray:
                if cells[t] != 0 and t != s:
                    break
                if t == s and kind == ASSASSIN:
                    continue
                exits.append(t)
        exits.sort()
        return exits

    # ------------------------------------------------------------------ values
    @classmethod
    def named(cls, name: "str | Geometry") -> "Geometry":
        """``Geometry.named("hex")``; ``ValueError`` naming the boards otherwise."""
        if isinstance(name, Geometry):
            return name
        found = BOARDS.get(name) if isinstance(name, str) else None
        if found is None:
            raise ValueError(f"unknown board {name!r} (expected {' or '.join(BOARDS)})")
        return found

    def __reduce__(self):  # the two boards are singletons, also through copy and pickle
        return (Geometry.named, (self.name,))

    def __repr__(self) -> str:
        return f"Geometry.named({self.name!r})"


_BY_NAME = {name: sq for sq, name in enumerate(NAMES)}


def _rays(cells: Sequence[Square], coords: Callable[[Square], tuple[int, int]],
          directions: Sequence[tuple[int, int]]) -> Rays:
    """Per number 0–80, per direction, the cells met going outward (no ray for non-cells)."""
    at = {coords(c): c for c in cells}
    out = []
    for sq in range(SIZE):
        if sq not in at.values():
            out.append(())
            continue
        x, y = coords(sq)
        rays = []
        for dx, dy in directions:
            ray, cx, cy = [], x + dx, y + dy
            while (cx, cy) in at:
                ray.append(at[cx, cy])
                cx, cy = cx + dx, cy + dy
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


# ---------------------------------------------------------------------------- the square board
def _square() -> Geometry:
    cells = range(SIZE)
    directions = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))  # N E S W first

    def coords(sq: Square) -> tuple[int, int]:
        return sq % 9, sq // 9

    start = [0] * SIZE
    layout = {"C": ("A9",), "A": ("B9",), "R": ("A8",), "P": ("B8",), "N": ("C7",),
              "M": ("C9", "C8", "A7", "B7")}  # Red's corner, mirrored for the others (rulings §1)
    for letter, names in layout.items():
        kind = Kind.from_letter(letter)
        for name in names:
            c, r = coords(_BY_NAME[name])
            for party, (cc, rr) in zip(Party, ((c, r), (8 - c, r), (8 - c, 8 - r), (c, 8 - r))):
                start[rr * 9 + cc] = living_code(kind, party)
    rows = [range(r * 9, r * 9 + 9) for r in range(8, -1, -1)]
    return Geometry("square", "square board", cells, rows, _rays(cells, coords, directions),
                    _rays(cells, coords, directions[:4]), (0, 1, 2, 3), start,
                    lambda a, b: max(abs(a % 9 - b % 9), abs(a // 9 - b // 9)))


# ---------------------------------------------------------------------------- the hexagon
def _hex() -> Geometry:
    def coords(sq: Square) -> tuple[int, int]:  # doubled coordinates (hex-rulings §1)
        x, y = sq % 9 + 1, sq // 9 + 1
        return 2 * x + (1 if y % 2 == 0 else 0), y

    cells = [sq for sq in range(SIZE)
             if abs(coords(sq)[1] - 5) <= 4 and abs(coords(sq)[0] - 10) + abs(coords(sq)[1] - 5) <= 8]
    # NE, E, SE, SW, W, NW: clockwise from NE in the default view (hex-rulings §2).
    directions = ((1, 1), (2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1))
    rays = _rays(cells, coords, directions)
    start = [0] * SIZE
    armies = {  # hex-rulings §3: chief, assassin, reporter, provocateur, necromobile, militants
        Party.RED: ("A5", "A6", "A4", "B5", "C5", "B3 B4 B6 B7"),
        Party.BLUE: ("G9", "G8", "F9", "F8", "F7", "E8 E9 G7 H7"),
        Party.YELLOW: ("G1", "F1", "G2", "F2", "F3", "E1 E2 G3 H3"),
    }
    for party, squares in armies.items():
        for kind, names in zip(Kind, squares):
            for name in names.split():
                start[_BY_NAME[name]] = living_code(kind, party)
    rows = [[c for c in cells if c // 9 == r] for r in range(8, -1, -1)]
    def distance(a: Square, b: Square) -> int:
        (ha, ya), (hb, yb) = coords(a), coords(b)
        dy = abs(ya - yb)
        return dy + max(0, (abs(ha - hb) - dy) // 2)

    return Geometry("hex", "hexagonal board", cells, rows, rays, rays, (0, 1, 2), start, distance)


SQUARE = _square()
HEX = _hex()
#: The boards by name, the square board (the default) first.
BOARDS: dict[str, Geometry] = {"square": SQUARE, "hex": HEX}
Geometry.SQUARE = SQUARE  # type: ignore[attr-defined]
Geometry.HEX = HEX  # type: ignore[attr-defined]

__all__ = ["Geometry", "SQUARE", "HEX", "BOARDS", "MAZE", "NAMES", "SIZE"]
