"""Text formats (rulings §5): the position text, and the readable move notation.

Position text: ranks 12 down to 1 separated by ``/``, each from file a to l, a piece letter
(upper case White, lower case Black) or a count of empty squares (``1``–``12``, one count each);
then the side to move (``w``/``b``), the half-moves since the last capture, shot or pawn move, and
the move number::

    rnbhaqkahbnr/cncncaacncnc/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/CNCNCAACNCNC/RNBHAQKAHBNR w 0 1

Readable notation: the piece letter (none for a pawn), the start square, ``-`` a move, ``x`` a
capture, ``*`` a shot, the landing square (or the shot's target), ``=X`` a promotion, ``+`` check,
``#`` checkmate: ``Qf1xf6``, ``Ae2*e7``, ``g11-g12=Q``, ``Nb2-f6+``. The coordinate notation is
``Move.text()`` / ``Move.parse``.

Codes (links, saves; ``docs/formats.md``, "Camblam in links, saves and files"): a position is
``C1.`` and the position text with its spaces written ``.`` (``C1.rnbhaqkahbnr/…/RNBHAQKAHBNR.w.0.1``);
a game is ``C1~``, its start (``start`` or a position code) and its moves in coordinate notation,
``~`` between (``C1~start~f3f6~f10f7``), and ``draw`` (agreed) or ``w-resigns``/``b-resigns`` last
for a game that ended so. Djambi's codes start with ``P`` or ``G``, so the first letter says the
game. A game record (a file) starts with the header ``[Game "Camblam"]``.
"""

from __future__ import annotations

import re

from gamekit import AGREEMENT, RESIGNATION
from gamekit import records

from .board import KING, PAWN, Board
from .move import CamblamError, IllegalMoveError, InvalidMoveError, Move
from .pieces import LETTERS, Color, Kind, Piece
from .squares import SIZE, square_name

MAX_INPUT = 10_000  # characters; longer input is refused before it is read


class InvalidPositionError(CamblamError):
    """A position text that is malformed, or describes a position that cannot occur."""


class InvalidGameError(CamblamError):
    """A link code (position or game) or a game record that is not well formed."""


def _shown(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


def format_position(board: Board) -> str:
    """The position text of ``board``."""
    cells = board.cells
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        out = []
        empty = 0
        for f in range(SIZE):
            code = cells[rank * SIZE + f]
            if code == 0:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(Piece.from_code(code).symbol())
        if empty:
            out.append(str(empty))
        ranks.append("".join(out))
    return f"{'/'.join(ranks)} {board.turn.letter} {board.halfmove_clock} {board.fullmove_number}"


_RANK_TOKEN = re.compile(r"1[0-2]|[1-9]|[KQRBNCAHPkqrbncahp]")


def parse_position(text: str) -> Board:
    """Read a position text; ``InvalidPositionError`` naming the bad part if it is malformed or
    cannot occur (see ``docs/camblam.md`` for what is checked)."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position text must be a string, not {type(text).__name__}")
    if len(text) > MAX_INPUT:
        raise InvalidPositionError(f"position text too long ({len(text)} characters)")

    def bad(why: str) -> InvalidPositionError:
        return InvalidPositionError(f"bad position text {_shown(text)}: {why}")

    fields = text.split()
    if len(fields) != 4:
        raise bad(f"expected 4 fields (board, side to move, half-move clock, move number), found {len(fields)}")
    placement, side, clock, number = fields
    ranks = placement.split("/")
    if len(ranks) != SIZE:
        raise bad(f"the board has {len(ranks)} ranks separated by '/', expected 12")
    cells = [0] * (SIZE * SIZE)
    for i, row in enumerate(ranks):
        rank = SIZE - 1 - i
        f = 0
        pos = 0
        while pos < len(row):
            m = _RANK_TOKEN.match(row, pos)
            if m is None:
                raise bad(f"rank {rank + 1} ({row!r}): {row[pos]!r} is neither a piece letter ({LETTERS}, "
                          f"{LETTERS.lower()}) nor a count 1 to 12")
            token = m.group()
            if token.isdigit():
                if pos > 0 and row[pos - 1].isdigit():
                    raise bad(f"rank {rank + 1} ({row!r}): two counts of empty squares in a row")
                f += int(token)
            else:
                if f < SIZE:
                    cells[rank * SIZE + f] = Piece.from_symbol(token).code
                f += 1
            pos = m.end()
        if f != SIZE:
            raise bad(f"rank {rank + 1} ({row!r}) covers {f} squares, expected 12")
    if side not in ("w", "b"):
        raise bad(f"side to move {side!r}: expected w or b")
    if not clock.isdigit() or (len(clock) > 1 and clock[0] == "0"):
        raise bad(f"half-move clock {clock!r}: expected a whole number 0 or more")
    if not number.isdigit() or number[0] == "0":
        raise bad(f"move number {number!r}: expected a whole number 1 or more")
    for color, name, sign in ((0, "White", 1), (1, "Black", -1)):
        kings = cells.count(sign * (KING + 1))
        if kings != 1:
            raise bad(f"{name} has {kings} kings, expected exactly 1")
        pawns = cells.count(sign * (PAWN + 1))
        if pawns > 12:
            raise bad(f"{name} has {pawns} pawns, at most 12")
        count = sum(1 for c in cells if c * sign > 0)
        if count > 36:
            raise bad(f"{name} has {count} pieces, at most 36")
        far = SIZE - 1 if sign > 0 else 0
        for f in range(SIZE):
            if cells[far * SIZE + f] == sign * (PAWN + 1):
                raise bad(f"{name} pawn on {square_name(far * SIZE + f)}, the far rank (it must have been promoted)")
    board = Board.from_parts(cells, 0 if side == "w" else 1, int(clock), int(number))
    mover_king = board.king(board.turn.other)
    if mover_king is not None and board.is_attacked_by(board.turn, mover_king):
        raise bad(f"the side not to move ({board.turn.other.title}) is in check")
    return board


# ---------------------------------------------------------------------------- readable notation
_READABLE_RE = re.compile(
    r"(?P<letter>[KQRBNCAH])?(?P<from>[a-l](?:1[0-2]|[1-9]))(?P<sep>[-x*])(?P<to>[a-l](?:1[0-2]|[1-9]))"
    r"(?:=(?P<promo>[QRBNCAH]))?(?P<check>[+#])?"
)


def format_readable(board: Board, move: Move) -> str:
    """``move`` (legal on ``board``) in readable notation, with ``+``/``#`` after it."""
    piece = board.piece_at(move.from_square)
    letter = "" if piece is None or piece.kind == Kind.PAWN else piece.kind.letter
    sep = "*" if board.is_shot(move) else ("x" if board.is_capture(move) else "-")
    out = f"{letter}{square_name(move.from_square)}{sep}{square_name(move.to_square)}"
    if move.promotion is not None:
        out += "=" + move.promotion.letter
    board.push(move)
    try:
        if board.is_check():
            out += "#" if not board.has_legal_moves() else "+"
    finally:
        board.pop()
    return out


def parse_readable(board: Board, text: str) -> Move:
    """The legal move written ``text`` in readable notation on ``board``. A ``+`` or ``#`` at the
    end may be left out and is not checked; the piece letter, the separator and the promotion are.
    ``InvalidMoveError`` (malformed) or ``IllegalMoveError`` (not legal here) name the bad part."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
    stripped = text.strip()
    m = _READABLE_RE.fullmatch(stripped)
    if m is None:
        raise InvalidMoveError(
            f"bad move text {text!r}: expected coordinate notation (f3f6, e11e12q) or readable "
            f"notation (Qf1xf6, Ae2*e7, g11-g12=Q, Nb2-f6+), squares a1 to l12"
        )
    move = Move.parse(m["from"] + m["to"] + (m["promo"].lower() if m["promo"] else ""))
    if not board.is_legal(move):
        raise IllegalMoveError(f"illegal move {stripped!r} in position {board.code()}: {board.why_illegal(move)}")
    piece = board.piece_at(move.from_square)
    assert piece is not None
    letter = "" if piece.kind == Kind.PAWN else piece.kind.letter
    if (m["letter"] or "") != letter:
        raise IllegalMoveError(
            f"bad move text {stripped!r}: the piece on {m['from']} is a {piece.kind.name.lower()}, "
            f"written {letter or 'with no letter'}"
        )
    sep = "*" if board.is_shot(move) else ("x" if board.is_capture(move) else "-")
    if m["sep"] != sep:
        meaning = {"*": "a shot", "x": "a capture", "-": "a move"}
        raise IllegalMoveError(f"bad move text {stripped!r}: {m['from']}{m['sep']}{m['to']} is {meaning[sep]}, written with {sep!r}")
    return move


# ---------------------------------------------------------------------------- link codes
POSITION_PREFIX = "C1."
GAME_PREFIX = "C1~"
MAX_CODE = records.MAX_INPUT  # characters of a game code or record


def format_position_code(board: Board) -> str:
    """``C1.`` and the position text, spaces written ``.``."""
    return POSITION_PREFIX + board.code().replace(" ", ".")


def parse_position_code(text: str) -> Board:
    """The board of a position code (``format_position_code``); errors name the bad part."""
    if not isinstance(text, str) or not text.startswith(POSITION_PREFIX):
        raise InvalidGameError(f"bad Camblam position code {str(text)[:40]!r}: it should start with {POSITION_PREFIX}")
    return parse_position(text[len(POSITION_PREFIX):].replace(".", " "))


def _start_name(board: Board) -> str:
    root = board.root()
    return "start" if root == Board() else format_position_code(root)


def _start(name: str) -> Board:
    return Board() if name == "start" else parse_position_code(name)


#: The last field of a game code for a game that ended without a move: an agreed draw, or a side
#: that resigned.
ENDINGS = {"draw": AGREEMENT, "w-resigns": Color.WHITE, "b-resigns": Color.BLACK}


def format_game_code(board: Board) -> str:
    """``C1~start~f3f6~f10f7``: the start and every move (coordinate notation); ``~draw`` after
    them for an agreed draw, ``~w-resigns`` or ``~b-resigns`` when a side resigned."""
    fields = [GAME_PREFIX + _start_name(board), *(m.text() for m in board.move_stack)]
    outcome = board.outcome()
    if outcome is not None and outcome.termination.value == AGREEMENT:
        fields.append("draw")
    elif outcome is not None and outcome.termination.value == RESIGNATION:
        fields.append(f"{Color(1 - outcome.winner).letter}-resigns")
    return "~".join(fields)


def parse_game_code(text: str) -> Board:
    """The board of a game code, its moves on the stack; errors name the bad part."""
    if not isinstance(text, str) or not text.startswith(GAME_PREFIX):
        raise InvalidGameError(f"bad Camblam game code {str(text)[:40]!r}: it should start with {GAME_PREFIX}")
    if len(text) > MAX_CODE:
        raise InvalidGameError("bad Camblam game code: too long")
    start, *moves = text[len(GAME_PREFIX):].split("~")
    ending = moves.pop() if moves and moves[-1] in ENDINGS else None
    board = _start(start)
    for number, move in enumerate(moves, 1):
        try:
            board.play(Move.parse(move))
        except CamblamError as exc:
            raise InvalidGameError(f"bad Camblam game code: move {number} ({move[:20]!r}): {exc}") from None
    if ending is not None:
        if board.is_game_over():
            raise InvalidGameError(f"bad Camblam game code: {ending!r} after the end of the game")
        if ending == "draw":
            board.agree_draw()
        else:
            board.resign(ENDINGS[ending])
    return board


# ---------------------------------------------------------------------------- game record file
_MOVE_LINE_RE = records.move_line_re((Color.WHITE.title, Color.BLACK.title))
_ENDS = ("draw agreed", f"{Color.WHITE.title} resigns", f"{Color.BLACK.title} resigns")


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
    lines = records.header_lines(merged)
    lines.append("")
    lines += records.move_lines(board)
    if outcome is not None and outcome.termination.value == AGREEMENT:
        lines.append("draw agreed")
    elif outcome is not None and outcome.termination.value == RESIGNATION:
        lines.append(f"{Color(1 - outcome.winner).title} resigns")
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[Board, dict[str, str]]:
    """Read a game file (``format_record``): the replayed board and the headers."""
    def bad(why: str) -> InvalidGameError:
        return InvalidGameError(f"bad Camblam game record: {why}")

    def start() -> Board:
        if headers.get("Game") != "Camblam":
            raise bad("it has no [Game \"Camblam\"] header")
        return _start(headers.get("Start", "start"))

    if not isinstance(text, str):
        raise bad("not text")
    if len(text) > MAX_CODE:
        raise bad("too long")
    headers: dict[str, str] = {}
    board: Board | None = None
    ending = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if board is None and line.startswith("["):
            header = records.read_header(line)
            if header is None:
                raise bad(f'line {number} ({line[:60]!r}) is not a header like [Date "2026.11.22"]')
            headers[header[0]] = header[1]
            continue
        if board is None:
            board = start()
        if ending:
            raise bad(f"line {number} ({line[:60]!r}) comes after {ending!r}, which ends the game")
        if line in _ENDS:
            ending = line
            continue
        m = _MOVE_LINE_RE.fullmatch(line)
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
        board = start()
    if ending == "draw agreed":
        board.agree_draw()
    elif ending:
        board.resign(Color.WHITE if ending.startswith(Color.WHITE.title) else Color.BLACK)
    result = headers.get("Result")
    outcome = board.outcome()
    actual = "*" if outcome is None else outcome.result()
    if result is not None and result != actual:
        raise bad(f"header Result is {result!r} but the moves give {actual!r}")
    return board, headers


__all__ = [
    "InvalidPositionError", "InvalidGameError", "format_position", "parse_position", "format_readable", "parse_readable",
    "POSITION_PREFIX", "GAME_PREFIX", "ENDINGS", "format_position_code", "parse_position_code",
    "format_game_code", "parse_game_code", "format_record", "parse_record",
]
