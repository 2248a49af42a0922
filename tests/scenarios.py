"""Scenario positions shared by the rule tests (test_rules.py) and the move-event tests
(test_narrate.py): one small diagram per rule, with who controls what and whose turn it is.

``SCENARIO.board()`` builds a fresh ``Board``; keyword arguments override the settings
(``FOUR_CHIEFS.board(quiet=119)``).
"""

from __future__ import annotations

from typing import NamedTuple

from diagrams import board_from, with_pieces
from djambi import Board


class Scenario(NamedTuple):
    diagram: str
    control: str = "rbyg"
    turn: str = "r"
    quiet: int = 0

    def board(self, **changes: object) -> Board:
        s = self._replace(**changes)
        return board_from(s.diagram, control=s.control, turn=s.turn, quiet=s.quiet)


def scenario(control: str = "rbyg", turn: str = "r", quiet: int = 0, **placed: str) -> Scenario:
    return Scenario(with_pieces(**placed), control, turn, quiet)


CHIEFS = dict(A9="rC", I9="bC", I1="yC", A1="gC")  # the four chiefs at home

# §3 the pieces' actions
MILITANT_AND_PREY = scenario(D4="rM", D6="bM", **CHIEFS)
CHIEF_AND_PREY = scenario(A2="bM", **CHIEFS)
CHIEF_AND_RULER = scenario(A9="rC", E5="bC", I1="yC", A1="gC")
ASSASSIN_AND_PREY = scenario(B9="rA", B4="yR", **CHIEFS)
REPORTER_AND_PREY = scenario(A5="rR", D6="bM", C7="yM", **CHIEFS)
REPORTER_AND_RULER = scenario(D9="rR", E5="bC", A9="rC", I1="yC", A1="gC", B1="bM")
PROVOCATEUR_AND_PREY = scenario(B8="rP", D6="bM", D7="rM", **CHIEFS)
PROVOCATEUR_AND_CHIEF = scenario(B8="rP", D6="yC", A9="rC", I9="bC", A1="gC")
NECROMOBILE_AND_CORPSE = scenario(C7="rN", C5="xA", **CHIEFS)

# §4 acting on the maze
ASSASSIN_AND_RULER = scenario(C5="rA", E5="bC", A9="rC", I1="yC", A1="gC", I5="bM")
PROVOCATEUR_AND_RULER = scenario(B8="rP", E5="bC", A9="rC", I1="yC", A1="gC")
NECROMOBILE_AND_MAZE_CORPSE = scenario(C7="rN", E5="xC", **CHIEFS)

# §5 control and death
#: Blue already controls Yellow (Yellow's chief is dead); Red's militant B9 can kill Blue's chief.
BLUE_CHIEF_WITH_SATELLITE = scenario(
    control="rbbg", A9="rC", B9="rM", B8="bC", H2="yM", I1="xC", A1="gC", G7="bA"
)
#: Green's chief A2 is walled in but for B1; Red's necromobile C2 can take the corpse C1 there.
GREEN_CHIEF_WALLED_IN_BUT_ONE = scenario(
    A2="gC", A3="xM", B3="xM", B2="xM", A1="xM", B1=".", C1="xA", C2="rN", G1="rC", I9="bC",
    I2="yC", G8="gM",
)
#: The same with Blue in power.
GREEN_CHIEF_WALLED_IN_UNDER_BLUE = scenario(
    A2="gC", A3="xM", B3="xM", B2="xM", A1="xM", C1="xA", C2="rN", G1="rC", E5="bC", I2="yC",
    G8="gM",
)
#: Green's chief perished with nobody in power: his militant G8 is frozen.
FROZEN_GREEN = scenario(control="rbyf", A9="rC", G8="gM", I9="bC", I1="yC", A1="xC")
#: The same, with Red's provocateur able to drop Blue's chief into the maze.
FROZEN_GREEN_AND_PROVOCATEUR = scenario(
    control="rbyf", A9="rC", B8="rP", D6="bC", G8="gM", I1="yC", A1="xC"
)
#: Red's chief B9 can kill on A9, leaving the corpse on B9: walled in by his own act.
RED_CHIEF_BESIDE_A_POCKET = scenario(
    B9="rC", A9="bM", A8="xM", B8="xM", I9="bC", I1="yC", A1="gC", G5="rM"
)
#: Blue's provocateur D7 can drop Red's chief B5 on A9, walled in by A8, B8, B9.
POCKET_FOR_RED_CHIEF = scenario(
    turn="b", B5="rC", A8="xM", B8="xM", B9="xM", D7="bP", E9="rM", I9="bC", I1="yC", A1="gC"
)

# §6 turns and power
RED_CHIEF_NEAR_THE_MAZE = scenario(
    C7="rC", I9="bC", I1="yC", A1="gC", A2="gM", I8="bM", I2="yM"
)
GREEN_RULES = scenario(E5="gC", I9="bC", A9="rC", I1="yC", A7="rM", I7="bM", I3="yM", A3="gM")
#: Red and Blue left, Red in power, Blue to move.
TWO_PLAYERS_RED_RULES = scenario(
    control="rbbr", turn="b", E5="rC", I9="bC", A7="rM", I7="bM", I1="xC", A1="xC"
)
#: Red's pieces are boxed in by his own and by corpses: he must pass.
RED_MUST_PASS = scenario(
    A9="rC", A8="rM", B8="rM", B9="rM", A7="xM", B7="xM", C7="xM", C8="xM", C9="xM",
    I9="bC", I1="yC", A1="gC", I8="bM",
)

# §7 end of the game
#: Red and Blue left; Red's militant A4 can kill Blue's chief A2.
LAST_DUEL = scenario(control="rbbr", A9="rC", A2="bC", A4="rM", I1="xC", A1="xC")
FOUR_CHIEFS = scenario(**CHIEFS)

# §8 the hostage game
HOSTAGE_CHIEF_AND_PREY = scenario(
    control="rbyh", A9="rC", B2="rM", A1="gC", C1="gM", I9="bC", I1="yC"
)
HOSTAGE_CHIEF_NEAR_THE_MAZE = scenario(
    control="rbyh", B8="rP", D6="gC", A9="rC", I9="bC", I1="yC", A5="bA"
)
