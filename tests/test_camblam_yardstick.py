"""The Camblam yardstick (bench/camblam_yardstick.py): what it is said to be — two plies of
alpha-beta with a capture quiescence over material — so that the figures measured against it mean
what docs/camblam.md says."""

from __future__ import annotations

from bench.camblam_yardstick import Greedy, Yardstick, material
from camblam import Board, Move, Termination
from camblam_helpers import position


def test_it_mates_in_one_and_takes_a_free_queen():
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    board.push(Yardstick(1).choose(board))
    assert board.outcome().termination == Termination.CHECKMATE
    board = position("Kl1 Ra1 Pk2 Pl2", "Kl12 Qa8 Pa9 Pk11 Pl11")
    queen = Move.parse("a1a8").to_square
    for player in (Yardstick(1), Greedy(1)):
        assert queen in board.effect(player.choose(board)).taken  # the chain a8 (and a9)


def test_the_quiescence_sees_the_recapture_two_plies_do_not():
    # White's rook may take a pawn guarded by a knight: the greedy player takes it, the yardstick's
    # quiescence sees the knight take the rook back, so it does not.
    board = position("Kl1 Rd1 Pk2 Pl2", "Kl12 Pd9 Nc11 Pk11 Pl11")
    assert Greedy(3).choose(board) == Move.parse("d1d9")
    assert Yardstick(3).choose(board) != Move.parse("d1d9")


def test_material_is_for_the_side_to_move():
    assert material(position("Kl1 Qb1", "Kl12")) == 10.0
    assert material(position("Kl1 Qb1", "Kl12", turn="b")) == -10.0
    assert material(Board()) == 0.0
