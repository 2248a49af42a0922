"""The views of play by link and of several games: the send dialog (the link for the next player:
copy, the device's share sheet, a QR code), the "which seat is yours?" question, and the Games
list (each game with its rules, seats, turn, last move and date, sorted as chosen; open, rename,
delete with undo; a game that cannot be read: download its text, or delete it once confirmed). What the choices do is the app's (``app.main``).

The QR code is made by segno (vendored wheel, see ``pyscript.toml``) and drawn as one SVG path
built with ``setAttribute``: nothing from a link is inserted as HTML.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document, window

from djambi import Party

from app.present import figures, gameslist, notices
from app.text.i18n import N_, _, party_name
from app.state.library import shown_name, when_text
from app.views import parts
from app.views.dialogs import show_message
from app.views.files import download
from app.views.dom import absent, close_dialog, copy_field, el, js, listen, on_click, open_dialog

SVG_NS = "http://www.w3.org/2000/svg"

#: Player-facing texts, marked with ``N_`` and translated where shown (``tr(key)``).
TEXTS = {
    "copied": N_("Link copied."),
    "copy_by_hand": N_("Press Ctrl+C (or long-press and Copy) to copy the selected link."),
    "shared": N_("Sent with the device's share sheet."),
    "qr_label": N_("QR code of the link"),
    "seat_text": N_("“{name}” is played on several devices. Which seats are yours at this "
                    "device? The others will play on their own devices."),
    # Translators: {player}: subject form.
    "seat_label": N_("{player} — I play this seat"),
    "open": N_("Open"),
    "rename": N_("Rename"),
    "delete": N_("Delete"),
    "save_name": N_("Save"),
    "name_label": N_("Name of the game"),
    "current": N_("open here"),
    "last_move": N_("Last move: {move}"),
    "deleted": N_("Deleted “{name}”."),
    "no_games": N_("No saved games yet."),
}


def tr(key: str) -> str:
    """``TEXTS[key]`` in the current language."""
    return _(TEXTS[key])


def qr_path(text: str) -> tuple[str, int]:
    """The SVG path of the QR code of ``text`` (one square per dark module) and its size."""
    import segno  # the vendored wheel, in the bundle's later part (app/views/parts.py)

    code = segno.make(text, error="l", micro=False)
    rows = list(code.matrix_iter(scale=1, border=2))
    parts = []
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                parts.append(f"M{x} {y}h1v1h-1z")
    return "".join(parts), len(rows)


class SendDialog:
    """The link for the next player, with copy, share and a QR code."""

    def __init__(self) -> None:
        on_click("#send-copy", lambda e: self.copy())
        on_click("#send-share", lambda e: self.share())
        on_click("#send-close", lambda e: close_dialog("#send-dialog"))
        self.title = ""
        self.note_key = ""

    def open(self, title: str, text: str, link: str) -> None:
        self.title = title
        self.note_key = ""
        el("#send-title").textContent = title
        el("#send-text").textContent = text
        el("#link-move").value = link
        el("#send-note").textContent = ""
        el("#send-share").hidden = absent(getattr(window.navigator, "share", None))
        self.draw_qr(link)
        open_dialog("#send-dialog")

    def draw_qr(self, link: str) -> None:
        """The QR code of ``link``, once ``segno`` (the bundle's later part) is there."""
        el("#send-qr").replaceChildren()
        note = el("#send-note")

        def say(text: str) -> None:
            if str(el("#link-move").value) == link:
                note.textContent = text

        parts.then(parts.LATER, lambda: self.qr_now(link), waiting=lambda: say(parts.loading_text()), failed=say)

    def qr_now(self, link: str) -> None:
        if str(el("#link-move").value) != link:  # another link since (the dialog was opened again)
            return
        box = el("#send-qr")
        box.replaceChildren()
        if str(el("#send-note").textContent) == parts.loading_text():
            el("#send-note").textContent = ""
        try:
            path, size = qr_path(link)
        except Exception as exc:  # noqa: BLE001 (a link too long for a QR code, or no segno)
            show_message(el("#send-note"), notices.qr_failed(exc))
            return
        svg = document.createElementNS(SVG_NS, "svg")
        svg.setAttribute("viewBox", f"0 0 {size} {size}")
        svg.setAttribute("role", "img")
        svg.setAttribute("aria-label", tr("qr_label"))
        svg.setAttribute("shape-rendering", "crispEdges")
        svg.setAttribute("data-size", str(size))
        back = document.createElementNS(SVG_NS, "rect")
        for name, value in (("width", size), ("height", size), ("fill", "#fff")):
            back.setAttribute(name, str(value))
        dots = document.createElementNS(SVG_NS, "path")
        dots.setAttribute("d", path)
        dots.setAttribute("fill", "#000")
        svg.append(back, dots)
        box.append(svg)

    def copy(self) -> None:
        copied = copy_field("#link-move")
        self.note_key = "copied" if copied else "copy_by_hand"
        el("#send-note").textContent = tr(self.note_key)

    def share(self) -> None:
        share = getattr(window.navigator, "share", None)
        if absent(share):
            return
        try:
            promise = window.navigator.share(js({"title": self.title, "url": str(el("#link-move").value)}))
            promise.then(lambda _: None, lambda _: None)  # a cancelled sheet is no error
            self.note_key = "shared"
            el("#send-note").textContent = tr("shared")
        except Exception:  # noqa: BLE001
            self.copy()


    def relabel(self, title: str, text: str) -> None:
        """After a language switch: the open dialog's texts in the new language."""
        self.title = title
        el("#send-title").textContent = title
        el("#send-text").textContent = text
        if self.note_key:
            el("#send-note").textContent = tr(self.note_key)
        qr = el("#send-qr").querySelector("svg")
        if not absent(qr):
            qr.setAttribute("aria-label", tr("qr_label"))


class SeatDialog:
    """The first time a device opens a game's link: which seats are this device's?"""

    def __init__(self) -> None:
        self.on_join: Callable[[list[Party]], None] | None = None
        self.boxes: list[tuple[Party, object]] = []
        self.name = ""
        on_click("#seat-join", lambda e: self.join())
        on_click("#seat-cancel", lambda e: close_dialog("#seat-dialog"))

    def ask(self, name: str, seats: list[Party], on_join: Callable[[list[Party]], None]) -> None:
        self.on_join = on_join
        self.name = name
        el("#seat-text").textContent = tr("seat_text").format(name=shown_name(name))
        box = el("#seat-choices")
        box.replaceChildren()
        self.boxes = []
        for party in seats:
            label = document.createElement("label")
            tick = document.createElement("input")
            tick.type = "checkbox"
            tick.id = f"mine-{party.letter}"
            listen(tick, "change", lambda e: self.update())
            swatch = document.createElement("span")
            swatch.className = f"swatch pc-{party.letter}"
            swatch.innerHTML = figures.swatch_html(party)
            words = document.createElement("span")
            words.className = "seat-words"
            words.textContent = " " + tr("seat_label").format(player=party_name(party))
            label.append(tick, swatch, words)
            box.append(label)
            self.boxes.append((party, tick))
        self.update()
        open_dialog("#seat-dialog")

    def relabel(self) -> None:
        """After a language switch: the open question's texts in the new language."""
        el("#seat-text").textContent = tr("seat_text").format(name=shown_name(self.name))
        for party, tick in self.boxes:
            words = tick.parentElement.querySelector(".seat-words")
            if not absent(words):
                words.textContent = " " + tr("seat_label").format(player=party_name(party))

    def chosen(self) -> list[Party]:
        return [party for party, tick in self.boxes if bool(tick.checked)]

    def update(self) -> None:
        el("#seat-join").disabled = not self.chosen()

    def join(self) -> None:
        mine = self.chosen()
        if not mine or self.on_join is None:
            return
        action, self.on_join = self.on_join, None
        close_dialog("#seat-dialog")
        action(mine)


#: The seat icons of the Games list (static markup, no player text): a person for a human seat
#: here, two arrows for a seat played on another device; a computer shows its level letter.
HUMAN_ICON = ('<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="8" cy="5" r="3"/>'
              '<path d="M2.5 15c0-3.2 2.5-5.5 5.5-5.5s5.5 2.3 5.5 5.5z"/></svg>')
REMOTE_ICON = ('<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M2 5h9V2l4 4-4 4V7H2z'
               'M14 11H5V8l-4 4 4 4v-3h9z"/></svg>')

GAMES_TEXTS = {
    "sort_label": N_("Sort by"),
    "download": N_("Download"),
    "details": N_("Details"),
    "confirm_delete": N_("Delete this game for good? It cannot be read, and it will be gone "
                         "once this page closes."),
    "cancel": N_("Cancel"),
}


def gtr(key: str) -> str:
    return _(GAMES_TEXTS[key])


def file_name(name: str) -> str:
    """A file name for a downloaded entry: the game's shown name, letters and digits kept."""
    safe = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    return f"{safe or 'game'}.txt"


class GamesDialog:
    """The Games list: every stored game — the game and its rules, the seats, whose turn, the
    last move, when — sorted as the player chose; an unreadable game to download or delete."""

    def __init__(self, on_open: Callable[[str], None], on_rename: Callable[[str, str], None],
                 on_delete: Callable[[str], None], on_undo: Callable[[], None],
                 on_new: Callable[[], None]) -> None:
        self.on_open, self.on_rename, self.on_delete = on_open, on_rename, on_delete
        self.undo_name: str | None = None
        self.order = gameslist.DEFAULT_ORDER
        self.entries: list[gameslist.Entry] = []
        self.current = ""
        self.sorter = self.make_sorter()
        on_click("#games-undo", lambda e: on_undo())
        on_click("#games-new", lambda e: (close_dialog("#games-dialog"), on_new()))
        on_click("#games-close", lambda e: close_dialog("#games-dialog"))

    def make_sorter(self):
        """The "Sort by" choice above the list (made here: no markup in index.html)."""
        row = document.createElement("label")
        row.id = "games-sort-row"
        words = document.createElement("span")
        words.id = "games-sort-label"
        select = document.createElement("select")
        select.id = "games-sort"
        listen(select, "change", lambda e: self.sorted(str(select.value)))
        row.append(words, select)
        el("#games-list").before(row)
        self.label_sorter(select, words)
        return select

    def label_sorter(self, select=None, words=None) -> None:
        select = select if select is not None else el("#games-sort")
        words = words if words is not None else el("#games-sort-label")
        words.textContent = gtr("sort_label")
        select.replaceChildren()
        for order in gameslist.ORDERS:
            option = document.createElement("option")
            option.value = order
            option.textContent = gameslist.order_name(order)
            option.selected = order == self.order
            select.append(option)

    def sorted(self, order: str) -> None:
        if order in gameslist.ORDERS:
            self.order = order
            self.draw(self.entries, self.current)

    def open(self, entries: list[gameslist.Entry], current: str) -> None:
        self.draw(entries, current)
        open_dialog("#games-dialog")

    def draw(self, entries: list[gameslist.Entry], current: str) -> None:
        self.entries, self.current = list(entries), current
        box = el("#games-list")
        box.replaceChildren()
        if not entries:
            empty = document.createElement("li")
            empty.className = "empty"
            empty.textContent = tr("no_games")
            box.append(empty)
        for entry in gameslist.sort(self.entries, self.order):
            # "open here" marks only the game on the board (never an unreadable one).
            box.append(self.row(entry, entry.slot == current and entry.readable))

    def seats(self, entry: gameslist.Entry):
        """The seats as coloured dots, each with a person (human here), a level letter
        (computer) or two arrows (another device); the words as its text alternative."""
        box = document.createElement("span")
        box.className = "game-seats"
        box.setAttribute("role", "img")
        box.setAttribute("aria-label", entry.seats_text)
        box.title = entry.seats_text
        for mark in entry.seats:
            seat = document.createElement("span")
            seat.className = f"game-seat seat-{mark.kind}"
            seat.dataset.kind = mark.kind
            for name in mark.colours:
                dot = document.createElement("span")
                dot.className = f"game-dot c-{name}"
                seat.append(dot)
            sign = document.createElement("span")
            sign.className = "game-seat-sign"
            if mark.kind == "computer":
                sign.textContent = mark.badge
            else:
                sign.innerHTML = HUMAN_ICON if mark.kind == "human" else REMOTE_ICON
            seat.append(sign)
            box.append(seat)
        return box

    def row(self, entry: gameslist.Entry, current: bool):
        li = document.createElement("li")
        li.className = ("game" + (" current" if current else "") + (" over" if entry.over else "")
                        + (" waiting" if entry.waiting else "")
                        + ("" if entry.readable else " unreadable"))
        li.dataset.slot = entry.slot
        if entry.kind:
            li.dataset.game = entry.kind
        info = document.createElement("div")
        info.className = "game-info"
        name = document.createElement("strong")
        name.className = "game-name"
        name.textContent = shown_name(entry.name)
        if current:
            here = document.createElement("span")
            here.className = "game-here"
            here.textContent = tr("current")
            name.append(document.createTextNode(" "), here)
        what = document.createElement("span")
        what.className = "game-what"
        kind = document.createElement("span")
        kind.className = "game-kind"
        kind.textContent = " · ".join(b for b in (entry.game, gameslist.moves_words(entry))
                                      if b) if not entry.readable else entry.game
        what.append(kind)
        if entry.seats:
            what.append(self.seats(entry))
        status = document.createElement("span")
        status.className = "game-status"
        status.textContent = entry.status
        detail = document.createElement("span")
        detail.className = "game-detail"
        if entry.last_move:
            dot = document.createElement("span")
            dot.className = f"game-dot c-{entry.last_colour}"
            dot.setAttribute("aria-hidden", "true")
            last = document.createElement("span")
            last.className = "game-last"
            last.textContent = tr("last_move").format(move=entry.last_move)
            detail.append(dot, last)
        when = when_text(entry.updated)
        if when:
            stamp = document.createElement("span")
            stamp.className = "game-when"
            stamp.textContent = when
            detail.append(stamp)
        info.append(name, what, status, detail)
        if entry.problem:
            info.append(self.details(entry.problem))
        tools = document.createElement("div")
        tools.className = "tools game-tools"
        buttons = []
        if entry.readable:
            buttons.append(("game-open", tr("open"), lambda e, s=entry.slot: self.on_open(s)))
            buttons.append(("game-rename", tr("rename"),
                            lambda e, s=entry.slot, li=li, n=entry.name: self.renaming(li, s, n)))
            buttons.append(("game-delete", tr("delete"), lambda e, s=entry.slot: self.on_delete(s)))
        else:
            buttons.append(("game-download", gtr("download"),
                            lambda e, en=entry: download(en.raw, file_name(shown_name(en.name)))))
            buttons.append(("game-delete", tr("delete"),
                            lambda e, s=entry.slot, t=tools: self.confirming(t, s)))
        for cls, label, handler in buttons:
            button = document.createElement("button")
            button.type = "button"
            button.className = cls
            button.textContent = label
            listen(button, "click", handler)
            tools.append(button)
        li.append(info, tools)
        return li

    def details(self, problem: str):
        """Why a game cannot be read, behind a "Details" disclosure."""
        box = document.createElement("details")
        box.className = "game-problem"
        summary = document.createElement("summary")
        summary.textContent = gtr("details")
        text = document.createElement("p")
        text.textContent = problem
        box.append(summary, text)
        return box

    def confirming(self, tools, slot: str) -> None:
        """Delete an unreadable game only once confirmed (the row asks)."""
        question = document.createElement("span")
        question.className = "game-confirm"
        question.setAttribute("role", "alert")
        question.textContent = gtr("confirm_delete")
        yes = document.createElement("button")
        yes.type = "button"
        yes.className = "game-delete-confirm danger"
        yes.textContent = tr("delete")
        no = document.createElement("button")
        no.type = "button"
        no.className = "game-delete-cancel"
        no.textContent = gtr("cancel")
        listen(yes, "click", lambda e: self.on_delete(slot))
        listen(no, "click", lambda e: self.draw(self.entries, self.current))
        tools.replaceChildren(question, yes, no)
        no.focus()

    def relabel(self, entries: list[gameslist.Entry], current: str) -> None:
        """After a language switch: the list (and the undo bar) in the new language."""
        self.label_sorter()
        self.draw(entries, current)
        if not bool(el("#games-undo-bar").hidden):
            self.deleted(self.undo_name)

    def renaming(self, li, slot: str, name: str) -> None:
        """Turn the row's name into a text field; Enter or Save renames."""
        field = document.createElement("input")
        field.className = "game-name-field"
        field.value = shown_name(name)
        field.maxLength = 60
        field.setAttribute("aria-label", tr("name_label"))
        save = document.createElement("button")
        save.type = "button"
        save.className = "game-save primary"
        save.textContent = tr("save_name")

        def done(event=None) -> None:
            self.on_rename(slot, str(field.value))

        def key(event) -> None:
            if str(event.key) == "Enter":
                event.preventDefault()
                done()

        listen(save, "click", done)
        listen(field, "keydown", key)
        title = li.querySelector(".game-name")
        title.replaceChildren(field, save)
        field.focus()
        field.select()

    def deleted(self, name: str | None) -> None:
        """Show (or hide, for ``None``) the bar that undoes the last deletion."""
        self.undo_name = name
        el("#games-undo-bar").hidden = name is None
        if name is not None:
            el("#games-undo-text").textContent = tr("deleted").format(name=shown_name(name))


__all__ = ["SendDialog", "SeatDialog", "GamesDialog", "qr_path", "when_text"]
