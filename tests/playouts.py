"""Shared helpers for the property tests: example counts scaled to the active hypothesis profile
(fewer inside Pyodide, see conftest.py) and seeded random games."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings

from djambi import Board

BASE = settings.default.max_examples


def scaled(factor: float) -> settings:
    """Settings running ``factor`` times the profile's example count (at least 5)."""
    return settings(
        max_examples=max(5, int(BASE * factor)),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def play_randomly(board: Board, rng: random.Random, plies: int) -> Board:
    """Play ``plies`` uniformly random legal moves on ``board`` (fewer if the game ends first)."""
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(board.generate_legal_moves()))
    return board


def random_game(seed: int, plies: int, hostage: bool = False) -> Board:
    """A game of ``plies`` uniformly random legal moves from the start (fewer if it ends first)."""
    return play_randomly(Board(hostage=hostage), random.Random(seed), plies)
