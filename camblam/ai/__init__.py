"""Computer players for Camblam: a two-player alpha-beta search (negamax) over an evaluation.

The package, as ``djambi.ai``: ``levels`` (``LEVELS``, each level's frozen ``Level``, and
``LEVEL_NAMES``), ``evaluation`` (``evaluate`` and the material ``VALUE``), ``movegen`` (the
search's view of the board's moves), ``search`` (``Search``, resumable in slices; ``choose_move``,
``accepts_draw``). ``docs/camblam.md`` gives the figures; ``bench/camblam_ai.py`` measures them.

Levels (``LEVELS``; ``random`` plays a uniformly random legal move):

``easy``    one ply, then the evaluation (material only) with seeded noise of about a pawn and a
            half: it takes what hangs, but misjudges and misses replies. It never misses a mate in
            one (the mate probe below runs before its search, whatever the noise or the clock).
``normal``  iterative deepening to two plies plus a quiescence search over captures and shots;
            material, king safety and pawn advance; and the mate guard (``Level.guard``): a mate
            in two that starts with a check is found before the search; when the opponent
            threatens mate in one, neither the node budget nor the time limit stops it before two
            plies; it never plays a move that allows a mate in one while another move avoids it.
``hard``    iterative deepening to four plies with quiescence, within a larger node budget, as a
            principal variation search with late move reductions; never stops before two plies;
            the mate guard; adds mobility and, when ahead, a bounded king hunt (pieces drawn
            towards the enemy king, whose free squares cost it), so a won game ends in mate, not
            in the 100-move rule.

The search: negamax alpha-beta with iterative deepening, a transposition table keyed by the
board's position key (Python's hash of the cells and side to move: what a Zobrist key gives,
without the incremental upkeep), move ordering (the table's move, then captures by most valuable
victims / least valuable attacker — a chain's victims add up —, then killer moves and the history
table), a check extension, and a quiescence search over captures and shots (stand pat, delta
pruning before the legality test, depth capped). Mate scores count plies, so the shortest mate is
preferred.
"""

from __future__ import annotations

from .evaluation import VALUE, evaluate
from .levels import LEVEL_NAMES, LEVELS, Level
from .movegen import as_move
from .search import DELTA, MATE, QDEPTH, SLICE_NODES, Search, accepts_draw, choose_move

__all__ = ["Level", "LEVELS", "LEVEL_NAMES", "VALUE", "MATE", "SLICE_NODES", "QDEPTH", "DELTA", "Search",
           "choose_move", "accepts_draw", "evaluate", "as_move"]
