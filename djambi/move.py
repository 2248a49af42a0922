"""The frozen ``Move`` value: one whole turn, every choice included (rulings §9).

Its text (see ``docs/formats.md``) is ``FROM-TO``, then, where the move has them, ``-EXIT`` (the
exit square after acting in the maze), ``@PLACE`` (where the corpse or the moved piece goes) and
``xVICTIM`` (the reporter's victim). A board writes ``x`` instead of the first ``-`` when the move
kills by taking the square (``A7xB5@C4``); the parser here accepts either, since the squares alone
define the move. A pass is ``pass``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .squares import Square, parse_square, square_name

PASS_TEXT = "pass"

_MOVE_RE = re.compile(
    r"(?P<piece>[A-I][1-9])(?P<sep>[-x])(?P<to>[A-I][1-9])"
    r"(?:-(?P<exit>[A-I][1-9]))?(?:@(?P<place>[A-I][1-9]))?(?:x(?P<victim>[A-I][1-9]))?"
)


class DjambiError(ValueError):
    """Base of every error raised for bad input: a bad move, position, or game record."""


class InvalidMoveError(DjambiError):
    """A move text that is not well formed."""


class IllegalMoveError(DjambiError):
    """A well-formed move that is not legal in the position it was played in."""


class Move(NamedTuple):
    """A complete move: the piece's square, its destination, and the follow-up choices.

    ``place``: where the corpse or the moved piece goes (militant, chief, provocateur,
    necromobile; ``None`` for an assassin, whose victim goes to its starting square).
    ``victim``: the reporter's victim, or ``None`` for no kill.
    ``exit``: the square a piece leaves the maze to, after acting on what is in it.
    ``Move.null()`` (``piece == to == -1``) is a pass.

    A named tuple: immutable, hashable, and cheap to make by the thousand (a kill has a move for
    every square its corpse may go to).
    """

    piece: Square
    to: Square
    place: Square | None = None
    victim: Square | None = None
    exit: Square | None = None

    @classmethod
    def null(cls) -> "Move":
        """The pass: played by a player who has no legal move."""
        return cls(-1, -1)

    def is_pass(self) -> bool:
        return self == _NULL

    @property
    def lands(self) -> Square:
        """The square the moving piece ends on: its exit after acting in the maze, else ``to``."""
        return self.exit if self.exit is not None else self.to

    def text(self, kill: bool = False) -> str:
        """The move text; ``kill`` writes ``x`` after the piece's square."""
        if self.piece < 0:
            return PASS_TEXT if self.is_pass() else f"<not a move: {self.piece}, {self.to}>"
        out = [square_name(self.piece), "x" if kill else "-", square_name(self.to)]
        if self.exit is not None:
            out += ["-", square_name(self.exit)]
        if self.place is not None:
            out += ["@", square_name(self.place)]
        if self.victim is not None:
            out += ["x", square_name(self.victim)]
        return "".join(out)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Parse a move text (squares in either case); ``InvalidMoveError`` if malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
        stripped = text.strip()
        if stripped.lower() == PASS_TEXT:
            return cls.null()
        upper = stripped.upper().replace("X", "x")
        match = _MOVE_RE.fullmatch(upper)
        if not match:
            raise InvalidMoveError(
                f"bad move text {text!r}: expected FROM-TO, then optional -EXIT, @PLACE and "
                f"xVICTIM, with squares A1 to I9 (e.g. A7-A6, A7xB5@C4, B8-D6xD7), or 'pass'"
            )
        sq = {k: (parse_square(v) if v else None) for k, v in match.groupdict().items() if k != "sep"}
        if sq["piece"] == sq["to"]:
            raise InvalidMoveError(f"bad move text {text!r}: the piece must leave its square")
        if sq["victim"] is not None and (sq["place"] is not None or sq["exit"] is not None):
            raise InvalidMoveError(
                f"bad move text {text!r}: only a reporter names a victim, and it places nothing"
            )
        return cls(sq["piece"], sq["to"], sq["place"], sq["victim"], sq["exit"])


_NULL = Move(-1, -1)

__all__ = ["Move", "DjambiError", "InvalidMoveError", "IllegalMoveError", "PASS_TEXT"]
