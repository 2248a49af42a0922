"""Camblam behind the shell's ``Game`` interface (``app.games``): the ``camblam`` engine's link
codes, game records, narration, squares and computer players. Pure Python.

Codes (``docs/formats.md``, "Camblam in links and files"): a position is ``C1.`` and the position
text with its spaces written ``.`` (``C1.rnbhaqkahbnr/…/RNBHAQKAHBNR.w.0.1``); a game is ``C1~``,
its start (``start`` or a position code) and its moves in coordinate notation, ``~`` between
(``C1~start~f3f6~f10f7``), and ``draw`` (agreed) or ``w-resigns``/``b-resigns`` last for a game
that ended so. Djambi's codes start with ``P`` or ``G``, so the first letter says the
game. A record file starts with the header ``[Game "Camblam"]``.
"""

from __future__ import annotations

import re
from typing import Any

from camblam import (Board, CamblamError, Color, Move, describe_move, parse_position, parse_square,
                     square_name)

POSITION_PREFIX = "C1."
GAME_PREFIX = "C1~"
MAX_INPUT = 100_000  # characters


class CamblamCodeError(CamblamError):
    """A Camblam link code or record that is not well formed."""


def format_position_code(board: Board) -> str:
    """``C1.`` and the position text, spaces written ``.``."""
    return POSITION_PREFIX + board.code().replace(" ", ".")


def parse_position_code(text: str) -> Board:
    if not isinstance(text, str) or not text.startswith(POSITION_PREFIX):
        raise CamblamCodeError(f"bad Camblam position code {str(text)[:40]!r}: it should start with {POSITION_PREFIX}")
    return parse_position(text[len(POSITION_PREFIX):].replace(".", " "))


def _start_name(board: Board) -> str:
    root = board.root()
    return "start" if root == Board() else format_position_code(root)


#: The last field of a game code for a game that ended without a move: an agreed draw, or a side
#: that resigned.
ENDINGS = {"draw": "agreement", "w-resigns": Color.WHITE, "b-resigns": Color.BLACK}


def format_game_code(board: Board) -> str:
    """``C1~start~f3f6~f10f7``: the start and every move (coordinate notation); ``~draw`` after
    them for an agreed draw, ``~w-resigns`` or ``~b-resigns`` when a side resigned."""
    fields = [GAME_PREFIX + _start_name(board), *(m.text() for m in board.move_stack)]
    outcome = board.outcome()
    if outcome is not None and outcome.termination.value == "agreement":
        fields.append("draw")
    elif outcome is not None and outcome.termination.value == "resignation":
        fields.append(f"{Color(1 - outcome.winner).letter}-resigns")
    return "~".join(fields)


def parse_game_code(text: str) -> Board:
    """The board of a game code, its moves on the stack; errors name the bad part."""
    if not isinstance(text, str) or not text.startswith(GAME_PREFIX):
        raise CamblamCodeError(f"bad Camblam game code {str(text)[:40]!r}: it should start with {GAME_PREFIX}")
    if len(text) > MAX_INPUT:
        raise CamblamCodeError("bad Camblam game code: too long")
    start, *moves = text[len(GAME_PREFIX):].split("~")
    ending = moves.pop() if moves and moves[-1] in ENDINGS else None
    board = Board() if start == "start" else parse_position_code(start)
    for number, move in enumerate(moves, 1):
        try:
            board.play(Move.parse(move))
        except CamblamError as exc:
            raise CamblamCodeError(f"bad Camblam game code: move {number} ({move[:20]!r}): {exc}") from None
    if ending is not None:
        if board.is_game_over():
            raise CamblamCodeError(f"bad Camblam game code: {ending!r} after the end of the game")
        if ending == "draw":
            board.agree_draw()
        else:
            board.resign(ENDINGS[ending])
    return board


_HEADER_RE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_MOVE_RE = re.compile(r"(\d+)\.\s+(White|Black)\s+(\S+)")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def format_record(board: Board, headers: dict[str, str] | None = None) -> str:
    """A game file: headers (``Game``, ``Start``, the caller's, ``Result``, ``Termination``), a
    blank line, one numbered move a line in readable notation (``3. White Qf1xf6``), and ``draw
    agreed`` or ``White resigns`` when the game ended so."""
    outcome = board.outcome()
    merged = {"Game": "Camblam", "Start": _start_name(board), **(headers or {})}
    merged["Game"], merged["Start"] = "Camblam", _start_name(board)
    merged["Result"] = "*" if outcome is None else outcome.result()
    merged.pop("Termination", None)
    if outcome is not None:
        merged["Termination"] = outcome.termination.value
    lines = [f'[{key} "{_escape(str(value))}"]' for key, value in merged.items()]
    lines.append("")
    replay = board.root()
    for i, move in enumerate(board.move_stack, 1):
        lines.append(f"{i}. {replay.turn.title} {replay.move_text(move)}")
        replay.push(move)
    if outcome is not None and outcome.termination.value == "agreement":
        lines.append("draw agreed")
    elif outcome is not None and outcome.termination.value == "resignation":
        lines.append(f"{Color(1 - outcome.winner).title} resigns")
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[Board, dict[str, str]]:
    """Read a game file (``format_record``): the replayed board and the headers."""
    def bad(why: str) -> CamblamCodeError:
        return CamblamCodeError(f"bad Camblam game record: {why}")

    if not isinstance(text, str):
        raise bad("not text")
    if len(text) > MAX_INPUT:
        raise bad("too long")
    headers: dict[str, str] = {}
    board: Board | None = None
    ending = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if board is None and line.startswith("["):
            m = _HEADER_RE.fullmatch(line)
            if not m:
                raise bad(f'line {number} ({line[:60]!r}) is not a header like [Date "2026.11.22"]')
            headers[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            continue
        if board is None:
            if headers.get("Game") != "Camblam":
                raise bad("it has no [Game \"Camblam\"] header")
            start = headers.get("Start", "start")
            board = Board() if start == "start" else parse_position_code(start)
        if ending:
            raise bad(f"line {number} ({line[:60]!r}) comes after {ending!r}, which ends the game")
        if line == "draw agreed" or line in ("White resigns", "Black resigns"):
            ending = line
            continue
        m = _MOVE_RE.fullmatch(line)
        if not m:
            raise bad(f"line {number} ({line[:60]!r}) is not a move line like '3. White Qf1xf6'")
        if int(m.group(1)) != len(board.move_stack) + 1:
            raise bad(f"line {number}: move number {m.group(1)} should be {len(board.move_stack) + 1}")
        if m.group(2) != board.turn.title:
            raise bad(f"line {number}: the move is marked {m.group(2)}, but {board.turn.title} is to move")
        try:
            board.play(m.group(3))
        except CamblamError as exc:
            raise bad(f"line {number}: {exc}") from None
    if board is None:
        if headers.get("Game") != "Camblam":
            raise bad("it has no [Game \"Camblam\"] header")
        start = headers.get("Start", "start")
        board = Board() if start == "start" else parse_position_code(start)
    if ending == "draw agreed":
        board.agree_draw()
    elif ending:
        board.resign(Color.WHITE if ending.startswith("White") else Color.BLACK)
    result = headers.get("Result")
    outcome = board.outcome()
    actual = "*" if outcome is None else outcome.result()
    if result is not None and result != actual:
        raise bad(f"header Result is {result!r} but the moves give {actual!r}")
    return board, headers


class Camblam:
    key = "camblam"
    title = "Camblam"
    error = CamblamError
    position_prefix = POSITION_PREFIX
    game_prefix = GAME_PREFIX
    #: The seats, in order: White, Black (``Color`` values; ``int(color)`` indexes ``seats``).
    parties = (Color.WHITE, Color.BLACK)

    def owns(self, text: str) -> bool:
        """Whether a link's code is this game's."""
        return text.startswith("C")

    def owns_record(self, text: str) -> bool:
        return '[Game "Camblam"]' in text[:2000]

    def party_letter(self, party: Any) -> str:
        return Color(party).letter

    def party_title(self, party: Any) -> str:
        return Color(party).title

    def active_players(self, board: Board) -> list[Color]:
        return list(self.parties)

    def idle_seats(self, board: Board) -> list[Color]:
        """Seats that never play (none in Camblam)."""
        return []

    def rule_set(self, board: Board) -> None:
        """Camblam has no rule options."""
        return None

    def new_board(self, **options: Any) -> Board:
        return Board()

    def parse_game_code(self, text: str) -> Board:
        return parse_game_code(text)

    def format_game_code(self, board: Board) -> str:
        return format_game_code(board)

    def format_compact_game(self, board: Board) -> str:
        return format_game_code(board)

    def format_position(self, board: Board) -> str:
        return format_position_code(board)

    def parse_position(self, text: str) -> Board:
        return parse_position_code(text)

    def parse_record(self, text: str) -> tuple[Board, dict[str, str]]:
        return parse_record(text)

    def format_record(self, board: Board, headers: dict[str, str]) -> str:
        return format_record(board, headers)

    def describe_move(self, board: Board, move: Any) -> tuple:
        return describe_move(board, move)

    def parse_square(self, name: str) -> int:
        return parse_square(name)

    def square_name(self, square: int) -> str:
        return square_name(square)

    def ply_letter(self, board: Board, move: Move) -> str:
        return ""  # the readable notation starts with the piece's letter already

    def search(self, board: Board, level: str, seed: int) -> Any:
        from camblam import ai  # on first use

        if level not in ai.LEVEL_NAMES:
            level = "hard"  # a level only Djambi has (``expert``): Camblam's strongest
        return ai.Search(board, level, seed)

    def accepts_draw(self, board: Board, party: Any, level: str) -> bool:
        from camblam import ai

        if level not in ai.LEVEL_NAMES:
            level = "hard"
        return ai.accepts_draw(board, party, level)


GAME = Camblam()

__all__ = ["Camblam", "GAME", "POSITION_PREFIX", "GAME_PREFIX", "format_game_code", "parse_game_code",
           "format_position_code", "parse_position_code", "format_record", "parse_record"]
