"""The command line (``python -m djambi``), called in-process so it also runs inside Pyodide."""

from __future__ import annotations

import re

import pytest

from djambi import START_CODE, Board
from djambi.__main__ import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_perft_prints_the_count_as_its_last_line(capsys):
    code, out, _ = run(capsys, "perft", "2")
    assert code == 0 and out.splitlines()[-1] == "1205"


def test_perft_divide_lists_each_first_move(capsys):
    code, out, _ = run(capsys, "perft", "2", "--divide")
    lines = out.splitlines()
    assert len(lines) == 31 and lines[-1] == "1205"
    counts = dict(line.split(": ") for line in lines[:-1])
    assert sum(map(int, counts.values())) == 1205 and "C7-F4" in counts


def test_perft_from_a_position(capsys):
    board = Board()
    board.play("C7-F4")
    code, out, _ = run(capsys, "perft", "1", "--position", board.code())
    assert code == 0 and int(out.splitlines()[-1]) == len(board.legal_moves)


def test_show_draws_the_board(capsys):
    code, out, _ = run(capsys, "show", START_CODE)
    assert code == 0
    assert out.splitlines()[0] == "9 rC rA rM  .  .  . bM bA bC"
    assert "Red to move" in out and "in power: nobody" in out


def test_moves_lists_legal_moves_in_move_text(capsys):
    code, out, _ = run(capsys, "moves", START_CODE)
    assert code == 0 and len(out.split()) == 30 and "C7-F4" in out.split()


def test_play_prints_the_resulting_position(capsys):
    code, out, _ = run(capsys, "play", "start", "C7-F4", "G7-D4")
    board = Board()
    board.play("C7-F4")
    board.play("G7-D4")
    assert code == 0 and out.strip() == board.code()


@pytest.mark.parametrize("argv, message", [
    (["perft", "x"], "invalid int value"),
    (["perft", "-1"], "must be 0 or more"),
    (["show", "P1.nonsense"], "bad position"),
    (["moves", "garbage"], "bad position"),
    (["play", "start", "C7-F5"], "illegal move 'C7-F5'"),
    (["play", "start", "C7=F5"], "bad move text"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_tournament_is_reached_through_the_bench(capsys):
    from bench.tournament import main as tournament_main

    code = tournament_main(["--games", "2", "--players", "random,random,random", "--seed", "5", "--quiet"])
    assert code == 0
    line = capsys.readouterr().out.strip().splitlines()[0]
    assert re.fullmatch(r"random: \d+/6 wins \(\d+\.\d%\), \d+ draws?, 95% CI \d+–\d+%.*", line), line


def test_the_engine_cli_has_no_tournament(capsys):
    code, out, err = run(capsys, "tournament")
    assert code == 2
    assert "tournament" in err and len(err.strip().splitlines()) == 1

def test_the_position_is_also_a_flag_as_in_camblam(capsys):
    """``--position`` (the flag ``python -m camblam`` takes too) instead of the first argument."""
    assert run(capsys, "show", "--position", "start")[1] == run(capsys, "show", "start")[1]
    assert run(capsys, "moves", "--position", "hostage")[1] == run(capsys, "moves", "hostage")[1]
    code, out, _ = run(capsys, "play", "--position", "start", "C7-F4", "G7-D4")
    assert code == 0 and out == run(capsys, "play", "start", "C7-F4", "G7-D4")[1]


@pytest.mark.parametrize("argv, message", [
    (("show",), "python -m djambi show: error: the following arguments are required: code"),
    (("moves", "start", "--position", "start"), "python -m djambi moves: error: the position is given twice"),
])
def test_a_missing_or_doubled_position_is_one_line_and_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1
