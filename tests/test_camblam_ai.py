"""The Camblam computer players (camblam/ai.py): legal moves at every level, mates and free
pieces found, the search run in slices gives the same move as in one go."""

from __future__ import annotations

import dataclasses
import random

import pytest

from camblam import Board, Move, Termination
from camblam.ai import LEVEL_NAMES, LEVELS, SLICE_NODES, Level, Search, accepts_draw, choose_move, evaluate
from camblam_helpers import position


def _midgame(seed: int = 4, plies: int = 24) -> Board:
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        board.push(rng.choice(board.generate_legal_moves()))
    return board


def test_levels_are_frozen_typed_values():
    assert set(LEVELS) == {"easy", "normal", "hard"} and LEVEL_NAMES[0] == "random"
    assert all(isinstance(level, Level) for level in LEVELS.values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        LEVELS["hard"].max_depth = 9  # type: ignore[misc]
    assert LEVELS["easy"].max_depth < LEVELS["normal"].max_depth < LEVELS["hard"].max_depth
    with pytest.raises(ValueError, match="unknown level"):
        Search(Board(), "expert", 1)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_plays_a_legal_move(level):
    for board in (Board(), _midgame()):
        move = choose_move(board, level, 3, max_nodes=300)
        assert board.is_legal(move)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_finds_a_mate_in_one(level):
    board = position("Ka1", "Kc2 Qb3 Rl12", turn="b")
    move = choose_move(board, level, 1, max_nodes=2000)
    board.push(move)
    assert board.outcome() is not None and board.outcome().termination == Termination.CHECKMATE


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_a_free_queen_and_a_chain(level):
    board = position("Kl1 Ra1 Pk2 Pl2", "Kl12 Qa8 Pa9 Pk11 Pl11")
    move = choose_move(board, level, 1, max_nodes=2000)
    assert move.from_square == Move.parse("a1a8").from_square and Move.parse("a1a8").to_square in board.effect(move).taken
    board = position("Kl1 Ae2 Pk2 Pl2", "Kl12 Qe7 Pk11 Pl11")
    assert choose_move(board, level, 1, max_nodes=2000) == Move.parse("e2e7")  # the shot


def test_search_in_slices_gives_the_same_move_as_in_one_go():
    board = _midgame(seed=8, plies=30)
    whole = Search(board, "hard", 5, max_nodes=600).run()
    search = Search(board, "hard", 5, max_nodes=600)
    slices = 0
    while not search.step(0.5):
        slices += 1
        assert board.is_legal(search.best_move())  # a legal move is ready at every slice
    assert search.best_move() == whole and slices >= 1
    assert board.code() == _midgame(seed=8, plies=30).code()  # the board given is not touched


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_only_legal_moves_over_random_games(level):
    # The level plays one side, a random mover the other, from random openings: every move the
    # search returns is in the legal move list, and the board stays consistent after it.
    for game in range(3):
        rng = random.Random(game)
        board = Board()
        for _ in range(rng.randint(0, 30)):
            board.push(rng.choice(board.generate_legal_moves()))
        for ply in range(30):
            if board.outcome() is not None:
                break
            if ply % 2 == 0:
                move = choose_move(board, level, game * 100 + ply, max_nodes=400)
                assert move in board.generate_legal_moves(), (board.code(), move)
            else:
                move = rng.choice(board.generate_legal_moves())
            before = board.code()
            board.push(move)
            assert Board.from_code(board.code()).code() == board.code()
            board.pop()
            assert board.code() == before
            board.push(move)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_node_budget_alone_gives_the_same_move_every_time(level):
    for seed, plies in ((4, 24), (11, 40)):
        board = _midgame(seed=seed, plies=plies)
        first = Search(board, level, 7, max_nodes=700)
        again = Search(board, level, 7, max_nodes=700)
        assert first.run() == again.run() and first.nodes == again.nodes


@pytest.mark.parametrize("limit", [0.0, 0.001, 0.05])
def test_a_time_limit_stops_the_search_with_a_legal_move(limit):
    board = _midgame(seed=2, plies=30)
    search = Search(board, "hard", 1, max_nodes=10**9, time_limit=limit)
    move = search.run()
    assert board.is_legal(move) and search.done
    if limit == 0.0:
        assert search.nodes <= SLICE_NODES  # stopped at the first look at the clock, in depth 1


def test_the_levels_time_limit_applies_unless_a_node_budget_is_given_alone():
    board = _midgame(seed=2, plies=30)
    assert all(0 < level.time_limit <= 3.0 for level in LEVELS.values())
    expired = dataclasses.replace(LEVELS["hard"], max_nodes=10**9, time_limit=0.0)
    search = Search(board, expired, 1)  # as the app searches: the level's limits
    assert board.is_legal(search.run()) and search.nodes <= SLICE_NODES
    search = Search(board, expired, 1, max_nodes=500)  # the deterministic mode: no clock
    assert board.is_legal(search.run()) and search.nodes > 500 and search.depth_done >= 1


def test_the_quiescence_captures_are_the_legal_captures():
    # Board.pseudo_captures filtered by Board.keeps_king_safe (what the quiescence plays) lists
    # the same moves as legal_raw(captures=True), over random games.
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        board = Board()
        for _ in range(150):
            if board.outcome() is not None:
                break
            lazy = [raw for raw in board.pseudo_captures() if board.keeps_king_safe(raw)]
            assert sorted(lazy) == sorted(board.legal_raw(captures=True)), board.code()
            assert sorted(board.legal_raw(captures=True)) == sorted(raw for raw in board.legal_raw() if raw[2])
            checked += bool(lazy)
            board.push(rng.choice(board.generate_legal_moves()))
    assert checked > 100


def test_a_finished_game_has_no_move_and_the_evaluation_is_symmetric():
    board = position("Ka1", "Kc2 Qb2 Rl12")
    assert board.outcome() is not None
    with pytest.raises(ValueError, match="game is over"):
        Search(board, "hard", 1).best_move()
    assert evaluate(Board()) == pytest.approx(0.0)
    board = Board()
    board.play("f3f6")  # White's pawn advanced, Black to move; and the mirror image, White to move
    mirrored = Board.from_code("rnbhaqkahbnr/cncncaacncnc/ppppp1pppppp/12/12/5p6/12/12/12/PPPPPPPPPPPP/CNCNCAACNCNC/RNBHAQKAHBNR w 0 1")
    assert evaluate(board) == pytest.approx(evaluate(mirrored)) and evaluate(board) < 0


def test_accepts_a_draw_only_when_not_ahead():
    board = position("Kl1 Qa1", "Kl12", turn="b")
    assert not accepts_draw(board, board.turn.other, "hard") and accepts_draw(board, board.turn, "hard")
