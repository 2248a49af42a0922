"""The ``expert`` level (djambi.ai): a level players can pick, wider and deeper than ``hard``,
that knows every rule option (``come-back``: out is not lost; ``skips``: no pass left is nearly
out; two-by-two and ``reporter=all`` through the move generator and the threat scan), plays legal
moves under each preset and option, and works in small slices. No test asserts a timing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from djambi import Board, Move, Turn
from djambi.ai import LEVELS, OPPONENT, SETTINGS, SLICE_NODES, WIN, Search, evaluate
from djambi.rules import PRESETS, Rules
from test_rules_options import pos

#: Green's chief on A1 walled in by corpses but for A2's militant ... (tests/test_rules_options.py):
#: Red's D9-D8 lets the wall close; under ``come-back`` he goes out, alive.
OUT_RING = "A9=rC I9=bC I1=yC A1=gC B1=xM B2=xM A2=xM D9=rM C3=gM B7=rN"


class Quick(Search):
    """``expert``'s search with small budgets (same code paths, fewer nodes): tests stay fast."""

    levels = {"expert": dataclasses.replace(SETTINGS["expert"], nodes=250, follow_nodes=80,
                                            duel_nodes=400, cap=1500)}


def test_expert_is_a_level_past_hard() -> None:
    assert LEVELS[-1] == "expert" and "expert" in SETTINGS
    hard, expert = SETTINGS["hard"], SETTINGS["expert"]
    assert expert.lookahead > hard.lookahead and expert.follow_nodes > hard.follow_nodes
    assert expert.nodes > hard.nodes and expert.cap > hard.cap
    # Only expert knows the come-back and skips options: the other levels play as before.
    assert expert.comeback > 0 and all(SETTINGS[lv].comeback == 0 for lv in ("easy", "normal", "hard"))


def test_an_opponent_out_is_not_eliminated_under_come_back() -> None:
    board = pos(OUT_RING, rules="come-back=allowed")
    board.play("D9-D8")
    assert board.out_players == [3]
    plain = evaluate(board, 0)
    knows = evaluate(board, 0, options=SETTINGS["expert"].comeback)
    assert knows == pytest.approx(plain - SETTINGS["expert"].comeback * OPPONENT)
    # Without the option Green perishes: nothing left to count.
    never = pos(OUT_RING)
    never.play("D9-D8")
    assert not never.out_players
    assert evaluate(never, 0, options=SETTINGS["expert"].comeback) == evaluate(never, 0)


def test_the_root_player_out_is_not_a_lost_game_under_come_back() -> None:
    # Red's chief walled in on A9 (out, alive), Blue to move: what the search's leaves say.
    out = pos("A9=rC B9=xM B8=xM A8=xM I9=bC I1=yC A1=gC E3=bM", control="Rbyg", turn="b",
              rules="come-back=allowed")
    assert out.out_players == [0]
    expert = Search(Board(rules=Rules.parse("come-back=allowed")), "expert", 1)
    hard = Search(Board(rules=Rules.parse("come-back=allowed")), "hard", 1)
    assert expert.root == hard.root == 0
    expert.board = out
    hard.board = out
    assert -WIN < expert._static() < -WIN / 2  # nearly lost, not lost
    assert hard._static() == -WIN  # hard plays as before


def test_a_player_with_no_move_and_no_pass_left_is_nearly_out_under_skips() -> None:
    # Green's chief in the corner behind his own militants, which corpses box in: Green has no
    # move. With his one pass (skips=1) spent, his next turn eliminates him.
    placed = "A9=rC I9=bC I1=yC A1=gC A2=gM B1=gM B2=gM A3=xM B3=xM C3=xM C2=xM C1=xM E5=rM"
    spent = pos(placed, rules="skips=1", passes=(0, 0, 0, 1))
    left = pos(placed, rules="skips=1")
    spent.set_turn(Turn.regular(3))
    assert [str(m) for m in spent.generate_legal_moves()] == ["pass"]  # his only move
    spent.set_turn(Turn.regular(0))
    share = SETTINGS["expert"].comeback
    assert evaluate(spent, 0, options=share) == pytest.approx(evaluate(spent, 0) + OPPONENT * share)
    assert evaluate(left, 0, options=share) == pytest.approx(evaluate(left, 0))  # a pass left
    assert evaluate(spent, 0, options=0.0) == evaluate(left, 0, options=0.0)  # hard: blind to it


#: Every preset and every option value that is not a preset's, some together.
RULE_SETS = [*PRESETS, "reporter=all", "reporter=all,kill-own=except-chief", "come-back=allowed",
             "walled-in=strict,come-back=allowed", "walled-in=loose", "skips=0",
             "provocateur-own=vassals,kill-own=vassals", "players=3,reporter=all",
             "players=2x2,reporter=all,come-back=allowed"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_expert_plays_legal_moves_under_every_rule_set(name: str) -> None:
    rules = Rules.parse(name)
    for seed in range(3):  # a few positions per rule set: opening, middle game, late
        rnd = random.Random(500 + seed)
        board = Board(rules=rules)
        depth = (4, 40, 110)[seed]
        while not board.is_game_over() and len(board.move_stack) < depth:
            board.push(rnd.choice(board.generate_legal_moves()))
        while board.is_game_over():
            board.pop()
        game = board.copy(stack=False)
        for ply in range(2):
            if game.is_game_over():
                break
            move = Quick(game, "expert", seed * 10 + ply).run()
            assert move in game.generate_legal_moves(), (name, game.code(), move)
            game.push(move)


def test_expert_works_in_small_slices_and_stops_at_once() -> None:
    rnd = random.Random(3)
    board = Board()
    while len(board.move_stack) < 30:
        board.push(rnd.choice(board.generate_legal_moves()))
    search = Search(board, "expert", 1)
    before = search.nodes
    for _ in range(50):  # a slice of no time does a few nodes of work, then hands back
        search.step(0)
        assert search.nodes - before <= 40 * SLICE_NODES
        before = search.nodes
    assert board.is_legal(search.best_move())  # stopped here: a legal move to play
