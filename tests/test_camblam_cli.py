"""The command line (``python -m camblam``), called in-process (as tests/test_cli.py does for
Djambi) so that it also runs inside Pyodide, where there are no subprocesses."""

from __future__ import annotations

import pytest

from camblam import START_TEXT, Board
from camblam.__main__ import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_perft_prints_the_count_as_its_last_line_and_timing_on_stderr(capsys):
    code, out, err = run(capsys, "perft", "2")
    assert code == 0 and out.splitlines() == ["1296"] and "depth 2: 1296" in err


def test_perft_divide_lists_each_first_move(capsys):
    code, out, _ = run(capsys, "perft", "2", "--divide")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 37 and lines[-1] == "1296"
    counts = dict(line.split(": ") for line in lines[:-1])
    assert counts["f3f6"] == "36" and sum(map(int, counts.values())) == 1296


def test_perft_from_a_position(capsys):
    board = Board()
    board.play("f3f6")
    code, out, _ = run(capsys, "perft", "1", "--fen", board.code())
    assert code == 0 and int(out.splitlines()[-1]) == len(board.legal_moves) == 36


def test_moves_lists_coordinate_notation_sorted(capsys):
    code, out, _ = run(capsys, "moves")
    lines = out.splitlines()
    assert code == 0 and lines == sorted(lines) and len(lines) == 36 and "a3a6" in lines
    code, out, _ = run(capsys, "moves", "--fen", "11k/4P7/12/12/12/12/12/12/12/12/12/K11 w 0 1")
    assert out.split() == sorted(["a1a2", "a1b1", "a1b2"] + [f"e11e12{p}" for p in "qrbncah"])


def test_play_prints_the_position_text_after_the_moves_in_either_notation(capsys):
    code, out, _ = run(capsys, "play", "f3f6", "f10-f7")
    board = Board()
    board.play("f3f6")
    board.play("f10f7")
    assert code == 0 and out.strip() == board.code()
    code, out, _ = run(capsys, "play")
    assert out.strip() == START_TEXT


def test_show_draws_the_board(capsys):
    code, out, _ = run(capsys, "show")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "12 r n b h a q k a h b n r" and lines[12] == "   a b c d e f g h i j k l"
    assert "White to move" in out and START_TEXT in out


@pytest.mark.parametrize("argv", [
    ("perft", "x"), ("perft", "-1"), ("perft", "1", "--fen", "nonsense"),
    ("moves", "--fen", "11k/12/12/12/12/12/12/12/12/12/12/K10 w 0 1"),
    ("play", "f3f7"), ("play", "f3"), ("play", "e2e3"), ("show", "--fen", ""), ("bogus",),
])
def test_bad_input_exits_2_with_one_line_on_stderr(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "error" in err
