"""The tap-by-tap move picker (app/present/taps.py): every legal move can be tapped, and only legal moves."""

import random

import pytest
from diagrams import board_from

from djambi import Board, Move, parse_square, square_name
from app.present.taps import STAGES, Picker

S = parse_square


def names(squares) -> set[str]:
    return {square_name(s) for s in squares}


def taps_for(move: Move) -> list[int]:
    """The taps that should build ``move``: the piece, then each choice it has; "no victim" is a
    tap on the reporter's destination."""
    return [move.piece] + [getattr(move, f) for f in STAGES if getattr(move, f) is not None]


def tap_move(picker: Picker, move: Move):
    """Tap ``move`` through, checking every step offers only choices that lead to legal moves."""
    legal = picker.board.generate_legal_moves()
    result = picker.tap(move.piece)
    assert result.kind == "select", (move, result)
    while True:
        stage = picker.stage
        assert stage is not None
        remaining = picker.remaining()
        assert remaining and all(m in legal for m in remaining)
        # The options are exactly the values the remaining moves take at this stage.
        assert picker.options() == {getattr(m, stage) for m in remaining}
        value = getattr(move, stage)
        if value is None and stage != "victim":
            pytest.fail(f"{move}: stage {stage} asked although the move has none")
        result = picker.tap(move.to if value is None else value)
        if result.kind == "play":
            return result
        assert result.kind == "step", (move, stage, result)


def random_positions(n: int, seed: int, plies: int = 60):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        board = Board(hostage=bool(i % 3 == 2))
        for _ in range(rng.randrange(plies)):
            moves = board.generate_legal_moves()
            if not moves:
                break
            # Prefer kills so the positions hold corpses and captured parties.
            kills = [m for m in moves if m.place is not None or m.victim is not None or m.exit is not None]
            board.push(rng.choice(kills if kills and rng.random() < 0.5 else moves))
        out.append(board)
    return out


def test_start_militant_destinations():
    picker = Picker(Board())
    assert picker.tap(S("A7")).kind == "select"
    assert picker.stage == "to"
    assert names(picker.option_squares()) == {"A6", "A5", "B6", "C5"}
    result = picker.tap(S("A5"))
    assert result.kind == "play" and result.move == Move.parse("A7-A5")
    assert not picker.active


def test_necromobile_passes_through_the_empty_maze():
    picker = Picker(Board())
    picker.tap(S("C7"))
    assert "F4" in names(picker.option_squares())
    assert "E5" not in names(picker.option_squares())


def test_every_legal_move_can_be_tapped_from_the_start():
    board = Board()
    for move in board.generate_legal_moves():
        picker = Picker(board)
        assert tap_move(picker, move).move == move


def test_every_legal_move_can_be_tapped_in_played_positions():
    checked = 0
    for board in random_positions(12, seed=4):
        if board.is_game_over():
            continue
        by_piece = {}
        for move in board.generate_legal_moves():
            if move.is_pass():
                continue
            by_piece.setdefault(move.piece, []).append(move)
        for piece, moves in by_piece.items():
            # A kill has a move per corpse square: check a sample of each piece's moves.
            for move in moves[:: max(1, len(moves) // 15)]:
                assert tap_move(Picker(board), move).move == move
                checked += 1
    assert checked > 100


def test_tapping_nothing_or_an_enemy_selects_nothing():
    picker = Picker(Board())
    assert picker.tap(S("E4")).kind == "ignore"
    result = picker.tap(S("I9"))  # Blue's chief
    assert result.kind == "ignore" and "Blue" in result.message and "Red is to move" in result.message
    assert not picker.active


def test_a_piece_without_moves_says_so():
    picker = Picker(Board())
    result = picker.tap(S("A9"))  # Red's chief is walled in at the start
    assert result.kind == "ignore" and "no legal move" in result.message


def test_tap_again_or_elsewhere_cancels_and_own_piece_reselects():
    picker = Picker(Board())
    picker.tap(S("A7"))
    assert picker.tap(S("A7")).kind == "cancel" and not picker.active
    picker.tap(S("A7"))
    assert picker.tap(S("B7")).kind == "reselect" and picker.piece == S("B7")
    assert picker.tap(S("H5")).kind == "cancel" and not picker.active


def militant_kill_board():
    return board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . rM bM . . . .
        . . . . # . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        rC . . . . . . . bC
    """)


def test_militant_kill_asks_for_the_corpse_square_and_back_steps_back():
    picker = Picker(militant_kill_board())
    picker.tap(S("D6"))
    assert "E6" in names(picker.option_squares())
    assert picker.tap(S("E6")).kind == "step"
    assert picker.stage == "place"
    places = names(picker.option_squares())
    assert "D6" in places  # the militant's start square is empty now
    assert "E5" not in places and "E6" not in places
    assert "corpse" in picker.prompt()
    # The preview shows the militant on E6 and D6 empty.
    preview = picker.preview()
    assert preview[S("D6")] is None and preview[S("E6")].symbol() == "rM"
    # A tap off the options changes nothing.
    assert picker.tap(S("E5")).kind == "ignore" and picker.stage == "place"
    assert picker.back().kind == "step" and picker.stage == "to"
    assert picker.back().kind == "cancel" and not picker.active
    picker.tap(S("D6"))
    picker.tap(S("E6"))
    result = picker.tap(S("B1"))
    assert result.kind == "play" and result.move == Move.parse("D6-E6@B1")


def reporter_board():
    return board_from("""
        . . . . . . . . .
        . . . rR . . . . .
        . . . . . . . . .
        . . . . bM . . . .
        . . . . # . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        rC . . . . . . . bC
    """)


def test_reporter_may_kill_or_not():
    board = reporter_board()
    picker = Picker(board)
    picker.tap(S("D8"))
    assert picker.tap(S("D6")).kind == "step"
    assert picker.stage == "victim"
    assert picker.options() == {None, S("E6")}
    assert names(picker.option_squares()) == {"D6", "E6"}
    assert picker.can_skip()
    result = picker.tap(S("E6"))
    assert result.kind == "play" and result.move == Move.parse("D8-D6xE6")
    # Tapping the reporter itself, or No kill, means no victim.
    picker.tap(S("D8"))
    picker.tap(S("D6"))
    assert picker.tap(S("D6")).move == Move.parse("D8-D6")
    picker.tap(S("D8"))
    picker.tap(S("D6"))
    assert picker.skip().move == Move.parse("D8-D6")
    # A square with no victim next to it plays at once.
    picker.tap(S("D8"))
    assert picker.tap(S("D9")).move == Move.parse("D8-D9")


def test_assassin_in_the_maze_asks_for_the_exit():
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . rA . . . . . .
        . . . . . . . . .
        . . . . bC . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        rC . . . . . . . .
    """)
    picker = Picker(board)
    picker.tap(S("C7"))
    assert "E5" in names(picker.option_squares())
    picker.tap(S("E5"))
    assert picker.stage == "exit"
    exits = names(picker.option_squares())
    assert "C7" not in exits  # its start square takes the corpse
    assert {"D6", "B8", "A9"} <= exits  # it may pass over its start square
    assert "F4" in exits
    assert picker.is_maze_act()
    result = picker.tap(S("F4"))
    assert result.kind == "play" and result.move == Move.parse("C7-E5-F4")


def test_provocateur_in_the_maze_asks_exit_then_place():
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . rP . . . . . .
        . . . . . . . . .
        . . . . bC . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        rC . . . . . . . .
    """)
    picker = Picker(board)
    picker.tap(S("C7"))
    picker.tap(S("E5"))
    assert picker.stage == "exit"
    picker.tap(S("F4"))
    assert picker.stage == "place"
    assert picker.preview()[S("F4")].symbol() == "rP"
    assert picker.lifted_squares() == {S("E5")}  # the chief is in hand
    assert "Blue chief" in picker.prompt()
    result = picker.tap(S("I1"))
    assert result.move == Move.parse("C7-E5-F4@I1")


def test_game_over_taps_are_ignored():
    board = militant_kill_board()
    board.agree_draw()
    assert Picker(board).tap(S("D6")).kind == "ignore"
