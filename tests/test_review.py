"""Reviewing a game (issue 39, point 3): the game-neutral decisions (``gamekit.review``), and whole
games of both engines reviewed, checked against the engines' own analysis: each series point is
the outlook on the board after the engine's move, each mistake's better move is the engine's own
choice at that position, and its loss is what the series and that move's outlook say."""

from __future__ import annotations

import json

import pytest

import camblam
import djambi
from camblam.ai import review as camblam_review
from camblam.ai.search import choose_move as camblam_choose
from djambi.ai import choose_move
from djambi.ai import review as djambi_review
from djambi.rules import PRESETS
from gamekit.review import (BLUNDER, MISTAKE, TURN_DROP, Mistake, PlyReview, Review, Reviewer, TurningPoint,
                            mistakes, turning_points)

#: Small per-position budgets: a whole game in a few seconds.
DJAMBI_NODES = 300
CAMBLAM_NODES = 200


def _djambi_game(seed: int = 6, rules=None, limit: int = 300) -> djambi.Board:
    """A whole game of four ``easy`` players (seed 6: 64 plies)."""
    board = djambi.Board(rules=rules)
    while not board.is_game_over() and board.ply < limit:
        board.push(choose_move(board, "easy", seed * 1000 + board.ply))
    return board


def _camblam_game() -> camblam.Board:
    """A whole game of two ``easy`` players with a node budget (35 plies, White mates)."""
    board = camblam.Board()
    while board.outcome() is None:
        board.push(camblam_choose(board, "easy", len(board.move_stack), max_nodes=300))
    return board


def _ply(mover, played, best, outlook, best_outlook) -> PlyReview:
    return PlyReview(mover, played, best, tuple(outlook), tuple(best_outlook))


# -- the decisions, on hand-made reviews

def test_turning_points_are_the_largest_falls_in_game_order():
    review = Review("camblam", "hard", 10, (0.5, 0.5), (
        _ply(0, "a", "a", (0.52, 0.48), (0.52, 0.48)),
        _ply(1, "b", "c", (0.80, 0.20), (0.50, 0.50)),  # Black's outlook falls 0.28
        _ply(0, "d", "e", (0.60, 0.40), (0.82, 0.18)),  # White's falls 0.20
        _ply(1, "f", "f", (0.55, 0.45), (0.55, 0.45)),  # a fall of 0.05: no turning point
        _ply(0, "g", "h", (0.10, 0.90), (0.56, 0.44)),  # White's falls 0.45
    ))
    assert turning_points(review) == (TurningPoint(1, 1, 0.28), TurningPoint(2, 0, 0.2), TurningPoint(4, 0, 0.45))
    assert turning_points(review, limit=2) == (TurningPoint(1, 1, 0.28), TurningPoint(4, 0, 0.45))
    assert turning_points(review, threshold=0.3) == (TurningPoint(4, 0, 0.45),)
    assert review.series() == ((0.5, 0.52, 0.8, 0.6, 0.55, 0.1), (0.5, 0.48, 0.2, 0.4, 0.45, 0.9))


def test_mistakes_are_the_given_players_moves_that_lost_against_the_engines():
    review = Review("djambi", "expert", 10, (0.25,) * 4, (
        _ply(0, "A1-B2", "A1-C3", (0.20, 0.3, 0.25, 0.25), (0.20 + MISTAKE, 0.3, 0.2, 0.2)),  # exactly MISTAKE
        _ply(1, "B1-B2", "B1-B3", (0.20, 0.29, 0.25, 0.26), (0.2, 0.29 + MISTAKE - 0.01, 0.2, 0.2)),  # less
        _ply(2, "C1-C2", "C1-C3", (0.30, 0.3, 0.0, 0.4), (0.2, 0.2, BLUNDER, 0.35)),  # a blunder
        _ply(3, "D1-D2", "D1-D2", (0.30, 0.3, 0.0, 0.4), (0.30, 0.3, 0.0, 0.4)),  # the engine's move
    ))
    assert mistakes(review, {0, 1, 2, 3}) == (
        Mistake(0, 0, "A1-B2", "A1-C3", MISTAKE, False),
        Mistake(2, 2, "C1-C2", "C1-C3", BLUNDER, True),
    )
    assert mistakes(review, {1, 3}) == ()  # the computers' moves are nobody's mistakes
    assert review.plies[3].loss == 0.0
    # A move better than the engine's loses nothing.
    assert _ply(0, "x", "y", (0.9, 0.1), (0.5, 0.5)).loss == 0.0


def test_a_review_round_trips_through_json_and_bad_data_is_named():
    review = Review("djambi", "expert", 2000, (0.25, 0.25, 0.25, 0.25), (
        _ply(0, "A3-B4", "B3-B4", (0.3, 0.2, 0.25, 0.25), (0.31, 0.2, 0.24, 0.25)),
        _ply(1, "I8-G6xH6", "I8-G6xH6", (0.0, 1.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0)),
    ))
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review
    assert eval(repr(review)) == review  # the repr pastes back
    data = review.to_json()
    for bad, words in [({**data, "start": [0.5, 2.0, 0, 0]}, "outlook"),
                       ({**data, "plies": [[0, "a", "b", [0.1] * 4]]}, "5 items"),
                       ({**data, "plies": [[7, "a", "b", [0.1] * 4, [0.1] * 4]]}, "mover"),
                       ({**data, "nodes": -1}, "budget"),
                       ({**data, "game": 3}, "game"),
                       ([], "object")]:
        with pytest.raises(ValueError, match=words):
            Review.from_json(bad)


# -- whole games, against the engines' own analysis

def _check_against_engine(engine, board, review, nodes, players):
    """Every move's series point is the engine's outlook after its own move in the position
    reached; every mistake's better move is the engine's choice at its position, and the loss
    is that move's outlook (after the engine's reply) less the series' point."""
    positions = [board.root()]
    for move in board.move_stack[:-1]:
        after = positions[-1].copy()
        after.push(move)
        positions.append(after)
    positions.append(board.copy())
    series = review.series()
    assert len(series) == players and all(len(s) == len(board.move_stack) + 1 for s in series)
    for k, position in enumerate(positions):
        if engine.Analyst(position).search(position) is None:
            expected = engine.outlook(position)  # the game is over
        else:
            best = engine.engine_choice(position, nodes)
            after = position.copy()
            after.push(best)
            expected = engine.outlook(after, *([] if engine is camblam_review else
                                               [djambi_review.settings(nodes)]))
        assert tuple(s[k] for s in series) == pytest.approx(expected, abs=0.0006)
    found = mistakes(review, range(players))
    assert found, "a game of easy players has mistakes"
    for m in found:
        position = positions[m.ply]
        best = engine.engine_choice(position, nodes)
        assert position.move_text(best) == m.best != m.played
        after = position.copy()
        after.push(best)
        reply = engine.engine_choice(after, nodes) if engine.Analyst(after).search(after) else None
        if reply is not None:
            after.push(reply)
        kept = engine.outlook(after, *([] if engine is camblam_review else [djambi_review.settings(nodes)]))
        assert m.loss == pytest.approx(kept[m.player] - series[m.player][m.ply + 1], abs=0.0011)
        assert m.loss >= MISTAKE
    for t in turning_points(review):
        assert series[t.player][t.ply] - series[t.player][t.ply + 1] == pytest.approx(t.drop, abs=0.0011)
        assert t.drop >= TURN_DROP


def test_a_whole_djambi_game_reviewed_matches_the_engines_analysis():
    board = _djambi_game()
    review = djambi_review.review(board, nodes=DJAMBI_NODES)
    assert (review.game, review.level, review.nodes, len(review.plies)) == ("djambi", "expert", DJAMBI_NODES, 64)
    assert review.start == pytest.approx((0.25,) * 4, abs=0.02)
    winner = int(board.outcome().winner)
    assert review.series()[winner][-1] == 1.0 and sum(s[-1] for s in review.series()) == 1.0
    assert all(abs(sum(r.outlook) - 1) < 0.003 for r in review.plies)  # shares of the win
    _check_against_engine(djambi_review, board, review, DJAMBI_NODES, 4)
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review


def test_a_whole_camblam_game_reviewed_matches_the_engines_analysis():
    board = _camblam_game()
    review = camblam_review.review(board, nodes=CAMBLAM_NODES)
    assert (review.game, review.level, len(review.plies)) == ("camblam", "hard", len(board.move_stack))
    assert review.series()[0][-1] == 1.0 and review.series()[1][-1] == 0.0  # White mated Black
    _check_against_engine(camblam_review, board, review, CAMBLAM_NODES, 2)
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review


def test_the_review_in_slices_is_the_review_at_once_and_shows_its_progress():
    board = _djambi_game(limit=24)
    whole = djambi_review.review(board, nodes=DJAMBI_NODES)
    sliced = djambi_review.reviewer(board, nodes=DJAMBI_NODES)
    seen = [sliced.progress()]
    steps = 0
    while not sliced.step(2.0):
        steps += 1
        seen.append(sliced.progress())
    assert steps > 25  # many short slices: the page stays free between them
    assert seen[0] == (0, 25) and sliced.progress() == (25, 25)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert sliced.result() == whole
    with pytest.raises(ValueError, match="not finished"):
        djambi_review.reviewer(board, nodes=DJAMBI_NODES).result()


@pytest.mark.parametrize("preset", ["bga", "classic-online", "two-by-two"])
def test_games_under_other_rule_sets_are_reviewed(preset):
    board = _djambi_game(seed=3, rules=PRESETS[preset], limit=12)
    review = djambi_review.review(board, nodes=150)
    players = 2 if preset == "two-by-two" else 4
    assert review.players == players and len(review.plies) == 12
    assert all(r.mover < players for r in review.plies)
    assert all(abs(sum(r.outlook) - 1) < 0.003 for r in review.plies)
    assert all(board.root().copy().parse_move(r.played) for r in review.plies[:1])


def test_an_ended_game_outlook_is_its_result_and_an_empty_game_has_no_plies():
    board = camblam.Board()
    board.resign(camblam.Color.WHITE)
    review = camblam_review.review(board, nodes=CAMBLAM_NODES)
    assert review.plies == () and review.start == (0.0, 1.0)
    djambi_start = djambi_review.review(djambi.Board(), nodes=100)
    assert djambi_start.plies == () and djambi_start.start == pytest.approx((0.25,) * 4, abs=0.02)
    assert isinstance(djambi_review.reviewer(djambi.Board()), Reviewer)
