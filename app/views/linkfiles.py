"""Links and files: share links, opening a link or a game file (asking before replacing an
unfinished game), and the other-tab question.

A part of the page's controller (``app.main.App`` mixes it in): it works on the ``App``'s
attributes and carries out what the pure layers decide."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from pyscript import window

from app.present import notices, remotewords, standings
from app.text.i18n import _, ngettext
from app.state import backup, gamefile, library, linking, session
from app.views.dom import close_dialog, el
from app.views.files import download


class LinkControl:
    def open_share(self) -> None:
        base = str(window.location.href).split("#")[0]
        board = self.shown_board()
        note = (_("The position link shows the board at move {number}.").format(number=self.viewing)
                if self.viewing is not None else "")
        self.share.open(linking.position_link(base, self.game, board),
                        linking.game_link(base, self.game), note)

    def open_fragment(self, fragment: str) -> None:
        if not fragment or fragment == "#":
            return
        if self.learn.open_fragment(fragment):  # #learn, #guide, #rules
            return
        self.clear_fragment()
        self.keep_up(link_opened=True)  # a dialog about an earlier link or move closes
        try:
            linked = linking.read_link(fragment)
        except linking.LinkError as exc:
            self.panel.say(notices.link_refused(exc))
            return
        if linked is None:
            return
        if linked.shared:
            self.arrive(linked.game)
            return
        game = linked.game
        copy = self.saved_copy(game)  # a game stored here: opened (seats updated), never copied
        if copy is not None and copy[0] == self.slot:
            copy[1]()
            return
        reopen = copy[1] if copy is not None else None
        if game.board.move_stack:
            self.offer_game(game, _("Open the shared game?"), _("Open the link"),
                            _("Opened the shared game."), _("Kept your game; the link was not opened."),
                            reopen)
        else:
            self.offer_game(game, _("Open the shared position?"), _("Open the link"),
                            _("Opened the shared position."),
                            _("Kept your game; the link was not opened."), reopen)

    def offer_game(self, game: session.Game, title: str, yes: str, done: str, kept: str,
                   reopen: Callable[[], None] | None = None) -> None:
        """Play ``game`` instead of the current one, asking first if that one is unfinished
        (``reopen``: open the stored game it is instead of a copy)."""
        def take() -> None:
            game.name = game.name or self.library.next_name()
            self.use_slot(library.new_slot())
            self.set_game(game)
            self.panel.say(f"{done} {remotewords.whose_turn(game)}")  # and what to do next
            self.panel.announce(_("{done} {status}.").format(done=done, status=standings.status_text(game)))

        if reopen is not None:
            take = reopen
        current = self.game
        if current.unfinished():
            count = len(current.board.move_stack)
            text = ngettext("Your unfinished game ({count} move played, {status}) stays in the Games list.",
                            "Your unfinished game ({count} moves played, {status}) stays in the Games list.",
                            count).format(count=count, status=standings.status_text(current))
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

    def file_error(self, problem: notices.Message) -> None:
        """Every file error the same way: the dialog that asked for the file closed, the problem
        said as an error (what happened, the game unchanged, what to do)."""
        close_dialog("#share-dialog")
        self.panel.say(problem)

    def open_file_text(self, text: str, name: str) -> None:
        close_dialog("#share-dialog")
        if backup.is_backup(text):  # a backup of all games: merged into the Games list
            self.backups.opened(text, name)
            return
        try:
            # Translators: a file's name quoted as the language quotes it.
            game = gamefile.game_from_file(text, _("“{name}”").format(name=name))
        except gamefile.FileError as exc:
            self.file_error(notices.file_refused(exc))
            return
        self.offer_game(game, _("Open the game file?"), _("Open the file"),
                        _("Opened the game file “{name}”.").format(name=name),
                        _("Kept your game; the file was not opened."))

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
