"""Camblam's piece guide: for each of the nine pieces, how it moves and how it takes (from the
rulings), a one-line summary for the piece tip over the board, and a small diagram (a lesson's
position with the piece's moves marked: dots for moves, rings for captures, dashed rings for an
archer's shots).

Pure Python: the words are msgids marked with ``N_`` and translated where shown; the marks are
the engine's legal moves (``camblam.Board.generate_legal_moves``), drawn by
``app.games.camblam.render.diagram_svg``.
"""

from __future__ import annotations

from dataclasses import dataclass

from camblam import Board, Kind, parse_square, square_name

from app.games.camblam import lessons as camblam_lessons
from app.games.camblam import render as camblam_render
from app.games.camblam.render import Marks, kind_word, marks_of_moves
from app.games.camblam.words import whose
from app.text.i18n import N_, _


@dataclass(frozen=True)
class GuideEntry:
    """One piece: ``moves`` and ``takes`` are sentences, ``short`` the tip's line; the diagram is
    the position of lesson ``lesson`` with the piece on ``square`` selected."""

    kind: Kind
    moves: str
    takes: str
    short: str
    lesson: str
    square: str

    def board(self) -> Board:
        return camblam_lessons.BY_ID[self.lesson].board()

    def marks(self) -> Marks:
        """The piece's moves on the diagram: empty squares, captures and shots apart."""
        board = self.board()
        sq = parse_square(self.square)
        return marks_of_moves(board, board.generate_legal_moves(sq), sq)

    def diagram(self) -> str:
        label = _(DIAGRAM_LABEL).format(kind=capitalized(kind_word(self.kind)), square=self.square)
        return camblam_render.diagram_svg(self.board(), label, self.marks())


#: The diagram's words for a screen reader.
DIAGRAM_LABEL = N_("{kind} on {square}: a small board, where it can go (dots) and what it could "
                   "take (rings).")

GUIDE: tuple[GuideEntry, ...] = (
    GuideEntry(Kind.KING,
               N_("One square in any of the eight directions, never into check."),
               N_("The enemy piece on the square it steps to. Check and checkmate are about the king."),
               N_("steps one square any way; never into check."),
               "king", "e1"),
    GuideEntry(Kind.QUEEN,
               N_("Any number of empty squares in any of the eight directions."),
               N_("A chain: the first enemy piece on its line and those standing right behind it, "
                  "one or more of them, landing on the last one taken."),
               N_("slides any way; takes a chain of enemies on its line."),
               "queen", "c3"),
    GuideEntry(Kind.ROOK,
               N_("Any number of empty squares along a rank or file, or one square diagonally."),
               N_("A chain along a rank or file; one enemy with its diagonal step."),
               N_("slides along ranks and files, taking a chain; steps one square diagonally."),
               "rook", "a5"),
    GuideEntry(Kind.BISHOP,
               N_("Any number of empty squares diagonally, or one square straight: it is not bound "
                  "to one colour of squares."),
               N_("A chain along a diagonal; one enemy with its straight step."),
               N_("slides diagonally, taking a chain; steps one square straight."),
               "bishop", "f4"),
    GuideEntry(Kind.KNIGHT,
               N_("Leaps like a chess knight, or four squares diagonally and one more straight on: "
                  "24 targets. It may leap over enemy pieces, never over its own."),
               N_("The enemy piece on the square it lands on."),
               N_("leaps like a chess knight or four diagonally and one on; never over its own men."),
               "knight", "f5"),
    GuideEntry(Kind.CATAPULT,
               N_("Any number of empty squares up or down its file; sideways only one square."),
               N_("A chain up or down its file; one enemy with its sideways step."),
               N_("slides up and down its file, taking a chain; steps one square sideways."),
               "catapult", "d2"),
    GuideEntry(Kind.ARCHER,
               N_("Like a queen, but only onto empty squares: it never takes by moving."),
               N_("It shoots: on any of its eight lines, the nearest piece within five squares, if "
                  "it is an enemy. The archer stays where it is."),
               N_("moves like a queen onto empty squares; shoots the nearest enemy within five "
                  "squares and stays."),
               "archer", "e4"),
    GuideEntry(Kind.PRINCE,
               N_("In two legs: first straight along a rank or file, then diagonally, both over "
                  "empty squares; either leg may be left out."),
               N_("The one enemy piece on the square where it stops."),
               N_("moves straight, then diagonally, in one move; takes where it stops."),
               "prince", "b2"),
    GuideEntry(Kind.PAWN,
               N_("One, two or three squares straight forward, on every move. On the far rank it "
                  "must become a queen, rook, bishop, knight, catapult, archer or prince."),
               N_("One square diagonally forward. There is no en passant."),
               N_("moves one to three squares forward; takes one diagonally forward."),
               "pawn", "e4"),
)

BY_KIND = {entry.kind: entry for entry in GUIDE}


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def kind_title(kind: Kind) -> str:
    """The guide's heading for ``kind``: its name, capitalized, in the current language."""
    return capitalized(kind_word(kind))


def tip(board: Board, sq: int) -> str:
    """The piece tip's words for the piece on ``sq``: ``e4: White's archer — moves like …``;
    "" for an empty square."""
    piece = board.piece_at(sq)
    if piece is None:
        return ""
    # Translators: the Camblam piece tip: "e4: White's archer — moves like a queen …".
    return _("{square}: {piece} — {how}").format(square=square_name(sq), piece=whose(piece),
                                                 how=_(BY_KIND[piece.kind].short))





def tip_edge(board: Board, sq: int) -> str:
    """Where the piece tip goes over the board, "top" or "bottom": the edge farther from the piece
    and the squares it could go to (White's side at the bottom), so that the tip hides none."""
    ranks = [s // 12 for s in (sq, *(m.to_square for m in board.generate_legal_moves(sq)))]
    near_top = sum(1 for r in ranks if r >= 10)
    near_bottom = sum(1 for r in ranks if r <= 1)
    if near_top and near_bottom:
        return "top" if near_top < near_bottom else "bottom"
    return "bottom" if near_top else "top"
__all__ = ["GuideEntry", "GUIDE", "BY_KIND", "DIAGRAM_LABEL", "kind_title", "tip", "tip_edge", "capitalized"]
