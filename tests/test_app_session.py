"""The game session (app/state/session.py): seats, undo/redo, saved games, links, words."""

import json

import pytest
from diagrams import board_from

from djambi import Board, Move, Party, format_game_code, parse_position
from app.state import linking
from app.state import saving
from app.present import standings
from app.state.saving import BACKUP_KEY, STORAGE_KEY, MemoryStorage, load, save
from app.state.session import Game, new_game
from app.state.linking import LinkError, game_from_link


def played(*texts, seats=None, hostage=False) -> Game:
    game = new_game(hostage, seats)
    for text in texts:
        game.play(text)
    return game


OPENING = ("C7-F4", "I7-I6", "I3-I4", "A3-A4")


# ---------------------------------------------------------------------------- undo / redo
def test_undo_redo_one_move_at_a_time_between_humans():
    game = played(*OPENING)
    assert game.undo() == [Move.parse("A3-A4")]
    assert game.board.turn == Party.GREEN and game.can_redo()
    game.undo()
    assert [m.text() for m in game.redo_moves] == ["I3-I4", "A3-A4"]
    assert game.redo() == [Move.parse("I3-I4")]
    assert game.board.turn == Party.GREEN


def test_playing_the_next_redo_move_keeps_the_rest_and_another_move_clears_it():
    game = played(*OPENING)
    game.undo()
    game.undo()
    game.play("I3-I4")
    assert [m.text() for m in game.redo_moves] == ["A3-A4"]
    game.undo()
    game.play("I3-I5")
    assert game.redo_moves == []


def test_undo_goes_back_over_computer_moves_to_the_human():
    seats = ["human", "easy", "easy", "easy"]
    game = played(*OPENING, "A7-A6", seats=seats)
    assert game.board.turn == Party.BLUE  # a computer
    undone = game.undo()
    assert [m.text() for m in undone] == ["A7-A6"]
    assert game.board.turn == Party.RED
    undone = game.undo()  # Green, Yellow, Blue were computers: back to Red's first move
    assert [m.text() for m in undone] == ["A3-A4", "I3-I4", "I7-I6", "C7-F4"]
    assert game.board.move_stack == [] and game.board.turn == Party.RED
    assert game.redo() == [Move.parse(t) for t in ("C7-F4", "I7-I6", "I3-I4", "A3-A4")]
    assert game.board.turn == Party.RED


def test_undo_with_computers_only_takes_one_move():
    game = played(*OPENING, seats=["easy"] * 4)
    assert len(game.undo()) == 1


def test_computer_to_move():
    game = new_game(seats=["human", "random", "human", "human"])
    assert not game.computer_to_move()
    game.play("C7-F4")
    assert game.computer_to_move()


def test_draw_agreement_ends_the_game_and_undo_takes_it_back_alone():
    game = played(*OPENING)
    game.agree_draw()
    assert game.board.is_game_over() and standings.status_text(game) == "Game over: draw (agreement)"
    assert game.game_code().endswith("~draw")
    assert game.can_undo()
    assert game.undo() == []
    assert not game.board.is_game_over() and len(game.board.move_stack) == 4


def test_hostage_seat_is_always_human():
    game = new_game(True, ["easy", "easy", "easy", "easy"])
    assert game.seats[Party.GREEN] == "human"
    assert game.board.hostage == Party.GREEN


def test_bad_seats_are_refused():
    with pytest.raises(ValueError):
        new_game(False, ["human", "genius", "human", "human"])


# ---------------------------------------------------------------------------- storage
def test_save_and_load_round_trip_with_seats_and_redo():
    storage = MemoryStorage()
    game = played(*OPENING, seats=["human", "hard", "human", "random"])
    game.undo()
    assert save(storage, game) == ""
    data = json.loads(storage.get(STORAGE_KEY))
    assert data["format"] == "djambi-save" and data["version"] == 2
    assert data["redo"] == ["I3-I4", "A3-A4"]  # Green is a computer: back to Yellow
    loaded = load(storage)
    assert loaded.resumed and not loaded.message
    assert loaded.game.board == game.board
    assert loaded.game.board.move_stack == game.board.move_stack
    assert loaded.game.seats == game.seats
    assert loaded.game.redo_moves == game.redo_moves


def test_the_save_carries_the_current_position_for_the_page_to_paint_early():
    storage = MemoryStorage()
    game = played(*OPENING, seats=["human", "hard", "human", "random"])
    game.undo()
    save(storage, game)
    data = json.loads(storage.get(STORAGE_KEY))
    # index.html paints the pieces from it before Python runs: it is the board being played.
    assert data["position"] == game.board.code()
    assert parse_position(data["position"]) == game.board


def test_the_saved_position_is_informative_only():
    """Reading a save replays the game code; a stale or tampered ``position`` changes nothing."""
    storage = MemoryStorage()
    game = played(*OPENING)
    save(storage, game)
    data = json.loads(storage.get(STORAGE_KEY))
    data["position"] = Board().code()
    storage.set(STORAGE_KEY, json.dumps(data))
    loaded = load(storage)
    assert loaded.resumed and not loaded.message
    assert loaded.game.board == game.board
    assert json.loads(loaded.game.to_json())["position"] == game.board.code()


def test_nothing_saved_is_a_new_game():
    loaded = load(MemoryStorage())
    assert not loaded.resumed and not loaded.message
    assert loaded.game.board == Board()


@pytest.mark.parametrize("bad", [
    "{not json",
    "null",
    "[1, 2]",
    json.dumps({"format": "chess-save", "version": 1}),
    json.dumps({"format": "djambi-save", "version": 99, "game": "G1~start", "seats": ["human"] * 4}),
    json.dumps({"format": "djambi-save", "version": 1, "game": "G1~start~A1-A2", "seats": ["human"] * 4}),
    json.dumps({"format": "djambi-save", "version": 1, "game": "G1~start", "seats": ["human"]}),
    json.dumps({"format": "djambi-save", "version": 1, "game": 5, "seats": ["human"] * 4}),
    json.dumps({"format": "djambi-save", "version": 1, "game": "G1~start", "seats": ["human"] * 4,
                "redo": ["I7-I6"]}),
    "x" * 500_000,
])
def test_bad_saved_data_is_kept_aside_and_a_new_game_starts(bad):
    storage = MemoryStorage({STORAGE_KEY: bad})
    loaded = load(storage)
    assert loaded.game.board == Board() and not loaded.resumed
    assert "could not be loaded" in loaded.message and "kept aside" in loaded.message
    assert BACKUP_KEY not in loaded.message  # no storage key shown to a player
    assert storage.get(BACKUP_KEY) == bad
    assert storage.get(STORAGE_KEY) is None


def test_storage_failures_do_not_break():
    class Broken:
        def get(self, key):
            raise RuntimeError("denied")

        def set(self, key, value):
            raise RuntimeError("quota")

        def remove(self, key):
            raise RuntimeError("denied")

    loaded = load(Broken())
    assert loaded.game.board == Board() and "could not be read" in loaded.message
    assert "could not be saved" in save(Broken(), loaded.game)


# ---------------------------------------------------------------------------- links
def test_position_and_game_links_round_trip():
    game = played(*OPENING, "A7-A6")
    base = "http://127.0.0.1:8000/index.html#old"
    pos = linking.position_link(base, game)
    assert pos.startswith("http://127.0.0.1:8000/index.html#L1.P1.")
    opened = game_from_link(pos.split("#", 1)[1])
    assert opened.board == game.board and opened.board.move_stack == []
    link = linking.game_link(base, game)
    opened = game_from_link("#" + link.split("#", 1)[1])
    assert opened.board == game.board and opened.board.move_stack == game.board.move_stack
    assert opened.seats == ["human"] * 4


def test_links_carry_the_seats_and_old_links_still_open():
    game = played(*OPENING)
    game.seats = ["human", "normal", "hard", "easy"]
    base = "http://127.0.0.1:8000/"
    link = linking.game_link(base, game)
    assert ";seats=hnde;ck=" in link
    opened = game_from_link("#" + link.split("#", 1)[1])
    assert opened.seats == ["human", "normal", "hard", "easy"]
    assert opened.board.move_stack == game.board.move_stack
    pos = game_from_link("#" + linking.position_link(base, game).split("#", 1)[1])
    assert pos.seats == game.seats and pos.board == game.board
    # A link made before seats were written: every seat human.
    old = game_from_link("#" + format_game_code(game.board))
    assert old.seats == ["human"] * 4 and old.board == game.board
    # A three-player link keeps the hostage human whatever it says.
    hostage = new_game(True, ["normal", "human", "human", "human"])
    opened = game_from_link("#" + hostage.game_code() + ";seats=nhhn")
    assert opened.seats == ["normal", "human", "human", "human"]


def test_a_position_link_of_an_earlier_board():
    game = played(*OPENING)
    earlier = game.board.root()
    earlier.play(game.board.move_stack[0])
    link = linking.position_link("http://x/", game, earlier)
    assert game_from_link("#" + link.split("#", 1)[1]).board == earlier


def test_percent_encoded_links_are_read():
    game = played(*OPENING)
    code = format_game_code(game.board).replace("~", "%7E")
    assert game_from_link("#" + code).board == game.board


def test_empty_fragment_is_no_link():
    assert game_from_link("") is None and game_from_link("#") is None


@pytest.mark.parametrize("fragment", [
    "#hello",
    "#P1.garbage",
    "#G1~start~A1-A2",
    "#G2~start",
    "#P1.%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "#G1~<script>alert(1)</script>",
    "#G1~start~C7-F4;seats=hnn",
    "#G1~start~C7-F4;seats=hnnq",
    "#G1~start~C7-F4;seats=<b>x</b>",
])
def test_bad_links_raise_a_readable_error(fragment):
    with pytest.raises(LinkError) as info:
        game_from_link(fragment)
    assert "link" in str(info.value)


def test_unfinished():
    assert not new_game().unfinished()
    game = played("C7-F4")
    assert game.unfinished()
    game.agree_draw()
    assert not game.unfinished()


# ---------------------------------------------------------------------------- words
def test_status_texts():
    game = new_game()
    assert standings.status_text(game) == "Red to move"
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . rC . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . yM
        . . . . . . gC . bC
    """, turn="r", seat="b", extra=True)
    game = Game(board)
    assert standings.status_text(game) == "Red to move (extra turn, in power)"


def test_party_infos_after_a_chief_is_killed():
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . rM bC . . . .
        . . . . # . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . bM
        rC . . . . gC . . yC
    """)
    board.play("D6xE6@A5")
    infos = {i.party: i for i in standings.party_infos(Game(board))}
    assert infos[Party.BLUE].state == "eliminated"
    assert "Red plays its pieces" in infos[Party.BLUE].words()
    assert infos[Party.RED].controls == (Party.RED, Party.BLUE)
    assert "plays Blue too" in infos[Party.RED].words()
    assert infos[Party.YELLOW].to_move


def test_outcome_text():
    game = played(*OPENING)
    assert standings.outcome_text(game) == ("", "")
    game.agree_draw()
    title, text = standings.outcome_text(game)
    assert title == "Draw" and "agreed" in text


def test_move_list_names_the_players():
    game = played(*OPENING)
    assert game.move_list() == [(Party.RED, "C7-F4"), (Party.BLUE, "I7-I6"),
                                (Party.YELLOW, "I3-I4"), (Party.GREEN, "A3-A4")]


# ---------------------------------------------------------------------------- other tabs
def test_keeper_never_overwrites_another_tabs_game_silently():
    storage = MemoryStorage()
    mine, theirs = saving.Keeper(storage), saving.Keeper(storage)
    mine.load()
    theirs.load()
    game_a = played("C7-F4")
    assert mine.save(game_a) == "" and not mine.conflict
    # The other tab, which read before, must not overwrite this save.
    game_b = played("A7-A6")
    assert theirs.noticed()  # the storage event
    assert theirs.save(game_b) == "" and theirs.conflict
    assert Game.from_json(storage.get(STORAGE_KEY)).board == game_a.board
    # It chooses: load this tab's game ...
    assert theirs.take_theirs().game.board == game_a.board and not theirs.conflict
    # ... or, in another round, keep its own (saved over the other).
    game_a.play("G7-D4")
    assert mine.save(game_a) == ""
    assert theirs.save(game_b) == "" and theirs.conflict
    assert theirs.force(game_b) == "" and not theirs.conflict
    assert Game.from_json(storage.get(STORAGE_KEY)).board == game_b.board
    # Saving again from the same tab is no conflict.
    game_b.play("G7-D4")
    assert theirs.save(game_b) == "" and not theirs.conflict


def test_keeper_same_tab_saves_freely_and_a_storage_event_without_change_is_no_conflict():
    storage = MemoryStorage()
    keeper = saving.Keeper(storage)
    keeper.load()
    game = played("C7-F4")
    for move in ("G7-D4", "G3-G4"):
        assert keeper.save(game) == ""
        game.play(move)
    assert not keeper.noticed()
