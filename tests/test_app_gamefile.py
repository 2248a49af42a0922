"""Game files (issue 10): the record written with date, seats and result, read back strictly."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.state import gamefile
from app.state import session
from app.state.gamefile import FileError, game_from_file, record_text

WHEN = datetime(2026, 11, 22, 14, 32)


def played(*moves: str, seats=None) -> session.Game:
    game = session.new_game(False, seats)
    for move in moves:
        game.play(move)
    return game


def test_record_has_date_seats_result_and_round_trips():
    game = played("C7-F4", "G7-D4", "G3-G4", seats=["human", "normal", "hard", "easy"])
    text = record_text(game, WHEN)
    assert '[Date "2026.11.22"]' in text
    assert '[Red "Human"]' in text and '[Blue "Computer (normal)"]' in text
    assert '[Yellow "Computer (hard)"]' in text and '[Result "*"]' in text
    assert "1. Red C7-F4" in text
    back = game_from_file(text)
    assert back.board == game.board and back.board.move_stack == game.board.move_stack
    assert back.seats == game.seats
    assert gamefile.file_name(game, WHEN) == "djambi-2026-11-22-1432.djambi.txt"


def test_a_finished_game_records_its_result():
    game = played("C7-F4")
    game.agree_draw()
    text = record_text(game, WHEN)
    assert '[Result "draw"]' in text and "draw agreed" in text
    assert game_from_file(text).board.is_game_over()


def test_unknown_seat_names_are_humans_and_hostage_stays_human():
    game = session.new_game(True, ["normal", "human", "human", "human"])
    game.play("C7-F4")
    text = record_text(game, WHEN).replace('"Computer (normal)"', '"Ann"')
    back = game_from_file(text)
    assert back.seats == ["human"] * 4 and back.board.root().is_hostage_game


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("   \n", "empty"),
    ("hello", "cannot be read as a game"),
    ('[Game "Chess"]\n\n1. Red C7-F4\n', "not of Djambi"),
    ('[Game "Djambi"]\n\n1. Red C7-F5\n', "move 1"),
    ('[Game "Djambi"]\n\n1. Blue C7-F4\n', "Red is to move"),
    ('[Game "Djambi"]\n[Result "Red"]\n\n1. Red C7-F4\n', "Result"),
    ("x" * (gamefile.MAX_FILE + 1), "too large"),
    ("PK\x03\x04\x00\x00", "not a text file"),
])
def test_bad_files_say_what_is_wrong(text, words):
    with pytest.raises(FileError) as info:
        game_from_file(text, "“game.txt”")
    # the sentence says what happened; what exactly is wrong (the engine's words) is the details
    assert words in f"{info.value}\n{info.value.details}"
    assert "game.txt" in str(info.value) or words == "not a text file"
    assert "move 1" not in str(info.value) and "C7-F5" not in str(info.value)


def test_round_trip_over_random_games():
    from playouts import random_game

    for seed in range(10):
        board = random_game(seed, 12 * seed, hostage=seed % 3 == 0)
        game = session.Game(board, ["human", "normal", "easy", "hard" if seed % 3 else "human"])
        back = game_from_file(record_text(game, WHEN))
        assert back.board == game.board and back.board.move_stack == game.board.move_stack
