"""The saved game in storage: the ``Storage`` protocol (the page backs it with ``localStorage``),
loading with bad data set aside, saving with a clear message when refused, and ``Keeper``, which
keeps one game's key in step with other tabs. Pure Python, game-neutral."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from app.text.i18n import N_, _
from app.state.session import Game, SaveError, new_game

STORAGE_KEY = "djambi.save.v1"
BACKUP_KEY = "djambi.save.v1.backup"


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed ``Storage`` (tests; and the fallback when localStorage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class Loaded:
    """What ``load`` found: the game to play and, if the saved data was bad, a message."""

    game: Game
    message: str = ""
    resumed: bool = False
    #: The technical part of ``message`` (why stored data could not be read), for "Details".
    details: str = ""


#: Player-facing texts (whole sentences with named placeholders, for translation).
STORAGE_FULL = N_("This browser's storage for the page is full, so the game could not be saved. "
                "Nothing is lost: it stays open here and its last saved copy is kept. Delete "
                "games you no longer need (Games); it is saved at the next move.")
STORAGE_REFUSED = N_("The game could not be saved: this browser refused to store it. It stays "
                     "open here and its last saved copy is kept. Keep this page open: it is "
                     "saved again at the next move.")


def write_error(exc: Exception) -> str:
    """The message for a refused write: storage full, or another refusal."""
    detail = str(exc) or type(exc).__name__
    full = any(w in detail.lower() for w in ("quota", "full", "exceeded"))
    return _(STORAGE_FULL) if full else _(STORAGE_REFUSED)


def load(storage: Storage, key: str = STORAGE_KEY) -> Loaded:
    """The saved game, or a new one. Bad data is kept under ``<key>.backup`` and explained."""
    backup_key = BACKUP_KEY if key == STORAGE_KEY else key + ".backup"
    try:
        text = storage.get(key)
    except Exception:  # noqa: BLE001 (a storage that refuses to read: play without it)
        return Loaded(new_game(), _("The saved game could not be read (storage unavailable)."))
    if text is None:
        return Loaded(new_game())
    try:
        return Loaded(Game.from_json(text), resumed=True)
    except SaveError as exc:
        try:
            storage.set(backup_key, text)
            storage.remove(key)
            kept = True
        except Exception:  # noqa: BLE001
            kept = False
        if kept:
            text = _("The saved game could not be loaded ({problem}), so a new game started. "
                     "The unreadable data was kept aside in this browser.")
        else:
            text = _("The saved game could not be loaded ({problem}), so a new game started.")
        return Loaded(new_game(), text.format(problem=exc))


def save(storage: Storage, game: Game, key: str = STORAGE_KEY) -> str:
    """Save the game; returns an error message, or "" when saved."""
    try:
        storage.set(key, game.to_json())
    except Exception as exc:  # noqa: BLE001 (quota, private mode...)
        return write_error(exc)
    return ""


class Keeper:
    """The saved game, kept in step with other tabs of the same page.

    It remembers the text it last read or wrote. Before writing it looks again: if another tab
    wrote meanwhile (or the ``storage`` event said so), it does not overwrite; ``conflict`` turns
    on and the page asks whether to load the other tab's game or keep this one. Nothing is lost:
    until the question is answered this tab's moves stay in memory, the other's in storage.
    """

    def __init__(self, storage: Storage, key: str = STORAGE_KEY,
                 after_write: "Callable[[], str] | None" = None) -> None:
        self.storage = storage
        self.key = key
        self.after_write = after_write  # e.g. list the game in the games index
        self.known: str | None = None  # the saved text as this tab last read or wrote it
        self.conflict = False
        self.last: Game | None = None  # the game this keeper last wrote (for ``after_write``)

    def _read(self) -> str | None:
        try:
            return self.storage.get(self.key)
        except Exception:  # noqa: BLE001 (storage unavailable)
            return self.known

    def load(self) -> Loaded:
        loaded = load(self.storage, self.key)
        self.known = self._read()
        self.conflict = False
        return loaded

    def changed_elsewhere(self) -> bool:
        """Whether the saved game is no longer what this tab last read or wrote."""
        current = self._read()
        return current is not None and current != self.known

    def noticed(self) -> bool:
        """The page heard of a change in another tab (the ``storage`` event): ``True`` if the
        saved game really differs from this tab's (then ``conflict`` is on)."""
        if self.changed_elsewhere():
            self.conflict = True
        return self.conflict

    def save(self, game: Game) -> str:
        """Save, unless another tab's game would be overwritten: then ``conflict`` turns on and
        nothing is written. Returns an error message, or ""."""
        if self.conflict or self.changed_elsewhere():
            self.conflict = True
            return ""
        return self.force(game)

    def force(self, game: Game) -> str:
        """Save this tab's game over whatever is stored (the player chose to keep it)."""
        problem = save(self.storage, game, self.key)
        if not problem:
            self.known = self._read()
            self.conflict = False
            self.last = game
            if self.after_write is not None:
                problem = self.after_write()
        return problem

    def take_theirs(self) -> Loaded:
        """Load the other tab's game (the player chose it)."""
        return self.load()
