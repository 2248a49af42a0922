"""Defence (issue 13): a player whose chief is being walled in or hunted reacts. One position for
each danger, Red to move and Blue next; if Red did nothing, Blue would end Red's game in one move.
Every level from ``normal`` up must play a move after which no reply of Blue's does."""

import pytest

from diagrams import board_from

from djambi import Board, Turn
from bench.ai_experiments import ExperimentalSearch
from djambi.ai import Search

# The other chiefs sit in their corners behind their own militants, out of the play.
DANGERS = {
"ring": """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . . . . .
6 . . . . . bN . . .
5 . . . . # . . . .
4 . . . . . xM . . .
3 . . rM . . . . . .
2 xM . . . rM . . yM yM
1 rC xM . . . . . yM yC
""",
"assassin": """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . . . . .
6 . bM . . . . . . .
5 bA . . . # . . . .
4 . . . . . . . . .
3 . rM . . . . . . .
2 . . . . rM . . yM yM
1 rC . . . . . . yM yC
""",
"militant": """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . . . . .
6 . . . bM . . . . .
5 . . bM . # . . . .
4 . . . xM . . . . .
3 . . rC . . . . . .
2 . . . . rM . . yM yM
1 . . . . . . . yM yC
""",
"provocateur": """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . bM xM xM xM
6 . . . . bP . xM . xM
5 . . . . # . xM xM xM
4 . . rC . . . . . .
3 . . . . . . . . .
2 . . . . rM . . yM yM
1 . . . . . . . yM yC
""",
}

WHAT = {
    "ring": "Blue's necromobile carries the corpse on F4 to B2, the last open square round A1",
    "assassin": "Blue's assassin on A5 has an open line to A1 (and B6 guards him: A1xA5 loses)",
    "militant": "Blue's militant on C5 is two squares from C3 (and D6 guards him)",
    "provocateur": "Blue's provocateur on E6 can drop Red's chief into the pocket on H6",
}


def red_dies(board: Board) -> list[str]:
    """Blue's moves, Blue to move, after which Red is out of the game."""
    out = []
    for reply in board.generate_legal_moves():
        board.push(reply)
        if not board.is_active(0):
            out.append(board.move_stack[-1].text())
        board.pop()
    return out


@pytest.mark.parametrize("name", sorted(DANGERS))
def test_the_danger_is_real(name):
    board = board_from(DANGERS[name])
    blue_now = Board.from_parts(board.cells, board.control_codes, Turn.regular(1), 0)
    assert red_dies(blue_now), WHAT[name]


@pytest.mark.parametrize("level", ["normal", "hard", "hard-brs", "expert"])
@pytest.mark.parametrize("name", sorted(DANGERS))
def test_every_level_from_normal_up_answers(name, level):
    board = board_from(DANGERS[name])
    move = ExperimentalSearch(board, level, 1).run()
    board.push(move)
    assert board.turn == 1
    assert not red_dies(board), (name, level, move.text())


# A danger two moves deep: Blue's provocateur on G3 can drop Yellow's assassin (I3) or a militant
# (H2) in line with Red's chief, and Yellow, who moves after Blue, kills him. Only C2-B1 closes
# every line. ``hard`` and ``expert`` see such set-ups (a two-ply player like the sparring partner plays them).
RELAY = """
9 gC gM . . . . . bM bC
8 gM gM . . . . . bM bM
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . # . . . .
4 . . . . . . . . .
3 . . . . . . bP . yA
2 rM rM rM . . . . yM yM
1 rC . . . . . . yM yC
"""


def red_dies_in_two(board: Board) -> list[str]:
    """A move of Blue's (Blue to move) and a reply of Yellow's after which Red is out."""
    for blue in board.generate_legal_moves():
        board.push(blue)
        if board.turn == 2:
            for yellow in board.generate_legal_moves():
                board.push(yellow)
                dead = not board.is_active(0)
                board.pop()
                if dead:
                    board.pop()
                    return [blue.text(), yellow.text()]
        board.pop()
    return []


def test_the_set_up_is_real():
    board = board_from(RELAY)
    safe = []
    for move in board.generate_legal_moves():
        board.push(move)
        if not red_dies_in_two(board):
            safe.append(move.text())
        board.pop()
    assert safe == ["C2-B1"]


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_every_level_from_normal_up_sees_a_kill_set_up_for_the_next_player(level):
    board = board_from(RELAY)
    move = ExperimentalSearch(board, level, 1).run()
    board.push(move)
    assert not red_dies_in_two(board), move.text()


# A danger from a player who moves two turns later, in a full board (a game of normal's against
# three random killers, seed 4, game 82, ply 6): Yellow's provocateur on H2 could take Blue's
# militant from H6 and drop him on H2, beside Yellow's chief on I1; Green and Red move, then Blue
# kills the chief. The first ``normal`` played exactly that: its one-ply search ran out of nodes
# in the opening's many kills before it had seen most moves, and the chief's danger counted a few
# pieces' worth. ``normal`` now orders the search by every move's static value (``prepass``) and
# counts a chief that a player moving first can kill as nearly the game (``danger``).
FAR = "P1.rCrArM3bMbAbC/rRrPrM3bM1bR/1rMrN3bNbPbM/6xMbM1/5yM3/rM8/gM1gN3yN1yM/gRgPgM3yMyPyR/gCgAgM3yMyAyC.rbyg.y.1"


def killers_before(board: Board, player: int) -> list[str]:
    """Kills of ``player``'s chief that another player still in the game has now (each as if he
    moved now: in a four-player game every other player moves before ``player`` again)."""
    out = []
    for other in range(4):
        if other == player or not board.is_active(other):
            continue
        now = Board.from_parts(board.cells, board.control_codes, Turn.regular(other), 0)
        for reply in now.generate_legal_moves():
            now.push(reply)
            if not now.is_active(player):
                out.append(reply.text())
            now.pop()
    return out  # each kill once per square the corpse can be put on


def test_the_far_danger_is_real():
    board = Board.from_code(FAR)
    assert board.turn == 2 and not killers_before(board, 2)
    board.push(board.parse_move("H2-H6@H2"))
    assert {kill.split("@")[0] for kill in killers_before(board, 2)} == {"H2-I1"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_do_not_open_their_chief_to_a_later_player(level):
    board = Board.from_code(FAR)
    move = Search(board, level, 4 * 100003 + 6).run()
    board.push(move)
    assert not killers_before(board, 2), move.text()
