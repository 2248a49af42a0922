"""Perft: the number of distinct sequences of legal moves from a position, the engines' check
against independent references (figures in ``docs/``).

A board needs ``generate_legal_moves()``, ``count_legal_moves()`` (the last level is counted,
not built), ``push(move)`` and ``pop()``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator


def perft(board: Any, depth: int) -> int:
    """The number of distinct sequences of ``depth`` legal moves from ``board`` (left as it was)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return board.count_legal_moves()
    total = 0
    for move in board.generate_legal_moves():
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def divide(board: Any, depth: int, order: Callable[[Iterable[Any]], Iterable[Any]] = list) -> Iterator[tuple[Any, int]]:
    """Each first move (in ``order`` of the generated list) with the perft of ``depth - 1`` below
    it; ``depth`` 1 or more."""
    for move in order(board.generate_legal_moves()):
        board.push(move)
        n = perft(board, depth - 1)
        board.pop()
        yield move, n


__all__ = ["perft", "divide"]
