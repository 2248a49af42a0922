"""Nothing lost on a tablet: the Games dialog's backup (every game saved as one file, a backup
opened and merged into the list), and asking the browser to keep the page's storage when a game is
first saved, with the player told once how to keep the games where it may not (``Keep your games``
dialog). What the file holds and how it merges is ``app.state.backup``'s; whom to tell and what,
``app.state.keeping``'s; this module moves files and promises between the browser and them.

For tests, ``body[data-persist]`` says what the browser answered: ``"1"`` kept, ``"0"`` refused,
``"none"`` no such request; ``"asking"`` while the answer is awaited (set as the first save of a
visit is written, so a test that saw a move or a link open can wait for the answer, and for the
"Keep your games" dialog it may bring).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pyscript import document, window

from app.present import gameslist, notices
from app.state import backup, keeping
from app.views.dom import absent, any_dialog_open, close_dialog, el, listen, on_click, open_dialog
from app.views.dialogs import show_message
from app.views.files import download

if TYPE_CHECKING:
    from app.main import App


def _once(action):
    from pyodide.ffi import create_once_callable  # (the worker's stand-in once installed)

    return create_once_callable(action)


class Backups:
    """The Games dialog's "Save all games" and "Open a backup…", and the "Keep your games"
    dialog shown once where the browser may delete the saved games."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.asked = False  # persist() asked in this visit
        self.kind = keeping.NOTHING  # what the "Keep your games" dialog says
        self.input = el("#backup-input")
        on_click("#games-export", lambda e: self.export(self.say_in_games))
        on_click("#games-import", lambda e: self.choose())
        on_click("#keep-backup", lambda e: (close_dialog("#keep-dialog"), self.export(self.app.panel.say)))
        on_click("#keep-close", lambda e: close_dialog("#keep-dialog"))
        listen(self.input, "change", self.picked)
        app.library.after_write = self.saved

    # ------------------------------------------------------------------ the backup
    def say_in_games(self, text: "str | notices.Message", error: bool = False) -> None:
        note = el("#games-backup-result")
        message = show_message(note, text, error)
        note.classList.toggle("error", message.error)
        note.hidden = not message.sentence

    def export(self, say) -> None:
        """Every stored game (the one on the board saved first) in one file, downloaded."""
        self.app.save()
        games = [game for _, game in self.app.library.games()]
        when = datetime.now()
        if games:
            name = backup.file_name(when)
            download(backup.backup_text(games, when), name, "application/json")
            say(backup.saved_words(len(games), name))
        else:
            say(backup.saved_words(0, ""))

    def choose(self) -> None:
        self.input.value = ""
        self.input.click()

    def picked(self, event) -> None:
        files = self.input.files
        if absent(files) or not files.length:
            return
        file = files.item(0)
        name = str(file.name)
        if int(file.size) > backup.MAX_BACKUP * 4:  # (UTF-8: at most 4 bytes a character)
            self.say_in_games(backup.too_large(name), error=True)
            return
        file.text().then(_once(lambda text: self.opened(str(text), name)),
                         _once(lambda error: self.say_in_games(notices.file_unreadable(name, error))))

    def opened(self, text: str, name: str) -> None:
        """Merge a backup's games into the list (or refuse the file) and say what happened."""
        app = self.app
        app.save()  # the game on the board is stored as it is, and compared as such
        try:
            outcome = backup.merge(app.library, backup.read_backup(text, name))
            self.say_in_games(backup.outcome_words(outcome, name), error=bool(outcome.problem))
        except backup.BackupError as exc:
            self.say_in_games(notices.backup_refused(exc))
        app.games.draw(gameslist.entries(app.library), app.slot)  # (a dropped or shared file: shown now)
        open_dialog("#games-dialog")

    # ------------------------------------------------------------------ keeping the storage
    def saved(self) -> None:
        """A game was written: the first time in this visit, ask the browser to keep the storage."""
        if self.asked:
            return
        self.asked = True
        document.body.dataset.persist = "asking"  # (the answer replaces it: tests wait for it)
        navigator = window.navigator
        storage = getattr(navigator, "storage", None)
        persist = None if absent(storage) else getattr(storage, "persist", None)
        touch = getattr(navigator, "maxTouchPoints", 0)
        home_screen = getattr(navigator, "standalone", None)  # Safari's own flag
        standalone = bool(window.matchMedia("(display-mode: standalone)").matches) or (
            not absent(home_screen) and bool(home_screen))
        browser = keeping.Browser(
            safari=keeping.safari_engine(str(navigator.userAgent), 0 if absent(touch) else int(touch)),
            standalone=standalone, can_persist=not absent(persist))
        if absent(persist):
            document.body.dataset.persist = "none"
            self.answered(browser, None)
            return

        def done(kept) -> None:
            document.body.dataset.persist = "1" if bool(kept) else "0"
            self.answered(browser, bool(kept))

        def failed(error) -> None:
            document.body.dataset.persist = "0"
            self.answered(browser, False)

        try:
            window.navigator.storage.persist().then(_once(done), _once(failed))
        except Exception:  # noqa: BLE001 (a browser that throws instead)
            failed(None)

    def answered(self, browser: keeping.Browser, persisted: bool | None) -> None:
        kind = keeping.advice(browser, persisted)
        storage = self.app.library.storage
        try:
            told = storage.get(keeping.TOLD_KEY) is not None
        except Exception:  # noqa: BLE001 (storage unavailable: nothing kept anyway)
            told = True
        if not keeping.tell(kind, told):
            return
        if any_dialog_open():  # never over a question: at the next visit's first save
            return
        self.kind = kind
        el("#keep-text").textContent = keeping.words(kind)
        open_dialog("#keep-dialog")
        try:
            storage.set(keeping.TOLD_KEY, "1")
        except Exception:  # noqa: BLE001 (said again next time)
            pass

    def relabel(self) -> None:
        """After a language switch: the open "Keep your games" text in the new language."""
        if bool(el("#keep-dialog").open) and self.kind:
            el("#keep-text").textContent = keeping.words(self.kind)


__all__ = ["Backups"]
