"""Camblam's computer players choose the same moves as they did before the sliced search loop moved
into the kit (``gamekit.search``): every level, on fixed positions, with the level's own node
budget and no clock (the deterministic mode), run whole and in slices. The digest was recorded
from main ``8ff55e5`` (before the move); Djambi has ``bench/same_moves.py --check`` for the same."""

from __future__ import annotations

import hashlib
import random

from camblam import Board
from camblam.ai import LEVEL_NAMES, LEVELS, Search

#: sha256 of the lines ``_lines()`` gives, first 16 hex digits (recorded on main 8ff55e5).
DIGEST = "f7f98a52c8100862"


def _positions() -> list[Board]:
    """The start and positions of seeded random games, opening to late middle game."""
    boards = [Board()]
    for seed, plies in ((4, 12), (7, 24), (11, 40), (5, 60)):
        rng = random.Random(seed)
        board = Board()
        for _ in range(plies):
            moves = board.generate_legal_moves()
            if not moves or board.outcome() is not None:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def _lines(sliced_too: bool = True) -> list[str]:
    lines = []
    for n, board in enumerate(_positions()):
        for level in LEVEL_NAMES:
            budget = LEVELS[level].max_nodes if level in LEVELS else 0
            for seed in (1, 2):
                search = Search(board, level, seed, max_nodes=budget)
                move = search.run()
                line = f"{n} {level} {seed} {move} nodes {search.nodes} depth {search.depth_done} {search.mate}"
                if sliced_too and seed == 1:
                    sliced = Search(board, level, seed, max_nodes=budget)
                    steps = 0
                    while not sliced.step(1.0):
                        steps += 1
                    assert (sliced.best_move(), sliced.nodes) == (move, search.nodes), line
                lines.append(line)
    return lines


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def test_the_moves_are_those_recorded():
    lines = _lines()
    assert digest(lines) == DIGEST, "\n".join(lines)


if __name__ == "__main__":  # print the lines and the digest (to compare two trees)
    lines = _lines(sliced_too=False)
    print("\n".join(lines))
    print(digest(lines))
