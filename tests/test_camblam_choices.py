"""The choices docs/camblam.md makes where the rulings are silent, one test each."""

from __future__ import annotations

import pytest

from camblam import Board, IllegalMoveError, InvalidMoveError, Move, Termination, parse_position, parse_readable
from camblam_helpers import position


def test_choice_legal_moves_ignore_the_draw_rules_and_play_refuses_after_the_end():
    board = position("Ka1 Rl1", "Ka12 Rl12", clock=100)
    assert board.outcome().termination == Termination.MOVE_RULE
    assert len(board.legal_moves) == len(position("Ka1 Rl1", "Ka12 Rl12").legal_moves)
    with pytest.raises(IllegalMoveError, match="game is over"):
        board.play("l1k1")


def test_choice_repetition_counts_from_the_root_position_only():
    board = position("Ka1 Rl1", "Ka12 Rl12")
    assert board.repetitions() == 1
    board.play("l1k1")
    board.play("l12k12")
    board.play("k1l1")
    board.play("k12l12")
    assert board.repetitions() == 2
    again = Board.from_code(board.code())  # the history is not in the position text
    assert again.repetitions() == 1


def test_choice_pawns_on_their_own_first_rank_are_allowed_and_move_forward():
    board = position("Ka12 Pe1", "Kl12")
    assert {m.text() for m in board.generate_legal_moves(4)} == {"e1e2", "e1e3", "e1e4"}


def test_choice_check_marks_are_optional_when_parsing_readable_notation():
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    assert parse_readable(board, "Qb3-b2") == parse_readable(board, "Qb3-b2#") == Move.parse("b3b2")
    assert parse_readable(board, "Qb3-b2+") == Move.parse("b3b2")  # not checked


def test_choice_a_stalemating_move_has_no_mark():
    board = position("Ka1", "Kd4 Nc3 Rl3", turn="b")
    assert board.move_text(Move.parse("l3l2")) == "Rl3-l2"


def test_choice_coordinate_notation_is_lower_case_only():
    with pytest.raises(InvalidMoveError):
        Move.parse("F3F6")
    with pytest.raises(InvalidMoveError):
        Move.parse("e11e12Q")


def test_choice_a_promotion_restarts_the_half_move_clock():
    board = position("Ka1 Pe11", "Kl1", clock=40)
    board.play("e11e12r")
    assert board.halfmove_clock == 0
    assert parse_position(board.code()).halfmove_clock == 0
