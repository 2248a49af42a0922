"""Build test positions from small board diagrams.

A diagram has nine rows, row 9 first; each square is a token: ``.`` empty, ``#`` the empty maze,
``rC`` a living piece (party r/b/y/g, kind C/A/R/P/N/M), ``xM`` a corpse. Row numbers at the start
of a line are optional. Scenario positions may leave pieces out: the rules never depend on how many
pieces stand elsewhere, and a sparse board is far easier to review. (Position *texts* are strict:
they always hold all 36 pieces.)
"""

from __future__ import annotations

from djambi import Board, Move
from djambi.board import FROZEN, HOSTAGE
from djambi.pieces import Piece
from djambi.squares import parse_square
from djambi.turns import Turn


def board_from(
    diagram: str,
    *,
    control: str = "rbyg",
    turn: str = "r",
    seat: str | None = None,
    extra: bool = False,
    quiet: int = 0,
) -> Board:
    lines = [line.split() for line in diagram.strip("\n").splitlines() if line.strip()]
    if len(lines) != 9:
        raise ValueError(f"a diagram has 9 rows, not {len(lines)}")
    cells = [0] * 81
    for i, tokens in enumerate(lines):
        if tokens and tokens[0].isdigit():
            tokens = tokens[1:]
        if len(tokens) != 9:
            raise ValueError(f"row {9 - i} has {len(tokens)} squares: {tokens}")
        for col, token in enumerate(tokens):
            if token not in (".", "#"):
                cells[(8 - i) * 9 + col] = Piece.from_symbol(token).code
    ctl = [FROZEN if c == "f" else HOSTAGE if c == "h" else "rbyg".index(c) for c in control]
    player = "rbyg".index(turn)
    seat_player = player if seat is None else "rbyg".index(seat)
    return Board.from_parts(cells, ctl, Turn(player, seat_player, extra), quiet)


#: The empty board: scenario diagrams are this with a few pieces placed (``with_pieces``).
OPEN = """
9 .  .  .  .  .  .  .  .  .
8 .  .  .  .  .  .  .  .  .
7 .  .  .  .  .  .  .  .  .
6 .  .  .  .  .  .  .  .  .
5 .  .  .  .  #  .  .  .  .
4 .  .  .  .  .  .  .  .  .
3 .  .  .  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .  .
1 .  .  .  .  .  .  .  .  .
"""


def with_pieces(**placed: str) -> str:
    """A diagram of the empty board with pieces placed: ``with_pieces(A9="rC", E5="xC")``."""
    rows = [line.split()[1:] for line in OPEN.strip().splitlines()]
    for name, token in placed.items():
        sq = parse_square(name)
        rows[8 - sq // 9][sq % 9] = token
    return "\n".join(" ".join(r) for r in rows)


def moves(board: Board, square: str | None = None) -> set[str]:
    """The legal moves (as move texts), optionally of the piece on ``square``."""
    sq = None if square is None else parse_square(square)
    return {board.move_text(m) for m in board.generate_legal_moves(sq)}


def destinations(board: Board, square: str) -> set[str]:
    """Where the piece on ``square`` may go (the ``to`` squares of its legal moves)."""
    from djambi.squares import square_name

    return {square_name(m.to) for m in board.generate_legal_moves(parse_square(square))}


def play(board: Board, *texts: str) -> Board:
    for text in texts:
        board.play(text)
    return board


def at(board: Board, square: str) -> str:
    """The token on ``square``: ``.`` or a piece symbol."""
    piece = board.piece_at(parse_square(square))
    return "." if piece is None else piece.symbol()


__all__ = ["board_from", "OPEN", "with_pieces", "moves", "destinations", "play", "at", "Move"]
