"""The one board view: any board a game describes as data (``present/board.Picture``: cells with
names and shapes, what each shows), drawn in ``#board`` knowing no rules. It draws a geometry once
(taking over the static board ``index.html`` already shows when it is that board), then touches
only the cells whose view changed; it turns the board (``board.transform``, the labels' texts),
glides figures along cells (``board.Slide``; none under ``prefers-reduced-motion``), and names
the cell a tap lands on by the geometry (``data-square`` → the game's cell number). The
promotion chooser (``Chooser``: a ``<dialog>``, so Escape closes it) offers what a picker says a
piece may become.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document

from app.present import board
from app.text.i18n import _
from app.views.dom import absent, cancel, close_dialog, js, later, listen, open_dialog, reduced_motion

SVG_NS = "http://www.w3.org/2000/svg"


class BoardView:
    def __init__(self, on_tap: Callable[[int], None]) -> None:
        self.svg = document.querySelector("#board")
        self.on_tap = on_tap
        self.geometry: board.Geometry | None = None
        self.groups: list = []
        self.uses: list = []
        self.views: list[board.CellView | None] = []
        # index.html's early painter may have turned the board already (the rotate option).
        turned = str(self.svg.getAttribute("data-rotation") or "0")
        self.rotation = int(turned) if turned.isdigit() else 0
        self.labels: list = []
        self.layer = None  # the <g> the animations draw in, above the cells
        self.hidden_uses: list = []
        self.timer = None
        listen(self.svg, "click", self.on_click)

    # ------------------------------------------------------------------ drawing
    def show(self, picture: board.Picture, rotation: int = 0) -> None:
        """Show ``picture`` turned ``rotation`` steps: built afresh for another geometry, else
        turned if need be and only the changed cells touched."""
        if self.geometry is None or picture.geometry.key != self.geometry.key:
            self.build(picture, rotation)
        else:
            self.turn(rotation)
        geometry = self.geometry
        for index, view in enumerate(picture.cells):
            old = self.views[index]
            if old == view:
                continue
            group = self.groups[index]
            if old is None or old.below != view.below or old.above != view.above:
                group.innerHTML = board.cell_inner(geometry, view)  # the game's constants and escaped words
                self.uses[index] = group.querySelector("use.pc")
            elif old.href != view.href:
                self.uses[index].setAttribute("href", view.href)
            if old is None or old.cls != view.cls:
                group.setAttribute("class", view.cls)
            if old is None or old.label != view.label:
                group.setAttribute("aria-label", view.label)
            self.views[index] = view

    def build(self, picture: board.Picture, rotation: int) -> None:
        """Draw the picture's geometry, or take over the board the page shows when it has this
        geometry's cells (``index.html``'s static board: its layers are the picture's)."""
        self.finish()
        geometry, svg = picture.geometry, self.svg
        cells = geometry.cells
        taken_over = (self.geometry is None and svg.querySelectorAll("[data-square]").length == len(cells)
                      and not absent(svg.querySelector(f'[data-square="{cells[0].name}"]'))
                      and not absent(svg.querySelector(f'[data-square="{cells[-1].name}"]'))
                      and not absent(svg.querySelector("defs")))
        if taken_over:
            # Known layers, unknown classes, figures and words: those are set by ``show``.
            self.views = [board.CellView("?", "?", "?", view.below, view.above) for view in picture.cells]
        else:
            svg.setAttribute("viewBox", geometry.view_box)
            svg.innerHTML = board.svg(picture, rotation)  # the games' constants, enums and escaped words
            self.views = list(picture.cells)
            self.rotation = rotation
        self.geometry = geometry
        self.groups = [svg.querySelector(f'[data-square="{cell.name}"]') for cell in cells]
        self.uses = [group.querySelector("use.pc") for group in self.groups]
        self.labels = list(svg.querySelectorAll("text.coord")) + list(svg.querySelectorAll("text.coord-in"))
        self.layer = document.createElementNS(SVG_NS, "g")
        self.layer.setAttribute("id", "anim")
        self.layer.setAttribute("aria-hidden", "true")
        svg.append(self.layer)
        svg.dataset.rotation = str(self.rotation)
        if taken_over:
            self.turn(rotation)

    def turn(self, rotation: int) -> None:
        """Turn the board: only the cells' ``transform`` and the coordinate labels' texts change."""
        if rotation == self.rotation or self.geometry is None:
            return
        geometry = self.geometry
        for index, group in enumerate(self.groups):
            group.setAttribute("transform", board.transform(geometry, index, rotation))
        texts = [label.text for label in board.labels(geometry, rotation)]
        for label, text in zip(self.labels, texts):
            label.textContent = text
        self.rotation = rotation
        self.svg.dataset.rotation = str(rotation)

    def on_click(self, event) -> None:
        target = event.target
        group = None if absent(target) else target.closest("[data-square]")
        if absent(group) or self.geometry is None:
            return
        index = self.geometry.index(str(group.dataset.square))
        if index is not None:
            self.on_tap(index)

    def step(self, cursor: int, dx: int, dy: int) -> int:
        """The keyboard's cell after an arrow key (``dx`` right, ``dy`` up, as seen)."""
        if self.geometry is None:
            return cursor
        cursor = min(max(cursor, 0), len(self.geometry.cells) - 1)
        return board.neighbour(self.geometry, cursor, dx, dy, self.rotation)

    # ------------------------------------------------------------------ animation
    def animate(self, slides: list[board.Slide]) -> None:
        """Glide the figures of ``slides`` from cell to cell; the cells they land on hide their
        own figure until the glide arrives. Replaces any animation still running."""
        self.finish()
        if not slides or reduced_motion() or self.geometry is None:
            return
        geometry = self.geometry
        x, y, w, h = (str(v) for v in geometry.figure)
        for slide in slides:
            use = self.uses[slide.path[-1]]
            use.style.visibility = "hidden"
            self.hidden_uses.append(use)
            group = document.createElementNS(SVG_NS, "g")
            group.setAttribute("class", f"float {slide.cls}".strip())
            piece = document.createElementNS(SVG_NS, "use")
            piece.setAttribute("href", slide.href)
            for name, value in (("x", x), ("y", y), ("width", w), ("height", h), ("class", "pc")):
                piece.setAttribute(name, value)
            group.append(piece)
            points = board.glide_points(geometry, slide, self.rotation)
            group.setAttribute("transform", f"translate({points[0][0]},{points[0][1]})")
            self.layer.append(group)
            frames = [{"transform": f"translate({px}px, {py}px)"} for px, py in points]
            frames[0]["offset"] = 0
            frames[-1]["offset"] = 1
            timing = {"duration": slide.duration, "delay": slide.delay, "fill": "both", "easing": "ease-out"}
            group.animate(js(frames), js(timing))
        total = max(s.delay + s.duration for s in slides)
        self.timer = later(self.finish, total + 20)

    def finish(self) -> None:
        """End the animation at once: the board shows the position as it is."""
        if self.timer is not None:
            cancel(self.timer)
            self.timer = None
        for use in self.hidden_uses:
            use.style.visibility = ""
        self.hidden_uses = []
        if self.layer is not None:
            self.layer.replaceChildren()


PROMOTE_ID = "promote-dialog"


class Chooser:
    """The promotion chooser: one button a piece a pawn may become, each a ``(value, word, svg)``
    the game's picker gives (``promotion_choices``); the chosen value goes to ``on_choose``."""

    def __init__(self, on_choose: Callable[[object], None]) -> None:
        self.on_choose = on_choose
        self.dialog = None

    def ask(self, choices) -> None:
        if self.dialog is None:
            self.dialog = document.createElement("dialog")
            self.dialog.id = PROMOTE_ID
            document.body.append(self.dialog)
        self.dialog.replaceChildren()
        title = document.createElement("h2")
        title.textContent = _("The pawn becomes…")
        row = document.createElement("div")
        row.className = "tools"
        for value, letter, word, markup in choices:
            button = document.createElement("button")
            button.type = "button"
            button.dataset.kind = letter
            # the game's figure markup: constants and engine enums
            button.innerHTML = f'<svg viewBox="0 0 100 100" width="44" height="44" aria-hidden="true">{markup}</svg>'
            name = document.createElement("span")
            name.className = "piece-name"
            name.textContent = word  # the name in words, visible: touch screens show no tooltip
            button.append(name)
            listen(button, "click", _chooser(self, value))
            row.append(button)
        self.dialog.append(title, row)
        open_dialog(f"#{PROMOTE_ID}")

    def chosen(self, value) -> None:
        close_dialog(f"#{PROMOTE_ID}")
        self.on_choose(value)


def _chooser(view: Chooser, value):
    return lambda event: view.chosen(value)


__all__ = ["BoardView", "Chooser"]
