"""Property tests over random games: every move played from the legal move list keeps the board
consistent, and never leaves the mover's king in check (rulings §4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from camblam import Board, Color, Kind, parse_position


def _count(board: Board) -> dict[Color, int]:
    pieces = board.pieces().values()
    return {c: sum(1 for p in pieces if p.color == c) for c in Color}


@settings(max_examples=12)
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_the_board_consistent(seed):
    rng = random.Random(seed)
    board = Board()
    for _ in range(rng.randint(20, 160)):
        moves = board.generate_legal_moves()
        assert len(moves) == len(set(moves)) == board.count_legal_moves()
        if not moves or board.outcome() is not None:
            break
        move = rng.choice(moves)
        before_text = board.code()
        before = _count(board)
        mover = board.turn
        effect = board.effect(move)
        piece = board.piece_at(move.from_square)
        board.push(move)
        # The mover's king is never left in check; each side keeps exactly one king.
        assert not board.is_attacked_by(board.turn, board.king(mover))
        assert board.king(Color.WHITE) is not None and board.king(Color.BLACK) is not None
        # Exactly the pieces the move took left the board, all of them the opponent's.
        after = _count(board)
        assert after[mover] == before[mover]
        assert after[mover.other] == before[mover.other] - len(effect.taken)
        # A shot leaves the archer where it stood; any other move lands the piece.
        if effect.shot:
            assert piece.kind == Kind.ARCHER and board.piece_at(move.from_square) == piece
            assert board.piece_at(move.to_square) is None
        else:
            landed = board.piece_at(move.to_square)
            assert landed.color == mover
            assert landed.kind == (move.promotion if move.promotion is not None else piece.kind)
        # The position text round-trips, and pop restores it.
        assert parse_position(board.code()).code() == board.code()
        board.pop()
        assert board.code() == before_text
        board.push(move)


@settings(max_examples=10)
@given(st.integers(0, 2**32 - 1))
def test_check_and_the_game_end_agree(seed):
    rng = random.Random(seed)
    board = Board()
    for _ in range(200):
        outcome = board.outcome()
        if outcome is not None:
            if outcome.termination.value == "checkmate":
                assert board.is_check() and not board.legal_moves and outcome.winner == board.turn.other
            elif outcome.termination.value == "stalemate":
                assert not board.is_check() and not board.legal_moves
            break
        in_check = board.is_check()
        assert in_check == bool(board.checkers())
        board.push(rng.choice(board.generate_legal_moves()))
