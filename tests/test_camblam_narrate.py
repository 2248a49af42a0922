"""What each move did, as data (camblam/narrate.py): moves, pieces taken, shots, promotions,
check and the end."""

from __future__ import annotations

import pytest

from camblam import Board, Color, IllegalMoveError, Move, Piece, describe_game, describe_move
from camblam import narrate
from camblam_helpers import position
from camblam.squares import A4, A5, A6, B3, B2, E2, E7, E11, E12, F3, F6


def test_a_plain_move_is_one_event():
    assert describe_move(Board(), Move.parse("f3f6")) == (
        narrate.Event(narrate.MOVE, color=Color.WHITE, piece=Piece.from_symbol("P"), square=F3, to=F6),
    )


def test_a_chain_capture_names_every_piece_taken_in_order():
    board = position("Kl1 Qa1", "Kk12 Pa4 Na5 Ra6 Pa7")
    events = describe_move(board, Move.parse("a1a6"))
    assert [e.kind for e in events] == ["move", "take", "take", "take"]
    assert [(e.piece.symbol(), e.square) for e in events[1:]] == [("p", A4), ("n", A5), ("r", A6)]
    assert board.code() == position("Kl1 Qa1", "Kk12 Pa4 Na5 Ra6 Pa7").code()  # left unchanged


def test_a_shot_is_a_shot_not_a_move():
    board = position("Kl1 Ae2", "Kl12 Be7")
    events = describe_move(board, Move.parse("e2e7"))
    assert events == (
        narrate.Event(narrate.SHOT, color=Color.WHITE, piece=Piece.from_symbol("A"), square=E2, to=E7),
        narrate.Event(narrate.TAKE, color=Color.WHITE, piece=Piece.from_symbol("b"), square=E7),
    )


def test_promotion_check_and_checkmate_are_events():
    board = position("Kl1 Pe11", "Kl12")
    events = describe_move(board, Move.parse("e11e12q"))
    assert [e.kind for e in events] == ["move", "promotion", "check"]
    assert events[1].piece == Piece.from_symbol("Q") and events[1].square == E12 and events[0].square == E11
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    events = describe_move(board, Move.parse("b3b2"))
    assert events[-2:] == (
        narrate.Event(narrate.CHECK, color=Color.WHITE, square=0),
        narrate.Event(narrate.END, color=Color.BLACK, termination="checkmate"),
    )
    assert events[0].square == B3 and events[0].to == B2


def test_an_illegal_move_is_refused_and_a_game_is_described_move_by_move():
    with pytest.raises(IllegalMoveError):
        describe_move(Board(), Move.parse("f3f7"))
    board = Board()
    board.play("f3f6")
    board.play("f10f7")
    assert [len(events) for events in describe_game(board)] == [1, 1]
    assert str(describe_game(board)[0][0]) == "move color=White piece=P square=f3 to=f6"
