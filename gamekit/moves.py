"""The lazy view of a position's legal moves that ``Board.legal_moves`` gives (python-chess's
shape): ``len``, iteration and ``in`` work, and nothing is generated until asked."""

from __future__ import annotations

from typing import Any, ClassVar, Iterator


class LegalMoves:
    """The legal moves of ``board``: it needs ``generate_legal_moves()``, ``count_legal_moves()``,
    ``has_legal_moves()`` and ``is_legal(move)``. An engine sets ``move_type`` (what ``in``
    accepts) and may write its moves its own way in the ``repr`` (``text``)."""

    move_type: ClassVar[type] = object

    def __init__(self, board: Any) -> None:
        self._board = board

    def __iter__(self) -> Iterator[Any]:
        return iter(self._board.generate_legal_moves())

    def __len__(self) -> int:
        return self._board.count_legal_moves()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, self.move_type) and self._board.is_legal(move)

    def __bool__(self) -> bool:
        return self._board.has_legal_moves()

    def text(self, move: Any) -> str:
        """How the ``repr`` writes a move (the board's move text)."""
        return self._board.move_text(move)

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(self.text(m) for m in self)}>"


__all__ = ["LegalMoves"]
