"""Perft from the opening position, cross-checked by an independent slow generator written from
the rulings' text (tests/camblam_reference.py), and the move lists of positions from random games
compared with it."""

from __future__ import annotations

import random
from collections import Counter

import camblam_reference as reference
from camblam import Board, Kind

#: Perft from the opening position (docs/camblam.md).
PERFT = {1: 36, 2: 1296, 3: 53242}


def test_perft_from_the_start_depths_1_to_3():
    board = Board()
    for depth, count in PERFT.items():
        assert board.perft(depth) == count
    assert board.code() == Board().code()


def test_perft_depths_1_and_2_agree_with_the_reference_generator():
    pos, side = reference.position(Board())
    assert reference.perft(pos, side, 1) == PERFT[1]
    assert reference.perft(pos, side, 2) == PERFT[2]


def test_first_moves_by_piece_kind():
    board = Board()
    kinds = Counter(board.piece_at(m.from_square).kind for m in board.generate_legal_moves())
    assert kinds == {Kind.PAWN: 36}  # every other piece is walled in by its own pawns


def test_second_white_move_counts_by_piece_kind():
    # After f3f6 f10f7 the f-pawn is blocked, and the archers behind the opened file get moves.
    board = Board()
    board.play("f3f6")
    board.play("f10f7")
    kinds = Counter(board.piece_at(m.from_square).kind for m in board.generate_legal_moves())
    pos, side = reference.position(board)
    assert sum(kinds.values()) == len(reference.legal_moves(pos, side))
    assert kinds[Kind.PAWN] == 33 and kinds[Kind.ARCHER] > 0 and kinds[Kind.QUEEN] == 0


def _sample_positions(games: int, plies: int, every: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = Board()
        for ply in range(plies):
            moves = board.generate_legal_moves()
            if not moves or board.outcome() is not None:
                break
            if ply % every == every - 1:
                out.append(board.copy(stack=False))
            board.push(rng.choice(moves))
    return out


def test_move_lists_and_check_agree_with_the_reference_in_random_games():
    positions = _sample_positions(games=3, plies=120, every=12, seed=2026)
    assert len(positions) >= 20
    for board in positions:
        pos, side = reference.position(board)
        assert sorted(m.text() for m in board.generate_legal_moves()) == sorted(reference.legal_moves(pos, side)), board.code()
        assert board.is_check() == reference.in_check(pos, side), board.code()


def test_perft_2_agrees_with_the_reference_in_a_middle_game():
    board = _sample_positions(games=1, plies=13, every=12, seed=7)[0]
    pos, side = reference.position(board)
    assert board.perft(2) == reference.perft(pos, side, 2)
