"""Narration: what a move did (``djambi.narrate`` events) in English sentences.

Pure Python. The engine decides what happened; this module only says it. The page shows the
sentences in the event log and reads them out through an ``aria-live`` region, so that a player who
cannot see the board can follow every move, the computers' included.
"""

from __future__ import annotations

from typing import Iterable

from djambi import Party, Piece, square_name
from djambi.narrate import (
    ARMY,
    CORPSE,
    ELIMINATED,
    END,
    EXTRA_TURN,
    KILL,
    MOVE,
    PASS,
    PERISH,
    PLACE,
    POWER,
    POWER_LOST,
    THAW,
    Event,
)

#: Why a game ended, after "… wins:" or "Draw:".
END_REASONS = {
    "elimination": "every other player is out of the game",
    "no players": "the last players perished together",
    "no moves": "no player can move",
    "draw rule": "120 turns passed with no kill and no change of control",
    "agreement": "the players agreed a draw",
}


def kind_name(piece: Piece) -> str:
    return piece.kind.title.lower()


def whose(piece: Piece) -> str:
    """``Blue's militant``; ``a militant's corpse``."""
    if piece.party is None:
        return f"a {kind_name(piece)}'s corpse"
    return f"{piece.party.title}'s {kind_name(piece)}"


def sq(square: int | None) -> str:
    return "" if square is None else square_name(square)


def sentence(event: Event) -> str:
    """One event in words; "" for an event that needs none."""
    kind, player = event.kind, event.player
    who = player.title if player is not None else "Nobody"
    if kind == MOVE:
        piece = event.piece
        assert piece is not None
        mine = piece.party == player
        what = f"the {kind_name(piece)}" if mine else whose(piece)
        if event.via is not None:
            return f"{who} moved {what} from {sq(event.square)} into the maze and out to {sq(event.to)}."
        return f"{who} moved {what} from {sq(event.square)} to {sq(event.to)}."
    if kind == PASS:
        return f"{who} had no legal move and passed."
    if kind == KILL:
        assert event.piece is not None
        victim = whose(event.piece)
        where = sq(event.square)
        if event.to is None or event.to == event.square:
            return f"{who} killed {victim} on {where}; the corpse stays there."
        return f"{who} killed {victim} on {where}; the corpse goes to {sq(event.to)}."
    if kind == PLACE:
        assert event.piece is not None
        return f"{whose(event.piece)} was moved from {sq(event.square)} to {sq(event.to)}."
    if kind == CORPSE:
        assert event.piece is not None
        return (f"The {kind_name(event.piece)}'s corpse on {sq(event.square)} was moved to "
                f"{sq(event.to)}.")
    if kind == POWER:
        return f"{who}'s chief holds the maze: {who} is in power and plays after every other player."
    if kind == POWER_LOST:
        return f"{who} is no longer in power."
    if kind == PERISH:
        return f"{who}'s chief on {sq(event.square)} was walled in by corpses and perished."
    if kind == ARMY:
        army = event.party.title if event.party is not None else "The"
        if player is None:
            return (f"{army}'s pieces are frozen: nobody plays them until a chief takes the maze.")
        return f"{army}'s pieces now play for {who}."
    if kind == THAW:
        army = event.party.title if event.party is not None else "the"
        return f"{who} takes over {army}'s frozen pieces."
    if kind == ELIMINATED:
        return f"{who} is out of the game."
    if kind == EXTRA_TURN:
        return f"{who} plays an extra turn (in power)."
    if kind == END:
        reason = END_REASONS.get(event.termination or "", event.termination or "")
        if player is not None:
            return f"Game over: {who} wins; {reason}."
        return f"Game over: draw; {reason}."
    return ""


def sentences(events: Iterable[Event]) -> list[str]:
    return [s for s in (sentence(e) for e in events) if s]


def announcement(events: Iterable[Event], next_player: Party | None) -> str:
    """What the screen reader says after a move: what it did, then who is to move."""
    words = sentences(events)
    if next_player is not None:
        words.append(f"{next_player.title} to move.")
    return " ".join(words)


__all__ = ["sentence", "sentences", "announcement", "whose", "END_REASONS"]
