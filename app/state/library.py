"""Several games at once in storage: a games index and one key per game. Pure Python (the page
backs ``Storage`` with ``localStorage``).

Layout::

    djambi.games.v1        {"format": "djambi-games", "version": 1, "slots": ["a1B2c3D4", …],
                            "current": "a1B2c3D4",
                            "about": {"a1B2c3D4": {"name": "Game 3", "kind": "djambi",
                                      "rules": "bga", "moves": 14, "updated": "<ISO time>"}},
                            "aside": ["x9Y8z7W6"]}
    djambi.game.<slot>     one saved game (``session.Game.to_json``)

``about`` is what the index knows of each game (written with the game): enough to name a game
whose own entry can no longer be read. ``aside`` lists the games set aside: an entry that cannot
be read is never deleted nor overwritten by the app; it stays under its key, the page opens
another game and says which one was set aside, and the Games list offers it to download (its raw
text) or to delete. Earlier versions read the index without ``about`` and ``aside``.

A *slot* is this device's name for a stored game (two versions of one game, which share the
game's id, have two slots). The index is read afresh before every change and written back at
once, so two tabs adding games never drop each other's. Each game has its own ``saving.Keeper``:
a tab never overwrites another tab's moves of the same game.

The single saved game of earlier versions (``djambi.save.v1``) is moved into the index the first
time; its key is removed only once the new copy is written (unreadable, it is set aside the same
way, in a slot of its own). An unreadable index is rebuilt from
the game keys (set aside under ``…backup``), so no game is dropped from the list. When the
browser refuses to write (storage full), the caller gets a message saying so and what to do, and
nothing is removed: the game stays open in the page and the stored copy stays as it was.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from app import games as game_kinds
from app.state import session
from app.state import saving
from app.state import seating
from app.text.i18n import N_, _, ngettext, pgettext

INDEX_KEY = "djambi.games.v1"
INDEX_BACKUP_KEY = "djambi.games.v1.backup"
GAME_KEY_PREFIX = "djambi.game."
INDEX_FORMAT = "djambi-games"
INDEX_VERSION = 1

#: A stored game that could not be read, set aside: ``{game}`` is ``described`` ("Game 3 (Djambi,
#: 14 moves)").
SET_ASIDE = N_("{game} could not be read, so a new game started. It is kept, set aside: open Games "
               "to download it or delete it.")
MIGRATION_FAILED = N_("Your saved game could not be moved into the games list ({detail}); it is "
                    "kept where it was and will be moved next time.")
write_error = saving.write_error
STORAGE_FULL = saving.STORAGE_FULL


def new_slot(rng: random.Random | None = None) -> str:
    return seating.new_id(rng)


def game_key(slot: str) -> str:
    return GAME_KEY_PREFIX + slot


@dataclass(frozen=True)
class Unreadable:
    """A stored game whose entry cannot be read: its raw text (kept as found), why it cannot be
    read, what the index knows of it (``about``: name, kind, rules, moves, updated; what could be
    read from the text when the index knows nothing), and whether it was set aside."""

    slot: str
    text: str
    problem: str
    about: dict = field(default_factory=dict)
    aside: bool = False


@dataclass(frozen=True)
class Deleted:
    """A deleted game, kept in memory until the page closes: ``Library.restore`` puts it back."""

    slot: str
    text: str
    position: int
    name: str
    about: dict = field(default_factory=dict)
    aside: bool = False


def about(game: session.Game) -> dict:
    """What the index keeps of a game: its name, kind, rule text ("" standard), moves, time."""
    rules = game.rule_set
    return {"name": game.name, "kind": game.rules.key,
            "rules": "" if rules is None or rules.is_standard else str(rules),
            "moves": len(game.board.move_stack), "updated": game.updated}


def salvage(text: str) -> dict:
    """What can still be read of a damaged entry (its name, kind, time, moves), best effort."""
    found: dict = {}
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        for key in ("name", "kind", "updated"):
            if isinstance(data.get(key), str):
                found[key] = data[key]
        if isinstance(data.get("game"), str):
            found["moves"] = max(0, data["game"].count("~") - 1)
        return found
    for key in ("name", "kind", "updated"):
        match = re.search(r'"%s"\s*:\s*"([^"\\]{0,80})"' % key, text)
        if match:
            found[key] = match.group(1)
    return found


def clean_about(data: object) -> dict:
    """An index's ``about`` entry as far as it is sound (anything else dropped)."""
    if not isinstance(data, dict):
        return {}
    out: dict = {}
    for key in ("name", "kind", "rules", "moves", "updated"):  # ``about``'s order
        value = data.get(key)
        if key == "moves":
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                out[key] = value
        elif isinstance(value, str):
            out[key] = value[:200]
    if "name" in out:
        out["name"] = seating.clean_name(out["name"])
    return out


def described(about: dict) -> str:
    """A game as far as the index knows it, in the player's language: "Game 3 (Djambi, 14
    moves)"; "A saved game" when nothing is known."""
    name = shown_name(about["name"]) if about.get("name") else ""
    what = []
    if about.get("kind") in game_kinds.MODULES:
        what.append(game_kinds.get(about["kind"]).title)
    if isinstance(about.get("moves"), int):
        what.append(ngettext("{n} move", "{n} moves", about["moves"]).format(n=about["moves"]))
    if not name:
        name = _("A saved game")
    # Translators: a stored game named with what is known of it: "Game 3 (Djambi, 14 moves)".
    return _("{name} ({what})").format(name=name, what=", ".join(what)) if what else name


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
            return {"slots": [], "current": None, "about": {}, "aside": []}
        if text is None:
            return {"slots": [], "current": None, "about": {}, "aside": []}
        try:
            data = json.loads(text)
            if (not isinstance(data, dict) or data.get("format") != INDEX_FORMAT
                    or not isinstance(data.get("slots"), list)
                    or not all(seating.valid_id(s) for s in data["slots"])):
                raise ValueError("not a games index")
            current = data.get("current")
            abouts = data.get("about") if isinstance(data.get("about"), dict) else {}
            aside = data.get("aside") if isinstance(data.get("aside"), list) else []
            return {"slots": list(dict.fromkeys(data["slots"])),
                    "current": current if current in data["slots"] else None,
                    "about": {s: clean_about(abouts.get(s)) for s in data["slots"] if s in abouts},
                    "aside": [s for s in data["slots"] if s in aside]}
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
        index = {"slots": slots, "current": slots[0] if slots else None, "about": {}, "aside": []}
        try:
            self.storage.set(INDEX_BACKUP_KEY, bad_text)
            self._write_index(index)
        except Exception:  # noqa: BLE001 (read-only storage: use it as found)
            pass
        return index

    def _write_index(self, index: dict) -> None:
        data = {"format": INDEX_FORMAT, "version": INDEX_VERSION,
                "slots": index["slots"], "current": index["current"]}
        abouts = index.get("about") or {}
        if abouts:
            data["about"] = {s: abouts[s] for s in index["slots"] if s in abouts}
        aside = [s for s in index.get("aside") or [] if s in index["slots"]]
        if aside:
            data["aside"] = aside
        self.storage.set(INDEX_KEY, json.dumps(data, separators=(",", ":")))

    def slots(self) -> list[str]:
        return self._read_index()["slots"]

    def current(self) -> str | None:
        return self._read_index()["current"]

    def listed(self, slot: str, current: bool = True, game: session.Game | None = None) -> str:
        """Make sure ``slot`` is in the index (first, as the newest; and the current game), with
        what the index knows of ``game`` (just written there: no longer set aside).
        Returns an error message, or ""."""
        index = self._read_index()
        known = about(game) if game is not None else None
        if (slot in index["slots"] and (not current or index["current"] == slot)
                and (known is None or (index["about"].get(slot) == known
                                       and slot not in index["aside"]))):
            return ""
        if slot not in index["slots"]:
            index["slots"].insert(0, slot)
        if current:
            index["current"] = slot
        if known is not None:
            index["about"][slot] = known
            index["aside"] = [s for s in index["aside"] if s != slot]
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
        keeper = saving.Keeper(self.storage, game_key(slot))
        keeper.after_write = lambda: self.written(slot, keeper.last)
        return keeper

    def written(self, slot: str, game: session.Game | None = None) -> str:
        """After a keeper wrote ``slot`` (``game``): listed, and ``after_write`` told."""
        problem = self.listed(slot, current=False, game=game)
        if self.after_write is not None:
            self.after_write()
        return problem

    def migrate(self) -> str:
        """Move the saved game of earlier versions into the index. Returns a message for the
        player ("" when there was nothing to say)."""
        return self._migrate()[0]

    def _migrate(self) -> tuple[str, str]:
        """``migrate``'s message and its technical details."""
        try:
            old = self.storage.get(saving.STORAGE_KEY)
        except Exception:  # noqa: BLE001
            return "", ""
        if old is None:
            return "", ""
        slot = new_slot()
        try:
            game = session.Game.from_json(old)
        except session.SaveError as problem:
            # Set aside in a slot of its own, listed (unreadable) in the Games list.
            found = salvage(old)
            try:
                self.storage.set(game_key(slot), old)
                index = self._read_index()
                index["slots"].insert(0, slot)
                index["about"][slot] = found
                index["aside"].append(slot)
                self._write_index(index)
                self.storage.remove(saving.STORAGE_KEY)
            except Exception as exc:  # noqa: BLE001 (storage full: the old key stays as it is)
                return _(MIGRATION_FAILED).format(detail=str(exc) or type(exc).__name__), ""
            return _(SET_ASIDE).format(game=described(found)), str(problem)
        game.name = game.name or self.next_name()
        try:
            self.storage.set(game_key(slot), game.to_json())
            index = self._read_index()
            index["slots"].insert(0, slot)
            index["current"] = slot
            index["about"][slot] = about(game)
            self._write_index(index)
        except Exception as exc:  # noqa: BLE001 (storage full: leave the old key as it is)
            try:
                self.storage.remove(game_key(slot))
            except Exception:  # noqa: BLE001
                pass
            return _(MIGRATION_FAILED).format(detail=str(exc) or type(exc).__name__), ""
        self.storage.remove(saving.STORAGE_KEY)
        return "", ""

    def open(self, slot: str | None = None) -> tuple[str, saving.Keeper, saving.Loaded]:
        """The game to play: ``slot``, or the current one, or a new game (in a new slot, saved at
        the first change). Returns its slot, its keeper and what ``Keeper.load`` found."""
        message, details = self._migrate()
        index = self._read_index()
        if slot is None:
            playable = [s for s in index["slots"] if s not in index["aside"]]
            slot = index["current"] if index["current"] in playable else None
            slot = slot or (playable[0] if playable else None)
        if slot is None:
            slot = new_slot()
        text, game, problem = self._try(slot)
        if problem:  # kept where it is, never overwritten: play a new game beside it
            message, details = self.set_aside(slot, text, problem), problem
            slot, game = new_slot(), None
        keeper = self.keeper(slot)
        if game is not None:
            keeper.known = text
            loaded = saving.Loaded(game, resumed=True)
        else:
            loaded = keeper.load()
        if not loaded.game.name:
            loaded.game.name = self.next_name(exclude=slot)
        if message:
            loaded.message, loaded.details = message, details
        self.set_current(slot)
        return slot, keeper, loaded

    def _try(self, slot: str) -> tuple[str | None, session.Game | None, str]:
        """A slot's stored text, its game if it reads, and why it does not ("" if it does, or if
        nothing is stored there)."""
        try:
            text = self.storage.get(game_key(slot))
        except Exception:  # noqa: BLE001 (storage unavailable: the keeper's load says so)
            return None, None, ""
        if text is None:
            return None, None, ""
        try:
            return text, session.Game.from_json(text), ""
        except session.SaveError as exc:
            return text, None, str(exc)

    def set_aside(self, slot: str, text: str, problem: str) -> str:
        """Set an unreadable game aside (its entry stays as found, listed, no longer the current
        game). Returns the message for the player, naming the game as the index knows it."""
        index = self._read_index()
        known = dict(salvage(text))
        known.update(index["about"].get(slot, {}))
        if slot not in index["slots"]:
            index["slots"].insert(0, slot)
        if slot not in index["aside"]:
            index["aside"].append(slot)
        index["about"][slot] = known
        if index["current"] == slot:
            index["current"] = None
        try:
            self._write_index(index)
        except Exception:  # noqa: BLE001 (read-only storage: the entry is still untouched)
            pass
        return _(SET_ASIDE).format(game=described(known))

    def raw(self, slot: str) -> str | None:
        """A stored entry's text as it is (to download a game that cannot be read)."""
        try:
            return self.storage.get(game_key(slot))
        except Exception:  # noqa: BLE001
            return None

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

    def read_all(self) -> list[tuple[str, session.Game | Unreadable]]:
        """Every stored game in the index's order: (slot, the game, or ``Unreadable``: its text,
        why, what the index knows of it). The Games list's lines are
        ``app.present.gameslist.entries``."""
        index = self._read_index()
        out: list[tuple[str, session.Game | Unreadable]] = []
        for slot in index["slots"]:
            try:
                out.append((slot, self.read(slot)))
            except session.SaveError as exc:
                text = self.raw(slot) or ""
                known = dict(salvage(text))
                known.update(index["about"].get(slot, {}))
                out.append((slot, Unreadable(slot, text, str(exc), known,
                                             slot in index["aside"])))
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
            self.listed(slot, current=False, game=game)
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
        known = index["about"].pop(slot, {})
        aside = slot in index["aside"]
        try:
            name = session.Game.from_json(text).name
        except session.SaveError:
            name = described({**salvage(text), **known})
        position = index["slots"].index(slot)
        index["slots"].remove(slot)
        if index["current"] == slot:
            playable = [s for s in index["slots"] if s not in index["aside"]]
            index["current"] = playable[0] if playable else None
        self._write_index(index)
        self.storage.remove(game_key(slot))
        return Deleted(slot, text, position, name, known, aside)

    def add(self, games: list[session.Game]) -> None:
        """Store ``games``, each in a new slot, listed after the stored ones (a backup's merge:
        ``app.state.backup``). All or nothing: when the browser refuses a write, what was written
        is removed, the index left as it was, and the browser's error raised again. No games:
        nothing is written."""
        if not games:
            return
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
            for slot, game in zip(written, games):
                index["about"][slot] = about(game)
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
            if deleted.about:
                index["about"][deleted.slot] = deleted.about
            if deleted.aside and deleted.slot not in index["aside"]:
                index["aside"].append(deleted.slot)
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


__all__ = ["Library", "Unreadable", "Deleted", "about", "salvage", "described", "SET_ASIDE", "INDEX_KEY", "GAME_KEY_PREFIX", "game_key",
           "write_error", "STORAGE_FULL", "new_slot", "shown_name",
           "renamed", "when_text", "month_name", "DEFAULT_NAME"]
