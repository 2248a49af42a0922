"""The panel beside the board: the status line and prompt, the move, computer or waiting tools
(a remote player's move: send the link, or play it here) under them
(one row of fixed height, so nothing moves when a computer starts or stops thinking), the players,
the one message (over the page, dismissable, a new one replacing the old), and the ``aria-live``
announcer that tells a screen reader every move.
"""

from __future__ import annotations

from pyscript import document

from djambi import Party

from app.state import session
from app.state import seating
from app.present import figures, notices, ruletext, standings
from app.views.dom import absent, el, later, on_click
from app.views.dialogs import show_message
from app.text.i18n import _, party_name, player_name


class Panel:
    #: An information (not an error) fades after this long; errors stay until dismissed.
    INFO_MS = 7000

    def __init__(self) -> None:
        self.player_items: dict[Party, tuple] = {}
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
            seat = document.createElement("span")
            seat.className = "pseat"
            state = document.createElement("span")
            state.className = "pstate"
            li.append(swatch, name, seat, state)
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
            state.textContent = info.words()
            classes = ["player", f"pc-{info.party.letter}", info.state]
            if info.to_move:
                classes.append("to-move")
            if info.in_power:
                classes.append("in-power")
            li.className = " ".join(classes)

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


__all__ = ["Panel"]
