"""The board on the page: takes over the static SVG board of ``index.html``, applies square views
(``render.square_views``) touching only the squares that changed, turns the board, and plays a
move's short animation (``render.slides``; none under ``prefers-reduced-motion``).
"""

from __future__ import annotations

from typing import Callable

from pyscript import document, window

from djambi import square_name
from djambi.squares import SQUARES

from app import games
from app.present import render
from app.views.dom import absent, cancel, js, later, listen, reduced_motion

SVG_NS = "http://www.w3.org/2000/svg"


class BoardView:
    def __init__(self, on_tap: Callable[[int], None]) -> None:
        self.svg = document.querySelector("#board")
        self.on_tap = on_tap
        self.groups: dict[int, object] = {}
        self.uses: dict[int, object] = {}
        self.views: list[render.SquareView | None] = [None] * 81
        # index.html's early painter may have turned the board already (the rotate option).
        turned = str(self.svg.getAttribute("data-rotation") or "0")
        self.rotation = int(turned) if turned in ("0", "1", "2", "3") else 0
        self.labels: list = []
        self.layer = None  # the <g> the animations draw in, above the squares
        self.hidden_uses: list = []
        self.timer = None
        self.build()
        listen(self.svg, "click", self.on_click)

    def build(self) -> None:
        """Take over the board index.html already shows (``render.board_svg()`` written there by
        scripts/gen_static_board.py); draw it afresh only if the page lacks it."""
        svg = self.svg
        if svg.querySelectorAll("[data-square]").length != 81 or absent(svg.querySelector("defs")) \
                or absent(svg.querySelector(".lm")):
            # The markup comes from render.board_svg(): constants and engine enums only.
            svg.innerHTML = render.board_svg()
        for sq in SQUARES:
            group = svg.querySelector(f'[data-square="{square_name(sq)}"]')
            self.groups[sq] = group
            self.uses[sq] = group.querySelector("use")
        self.labels = list(svg.querySelectorAll("text.coord")) + list(svg.querySelectorAll("text.coord-in"))
        self.layer = document.createElementNS(SVG_NS, "g")
        self.layer.setAttribute("id", "anim")
        self.layer.setAttribute("aria-hidden", "true")
        svg.append(self.layer)
        self.views = [None] * 81

    def on_click(self, event) -> None:
        target = event.target
        group = None if absent(target) else target.closest("[data-square]")
        if absent(group):
            return
        name = str(group.dataset.square)
        # Another game's board view draws in this same SVG and names it in ``data-game``
        # (views/camblamview.py: a1 … l12); the game that names the cell reads its name.
        key = str(self.svg.getAttribute("data-game") or "")
        self.on_tap(games.get(key if key in games.MODULES else games.DEFAULT).parse_square(name))

    def take_back(self) -> None:
        """Show Djambi's board again after Camblam's was drawn in the SVG."""
        if str(self.svg.getAttribute("data-game") or "") == "camblam":
            self.svg.removeAttribute("data-game")
            self.svg.setAttribute("viewBox", f"0 0 {render.SIZE} {render.SIZE}")
            self.svg.innerHTML = ""
            self.build()
            self.rotation = 0

    # ------------------------------------------------------------------ drawing
    def turn(self, rotation: int) -> None:
        """Turn the board: only the squares' ``transform`` and the coordinate labels change."""
        if rotation == self.rotation:
            return
        for sq in SQUARES:
            self.groups[sq].setAttribute("transform", render.square_transform(sq, rotation))
        texts = render.coord_labels(rotation)
        for i, label in enumerate(self.labels):
            label.textContent = texts[i % len(texts)]
        self.rotation = rotation
        self.svg.dataset.rotation = str(rotation)

    def draw(self, views: list[render.SquareView]) -> None:
        for sq, view in enumerate(views):
            old = self.views[sq]
            if old == view:
                continue
            group = self.groups[sq]
            if old is None or old.cls != view.cls:
                group.setAttribute("class", view.cls)
            if old is None or old.href != view.href:
                self.uses[sq].setAttribute("href", view.href)
            if old is None or old.label != view.label:
                group.setAttribute("aria-label", view.label)
            self.views[sq] = view

    # ------------------------------------------------------------------ animation
    def animate(self, slides: list[render.Slide]) -> None:
        """Glide the pieces of ``slides`` from square to square; the squares they land on hide
        their own piece until the glide arrives. Replaces any animation still running."""
        self.finish()
        if not slides or reduced_motion():
            return
        for slide in slides:
            end = slide.path[-1]
            use = self.uses[end]
            use.style.visibility = "hidden"
            self.hidden_uses.append(use)
            group = document.createElementNS(SVG_NS, "g")
            group.setAttribute("class", f"float {slide.cls}")
            piece = document.createElementNS(SVG_NS, "use")
            piece.setAttribute("href", slide.href)
            for name, value in (("x", "6"), ("y", "6"), ("width", "88"), ("height", "88"), ("class", "pc")):
                piece.setAttribute(name, value)
            group.append(piece)
            points = [render.square_origin(sq, self.rotation) for sq in slide.path]
            group.setAttribute("transform", f"translate({points[0][0]},{points[0][1]})")
            self.layer.append(group)
            frames = [{"transform": f"translate({x}px, {y}px)"} for x, y in points]
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


__all__ = ["BoardView"]
