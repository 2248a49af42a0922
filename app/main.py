"""The page's entry point: makes the ``App`` (the controller) and starts it; wires the buttons,
keys and page events to the controller's jobs.

``App`` owns the game, the views (``app.views``) and the computer; its jobs are mixins, one module
each: turn control (``views.play``), drawing and looking back (``views.browse``), links and files
(``views.linkfiles``), play by link and the Games list (``views.remoteplay``). Every action ends
the same way: the game is saved, the computer loop is brought in line (``Loop.sync``), and the
page is drawn from the game's state — so no order of clicks can leave a computer to move with
nothing thinking. See docs/architecture.md.
"""

from __future__ import annotations

from pyscript import RUNNING_IN_WORKER

if RUNNING_IN_WORKER:  # the page's objects through app.views.remote (one round trip a batch)
    from app.views import remote

    CHANNEL = remote.install()

from pyscript import document, window  # noqa: E402

from djambi import Party

from app.present import statictext, taps
from app.present import gameslist, remotewords
from app.text import i18n
from app.text.i18n import _
from app.state import library, remote, session, settings as prefs
from app.state.history import History
from app.state.loop import Loop
from app.views.boardview import BoardView, Chooser
from app.views.browse import BrowseControl
from app.views.computer import MOVE_PACE_MS, Computer
from app.views.dialogs import (DrawDialog, GameOverDialog, HandOver, NewGameDialog, ReplaceDialog,
                              ShareDialog, TabDialog)
from app.views.dom import any_dialog_open, close_dialog, el, listen, on_click, open_dialog, open_storage, later
from app.views.backupview import Backups
from app.views.files import FileOpener
from app.views.gamesview import GamesDialog, SeatDialog, SendDialog
from app.views.learning import Learn
from app.views.linkfiles import LinkControl
from app.views.movelist import MoveList
from app.views.panel import Panel
from app.views import parts
from app.views.sound import Sound
from app.views.play import PlayControl
from app.views.remoteplay import RemoteControl
from app.views.reviewview import ReviewView


class App(PlayControl, BrowseControl, LinkControl, RemoteControl):
    """The page's controller: owns the game, the views and the computer; its jobs are in the
    mixins (turn control, drawing and looking back, links and files, play by link and the
    Games list)."""

    def __init__(self) -> None:
        self.library = library.Library(open_storage())
        self.slot = library.new_slot()  # this tab's game in the games index
        self.keeper = self.library.keeper(self.slot)
        self.saved_revision = -1
        self.deleted: library.Deleted | None = None  # the last game deleted, for Undo
        self.game = session.new_game()
        self.picker = taps.Picker(self.game.board)
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
        self.promotion = Chooser(self.promote)
        self.panel = Panel()
        self.sound = Sound()
        self.moves = MoveList(self.browse_to)
        self.newgame = NewGameDialog(self.start_new_game)
        self.share = ShareDialog(self.save_file, lambda: self.opener.choose())
        self.replace = ReplaceDialog()
        self.draw_offer = DrawDialog(self.agree_draw)
        self.gameover = GameOverDialog(lambda: self.newgame.open(self.game), self.undo)
        self.handover = HandOver()
        self.tabs = TabDialog(self.load_other_tab, self.keep_this_tab)
        self.opener = FileOpener(self.open_file_text, self.file_error)
        self.learn = Learn(self)  # welcome, lessons, piece guide, rules, threat view, suggestion
        self.sender = SendDialog()
        self.seat_question = SeatDialog()
        self.games = GamesDialog(self.open_slot, self.rename_game, self.delete_game,
                                 self.undo_delete, lambda: self.newgame.open(self.game))
        self.backups = Backups(self)  # the Games dialog's backup; keeping the storage
        self.review = ReviewView(self)  # Review in the menu and at the game's end (docs/review.md)

    def start(self) -> None:
        self.settings = prefs.load_settings(self.keeper.storage)
        self.slot, self.keeper, loaded = self.library.open()
        self.set_game(loaded.game, save=False, draw=False)  # drawn once, below
        if loaded.message:
            self.panel.say(gameslist.load_message(loaded), error=True)
        el("#set-handover").checked = self.settings.handover
        el("#set-rotate").checked = self.settings.rotate
        el("#set-lang").value = self.settings.language
        el("#set-pieces").value = self.settings.pieces
        show_pieces(self.settings.pieces)
        el("#set-sound").checked = self.settings.sound
        el("#set-theme").value = self.settings.theme
        self.apply_look()
        self.wire()
        welcome = self.learn.first_visit() and not str(window.location.hash).strip("#")
        self.open_fragment(str(window.location.hash))
        el("#loader").hidden = True
        for button in document.querySelectorAll("#game-tools button"):  # the menu's too
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
            self.tap(int(self.game.rules.parse_square(name)))

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
            "#btn-resign": lambda e: self.ask_resign(),
            "#resign-cancel": lambda e: close_dialog("#resign-dialog"),
            "#resign-yes": lambda e: self.resign_game(),
            "#btn-stop": lambda e: (self.loop.stop(), self.sync_loop()),
            "#btn-faster": lambda e: self.set_fast(self.computer.pace_ms != 0),
            "#out-undo": lambda e: self.undo(),
            "#out-watch": lambda e: self.panel.watch(self.game, self.history.plies),
            "#out-finish": lambda e: (self.panel.watch(self.game, self.history.plies), self.set_fast(True)),
            "#out-new": lambda e: self.newgame.open(self.game),
            "#btn-resume": lambda e: (self.loop.resume(), self.sync_loop()),
            "#btn-settings": lambda e: open_dialog("#settings-dialog"),
            "#settings-close": lambda e: close_dialog("#settings-dialog"),
            "#btn-live": lambda e: self.browse_to(None),
            "#btn-first": lambda e: self.browse_to(0),
            "#btn-prev": lambda e: self.browse_step(-1),
            "#btn-next": lambda e: self.browse_step(1),
            "#btn-last": lambda e: self.browse_to(None),
            "#btn-games": lambda e: self.games.open(gameslist.entries(self.library), self.slot),
            "#btn-send": lambda e: self.send_link(),
            "#btn-override": lambda e: self.play_here(),
        }
        for selector, handler in buttons.items():
            on_click(selector, handler)
        # A choice in the menu closes it first (before a dialog it opens); Escape and a tap
        # outside close it by themselves (a popover).
        listen(el("#menu"), "click", lambda e: close_menu(), capture=True)
        for box in ("#set-handover", "#set-rotate", "#set-lang", "#set-pieces", "#set-sound", "#set-theme"):
            listen(el(box), "change", self.on_setting)

    def apply_look(self) -> None:
        """The theme (``html[data-theme]``: system, light or dark) and the sounds, as set."""
        document.documentElement.dataset.theme = self.settings.theme
        self.sound.on = self.settings.sound
        document.body.dataset.soundOn = "1" if self.sound.on else "0"

    def set_fast(self, fast: bool) -> None:
        """The computers' moves without the pause that lets each be seen (Faster, Finish quickly)."""
        self.computer.pace_ms = 0.0 if fast else MOVE_PACE_MS
        self.draw_panel()

    def on_setting(self, event) -> None:
        language, pieces = str(el("#set-lang").value), str(el("#set-pieces").value)
        self.settings = prefs.Settings(handover=bool(el("#set-handover").checked),
                                       rotate=bool(el("#set-rotate").checked),
                                       language=language if language in i18n.LANGUAGES else "",
                                       pieces=pieces if pieces in prefs.PIECE_LOOKS else "figures",
                                       sound=bool(el("#set-sound").checked),
                                       theme=str(el("#set-theme").value) if str(el("#set-theme").value)
                                       in prefs.THEMES else "system")
        show_pieces(self.settings.pieces)
        self.apply_look()
        if str(getattr(event.target, "id", "")) == "set-lang":  # the picker wins over ?lang=
            wanted = self.settings.language or choose_language(self.settings)
            if wanted != i18n.language():
                self.switch_language(wanted)
        problem = prefs.save_settings(self.keeper.storage, self.settings)
        if problem:
            self.panel.say(problem, error=True)
        self.sync_loop()

    def switch_language(self, code: str) -> None:
        """Show the whole page in ``code``, without reloading: now, or once its catalog (fetched
        when first wanted: only the visitor's language comes with the page) has arrived."""
        if code in i18n.LANGUAGES and code != i18n.DEFAULT and not i18n.catalog_path(code).is_file():
            def switch() -> None:
                if code == (self.settings.language or choose_language(self.settings)):  # still wanted
                    self.switch_language(code)

            parts.then(parts.catalog(code), switch, waiting=lambda: self.panel.say(parts.loading_text()),
                       failed=lambda message: self.panel.say(message, error=True))
            return
        apply_language(code)
        self.newgame.relabel()
        self.handover.relabel()
        if bool(el("#games-dialog").open):  # play by link and the Games list (issue 15)
            self.games.relabel(gameslist.entries(self.library), self.slot)
        if bool(el("#send-dialog").open):
            self.sender.relabel(*remotewords.send_texts(self.game))
        if bool(el("#seat-dialog").open):
            self.seat_question.relabel()
        self.backups.relabel()
        self.review.relabel()
        self.learn.relabel()  # the lesson, the guide, the rules
        self.panel.dismiss()
        self.moves.clear()
        self.refresh()



def show_pieces(look: str) -> None:
    """Draw every piece on the page (board, animation, guide, lessons) as ``look`` says: figures,
    or letters under the root's class ``pieces-letters`` (the pieces' symbols hold both)."""
    document.documentElement.classList.toggle("pieces-letters", look == "letters")


def close_menu() -> None:
    menu = el("#menu")
    if bool(menu.matches(":popover-open")):
        menu.hidePopover()


def choose_language(settings: prefs.Settings) -> str:
    """``?lang=`` in the URL, else the language chosen in Settings, else the browser's."""
    from urllib.parse import parse_qs

    query = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
    browser = [str(t) for t in window.navigator.languages] if window.navigator.languages else []
    return i18n.choose_language(query, settings.language, browser)


def apply_language(code: str, starting: bool = False) -> None:
    """Use ``code`` for every text, the page's static ones and ``<html lang>`` included. At the
    start, the static texts (and ``lang``) are left as they are when index.html has written them
    in that language already (``<html data-words>``, from the same catalogs): rewriting them all
    restyled the whole page in the first draw's task (27 ms of the main thread, issue 27)."""
    code = i18n.set_language(code)
    root = document.documentElement
    if starting and str(root.getAttribute("data-words")) == code:
        return
    root.lang = code
    statictext.apply(document)
    root.setAttribute("data-words", code)


def main() -> None:
    wanted = choose_language(prefs.load_settings(open_storage()))
    apply_language(wanted, starting=True)
    loading = getattr(window, "djambiLoading", None)
    if loading is not None:
        loading(90, _("Drawing the board…"))
    app = App()
    from pyodide.ffi import create_proxy

    window.djambiApp = create_proxy(lambda: app.game.game_code())  # a debugging hook
    app.start()
    globals()["APP"] = app  # keep it alive
    if RUNNING_IN_WORKER:
        CHANNEL.flush()
    if i18n.language() != wanted:  # its catalog did not come with the page (the loader's fetch failed)
        app.switch_language(wanted)


main()
