"""Several games at once in storage: a games index and one key per game. Pure Python (the page
backs ``Storage`` with ``localStorage``).

Layout::

    djambi.games.v1        {"format": "djambi-games", "version": 1, "slots": ["a1B2c3D4", …],
                            "current": "a1B2c3D4"}
    djambi.game.<slot>     one saved game (``session.Game.to_json``)

A *slot* is this device's name for a stored game (two versions of one game, which share the
game's id, have two slots). The index is read afresh before every change and written back at
once, so two tabs adding games never drop each other's. Each game has its own ``saving.Keeper``:
a tab never overwrites another tab's moves of the same game.

The single saved game of earlier versions (``djambi.save.v1``) is moved into the index the first
time; its key is removed only once the new copy is written. An unreadable index is rebuilt from
the game keys (set aside under ``…backup``), so no game is dropped from the list. When the
browser refuses to write (storage full), the caller gets a message saying so and what to do, and
nothing is removed: the game stays open in the page and the stored copy stays as it was.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from app.state import session
from app.state import saving
from app.state import seating
from app.text.i18n import N_, _, pgettext

INDEX_KEY = "djambi.games.v1"
INDEX_BACKUP_KEY = "djambi.games.v1.backup"
GAME_KEY_PREFIX = "djambi.game."
INDEX_FORMAT = "djambi-games"
INDEX_VERSION = 1

MIGRATION_FAILED = N_("Your saved game could not be moved into the games list ({detail}); it is "
                    "kept where it was and will be moved next time.")
write_error = saving.write_error
STORAGE_FULL = saving.STORAGE_FULL


def new_slot(rng: random.Random | None = None) -> str:
    return seating.new_id(rng)


def game_key(slot: str) -> str:
    return GAME_KEY_PREFIX + slot


@dataclass(frozen=True)
class Entry:
    """One line of the Games list."""

    slot: str
    name: str
    status: str  # "Blue to move", "Game over: Red wins", or why the game cannot be read
    last_move: str  # "Blue C7-F4", or ""
    updated: str  # ISO time of the last change, or ""
    over: bool
    waiting: bool  # the move is to be made on another device
    readable: bool = True


@dataclass(frozen=True)
class Deleted:
    """A deleted game, kept in memory until the page closes: ``Library.restore`` puts it back."""

    slot: str
    text: str
    position: int
    name: str


class Library:
    def __init__(self, storage: saving.Storage) -> None:
        self.storage = storage
        #: Called after a game is written (the page then asks the browser to keep its storage:
        #: ``app.views.keepview``).
        self.after_write: Callable[[], None] | None = None

    # ------------------------------------------------------------------ the index
    def _read_index(self) -> dict:
        try:
            text = self.storage.get(INDEX_KEY)
        except Exception:  # noqa: BLE001 (storage unavailable)
            return {"slots": [], "current": None}
        if text is None:
            return {"slots": [], "current": None}
        try:
            data = json.loads(text)
            if (not isinstance(data, dict) or data.get("format") != INDEX_FORMAT
                    or not isinstance(data.get("slots"), list)
                    or not all(seating.valid_id(s) for s in data["slots"])):
                raise ValueError("not a games index")
            current = data.get("current")
            return {"slots": list(dict.fromkeys(data["slots"])),
                    "current": current if current in data["slots"] else None}
        except ValueError:
            return self._rebuild_index(text)

    def _rebuild_index(self, bad_text: str) -> dict:
        """The index is unreadable: keep it aside and list every game key found."""
        slots = []
        keys = getattr(self.storage, "keys", None)
        if keys is not None:
            slots = sorted(k[len(GAME_KEY_PREFIX):] for k in keys()
                           if k.startswith(GAME_KEY_PREFIX)
                           and seating.valid_id(k[len(GAME_KEY_PREFIX):]))
        index = {"slots": slots, "current": slots[0] if slots else None}
        try:
            self.storage.set(INDEX_BACKUP_KEY, bad_text)
            self._write_index(index)
        except Exception:  # noqa: BLE001 (read-only storage: use it as found)
            pass
        return index

    def _write_index(self, index: dict) -> None:
        self.storage.set(INDEX_KEY, json.dumps({
            "format": INDEX_FORMAT, "version": INDEX_VERSION,
            "slots": index["slots"], "current": index["current"]}, separators=(",", ":")))

    def slots(self) -> list[str]:
        return self._read_index()["slots"]

    def current(self) -> str | None:
        return self._read_index()["current"]

    def listed(self, slot: str, current: bool = True) -> str:
        """Make sure ``slot`` is in the index (first, as the newest; and the current game).
        Returns an error message, or ""."""
        index = self._read_index()
        if slot in index["slots"] and (not current or index["current"] == slot):
            return ""
        if slot not in index["slots"]:
            index["slots"].insert(0, slot)
        if current:
            index["current"] = slot
        try:
            self._write_index(index)
        except Exception as exc:  # noqa: BLE001
            return write_error(exc)
        return ""

    def set_current(self, slot: str) -> None:
        index = self._read_index()
        if slot in index["slots"] and index["current"] != slot:
            index["current"] = slot
            try:
                self._write_index(index)
            except Exception:  # noqa: BLE001 (only a preference for the next visit)
                pass

    # ------------------------------------------------------------------ games
    def keeper(self, slot: str) -> saving.Keeper:
        """The ``Keeper`` of one game: it saves under the game's key and lists the game."""
        return saving.Keeper(self.storage, game_key(slot),
                              after_write=lambda: self.written(slot))

    def written(self, slot: str) -> str:
        """After a keeper wrote ``slot``: listed, and ``after_write`` told."""
        problem = self.listed(slot, current=False)
        if self.after_write is not None:
            self.after_write()
        return problem

    def migrate(self) -> str:
        """Move the saved game of earlier versions into the index. Returns a message for the
        player ("" when there was nothing to say)."""
        try:
            old = self.storage.get(saving.STORAGE_KEY)
        except Exception:  # noqa: BLE001
            return ""
        if old is None:
            return ""
        slot = new_slot()
        try:
            game = session.Game.from_json(old)
        except session.SaveError as exc:
            try:
                self.storage.set(saving.BACKUP_KEY, old)
                self.storage.remove(saving.STORAGE_KEY)
                return _("The saved game could not be loaded ({problem}), so a new game started. "
                         "The unreadable data was kept under '{key}'.").format(
                             problem=exc, key=saving.BACKUP_KEY)
            except Exception:  # noqa: BLE001
                return _("The saved game could not be loaded ({problem}), so a new game "
                         "started.").format(problem=exc)
        game.name = game.name or self.next_name()
        try:
            self.storage.set(game_key(slot), game.to_json())
            index = self._read_index()
            index["slots"].insert(0, slot)
            index["current"] = slot
            self._write_index(index)
        except Exception as exc:  # noqa: BLE001 (storage full: leave the old key as it is)
            try:
                self.storage.remove(game_key(slot))
            except Exception:  # noqa: BLE001
                pass
            return _(MIGRATION_FAILED).format(detail=str(exc) or type(exc).__name__)
        self.storage.remove(saving.STORAGE_KEY)
        return ""

    def open(self, slot: str | None = None) -> tuple[str, saving.Keeper, saving.Loaded]:
        """The game to play: ``slot``, or the current one, or a new game (in a new slot, saved at
        the first change). Returns its slot, its keeper and what ``Keeper.load`` found."""
        message = self.migrate()
        index = self._read_index()
        slot = slot if slot is not None else index["current"]
        if slot is None and index["slots"]:
            slot = index["slots"][0]
        if slot is None:
            slot = new_slot()
        keeper = self.keeper(slot)
        loaded = keeper.load()
        if not loaded.game.name:
            loaded.game.name = self.next_name(exclude=slot)
        if message:
            loaded.message = message
        self.set_current(slot)
        return slot, keeper, loaded

    def read(self, slot: str) -> session.Game:
        """A stored game (``SaveError`` if it cannot be read)."""
        try:
            text = self.storage.get(game_key(slot))
        except Exception as exc:  # noqa: BLE001
            raise session.SaveError(_("storage unavailable: {detail}").format(
                detail=exc)) from None
        if text is None:
            raise session.SaveError(_("the game is no longer stored"))
        return session.Game.from_json(text)

    def games(self) -> list[tuple[str, session.Game]]:
        """Every readable stored game with its slot."""
        out = []
        for slot in self.slots():
            try:
                out.append((slot, self.read(slot)))
            except session.SaveError:
                continue
        return out

    def read_all(self) -> list[tuple[str, session.Game | session.SaveError]]:
        """Every stored game in the index's order: (slot, the game, or why it cannot be read).
        The Games list's lines are ``app.present.gameslist.entries``."""
        out: list[tuple[str, session.Game | session.SaveError]] = []
        for slot in self.slots():
            try:
                out.append((slot, self.read(slot)))
            except session.SaveError as exc:
                out.append((slot, exc))
        return out

    def next_name(self, exclude: str | None = None) -> str:
        """``Game N``: one more than the highest number used."""
        numbers = [0]
        for slot, game in self.games():
            if slot == exclude:
                continue
            words = game.name.split()
            if len(words) == 2 and words[0] == "Game" and words[1].isdigit():
                numbers.append(int(words[1]))
        number = max(max(numbers), len(self.slots()) if exclude is None else 0) + 1
        return f"Game {number}"

    def rename(self, slot: str, name: str) -> str:
        """Rename a stored game (not the one open in this tab: its keeper saves that one).
        Returns an error message, or ""."""
        try:
            game = self.read(slot)
            game.name = seating.clean_name(renamed(game.name, name)) or game.name
            self.storage.set(game_key(slot), game.to_json())
        except session.SaveError as exc:
            return _("The game could not be renamed: {problem}.").format(problem=exc)
        except Exception as exc:  # noqa: BLE001
            return write_error(exc)
        return ""

    def delete(self, slot: str) -> Deleted | None:
        """Remove a game from storage; the returned value restores it."""
        index = self._read_index()
        if slot not in index["slots"]:
            return None
        try:
            text = self.storage.get(game_key(slot)) or ""
        except Exception:  # noqa: BLE001
            return None
        try:
            name = session.Game.from_json(text).name
        except session.SaveError:
            name = slot
        position = index["slots"].index(slot)
        index["slots"].remove(slot)
        if index["current"] == slot:
            index["current"] = index["slots"][0] if index["slots"] else None
        self._write_index(index)
        self.storage.remove(game_key(slot))
        return Deleted(slot, text, position, name)

    def add(self, games: list[session.Game]) -> None:
        """Store ``games``, each in a new slot, listed after the stored ones (a backup's merge:
        ``app.state.backup``). All or nothing: when the browser refuses a write, what was written
        is removed, the index left as it was, and the browser's error raised again."""
        written: list[str] = []
        try:
            for game in games:
                slot = new_slot()
                while slot in written or self.storage.get(game_key(slot)) is not None:
                    slot = new_slot()
                self.storage.set(game_key(slot), game.to_json())
                written.append(slot)
            index = self._read_index()
            index["slots"].extend(slot for slot in written if slot not in index["slots"])
            self._write_index(index)
        except Exception:  # noqa: BLE001 (storage full: take back what was written)
            for slot in written:
                try:
                    self.storage.remove(game_key(slot))
                except Exception:  # noqa: BLE001
                    pass
            raise
        if written and self.after_write is not None:
            self.after_write()

    def restore(self, deleted: Deleted) -> str:
        """Undo a deletion. Returns an error message, or ""."""
        try:
            self.storage.set(game_key(deleted.slot), deleted.text)
            index = self._read_index()
            if deleted.slot not in index["slots"]:
                index["slots"].insert(min(deleted.position, len(index["slots"])), deleted.slot)
            self._write_index(index)
        except Exception as exc:  # noqa: BLE001
            return write_error(exc)
        return ""


# ---------------------------------------------------------------------------- names and times
#: The default names the app gives games (``Game 3``, ``Game 3 (version 2)``) are stored in
#: English, as data that travels in links (``;name=``) and backups: the same stored name shows
#: as "Partie 3" in French and "Hra 3" in Czech, on any device, in any language. A name a
#: player typed is shown as typed (only a "(version N)" the app appended is translated).
DEFAULT_NAME = re.compile(r"^Game (\d+)$")
VERSION_SUFFIX = re.compile(r"^(.*) \(version (\d+)\)$")


def shown_name(name: str) -> str:
    """A stored game name as the page shows it in the current language."""
    version = VERSION_SUFFIX.match(name)
    if version:
        return _("{name} (version {number})").format(name=shown_name(version.group(1)),
                                                     number=version.group(2))
    default = DEFAULT_NAME.match(name)
    if default:
        return _("Game {number}").format(number=default.group(1))
    return name


def renamed(old: str, typed: str) -> str:
    """The name to store when a player saves ``typed`` in the rename field: keeping the shown
    default name unchanged keeps the stored one (so it still follows the language)."""
    return old if typed.strip() == shown_name(old) else typed


def month_name(month: int) -> str:
    """Month ``1``–``12`` as dates in the Games list write it after the day."""
    # Translators: a month after the day in a date ("22 Nov"); Czech: the genitive
    # ("22. listopadu"), French: "22 nov.".
    return (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
            pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
            pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
            pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))[month - 1]


def when_text(iso: str) -> str:
    """``22 Nov, 14:52`` for an ISO time, in the current language; "" for none."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return ""
    # Translators: when a game last changed, in the Games list; {month} as translated under
    # the context "month" (Czech: "{day}. {month} {time}").
    return _("{day} {month}, {time}").format(day=moment.day, month=month_name(moment.month),
                                              time=moment.strftime("%H:%M"))


__all__ = ["Library", "Entry", "Deleted", "INDEX_KEY", "GAME_KEY_PREFIX", "game_key",
           "write_error", "STORAGE_FULL", "new_slot", "shown_name",
           "renamed", "when_text", "month_name", "DEFAULT_NAME"]
