"""A Camblam move built tap by tap (pure Python), with the same ``Tap`` answers as Djambi's
``app.present.taps.Picker`` so the page's turn control serves both games.

Tap one of your pieces: its moves are marked (empty squares, capture targets, and an archer's shot
targets apart). Tap a landing square:

- a move that takes two or more pieces (a chain) is not played at once: the pieces it would take
  are marked and the prompt names them; tap the same square again to play it (another landing
  square chooses that one instead);
- a pawn reaching the far rank asks which piece it becomes (``promotions``; ``promote(kind)``
  plays it);
- any other move is played.

Tapping the selected piece again, or an empty square that is no move, drops the selection.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from camblam import Board, Kind, Move, PROMOTIONS, square_name

from app.games.camblam.render import Marks, camblam_piece_svg, kind_word, marks_of_moves
from app.games.camblam.render import slides as camblam_slides
from app.games.camblam.render import promotion_choices as promotion_names
from app.text.i18n import _, ngettext
from app.present.taps import Tap


@dataclass
class CamblamPicker:
    board: Board
    piece: int | None = None
    moves: list[Move] = field(default_factory=list)
    chosen: int | None = None  # a chain's landing square awaiting the second tap
    promoting: int | None = None  # a pawn's landing square awaiting the new piece

    def reset(self, board: Board | None = None) -> None:
        if board is not None:
            self.board = board
        self.piece, self.moves, self.chosen, self.promoting = None, [], None, None

    @property
    def active(self) -> bool:
        return self.piece is not None

    def can_skip(self) -> bool:
        return False

    # ------------------------------------------------------------------ taps
    def tap(self, sq: int) -> Tap:
        board = self.board
        piece = board.piece_at(sq)
        if self.piece is not None and sq == self.piece:
            return self.cancel()
        targets = {m.to_square for m in self.moves}
        if self.piece is not None and sq in targets:
            return self._land(sq)
        if piece is not None and piece.color == board.turn:
            moves = board.generate_legal_moves(sq)
            kind = "reselect" if self.piece is not None else "select"
            self.piece, self.moves, self.chosen, self.promoting = sq, moves, None, None
            if not moves:
                return Tap(kind, message=_("This {piece} has no move now.").format(
                    piece=kind_word(piece.kind)))
            return Tap(kind)
        if self.piece is not None:
            return self.cancel()
        if piece is not None:
            return Tap("ignore", message=_("That piece is not yours: tap one of your own."))
        return Tap("ignore")

    def _land(self, sq: int) -> Tap:
        moves = [m for m in self.moves if m.to_square == sq]
        if moves[0].promotion is not None:
            self.promoting, self.chosen = sq, None
            return Tap("step")
        move = moves[0]
        if len(self.board.effect(move).taken) >= 2 and self.chosen != sq:
            self.chosen = sq
            return Tap("step")
        return Tap("play", move=move)

    def slides(self, board: Board, ply) -> list:
        """A move's glide on the board after it (``ply``: ``state/history.Ply``)."""
        return camblam_slides(board, ply.move)

    def promotion_choices(self) -> list[tuple[Kind, str, str, str]]:
        """What the pawn waiting to be promoted may become, for the board view's chooser: each
        piece, its letter, its name (shown under the figure) and its figure's markup in the side's
        colour."""
        colour = self.board.turn
        return [(kind, letter, word, camblam_piece_svg(kind, colour))
                for kind, (letter, word) in zip(PROMOTIONS, promotion_names())]

    def promote(self, kind: Kind) -> Tap:
        """The new piece chosen for the pawn waiting on ``promoting``."""
        if self.piece is None or self.promoting is None or kind not in PROMOTIONS:
            return Tap("ignore")
        return Tap("play", move=Move(self.piece, self.promoting, kind))

    def cancel(self) -> Tap:
        if self.piece is None:
            return Tap("ignore")
        self.reset()
        return Tap("cancel")

    def back(self) -> Tap:
        if self.chosen is not None or self.promoting is not None:
            self.chosen = self.promoting = None
            return Tap("step")
        return self.cancel()

    def skip(self) -> Tap:
        return Tap("ignore")

    # ------------------------------------------------------------------ what to show
    def taken(self) -> tuple[int, ...]:
        """The squares the chosen chain capture would take."""
        if self.piece is None or self.chosen is None:
            return ()
        move = next(m for m in self.moves if m.to_square == self.chosen)
        return self.board.effect(move).taken

    def marks(self, **extra) -> Marks:
        chosen = self.chosen if self.chosen is not None else self.promoting
        return marks_of_moves(self.board, self.moves, self.piece, chain=frozenset(self.taken()),
                              chosen=() if chosen is None else (chosen,), **extra)

    def prompt(self) -> str:
        if self.piece is None:
            return _("Tap one of your pieces to see its moves.")
        if self.promoting is not None:
            return _("Choose the piece the pawn becomes.")
        taken = self.taken()
        if taken:
            names = ", ".join(square_name(sq) for sq in taken)
            return ngettext("This move takes {count} piece: {squares}. Tap {square} again to play it.",
                            "This move takes {count} pieces: {squares}. Tap {square} again to play it.",
                            len(taken)).format(count=len(taken), squares=names,
                                               square=square_name(self.chosen))
        if any(self.board.is_shot(m) for m in self.moves):
            return _("Tap a square to move, or a marked enemy to shoot it (the archer stays).")
        return _("Tap a marked square to move there.")


__all__ = ["CamblamPicker"]
