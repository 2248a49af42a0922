"""Camblam's link codes and game records, now in the engine (``camblam.notation``): every code and
record written before the move is written again byte for byte and reads back to the same game
(``tests/data/camblam_formats.json``: codes and records made by ``app/games/camblam.py`` before
the formats moved, over games with captures, shots, promotions, checkmate, bare kings, a draw
agreed and resignations), and the app's ``Game`` goes through the engine's functions."""

import json
from pathlib import Path

import pytest

import camblam
from camblam import Board, InvalidGameError, notation

from app.games import camblam as cg

DATA = json.loads((Path(__file__).parent / "data" / "camblam_formats.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['plies']} plies {c['outcome']}")
def test_old_codes_and_records_read_and_are_written_byte_for_byte(case):
    board = notation.parse_game_code(case["game"])
    assert len(board.move_stack) == case["plies"]
    outcome = board.outcome()
    assert (None if outcome is None else [outcome.termination.value, outcome.result()]) == case["outcome"]
    assert notation.format_game_code(board) == case["game"]
    assert notation.format_position_code(board) == case["position"]
    assert notation.parse_position_code(case["position"]).code() == board.code()
    for headers, record in zip(DATA["headers"], case["records"]):
        assert notation.format_record(board, headers) == record
        again, read = notation.parse_record(record)
        assert again == board and again.move_stack == board.move_stack
        assert notation.format_record(again, read) == record


def test_the_app_game_uses_the_engine_formats():
    assert cg.format_game_code is camblam.format_game_code and cg.parse_record is camblam.parse_record
    assert cg.CamblamCodeError is InvalidGameError and issubclass(InvalidGameError, camblam.CamblamError)
    game = cg.GAME
    board = game.parse_game_code(CASES[1]["game"])
    assert game.format_compact_game(board) == CASES[1]["game"]
    assert game.format_record(board, {}) == CASES[1]["records"][0]
    assert game.parse_position(CASES[0]["position"]) == Board.from_code(CASES[0]["position"][3:].replace(".", " "))


@pytest.mark.parametrize("text, part", [
    ("C1~start~f3f6~zz", "move 2 ('zz')"),
    ("G1~start", "should start with C1~"),
    ("C1~start~b-resigns~draw", "move 1 ('b-resigns')"),
    ("C1~C1.nonsense", "bad position text"),  # the position text's own error (InvalidPositionError)
])
def test_bad_codes_name_the_bad_part(text, part):
    with pytest.raises(camblam.CamblamError) as info:
        notation.parse_game_code(text)
    assert part in str(info.value)


@pytest.mark.parametrize("text, part", [
    ('[Game "Djambi"]\n\n1. Red C7-F4\n', 'no [Game "Camblam"] header'),
    ('[Game "Camblam"]\n[Result "1-0"]\n\n1. White f3-f6\n', "header Result is '1-0'"),
    ('[Game "Camblam"]\n\n1. Black f3-f6\n', "marked Black, but White is to move"),
    ('[Game "Camblam"]\n\n2. White f3-f6\n', "move number 2 should be 1"),
    ('[Game "Camblam"]\n\ndraw agreed\n1. White f3-f6\n', "comes after 'draw agreed'"),
    ('[Game "Camblam]\n', "is not a header"),
])
def test_bad_records_name_the_bad_part(text, part):
    with pytest.raises(InvalidGameError) as info:
        notation.parse_record(text)
    assert part in str(info.value)
