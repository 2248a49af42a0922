"""Camblam's threat view and suggested move as board marks and words (pure Python).

The squares come from the engine (``camblam.threats``): the pieces of the side to move that the
other side could take with its next move, and the pieces that could take them. This module turns
them into ``camblam_render.Marks`` fields and a sentence in the player's language, as
``present/threats.py`` does for Djambi.
"""

from __future__ import annotations

from dataclasses import dataclass

from camblam import Board, Color, Move, square_name
from camblam.threats import threats

from app.games.camblam.render import kind_word
from app.text.i18n import _, list_of, ngettext, party_of, pgettext


@dataclass(frozen=True)
class ThreatView:
    """What the threat view marks for ``color``: its pieces open to a capture or a shot
    (``threatened``), the enemy pieces that could take them (``attackers``), and the words."""

    threatened: frozenset[int]
    attackers: frozenset[int]
    words: str


def _at(board: Board, sq: int) -> str:
    """A piece named with its square in a list: ``rook f7``."""
    piece = board.piece_at(sq)
    # Translators: a piece in a list of the threat view, "militant A5"; {kind} is the kind alone.
    return _("{kind} {square}").format(kind=kind_word(piece.kind) if piece else "", square=square_name(sq))


def threat_view(board: Board, color: Color) -> ThreatView:
    """The threat view for ``color`` (the side to move)."""
    found = threats(board, color)
    attackers = frozenset(a for by in found.values() for a in by)
    if not found:
        words = _("Threat view: none of {player}'s pieces can be taken next move.").format(
            player=party_of(color))
        return ThreatView(frozenset(), attackers, words)
    # Translators: between the threatened pieces of the threat view ("militant A5 (by …); chief A9 …").
    names = pgettext("threats", "; ").join(
        # Translators: a threatened piece and the enemy pieces that could kill it.
        _("{piece} (by {attackers})").format(
            piece=_at(board, sq), attackers=list_of([_at(board, a) for a in by]))
        for sq, by in found.items())
    words = ngettext("Threat view: {count} of {player}'s pieces can be taken next move: {pieces}.",
                     "Threat view: {count} of {player}'s pieces can be taken next move: {pieces}.",
                     len(found)).format(count=len(found), player=party_of(color), pieces=names)
    return ThreatView(frozenset(found), attackers, words)


def suggestion_squares(move: Move) -> tuple[int, int]:
    """The squares a suggested move marks: where the piece starts and where it lands (or shoots)."""
    return (move.from_square, move.to_square)


__all__ = ["ThreatView", "threat_view", "suggestion_squares"]
