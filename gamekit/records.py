"""The game record file's common parts (PGN-like, ``docs/formats.md``): header lines
``[Name "value"]`` (a backslash escapes ``"`` and ``\\``; a line break is written as a space), and
the move lines ``12. Blue A7xB5@C4`` (number, the player who moved, the move as a move list writes
it). Each engine decides its headers, its players' names and what ends the list."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

#: Longest record (characters) an engine reads; longer input is refused before it is read.
MAX_INPUT = 100_000

HEADER_RE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')


def escape(value: str) -> str:
    """A header value as written between its quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def unescape(value: str) -> str:
    """A header value as read from between its quotes."""
    return re.sub(r"\\(.)", r"\1", value)


def header_lines(headers: Mapping[str, Any]) -> list[str]:
    """``[Name "value"]`` for each header, in order."""
    return [f'[{key} "{escape(str(value))}"]' for key, value in headers.items()]


def read_header(line: str) -> tuple[str, str] | None:
    """The name and value of a header line (stripped), or ``None`` if it is not one."""
    m = HEADER_RE.fullmatch(line)
    return None if m is None else (m.group(1), unescape(m.group(2)))


def move_line_re(players: Iterable[str] | None = None) -> re.Pattern[str]:
    """A move line: number, player, move (groups 1 to 3). The player is one of ``players`` (any
    word if ``None``)."""
    who = "[A-Za-z]+" if players is None else "|".join(re.escape(p) for p in players)
    return re.compile(rf"(\d+)\.\s+({who})\s+(\S+)")


def move_lines(board: Any) -> list[str]:
    """One line per move of ``board.move_stack``, replayed from ``board.root()``: its number, the
    player who moved (``turn.title``), and the move as a move list writes it (``move_text``)."""
    lines = []
    replay = board.root()
    for i, move in enumerate(board.move_stack, 1):
        lines.append(f"{i}. {replay.turn.title} {replay.move_text(move)}")
        replay.push(move)
    return lines


__all__ = ["MAX_INPUT", "HEADER_RE", "escape", "unescape", "header_lines", "read_header", "move_line_re", "move_lines"]
