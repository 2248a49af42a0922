"""Any board as data, and its drawing (pure Python, no browser): the one board view's decisions.

A game describes its board as a ``Picture``: a ``Geometry`` (its cells, each a name and a shape:
a polygon around a centre, in board coordinates; squares today, hexagons possible), what each
cell shows (``CellView``: classes, the figure standing on it, words for a screen reader, the
layers drawn under and over the figure) and the markup put once before the cells (styles,
figure symbols). The marks a player reads (selected, targets, last moves, check, threats,
chains, shots…) reach a game's renderer as one neutral value, ``Marks``, the same for every
game; each game's renderer (``app/present/render.py`` for Djambi, ``app/games/camblam/render.py``)
turns a position and its ``Marks`` into a ``Picture``. ``views/boardview.BoardView`` carries a
picture out on the page knowing no rules: it draws ``svg(picture, rotation)`` once per geometry,
then touches only the cells that changed; it turns the board (``turns`` of ``360/turns`` degrees,
each player at the bottom), glides pieces along cells (``Slide``), and moves the keyboard's cell
to the neighbour in an arrow's direction as seen (``neighbour``: by the cells' centres, so it
works on any shape).

All markup here comes from the games' constants, their engines' enums and escaped words.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterable

Point = tuple[float, float]


@dataclass(frozen=True)
class Cell:
    """One cell: its name (``E5``, ``a1``; the page's ``data-square``), its centre in board
    coordinates (SVG units, y downward) and its outline as points around that centre."""

    name: str
    centre: Point
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Geometry:
    """A board's cells and frame. A cell's index is the game's own number for it (the cell a tap
    names); ``size`` is the box each cell's drawing lives in (its layers and figure, centred on
    the cell), ``figure`` the figure's box inside it (x, y, width, height); the board turns in
    ``turns`` steps about ``pivot``; ``labels`` says whether the edges carry coordinate labels
    (a grid's files and ranks, outside the cells and, for small screens, inside the edge cells)."""

    key: str
    cells: tuple[Cell, ...]
    width: float
    height: float
    size: float
    figure: tuple[float, float, float, float]
    turns: int = 4
    pivot: Point = (0.0, 0.0)
    labels: bool = False

    def index(self, name: str) -> int | None:
        """The cell named ``name`` (as the page's ``data-square`` says), or None."""
        return _indexes(self).get(name)

    @property
    def view_box(self) -> str:
        return f"0 0 {_n(self.width)} {_n(self.height)}"


_INDEXES: dict[str, dict[str, int]] = {}


def _indexes(geometry: Geometry) -> dict[str, int]:
    found = _INDEXES.get(geometry.key)
    if found is None:
        found = _INDEXES[geometry.key] = {c.name: i for i, c in enumerate(geometry.cells)}
    return found


def _n(value: float) -> str:
    """A coordinate as markup: whole numbers without a decimal point, others to 2 places."""
    value = round(value, 2)
    return str(int(value)) if value == int(value) else f"{value:g}"


# ---------------------------------------------------------------------------- shapes
def square_grid(key: str, files: str | list[str], ranks: list[str], *, cell: float = 100,
                margin: float = 40, figure: tuple[float, float, float, float] | None = None,
                name=lambda f, r: f + r) -> Geometry:
    """A grid of squares, file ``files[0]`` on the left and rank ``ranks[0]`` at the bottom,
    ``margin`` left free on the left and below for the labels; cell ``f + r * len(files)``."""
    columns, rows = len(files), len(ranks)
    half = cell / 2
    outline = ((-half, -half), (half, -half), (half, half), (-half, half))
    cells = tuple(Cell(name(files[f], ranks[r]), (margin + f * cell + half, (rows - 1 - r) * cell + half), outline)
                  for r in range(rows) for f in range(columns))
    inset = cell * 0.06
    box = figure or (inset, inset, cell - 2 * inset, cell - 2 * inset)
    return Geometry(key, cells, margin + columns * cell, margin + rows * cell, cell, box, 4,
                    (margin + columns * cell / 2, rows * cell / 2), True)


def hexagon(side: int = 5, *, width: float = 100, key: str | None = None) -> Geometry:
    """A regular hexagon of cells with ``side`` cells a side (5: the 61 cells of the hexagonal
    board, /work/shared/hex-rulings.md §1): horizontal rows, pointed tops, the middle row ``2 *
    side - 1`` cells long; named as the rulings name them (row number from the bottom, and the
    letter of the cell's place in a ``2 * side - 1`` column offset grid where even rows shift half
    a cell right: C1–G1, …, A5–I5, …, C9–G9). Turns in sixths."""
    rows = 2 * side - 1
    middle = side  # the middle row's number, and its middle letter's index (1-based)
    radius = width / math.sqrt(3)
    step_y = radius * 1.5
    outline = tuple((round(radius * math.cos(math.radians(a)), 3), round(radius * math.sin(math.radians(a)), 3))
                    for a in (-90, -30, 30, 90, 150, 210))
    cells = []
    for y in range(1, rows + 1):
        for x in range(1, rows + 1):
            h = 2 * x + (1 if y % 2 == 0 else 0)
            if abs(h - 2 * middle) + abs(y - middle) > rows - 1:
                continue
            cx = width * (h - 2 * middle) / 2
            cy = step_y * (middle - y)
            cells.append(Cell(f"{chr(64 + x)}{y}", (cx, cy), outline))
    pad = width * 0.6
    span_x = round(width * (rows + 1) / 2 + pad, 3)
    span_y = round(step_y * (rows - 1) / 2 + radius + pad, 3)
    moved = tuple(Cell(c.name, (round(c.centre[0] + span_x, 3), round(c.centre[1] + span_y, 3)), c.points)
                  for c in cells)
    return Geometry(key or f"hex-{side}", moved, 2 * span_x, 2 * span_y, width,
                    (width * 0.1, width * 0.1, width * 0.8, width * 0.8), 6, (span_x, span_y), False)


# ---------------------------------------------------------------------------- turning
def seen(geometry: Geometry, point: Point, rotation: int = 0) -> Point:
    """Where a point of the board is seen once the board turned ``rotation`` steps (each
    ``360 / turns`` degrees counter-clockwise as seen) about its pivot."""
    turn = rotation % geometry.turns
    if not turn:
        return point
    angle = 2 * math.pi * turn / geometry.turns
    cos, sin = math.cos(angle), math.sin(angle)
    px, py = geometry.pivot
    u, v = point[0] - px, point[1] - py
    return round(px + u * cos + v * sin, 3), round(py - u * sin + v * cos, 3)


def centre(geometry: Geometry, index: int, rotation: int = 0) -> Point:
    """A cell's centre as seen."""
    return seen(geometry, geometry.cells[index].centre, rotation)


def origin(geometry: Geometry, index: int, rotation: int = 0) -> Point:
    """The top-left corner of a cell's drawing box as seen (its group's ``translate``)."""
    x, y = centre(geometry, index, rotation)
    return x - geometry.size / 2, y - geometry.size / 2


def transform(geometry: Geometry, index: int, rotation: int = 0) -> str:
    """The ``transform`` attribute of a cell's group."""
    x, y = origin(geometry, index, rotation)
    return f"translate({_n(x)},{_n(y)})"


def outline(geometry: Geometry, index: int) -> str:
    """A cell's outline as an SVG path inside its drawing box (a hexagon stays a hexagon as the
    board turns by sixths, a square a square by quarters: the outline never turns)."""
    half = geometry.size / 2
    points = geometry.cells[index].points
    return "M" + " L".join(f"{_n(x + half)} {_n(y + half)}" for x, y in points) + " Z"


def neighbour(geometry: Geometry, index: int, dx: int, dy: int, rotation: int = 0) -> int:
    """The cell next to ``index`` in the direction ``(dx, dy)`` as seen (right, up: the arrow
    keys): the nearest cell whose centre lies less than 45 degrees off that direction (so no
    diagonal on squares; on hexagons with pointed tops up goes to one of the two upper neighbours,
    30 degrees off, the left one on a tie), or ``index`` itself at the edge."""
    here = centre(geometry, index, rotation)
    limit = math.pi / 4 - 1e-6
    heading = math.atan2(-dy, dx)  # y grows downward on the page
    best: tuple | None = None
    for other in range(len(geometry.cells)):
        if other == index:
            continue
        x, y = centre(geometry, other, rotation)
        u, v = x - here[0], y - here[1]
        distance = math.hypot(u, v)
        off = abs((math.atan2(v, u) - heading + math.pi) % (2 * math.pi) - math.pi)
        if off >= limit:
            continue
        key = (round(distance, 3), round(off, 3), x, y)
        if best is None or key < best[0]:
            best = (key, other)
    return index if best is None else best[1]


_NAME = re.compile(r"([^\d]+)(\d+)$")


def _parts(name: str) -> tuple[str, str]:
    found = _NAME.match(name)
    return (found.group(1), found.group(2)) if found else (name, "")


@dataclass(frozen=True)
class Label:
    """A coordinate label: ``coord`` outside the board, ``coord-in`` inside an edge cell."""

    cls: str
    x: float
    y: float
    text: str
    anchor: str = "middle"
    central: bool = False

    def markup(self) -> str:
        anchor = f' text-anchor="{self.anchor}"' if self.anchor else ""
        central = ' dominant-baseline="central"' if self.central else ""
        return f'<text class="{self.cls}" x="{_n(self.x)}" y="{_n(self.y)}"{anchor}{central}>{self.text}</text>'


def labels(geometry: Geometry, rotation: int = 0) -> list[Label]:
    """A grid's labels as seen: the bottom row's (left to right) and the left column's (top to
    bottom) in the margin, then the same inside the edge cells (shown on small screens). Each
    says the part of the cells' names that changes along its edge (files or ranks)."""
    if not geometry.labels:
        return []
    spots = [(centre(geometry, i, rotation), c.name) for i, c in enumerate(geometry.cells)]
    low = max(p[1] for p, _ in spots)
    left = min(p[0] for p, _ in spots)
    bottom = sorted((p[0], name) for p, name in spots if abs(p[1] - low) < 1e-3)
    side = sorted((p[1], name) for p, name in spots if abs(p[0] - left) < 1e-3)

    def texts(row: list[tuple[float, str]]) -> list[str]:
        firsts = {_parts(name)[0] for _, name in row}
        return [_parts(name)[1 if len(firsts) == 1 else 0] for _, name in row]

    half, edge = geometry.size / 2, low + geometry.size / 2
    out = [Label("coord", x, edge + 28, t) for (x, _), t in zip(bottom, texts(bottom))]
    out += [Label("coord", (left - half) / 2, y, t, central=True) for (y, _), t in zip(side, texts(side))]
    scale = geometry.size / 100
    out += [Label("coord-in", x + half - 7 * scale, edge - 8 * scale, t, "end")
            for (x, _), t in zip(bottom, texts(bottom))]
    out += [Label("coord-in", left - half + 7 * scale, y - half + 25 * scale, t, "")
            for (y, _), t in zip(side, texts(side))]
    return out


# ---------------------------------------------------------------------------- what is drawn
@dataclass(frozen=True)
class Marks:
    """What the board marks besides the figures, the same for every game (cell indexes):
    the selected piece, its targets (empty landing cells; ``captures`` those that take, ``shots``
    those hit from afar while the shooter stays), the cells already chosen of a move built tap by
    tap and the one ``skip`` passes, the pieces lifted by it, the ``chain`` a chosen move would
    take, the ``last`` moves, the piece in ``check``, the threat view's ``threatened`` pieces and
    their ``attackers``, a ``suggested`` move, the keyboard's ``cursor``; ``tags``: a game's own
    extra classes for a cell (e.g. which player's move, how long ago), as (cell, classes)."""

    selected: int | None = None
    targets: frozenset[int] = frozenset()
    captures: frozenset[int] = frozenset()
    shots: frozenset[int] = frozenset()
    chosen: tuple[int, ...] = ()
    skip: int | None = None
    lifted: frozenset[int] = frozenset()
    chain: frozenset[int] = frozenset()
    last: tuple[int, ...] = ()
    check: int | None = None
    threatened: frozenset[int] = frozenset()
    attackers: frozenset[int] = frozenset()
    suggested: tuple[int, ...] = ()
    cursor: int | None = None
    tags: tuple[tuple[int, str], ...] = ()

    def tag(self, index: int) -> str:
        """The game's own classes for a cell (the first given)."""
        for cell, classes in self.tags:
            if cell == index:
                return classes
        return ""


@dataclass(frozen=True)
class CellView:
    """What one cell shows: its group's classes, the figure standing on it (a symbol's href,
    empty for none), its words for a screen reader, and the layers under and over the figure."""

    cls: str
    href: str
    label: str
    below: str = ""
    above: str = ""


@dataclass(frozen=True)
class Picture:
    """A whole board to draw: its geometry, each cell's view (in the geometry's order), the markup
    put once before the cells (styles, symbols) and the class of the group around cells and labels
    (none: no group)."""

    geometry: Geometry
    cells: tuple[CellView, ...]
    prelude: str = ""
    frame: str = ""


def figure_markup(geometry: Geometry, href: str) -> str:
    x, y, w, h = geometry.figure
    return f'<use class="pc" href="{href}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/>'


def cell_inner(geometry: Geometry, view: CellView) -> str:
    """A cell group's content: its lower layers, the figure, its upper layers."""
    return view.below + figure_markup(geometry, view.href) + view.above


def svg(picture: Picture, rotation: int = 0, *, named: bool = True) -> str:
    """The inner markup of the board's ``<svg viewBox=geometry.view_box>``: the prelude, a group
    per cell (``data-square`` with the cell's name and ``role="button"`` when ``named``) and the
    labels. Unnamed: a picture with no cells to tap (a diagram)."""
    geometry = picture.geometry
    parts = [picture.prelude]
    if picture.frame:
        parts.append(f'<g class="{picture.frame}">')
    for index, (cell, view) in enumerate(zip(geometry.cells, picture.cells)):
        if named:
            parts.append(f'<g class="{view.cls}" data-square="{cell.name}" '
                         f'transform="{transform(geometry, index, rotation)}" '
                         f'aria-label="{_attr(view.label)}" role="button">{cell_inner(geometry, view)}</g>')
        else:
            parts.append(f'<g class="{view.cls}" transform="{transform(geometry, index, rotation)}">'
                         f'{cell_inner(geometry, view)}</g>')
    parts.extend(label.markup() for label in labels(geometry, rotation))
    if picture.frame:
        parts.append("</g>")
    return "".join(parts)


def plain(geometry: Geometry, marks: Marks = Marks(), figures: dict[int, str] | None = None) -> Picture:
    """A board drawn from its geometry alone: each cell its outline (class ``cell``), its figure
    (``figures``: cell → symbol href) and the neutral marks as classes (``mark_classes``). What a
    game with no renderer of its own would show; the tests draw the hexagon with it."""
    figures = figures or {}
    cells = []
    for index, cell in enumerate(geometry.cells):
        cls = " ".join(["sq", *mark_classes(marks, index)])
        cells.append(CellView(cls, figures.get(index, ""), cell.name,
                              f'<path class="cell" d="{outline(geometry, index)}"/>'))
    return Picture(geometry, tuple(cells))


def mark_classes(marks: Marks, index: int) -> list[str]:
    """A cell's neutral mark classes (``selected``, ``option``, ``capture``, ``shot``, ``chosen``,
    ``skip``, ``lifted``, ``taken``, ``last``, ``check``, ``threat``, ``attacker``, ``suggest``,
    ``cursor``, then the game's ``tags``)."""
    out = []
    for name, on in (("selected", index == marks.selected),
                     ("option", index in marks.targets or index in marks.captures or index in marks.shots),
                     ("capture", index in marks.captures), ("shot", index in marks.shots),
                     ("chosen", index in marks.chosen), ("skip", index == marks.skip),
                     ("lifted", index in marks.lifted), ("taken", index in marks.chain),
                     ("last", index in marks.last), ("check", index == marks.check),
                     ("threat", index in marks.threatened), ("attacker", index in marks.attackers),
                     ("suggest", index in marks.suggested), ("cursor", index == marks.cursor)):
        if on:
            out.append(name)
    tag = marks.tag(index)
    if tag:
        out.append(tag)
    return out


@dataclass(frozen=True)
class Slide:
    """One figure gliding across the board in a move's animation: the symbol's href and the
    class of what moves, the cells it passes (start, [via,] end), and when (milliseconds)."""

    href: str
    cls: str
    path: tuple[int, ...]
    delay: int
    duration: int


def glide_points(geometry: Geometry, slide: Slide, rotation: int = 0) -> list[Point]:
    """The drawing-box corners a slide passes, as seen."""
    return [origin(geometry, index, rotation) for index in slide.path]


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def cells_named(geometry: Geometry, names: Iterable[str]) -> list[int]:
    """The indexes of cells by name (unknown names left out)."""
    return [i for i in (geometry.index(n) for n in names) if i is not None]


__all__ = ["Cell", "Geometry", "square_grid", "hexagon", "seen", "centre", "origin", "transform",
           "outline", "neighbour", "Label", "labels", "Marks", "CellView", "Picture", "svg", "plain",
           "mark_classes", "figure_markup", "cell_inner", "Slide", "glide_points", "cells_named"]
