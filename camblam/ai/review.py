"""Reviewing a Camblam game: the engine's half of ``gamekit.review``.

``review(board)`` (or ``reviewer(board)``, stepped in slices) reviews the game that ``board``'s
move stack holds. Each position is searched by ``hard``'s search (the strongest level) with a node
budget alone (``settings(NODES)``), the deterministic mode: a review depends only on the game. A player's
*outlook* in a position is read on the board after the engine's best move there: ``hard``'s
evaluation (pawns, for the side to move) through a logistic curve, ``1 / (1 + e^(-v / SCALE))``
for White and the rest for Black; an ended game gives the result (1, 0, or ½ each for a draw).
``docs/review.md`` says why.
"""

from __future__ import annotations

import math
from dataclasses import replace

from gamekit.review import Review, Reviewer, boards_along

from ..board import Board
from ..move import Move
from .evaluation import evaluate
from .levels import LEVELS, Level
from .search import Search

#: The level whose search and evaluation the review uses.
LEVEL = "hard"
#: The per-position node budget (``hard`` plays with 12,000 and a time limit).
NODES = 1000


def settings(nodes: int = NODES) -> Level:
    """``hard`` with the node budget alone: no time limit, and no iteration past the first that
    the budget may not cut (``hard`` always finishes two plies, a full-width 12×12 ply of
    about 1,400 nodes and its mate probes, whatever the budget)."""
    return replace(LEVELS[LEVEL], max_nodes=nodes, time_limit=None, min_depth=1)
#: Pawns per factor e of odds: two pawns up is about 62%, a rook (5) about 78%, a queen (9) 90%.
SCALE = 4.0


def outlook(board: Board) -> tuple[float, float]:
    """White's and Black's expectancy of winning in ``board`` (see the module's docstring)."""
    ended = board.outcome()
    if ended is not None:
        if ended.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if int(ended.winner) == 0 else (0.0, 1.0)
    v = evaluate(board, LEVELS[LEVEL])
    if int(board.turn) == 1:
        v = -v
    white = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, v / SCALE))))
    return (white, 1.0 - white)


class Analyst:
    """What ``gamekit.review.Reviewer`` asks of Camblam, for the game in ``board``'s move stack."""

    game = "camblam"
    level = LEVEL

    def __init__(self, board: Board, nodes: int | None = None, seed: int = 0) -> None:
        self.nodes = NODES if nodes is None else nodes
        self.settings = settings(self.nodes)
        self.seed = seed
        self._moves = board.move_stack
        self._boards = boards_along(board)

    def positions(self) -> list[Board]:
        return self._boards

    def moves(self) -> list[Move]:
        return self._moves

    def search(self, board: Board) -> Search | None:
        if board.outcome() is not None:
            return None
        return Search(board, self.settings, self.seed, max_nodes=self.nodes)

    def outlook(self, board: Board, best: Move | None) -> tuple[float, ...]:
        return outlook(board if best is None else self.child(board, best))

    def child(self, board: Board, move: Move) -> Board:
        after = board.copy()
        after.push(move)
        return after

    def mover(self, board: Board) -> int:
        return int(board.turn)

    def text(self, board: Board, move: Move) -> str:
        return board.move_text(move)


def reviewer(board: Board, nodes: int | None = None, seed: int = 0) -> Reviewer:
    """A ``Reviewer`` of the game in ``board``'s move stack, to step in slices."""
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


__all__ = ["LEVEL", "NODES", "settings", "SCALE", "Analyst", "outlook", "reviewer", "review", "engine_choice"]
