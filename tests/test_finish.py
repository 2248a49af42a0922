"""Finishing a won game (issue 13): far ahead, a player wins; he does not shuffle until the
120-turn draw. Positions from tournament games against three random killers (``bench/peer.py``:
a random kill whenever there is one, else a random move) that ``normal`` drew. ``normal-next``
(the candidate for ``normal``, experimental until ``hard`` beats it again) is tested here."""

import pytest

from diagrams import board_from

from bench.peer import killer_move

from djambi import Board, Kind, Party
from djambi.ai import Search
from djambi.pieces import living_code

# Seed 5, game 73, ply 80 (Blue to move): Blue (normal) holds the maze with eight pieces; Green's
# lone chief sits on A1 behind his own reporter (A2) and assassin (B1) and a corpse (B2), every
# line to them closed by corpses but one, which Blue's own reporter (B3) blocks. No kill is in
# sight for a one-ply search: the wall must be opened first (the necromobile takes a corpse away,
# then a piece kills through the gap). The one-ply ``normal`` shuffled B3-C3-B3 and drew by the
# 120-turn rule; with two players left ``normal-next`` searches two plies (``duel_depth``).
OWN_FORTRESS = ("P1.xCxM5bR1/xMxMrMxM1bM3/3bA5/1bN6xM/xM1xMxPbC2bPxP/1xMxAxRxMxA3/xMrR2xM3xC/"
                "gRxPxM3yNxN1/gCgAxM2xN1xM1.bbbg.b.16")


def play_out(code: str, level: str, seed: int, max_plies: int) -> tuple[Board, int]:
    """``level`` for the player to move against killers for the others, up to ``max_plies``."""
    board = Board.from_code(code)
    me = board.turn
    plies = 0
    while not board.is_game_over() and plies < max_plies:
        if board.turn == me:
            move = Search(board, level, seed * 1000 + plies).run()
        else:
            move = killer_move(board, seed * 1000 + plies)
        board.push(move)
        plies += 1
    return board, plies


def test_the_fortress_ending_is_two_players_far_apart():
    board = Board.from_code(OWN_FORTRESS)
    assert board.turn == Party.BLUE
    assert board.active_players == [Party.BLUE, Party.GREEN]
    assert board.code().endswith(".16")


@pytest.mark.parametrize("seed", [0, 1])
def test_normal_next_opens_a_fortress_and_kills_the_last_chief(seed):
    board, plies = play_out(OWN_FORTRESS, "normal-next", seed, 20)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == Party.BLUE, (seed, plies, board.code())


def necromobile_moves(board: Board, move) -> bool:
    """Whether ``move`` moves the mover's own necromobile."""
    return board.cells[move.piece] == living_code(Kind.NECROMOBILE, int(board.turn))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_normal_next_keeps_its_necromobile_home_until_there_is_a_corpse(seed):
    # Before the first kill the necromobile has nothing to carry; out in the field it is only a
    # target, and without it a chief sealed in corpses later is out of reach for good (every
    # draw of normal-next's against killers in the runs before it). Each seat's first moves
    # from the start.
    board = Board()
    for _ in range(8):
        move = Search(board, "normal-next", seed).run()
        assert not necromobile_moves(board, move), (board.turn, move.text())
        board.push(move)


ATTACKED = """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . . . . .
6 . . . . . . . . .
5 . . bM . # . . . .
4 . . . . . . . . .
3 . . rN . . . . . .
2 rM rM . . . . . yM yM
1 rC rM . . . . . yM yC
"""


def test_normal_next_moves_its_necromobile_when_it_is_attacked():
    # No corpse yet, but Blue's militant on C5, two squares away, can kill Red's necromobile on
    # C3, and Blue moves next: it leaves (or is covered).
    board = board_from(ATTACKED)
    assert board.turn == Party.RED
    move = Search(board, "normal-next", 0).run()
    red_necromobile = living_code(Kind.NECROMOBILE, Party.RED)
    board.push(move)
    assert board.cells.count(red_necromobile) == 1, move.text()
    for reply in board.generate_legal_moves():
        board.push(reply)
        assert board.cells.count(red_necromobile) == 1, (move.text(), reply.text())
        board.pop()
