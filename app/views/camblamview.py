"""Camblam's board on the page: the same ``#board`` SVG as Djambi's (the same 940-unit box, taps
and keys go through ``BoardView``'s listener), drawn whole from ``present.camblam_render`` on
every change; a move's short glide (none under ``prefers-reduced-motion``); the promotion chooser
(a ``<dialog>``, so Escape closes it)."""

from __future__ import annotations

from typing import Callable

from pyscript import document

from camblam import Color, Kind, PROMOTIONS

from app.games.camblam import render as camblam_render
from app.text.i18n import _
from app.views.dom import absent, close_dialog, js, listen, open_dialog, reduced_motion

PROMOTE_ID = "promote-dialog"


class CamblamBoardView:
    def __init__(self, on_promote: Callable[[Kind], None]) -> None:
        self.svg = document.querySelector("#board")
        self.on_promote = on_promote
        self.dialog = None

    def draw(self, board, marks: camblam_render.Marks) -> None:
        """Draw the position with its marks (markup from constants, enums and escaped words)."""
        self.svg.setAttribute("viewBox", f"0 0 {camblam_render.VIEW} {camblam_render.VIEW}")
        self.svg.setAttribute("data-game", "camblam")
        self.svg.innerHTML = camblam_render.board_svg(board, marks)

    def animate(self, move) -> None:
        """Glide the piece that just moved from its start to where it landed."""
        if move is None or reduced_motion():
            return
        group = self.svg.querySelector(f'[data-square="{camblam_render.square_name(move.to_square)}"]')
        if absent(group):
            return
        use = group.querySelector("use")
        if absent(use):
            return
        x0, y0 = camblam_render.square_origin(move.from_square)
        x1, y1 = camblam_render.square_origin(move.to_square)
        dx, dy = x0 - x1, y0 - y1
        if dx == 0 and dy == 0:
            return
        frames = [{"transform": f"translate({dx}px, {dy}px)"}, {"transform": "translate(0px, 0px)"}]
        use.animate(js(frames), js({"duration": 260, "easing": "ease-out"}))

    # ------------------------------------------------------------------ promotion
    def ask_promotion(self, colour: Color) -> None:
        """Offer the seven pieces a pawn may become, each a figure with its name under it."""
        if self.dialog is None:
            self.dialog = document.createElement("dialog")
            self.dialog.id = PROMOTE_ID
            document.body.append(self.dialog)
        self.dialog.replaceChildren()
        title = document.createElement("h2")
        title.textContent = _("The pawn becomes…")
        row = document.createElement("div")
        row.className = "tools"
        for kind, (letter, word) in zip(PROMOTIONS, camblam_render.promotion_choices()):
            button = document.createElement("button")
            button.type = "button"
            button.dataset.kind = letter
            button.innerHTML = (f'<svg viewBox="0 0 100 100" width="44" height="44" aria-hidden="true">'
                                f'{camblam_render.camblam_piece_svg(kind, colour)}</svg>')
            name = document.createElement("span")
            name.className = "piece-name"
            name.textContent = word  # the name in words, visible: touch screens show no tooltip
            button.append(name)
            listen(button, "click", _chooser(self, kind))
            row.append(button)
        self.dialog.append(title, row)
        open_dialog(f"#{PROMOTE_ID}")

    def chosen(self, kind: Kind) -> None:
        close_dialog(f"#{PROMOTE_ID}")
        self.on_promote(kind)


def _chooser(view: CamblamBoardView, kind: Kind):
    return lambda event: view.chosen(kind)


__all__ = ["CamblamBoardView"]
