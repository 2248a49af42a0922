"""Backups (app/state/backup.py): every game of both games round-trips through one file; a file
merges into the Games list without replacing or dropping a game; a bad or foreign file is refused
whole, with the list unchanged and a message that says what happened and what to do."""

from __future__ import annotations

import json
import random
from datetime import datetime

import pytest

from djambi.rules import OPTIONS, PRESETS, Rules

from app.text.i18n import set_language
from app.state import backup, library, session
from app.state.saving import MemoryStorage

WHEN = datetime(2026, 11, 27, 21, 5, 0)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def played(game: session.Game, plies: int, seed: int, undo: int = 0) -> session.Game:
    """``game`` after ``plies`` random legal moves (seeded), then ``undo`` of them undone (the
    redo list is saved too)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if game.board.is_game_over():
            break
        game.play(rng.choice(game.board.generate_legal_moves()))
    for _ in range(undo):
        if game.can_undo():
            game.undo()
    game.updated = WHEN.isoformat(timespec="seconds")
    return game


def every_kind_of_game() -> list[session.Game]:
    """A game of every kind: Djambi under each preset and with each option's every value,
    three players (the hostage game), two by two, remote seats and computers; Camblam."""
    out = []
    rule_sets = list(PRESETS.values())
    for name, values in OPTIONS.items():
        for value in values[1:]:
            rule_sets.append(Rules.parse(f"{name}={value}"))
    for i, rules in enumerate(rule_sets):
        game = session.new_game(rules=rules, seats=["human", "easy", "remote", "human"])
        game.name = f"Rules {i}"
        out.append(played(game, 12 + i % 7, seed=i, undo=i % 2))
    three = session.new_game(hostage=True, seats=["human", "normal", "human", "human"])
    three.name = "Three players"
    out.append(played(three, 20, seed=101))
    out.append(played(session.new_game(), 0, seed=0))  # not a move yet
    camblam = session.new_game(seats=["human", "hard"], kind="camblam")
    camblam.name = "Camblam"
    out.append(played(camblam, 30, seed=7, undo=1))
    remote = session.new_game(seats=["remote", "human"], kind="camblam")
    out.append(played(remote, 9, seed=8))
    finished = session.new_game(rules=PRESETS["two-by-two"])
    finished.agree_draw()
    out.append(finished)
    return out


def stored_library(games: list[session.Game]) -> library.Library:
    lib = library.Library(MemoryStorage())
    lib.add(games)
    return lib


def test_every_game_of_both_games_round_trips_through_a_backup():
    games = every_kind_of_game()
    kinds = {(game.rules.key, str(game.rule_set)) for game in games}
    assert len(kinds) >= len(PRESETS) + sum(len(v) - 1 for v in OPTIONS.values()) - 1
    assert any(g.rules.key == "camblam" for g in games) and any(g.redo_moves for g in games)
    text = backup.backup_text(games, WHEN)
    data = json.loads(text)
    assert data["format"] == "djambi-backup" and data["version"] == 1 and data["count"] == len(games)
    back = backup.read_backup(text, "b.json")
    assert [g.to_json() for g in back] == [g.to_json() for g in games]
    # Into an empty Games list on another device: every game added, each as it was.
    there = library.Library(MemoryStorage())
    steps = backup.plan([g for _, g in there.games()], back)
    assert [s.kind for s in steps] == [backup.ADD] * len(games)
    there.add([s.game for s in steps])
    assert sorted(g.to_json() for _, g in there.games()) == sorted(g.to_json() for g in games)
    for _, game in there.games():  # each replays and plays on
        if not game.board.is_game_over():
            game.play(game.board.generate_legal_moves()[0])


def test_the_same_games_again_are_skipped_and_said():
    games = every_kind_of_game()[:3]
    lib = stored_library(games)
    before = dict(lib.storage.data)
    incoming = backup.read_backup(backup.backup_text(games, WHEN))
    incoming[0].updated = "2030-01-01T00:00:00"  # only when it last changed: the same game
    steps = backup.plan([g for _, g in lib.games()], incoming)
    assert [s.kind for s in steps] == [backup.SAME] * 3
    outcome = backup.Outcome(steps)
    words = backup.outcome_words(outcome, "b.json")
    assert words == ("3 games were already here, just as in the backup: skipped. "
                     "Nothing was added: your Games list is unchanged.")
    assert backup.merge(lib, incoming).count(backup.SAME) == 3
    assert lib.storage.data == before


def test_a_game_with_the_same_id_and_other_moves_is_kept_beside_it():
    game = played(session.new_game(), 6, seed=3)
    game.name = "Game 2"
    lib = stored_library([game])
    other = session.Game.from_json(game.to_json())
    other.play(other.board.generate_legal_moves()[0])  # the backup's copy went on
    renamed = session.Game.from_json(game.to_json())
    renamed.name = "Kitchen table"
    new = session.new_game(kind="camblam")
    new.name = "Game 3"
    undone = session.Game.from_json(game.to_json())
    undone.undo()  # the same moves but the last one undone: another game
    steps = backup.plan([g for _, g in lib.games()], [other, renamed, new, other, undone])
    assert [s.kind for s in steps] == [backup.BESIDE, backup.SAME, backup.ADD, backup.SAME, backup.BESIDE]
    assert [s.name for s in steps] == ["Game 2 (version 2)", "Kitchen table", "Game 3", "Game 2",
                                       "Game 2 (version 3)"]
    outcome = backup.merge(lib, [other, renamed, new, other, undone])
    assert [(s.kind, s.name) for s in outcome.steps] == [(s.kind, s.name) for s in steps]
    assert not outcome.problem
    stored = {g.name: g for _, g in lib.games()}
    assert set(stored) == {"Game 2", "Game 2 (version 2)", "Game 2 (version 3)", "Game 3"}
    assert stored["Game 2"].to_json() == game.to_json()  # never replaced
    assert stored["Game 2 (version 2)"].id == game.id  # two versions of one game
    assert len(stored["Game 2 (version 2)"].board.move_stack) == 7
    assert len(lib.slots()) == 4
    again = backup.merge(lib, [other, renamed, new, other, undone])  # the same backup again
    assert [s.kind for s in again.steps] == [backup.SAME] * 5 and len(lib.slots()) == 4
    words = backup.outcome_words(outcome, "b.json")
    assert words.startswith("1 game from “b.json” was added to your Games list. 2 games differ")
    assert "skipped" in words and "unchanged" not in words


BAD_FILES = [
    ("not json at all", "is not a backup of games"),
    ('{"format": "something-else", "version": 1, "games": []}', "is not a backup of games"),
    ('[1, 2, 3]', "is not a backup of games"),
    ("Djambi game record\n1. C7-F4", "is not a backup of games"),
    ('{"format": "djambi-backup", "version": 9, "games": []}', "newer version of the app (backup version 9)"),
    ('{"format": "djambi-backup", "version": 1, "games": {"a": 1}}', "is damaged"),
    ('{"format": "djambi-backup", "version": 1, "games": [{"format": "djambi-save"}]}', "Game 1 of “b.json” cannot be read"),
    ('{"format": "djambi-backup", "version": 1, "games": [3]}', "Game 1 of “b.json” cannot be read"),
]


@pytest.mark.parametrize("text, says", BAD_FILES)
def test_a_bad_or_foreign_file_is_refused_whole(text, says):
    with pytest.raises(backup.BackupError) as error:
        backup.read_backup(text, "b.json")
    assert says in str(error.value)
    assert "Nothing was added: your Games list is unchanged." in str(error.value)


def test_one_damaged_game_refuses_the_whole_file_and_names_it():
    games = every_kind_of_game()[:3]
    data = json.loads(backup.backup_text(games, WHEN))
    data["games"][1]["game"] = data["games"][1]["game"][:-3] + "Z9Z"  # a move cut and changed
    with pytest.raises(backup.BackupError, match="Game 2 of “b.json” cannot be read. .*try another copy") as info:
        backup.read_backup(json.dumps(data), "b.json")
    assert "Z9Z" in info.value.details and "Z9Z" not in str(info.value)  # the bad part: in the details
    with pytest.raises(backup.BackupError, match="too large"):
        backup.read_backup(" " * (backup.MAX_BACKUP + 1), "b.json")


def test_one_saved_game_is_read_as_a_backup_of_one():
    game = played(session.new_game(kind="camblam"), 5, seed=1)
    assert [g.to_json() for g in backup.read_backup(game.to_json())] == [game.to_json()]


def test_a_full_storage_adds_nothing():
    class Full(MemoryStorage):
        def set(self, key, value):
            if key.startswith(library.GAME_KEY_PREFIX) and len(self.data) >= 3:
                raise RuntimeError("QuotaExceededError")
            super().set(key, value)

    games = every_kind_of_game()[:5]
    lib = library.Library(Full())
    lib.add(games[:1])
    before = dict(lib.storage.data)
    outcome = backup.merge(lib, games[1:])
    assert outcome.problem.startswith("This browser's storage for the page is full")
    assert backup.outcome_words(outcome, "b.json") == outcome.problem
    assert "Nothing was added: your Games list is unchanged." in outcome.problem
    assert lib.storage.data == before


def test_the_words_in_french_and_czech():
    steps = [backup.Step(backup.ADD, session.new_game(), "Game 1")] * 2
    for lang in ("fr", "cs"):
        set_language(lang)
        words = backup.outcome_words(backup.Outcome(steps), "b.json")
        assert "2" in words and "b.json" in words and "were added" not in words
        with pytest.raises(backup.BackupError) as error:
            backup.read_backup("nope", "b.json")
        assert "b.json" in str(error.value) and "backup of games" not in str(error.value)


def test_the_file_name_and_the_saved_words():
    assert backup.file_name(WHEN) == "djambi-games-2026-11-27.json"
    assert backup.saved_words(2, "x.json").startswith("2 games saved in the file “x.json”.")
    assert "nothing to back up" in backup.saved_words(0, "x.json")


def test_a_backup_is_known_from_a_game_file():
    text = backup.backup_text(every_kind_of_game()[:1], WHEN)
    assert backup.is_backup(text) and backup.is_backup("\n  " + json.dumps(json.loads(text), indent=2))
    assert not backup.is_backup("[Event \"x\"]\n1. Red C7-F4")
    assert not backup.is_backup(session.new_game().to_json())  # one saved game: not routed as a backup
