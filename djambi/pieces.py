"""Parties, kinds of piece, and the frozen ``Piece`` value.

A living piece belongs to a party (its colour); a corpse has no party: the dead all share
"the colour of impotence" (seed 001, §1.2), though a corpse still shows what it was, because a
chief's corpse is the only corpse the maze may hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Party(IntEnum):
    """The four parties, in seat order (rulings §1). A player is named by his own party."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    GREEN = 3

    @property
    def letter(self) -> str:
        """``r``, ``b``, ``y`` or ``g``."""
        return "rbyg"[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def from_letter(cls, letter: str) -> "Party":
        index = "rbyg".find(letter.lower()) if len(letter) == 1 else -1
        if index < 0:
            raise ValueError(f"not a party letter: {letter!r} (expected r, b, y or g)")
        return cls(index)

    def __repr__(self) -> str:
        return f"Party.{self.name}"


class Kind(IntEnum):
    """The six kinds of piece."""

    CHIEF = 0
    ASSASSIN = 1
    REPORTER = 2
    PROVOCATEUR = 3
    NECROMOBILE = 4
    MILITANT = 5

    @property
    def letter(self) -> str:
        """``C``, ``A``, ``R``, ``P``, ``N`` or ``M``."""
        return "CARPNM"[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def from_letter(cls, letter: str) -> "Kind":
        index = "CARPNM".find(letter.upper()) if len(letter) == 1 else -1
        if index < 0:
            raise ValueError(f"not a piece letter: {letter!r} (expected C, A, R, P, N or M)")
        return cls(index)

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


#: The kinds as plain ints, for the engine's inner loops (which get a kind from a cell code by
#: arithmetic): ``CHIEF == Kind.CHIEF``.
CHIEF, ASSASSIN, REPORTER, PROVOCATEUR, NECROMOBILE, MILITANT = (int(kind) for kind in Kind)


#: How many pieces of each kind a party has.
PARTY_SIZE: dict[Kind, int] = {
    Kind.CHIEF: 1, Kind.ASSASSIN: 1, Kind.REPORTER: 1,
    Kind.PROVOCATEUR: 1, Kind.NECROMOBILE: 1, Kind.MILITANT: 4,
}

# Compact cell codes used inside the board: 0 empty, 1–30 living, 65–70 corpses.
DEAD = 64


def living_code(kind: int, party: int) -> int:
    return 1 + kind + 8 * party


def corpse_code(kind: int) -> int:
    return DEAD + 1 + kind


@dataclass(frozen=True)
class Piece:
    """A piece: its kind and, while it lives, its party. ``party is None`` means a corpse."""

    kind: Kind
    party: Party | None = None

    @property
    def alive(self) -> bool:
        return self.party is not None

    @classmethod
    def corpse(cls, kind: Kind) -> "Piece":
        return cls(Kind(kind), None)

    def symbol(self) -> str:
        """Two characters: the party letter (``x`` for a corpse) and the kind letter: ``rC``, ``xM``."""
        return ("x" if self.party is None else self.party.letter) + self.kind.letter

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        if len(symbol) != 2:
            raise ValueError(f"not a piece symbol: {symbol!r} (expected e.g. rC or xM)")
        kind = Kind.from_letter(symbol[1])
        if symbol[0] == "x":
            return cls(kind, None)
        return cls(kind, Party.from_letter(symbol[0]))

    @property
    def code(self) -> int:
        return corpse_code(self.kind) if self.party is None else living_code(self.kind, self.party)

    @classmethod
    def from_code(cls, code: int) -> "Piece":
        if code > DEAD:
            return cls(Kind(code - DEAD - 1), None)
        return cls(Kind((code - 1) & 7), Party((code - 1) >> 3))

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"


__all__ = ["Party", "Kind", "Piece", "PARTY_SIZE"]
