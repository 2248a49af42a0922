"""The panel beside the board: the status line and prompt, the move, computer or waiting tools
(a remote player's move: send the link, or play it here) under them
(one row of fixed height, so nothing moves when a computer starts or stops thinking), the players
(each row with its seat's button: an icon and a word for who plays it, a person here, the computer
at a level or a remote player, which opens ``SeatMenu`` to hand the seat over), the one message
(over the page, dismissable, a new one replacing the old), and the ``aria-live`` announcer that
tells a screen reader every move.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document

from djambi import Party

from app.state import session
from app.state import seating
from app.present import figures, notices, ruletext, standings
from app.views.dom import absent, close_dialog, el, later, listen, on_click, open_dialog
from app.views.dialogs import show_message
from app.text.i18n import _, army_name, party_name, player_name, player_of


class Panel:
    #: An information (not an error) fades after this long; errors stay until dismissed.
    INFO_MS = 7000

    def __init__(self, on_seat: Callable[[int, str], None] = lambda seat, kind: None) -> None:
        self.player_items: dict[Party, tuple] = {}
        self.seat_menu = SeatMenu(on_seat)
        self.game: session.Game | None = None  # the game the rows were last drawn for
        self.said = 0  # counts messages, so that an old timer never hides a newer one
        self.watched: tuple = ()  # the players out whose notice was answered with Watch
        self.build_players()
        on_click("#message-close", lambda e: self.dismiss())

    def build_players(self) -> None:
        """A row per party, in place of index.html's (the same rows, there from the first paint)."""
        box = el("#players")
        box.replaceChildren()
        for party in Party:
            li = document.createElement("li")
            li.className = f"player pc-{party.letter}"
            swatch = document.createElement("span")
            swatch.className = f"swatch pc-{party.letter}"
            swatch.innerHTML = figures.swatch_html(party)
            name = document.createElement("span")
            name.className = "pname"
            name.textContent = party_name(party)  # as index.html's row said (a frame may show it before the first draw)
            button = document.createElement("button")
            button.type = "button"
            button.className = "pseat-btn"
            icon = document.createElement("span")
            icon.className = "pseat-icon"
            icon.setAttribute("aria-hidden", "true")
            short = document.createElement("span")
            short.className = "pseat-short"
            short.setAttribute("aria-hidden", "true")
            seat = document.createElement("span")
            seat.className = "pseat"
            # as index.html's row (a person here) until the first draw, so that no frame shows an
            # empty, narrower button
            button.dataset.kind = button.dataset.seat = "human"
            icon.innerHTML = SEAT_ICONS["human"]
            short.textContent = seating.badge_text("human")
            seat.textContent = seating.seat_label("human")
            button.append(icon, short, seat)
            listen(button, "click", lambda e, index=int(party): self.seat_menu.open(self.game, index))
            state = document.createElement("span")
            state.className = "pstate"
            li.append(swatch, name, button, state)
            box.append(li)
            self.player_items[party] = (li, name, seat, state)

    # ------------------------------------------------------------------ turn
    def draw_turn(self, game: session.Game, prompt: str, loop_state: str, can_back: bool,
                  can_skip: bool) -> None:
        """Status, prompt, and the tools row: the picker's tools on a human's turn, the
        computer's (thinking + Stop, or paused + Let it play) on a computer's."""
        board = game.board
        over = board.is_game_over()
        el("#status").textContent = standings.status_text(game)
        el("#status").className = "" if over else f"turn-{board.turn.letter}"
        el("#prompt").textContent = prompt
        computer = loop_state in ("thinking", "paused")
        el("#pick-tools").hidden = computer or loop_state == "waiting"
        # Over: no piece to pick, so Back and Cancel give their room to the moves
        el("#turn-tools").hidden = over
        el("#waiting").hidden = loop_state != "waiting"
        el("#btn-back").disabled = not can_back
        el("#btn-cancel").disabled = not can_back
        el("#btn-skip").hidden = not can_skip
        el("#thinking").hidden = loop_state != "thinking"
        el("#paused").hidden = loop_state != "paused"
        if computer:
            name = player_name(board.turn, game.rule_set)
            el("#thinking-text").textContent = _("{player} (computer) is thinking…").format(player=name)
            el("#paused-text").textContent = _("{player} (computer) is paused.").format(player=name)

    def draw_players(self, game: session.Game) -> None:
        self.game = game
        line = ruletext.rules_line(game.rule_set) if game.rule_set is not None else ""
        el("#rules-line").textContent = line
        el("#rules-line").hidden = not line
        infos = standings.party_infos(game)
        for index, (li, *_rest) in enumerate(self.player_items.values()):
            li.hidden = index >= len(infos)  # Camblam has two players
            if index < len(infos):  # the seat's side: Red … Green, or White and Black
                side = game.rules.parties[index]
                li.firstChild.innerHTML = figures.swatch_html(side)
                li.firstChild.className = f"swatch pc-{game.rules.party_letter(side)}"
        for info in infos:
            li, name, seat, state = self.player_items[Party(int(info.party))]
            self.draw_player_badge(li, name, info)
            name.dataset.hostage = _("hostage")
            seat.textContent = seating.seat_label(info.seat) if info.state == "active" else ""
            self.draw_seat_button(li, game, info)
            state.textContent = info.words()
            classes = ["player", f"pc-{info.party.letter}", info.state]
            if info.to_move:
                classes.append("to-move")
            if info.in_power:
                classes.append("in-power")
            li.className = " ".join(classes)

    @staticmethod
    def draw_seat_button(li, game: session.Game, info: standings.PartyInfo) -> None:
        """The row's seat button: who plays it at a glance (an icon, a word: ``Human``, the
        computer's level, ``Remote``; the full label beside it where there is room), opening
        the seat menu while the seat can change hands."""
        button = li.querySelector(".pseat-btn")
        active = info.state == "active"
        button.hidden = not active
        if not active:
            return
        kind = info.seat
        icon = "computer" if kind in seating.COMPUTER_LEVELS else kind
        button.dataset.kind = icon
        button.dataset.seat = kind
        button.querySelector(".pseat-icon").innerHTML = SEAT_ICONS.get(icon, "")
        button.querySelector(".pseat-short").textContent = seating.badge_text(kind)
        two_by_two = getattr(game.rule_set, "players", "4") == "2x2"  # a row is an army there
        player = army_name(info.party, game.rule_set) if two_by_two else player_name(info.party, game.rule_set)
        button.disabled = not game.can_change_seat(info.party)
        button.setAttribute("aria-label", _("{player}: {seat}. Hand this seat over.").format(
            player=player, seat=seating.seat_label(kind)) if not button.disabled
            else f"{player}: {seating.seat_label(kind)}")
        button.setAttribute("aria-haspopup", "dialog")

    @staticmethod
    def draw_player_badge(li, name, info: standings.PartyInfo) -> None:
        """A row's badge and name. In a two-by-two game: the army (``▶ Yellow``) and, over its
        swatch's corner, a badge with the number of the player who leads it, in his colour as
        the move list shows it (no room beside the name in a narrow panel); a screen reader
        reads the whole name (``▶ Yellow (Player 1)``). Otherwise the name alone."""
        badge = li.querySelector(".pbadge")
        if absent(badge):
            badge = document.createElement("span")
            badge.className = "pbadge"
            badge.setAttribute("aria-hidden", "true")
            li.append(badge)
        badge.hidden = info.player is None
        if info.player is None:
            name.textContent = info.label()
            return
        badge.className = f"pbadge who pc-{info.player_colour.letter}"
        badge.textContent = str(info.player + 1)
        seen = document.createElement("span")
        seen.setAttribute("aria-hidden", "true")
        seen.textContent = info.label(party_name(info.party))
        heard = document.createElement("span")
        heard.className = "sr-only"
        heard.textContent = info.label()
        name.replaceChildren(seen, heard)

    def draw_notices(self, game: session.Game, plies: list, fast: bool) -> None:
        """The notice of human players out of the game (until Watch), "Your turn" after
        computers moved, and the Faster toggle (shown once a human here is out)."""
        note = notices.out_notice(game, plies)
        box = el("#out-notice")
        showing = not box.hidden
        box.hidden = note is None or note.out == self.watched
        if not box.hidden and not showing and el("#message").className == "info":
            self.dismiss()  # the notice is what matters now: an information makes room for it
        if note is not None:
            el("#out-text").textContent = note.text
            el("#out-finish").hidden = not note.only_computers or fast
            box.dataset.out = "".join(p.letter for p in note.out)
        turn = notices.your_turn(game, plies)
        status = el("#status")
        status.dataset.call = turn  # shown above the status line (CSS), which keeps its words
        if turn:
            status.classList.add("your-turn")
        else:
            status.classList.remove("your-turn")
        # Faster: once a human here is out (the computers play on for him to watch).
        el("#btn-faster").hidden = note is None
        el("#btn-faster").setAttribute("aria-pressed", "true" if fast else "false")

    def watch(self, game: session.Game, plies: list) -> None:
        """Watch the computers play on: the notice stays away until someone else is out."""
        note = notices.out_notice(game, plies)
        self.watched = note.out if note is not None else ()
        el("#out-notice").hidden = True

    # ------------------------------------------------------------------ messages
    def say(self, text: "str | notices.Message", error: bool = False) -> None:
        """Show one message (replacing any other: a ``notices.Message``, or a plain sentence);
        "" hides it."""
        box = el("#message")
        message = show_message(el("#message-text"), text, error)
        text, error = message.sentence, message.error
        box.className = "error" if error else "info"
        box.setAttribute("role", "alert" if error else "status")
        box.hidden = not text
        self.said += 1
        if text and not error:
            said = self.said
            later(lambda: self._fade(said), self.INFO_MS)

    def _fade(self, said: int) -> None:
        if said == self.said:
            el("#message").hidden = True

    def dismiss(self) -> bool:
        """Hide the message; ``True`` if one was showing."""
        box = el("#message")
        shown = not box.hidden
        box.hidden = True
        return shown

    def announce(self, text: str) -> None:
        """Tell a screen reader (the ``aria-live`` region), without showing anything."""
        el("#announce").textContent = text


#: The seat kinds' icons on the players list (drawn in the text's colour; the word says it too).
SEAT_ICONS = {
    "human": ('<svg viewBox="0 0 24 24" width="18" height="18"><circle cx="12" cy="7.5" r="4" '
              'fill="currentColor"/><path d="M4 21c0-4.6 3.6-7.5 8-7.5s8 2.9 8 7.5z" '
              'fill="currentColor"/></svg>'),
    "computer": ('<svg viewBox="0 0 24 24" width="18" height="18" fill="none" '
                 'stroke="currentColor" stroke-width="2.2"><rect x="3" y="4" width="18" '
                 'height="12" rx="2"/><path d="M8 20.5h8M12 16v4.5"/></svg>'),
    "remote": ('<svg viewBox="0 0 24 24" width="18" height="18" fill="none" '
               'stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><circle cx="12" '
               'cy="18" r="2" fill="currentColor"/><path d="M7.5 13.5a6.4 6.4 0 0 1 9 0M4 10a11.3 '
               '11.3 0 0 1 16 0"/></svg>'),
}


class SeatMenu:
    """The seat menu (``#seat-menu``, a modal dialog made here; Escape closes it): who plays a
    seat from now on, a person at this device or the computer at one of the game's levels,
    each a 44-pixel button, the current one marked. A remote seat's menu says its player
    left. The choice goes to ``on_seat(seat, kind)``."""

    def __init__(self, on_seat: Callable[[int, str], None]) -> None:
        self.on_seat = on_seat
        self.seat = -1
        dialog = document.createElement("dialog")
        dialog.id = "seat-menu"
        dialog.setAttribute("aria-labelledby", "seat-menu-title")
        title = document.createElement("h2")
        title.id = "seat-menu-title"
        note = document.createElement("p")
        note.id = "seat-menu-note"
        choices = document.createElement("div")
        choices.id = "seat-menu-choices"
        choices.setAttribute("role", "group")
        choices.setAttribute("aria-labelledby", "seat-menu-title")
        tools = document.createElement("div")
        tools.className = "tools end"
        cancel = document.createElement("button")
        cancel.type = "button"
        cancel.id = "seat-menu-cancel"
        tools.append(cancel)
        dialog.append(title, note, choices, tools)
        document.body.append(dialog)
        listen(cancel, "click", lambda e: close_dialog("#seat-menu"))
        # a tap on the backdrop (outside the dialog's box) closes it, as Escape does
        listen(dialog, "click", lambda e: close_dialog("#seat-menu") if e.target == dialog else None)

    def open(self, game: "session.Game | None", seat: int) -> None:
        if game is None or not game.can_change_seat(game.rules.parties[seat]):
            return
        self.seat = seat
        party = game.rules.parties[seat]
        current = game.seat_kind(seat)
        player = player_name(party, game.rule_set)
        el("#seat-menu-title").textContent = _("Who plays {player}?").format(
            player=player_of(party, game.rule_set))
        note = el("#seat-menu-note")
        note.textContent = (_("{player} plays on another device. If that player left, this "
                              "device can take the seat over.").format(player=player)
                            if current == seating.REMOTE else
                            _("The change can be undone, like a move."))
        box = el("#seat-menu-choices")
        box.replaceChildren()
        first = None
        for kind in game.seat_choices():
            button = document.createElement("button")
            button.type = "button"
            button.dataset.kind = kind
            icon = "computer" if kind in seating.COMPUTER_LEVELS else kind
            words = (_("A person on this device") if kind == seating.HUMAN
                     else seating.seat_label(kind))
            button.innerHTML = f'<span class="pseat-icon" aria-hidden="true">{SEAT_ICONS[icon]}</span>'
            label = document.createElement("span")
            label.textContent = words
            button.append(label)
            if kind == current:
                button.setAttribute("aria-current", "true")
                button.classList.add("current")
            listen(button, "click", lambda e, kind=kind: self.choose(kind))
            box.append(button)
            if first is None and kind != current:
                first = button
        el("#seat-menu-cancel").textContent = _("Cancel")
        open_dialog("#seat-menu")
        if first is not None:
            first.focus()

    def choose(self, kind: str) -> None:
        close_dialog("#seat-menu")
        self.on_seat(self.seat, kind)


__all__ = ["Panel", "SeatMenu", "SEAT_ICONS"]
