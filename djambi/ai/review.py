"""Reviewing a Djambi game: the engine's half of ``gamekit.review`` (any rule set).

``review(board)`` (or ``reviewer(board)``, stepped in slices) reviews the game that ``board``'s
move stack holds. Each position is searched by ``expert``'s search under a per-position budget
(``settings(NODES)``: ``expert``'s settings with smaller node budgets and no opening noise, so a whole game
takes seconds of CPython and depends only on the game). A player's *outlook* in a position is
read on the board after the engine's best move there: each player still in the game gets
``expert``'s evaluation of it for him (``evaluate``), and the outlooks are the softmax of those
values at temperature ``TEMPERATURE`` (they sum to 1: each player's share of the win); an ended
game gives the result (1 to the winner, shares of a draw). ``docs/review.md`` says why.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping

from gamekit.review import Review, Reviewer, boards_along

from ..board import Board
from ..move import Move
from .evaluation import evaluate
from .levels import SETTINGS, Level
from .search import Search

#: The level whose search and evaluation the review uses.
LEVEL = "expert"
#: The per-position node budget (``expert`` plays with up to 40,000).
NODES = 2000


def settings(nodes: int = NODES) -> Level:
    """``expert`` with a per-position budget of ``nodes``: its one-ply search 30% of it, the
    look-ahead's follow-up 6% (eight of them), a duel 75%; no opening noise (a review is the
    same every time)."""
    return replace(SETTINGS[LEVEL], nodes=nodes * 3 // 10, follow_nodes=nodes * 6 // 100,
                   duel_nodes=nodes * 3 // 4, cap=nodes, opening_noise=0.0)


#: The review's settings at the default budget.
REVIEW: Level = settings()
#: Evaluation points per factor e of odds between two players' shares of the win (a piece is
#: worth 2–5, an opponent in the game 25, a chief in danger 300).
TEMPERATURE = 40.0


class ReviewSearch(Search):
    """``Search`` playing the review's settings under the level's name."""

    levels: Mapping[str, Level] = {LEVEL: REVIEW}


def players_of(board: Board) -> int:
    """How many players the game has (two in a two-by-two game, else four seats)."""
    return 2 if board.rules.two_by_two else 4


def outlook(board: Board, settings: Level = REVIEW) -> tuple[float, ...]:
    """Each player's share of the win in ``board`` (see the module's docstring)."""
    n = players_of(board)
    if board.is_game_over():
        return tuple(board.returns()[:n])
    active = board.active_indices()
    duel = len(active) == 2
    power = settings.duel_power if duel and settings.duel_power else settings.power
    values = {p: evaluate(board, p, power=power, trap=settings.trap, keep=settings.keep,
                          sealed=settings.sealed, drop=settings.drop, danger=settings.danger,
                          dead=settings.dead, options=settings.comeback) for p in active}
    top = max(values.values())
    weights = {p: math.exp((v - top) / TEMPERATURE) for p, v in values.items()}
    total = sum(weights.values())
    return tuple(weights.get(p, 0.0) / total for p in range(n))


class Analyst:
    """What ``gamekit.review.Reviewer`` asks of Djambi, for the game in ``board``'s move stack."""

    game = "djambi"
    level = LEVEL

    def __init__(self, board: Board, nodes: int | None = None, seed: int = 0) -> None:
        self.nodes = NODES if nodes is None else nodes
        self.settings = REVIEW if nodes is None else settings(nodes)
        self.seed = seed
        self._search = ReviewSearch if nodes is None else type(
            "ReviewSearch", (ReviewSearch,), {"levels": {LEVEL: self.settings}})
        self._moves = board.move_stack
        self._boards = boards_along(board)

    def positions(self) -> list[Board]:
        return self._boards

    def moves(self) -> list[Move]:
        return self._moves

    def search(self, board: Board) -> Search | None:
        if board.is_game_over():
            return None
        return self._search(board, LEVEL, self.seed)

    def outlook(self, board: Board, best: Move | None) -> tuple[float, ...]:
        if best is None:
            return outlook(board, self.settings)
        return outlook(self.child(board, best), self.settings)

    def child(self, board: Board, move: Move) -> Board:
        after = board.copy()
        after.push(move)
        return after

    def mover(self, board: Board) -> int:
        return board.player_to_move

    def text(self, board: Board, move: Move) -> str:
        return board.move_text(move)


def reviewer(board: Board, nodes: int | None = None, seed: int = 0) -> Reviewer:
    """A ``Reviewer`` of the game in ``board``'s move stack, to step in slices. ``nodes``: the
    per-position budget (``NODES`` by default), shared out by ``settings``."""
    return Reviewer(Analyst(board, nodes, seed))


def review(board: Board, nodes: int | None = None, seed: int = 0) -> Review:
    """The whole game reviewed at once."""
    return reviewer(board, nodes, seed).run()


def engine_choice(board: Board, nodes: int | None = None, seed: int = 0) -> Move:
    """The move the review's search finds in ``board`` (the same search, run on its own)."""
    search = Analyst(board.copy(stack=False), nodes, seed).search(board)
    if search is None:
        raise ValueError("the game is over: no move to find")
    return search.run()


__all__ = ["LEVEL", "NODES", "REVIEW", "settings", "TEMPERATURE", "ReviewSearch", "Analyst", "outlook", "players_of", "reviewer",
           "review", "engine_choice"]
