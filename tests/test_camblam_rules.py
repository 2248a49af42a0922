"""One or more tests per ruling of camblam-rulings.md (the section is in each test's name)."""

from __future__ import annotations

import pytest

from camblam import (
    ARMY, START_TEXT, Board, Color, IllegalMoveError, Kind, Move, Termination, parse_square, square_name,
)
from camblam_helpers import position, targets, texts


def sq(name: str) -> int:
    return parse_square(name)


# ---------------------------------------------------------------- §1 board, pieces, start
def test_s1_board_is_12_by_12_with_files_a_to_l_and_ranks_1_to_12():
    assert square_name(0) == "a1" and square_name(11) == "l1" and square_name(143) == "l12"
    assert square_name(sq("f12")) == "f12" and square_name(sq("l10")) == "l10"
    with pytest.raises(ValueError):
        parse_square("m1")
    with pytest.raises(ValueError):
        parse_square("a13")


def test_s1_opening_position_is_the_rulings_table():
    board = Board()
    assert board.code() == START_TEXT
    assert START_TEXT == ("rnbhaqkahbnr/cncncaacncnc/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/"
                          "CNCNCAACNCNC/RNBHAQKAHBNR w 0 1")
    back, second = "RNBHAQKAHBNR", "CNCNCAACNCNC"
    for f, file in enumerate("abcdefghijkl"):
        assert board.piece_at(sq(f"{file}1")).symbol() == back[f]
        assert board.piece_at(sq(f"{file}2")).symbol() == second[f]
        assert board.piece_at(sq(f"{file}3")).symbol() == "P"
        assert board.piece_at(sq(f"{file}12")).symbol() == back[f].lower()
        assert board.piece_at(sq(f"{file}11")).symbol() == second[f].lower()
        assert board.piece_at(sq(f"{file}10")).symbol() == "p"


def test_s1_each_side_has_36_pieces_of_the_listed_kinds():
    pieces = Board().pieces().values()
    for color in Color:
        mine = [p for p in pieces if p.color == color]
        assert len(mine) == 36 == sum(ARMY.values())
        for kind, n in ARMY.items():
            assert sum(1 for p in mine if p.kind == kind) == n


def test_s1_white_moves_first_and_sides_alternate():
    board = Board()
    assert board.turn == Color.WHITE
    board.play("f3f6")
    assert board.turn == Color.BLACK
    board.play("f10f7")
    assert board.turn == Color.WHITE and board.fullmove_number == 2


# ---------------------------------------------------------------- §2 chains
def test_s2_chain_capture_takes_one_up_to_all_and_lands_on_the_last_taken():
    board = position("Kl1 Qa1", "Ka12 Pa4 Na5 Ra6")
    assert {"a2", "a3", "a4", "a5", "a6"} <= targets(board, "a1")
    assert "a7" not in targets(board, "a1")
    board.play("a1a6")
    assert board.piece_at(sq("a6")).symbol() == "Q"
    assert board.piece_at(sq("a4")) is None and board.piece_at(sq("a5")) is None
    assert board.halfmove_clock == 0


def test_s2_chain_takes_exactly_the_chosen_number():
    board = position("Kl1 Qa1", "Ka12 Pa4 Na5 Ra6")
    board.play("a1a5")
    assert board.piece_at(sq("a6")).symbol() == "r" and board.piece_at(sq("a4")) is None
    assert board.piece_at(sq("a5")).symbol() == "Q"


def test_s2_chain_ends_at_an_empty_square_own_piece_or_edge():
    # Seed's catapult diagram: a gap stops the chain.
    board = position("Kl1 Ca1", "Ka12 Pa4 Na6")
    assert targets(board, "a1") == {"a2", "a3", "a4", "b1"}
    board = position("Kl1 Ca1 Pa6", "Kl12 Pa4 Na5")
    assert targets(board, "a1") == {"a2", "a3", "a4", "a5", "b1"}
    board = position("Kl1 Ca9", "Kl12 Pa10 Na11 Ra12")
    assert {"a10", "a11", "a12"} <= targets(board, "a9")


def test_s2_moving_never_passes_over_a_piece():
    board = position("Kl1 Ra1 Pa3", "Kl12")
    assert targets(board, "a1") & {"a4", "a5"} == set()


# ---------------------------------------------------------------- §3 pawn
def test_s3_pawn_moves_one_two_or_three_every_time():
    board = position("Kl1 Pe5", "Kl12")
    assert targets(board, "e5") == {"e6", "e7", "e8"}
    board = position("Kl1", "Kl12 Pe5", turn="b")
    assert targets(board, "e5") == {"e4", "e3", "e2"}


def test_s3_pawn_moves_through_empty_squares_onto_an_empty_square():
    board = position("Kl1 Pe5", "Kl12 Pe7")
    assert targets(board, "e5") == {"e6"}
    board = position("Kl1 Pe5 Ne8", "Kl12")
    assert targets(board, "e5") == {"e6", "e7"}


def test_s3_pawn_captures_one_square_diagonally_forward_only():
    board = position("Kl1 Pe5", "Kl12 Pd6 Pf6 Pd4 Pe6")
    assert targets(board, "e5") == {"d6", "f6"}


def test_s3_no_en_passant():
    board = position("Kl1 Pe7", "Kl12 Pd10")
    board.push(Move.parse("e7e6"))  # white waits
    board = position("Kl1 Pe7", "Kl12 Pd10", turn="b")
    board.play("d10d7")
    assert targets(board, "e7") == {"e8", "e9", "e10"}


def test_s3_promotion_is_obligatory_with_seven_choices():
    board = position("Kl1 Pe10", "Ka12")
    moves = {m.text() for m in board.generate_legal_moves(sq("e10"))}
    assert {m for m in moves if m.startswith("e10e12")} == {f"e10e12{p}" for p in "qrbncah"}
    assert "e10e12" not in moves and "e10e12k" not in moves and "e10e12p" not in moves
    assert "e10e11" in moves
    with pytest.raises(IllegalMoveError, match="must be promoted"):
        board.play("e10e12")


def test_s3_promotion_by_capture_and_not_limited_by_pieces_taken():
    board = position("Kl1 Qb2 Pe11", "Ka12 Rd12")
    board.play("e11d12q")
    assert board.piece_at(sq("d12")).symbol() == "Q"
    assert sum(1 for p in board.pieces().values() if p.symbol() == "Q") == 2


def test_s3_black_promotes_on_rank_1():
    board = position("Kl12", "Ka12 Pc2", turn="b")
    board.play("c2c1h")
    assert board.piece_at(sq("c1")).symbol() == "h"


# ---------------------------------------------------------------- §3 knight
def test_s3_knight_has_8_chess_and_16_long_leaps_on_an_open_board():
    board = position("Ka12 Nf6", "Kl1")
    assert targets(board, "f6") == {
        "e8", "g8", "e4", "g4", "d7", "h7", "d5", "h5",  # chess knight
        "i10", "j9", "j11", "k10", "c10", "b9", "b11", "a10",  # long leaps upwards
        "i2", "j3", "j1", "k2", "c2", "b3", "b1", "a2",  # and downwards
    }


def test_s3_the_leap_tables_are_the_leaps_turned_round_and_the_lines():
    from camblam import attacks as tables
    n = 144
    leaps = tables.KNIGHT_LEAPS
    # every leap landing on a square, by start square, each start's leaps in order
    assert tables.KNIGHT_SOURCES == tuple(
        tuple((s, passed) for s in range(n) for t, passed in leaps[s] if t == target) for target in range(n))
    assert sum(map(len, leaps)) == sum(map(len, tables.KNIGHT_SOURCES))
    assert {square_name(t) for t, _ in leaps[sq("f6")]} == targets(position("Ka12 Nf6", "Kl1"), "f6")
    file, rank = (lambda s: s % 12), (lambda s: s // 12)
    assert tables.ALIGNED == tuple(
        bytes(1 if file(a) == file(b) or rank(a) == rank(b) or abs(file(a) - file(b)) == abs(rank(a) - rank(b)) else 0
              for b in range(n))
        for a in range(n))


def test_s3_knight_leap_is_barred_by_its_own_piece_passed_over():
    # Chess knight (1, 2) passes (0, 1); (2, 1) passes (1, 0).
    board = position("Ka12 Nf6 Pf7 Pg6", "Kl1")
    t = targets(board, "f6")
    assert "e8" not in t and "g8" not in t and "h7" not in t and "h5" not in t
    assert {"d7", "d5", "e4", "g4"} <= t
    # A long leap is barred by its own piece on any of the four diagonal squares, even (4, 4).
    board = position("Ka12 Nf6 Pj10", "Kl1")
    t = targets(board, "f6")
    assert "i10" not in t and "j9" not in t and "j11" not in t and "k10" not in t
    assert "c10" in t


def test_s3_knight_passes_over_enemy_pieces_without_taking_them():
    board = position("Ka12 Nf6", "Kl1 Pf7 Pg7 Ph8 Pi9 Pj10")
    t = targets(board, "f6")
    assert {"e8", "g8", "i10", "j9", "j11", "k10"} <= t
    board.play("f6j11")
    assert board.piece_at(sq("h8")).symbol() == "p" and board.piece_at(sq("j10")).symbol() == "p"


def test_s3_knight_leap_barred_when_a_passed_square_is_off_the_board():
    # From c2 the (3, 4) leap lands on f6, but its (4, 4) square g6 is on the board: allowed.
    # From h1 the (3, 4) leap to k5 passes l5: on; the (4, 3) leap to l4 passes (4, 4) = l5: on.
    # From i1 the (3, 4) leap to l5 passes (4, 4) = m5, off the board: barred.
    board = position("Ka12 Ni1", "Kl12")
    assert "l5" not in targets(board, "i1")
    board = position("Ka12 Nh1", "Kl12")
    assert "k5" in targets(board, "h1") and "l4" in targets(board, "h1")


def test_s3_knight_captures_the_single_enemy_on_its_target():
    board = position("Ka12 Nf6", "Kl1 Pg8 Pg9")
    board.play("f6g8")
    assert board.piece_at(sq("g9")).symbol() == "p" and board.piece_at(sq("g8")).symbol() == "N"


# ---------------------------------------------------------------- §3 catapult
def test_s3_catapult_slides_up_and_down_its_file_and_steps_sideways():
    board = position("Ka12 Cf6", "Kl1")
    assert targets(board, "f6") == {f"f{r}" for r in range(1, 13) if r != 6} | {"e6", "g6"}


def test_s3_catapult_steps_sideways_capturing_one_only():
    board = position("Ka12 Cf6", "Kl1 Pg6 Ph6")
    assert {"g6"} <= targets(board, "f6") and "h6" not in targets(board, "f6")
    board.play("f6g6")
    assert board.piece_at(sq("h6")).symbol() == "p"


def test_s3_catapult_captures_a_chain_along_its_file():
    board = position("Ka12 Cf6", "Kl1 Pf8 Nf9 Rf10")
    board.play("f6f10")
    assert all(board.piece_at(sq(s)) is None for s in ("f8", "f9", "f6"))
    assert board.piece_at(sq("f10")).symbol() == "C"


# ---------------------------------------------------------------- §3 archer
def test_s3_archer_moves_as_a_queen_onto_empty_squares_only():
    board = position("Ka12 Af6", "Kl1 Pf12")
    t = targets(board, "f6")
    assert "f11" in t and "f12" not in t  # f12 is out of range (6 squares): no shot
    assert "a1" in t and "l12" in t and "a11" in t


def test_s3_archer_shoots_the_nearest_enemy_within_five_without_moving():
    board = position("Ka12 Af6", "Kl1 Pf11 Bd8")
    t = targets(board, "f6")
    assert "f11" in t and "d8" in t and "f12" not in t
    board.play("f6d8")  # the shot
    assert board.piece_at(sq("d8")) is None and board.piece_at(sq("f6")).symbol() == "A"
    assert board.halfmove_clock == 0


def test_s3_archer_range_is_five_squares():
    board = position("Ka12 Af1", "Kl1 Pf7")
    assert "f7" not in targets(board, "f1") and "f6" in targets(board, "f1")
    board = position("Ka12 Af1", "Kl1 Pf6")
    assert "f6" in targets(board, "f1")


def test_s3_archer_cannot_shoot_over_a_piece():
    # Seed: it may shoot the bishop or the pawn, not the rook or prince shielded behind them.
    board = position("Ka12 Af6", "Kl1 Pf7 Bg7 Rh8 Nf9")
    t = targets(board, "f6")
    assert "f7" in t and "g7" in t and "h8" not in t and "f9" not in t
    board = position("Ka12 Af6 Pf7", "Kl1 Pf8")
    assert "f8" not in targets(board, "f6")


# ---------------------------------------------------------------- §3 rook, bishop, queen, king
def test_s3_rook_slides_orthogonally_with_chains_and_steps_one_diagonally():
    board = position("Ka12 Rf6", "Kl1 Pg7 Ph8 Pf8 Pf9")
    t = targets(board, "f6")
    assert {"g7", "e7", "g5", "e5", "f7", "f8", "f9", "a6", "l6", "f1"} <= t
    assert "h8" not in t and "f10" not in t
    board.play("f6f9")
    assert board.piece_at(sq("f8")) is None


def test_s3_bishop_slides_diagonally_with_chains_and_steps_one_orthogonally():
    board = position("Ka12 Bf6", "Kl3 Pf7 Pf8 Pg7 Ph8 Pi9")
    t = targets(board, "f6")
    assert {"f7", "e6", "g6", "f5", "g7", "h8", "i9", "a1"} <= t and "f8" not in t
    board.play("f6i9")
    assert all(board.piece_at(sq(s)) is None for s in ("g7", "h8"))


def test_s3_queen_slides_in_eight_directions_with_chains():
    board = position("Ka12 Qf6", "Kl1 Pf8 Nf9 Rf10 Ch6")
    t = targets(board, "f6")
    assert {"f7", "f8", "f9", "f10", "g6", "h6", "a1", "k11", "a11"} <= t and "f11" not in t and "i6" not in t


def test_s3_king_steps_one_square_and_there_is_no_castling():
    board = position("Kg1 Rl1 Ra1", "Kk12")
    assert targets(board, "g1") == {"f1", "h1", "f2", "g2", "h2"}


# ---------------------------------------------------------------- §3 prince
def test_s3_prince_moves_in_two_legs_and_can_reach_far_squares():
    board = position("Ka12 Hf1", "Kl12 Pk12 Pk11 Pl11")  # the black king walled in by its pawns
    t = targets(board, "f1")
    # orthogonal only, diagonal only, and the two legs (f1-f3, then diagonally to c6)
    assert {"f12", "a1", "l1", "a6", "k6", "c6", "l10", "k11", "k12", "l11"} <= t
    assert len(t) == 144 - 3  # every square but its own and the two kings'


def test_s3_prince_captures_one_piece_and_a_piece_met_blocks():
    # Hemmed in by its own pawns, the prince on a1 has one corner, a2; a3 blocks the file.
    board = position("Kc12 Ha1 Pb1 Pb2", "Kl12 Pa3 Pa4")
    t = targets(board, "a1")
    assert t == {"a2", "a3"} | {f"{'bcdefghijkl'[i]}{i + 3}" for i in range(10)}
    board.play("a1a3")
    assert board.piece_at(sq("a4")).symbol() == "p" and board.piece_at(sq("a3")).symbol() == "H"


def test_s3_prince_different_paths_to_one_square_are_one_move():
    board = position("Ka12 Hf1", "Kl12 Pk12 Pk11 Pl11")
    to_e3 = [m for m in board.generate_legal_moves(sq("f1")) if m.to_square == sq("e3")]
    assert len(to_e3) == 1


def test_s3_prince_corner_must_be_empty():
    # f2 occupied by its own pawn: up the file is closed, so c5 (f2, then up-left) needs
    # another path: along rank 1 to c1 and... c5 is straight up from c1 only; so e.g. g3 via f2 is not possible.
    board = position("Ka12 Hf1 Pf2 Pe1 Pg1", "Kl12")
    t = targets(board, "f1")
    assert t == {"e2", "d3", "c4", "b5", "a6", "g2", "h3", "i4", "j5", "k6", "l7"}


# ---------------------------------------------------------------- §4 check and the end
def test_s4_check_by_a_chain_capture_that_reaches_the_king():
    board = position("Kf1 Pf3", "Ka12 Rf12 Pf2", turn="w")
    # Black's rook would take f3, f2? No: f3 is White's, f2 is Black's; the chain from f12 meets f3
    # (White) then f2 is Black's own piece: the chain stops. Not check.
    assert not board.is_check()
    board = position("Kf1 Pf2 Pf3", "Ka12 Rf12", turn="w")
    assert board.is_check()  # f3, f2 and the king are one chain


def test_s4_check_by_an_archer_shot():
    board = position("Kf1", "Ka12 Af6", turn="w")
    assert board.is_check()
    board = position("Kf1", "Ka12 Af7", turn="w")
    assert not board.is_check()


def test_s4_a_pinned_piece_still_gives_check():
    # Black's rook on e5 is pinned to its king on e12 by White's rook on e1: it still checks a5.
    board = position("Ka5 Re1", "Ke12 Re5", turn="w")
    assert board.is_check()


def test_s4_a_move_may_not_leave_the_king_in_check():
    board = position("Kf1 Nf2", "Ka12 Rf12", turn="w")
    # The knight on f2 shields the king only as a gap-free chain: f2 and f1 are adjacent, so the
    # rook already checks both: the king must move.
    assert board.is_check()
    assert all(board.piece_at(m.from_square).kind == Kind.KING for m in board.generate_legal_moves())


def test_s4_filling_a_gap_can_put_ones_own_king_in_check():
    # Rook f12, white pawn f4, empty f3, white king f2... no: king f1, pawn f3, empty f2.
    board = position("Kf1 Pf3 Ne4", "Ka12 Rf12", turn="w")
    assert not board.is_check()
    assert "e4f2" not in texts(board)  # f3, f2, f1 would make one chain


def test_s4_checkmate_loses():
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    board.play("b3b2")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.CHECKMATE
    assert outcome.winner == Color.BLACK and board.is_checkmate()


def test_s4_stalemate_draws():
    board = position("Ka1", "Kd4 Nc3 Rl3", turn="b")
    board.play("l3l2")  # a2 and b2 covered by the rook, b1 by the knight
    assert not board.is_check()
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.STALEMATE and outcome.winner is None


def test_s4_threefold_repetition_draws_at_once():
    board = position("Ka1 Rl1", "Ka12 Rl12")
    for _ in range(2):
        board.play("l1k1")
        board.play("l12k12")
        board.play("k1l1")
        assert board.outcome() is None
        board.play("k12l12")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.REPETITION
    assert board.repetitions() == 3
    assert len(board.legal_moves) > 0  # the list never shrinks because of the draw rules
    with pytest.raises(IllegalMoveError, match="game is over"):
        board.play("l1k1")


def test_s4_hundred_half_moves_without_capture_shot_or_pawn_move_draw():
    board = position("Ka1 Rl1 Pc5", "Ka12 Rl12", clock=99)
    board.play("l1k1")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.MOVE_RULE
    board = position("Ka1 Rl1 Pc5", "Ka12 Rl12", clock=99)
    board.play("c5c6")
    assert board.halfmove_clock == 0 and board.outcome() is None


def test_s4_checkmate_decides_before_the_hundred_move_rule():
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b", clock=99)
    board.play("b3b2")
    assert board.outcome().termination == Termination.CHECKMATE


def test_s4_only_the_two_kings_left_draws():
    board = position("Ka1 Ab1", "Kl12 Rb6", turn="w")
    board.play("b1b6")  # the archer shoots the last black piece; the archer stays
    assert board.outcome() is None  # White's archer remains
    board = position("Ka1", "Kl12 Rb2", turn="w")
    board.play("a1b2")
    assert board.outcome().termination == Termination.BARE_KINGS


def test_s4_resignation_and_agreement():
    board = Board()
    board.resign(Color.WHITE)
    assert board.outcome().winner == Color.BLACK and board.outcome().termination == Termination.RESIGNATION
    board = Board()
    board.agree_draw()
    assert board.outcome().termination == Termination.AGREEMENT and board.outcome().winner is None
