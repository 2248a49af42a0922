"""Property tests over random playouts: invariants checked after every move."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from playouts import play_randomly, scaled
from djambi import Board, DRAW_TURNS, FROZEN, HOSTAGE, Kind, Move, parse_position
from djambi.pieces import DEAD
from djambi.squares import MAZE

def check_invariants(board: Board) -> None:
    cells = board._cells
    control = board._control
    # 36 pieces, always.
    assert sum(1 for c in cells if c) == 36
    active = board._active()
    # Every living piece is controlled by exactly one active player, or frozen, or hostage.
    for code in cells:
        if 0 < code < DEAD:
            ctl = control[(code - 1) >> 3]
            assert ctl in active or ctl in (FROZEN, HOSTAGE), (code, control)
    # Nothing but a chief (living) or a chief's corpse ever stands in the maze.
    maze = cells[MAZE]
    assert maze == 0 or (maze - 1) & 7 == Kind.CHIEF or maze == DEAD + 1 + Kind.CHIEF
    # Each active player has exactly one living chief; eliminated players have none.
    for p in range(4):
        n_chiefs = cells.count(1 + 8 * p)
        assert n_chiefs == (1 if control[p] in (p, HOSTAGE) else 0)
    # Frozen parties exist only while nobody is in power.
    if FROZEN in control:
        assert board.ruler is None
    # The extra turn belongs to the ruler.
    if board.is_extra_turn and board.outcome() is None:
        assert board.turn == board.ruler
    assert 0 <= board.quiet_turns <= DRAW_TURNS


def mutations(move: Move, rng: random.Random) -> list[Move]:
    """Moves near ``move``: one of its squares changed, or a choice dropped or added."""
    out = []
    for _ in range(3):
        field = rng.choice(["to", "place", "victim", "exit"])
        value = rng.choice([None, rng.randrange(81), MAZE])
        out.append(Move(move.piece, move.to if field != "to" else (value if value is not None else move.to),
                        value if field == "place" else move.place,
                        value if field == "victim" else move.victim,
                        value if field == "exit" else move.exit))
    return out


def playout(board: Board, rng: random.Random, plies: int) -> Board:
    for _ in range(plies):
        if board.is_game_over():
            break
        legal = board.generate_legal_moves()
        assert len(legal) == board.count_legal_moves()
        assert len(set(legal)) == len(legal)  # no move listed twice
        listed = set(legal)
        move = rng.choice(legal)
        # Moves not listed are refused; listed ones are accepted.
        for other in mutations(move, rng):
            assert board.is_legal(other) == (other in listed), (board.code(), other)
        before = board.key()
        text = board.code()
        board.play(move)
        check_invariants(board)
        # Undo restores the exact position.
        board.pop()
        assert board.key() == before and board.code() == text
        board.push(move)
        # The position text round-trips.
        assert parse_position(board.code()) == board
    return board


@scaled(10)
@given(seed=st.integers(0, 2**32 - 1), hostage=st.booleans(), skip=st.integers(0, 200))
def test_invariants_hold_along_random_playouts(seed: int, hostage: bool, skip: int) -> None:
    """From the start, or from a random point deep in a random game, check 30 moves closely."""
    rng = random.Random(seed)
    board = play_randomly(Board(hostage=hostage), rng, skip)
    check_invariants(board)
    playout(board, rng, 30)


@scaled(0.3)
@given(seed=st.integers(0, 2**32 - 1), hostage=st.booleans())
def test_random_games_end_within_the_draw_rule(seed: int, hostage: bool) -> None:
    rng = random.Random(seed)
    board = Board(hostage=hostage)
    events = 0
    while not board.is_game_over():
        quiet = board.quiet_turns
        board.push(rng.choice(board.generate_legal_moves()))
        if board.quiet_turns == 0:
            events += 1
        else:
            assert board.quiet_turns == quiet + 1
        # every quiet stretch is shorter than the draw rule allows
        assert board.quiet_turns <= DRAW_TURNS
    outcome = board.outcome()
    assert outcome is not None
    # Each event (kill, perished chief, change of control) can happen only so often: there are 36
    # pieces to kill, and control changes with them; so a game is bounded.
    assert events <= 60
    assert len(board.move_stack) <= (events + 1) * DRAW_TURNS
    check_invariants(board)
    # Undoing the whole game returns to the start.
    while board.move_stack:
        board.pop()
    assert board == Board(hostage=hostage)
