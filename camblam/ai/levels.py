"""The Camblam computer levels a player can pick, each a frozen ``Level`` (``LEVELS``), and
``LEVEL_NAMES``: every name a seat may have (``random`` plays a uniformly random legal move and
has no settings). ``docs/camblam.md`` gives each level's figures.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How a computer player searches."""

    name: str
    max_depth: int  # plies of the full-width search
    max_nodes: int  # node budget (quiescence nodes count)
    noise: float  # standard deviation, in pawns, of the seeded noise on the root moves' scores
    quiescence: bool  # search captures and shots at the leaves
    positional: bool  # king safety and pawn advance in the evaluation
    mobility: bool  # mobility and the king hunt in the evaluation
    time_limit: float | None = None  # seconds of wall-clock time at most (None: the node budget alone)
    #: The mate guard: a mate in two by a check found before the search; at least two plies searched
    #: (past the limits) when the opponent threatens mate in one; never a move that allows a mate in
    #: one while another avoids it. Every level plays a mate in one.
    guard: bool = False
    #: Iterations that neither the node budget nor the time limit cuts (the latter up to twice the
    #: limit past it): below two plies the search cannot see the reply to its move.
    min_depth: int = 1
    #: Principal variation search with late move reductions (quiet moves after the first few searched
    #: a ply shallower at depth 3 and more, searched again in full if they beat the best).
    reductions: bool = False


LEVELS: dict[str, Level] = {
    "easy": Level("easy", max_depth=1, max_nodes=2_000, noise=1.5, quiescence=False, positional=False,
                  mobility=False, time_limit=1.0),
    "normal": Level("normal", max_depth=2, max_nodes=3_000, noise=0.0, quiescence=True, positional=True,
                    mobility=False, time_limit=1.5, guard=True),
    "hard": Level("hard", max_depth=4, max_nodes=12_000, noise=0.0, quiescence=True, positional=True,
                  mobility=True, time_limit=2.5, guard=True, min_depth=2,
                  reductions=True),
}
#: Every level name a seat may have.
LEVEL_NAMES = ("random", *LEVELS)
