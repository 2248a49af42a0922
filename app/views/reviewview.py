"""The review of a game in the page (``docs/review.md``): *Review* in the menu and in the
game-over dialog, a dialog built here (no markup in ``index.html``) that runs the game's reviewer
in slices as an asyncio task (progress shown, Stop at once), then shows the chart, the turning
points and the humans' mistakes; whenever the move list shows the board after a human move that lost
much (a tap on the mistake in the dialog selects it), the better move is drawn over the board (a
line between the squares' centres, with the game's square names found in the move's text). What is shown is decided by ``app/present/review.py``; the game's reviewer comes
through ``app.games`` (``Game.reviewer``)."""

from __future__ import annotations

import asyncio
import math
import re
from typing import Any

from pyscript import document

from app.present import notices
from app.present import review as words
from app.text.i18n import _
from app.views.dialogs import show_message
from app.views.dom import absent, close_dialog, el, listen, on_click, open_dialog

#: Milliseconds of review work between two paints (as a computer move's search).
STEP_MS = 20.0
#: A square's name in either game's move texts (Djambi ``C4``, Camblam ``f11``).
SQUARE = re.compile(r"[A-Ia-l](?:1[0-2]|[1-9])")


def _node(tag: str, parent: Any, ident: str = "", cls: str = "") -> Any:
    node = document.createElement(tag)
    if ident:
        node.id = ident
    if cls:
        node.className = cls
    parent.appendChild(node)
    return node


class ReviewView:
    """The review dialog and its task; ``app`` is the ``App`` (its game, move list, browsing)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.task = None
        self.running_for: str | None = None
        self.results: dict[str, Any] = {}  # game code -> Review
        self.stopped = False
        self.arrow = None
        self.current = None
        self.current_code = ""
        self.current_mistakes: tuple = ()
        self.build()

    # -- the elements
    def build(self) -> None:
        menu = el("#menu")
        button = document.createElement("button")
        button.type = "button"
        button.id = "btn-review"
        menu.insertBefore(button, el("#btn-learn"))
        dialog = _node("dialog", document.body, "review-dialog", "reader")
        dialog.setAttribute("aria-labelledby", "review-title")
        _node("h2", dialog, "review-title")
        _node("p", dialog, "review-progress")
        bar = _node("progress", dialog, "review-bar")
        bar.max = 1
        bar.value = 0
        _node("div", dialog, "review-chart")
        _node("p", dialog, "review-summary", "note")
        _node("h3", dialog, "review-turns-title")
        _node("ol", dialog, "review-turns")
        _node("h3", dialog, "review-mistakes-title")
        _node("ol", dialog, "review-mistakes")
        tools = _node("div", dialog, "", "tools end")
        for ident in ("review-stop", "review-again", "review-close"):
            b = _node("button", tools, ident)
            b.type = "button"
        style = _node("style", document.head)
        style.textContent = (
            "#review-dialog{overflow:auto}#review-dialog h3{margin:10px 0 4px;font-size:1rem}"
            "#review-bar{width:100%}#review-chart svg{width:100%;height:auto;max-height:34vh;"
            "border:1px solid #ccc;border-radius:4px}#review-turns,#review-mistakes{margin:0;"
            "padding-left:1.4em}#review-mistakes button{all:unset;display:block;text-align:left;cursor:pointer;text-decoration:underline}"
            ".review-arrow{pointer-events:none}")
        on_click("#btn-review", lambda e: self.open())
        on_click("#review-stop", lambda e: self.stop())
        on_click("#review-again", lambda e: self.start())
        on_click("#review-close", lambda e: close_dialog("#review-dialog"))
        over = el("#gameover-dialog .tools")
        if not absent(over):
            again = document.createElement("button")
            again.type = "button"
            again.id = "gameover-review"
            over.insertBefore(again, el("#gameover-new"))
            on_click("#gameover-review", lambda e: (close_dialog("#gameover-dialog"), self.open()))
        self.relabel()

    def relabel(self) -> None:
        """The fixed words, in the player's language (at the start and on a language switch)."""
        el("#btn-review").textContent = _("Review the game")
        if not absent(el("#gameover-review")):
            el("#gameover-review").textContent = _("Review")
        el("#review-title").textContent = _("Review of the game")
        el("#review-turns-title").textContent = _("Turning points")
        el("#review-mistakes-title").textContent = _("Moves that lost much")
        el("#review-stop").textContent = _("Stop")
        el("#review-again").textContent = _("Review again")
        el("#review-close").textContent = _("Close")

    # -- running
    def code(self) -> str:
        game = self.app.game
        return f"{game.rules.key}:{game.rules.format_game_code(game.board)}"

    def open(self) -> None:
        self.relabel()
        open_dialog("#review-dialog")
        done = self.app.game.reviewed() or self.results.get(self.code())
        if done is not None:
            self.show(done)
        elif self.running_for != self.code():
            self.start()

    def start(self) -> None:
        game = self.app.game
        self.stopped = False
        self.running_for = self.code()
        reviewer = game.rules.reviewer(game.board.copy())
        self.clear_result()
        self.busy(True)
        self.task = asyncio.ensure_future(self.run(reviewer, self.running_for))

    def stop(self) -> None:
        self.stopped = True
        self.running_for = None
        self.busy(False)
        el("#review-progress").textContent = _("Review stopped.")

    def busy(self, on: bool) -> None:
        el("#review-stop").hidden = not on
        el("#review-again").hidden = on
        el("#review-bar").hidden = not on
        document.body.dataset.reviewing = "1" if on else "0"

    async def run(self, reviewer: Any, key: str) -> None:
        try:
            shown = -1
            while True:
                if self.stopped or self.running_for != key:
                    return
                finished = reviewer.step(STEP_MS)
                done, total = reviewer.progress()
                if done != shown:
                    shown = done
                    el("#review-progress").textContent = words.progress_words(done, total)
                    bar = el("#review-bar")
                    bar.max = total
                    bar.value = done
                if finished:
                    break
                await asyncio.sleep(0)
            review = reviewer.result()
            self.results[key] = review
            self.running_for = None
            self.busy(False)
            if key == self.code():
                self.app.game.review = review  # saved with the game, written in its file
                self.app.save()
                self.show(review)
        except Exception as exc:  # noqa: BLE001 (shown to the player; the game is untouched)
            self.running_for = None
            self.busy(False)
            show_message(el("#review-progress"), notices.review_failed(exc))

    # -- showing
    def clear_result(self) -> None:
        el("#review-chart").innerHTML = ""
        el("#review-summary").textContent = ""
        el("#review-turns").innerHTML = ""
        el("#review-mistakes").innerHTML = ""
        el("#review-dialog").dataset.done = "0"

    def show(self, review: Any) -> None:
        game = self.app.game
        seen = words.shown(review, game.rules, game.board, game.seats)
        self.current = review
        self.current_code = self.code()
        self.current_mistakes = seen.mistakes
        el("#review-progress").textContent = words.reviewer_words(review)
        el("#review-chart").innerHTML = seen.chart
        el("#review-summary").textContent = seen.summary
        turns = el("#review-turns")
        turns.innerHTML = ""
        for ply, text in seen.turns or ((None, _("None: no single move changed the game much.")),):
            _node("li", turns).textContent = text
        mistakes = el("#review-mistakes")
        mistakes.innerHTML = ""
        for ply, text in seen.mistakes:
            item = _node("li", mistakes)
            b = _node("button", item)
            b.type = "button"
            b.dataset.ply = str(ply)
            b.textContent = text
            listen(b, "click", lambda e, ply=ply: self.select(ply))
        el("#review-dialog").dataset.done = "1"

    def select(self, ply: int) -> None:
        """Select move ``ply`` in the move list: the board after it, with the better move drawn."""
        close_dialog("#review-dialog")
        self.app.browse_to(ply + 1)
        self.on_view(ply + 1)

    def on_view(self, viewing: int | None) -> None:
        """The board shows the game after ``viewing`` moves (None: the game as it stands): when
        the move that led there lost much and the game is reviewed, its better move is drawn."""
        self.clear_arrow()
        if viewing is None or viewing < 1 or self.current is None or self.current_code != self.code():
            return
        ply = viewing - 1
        for index, _text in self.current_mistakes:
            if index == ply:
                self.draw_arrow(self.current.plies[ply].best)
                return

    def clear_arrow(self) -> None:
        if self.arrow is not None:
            self.arrow.remove()
            self.arrow = None

    def draw_arrow(self, text: str) -> None:
        self.clear_arrow()
        squares = SQUARE.findall(text)
        if len(squares) < 2:
            return
        svg = el("#board")
        a = el(f'#board [data-square="{squares[0]}"]')
        b = el(f'#board [data-square="{squares[1]}"]')
        if absent(svg) or absent(a) or absent(b):
            return
        # The squares' centres on the screen, brought into the board's own units (whatever
        # turns the board: the rotation setting, the square groups' transforms).
        back = svg.getScreenCTM().inverse()
        ends = []
        for square in (a, b):
            box = square.getBoundingClientRect()
            point = svg.createSVGPoint()
            point.x = float(box.left) + float(box.width) / 2
            point.y = float(box.top) + float(box.height) / 2
            at = point.matrixTransform(back)
            ends.append((float(at.x), float(at.y)))
        (x1, y1), (x2, y2) = ends
        size = float(a.getBoundingClientRect().width) * math.hypot(float(back.a), float(back.b))
        ns = "http://www.w3.org/2000/svg"
        group = document.createElementNS(ns, "g")
        group.setAttribute("class", "review-arrow")
        width = max(4.0, abs(size) / 8)
        for colour, extra in (("#fff", 3.0), ("#1b7f3b", 0.0)):
            line = document.createElementNS(ns, "line")
            for name, value in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
                line.setAttribute(name, str(value))
            line.setAttribute("stroke", colour)
            line.setAttribute("stroke-width", str(width + extra))
            line.setAttribute("stroke-linecap", "round")
            line.setAttribute("opacity", "0.85")
            group.appendChild(line)
        for x, y, r in ((x1, y1, width), (x2, y2, width * 1.8)):
            dot = document.createElementNS(ns, "circle")
            dot.setAttribute("cx", str(x))
            dot.setAttribute("cy", str(y))
            dot.setAttribute("r", str(r))
            dot.setAttribute("fill", "#1b7f3b")
            dot.setAttribute("opacity", "0.85")
            group.appendChild(dot)
        svg.appendChild(group)
        self.arrow = group


__all__ = ["ReviewView", "STEP_MS"]
