"""The computer players: legal, deterministic, sliceable, and not stupid (djambi.ai), the search
experiments (bench.ai_experiments) and the tournament runner (bench.tournament). No test asserts a
timing."""

import json
import random
import re

import pytest

from djambi import FROZEN, HOSTAGE, Board, Move, Piece, Turn, parse_square
from bench.ai_experiments import EXPERIMENTAL_LEVELS, ExperimentalSearch
from bench.tournament import main as tournament_main
from bench.tournament import run, seating, wilson
from djambi.ai import (
    LEVELS,
    SETTINGS,
    SLICE_NODES,
    Search,
    _Gen,
    _even,
    _narrow,
    _pairs,
    candidate_moves,
    choose_move,
    evaluate,
    random_move,
)

#: Node budgets that keep the searching levels quick in tests (Pyodide is slower).
SMALL = {"random": None, "easy": None, "normal": 600, "hard": 1500, "hard-brs": 1500, "mcts": 1500, "expert": 1500, "normal-full": 600,
         "normal-blind": 600, "hard-blind": 1500}


def position(pieces: dict[str, str], turn: str = "r", control: str = "rbyg", quiet: int = 0) -> Board:
    """A board from {square name: symbol}, e.g. {"A9": "rC", "E5": "xM"}. Built directly (the
    position text insists on all 36 pieces, dead or alive; these sketches need fewer)."""
    cells = [0] * 81
    for name, symbol in pieces.items():
        cells[parse_square(name)] = Piece.from_symbol(symbol).code
    ctl = [{"f": FROZEN, "h": HOSTAGE}.get(c, "rbyg".find(c)) for c in control]
    return Board.from_parts(cells, ctl, Turn.regular("rbyg".index(turn)), quiet)


def played(seed: int, plies: int, hostage: bool = False) -> Board:
    """A position reached by ``plies`` random moves."""
    board = Board(hostage=hostage)
    rng = random.Random(seed)
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(random_move(board, rng))
    return board.copy(stack=False)


POSITIONS = [Board(), Board(hostage=True), played(1, 40), played(2, 80, hostage=True), played(3, 120)]


def kills_chief(board: Board, move: Move, party: int) -> bool:
    board.push(move)
    dead = not board.is_active(party)
    board.pop()
    return dead


# ------------------------------------------------------------------------------------ API


def test_levels():
    assert LEVELS == ("random", "easy", "normal", "hard", "expert")
    assert set(SETTINGS) == set(LEVELS) - {"random"}
    with pytest.raises(ValueError):
        Search(Board(), "grandmaster", 0)
    with pytest.raises(ValueError):
        Search(Board(), "mcts", 0)  # an experiment: no player can pick it


def test_level_settings_are_frozen_and_paste_back():
    from djambi.ai import Level

    hard = SETTINGS["hard"]
    with pytest.raises(AttributeError):
        hard.nodes = 1  # type: ignore[misc]
    assert eval(repr(hard), {"Level": Level}) == hard


@pytest.mark.parametrize("level", LEVELS + EXPERIMENTAL_LEVELS)
def test_returns_a_legal_move(level):
    for i, board in enumerate(POSITIONS):
        if board.is_game_over():
            continue
        move = ExperimentalSearch(board, level, i, max_nodes=SMALL[level]).run()
        assert board.is_legal(move), (level, board.code(), move)


def test_choose_move_is_a_legal_move():
    board = played(4, 30)
    assert board.is_legal(choose_move(board, "easy", 7))


@pytest.mark.parametrize("level", LEVELS + EXPERIMENTAL_LEVELS)
def test_deterministic_per_seed_and_independent_of_slicing(level):
    board = played(5, 60)
    whole = ExperimentalSearch(board, level, 11, max_nodes=SMALL[level]).run()
    again = ExperimentalSearch(board, level, 11, max_nodes=SMALL[level]).run()
    sliced = ExperimentalSearch(board, level, 11, max_nodes=SMALL[level])
    steps = 0
    while not sliced.step(0):
        steps += 1
    assert whole == again == sliced.best_move()
    if level in ("normal", "hard", "hard-brs"):
        assert steps > 10  # really cut into many slices


def test_search_does_not_touch_the_board():
    board = played(6, 50)
    board.push(board.generate_legal_moves()[0])
    code, stack = board.code(), board.move_stack
    search = Search(board, "normal", 1, max_nodes=300)
    for _ in range(5):
        search.step(0)
    search.best_move()
    search.run()
    assert board.code() == code and board.move_stack == stack


def test_best_move_is_valid_before_and_during_the_search():
    board = played(7, 40)
    search = Search(board, "hard", 3, max_nodes=800)
    assert board.is_legal(search.best_move())
    search.step(0)
    assert board.is_legal(search.best_move())


@pytest.mark.parametrize("level", ["hard", "mcts"])
def test_each_slice_is_bounded_in_work(level):
    board = played(8, 70)
    search = ExperimentalSearch(board, level, 5, max_nodes=2000)
    last = 0
    while not search.step(0):
        assert search.nodes - last <= SLICE_NODES + 1
        last = search.nodes
    assert search.done


def test_node_budget_is_kept():
    board = played(8, 70)
    assert len(candidate_moves(board)) > 40
    easy = Search(board, "easy", 5, max_nodes=40)
    easy.run()
    assert easy.nodes <= 40
    # normal: the one-ply search within its budget, then the set-up check of the moves best first
    # (``screen``), which stops at the level's cap.
    small = Search(board, "normal", 5, max_nodes=300)
    small.run()
    full = Search(board, "normal", 5)
    full.run()
    assert small.nodes < full.nodes <= SETTINGS["normal"].cap


def test_random_level_is_deterministic_and_varies_with_the_seed():
    board = Board()
    moves = {choose_move(board, "random", seed) for seed in range(30)}
    assert len(moves) > 5
    assert choose_move(board, "random", 4) == choose_move(board, "random", 4)


def test_game_over_has_no_move():
    board = position({"A9": "rC", "I1": "yC"}, control="rrrr")
    assert board.is_game_over()
    search = Search(board, "normal", 0)
    assert search.step(10)
    with pytest.raises(ValueError):
        search.best_move()


# ------------------------------------------------------------------------------------ moves


def test_search_moves_are_legal_and_random_pairs_match_the_engine():
    rng = random.Random(9)
    for hostage in (False, True):
        board = Board(hostage=hostage)
        for _ in range(120):
            if board.is_game_over():
                break
            legal = set(board.generate_legal_moves())
            assert set(_pairs(board)) == {(m.piece, m.to) for m in legal if not m.is_pass()}
            for move in candidate_moves(board):
                assert move in legal, (board.code(), move)
            for move in candidate_moves(board, quiet=False):
                assert move in legal, (board.code(), move)
            board.push(random_move(board, rng))


# ------------------------------------------------------------------------------------ judgement


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "hard-brs"])
def test_takes_a_free_enemy_chief(level):
    # Red's militant on C6 can take Blue's chief on D7; nothing defends it.
    board = position({
        "A2": "rC", "C6": "rM", "B3": "rA",
        "D7": "bC", "I9": "bM", "I1": "yC", "H2": "yM", "H6": "gC", "H7": "gM",
    })
    move = ExperimentalSearch(board, level, 1, max_nodes=SMALL[level]).run()
    assert kills_chief(board, move, 1), board.move_text(move)


@pytest.mark.parametrize("level", ["normal", "hard", "hard-brs"])
def test_saves_a_hanging_chief(level):
    # Blue's assassin on A5 sees Red's chief on A1 up the file; Blue moves next.
    board = position({
        "A1": "rC", "D4": "rM", "F4": "rM",
        "A5": "bA", "I9": "bC", "I1": "yC", "H2": "yM", "G9": "gC", "G8": "gM",
    })
    move = ExperimentalSearch(board, level, 1, max_nodes=SMALL[level]).run()
    board.push(move)
    assert not any(kills_chief(board, m, 0) for m in board.generate_legal_moves()), move


def test_evaluation_prefers_more_material_and_a_safe_chief():
    base = {"A1": "rC", "I9": "bC", "I1": "yC", "A9": "gC", "E1": "bM"}
    even = position(base)
    up = position({**base, "C3": "rA"})
    assert evaluate(up, 0) > evaluate(even, 0)
    # The same assassin, now lined up on Red's chief, Blue to move.
    danger = position({**base, "A5": "bA", "C3": "rM"}, turn="b")
    safe = position({**base, "B5": "bA", "C3": "rM"}, turn="b")
    assert evaluate(safe, 0) > evaluate(danger, 0)


def test_evaluation_fears_a_walled_in_chief():
    base = {"I9": "bC", "I1": "yC", "A9": "gC", "E1": "bM", "E5": "xM"}
    open_ = position({**base, "A1": "rC", "E3": "xM", "E4": "xM"})
    walled = position({**base, "A1": "rC", "A2": "xM", "B2": "xM"})
    assert evaluate(open_, 0) > evaluate(walled, 0)


# ------------------------------------------------------------------------------------ tournament


def test_seating_rotates():
    assert seating(["a", "b", "c", "d"], 0) == ["a", "b", "c", "d"]
    assert seating(["a", "b", "c", "d"], 1) == ["d", "a", "b", "c"]
    seats = [seating(["x", "y", "y"], g).index("x") for g in range(3)]
    assert sorted(seats) == [0, 1, 2]


def test_wilson():
    lo, hi = wilson(18, 20)
    assert 0.68 < lo < 0.72 and 0.96 < hi < 0.98
    assert wilson(0, 0) == (0.0, 1.0)


LINE = re.compile(r"^(random|easy|normal|hard): \d+/\d+ wins \(\d+\.\d%\), \d+ draws?, 95% CI \d+–\d+%")


def test_small_tournament_prints_a_line_per_level(capsys):
    assert tournament_main(["--games", "2", "--players", "easy,random,random", "--seed", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["easy", "random"]
    for line in lines:
        assert LINE.match(line), line
    assert "/2 wins" in lines[0] and "/4 wins" in lines[1]


def test_resumed_tournament_counts_the_logged_games_and_plays_the_rest(tmp_path, capsys):
    args = ["--players", "random,random,random", "--seed", "3", "--max-plies", "30", "--quiet"]
    whole = tmp_path / "whole.jsonl"
    assert tournament_main(["--games", "3", "--log", str(whole), *args]) == 0
    report = capsys.readouterr().out
    # Cut the log after its first game, add a line from another match and a cut line.
    first = whole.read_text().splitlines()[0]
    part = tmp_path / "part.jsonl"
    part.write_text(first + "\n" + '{"game": 1, "seats": ["easy", "x", "y"], "winner": 0}\n' + '{"game": 2, "se')
    assert tournament_main(["--games", "3", "--log", str(part), "--resume", *args]) == 0
    assert capsys.readouterr().out == report
    games = [json.loads(line)["game"] for line in part.read_text().splitlines()[3:]]  # after the cut line
    assert sorted(games) == [1, 2]  # game 0 was not played again


def test_resume_needs_a_log(capsys):
    assert tournament_main(["--resume", "--games", "1"]) == 2
    assert "--log" in capsys.readouterr().err


def test_tournament_rejects_bad_levels(capsys):
    assert tournament_main(["--players", "easy,wizard,random"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_hard_walks_its_chief_out_of_a_corpse_trap():
    # Red's chief on A1 has corpses on A2 and B1: one more on B2 and he perishes (Red has no
    # necromobile). Blue's necromobile can carry the corpse on F4 there on the next move.
    board = position({
        "A1": "rC", "A2": "xM", "B1": "xM", "F4": "xM", "C3": "rM", "H5": "rM",
        "F6": "bN", "I9": "bC", "I1": "yC", "H2": "yM", "G9": "gC", "G8": "gM",
    })
    move = Search(board, "hard", 1, max_nodes=SMALL["hard"]).run()
    board.push(move)
    for reply in board.generate_legal_moves():
        board.push(reply)
        assert board.is_active(0), (move, reply)
        board.pop()


def test_narrow_quiescence_moves_are_legal():
    rng = random.Random(12)
    board = Board()
    for _ in range(150):
        if board.is_game_over():
            break
        legal = set(board.generate_legal_moves())
        gen = _Gen(board)
        for root in range(4):
            for move in gen.moves(quiet=False, places=1, victims=_narrow(gen.enemy, board.control_view, root)):
                assert move in legal, (board.code(), move)
        board.push(random_move(board, rng))


def test_a_draw_is_worth_about_an_even_game():
    board = Board()
    assert abs(_even(board) - evaluate(board, 0)) < 3.0


def test_hard_search_is_bounded_in_nodes():
    # The whole search, look-aheads included, stays near its cap (one look-ahead more at most).
    cap = SETTINGS["hard"].cap
    for i, board in enumerate([POSITIONS[2], played(13, 200), played(16, 260, hostage=True)]):
        assert not board.is_game_over(), i  # each position has a search to bound
        search = Search(board, "hard", i)
        assert board.is_legal(search.run())
        assert search.nodes <= cap + 3000, (i, search.nodes)


# ------------------------------------------------------------------------------------ draw offers


@pytest.mark.parametrize("level", LEVELS)
def test_accepts_a_draw_only_when_not_winning(level):
    from djambi.ai import accepts_draw

    # Red has his whole army; the others have a chief each, walled in by nothing.
    winning = position({
        "A9": "rC", "B9": "rA", "A8": "rR", "B8": "rP", "C7": "rN", "C9": "rM", "C8": "rM",
        "A7": "rM", "B7": "rM", "I9": "bC", "I1": "yC", "A1": "gC",
    })
    assert not accepts_draw(winning, 0, level)
    # The same position seen from Blue, who has only his chief: he is losing and accepts.
    assert accepts_draw(winning, 1, level)
    assert not accepts_draw(position({"A9": "rC", "I1": "yC"}, control="rrrr"), 0, level)


def test_a_chief_sealed_in_a_pocket_is_out_of_reach():
    from djambi.ai import _sealed

    # From a game normal drew against three killers: Red's chief on A9 and his reporter on A8 are
    # shut in by corpses, and Green (to win) has no necromobile left: nobody can ever reach them.
    board = Board.from_code(
        "P1.rCxM5xM1/rRxA5xCxN/xNxR4bM1xM/1xP1xM1xRxCxM1/1gC4xM2/gRgM1xPxMxM1xA1/xA1xNxMxMyM3/"
        "6xAxN1/1xMxPxM2yP1xM.rggg.r.120")
    a9 = parse_square("A9")
    assert _sealed(board.cells_view, a9, 3, board.control_view)
    # Open the pocket (no corpse on B7) and a piece of Green's could come in.
    open_ = position({"A9": "rC", "A8": "rR", "B9": "xM", "B8": "xA", "A7": "xN", "B7": "gM",
                      "I1": "gC"})
    assert not _sealed(open_.cells_view, a9, 3, open_.control_view)


def test_best_reply_quiescence_leaves_the_board_and_turn_alone():
    board = played(15, 90)
    code = board.code()
    search = ExperimentalSearch(board, "hard-brs", 2, max_nodes=700)
    while not search.step(0):
        assert search.board.code() == code or search.board.move_stack  # inside the search
    search.run()
    assert search.board.code() == code and board.code() == code
    assert board.is_legal(search.best_move())
