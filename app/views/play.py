"""Turn control: the game object (set, save, loop in line, changed), taps and keys, moves by a human
or a computer, undo and redo, draw offers, a new game, the hand-over screen.

A part of the page's controller (``app.main.App`` mixes it in): it works on the ``App``'s
attributes and carries out what the pure layers decide."""

from __future__ import annotations

from datetime import datetime

from pyscript import document

from djambi import Party
from djambi.rules import STANDARD, Rules

from app.present import notices, prompts, ruletext, standings, taps, words
from app.games.camblam.taps import CamblamPicker
from app.state.history import History
from app.text.i18n import _, party_name
from app.state import library, saving, session, settings as prefs
from app.views import remote
from app.views.dom import any_dialog_open, close_dialog, el, open_dialog


class PlayControl:
    def set_game(self, game: session.Game, save: bool = True, draw: bool = True) -> None:
        """Play ``game`` from now on (a new game, a link, a file, another tab's game); ``draw``
        False leaves the drawing to the caller (the start draws once, when it is done)."""
        self.game = game
        document.body.dataset.game = game.rules.key  # the sides' colours in the panel (CSS)
        self.picker = (CamblamPicker(game.board) if game.rules.key == "camblam"
                       else taps.Picker(game.board))
        if self.history.rules is not game.rules:
            self.history = History(game.rules)
        self.viewing = None
        self.last_human = prefs.human_to_move(game)
        self.was_over = game.board.is_game_over()
        self.moves.clear()
        self.history.update(game.board)
        if save:
            self.save()
        self.loop.reset()
        self.sync_loop(draw)

    def use_slot(self, slot: str, keeper: saving.Keeper | None = None) -> None:
        """Play the game stored in ``slot`` from now on (a new slot for a new game)."""
        self.slot = slot
        self.keeper = keeper or self.library.keeper(slot)
        self.saved_revision = -1

    def save(self) -> None:
        if self.game.revision != self.saved_revision:
            self.game.updated = datetime.now().isoformat(timespec="seconds")
        problem = self.keeper.save(self.game)
        if not problem:
            self.saved_revision = self.game.revision
            self.library.set_current(self.slot)
        if problem:
            self.panel.say(problem, error=True)
        elif self.keeper.conflict:
            self.ask_about_other_tab()

    def sync_loop(self, draw: bool = True) -> None:
        """Bring the computer loop in line with the game (``Loop.sync``), then redraw."""
        self.computer.run(self.loop.sync(self.game), self.game)
        self.keep_up()  # a remote-play dialog the change overtook closes (views.remoteplay)
        if draw:
            self.refresh()

    def changed(self, *, animate: bool, announce: bool = True) -> None:
        """After the game changed: save, narrate the new moves, bring the loop in line, redraw."""
        self.picker.reset(self.game.board)
        self.save()
        new = self.history.update(self.game.board)
        over = self.game.board.is_game_over()
        if announce and new:
            following = None if over else self.game.board.turn
            self.panel.announce(words.announcement([e for p in new[-3:] for e in p.events], following,
                                                   self.game.rule_set))
        self.sync_loop()
        if announce and new:
            self.sound.play(notices.sound_for(new, self.game))
        if animate and len(new) == 1 and self.viewing is None:
            self.board_view.animate(self.picker.slides(self.game.board, new[0]))
        self.computer.moved()
        if over and not self.was_over and announce:
            title, text = standings.outcome_text(self.game)
            how = " ".join(words.sentences((e for e in new[-1].events if e.kind != "end"),
                                           self.game.rule_set)) if new else ""
            self.gameover.open(title, f"{how} {text}".strip())
        self.was_over = over

    def tap(self, sq: int) -> None:
        if self.learn.takes_tap(sq):  # a lesson, a long press, the threat view
            return
        refusal = prompts.tap_refusal(self.game, self.loop.state(self.game), self.viewing,
                                      len(self.history.plies))
        if refusal is not None:
            self.panel.say(refusal)
            return
        self.picker_step(self.picker.tap(sq))

    def picker_step(self, result: taps.Tap) -> None:
        if result.kind == "play":
            self.play_human(result.move)
            return
        if result.kind == "step" and getattr(self.picker, "promoting", None) is not None:
            self.promotion.ask(self.picker.promotion_choices())
        if result.message:
            self.panel.say(result.message)
        elif result.kind in ("select", "reselect", "step", "cancel"):
            self.panel.dismiss()
        self.draw_board()
        self.draw_panel()

    def on_key(self, event) -> None:
        # In worker mode the page notes, as the key is pressed, whether a dialog was open and
        # where the focus was (static/remote-page.mjs): Escape has closed the dialog by now.
        seen = remote.at_dispatch(event)
        if any_dialog_open() or (seen is not None and seen["dialog"]):
            return
        key = str(event.key)
        if self.learn.on_key(key):
            return
        if seen is not None:
            on_board, on_moves = seen["focus"] == "board", seen["focus"] == "move-list"
        else:
            focus = document.activeElement
            on_board = focus == el("#board")
            on_moves = focus == el("#move-list")
        if key in ("Home", "End") and (on_board or on_moves):
            event.preventDefault()
            self.browse_to(0 if key == "Home" else None)
            return
        if key in ("ArrowLeft", "ArrowRight") and (on_moves or (on_board and (self.viewing is not None or event.shiftKey))):
            event.preventDefault()
            self.browse_step(-1 if key == "ArrowLeft" else 1)
            return
        if on_board:
            steps = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
            if key in steps:
                event.preventDefault()
                self.cursor = self.board_view.step(self.cursor, *steps[key])  # the board shown, as seen
                self.draw_board()
                self.learn.tip(self.cursor)
                return
            if key in ("Enter", " "):
                event.preventDefault()
                self.tap(self.cursor)
                return
        if key == "Escape":
            if self.panel.dismiss():
                return
            if self.viewing is not None:
                self.browse_to(None)
                return
            self.picker_step(self.picker.cancel())
        elif key == "Backspace" and self.picker.active:
            self.picker_step(self.picker.back())

    def play_human(self, move) -> None:
        mover = self.game.board.turn
        try:
            self.game.play(move)
        except ValueError as exc:  # an engine refusal: show it, keep the position
            self.panel.say(notices.move_refused(exc))
            self.picker.reset(self.game.board)
            self.refresh()
            return
        self.last_human = mover
        self.panel.dismiss()
        self.loop.human_moved()  # lifts a pause; changed() syncs the loop
        self.changed(animate=True)
        self.maybe_handover()
        self.offer_link()

    def on_computer_move(self, token: int, move) -> None:
        if not self.loop.finished(token, self.game):
            self.sync_loop()
            return
        try:
            self.game.play(move)
        except ValueError as exc:
            self.on_computer_error(token, exc)
            return
        self.changed(animate=True)
        self.maybe_handover()
        self.offer_link()

    def on_computer_error(self, token: int, exc: Exception) -> None:
        self.panel.say(notices.computer_failed(exc))
        self.loop.failed(token)
        self.sync_loop()

    def undo(self) -> None:
        if not self.game.can_undo():
            return
        self.game.undo()
        self.last_human = prefs.human_to_move(self.game)  # whoever undid holds the tablet
        self.loop.undone(self.game)
        self.changed(animate=False, announce=False)
        self.panel.announce(_("Move taken back. {status}.").format(status=standings.status_text(self.game)))

    def redo(self) -> None:
        if not self.game.can_redo():
            return
        self.game.redo()
        self.last_human = prefs.human_to_move(self.game)
        self.changed(animate=True)

    def human_players(self) -> list[Party]:
        players = self.game.rules.active_players(self.game.board)
        return [p for p in players if not self.game.is_computer(p)]

    def offer_draw(self) -> None:
        board = self.game.board
        computers = []
        for party in self.game.rules.active_players(board):
            if self.game.is_computer(party):
                accepts = self.game.rules.accepts_draw(board, party, self.game.seat(party))
                computers.append((party, accepts))
        self.draw_offer.open(self.human_players(), computers)

    def agree_draw(self) -> None:
        if self.game.board.is_game_over():
            return
        self.game.agree_draw()
        self.changed(animate=False)

    def ask_resign(self) -> None:
        """Camblam: the side to move (a human here) may resign, once confirmed."""
        if not self.game.can_resign():
            return
        turn = self.game.board.turn
        winner = self.game.rules.parties[1 - int(turn)]
        el("#resign-text").textContent = _("{player} resigns and {winner} wins the game.").format(
            player=party_name(turn), winner=party_name(winner))
        open_dialog("#resign-dialog")

    def resign_game(self) -> None:
        close_dialog("#resign-dialog")
        if not self.game.can_resign():
            return
        self.game.resign()
        self.panel.dismiss()  # "your turn" and the like no longer hold
        self.changed(animate=False)
        self.offer_link()  # a game by link: the other device learns of it by the link

    def maybe_handover(self) -> None:
        """After a move: the hand-over screen, if it is on and the tablet changes hands."""
        to = prefs.handover_to(self.game, self.last_human)
        if to is None:
            return
        self.last_human = to
        if self.settings.handover:
            self.handover.open(to, self.game.rule_set)

    def promote(self, kind) -> None:
        """The piece chosen in the promotion chooser (Camblam)."""
        if self.learn.takes_promotion(kind):  # a Camblam lesson's pawn
            return
        if isinstance(self.picker, CamblamPicker):
            self.picker_step(self.picker.promote(kind))

    def start_new_game(self, hostage: bool, seats: list[str], rules: Rules | None = STANDARD,
                       kind: str = "djambi") -> None:
        game = session.new_game(hostage, seats, rules if kind == "djambi" else None, kind=kind)
        if self.game.board.move_stack or self.game.redo_moves or self.game.is_remote_game():
            self.use_slot(library.new_slot())  # the old game stays in the Games list
        # else: an untouched game is replaced in its own slot (no empty games piling up)
        game.name = self.library.next_name(exclude=self.slot)
        self.set_game(game)
        if kind == "camblam":
            self.panel.say(_("New game of Camblam. White moves first."))
        else:
            started = (_("New game. Two players, two armies each.") if game.rule_set.two_by_two
                       else _("New game. Three players, Green is the hostage.") if hostage
                       else _("New game. Four players."))
            line = ruletext.rules_line(game.rule_set)
            self.panel.say(f"{started} {line}" if line else started)
        self.panel.announce(_("New game. {status}.").format(status=standings.status_text(self.game)))
        self.offer_link()
