"""The end of a game, and the repetition count of a position, as every engine has them.

An engine's ``Outcome`` is this class with its own ``result()`` (the text of a record's
``Result`` header: ``Red``/``draw`` in Djambi, ``1-0``/``0-1``/``1/2-1/2`` in Camblam); its
``termination`` is a member of the engine's ``Termination`` enum, whose values are the words
records and the app read (``AGREEMENT`` and ``RESIGNATION`` are the ones every game spells alike).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Hashable, Sequence

#: ``Termination.value`` of a game the players ended by agreeing a draw.
AGREEMENT = "agreement"
#: ``Termination.value`` of a game a player ended by resigning.
RESIGNATION = "resignation"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination`` (the engine's ``Termination``) and ``winner`` (the
    engine's player value), or ``None`` for a draw."""

    termination: Enum
    winner: Any = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def by_players(self) -> bool:
        """Whether the players ended it by their word (a draw agreed, a resignation), not the rules."""
        return self.termination.value in (AGREEMENT, RESIGNATION)

    def result(self) -> str:
        """The record's ``Result`` text (each engine's own)."""
        raise NotImplementedError


def repetitions(keys: Sequence[Hashable], reversible: int, players: int = 2) -> int:
    """How many times the last position of ``keys`` (one key a ply, the current one last) has
    stood with the same player to move: 1 the first time. Only the last ``reversible`` plies can
    repeat it (those since the last move that cannot be undone: a capture, a pawn's move)."""
    key = keys[-1]
    n = 0
    for i in range(len(keys) - 1, max(-1, len(keys) - 2 - reversible), -players):
        if keys[i] == key:
            n += 1
    return n


__all__ = ["Outcome", "AGREEMENT", "RESIGNATION", "repetitions"]
