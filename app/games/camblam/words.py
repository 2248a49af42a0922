"""Camblam's narration: ``camblam.narrate`` events in sentences, in the player's language.

Pure Python. ``app.present.words`` hands Camblam's events here, so the event log, the move list's
screen-reader text, the ``aria-live`` announcements and remote-play messages say both games' moves.
Pieces are named as "White's queen" (``pgettext("side and piece", …)``), which every language
orders as it needs; sentences keep the piece in the subject's place so no case ending changes.
"""

from __future__ import annotations

from camblam.narrate import CHECK, END, MOVE, PROMOTION, SHOT, TAKE, Event

from app.games.camblam.render import kind_word
from app.text.i18n import N_, _, party_name, party_of, pgettext
from camblam import square_name

#: How a game ends, one whole sentence each (translated at use).
END_SENTENCES = {
    "checkmate": N_("Checkmate: {player} wins."),
    "resignation": N_("Game over: {player} wins; the other player resigned."),
    "stalemate": N_("Game over: draw by stalemate."),
    "repetition": N_("Game over: draw; the same position stood for the third time."),
    "100-move rule": N_("Game over: draw; 100 moves passed with no capture, shot or pawn move."),
    "bare kings": N_("Game over: draw; only the two kings are left."),
    "agreement": N_("Game over: draw; the players agreed a draw."),
}


def whose(piece) -> str:
    """``White's queen``."""
    # Translators: a Camblam piece with its side: {player} in the possessor form, {piece} the
    # piece's name ("White's queen"; French "{piece} de {player}", Czech "{piece} {player}").
    return pgettext("side and piece", "{player}'s {piece}").format(
        player=party_of(piece.color), piece=kind_word(piece.kind))


def sentence(event: Event) -> str:
    """One event in words, starting with a capital; "" for an event that needs none."""
    text = _sentence(event)
    return text[:1].upper() + text[1:]


def _sentence(event: Event) -> str:
    kind = event.kind
    if kind == MOVE:
        return _("{piece} moves from {start} to {end}.").format(
            piece=whose(event.piece), start=square_name(event.square), end=square_name(event.to))
    if kind == SHOT:
        return _("{piece} on {start} shoots without moving.").format(
            piece=whose(event.piece), start=square_name(event.square))
    if kind == TAKE:
        return _("Taken on {square}: {piece}.").format(
            square=square_name(event.square), piece=whose(event.piece))
    if kind == PROMOTION:
        return _("Promotion on {square}: {piece}.").format(
            square=square_name(event.square), piece=whose(event.piece))
    if kind == CHECK:
        return _("{player} is in check.").format(player=party_name(event.color))
    if kind == END:
        text = END_SENTENCES.get(event.termination or "")
        if text is None:
            return _("Game over.")
        winner = party_name(event.color) if event.color is not None else ""
        return _(text).format(player=winner)
    return ""


__all__ = ["sentence", "whose", "END_SENTENCES"]
