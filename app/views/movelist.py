"""The move list and the event log: one ``li`` per move in ``#move-list`` (round number, the
player's colour, the piece's letter, the move, a kill mark), and what each move did in words in
``#event-log``, each sentence about a piece beside its drawn figure. Both grow by the moves that are new; a move taken back is removed. A click on a
move asks to look at the board as it was after it.

A seat that changed hands (``app.state.seating.SeatStep``) is no move: it gets no ``li`` of its own
in the move list (one per move, always), only a small mark on the move it follows (an icon, its
words for screen readers and as a tooltip) and its sentence in the log, after that move's.
"""

from __future__ import annotations

from typing import Callable

from pyodide.ffi import create_proxy
from pyscript import document, window

from app.present import figures, words
from app.state import seating
from app.views.panel import SEAT_ICONS
from app.views.dom import absent, before_paint, later, listen
from app.state.history import KILL_MARK, Ply
from app.text.i18n import _, player_initial, player_name

#: A seat step's icon in the lists (the players list's, smaller).
SEAT_ICON = {kind: icon.replace('width="18" height="18"', 'width="14" height="14"')
             for kind, icon in SEAT_ICONS.items()}
LOG_KEEP = 400  # moves whose sentences the log keeps (the list keeps every move)


class MoveList:
    def __init__(self, on_pick: Callable[[int], None]) -> None:
        self.ol = document.querySelector("#move-list")
        self.log = document.querySelector("#event-log")
        self.shown: list[Ply] = []
        self.viewed: int | None = None
        self.on_pick = on_pick
        # Whether each box follows the game (shows its end): a box read to its end keeps its
        # newest line in view, through new lines and through size changes; one the player
        # scrolled up stays where it is.
        self.follow = [True, True]
        self.touched = [False, False]  # the player's own scrolling (not the page's) since the last
        listen(self.ol, "click", self.on_click)
        for i, box in enumerate((self.ol, self.log)):
            listen(box, "scroll", lambda e, i=i, box=box: self.on_scroll(i, box))
            for kind in ("wheel", "touchstart", "pointerdown", "keydown"):
                listen(box, kind, lambda e, i=i: self.touched.__setitem__(i, True))
        self._resized = create_proxy(lambda entries, observer: self.keep_end())
        window.ResizeObserver.new(self._resized).observe(self.ol)
        window.ResizeObserver.new(self._resized).observe(self.log)

    def on_click(self, event) -> None:
        target = event.target
        li = None if absent(target) else target.closest("li[data-ply]")
        if not absent(li):
            self.on_pick(int(str(li.dataset.ply)))

    def draw(self, plies: list[Ply]) -> None:
        """Show ``plies``: keep the entries still the same, drop the others, add the new ones."""
        keep = 0
        for old, new in zip(self.shown, plies):
            if old != new:
                break
            keep += 1
        while self.ol.children.length > keep:
            self.ol.lastElementChild.remove()
        for item in list(self.log.querySelectorAll("li[data-ply]")):
            if int(str(item.dataset.ply)) > keep:
                item.remove()
        previous = self.shown[keep - 1] if keep else None
        for ply in plies[keep:]:
            self.ol.append(self.entry(ply, previous))
            self.log.append(self.log_entry(ply))
            previous = ply
        while self.log.children.length > LOG_KEEP:
            self.log.firstElementChild.remove()
        added = len(plies) > keep
        self.shown = list(plies)
        if added and self.viewed is None:
            if not keep:
                self.follow = [True, True]
            before_paint(self.keep_end)  # (reading the box's height now would lay the page out mid-redraw)
            later(self.keep_end)  # again once the panel around is drawn

    def on_scroll(self, i: int, box) -> None:
        if self.touched[i]:  # the player scrolled: up, the box stays; to the end, it follows
            self.follow[i] = self.at_end(box)
            self.mark_follow()

    def keep_end(self) -> None:
        """Scroll each box that follows the game to its end (within the box only: the page
        itself never scrolls)."""
        self.mark_follow()
        for i, box in enumerate((self.ol, self.log)):
            if self.follow[i] and self.viewed is None:
                self.touched[i] = False
                box.scrollTop = box.scrollHeight

    def mark_follow(self) -> None:
        """``data-follow`` on each box: "1" while it follows the game. With Python in a worker,
        static/remote-page.mjs keeps such a box's end in view as lines come and sizes change, in
        the page's own frames (the worker's answer can come frames later)."""
        for i, box in enumerate((self.ol, self.log)):
            box.dataset.follow = "1" if self.follow[i] and self.viewed is None else "0"

    @staticmethod
    def at_end(box) -> bool:
        """Whether ``box`` shows its last line (or has nothing to scroll)."""
        return int(box.scrollTop) + int(box.clientHeight) >= int(box.scrollHeight) - 24

    @staticmethod
    def entry(ply: Ply, previous: Ply | None) -> object:
        li = document.createElement("li")
        li.dataset.ply = str(ply.index)
        classes = []
        if previous is not None and previous.round == ply.round:
            classes.append("cont")
        if ply.extra:
            classes.append("extra")
        li.className = " ".join(classes)
        rnd = document.createElement("span")
        rnd.className = "rnd"
        rnd.textContent = f"{ply.round}."
        who = document.createElement("span")
        who.className = f"who pc-{ply.player.letter}"
        who.textContent = player_initial(ply.player, ply.rules)
        who.title = (_("{player} (extra turn)") if ply.extra else "{player}").format(
            player=player_name(ply.player, ply.rules))
        text = document.createElement("span")
        text.className = "mv"
        text.textContent = f"{ply.letter} {ply.text}" if ply.letter else ply.text
        li.append(rnd, " ", who, " ", text)
        if ply.kill:
            mark = document.createElement("span")
            mark.className = "kill"
            mark.textContent = f" {KILL_MARK}"
            mark.title = _("a kill")
            li.append(mark)
        li.setAttribute("aria-label", _("Move {number}, {player}: {what}").format(
            number=ply.index, player=player_name(ply.player, ply.rules),
            what=" ".join(words.sentences(ply.events, ply.rules))))
        return li

    @staticmethod
    def log_entry(ply: Ply) -> object:
        li = document.createElement("li")
        li.dataset.ply = str(ply.index)
        li.className = "kill" if ply.kill else ""
        head = document.createElement("span")
        head.className = "who-label"
        head.textContent = f"{ply.index}. "
        li.append(head)
        for i, (text, piece) in enumerate(words.pictured_sentences(ply.events, ply.rules)):
            if i:
                li.append(" ")
            if piece is not None:  # the piece's figure, hidden from screen readers (the words say it)
                li.insertAdjacentHTML("beforeend", figures.icon_svg(
                    figures.piece_href(piece), piece.party, "fig fig-inline"))
            li.append(document.createTextNode(text))
        return li

    def draw_seat_steps(self, game) -> None:
        """The seat changes of ``game`` (a ``session.Game``): a mark on the move each follows
        (``span.seat-note``) and a sentence in the log (``li.seat-step``, ``data-after`` its
        move's number); those of a step no longer made go."""
        for node in list(self.ol.querySelectorAll(".seat-note")) + list(
                self.log.querySelectorAll("li.seat-step")):
            node.remove()
        for step in game.seat_steps:
            party = game.rules.parties[step.seats[0]]
            text = seating.step_sentence(step, party, game.rule_set)
            kind = "computer" if step.after in seating.COMPUTER_LEVELS else step.after
            item = document.createElement("li")
            item.className = "seat-step"
            item.dataset.after = str(step.ply)
            item.innerHTML = f'<span class="pseat-icon" aria-hidden="true">{SEAT_ICON[kind]}</span>'
            item.append(document.createTextNode(" " + text))
            after = self.log.querySelector(f'li[data-ply="{step.ply}"]')
            if step.ply == 0 or absent(after):
                if step.ply == 0:
                    self.log.prepend(item)
                else:
                    self.log.append(item)
            else:  # after its move's sentence and the seat steps already after it
                while (not absent(after.nextElementSibling)
                       and "seat-step" in str(after.nextElementSibling.className)):
                    after = after.nextElementSibling
                after.after(item)
            li = self.ol.querySelector(f'li[data-ply="{step.ply}"]')
            if step.ply and not absent(li):
                note = document.createElement("span")
                note.className = f"seat-note pc-{game.rules.party_letter(party)}"
                note.title = text
                note.innerHTML = SEAT_ICON[kind]
                heard = document.createElement("span")
                heard.className = "sr-only"
                heard.textContent = text
                note.append(heard)
                li.append(note)

    def mark_viewed(self, ply: int | None) -> None:
        """Highlight the move whose position is on the board (``None``: the game as it is)."""
        if self.viewed == ply:
            return
        for li in list(self.ol.querySelectorAll("li.viewed")):
            li.classList.remove("viewed")
        self.viewed = ply
        self.mark_follow()
        if ply is None:  # back to the game: the lists follow it again
            self.follow = [True, True]
            self.keep_end()
        if ply is not None and ply > 0:
            li = self.ol.querySelector(f'li[data-ply="{ply}"]')
            if not absent(li):
                li.classList.add("viewed")
                top, height = int(li.offsetTop), int(self.ol.clientHeight)
                if top < self.ol.scrollTop or top + int(li.offsetHeight) > self.ol.scrollTop + height:
                    self.ol.scrollTop = top - height // 2

    def clear(self) -> None:
        self.ol.replaceChildren()
        self.log.replaceChildren()
        self.shown = []
        self.follow = [True, True]


__all__ = ["MoveList"]
