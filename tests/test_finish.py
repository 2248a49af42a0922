"""Finishing a won game (issue 13): far ahead, a player wins; he does not shuffle until the
120-turn draw. Positions from tournament games against three random killers (``bench/peer.py``:
a random kill whenever there is one, else a random move) that the first ``normal`` drew (the
one-ply search without ordering, duels or the necromobile rule); today's ``normal`` is tested."""

import pytest

from diagrams import board_from

from bench.peer import killer_move

from djambi import Board, Kind, Party
from djambi.ai import HUNT_CAP, Search, hunt_field
from djambi.pieces import living_code
from djambi.squares import parse_square

# Seed 5, game 73, ply 80 (Blue to move): Blue (normal) holds the maze with eight pieces; Green's
# lone chief sits on A1 behind his own reporter (A2) and assassin (B1) and a corpse (B2), every
# line to them closed by corpses but one, which Blue's own reporter (B3) blocks. No kill is in
# sight for a one-ply search: the wall must be opened first (the necromobile takes a corpse away,
# then a piece kills through the gap). The first one-ply ``normal`` shuffled B3-C3-B3 and drew by
# the 120-turn rule; with two players left ``normal`` now searches two plies (``duel_depth``).
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
def test_normal_opens_a_fortress_and_kills_the_last_chief(seed):
    board, plies = play_out(OWN_FORTRESS, "normal", seed, 20)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == Party.BLUE, (seed, plies, board.code())


def necromobile_moves(board: Board, move) -> bool:
    """Whether ``move`` moves the mover's own necromobile."""
    return board.cells[move.piece] == living_code(Kind.NECROMOBILE, int(board.turn))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_normal_keeps_its_necromobile_home_until_there_is_a_corpse(seed):
    # Before the first kill the necromobile has nothing to carry; out in the field it is only a
    # target, and without it a chief sealed in corpses later is out of reach for good (every
    # draw against killers in the runs before that rule). Each seat's first moves
    # from the start.
    board = Board()
    for _ in range(8):
        move = Search(board, "normal", seed).run()
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


def test_normal_moves_its_necromobile_when_it_is_attacked():
    # No corpse yet, but Blue's militant on C5, two squares away, can kill Red's necromobile on
    # C3, and Blue moves next: it leaves (or is covered).
    board = board_from(ATTACKED)
    assert board.turn == Party.RED
    move = Search(board, "normal", 0).run()
    red_necromobile = living_code(Kind.NECROMOBILE, Party.RED)
    board.push(move)
    assert board.cells.count(red_necromobile) == 1, move.text()
    for reply in board.generate_legal_moves():
        board.push(reply)
        assert board.cells.count(red_necromobile) == 1, (move.text(), reply.text())
        board.pop()


# Seed 21, game 3, ply 65 (Green to move), from a game of ``hard`` against three ``normal``: two
# players left, Red's chief rules from the maze, so Red moves twice to Green's once. Green's
# provocateur (B2) can take him out of it. With two players left the maze is worth its extra
# turns to ``hard`` (``duel_power``), and it takes them from Red. With the maze worth a few
# pieces (as before, with or without the look-ahead in duels) it played G4-D1 and lost that game.
RED_RULES = ("P1.1rAgM2bM1xAxM/rM6xMxC/5xA1xPxN/1xNxR6/xM3rCxM2xM/gM1gM3gN1xM/xA6yRxM/"
             "gRgP5xNxM/gCxRgM1xPrPxMxMxC.rrrg.g.0")


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_takes_the_maze_from_the_last_opponent(seed):
    board = Board.from_code(RED_RULES)
    assert board.turn == Party.GREEN and board.active_players == [Party.RED, Party.GREEN]
    assert board.ruler == Party.RED
    move = Search(board, "hard", seed).run()
    board.push(move)
    assert board.ruler != Party.RED, move.text()


# Hunting the last chief (``hunt_field``): how many moves a piece needs before it can kill him.
HUNT = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 rR . . . # . . . .
4 . . . . . . . . .
3 . . rA . . . . . .
2 . . . . . . . . .
1 gC . . rM . . . . .
"""


def hunt(diagram: str, kind: Kind, square: str) -> int:
    board = board_from(diagram)
    chief = board.cells.index(living_code(Kind.CHIEF, Party.GREEN))
    return hunt_field(board.cells, board._control, int(Party.RED), chief, int(kind))[parse_square(square)]


def test_a_hunter_on_an_open_line_kills_now():
    assert hunt(HUNT, Kind.ASSASSIN, "C3") == 0  # the diagonal C3-B2-A1 is open
    assert hunt(HUNT, Kind.REPORTER, "A5") == 0  # to A2, beside the chief
    assert hunt(HUNT, Kind.MILITANT, "D1") == 1  # three squares away: B1 or C1 first


def test_a_corpse_on_the_line_costs_a_move():
    walled = HUNT.replace("2 . . . .", "2 . xM . .")
    assert hunt(walled, Kind.ASSASSIN, "C3") == 1  # round the corpse: C1 or A3 first


def test_a_guard_is_killed_on_the_way():
    guarded = HUNT.replace("2 . . . .", "2 . gM . .").replace("1 gC . .", "1 gC xM .").replace(
        "5 rR", "5 xM").replace("4 . . . .", "4 xM . . .")
    # Every line to the chief runs through the guard on B2 or a corpse: kill B2, then the chief.
    assert hunt(guarded, Kind.ASSASSIN, "C3") == 1
    assert hunt(guarded, Kind.ASSASSIN, "I9") == 2  # the long diagonal (through the maze) to B2


def test_a_walled_chief_is_out_of_reach():
    sealed = HUNT.replace("2 . . . .", "2 xM xM . .").replace("1 gC . .", "1 gC xM .")
    assert hunt(sealed, Kind.ASSASSIN, "C3") == HUNT_CAP
    assert hunt(sealed, Kind.REPORTER, "A5") == HUNT_CAP  # no empty square beside him


# Seed 5, game 64, ply 44 (Red to move): two players left, Red (normal) with its chief, assassin,
# reporter and three militants against Yellow's chief (I1), guarded by his assassin, provocateur
# and reporter, and a militant; Yellow plays the killer. Played on with that game's seeds, the
# normal before the hunt (a two-ply duel search, nothing drawing it to the last chief) shuffled
# its pieces behind the corpses of rows 6-7 until the 120-turn draw at ply 284.
DREW = ("P1.rC1rM3bMxM1/2rMxCbMbP1yM1/2xR3xNxNbM/2rA2xN1xMxM/rRxC7/3xN3yM1/rMxP1xA5/"
        "xRxP1xA2xMyPyR/1xM1xMxM1yMyAyC.ryyr.r.1")


def replay(code: str, seed: int, game: int, ply: int, until: int) -> tuple[Board, int]:
    """Game ``game`` of a tournament with ``seed`` (``normal`` against killers) played on from
    its position ``code`` at ``ply`` with that game's seeds, up to ply ``until``."""
    board = Board.from_code(code)
    me = board.turn
    game_seed = seed * 7919 + game  # as ``djambi.tournament`` seeds its games
    while not board.is_game_over() and ply < until:
        move_seed = game_seed * 100003 + ply
        if board.turn == me:
            move = Search(board, "normal", move_seed).run()
        else:
            move = killer_move(board, move_seed)
        board.push(move)
        ply += 1
    return board, ply


def test_with_a_necromobile_a_walled_chief_is_a_few_moves_away():
    sealed = HUNT.replace("2 . . . .", "2 xM xM . .").replace("1 gC . .", "1 gC xM .")
    board = board_from(sealed)
    chief = board.cells.index(living_code(Kind.CHIEF, Party.GREEN))
    field = hunt_field(board.cells, board._control, int(Party.RED), chief, int(Kind.ASSASSIN), through=True)
    assert field[parse_square("C3")] == 1  # B2's corpse carried away, then the kill
    assert field[parse_square("C4")] == 2


# Seed 8, game 110, ply 54 (Yellow to move): two players left, Yellow (normal) with its
# necromobile against Green (a killer), whose chief sits in the corner A1 with his assassin and a
# militant, every line to the three closed by corpses (A2, B2, C2, D2, D1). Played on with that
# game's seeds, the hunt without the necromobile's part drew by the 120-turn rule (ply 219).
WALLED = ("P1.1rA3xMbAxNxC/6bMxPxR/rPxR7/xM2xPxMyN3/1xM1xR2yMyA1/xNxMbM2xM3/2gM2xM3/xPxNxCxR5/"
          "gCgAgMxMxMxMyM1yC.yfyg.y.1")


@pytest.mark.parametrize("code, seed, game, ply, until", [
    (DREW, 5, 64, 44, 284),  # the hunt: round the corpses to the last chief
    (WALLED, 8, 110, 54, 219),  # the necromobile carries the wall away
], ids=["seed5-game64-hunt", "seed8-game110-wall"])
def test_normal_wins_the_duels_it_drew(code, seed, game, ply, until):
    start = Board.from_code(code)
    assert len(start.active_players) == 2
    board, end = replay(code, seed, game, ply, until)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == start.turn, (end, board.code())


# Seed 8, game 115, ply 52 (Green to move, normal): Yellow's chief (I1) and his assassin (H1) are
# walled in by corpses (G1, G2, H2, I2), and the only necromobile left on the board is Blue's
# (G7), which Green's assassin (G6) can kill. Without it nobody can ever open that wall, so
# Yellow can never be eliminated and nobody can win: the normal before the ``dead`` term took it
# (G6-G7) and drew the game by the 120-turn rule, in a duel against Yellow from ply 63.
LAST_NECROMOBILE = ("P1.xCxMxM4bAbC/xRxP3bM1xM1/2xN3bNbM1/3xM2gA1xM/xPxRgPxMgC3xM/gM6xM1/"
                    "1xM2xM2rA1/gR1xMxN2xMxPxN/1xM4xRyAyC.gbyg.g*b.3")


@pytest.mark.parametrize("seed", [0, 1])
def test_normal_spares_the_last_necromobile_that_can_open_a_wall(seed):
    board = Board.from_code(LAST_NECROMOBILE)
    assert board.turn == Party.GREEN
    blue_necromobile = living_code(Kind.NECROMOBILE, Party.BLUE)
    necromobiles = {living_code(Kind.NECROMOBILE, party) for party in Party}
    assert [c for c in board.cells if c in necromobiles] == [blue_necromobile]
    move = Search(board, "normal", seed).run()
    board.push(move)
    assert blue_necromobile in board.cells, move.text()
