"""The Games list (app.present.gameslist) and a stored game that cannot be read
(app.state.library): each entry says the game and its rules, the seats, whose turn or the result,
the last move with the army that made it, and when; the orders; a corrupted game is set aside,
named as the index knows it, never deleted silently (issue 37, points 4 and 5)."""

from __future__ import annotations

import json

from app.state import library, saving, session
from app.present import gameslist


def stored(lib: library.Library, slot: str, game: session.Game, name: str, when: str) -> None:
    game.name, game.updated = name, when
    assert lib.keeper(slot).force(game) == ""


def several() -> tuple[saving.MemoryStorage, library.Library]:
    storage = saving.MemoryStorage()
    lib = library.Library(storage)
    djambi = session.new_game(seats=["human", "hard", "remote", "easy"])
    for move in ("C7-F4", "I7-I6"):
        djambi.play(move)
    stored(lib, "slotAAAA", djambi, "Game 1", "2026-11-20T10:00:00")
    bga = session.new_game(seats=["human", "expert", "human", "human"], rules="bga")
    stored(lib, "slotBBBB", bga, "Game 2", "2026-11-25T10:00:00")
    camblam = session.new_game(seats=["human", "normal"], kind="camblam")
    camblam.play("f3f6")
    stored(lib, "slotCCCC", camblam, "Game 3", "2026-11-22T10:00:00")
    over = session.new_game(seats=["human"] * 4)
    over.agree_draw()
    stored(lib, "slotDDDD", over, "Game 4", "2026-11-27T10:00:00")
    return storage, lib


def by_slot(lib: library.Library) -> dict[str, gameslist.Entry]:
    return {e.slot: e for e in gameslist.entries(lib)}


def test_a_djambi_entry_says_the_game_the_seats_the_turn_and_the_last_move():
    _, lib = several()
    entry = by_slot(lib)["slotAAAA"]
    assert entry.game == "Djambi" and entry.kind == "djambi" and entry.moves == 2
    assert entry.status == "Yellow to move (on another device)" and entry.waiting
    assert entry.last_move == "Blue I7-I6" and entry.last_colour == "djambi-b"
    assert [(m.colours, m.kind, m.badge) for m in entry.seats] == [
        (("djambi-r",), "human", ""), (("djambi-b",), "computer", "H"),
        (("djambi-y",), "remote", ""), (("djambi-g",), "computer", "E")]
    assert entry.seats_text == ("Red: Human; Blue: Computer (hard); Yellow: Remote (another "
                                "device); Green: Computer (easy)")
    assert entry.updated == "2026-11-20T10:00:00" and library.when_text(entry.updated) == "20 Nov, 10:00"


def test_a_rule_preset_and_camblam_are_named_by_their_game():
    _, lib = several()
    entries = by_slot(lib)
    assert entries["slotBBBB"].game == "Djambi, BGA rules"
    assert entries["slotBBBB"].seats[1].badge == "X" and entries["slotBBBB"].last_move == ""
    camblam = entries["slotCCCC"]
    assert camblam.game == "Camblam" and camblam.status == "Black to move"
    assert camblam.last_move == "White f3-f6" and camblam.last_colour == "camblam-w"
    assert [m.text for m in camblam.seats] == ["White: Human", "Black: Computer (normal)"]
    hostage = session.new_game(hostage=True)
    assert gameslist.entry("slotEEEE", hostage).game == "Djambi, 3 players"
    assert len(gameslist.entry("slotEEEE", hostage).seats) == 3  # the hostage never plays
    custom = session.new_game(rules="reporter=all")
    assert gameslist.entry("slotEEEE", custom).game == "Djambi, custom rules"


def test_a_finished_game_says_how_it_ended():
    _, lib = several()
    entry = by_slot(lib)["slotDDDD"]
    assert entry.over and entry.status.startswith("Game over: draw")


def test_two_by_two_shows_two_players_and_the_army_that_moved():
    game = session.new_game(False, ["human", "normal", "human", "human"], rules="two-by-two")
    game.play("G1-F1")  # Player 1 moves Yellow's militant
    entry = gameslist.entry("slotAAAA", game)
    assert entry.game == "Djambi, two players, two armies each"
    assert entry.last_move == "Yellow (Player 1) G1-F1" and entry.last_colour == "djambi-y"
    assert [(m.colours, m.kind) for m in entry.seats] == [
        (("djambi-r", "djambi-y"), "human"), (("djambi-b", "djambi-g"), "computer")]
    assert entry.seats[1].text == "Player 2 (Blue + Green): Computer (normal)"


def test_a_seat_changed_mid_game_shows_as_it_is_now():
    storage, lib = several()
    game = lib.read("slotAAAA")
    game.seats[0] = "expert"  # the computer took Red's seat
    stored(lib, "slotAAAA", game, "Game 1", "2026-11-20T11:00:00")
    assert by_slot(lib)["slotAAAA"].seats[0].kind == "computer"


def test_the_orders():
    _, lib = several()
    names = lambda order: [e.name for e in gameslist.entries(lib, order)]  # noqa: E731
    assert names("recent") == ["Game 4", "Game 2", "Game 3", "Game 1"]  # last played first
    assert gameslist.entries(lib) == gameslist.entries(lib, "recent")  # the default
    assert names("game") == ["Game 4", "Game 1", "Game 2", "Game 3"]  # Djambi, Djambi BGA, Camblam
    assert names("unfinished") == ["Game 2", "Game 3", "Game 1", "Game 4"]
    assert list(gameslist.ORDERS)[0] == gameslist.DEFAULT_ORDER == "recent"


def test_the_index_knows_each_game():
    storage, lib = several()
    index = json.loads(storage.get(library.INDEX_KEY))
    assert index["about"]["slotBBBB"] == {"name": "Game 2", "kind": "djambi", "moves": 0,
                                          "rules": "kill-own=except-chief,walled-in=any-necromobile",
                                          "updated": "2026-11-25T10:00:00"}
    assert index["about"]["slotCCCC"]["kind"] == "camblam" and "aside" not in index


def test_a_corrupted_current_game_is_set_aside_named_and_kept():
    storage, lib = several()
    lib.set_current("slotAAAA")
    bad = storage.get(library.game_key("slotAAAA"))[:40]  # cut short: not JSON any more
    storage.set(library.game_key("slotAAAA"), bad)
    slot, keeper, loaded = lib.open()
    assert slot != "slotAAAA" and not loaded.resumed and loaded.game.board.move_stack == []
    assert loaded.message == ("Game 1 (Djambi, 2 moves) could not be read, so a new game started. "
                              "It is kept, set aside: open Games to download it or delete it.")
    assert "open Games to download it" in loaded.message
    shown = gameslist.load_message(loaded)  # the exception only behind "Details"
    assert shown.sentence == loaded.message and shown.details == "the saved data is not JSON"
    assert "djambi." not in loaded.message and "slotAAAA" not in loaded.message
    assert storage.get(library.game_key("slotAAAA")) == bad  # kept as found, never deleted
    entry = by_slot(lib)["slotAAAA"]
    assert not entry.readable and entry.aside and entry.name == "Game 1"
    assert entry.status == "Could not be read: it was set aside." and entry.raw == bad
    assert entry.problem == "the saved data is not JSON"
    assert entry.game == "Djambi" and gameslist.moves_words(entry) == "2 moves"
    # The next visit opens a playable game without saying it again; nothing overwrote the entry.
    keeper.save(loaded.game)
    slot2, _, again = lib.open()
    assert slot2 == slot and again.message == "" and storage.get(library.game_key("slotAAAA")) == bad
    # Deleted from the Games list (and back with Undo, still set aside).
    deleted = lib.delete("slotAAAA")
    assert deleted.name == "Game 1 (Djambi, 2 moves)" and storage.get(library.game_key("slotAAAA")) is None
    assert "slotAAAA" not in by_slot(lib)
    assert lib.restore(deleted) == "" and by_slot(lib)["slotAAAA"].aside


def test_an_unknown_entry_is_named_from_what_can_be_read():
    storage = saving.MemoryStorage()
    lib = library.Library(storage)
    storage.set(library.game_key("slotAAAA"), '{"format": "djambi-save", "name": "Sunday game", "game": "G1~start~Z9')
    assert lib.listed("slotAAAA") == ""
    _, _, loaded = lib.open()
    assert loaded.message.startswith("Sunday game could not be read")
    storage.set(library.game_key("slotBBBB"), "\x00garbage")
    lib.listed("slotBBBB", current=False)
    assert by_slot(lib)["slotBBBB"].name == "Unreadable game"


def test_an_unreadable_save_of_an_earlier_version_is_set_aside_in_the_list():
    storage = saving.MemoryStorage()
    bad = '{"format": "djambi-save", "version": 1, "game": "G1~start~Z9-Z8"'
    storage.set(saving.STORAGE_KEY, bad)
    lib = library.Library(storage)
    _, _, loaded = lib.open()
    assert "could not be read, so a new game started. It is kept, set aside" in loaded.message
    assert "djambi." not in loaded.message and storage.get(saving.STORAGE_KEY) is None
    [entry] = [e for e in gameslist.entries(lib) if not e.readable]
    assert entry.aside and entry.raw == bad


def test_the_entry_in_french_and_czech(in_language):
    _, lib = several()
    in_language("fr")
    entry = by_slot(lib)["slotBBBB"]
    assert entry.game == "Djambi, règles BGA" and entry.seats[1].text == "Bleu : Ordinateur (expert)"
    assert gameslist.order_name("recent") == "Dernière activité"
    in_language("cs")
    assert by_slot(lib)["slotCCCC"].seats[1].badge == "N"
    assert by_slot(lib)["slotBBBB"].game == "Djambi, pravidla BGA"
