"""The computer levels a player can pick, and each level's settings as a frozen ``Level``.

``LEVELS`` names them in order of strength (``random`` has no settings: it never searches).
``SETTINGS[name]`` is the ``Level`` that ``Search`` plays; ``Level``'s fields say what each knob
does. Settings tried in tournaments but offered to nobody live in ``bench/ai_experiments.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("random", "easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class Level:
    """How a level searches. The defaults are the plainest search: one ply, no extras."""

    #: Plies of the main search, and its node budget.
    depth: int = 1
    nodes: int = 2500
    #: Plies of quiescence (kills only) below the main search.
    qdepth: int = 0
    #: Standard deviation of the noise on root scores (0: none).
    noise: float = 0.0
    #: Standard deviation of the noise before the first kill (the opening).
    opening_noise: float = 0.0
    #: Every root move gets its static value first, so the search runs best-first.
    prepass: bool = False
    #: Narrow quiescence: one corpse square per kill; an opponent only takes the root player's
    #: pieces or a chief.
    qnarrow: bool = False
    #: Window below the best root move in the one-ply search.
    margin: float = 0.0
    #: A drawn position is worth a little less than an even game (``Search._draw``), not ``DRAW``.
    relative_draw: bool = False
    #: Nodes of the whole search (look-aheads and set-up checks included); 0: three times the
    #: search's budget.
    cap: int = 0
    # The evaluation's terms (``evaluate``).
    #: What holding the maze is worth.
    power: float = 6.0
    #: The extra cost of the root player's chief one corpse short of perishing.
    trap: float = 0.0
    #: What keeping a living necromobile is worth (and its loss costs).
    keep: float = 0.0
    #: What an opponent's chief sealed out of the root player's reach adds to his score.
    sealed: float = 0.0
    #: What such a chief adds more with no necromobile left on the board (nobody can win).
    dead: float = 0.0
    #: The static set-up danger: a provocateur that can drop a killer beside the root's chief.
    drop: float = 0.0
    #: What the root player's chief costs when a player who moves before him can kill him.
    danger: float = 30.0
    #: What moving the necromobile costs before the first kill, unless it is attacked.
    necro_home: float = 0.0
    # After the search.
    #: Moves, best first, checked for set-ups (``Search._set_up``); the first clean one is played.
    screen: int = 0
    #: Moves given the look-ahead with a model of the opponents (``Search._lookahead``).
    lookahead: int = 0
    #: Node budget of the root player's follow-up search in a look-ahead.
    follow_nodes: int = 0
    #: Weight of the look-ahead's value in the blend with the search's.
    weight: float = 0.0
    #: More look-aheads while every one so far loses.
    extend: int = 0
    #: What a set-up of a kill of the root player's chief found in a look-ahead costs.
    relay: float = 0.0
    #: Try every opponent's set-ups from the position after the move first.
    relay_all: bool = False
    #: Look-aheads past ``lookahead`` while every move seen allows a set-up.
    relay_extend: int = 0
    # With two players left.
    #: Search depth (0: ``depth``) and node budget (0: ``nodes``).
    duel_depth: int = 0
    duel_nodes: int = 0
    #: No look-ahead.
    duel_plain: bool = False
    #: ``power`` (0: unchanged): the ruler moves twice to his one opponent's once.
    duel_power: float = 0.0
    #: What each move the root player's hunters still need to kill the last chief costs
    #: (``Search._hunt_bias``).
    hunt: float = 0.0
    # Rule options.
    #: Under ``come-back=allowed``: a root player who is out (his chiefs walled in, alive) is
    #: worth ``-WIN + comeback`` rather than a lost game, and each opponent out counts this
    #: share of an opponent in the game (0: out is lost, as without the option).
    comeback: float = 0.0


#: Each searching level's settings.
SETTINGS: dict[str, Level] = {
    "easy": Level(depth=1, nodes=400, qdepth=0, noise=3.0),
    # One ply best-first with a narrow quiescence, then the first move (best first) that allows
    # no set-up; two plies in a duel; the chief's danger; the necromobile home.
    "normal": Level(depth=1, nodes=2500, qdepth=3, noise=0.0, keep=20.0, sealed=30.0, prepass=True,
                    qnarrow=True, danger=300.0, duel_depth=2, duel_nodes=4000, relative_draw=True,
                    necro_home=5.0, drop=25.0, screen=200, cap=9000, hunt=1.0, dead=100.0),
    # One ply best-first, then a look-ahead with a model of the opponents for the best moves.
    "hard": Level(depth=1, nodes=3000, qdepth=3, noise=0.0, margin=15.0,
                  lookahead=5, follow_nodes=600, weight=0.5,
                  prepass=True, qnarrow=True, relative_draw=True, opening_noise=0.5, trap=20.0,
                  extend=10, duel_depth=2, duel_nodes=8000, cap=11000, keep=10.0, sealed=30.0,
                  relay=800.0, relay_all=True, relay_extend=200, drop=25.0, danger=300.0,
                  duel_plain=True, duel_power=40.0),
    # Hard with a wider and deeper look-ahead: more moves, a larger follow-up search, a larger
    # one-ply search, three plies in a duel (a two-ply player blundered pieces to the last
    # chief), and the come-back and skips options known (an out player may come back).
    "expert": Level(depth=1, nodes=6000, qdepth=3, noise=0.0, margin=15.0,
                    lookahead=8, follow_nodes=1500, weight=0.5,
                    prepass=True, qnarrow=True, relative_draw=True, opening_noise=0.5, trap=20.0,
                    extend=10, duel_depth=3, duel_nodes=20000, cap=40000, keep=10.0, sealed=30.0,
                    relay=800.0, relay_all=True, relay_extend=200, drop=25.0, danger=300.0,
                    duel_plain=True, duel_power=40.0, comeback=0.4),
}

__all__ = ["LEVELS", "Level", "SETTINGS"]
