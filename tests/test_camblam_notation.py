"""Rulings §5: the coordinate and readable notations and the position text — formatters and
parsers, round-trips, and errors that name the bad part."""

from __future__ import annotations

import random

import pytest

from camblam import (
    START_TEXT, Board, IllegalMoveError, InvalidMoveError, InvalidPositionError, Kind, Move, Piece,
    parse_position, parse_readable,
)
from camblam_helpers import position


def test_s5_coordinate_notation_formats_and_parses():
    assert Move.parse("f3f6") == Move(29, 65)
    assert Move.parse("e11e12q") == Move(124, 136, Kind.QUEEN)
    assert Move(124, 136, Kind.PRINCE).text() == "e11e12h"
    assert repr(Move.parse("b1c3")) == "Move.parse('b1c3')"
    assert eval(repr(Move.parse("l10l12c"))) == Move.parse("l10l12c")


@pytest.mark.parametrize("text, part", [
    ("z1a2", "start square"), ("a13a2", "start square"), ("a1", "landing square"),
    ("a1m2", "landing square"), ("a11a12k", "promotion letter"), ("a11a12p", "promotion letter"),
])
def test_s5_bad_coordinate_text_names_the_bad_part(text, part):
    with pytest.raises(InvalidMoveError, match=part):
        Move.parse(text)


def test_s5_readable_notation_of_each_kind_of_move():
    board = position("Kl1 Qa1 Pe11 Ae2 Nb2", "Kl12 Pa4 Pa5 Pe7")
    assert board.move_text(Move.parse("a1a5")) == "Qa1xa5"
    assert board.move_text(Move.parse("e2e7")) == "Ae2*e7"
    assert board.move_text(Move.parse("e11e12q")) == "e11-e12=Q+"
    assert board.move_text(Move.parse("b2f6")) == "Nb2-f6"
    assert board.move_text(Move.parse("l1k2")) == "Kl1-k2"


def test_s5_readable_check_and_checkmate_marks():
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    assert board.move_text(Move.parse("b3b2")) == "Qb3-b2#"
    assert board.move_text(Move.parse("l12l1")) == "Rl12-l1#"
    assert board.move_text(Move.parse("b3c3")) == "Qb3-c3+"


def test_s5_readable_notation_parses_back_for_every_legal_move():
    rng = random.Random(5)
    board = Board()
    for _ in range(60):
        moves = board.generate_legal_moves()
        if not moves or board.outcome() is not None:
            break
        for move in moves:
            assert parse_readable(board, board.move_text(move)) == move
            assert board.parse_move(move.text()) == move
        board.push(rng.choice(moves))


def test_s5_readable_parse_errors_name_the_bad_part():
    board = position("Kl1 Qb1 Ae2", "Kl12 Pb4 Pe7")
    with pytest.raises(IllegalMoveError, match="queen"):
        parse_readable(board, "Rb1xb4")
    with pytest.raises(IllegalMoveError, match="a capture"):
        parse_readable(board, "Qb1-b4")
    with pytest.raises(IllegalMoveError, match="a shot"):
        parse_readable(board, "Ae2xe7")
    with pytest.raises(InvalidMoveError, match="readable notation"):
        parse_readable(board, "Qb1?b4")
    with pytest.raises(IllegalMoveError, match="cannot go"):
        board.parse_move("Qb1-c3")


def test_s5_position_text_round_trips_from_the_start_and_in_games():
    assert Board().code() == START_TEXT
    assert parse_position(START_TEXT).code() == START_TEXT
    rng = random.Random(9)
    board = Board()
    for _ in range(150):
        text = board.code()
        again = parse_position(text)
        assert again.code() == text and again.cells == board.cells and again.turn == board.turn
        moves = board.generate_legal_moves()
        if not moves or board.outcome() is not None:
            break
        board.push(rng.choice(moves))


def test_s5_position_text_counts_10_11_12_are_one_count_each():
    board = position("Ka1", "Kl12")
    assert board.code() == "11k/12/12/12/12/12/12/12/12/12/12/K11 w 0 1"
    assert repr(board) == "Board.from_code('11k/12/12/12/12/12/12/12/12/12/12/K11 w 0 1')"


@pytest.mark.parametrize("text, part", [
    ("11k/12/12/12/12/12/12/12/12/12/12/K11 w 0", "4 fields"),
    ("11k/12/12/12/12/12/12/12/12/12/K11 w 0 1", "11 ranks"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K10 w 0 1", "rank 1"),
    ("11k/12/12/12/12/13/12/12/12/12/12/K11 w 0 1", "rank 7"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K1x9 w 0 1", "'x'"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K11 x 0 1", "side to move"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K11 w -1 1", "half-move clock"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K11 w 0 0", "move number"),
    ("12/12/12/12/12/12/12/12/12/12/12/K11 w 0 1", "Black has 0 kings"),
    ("11k/12/12/12/12/12/12/12/12/12/12/KK10 w 0 1", "White has 2 kings"),
    ("P10k/12/12/12/12/12/12/12/12/12/12/K11 w 0 1", "far rank"),
    ("11k/12/12/12/12/12/12/12/12/12/12/K9p1 w 0 1", "far rank"),
    ("k11/12/12/12/12/12/12/12/12/12/12/R10K w 0 1", "not to move"),
])
def test_s5_bad_position_text_names_the_bad_part(text, part):
    with pytest.raises(InvalidPositionError, match=part):
        parse_position(text)


def test_pieces_and_moves_are_frozen_values_whose_repr_pastes_back():
    piece = Piece.from_symbol("h")
    assert eval(repr(piece)) == piece and piece.kind == Kind.PRINCE
    with pytest.raises(Exception):
        piece.kind = Kind.QUEEN  # type: ignore[misc]
    move = Move.parse("a1a5")
    assert eval(repr(move)) == move and hash(move) == hash(Move.parse("a1a5"))
