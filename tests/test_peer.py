"""The sparring partner of bench/peer.py (issue 13): its values and choices checked by hand on
small positions, its fast reply walk against the definition (push every legal reply), and its
seat in tournaments (with the ``killer`` random mover)."""

import random

from diagrams import board_from

from bench.peer import (
    PeerPlayer,
    is_kill,
    killer_move,
    material,
    reply_outcomes,
    reply_outcomes_slow,
    score,
)
from djambi import Board
from djambi.ai import random_move
from bench.tournament import EXTRA_PLAYERS
from bench.tournament import main as tournament_main

# Every chief is shut in his corner by corpses and one militant, so that only the pieces in the
# middle act. Material: Red 300 + 5 + 5, Blue 300 + 15 + 5 + 5, Yellow 300 + 5, Green 300 + 5.
TRADE = """
9 gC xM . bA . . . xM bC
8 xM gM . . . . . bM xM
7 . . . . . . . . .
6 . . . bM . . . . .
5 . . . . # . . . .
4 . . . rM . . . . .
3 . . . . . . . . .
2 xM rM . . . . . yM xM
1 rC xM . . . . . xM yC
"""


def values(board, seed=1):
    """{move text: Red's score of the vector the peer gives the move}."""
    return {board.move_text(m): score(v, board.turn) for m, v in PeerPlayer(seed).values(board)}


def test_material_counts_controlled_living_pieces():
    assert material(Board()) == (373, 373, 373, 373)  # 300 + 15 + 18 + 10 + 10 + 4 × 5
    assert score(material(Board()), 0) == 0
    board = board_from(TRADE)
    assert material(board) == (310, 325, 305, 305)
    # The chief in the maze is worth 500; the hostage's and frozen pieces count for nobody.
    maze = board_from(TRADE.replace("# . . . .", "rC . . . .").replace("1 rC", "1 ."))
    assert material(maze) == (510, 325, 305, 305)
    assert material(board_from(TRADE, control="rbyh")) == (310, 325, 305, 0)
    assert material(board_from(TRADE, control="rbyf")) == (310, 325, 305, 0)


def test_reply_is_the_next_players_best_4_own_minus_total():
    board = board_from(TRADE)
    # Red takes Blue's militant and leaves the corpse out of the way: Blue's assassin on D9
    # takes Red's militant back (one complete move: the corpse goes to D9).
    board.play("D4xD6@A5")
    assert reply_outcomes(board) == {(305, 320, 305, 305): 1}
    board = board_from(TRADE)
    # Red's militant steps out of reach: Blue's best is D6xB8, Green's militant, with its corpse
    # on any of the 61 empty field squares or on D6: 62 complete moves.
    board.play("D4-E4")
    assert reply_outcomes(board) == {(310, 325, 305, 300): 62}


def test_depth_two_values_by_hand():
    board = board_from(TRADE)
    v = values(board)
    # The trade: Red 305, Blue 320, others 305: 4 × 305 − 1235 = −15.
    assert v["D4xD6@A5"] == -15
    # The kill with the corpse on D7 or D8 shuts the assassin's line: no recapture, 0.
    assert v["D4xD6@D8"] == 0 and v["D4xD6@D7"] == 0
    # Out of reach: Blue takes Green's militant, 4 × 310 − 1240 = 0.
    assert v["D4-E4"] == 0
    assert max(v.values()) == 0
    for seed in range(6):
        move = board.move_text(PeerPlayer(seed).choose(board))
        assert v[move] == 0 and move != "D4xD6@A5"


def test_takes_the_maze_and_an_assassin():
    maze = board_from(TRADE.replace("4 . . . rM", "4 . . . .").replace("3 . . . .", "3 . . rC .")
                      .replace("1 rC", "1 ."))
    assert maze.move_text(PeerPlayer(2).choose(maze)) == "C3-E5"  # the chief: 300 → 500
    # Blue's assassin stands on F6 instead, two squares from Red's militant: the kill is
    # worth 15, but Blue's militant on H8 takes back through G7 unless the corpse goes there.
    free = board_from(TRADE.replace("6 . . . bM . .", "6 . . . . . bA").replace("9 gC xM . bA", "9 gC xM . ."))
    assert material(free) == (310, 320, 305, 305)
    v = values(free)
    assert v["D4xF6@G7"] == 4 * 310 - (310 + 305 + 305 + 305)  # 15: Blue then has no kill
    assert v["D4xF6@A5"] == 4 * 305 - (305 + 305 + 305 + 305)  # the recapture: 0
    assert [m for m, x in v.items() if x == max(v.values())] == ["D4xF6@G7"]


def test_the_fast_reply_walk_matches_pushing_every_reply():
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        board = Board(hostage=seed == 3)
        for ply in range(160):
            if board.is_game_over():
                break
            if ply % 9 == 4:
                assert reply_outcomes(board) == reply_outcomes_slow(board), board.code()
                checked += 1
            mover = killer_move if rng.random() < 0.5 else None
            board.push(mover(board, rng.randrange(1 << 30)) if mover else random_move(board, rng))
    assert checked > 30


def test_walling_a_chief_in_is_seen_by_the_reply_walk():
    # Blue's chief on I9 has one open neighbour, H8. Red's militant on F7 takes Blue's militant
    # on F8 and puts the corpse on H8: Blue's chief perishes and his pieces freeze (nobody rules),
    # so Blue counts 0. One complete move does that. Yellow's chief is walled in already but
    # lives: Yellow has a necromobile.
    board = board_from("""
    9 gC xM . . . . . xM bC
    8 xM gM . . . bM . . xM
    7 . . . . . rM . . .
    6 . . . . . . . . .
    5 . . . . # . . . .
    4 . . . . . . . . .
    3 . . . . . . yN . .
    2 xM rM . . . . . xM xM
    1 rC xM . . . . . xM yC
    """)
    assert material(board) == (310, 305, 310, 305)
    assert reply_outcomes(board) == {(310, 0, 310, 305): 1} == reply_outcomes_slow(board)
    assert board.move_text(PeerPlayer(0).choose(board)) == "F7xF8@H8"


def test_choices_are_seeded():
    board = Board()
    moves = {PeerPlayer(seed).choose(board) for seed in range(20)}
    assert len(moves) > 5  # every opening move ties: the shuffle decides
    assert PeerPlayer(4).choose(board) == PeerPlayer(4).choose(board)


def test_killer_kills_whenever_it_can():
    board = board_from(TRADE)
    for seed in range(5):
        assert is_kill(board, killer_move(board, seed))
    board = Board()
    assert not is_kill(board, killer_move(board, 1))
    assert board.is_legal(killer_move(board, 1))


def test_peer_and_killer_sit_in_tournaments(capsys):
    assert tournament_main(["--games", "1", "--players", "peer,killer,killer", "--max-plies", "9",
                            "--quiet"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["peer", "killer"]
    assert {"peer", "killer"} <= set(EXTRA_PLAYERS)
