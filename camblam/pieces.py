"""Colours, the nine kinds of piece, and the frozen ``Piece`` value (rulings §1).

Inside a board a square holds a small signed int: 0 empty, ``kind + 1`` a White piece and
``-(kind + 1)`` a Black one (``Piece.code``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Color(IntEnum):
    """The two sides. White moves first."""

    WHITE = 0
    BLACK = 1

    @property
    def letter(self) -> str:
        """``w`` or ``b`` (as in the position text)."""
        return "wb"[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def other(self) -> "Color":
        return Color(1 - self)

    @classmethod
    def from_letter(cls, letter: str) -> "Color":
        index = "wb".find(letter) if len(letter) == 1 else -1
        if index < 0:
            raise ValueError(f"not a side letter: {letter!r} (expected w or b)")
        return cls(index)

    def __repr__(self) -> str:
        return f"Color.{self.name}"


class Kind(IntEnum):
    """The nine kinds of piece, with their letters (rulings §1)."""

    KING = 0
    QUEEN = 1
    ROOK = 2
    BISHOP = 3
    KNIGHT = 4
    CATAPULT = 5
    ARCHER = 6
    PRINCE = 7
    PAWN = 8

    @property
    def letter(self) -> str:
        """The upper-case letter: ``K Q R B N C A H P``."""
        return LETTERS[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def from_letter(cls, letter: str) -> "Kind":
        index = LETTERS.find(letter.upper()) if len(letter) == 1 else -1
        if index < 0:
            raise ValueError(f"not a piece letter: {letter!r} (expected one of {', '.join(LETTERS)})")
        return cls(index)

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


LETTERS = "KQRBNCAHP"

#: The pieces a pawn may be promoted to (rulings §3), in the order moves list them.
PROMOTIONS: tuple[Kind, ...] = (
    Kind.QUEEN, Kind.ROOK, Kind.BISHOP, Kind.KNIGHT, Kind.CATAPULT, Kind.ARCHER, Kind.PRINCE,
)

#: How many pieces of each kind a side starts with (rulings §1): 36 in all.
ARMY: dict[Kind, int] = {
    Kind.PAWN: 12, Kind.KNIGHT: 6, Kind.CATAPULT: 6, Kind.ARCHER: 4, Kind.ROOK: 2,
    Kind.BISHOP: 2, Kind.PRINCE: 2, Kind.QUEEN: 1, Kind.KING: 1,
}


@dataclass(frozen=True)
class Piece:
    """A piece: its kind and colour."""

    kind: Kind
    color: Color

    def symbol(self) -> str:
        """The letter, upper case for White, lower case for Black: ``Q``, ``h``."""
        letter = self.kind.letter
        return letter if self.color == Color.WHITE else letter.lower()

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        if len(symbol) != 1 or symbol.upper() not in LETTERS:
            raise ValueError(f"not a piece symbol: {symbol!r} (expected one of {LETTERS} or {LETTERS.lower()})")
        return cls(Kind.from_letter(symbol), Color.WHITE if symbol.isupper() else Color.BLACK)

    @property
    def code(self) -> int:
        return self.kind + 1 if self.color == Color.WHITE else -(self.kind + 1)

    @classmethod
    def from_code(cls, code: int) -> "Piece":
        if code > 0:
            return cls(Kind(code - 1), Color.WHITE)
        return cls(Kind(-code - 1), Color.BLACK)

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"


__all__ = ["Color", "Kind", "Piece", "LETTERS", "PROMOTIONS", "ARMY"]
