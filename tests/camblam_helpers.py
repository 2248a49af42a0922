"""Helpers for the Camblam tests: positions from piece lists, move sets by square names."""

from __future__ import annotations

from camblam import Board, Piece, parse_position, parse_square, square_name


def position(white: str, black: str, turn: str = "w", clock: int = 0, number: int = 1) -> Board:
    """A board from piece lists such as ``"Kg1 Qf1 Pe5"`` (letter + square; black's letters are
    given upper case too), read back through the position text parser."""
    cells = [0] * 144
    for text, upper in ((white, True), (black, False)):
        for item in text.split():
            letter, sq = item[0], parse_square(item[1:])
            assert cells[sq] == 0, item
            cells[sq] = Piece.from_symbol(letter if upper else letter.lower()).code
    board = Board.from_parts(cells, 0 if turn == "w" else 1, clock, number)
    return parse_position(board.code())


def targets(board: Board, frm: str) -> set[str]:
    """The landing squares (shot targets included) of the legal moves of the piece on ``frm``."""
    return {square_name(m.to_square) for m in board.generate_legal_moves(parse_square(frm))}


def texts(board: Board) -> set[str]:
    return {m.text() for m in board.generate_legal_moves()}
