"""Computer opponents: an evaluation that knows Djambi and a multi-player search over it.

The package: ``levels`` (``LEVELS`` and each level's frozen ``Level`` settings), ``evaluation``
(``evaluate`` and the static tests it uses), ``movegen`` (the search's moves: few placements per
kill; the ``random`` level), ``search`` (``Search``, resumable in slices). ``docs/ai.md`` tells
the whole story; experiments no player can pick are in ``bench/ai_experiments.py``.

Levels (``LEVELS``):

``random``  a uniformly random piece-and-destination, then a uniformly random choice among that
            pair's moves (the corpse's square, the victim, …). Cheap: it never builds the
            thousands of placement variants a kill creates.
``easy``    one ply, greedy over the evaluation, with noise.
``normal``  paranoid search (every other player minimises the mover's score) one ply deep, then a
            quiescence search over the kills that follow. Every move first gets its static value
            (``prepass``), so the search runs best-first and, with a *narrow* quiescence (one
            corpse square per kill; an opponent only takes the root player's pieces or a chief),
            finishes its ply within 2,500 nodes even in a busy opening. Then, best move first, it
            plays the first move that lets no opponent set up a kill of its chief for the player
            after him (``Search._set_up``: a provocateur dropping a piece beside the chief, a
            piece moved off a line). A chief that a player moving first can kill costs nearly the
            game (``danger``); with two players left it searches two plies (enough to open a wall
            round the last chief and kill through the gap) and values a draw against the players
            left; until the first kill its necromobile stays home unless attacked
            (``necro_home``: out in the field it is only a target, and without it a chief sealed
            in corpses later is out of reach for good). With two players left it also hunts
            (``hunt``): every move's score loses a point per move its pieces still need to kill
            the last enemy chief (``hunt_field``: round corpses, through his guards), so that a
            quiet ending is not shuffled until the 120-turn draw; when every hunter is walled
            off, its necromobile goes to carry the wall away. An opponent's chief walled in
            with no necromobile left on the board can never be eliminated, so nobody can win:
            that counts heavily against it (``dead``): it does not kill the last necromobile.
``hard``    paranoid search too, but every move first gets its static value (stage 0), so that
            the one-ply search with a *narrow* quiescence (one corpse square per kill; an
            opponent only takes the root player's pieces or a chief) runs best-first and always
            finishes within its budget. Then, for the five best moves, a look-ahead with a model
            of the opponents: each opponent, in the board's turn order, plays the move a greedy
            one-ply player would, until it is the root player's turn again, whose best follow-up
            (one ply + quiescence) is searched. The move's value blends the paranoid score and
            the look-ahead's. If all of them lose, the look-ahead goes on down the list (up to
            ten more). This sees the threats a move creates (and the realistic replies to it),
            which the paranoid one-ply search cannot. Its evaluation also fears its own chief
            one corpse short of perishing whatever holds the last square (a piece there that
            moves away or is killed closes the wall), values a draw relative to an even game
            (see ``Search._draw``), searches two plies when only two players are left, and adds
            a little seeded noise in the opening (before the first kill) so that its games do
            not all follow one line per seating. It also sees *set-ups*: an opponent whose move
            lets the player after him kill the root player's chief (his provocateur drops a
            piece of that player beside the chief or on his line, a piece or corpse is moved
            off a line): each look-ahead first tries every such opponent's moves from the
            position (``_relay``, pushed), and at every opponent's turn in it; a set-up found
            counts as a near loss, and the look-ahead goes on down the whole list of moves
            while every move seen allows one. The evaluation has the static form of it (a
            provocateur that can reach a killer of the next player while the chief has an
            empty square beside him: ``drop``). A two-ply player like the sparring partner
            finds such set-ups and plays them: they were most of ``hard``'s early losses. Like
            ``normal``, a chief that a player moving first can kill costs it nearly the game
            (``danger``). With two players left it plays the plain two-ply search, without the
            look-ahead's model of several opponents (``duel_plain``), and holding the maze is
            worth more there (``duel_power``: the ruler moves twice to his one opponent's once).
``expert``  ``hard``'s search, wider and deeper: a larger one-ply search, the look-ahead for the
            eight best moves with a follow-up search of 1,500 nodes, a three-ply duel; and the only
            level whose evaluation knows ``come-back`` (out is not lost, an opponent out may
            come back) and ``skips`` (no move and no pass left is nearly out): ``comeback``.
"""

from __future__ import annotations

from ..threats import Scan
from .evaluation import (DRAW, HUNT_CAP, OPPONENT, VALUE, VICTIM_ORDER, WIN, _even, _sealed, evaluate,
                         hunt_field)
from .levels import LEVELS, SETTINGS, Level
from .movegen import _Gen, _narrow, _pairs, candidate_moves, random_move
from .search import DRAW_MARGIN, SLICE_NODES, Search, accepts_draw, choose_move

__all__ = ["LEVELS", "Level", "SETTINGS", "Search", "choose_move", "accepts_draw", "evaluate",
           "candidate_moves", "random_move", "hunt_field", "HUNT_CAP", "Scan"]
