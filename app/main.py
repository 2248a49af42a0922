"""The page's entry point and controller: it owns the game and routes every action.

The views each do one job (``boardview``, ``panel``, ``movelist``, ``dialogs``, ``files``), the
computer players run through ``computer`` under the pure ``loop`` state machine, and everything a
player reads that the rules decide comes from the engine (``djambi.narrate`` through ``history``
and ``words``). Every action ends the same way: the game is saved, the computer loop is brought
in line (``Loop.sync``), and the page is drawn from the game's state — so no order of clicks can
leave a computer to move with nothing thinking.
"""

from __future__ import annotations

from datetime import datetime

from pyscript import document, window

from djambi import Party, parse_square

from app import gamefile, i18n, library, remote, render, session, statictext, ui, words
from app import settings as prefs
from app.boardview import BoardView
from app.computer import Computer
from app.dialogs import (DrawDialog, GameOverDialog, HandOver, NewGameDialog, ReplaceDialog,
                         ShareDialog, TabDialog)
from app.dom import any_dialog_open, close_dialog, el, listen, on_click, open_dialog, open_storage, later
from app.files import FileOpener, download
from app.gamesview import GamesDialog, SeatDialog, SendDialog
from app.history import History
from app.i18n import _, ngettext
from app.learn import Learn
from app.loop import Loop
from app.movelist import MoveList
from app.panel import Panel


class App:
    def __init__(self) -> None:
        self.library = library.Library(open_storage())
        self.slot = library.new_slot()  # this tab's game in the games index
        self.keeper = self.library.keeper(self.slot)
        self.saved_revision = -1
        self.deleted: library.Deleted | None = None  # the last game deleted, for Undo
        self.game = session.new_game()
        self.picker = ui.Picker(self.game.board)
        self.history = History()
        self.loop = Loop()
        self.computer = Computer(self.loop, self.on_computer_move, self.on_computer_error,
                                 lambda count: setattr(document.body.dataset, "searches", str(count)))
        self.settings = prefs.Settings()
        self.viewing: int | None = None  # the ply shown while looking back; None: the game
        self.cursor = 40  # the keyboard's square (arrow keys, Enter)
        self.last_human: Party | None = None  # who holds the tablet, for the hand-over screen
        self.was_over = False

        self.board_view = BoardView(self.tap)
        self.panel = Panel()
        self.moves = MoveList(self.browse_to)
        self.newgame = NewGameDialog(self.start_new_game)
        self.share = ShareDialog(self.save_file, lambda: self.opener.choose())
        self.replace = ReplaceDialog()
        self.draw_offer = DrawDialog(self.agree_draw)
        self.gameover = GameOverDialog(lambda: self.newgame.open(self.game), self.undo)
        self.handover = HandOver()
        self.tabs = TabDialog(self.load_other_tab, self.keep_this_tab)
        self.opener = FileOpener(self.open_file_text, lambda text: self.panel.say(text, error=True))
        self.learn = Learn(self)  # welcome, lessons, piece guide, rules, threat view, suggestion
        self.sender = SendDialog()
        self.seat_question = SeatDialog()
        self.games = GamesDialog(self.open_slot, self.rename_game, self.delete_game,
                                 self.undo_delete, lambda: self.newgame.open(self.game))

    # ------------------------------------------------------------------ start
    def start(self) -> None:
        self.settings = prefs.load_settings(self.keeper.storage)
        self.slot, self.keeper, loaded = self.library.open()
        self.set_game(loaded.game, save=False, draw=False)  # drawn once, below
        if loaded.message:
            self.panel.say(loaded.message, error=True)
        el("#set-handover").checked = self.settings.handover
        el("#set-rotate").checked = self.settings.rotate
        el("#set-lang").value = self.settings.language
        self.wire()
        welcome = self.learn.first_visit() and not str(window.location.hash).strip("#")
        self.open_fragment(str(window.location.hash))
        el("#loader").hidden = True
        for button in document.querySelectorAll("#game-tools button"):
            button.disabled = False
        self.refresh()
        document.body.dataset.ready = "1"
        self.replay_early_taps()
        if welcome:  # a task of its own: the board is drawn and playable first
            later(self.learn.welcome)

    def replay_early_taps(self) -> None:
        """Taps made on the board before Python was ready (index.html keeps them): answered now,
        in order; refused with a message if a dialog (a link opened, say) stands in the way."""
        take = getattr(window, "djambiTakeEarlyTaps", None)
        names = str(take()).split() if take is not None else []
        for i, name in enumerate(names):
            if any_dialog_open():
                self.panel.say(_("Your tap on {squares} while the game was starting was not "
                                 "played: answer the question first.").format(squares=", ".join(names[i:])))
                return
            self.tap(int(parse_square(name)))

    def wire(self) -> None:
        listen(document, "keydown", self.on_key)
        listen(window, "hashchange", lambda e: self.open_fragment(str(window.location.hash)))
        listen(window, "storage", self.on_storage)
        buttons = {
            "#btn-back": lambda e: self.picker_step(self.picker.back()),
            "#btn-cancel": lambda e: self.picker_step(self.picker.cancel()),
            "#btn-skip": lambda e: self.picker_step(self.picker.skip()),
            "#btn-undo": lambda e: self.undo(),
            "#btn-redo": lambda e: self.redo(),
            "#btn-new": lambda e: self.newgame.open(self.game),
            "#btn-share": lambda e: self.open_share(),
            "#btn-draw": lambda e: self.offer_draw(),
            "#btn-stop": lambda e: (self.loop.stop(), self.sync_loop()),
            "#btn-resume": lambda e: (self.loop.resume(), self.sync_loop()),
            "#btn-settings": lambda e: open_dialog("#settings-dialog"),
            "#settings-close": lambda e: close_dialog("#settings-dialog"),
            "#btn-live": lambda e: self.browse_to(None),
            "#btn-first": lambda e: self.browse_to(0),
            "#btn-prev": lambda e: self.browse_step(-1),
            "#btn-next": lambda e: self.browse_step(1),
            "#btn-last": lambda e: self.browse_to(None),
            "#btn-games": lambda e: self.games.open(self.library.entries(), self.slot),
            "#btn-send": lambda e: self.send_link(),
            "#btn-override": lambda e: self.play_here(),
        }
        for selector, handler in buttons.items():
            on_click(selector, handler)
        for box in ("#set-handover", "#set-rotate", "#set-lang"):
            listen(el(box), "change", self.on_setting)

    # ------------------------------------------------------------------ the game object
    def set_game(self, game: session.Game, save: bool = True, draw: bool = True) -> None:
        """Play ``game`` from now on (a new game, a link, a file, another tab's game); ``draw``
        False leaves the drawing to the caller (the start draws once, when it is done)."""
        self.game = game
        self.picker.reset(game.board)
        self.viewing = None
        self.last_human = prefs.human_to_move(game)
        self.was_over = game.board.is_game_over()
        self.moves.clear()
        self.history.update(game.board)
        if save:
            self.save()
        self.loop.reset()
        self.sync_loop(draw)

    def use_slot(self, slot: str, keeper: session.Keeper | None = None) -> None:
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
            self.panel.announce(words.announcement([e for p in new[-3:] for e in p.events], following))
        self.sync_loop()
        if animate and len(new) == 1 and self.viewing is None:
            self.board_view.animate(render.slides(new[0].events))
        self.computer.moved()
        if over and not self.was_over and announce:
            title, text = session.outcome_text(self.game)
            how = " ".join(words.sentences(e for e in new[-1].events if e.kind != "end")) if new else ""
            self.gameover.open(title, f"{how} {text}".strip())
        self.was_over = over

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        self.history.update(self.game.board)
        self.moves.draw(self.history.plies)
        self.draw_board()
        self.draw_panel()

    def shown_board(self):
        if self.viewing is None:
            return self.game.board
        return self.history.board_at(self.viewing)

    def draw_board(self) -> None:
        if self.learn.draws_board():
            return
        game, picker = self.game, self.picker
        rotation = prefs.board_rotation(game, self.settings.rotate, self.board_view.rotation)
        self.board_view.turn(rotation)
        browsing = self.viewing is not None
        marks = render.move_marks((p.player, p.move) for p in self.history.recent(self.viewing))
        marks = self.learn.marks(marks)
        if browsing:
            views = render.square_views(self.shown_board(), show_mine=False, marks=marks)
        else:
            human = self.loop.state(game) == "idle"
            views = render.square_views(
                game.board,
                selected=picker.piece,
                options=picker.option_squares(),
                chosen=picker.chosen_squares(),
                skip_square=picker._get("to") if picker.can_skip() else None,
                preview=picker.preview(),
                show_mine=human,
                cursor=self.cursor,
                lifted=picker.lifted_squares(),
                marks=marks,
            )
        self.board_view.draw(views)
        document.body.classList.toggle("browsing", browsing)
        el("#browse-bar").hidden = not browsing
        if browsing:
            total = len(self.history.plies)
            el("#browse-text").textContent = (
                _("The start") if self.viewing == 0
                else _("Move {number} of {total}").format(number=self.viewing, total=total))
        self.moves.mark_viewed(self.viewing)

    def draw_panel(self) -> None:
        game, picker = self.game, self.picker
        over = game.board.is_game_over()
        state = self.loop.state(game)
        if over:
            prompt = session.outcome_text(game)[1]
        elif state == "thinking":
            prompt = _("The computer is thinking.")
        elif state == "paused":
            prompt = _("Paused: press “Let it play” for the computer to move.")
        elif state == "waiting":
            prompt = remote.tr("waiting_prompt").format(player=i18n.party_of(game.board.turn))
        else:
            prompt = picker.prompt()
        self.panel.draw_turn(game, prompt, state, picker.active, picker.can_skip())
        self.panel.draw_players(game)
        el("#btn-undo").disabled = not game.can_undo()
        el("#btn-redo").disabled = not game.can_redo()
        el("#btn-draw").disabled = over or not self.human_players()
        total = len(self.history.plies)
        at = total if self.viewing is None else self.viewing
        el("#btn-first").disabled = at == 0
        el("#btn-prev").disabled = at == 0
        el("#btn-next").disabled = self.viewing is None
        el("#btn-last").disabled = self.viewing is None

    # ------------------------------------------------------------------ taps and keys
    def tap(self, sq: int) -> None:
        if self.learn.takes_tap(sq):  # a lesson, the end of a long press, the threat view
            return
        if self.viewing is not None:
            if self.viewing == 0:
                text = _("You are looking back at the start. Press “Back to the game” (or End) "
                         "to play.")
            else:
                text = _("You are looking back at move {number} of {total}. Press “Back to the "
                         "game” (or End) to play.")
            self.panel.say(text.format(number=self.viewing, total=len(self.history.plies)))
            return
        if self.game.board.is_game_over():
            self.panel.say(_("The game is over. Undo, or start a new game."))
            return
        state = self.loop.state(self.game)
        if state == "waiting":  # another device's seat: never played here by mistake
            self.panel.say(remote.tr("not_yours").format(
                player=i18n.party_name(self.game.board.turn)))
            return
        if state != "idle":
            self.panel.say(_("It is the computer's turn. Press “Let it play” to go on.")
                           if state == "paused" else _("It is the computer's turn."))
            return
        self.picker_step(self.picker.tap(sq))

    def picker_step(self, result: ui.Tap) -> None:
        if result.kind == "play":
            self.play_human(result.move)
            return
        if result.message:
            self.panel.say(result.message)
        elif result.kind in ("select", "reselect", "step", "cancel"):
            self.panel.dismiss()
        self.draw_board()
        self.draw_panel()

    def on_key(self, event) -> None:
        if any_dialog_open():
            return
        key = str(event.key)
        if self.learn.on_key(key):
            return
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
                col, row = self.cursor % 9, self.cursor // 9
                dc, dr = render.board_step(*steps[key], self.board_view.rotation)
                if 0 <= col + dc < 9 and 0 <= row + dr < 9:
                    self.cursor += dc + 9 * dr
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

    # ------------------------------------------------------------------ playing
    def play_human(self, move) -> None:
        mover = self.game.board.turn
        try:
            self.game.play(move)
        except ValueError as exc:  # an engine refusal: show it, keep the position
            self.panel.say(str(exc), error=True)
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
        self.panel.say(_("The computer player failed: {error}. Press “Let it play” to try again.")
                       .format(error=exc), error=True)
        self.loop.failed(token)
        self.sync_loop()

    def undo(self) -> None:
        if not self.game.can_undo():
            return
        self.game.undo()
        self.last_human = prefs.human_to_move(self.game)  # whoever undid holds the tablet
        self.loop.undone(self.game)
        self.changed(animate=False, announce=False)
        self.panel.announce(_("Move taken back. {status}.").format(status=session.status_text(self.game)))

    def redo(self) -> None:
        if not self.game.can_redo():
            return
        self.game.redo()
        self.last_human = prefs.human_to_move(self.game)
        self.changed(animate=True)

    def human_players(self) -> list[Party]:
        return [p for p in self.game.board.active_players if not self.game.is_computer(p)]

    def offer_draw(self) -> None:
        from app.computer import computer_players

        board = self.game.board
        computers = []
        for party in board.active_players:
            if self.game.is_computer(party):
                accepts = computer_players().accepts_draw(board, party, self.game.seat(party))
                computers.append((party, accepts))
        self.draw_offer.open(self.human_players(), computers)

    def agree_draw(self) -> None:
        if self.game.board.is_game_over():
            return
        self.game.agree_draw()
        self.changed(animate=False)

    # ------------------------------------------------------------------ looking back
    def browse_to(self, ply: int | None) -> None:
        """Show the board after ``ply`` moves (read-only); ``None`` or the last ply: the game."""
        total = len(self.history.plies)
        if ply is not None and (ply >= total or ply < 0):
            ply = None if ply >= total else 0
        if ply == self.viewing:
            return
        self.viewing = ply
        self.board_view.finish()
        if ply is not None:
            self.picker.reset(self.game.board)
        self.refresh()

    def browse_step(self, step: int) -> None:
        total = len(self.history.plies)
        at = total if self.viewing is None else self.viewing
        self.browse_to(max(0, at + step))

    # ------------------------------------------------------------------ computer seats
    def maybe_handover(self) -> None:
        """After a move: the hand-over screen, if it is on and the tablet changes hands."""
        to = prefs.handover_to(self.game, self.last_human)
        if to is None:
            return
        self.last_human = to
        if self.settings.handover:
            self.handover.open(to)

    def on_setting(self, event) -> None:
        language = str(el("#set-lang").value)
        self.settings = prefs.Settings(handover=bool(el("#set-handover").checked),
                                       rotate=bool(el("#set-rotate").checked),
                                       language=language if language in i18n.LANGUAGES else "")
        if str(getattr(event.target, "id", "")) == "set-lang":  # the picker wins over ?lang=
            wanted = self.settings.language or choose_language(self.settings)
            if wanted != i18n.language():
                self.switch_language(wanted)
        problem = prefs.save_settings(self.keeper.storage, self.settings)
        if problem:
            self.panel.say(problem, error=True)
        self.sync_loop()

    def switch_language(self, code: str) -> None:
        """Show the whole page in ``code`` now, without reloading."""
        apply_language(code)
        self.newgame.relabel()
        self.handover.relabel()
        if bool(el("#games-dialog").open):  # play by link and the Games list (issue 15)
            self.games.relabel(self.library.entries(), self.slot)
        if bool(el("#send-dialog").open):
            self.sender.relabel(*remote.send_texts(self.game))
        if bool(el("#seat-dialog").open):
            self.seat_question.relabel()
        self.learn.relabel()  # the lesson, the guide, the rules
        self.panel.dismiss()
        self.moves.clear()
        self.refresh()

    def start_new_game(self, hostage: bool, seats: list[str]) -> None:
        game = session.new_game(hostage, seats)
        if self.game.board.move_stack or self.game.redo_moves or self.game.is_remote_game():
            self.use_slot(library.new_slot())  # the old game stays in the Games list
        # else: an untouched game is replaced in its own slot (no empty games piling up)
        game.name = self.library.next_name(exclude=self.slot)
        self.set_game(game)
        self.panel.say(_("New game. Three players, Green is the hostage.") if hostage
                       else _("New game. Four players."))
        self.panel.announce(_("New game. {status}.").format(status=session.status_text(self.game)))
        self.offer_link()

    # ------------------------------------------------------------------ links and files
    def open_share(self) -> None:
        base = str(window.location.href).split("#")[0]
        board = self.shown_board()
        note = (_("The position link shows the board at move {number}.").format(number=self.viewing)
                if self.viewing is not None else "")
        self.share.open(session.position_link(base, self.game, board),
                        session.game_link(base, self.game), note)

    def open_fragment(self, fragment: str) -> None:
        if not fragment or fragment == "#":
            return
        if self.learn.open_fragment(fragment):  # #learn, #guide, #rules
            return
        self.clear_fragment()
        try:
            linked = session.read_link(fragment)
        except session.LinkError as exc:
            self.panel.say(_("{problem} Your saved game is unchanged.").format(problem=exc), error=True)
            return
        if linked is None:
            return
        if linked.shared:
            self.arrive(linked.game)
            return
        game = linked.game
        if game.board.move_stack:
            self.offer_game(game, _("Open the shared game?"), _("Open the link"),
                            _("Opened the shared game."), _("Kept your game; the link was not opened."))
        else:
            self.offer_game(game, _("Open the shared position?"), _("Open the link"),
                            _("Opened the shared position."),
                            _("Kept your game; the link was not opened."))

    def offer_game(self, game: session.Game, title: str, yes: str, done: str, kept: str) -> None:
        """Play ``game`` instead of the current one, asking first if that one is unfinished."""
        def take() -> None:
            game.name = game.name or self.library.next_name()
            self.use_slot(library.new_slot())
            self.set_game(game)
            self.panel.say(done)
            self.panel.announce(_("{done} {status}.").format(done=done, status=session.status_text(game)))

        current = self.game
        if current.unfinished():
            count = len(current.board.move_stack)
            text = ngettext("Your unfinished game ({count} move played, {status}) stays in the Games list.",
                            "Your unfinished game ({count} moves played, {status}) stays in the Games list.",
                            count).format(count=count, status=session.status_text(current))
            self.replace.ask(title, text, yes, take, lambda: self.panel.say(kept))
        else:
            take()

    def clear_fragment(self) -> None:
        url = str(window.location.pathname) + str(window.location.search)
        window.history.replaceState(None, "", url)

    def save_file(self) -> None:
        now = datetime.now()
        download(gamefile.record_text(self.game, now), gamefile.file_name(self.game, now))
        self.share.note(_("The game file is saved in your downloads."))

    def open_file_text(self, text: str, name: str) -> None:
        close_dialog("#share-dialog")
        try:
            game = gamefile.game_from_file(text, f"“{name}”")
        except gamefile.FileError as exc:
            self.panel.say(_("{problem} Your game is unchanged.").format(problem=exc), error=True)
            return
        self.offer_game(game, _("Open the game file?"), _("Open the file"),
                        _("Opened the game file “{name}”.").format(name=name),
                        _("Kept your game; the file was not opened."))

    # ------------------------------------------------------------------ other tabs
    def on_storage(self, event) -> None:
        if str(event.key) != self.keeper.key:
            return
        if self.keeper.noticed():
            self.ask_about_other_tab()

    def ask_about_other_tab(self) -> None:
        if el("#tab-dialog").open:
            return
        self.tabs.open(_("The saved game was changed in another tab or window of this page. "
                         "Load that game here, or keep this one (it is then saved over the other)?"))

    def load_other_tab(self) -> None:
        loaded = self.keeper.take_theirs()
        self.set_game(loaded.game, save=False)
        self.panel.say(loaded.message or _("Loaded the game from the other tab."), error=bool(loaded.message))

    def keep_this_tab(self) -> None:
        problem = self.keeper.force(self.game)
        self.panel.say(problem or _("Kept this game; it is saved."), error=bool(problem))

    # ------------------------------------------------------------------ play by link
    def offer_link(self) -> None:
        """After a move made here: when the next move is another device's, offer its link."""
        if remote.should_send(self.game, moved_here=True):
            self.send_link()

    def send_link(self) -> None:
        title, text = remote.send_texts(self.game)
        base = str(window.location.href).split("#")[0]
        self.sender.open(title, text, session.move_link(base, self.game))

    def play_here(self) -> None:
        """"Play it here": make the waiting remote move at this device, on purpose, once."""
        if self.loop.state(self.game) != "waiting":
            return
        self.game.play_here_once()
        self.panel.dismiss()
        self.sync_loop()

    def arrive(self, incoming: session.Game) -> None:
        """A move link: continue the stored game it extends, keep a diverging version beside
        it, or ask which seats are this device's when the game is new here."""
        stored = [(s, g) for s, g in self.library.games() if s != self.slot]
        stored.append((self.slot, self.game))
        found = remote.arrival(incoming, stored)
        if found.kind == remote.NEW:
            incoming.name = incoming.name or self.library.next_name()

            def join(mine: list[Party]) -> None:
                game = remote.join(incoming, mine)
                self.use_slot(library.new_slot())
                self.set_game(game)
                story = remote.continued(game, 0) if game.board.move_stack else remote.whose_turn(game)
                self.panel.say(remote.say("opened", game.name) + " " + story)

            self.seat_question.ask(incoming.name, remote.seats_to_ask(incoming), join)
            return
        if found.slot != self.slot:
            self.open_slot(found.slot, announce=False)
        game = self.game
        if found.kind == remote.EXTENDS:
            before = len(game.board.move_stack)
            remote.continue_with(game, incoming)
            self.loop.human_moved()
            self.changed(animate=len(game.board.move_stack) - before == 1)
            self.panel.say(remote.continued(game, before))
        elif found.kind == remote.SAME:
            self.panel.say(remote.say("same", game.name))
        elif found.kind == remote.OLDER:
            self.panel.say(remote.say(
                "older", game.name, theirs=len(incoming.board.move_stack), ours=len(game.board.move_stack)))
        else:
            names = [g.name for _, g in stored]
            other = remote.version_name(game.name, names)
            text = remote.divergence(game, incoming, found.common, other)
            version = remote.other_version(game, incoming, other)
            self.use_slot(library.new_slot())
            self.set_game(version)
            self.panel.say(text)

    # ------------------------------------------------------------------ the games list
    def open_slot(self, slot: str, announce: bool = True, save_current: bool = True) -> None:
        close_dialog("#games-dialog")
        if slot == self.slot:
            return
        if save_current:
            self.save()
        slot, keeper, loaded = self.library.open(slot)
        self.use_slot(slot, keeper)
        self.set_game(loaded.game, save=False)
        if announce:
            text = loaded.message or (remote.say("opened", loaded.game.name) + " "
                                      + remote.whose_turn(loaded.game))
            self.panel.say(text, error=bool(loaded.message))

    def rename_game(self, slot: str, name: str) -> None:
        if slot == self.slot:
            self.game.name = session.clean_name(library.renamed(self.game.name, name)) or self.game.name
            self.save()
        else:
            problem = self.library.rename(slot, name)
            if problem:
                self.panel.say(problem, error=True)
        self.games.draw(self.library.entries(), self.slot)

    def delete_game(self, slot: str) -> None:
        self.deleted = self.library.delete(slot)
        if slot == self.slot:  # play another stored game, or a new one
            remaining = self.library.slots()
            if remaining:
                self.open_slot(remaining[0], announce=False, save_current=False)
            else:
                game = session.new_game()
                game.name = self.library.next_name()
                self.use_slot(library.new_slot())
                self.set_game(game)
        self.games.deleted(self.deleted.name if self.deleted else None)
        self.games.draw(self.library.entries(), self.slot)
        open_dialog("#games-dialog")

    def undo_delete(self) -> None:
        if self.deleted is None:
            return
        problem = self.library.restore(self.deleted)
        if problem:
            self.panel.say(problem, error=True)
        self.deleted = None
        self.games.deleted(None)
        self.games.draw(self.library.entries(), self.slot)


def choose_language(settings: prefs.Settings) -> str:
    """``?lang=`` in the URL, else the language chosen in Settings, else the browser's."""
    from urllib.parse import parse_qs

    query = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
    browser = [str(t) for t in window.navigator.languages] if window.navigator.languages else []
    return i18n.choose_language(query, settings.language, browser)


def apply_language(code: str) -> None:
    """Use ``code`` for every text, the page's static ones and ``<html lang>`` included."""
    code = i18n.set_language(code)
    document.documentElement.lang = code
    statictext.apply(document)


def main() -> None:
    apply_language(choose_language(prefs.load_settings(open_storage())))
    loading = getattr(window, "djambiLoading", None)
    if loading is not None:
        loading(90, _("Drawing the board…"))
    app = App()
    from pyodide.ffi import create_proxy

    window.djambiApp = create_proxy(lambda: app.game.game_code())  # a debugging hook
    app.start()
    globals()["APP"] = app  # keep it alive


main()
