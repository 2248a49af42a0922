"""The frozen ``Move`` value and its coordinate notation (rulings §5).

A move is named by its start square, its landing square and, for a promotion, the new piece:
``f3f6``, ``e11e12q``, ``b1c3``. A chain capture is named by where the piece lands (it takes
every enemy piece from the first one met up to that square); an archer's shot is written from the
archer to its target (``e4e9``): the archer stays, and since it never moves onto a piece, a target
holding an enemy means the shot. What a move does depends on the position: ``Board`` says it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .pieces import Kind
from .squares import Square, parse_square, square_name

_COORD_RE = re.compile(r"([a-l](?:1[0-2]|[1-9]))([a-l](?:1[0-2]|[1-9]))([qrbncah])?")


class CamblamError(ValueError):
    """Base of every error raised for bad input: a bad move or position."""


class InvalidMoveError(CamblamError):
    """A move text that is not well formed."""


class IllegalMoveError(CamblamError):
    """A well-formed move that is not legal in the position it was played in."""


class Move(NamedTuple):
    """A move: start square, landing square (or a shot's target) and the promotion piece."""

    from_square: Square
    to_square: Square
    promotion: Kind | None = None

    def text(self) -> str:
        """Coordinate notation: ``f3f6``, ``e11e12q``."""
        out = square_name(self.from_square) + square_name(self.to_square)
        if self.promotion is not None:
            out += self.promotion.letter.lower()
        return out

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Parse coordinate notation; ``InvalidMoveError`` naming the bad part if malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
        stripped = text.strip()
        match = _COORD_RE.fullmatch(stripped)
        if not match:
            lead = re.match(r"[a-l](?:1[0-2]|[1-9])", stripped)
            if lead is None:
                part = "start square"
            elif re.match(r"[a-l](?:1[0-2]|[1-9])", stripped[lead.end():]) is None:
                part = "landing square"
            else:
                part = "promotion letter (q, r, b, n, c, a or h)"
            raise InvalidMoveError(
                f"bad move text {text!r}: bad {part}; expected start square, landing square and, "
                f"for a promotion, the new piece's letter (e.g. f3f6, e11e12q), squares a1 to l12"
            )
        start, to, promo = match.groups()
        if start == to:
            raise InvalidMoveError(f"bad move text {text!r}: the landing square is the start square")
        return cls(parse_square(start), parse_square(to), Kind.from_letter(promo) if promo else None)


__all__ = ["Move", "CamblamError", "InvalidMoveError", "IllegalMoveError"]
