"""A backup: every stored game in one file, and such a file merged back into the Games list, on
this device or any other. Pure Python (the page moves the file: ``app.views.backupview``).

The file (JSON, UTF-8; its name ``djambi-games-2026-11-27.json``)::

    {"format": "djambi-backup", "version": 1, "saved": "<ISO time>", "count": 2,
     "games": [<saved game>, <saved game>]}

``format`` is the kind marker (a file of another kind is refused by it), ``version`` the format's
version (a newer one is refused with advice to reload), each game the object of the save format
(``session.Game.to_json``: Djambi with its rule set, Camblam with ``"kind": "camblam"``), so a game
reads back exactly as it is stored. A single saved game (``"format": "djambi-save"``) is read as a
backup of one game.

Reading is all or nothing: a file that is not JSON, of another kind or version, too large, or with
one game that cannot be replayed is refused whole (``BackupError``, a message in the player's
language: what happened, that the Games list is unchanged, what to do), so a damaged file never
adds half of itself.

Merging (``plan``) never replaces or drops a stored game:

* a game whose id no stored game has is **added**;
* a game equal to a stored one of the same id (same moves, undone moves, seats; its name and the
  time of its last change aside) is **skipped**, and the outcome says so;
* a game with the id of stored ones but other content is **kept beside them** as another version
  of that game (same id, a slot of its own, named ``Game 2 (version 2)`` as for a link that
  diverged: ``remote.version_name``).

Games of the file that repeat each other are merged as if they came one after the other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from app.text.i18n import _, ngettext
from app.state import library, session
from app.state.problems import Problem
from app.state.remote import version_name

BACKUP_FORMAT = "djambi-backup"
BACKUP_VERSION = 1
READ_VERSIONS = (1,)
#: Far more than a family's games (a long game saves in a few kilobytes), far less than a
#: browser's whole storage: a bigger file is no backup of ours.
MAX_BACKUP = 20_000_000  # characters
MAX_GAMES = 5_000
SUFFIX = ".json"

#: The fields of a saved game that say nothing about the game itself (when it last changed; the
#: position, which the game code gives; its name, which a player may change, and a copy kept
#: beside another takes): two saves differing only there are the same game, so opening one backup
#: twice adds nothing the second time.
VOLATILE = ("updated", "position", "name")


class BackupError(Problem):
    """A file that cannot be merged; the message (in the player's language) says why and what
    to do, and that nothing was added; ``details`` what was wrong in it, if anything."""


def backup_text(games: list[session.Game], when: datetime) -> str:
    """The backup of ``games`` (in the Games list's order), made at ``when``."""
    return json.dumps({
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "saved": when.isoformat(timespec="seconds"),
        "count": len(games),
        "games": [json.loads(game.to_json()) for game in games],
    }, ensure_ascii=False, separators=(",", ":"))


def file_name(when: datetime) -> str:
    """``djambi-games-2026-11-27.json``: the file's name (no word of any language in it)."""
    return f"djambi-games-{when:%Y-%m-%d}{SUFFIX}"


def unchanged() -> str:
    return _("Nothing was added: your Games list is unchanged.")


def too_large(name: str) -> str:
    return _("“{name}” is too large to be a backup of games.").format(name=name) + " " + unchanged()


def read_backup(text: str, name: str = "") -> list[session.Game]:
    """Every game of a backup file, read and replayed; ``BackupError`` if the file is not one
    of ours or any game in it cannot be read."""
    name = name or _("the file")
    if not isinstance(text, str) or len(text) > MAX_BACKUP:
        raise BackupError(too_large(name))
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and data.get("format") == session.SAVE_FORMAT:
        data = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "games": [data]}
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise BackupError(_("“{name}” is not a backup of games.").format(name=name) + " " + unchanged()
                          + " " + _("Choose a file made with “Save all games”; a single game's "
                                    "file opens with “Open a file…” in “Share and save”."))
    version = data.get("version")
    if version not in READ_VERSIONS:
        raise BackupError(_("“{name}” was made by a newer version of the app (backup version "
                            "{version}).").format(name=name, version=str(version)[:12])
                          + " " + unchanged() + " " + _("Reload the page to get the newest version, "
                                                        "then open the backup again."))
    games = data.get("games")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise BackupError(_("“{name}” is damaged: its list of games cannot be read.").format(name=name)
                          + " " + unchanged() + " " + _("Try another copy of the backup."))
    out = []
    for number, saved in enumerate(games, 1):
        try:
            out.append(session.Game.from_json(json.dumps(saved)))
        except (session.SaveError, TypeError, ValueError) as exc:
            raise BackupError(_("Game {number} of “{name}” cannot be read.").format(
                number=number, name=name) + " " + unchanged() + " "
                + _("The file may be damaged: try another copy of the backup."), exc) from None
    return out


def is_backup(text: str) -> bool:
    """Whether ``text`` says it is a backup (a file opened or dropped as a game file is then
    merged as one: ``read_backup`` checks the rest)."""
    head = text.lstrip()[:200]
    return head.startswith("{") and f'"{BACKUP_FORMAT}"' in head.replace(" ", "")


def content(game: session.Game) -> dict:
    """What makes two saves of a game the same game (``VOLATILE`` fields aside)."""
    data = json.loads(game.to_json())
    for key in VOLATILE:
        data.pop(key, None)
    return data


#: What merging does with one game of the file.
ADD, SAME, BESIDE = "add", "same", "beside"


@dataclass(frozen=True)
class Step:
    """One game of the file and what becomes of it: ``ADD``, ``SAME`` (skipped) or ``BESIDE``
    (kept as another version, under ``name``)."""

    kind: str
    game: session.Game
    name: str  # the name it is stored under (or, skipped, the stored game's)


@dataclass
class Outcome:
    """What a merge did, for the player: the games added, skipped, kept beside another; or the
    reason nothing was added."""

    steps: list[Step] = field(default_factory=list)
    problem: str = ""

    def count(self, kind: str) -> int:
        return sum(1 for step in self.steps if step.kind == kind)


def plan(stored: list[session.Game], incoming: list[session.Game]) -> list[Step]:
    """What to do with each game of the file, given the stored games (nothing is changed)."""
    known: dict[str, list[dict]] = {}
    names = [game.name for game in stored]
    for game in stored:
        known.setdefault(game.id, []).append(content(game))
    steps = []
    for game in incoming:
        mine = content(game)
        versions = known.get(game.id, [])
        if mine in versions:
            steps.append(Step(SAME, game, game.name))
            continue
        if versions:
            name = version_name(game.name, names)
            copy = session.Game.from_json(game.to_json())
            copy.name = name
            copy.updated = game.updated
            steps.append(Step(BESIDE, copy, name))
            known[game.id].append(mine)  # the file's own repeat of it is then the same
        else:
            name = game.name
            steps.append(Step(ADD, game, name))
            known[game.id] = [mine]
        names.append(name)
    return steps


def merge(games: library.Library, incoming: list[session.Game]) -> Outcome:
    """Merge a backup's games into the Games list (``plan``, then one ``Library.add``); when the
    browser refuses to store them, nothing is added and the outcome says why."""
    steps = plan([game for _, game in games.games()], incoming)
    try:
        games.add([step.game for step in steps if step.kind != SAME])
    except Exception as exc:  # noqa: BLE001 (storage full, or refused)
        detail = str(exc) or type(exc).__name__
        if any(word in detail.lower() for word in ("quota", "full", "exceeded")):
            problem = _("This browser's storage for the page is full, so the backup's games could "
                        "not be stored.")
        else:
            problem = _("The backup's games could not be stored: this browser refused to store "
                        "them.")
        return Outcome(steps, problem + " " + unchanged() + " " + _(
            "Delete games you no longer need, then open the backup again."))
    return Outcome(steps)


def outcome_words(outcome: Outcome, name: str) -> str:
    """The merge told to the player: how many games were added, skipped, kept beside another."""
    if outcome.problem:
        return outcome.problem
    if not outcome.steps:
        return _("“{name}” holds no games.").format(name=name) + " " + unchanged()
    out = []
    added = outcome.count(ADD)
    if added:
        out.append(ngettext("{count} game from “{name}” was added to your Games list.",
                            "{count} games from “{name}” were added to your Games list.",
                            added).format(count=added, name=name))
    beside = outcome.count(BESIDE)
    if beside:
        out.append(ngettext(
            "{count} game differs from the one of the same name here: both are kept, the "
            "backup's as another version.",
            "{count} games differ from the ones of the same name here: both of each are kept, "
            "the backup's as other versions.", beside).format(count=beside))
    same = outcome.count(SAME)
    if same:
        out.append(ngettext("{count} game was already here, just as in the backup: skipped.",
                            "{count} games were already here, just as in the backup: skipped.",
                            same).format(count=same))
    if not added and not beside:
        out.append(unchanged())
    return " ".join(out)


def saved_words(count: int, file: str) -> str:
    """After "Save all games": what was saved, and where to keep it."""
    if not count:
        return _("There are no saved games yet, so there is nothing to back up.")
    return ngettext(
        "{count} game saved in the file “{file}”. Keep it somewhere safe (another device, a "
        "cloud drive); “Open a backup” brings the games back on any device.",
        "{count} games saved in the file “{file}”. Keep it somewhere safe (another device, a "
        "cloud drive); “Open a backup” brings the games back on any device.", count).format(
            count=count, file=file)


__all__ = ["BACKUP_FORMAT", "BACKUP_VERSION", "BackupError", "backup_text", "file_name",
           "read_backup", "is_backup", "plan", "merge", "Step", "Outcome", "outcome_words", "saved_words", "content",
           "ADD", "SAME", "BESIDE", "MAX_BACKUP"]
