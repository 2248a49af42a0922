"""Play by link and the Games list: the link for the next player, a move link arriving (continue,
keep a diverging version, or ask which seats are here), opening, renaming, deleting games.

A part of the page's controller (``app.main.App`` mixes it in): it works on the ``App``'s
attributes and carries out what the pure layers decide."""

from __future__ import annotations

from typing import Callable

from pyscript import window

from djambi import Party

from app.state import library, linking, remote, seating, session
from app.present import gameslist, remotewords
from app.views.dom import close_dialog, open_dialog


class RemoteControl:
    #: What the send dialog is about (the game at the move its link carries), while it may be open.
    send_about: remote.Moment | None = None

    def offer_link(self) -> None:
        """After a move made here: when the next move is another device's, offer its link."""
        if remote.should_send(self.game, moved_here=True):
            self.send_link()

    def send_link(self) -> None:
        title, text = remotewords.send_texts(self.game)
        base = str(window.location.href).split("#")[0]
        self.sender.open(title, text, linking.move_link(base, self.game))
        self.send_about = remote.moment(self.game, self.slot)

    def keep_up(self, link_opened: bool = False) -> None:
        """Close the remote-play dialogs that are overtaken (``remote.overtaken``): after any change
        of the game (``sync_loop``), and when a link is opened (the seat question too: the link
        that asked it is no longer the last)."""
        if remote.overtaken(self.send_about, remote.moment(self.game, self.slot), link_opened):
            close_dialog("#send-dialog")
            self.send_about = None
        if link_opened:
            close_dialog("#seat-dialog")

    def saved_copy(self, incoming: session.Game) -> tuple[str, Callable[[], None]] | None:
        """A position or game link that is a game stored here, perhaps with other seats
        (``remote.saved_copy``): its slot, and the action opening that game with the link's seats
        (never a copy of it). None: the link is another game."""
        stored = [(self.slot, self.game)] + [(s, g) for s, g in self.library.games() if s != self.slot]
        slot = remote.saved_copy(incoming, stored)
        if slot is None:
            return None

        def take() -> None:
            self.open_slot(slot, announce=False)
            reseated = remote.reseat(self.game, incoming.seats)
            if reseated:
                self.changed(animate=False, announce=False)
            self.panel.say(remotewords.reopened(self.game, reseated))

        return slot, take

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
                self.panel.say(remotewords.continued(game, 0, opened=game.name))

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
            self.panel.say(remotewords.continued(game, before))
        elif found.kind == remote.SAME:
            self.panel.say(remotewords.say("same", game.name))
        elif found.kind == remote.OLDER:
            self.panel.say(remotewords.say(
                "older", game.name, theirs=len(incoming.board.move_stack), ours=len(game.board.move_stack)))
        else:
            names = [g.name for _, g in stored]
            other = remote.version_name(game.name, names)
            text = remotewords.divergence(game, incoming, found.common, other)
            version = remote.other_version(game, incoming, other)
            self.use_slot(library.new_slot())
            self.set_game(version)
            self.panel.say(text)

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
            text = gameslist.load_message(loaded) if loaded.message else (
                remotewords.say("opened", loaded.game.name) + " " + remotewords.whose_turn(loaded.game))
            self.panel.say(text, error=bool(loaded.message))

    def rename_game(self, slot: str, name: str) -> None:
        if slot == self.slot:
            self.game.name = seating.clean_name(library.renamed(self.game.name, name)) or self.game.name
            self.save()
        else:
            problem = self.library.rename(slot, name)
            if problem:
                self.panel.say(problem, error=True)
        self.games.draw(gameslist.entries(self.library), self.slot)

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
        self.games.draw(gameslist.entries(self.library), self.slot)
        open_dialog("#games-dialog")

    def undo_delete(self) -> None:
        if self.deleted is None:
            return
        problem = self.library.restore(self.deleted)
        if problem:
            self.panel.say(problem, error=True)
        self.deleted = None
        self.games.deleted(None)
        self.games.draw(gameslist.entries(self.library), self.slot)
