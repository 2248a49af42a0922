"""Narration: what a move did (``djambi.narrate`` events) in sentences, in the player's language.

Pure Python. The engine decides what happened; this module only says it. The page shows the
sentences in the event log and reads them out through an ``aria-live`` region, so that a player who
cannot see the board can follow every move, the computers' included.

Every sentence is one msgid with named placeholders; players and pieces are filled in the form the
sentence needs (``app.text.i18n``: ``party_of`` for possessors and objects, ``piece_object`` and
``piece_subject`` per piece kind), and the corpse sentence is one msgid per kind.
"""

from __future__ import annotations

from typing import Iterable

from djambi import Kind, Party, Piece, square_name
from djambi.narrate import (
    ARMY,
    BACK,
    CORPSE,
    ELIMINATED,
    END,
    EXTRA_TURN,
    KILL,
    MOVE,
    OUT,
    PASS,
    PERISH,
    PLACE,
    POWER,
    POWER_LOST,
    SKIPS,
    THAW,
    Event,
)

from camblam.narrate import Event as CamblamEvent

from app.games.camblam import words as camblam_words
from app.text.i18n import (N_, _, ngettext, party_of, piece_object, piece_subject,
                              player_name, player_of)

#: Why a game ended, after "Game over: … wins;" or "Game over: draw;" (English, for
#: reference and tests; the page shows the whole sentences of ``end_sentence``).
END_REASONS = {
    "elimination": "every other player is out of the game",
    "no players": "the last players perished together",
    "no moves": "no player can move",
    "draw rule": "120 turns passed with no kill and no change of control",
    "agreement": "the players agreed a draw",
}

#: The end of a game, one whole sentence per way it ends (translated at use).
WIN_SENTENCES = {
    "elimination": N_("Game over: {player} wins; every other player is out of the game."),
}
DRAW_SENTENCES = {
    "no players": N_("Game over: draw; the last players perished together."),
    "no moves": N_("Game over: draw; no player can move."),
    "draw rule": N_("Game over: draw; 120 turns passed with no kill and no change of control."),
    "agreement": N_("Game over: draw; the players agreed a draw."),
}


def whose(piece: Piece) -> str:
    """``Blue's militant``; ``a militant's corpse`` (as the object of a sentence)."""
    return piece_object(piece)


def sq(square: int | None) -> str:
    return "" if square is None else square_name(square)


def end_sentence(winner: Party | None, termination: str, rules=None) -> str:
    if winner is not None:
        text = WIN_SENTENCES.get(termination)
        return (_(text) if text else _("Game over: {player} wins.")).format(
            player=player_name(winner, rules))
    text = DRAW_SENTENCES.get(termination)
    return _(text) if text else _("Game over: draw.")


def sentence(event: Event, rules=None) -> str:
    """One event in words; "" for an event that needs none (Camblam's: ``camblam_words``).
    ``rules``: the game's rule set (a two-by-two game names its players with their armies:
    ``Player 1 (Red + Yellow)``)."""
    if isinstance(event, CamblamEvent):
        return camblam_words.sentence(event)
    kind, player = event.kind, event.player
    who = player_name(player, rules) if player is not None else _("Nobody")
    if kind == MOVE:
        piece = event.piece
        assert piece is not None
        what = piece_object(piece, own=piece.party == player)
        if event.via is not None:
            return _("{player} moved {piece} from {start} into the maze and out to {end}.").format(
                player=who, piece=what, start=sq(event.square), end=sq(event.to))
        return _("{player} moved {piece} from {start} to {end}.").format(
            player=who, piece=what, start=sq(event.square), end=sq(event.to))
    if kind == PASS:
        return _("{player} had no legal move and passed.").format(player=who)
    if kind == KILL:
        assert event.piece is not None
        victim = piece_object(event.piece)
        if player is not None and event.by == player:  # kill-own: a piece he controls
            if event.to is None or event.to == event.square:
                return _("{player} killed {victim} on {square}, a piece he controls; the corpse "
                         "stays there.").format(player=who, victim=victim, square=sq(event.square))
            return _("{player} killed {victim} on {square}, a piece he controls; the corpse goes "
                     "to {end}.").format(player=who, victim=victim, square=sq(event.square),
                                         end=sq(event.to))
        if event.to is None or event.to == event.square:
            return _("{player} killed {victim} on {square}; the corpse stays there.").format(
                player=who, victim=victim, square=sq(event.square))
        return _("{player} killed {victim} on {square}; the corpse goes to {end}.").format(
            player=who, victim=victim, square=sq(event.square), end=sq(event.to))
    if kind == PLACE:
        assert event.piece is not None
        return _("{piece} was moved from {start} to {end}.").format(
            piece=piece_subject(event.piece), start=sq(event.square), end=sq(event.to))
    if kind == CORPSE:
        assert event.piece is not None
        corpse = {
            Kind.CHIEF: _("The chief's corpse on {start} was moved to {end}."),
            Kind.ASSASSIN: _("The assassin's corpse on {start} was moved to {end}."),
            Kind.REPORTER: _("The reporter's corpse on {start} was moved to {end}."),
            Kind.PROVOCATEUR: _("The provocateur's corpse on {start} was moved to {end}."),
            Kind.NECROMOBILE: _("The necromobile's corpse on {start} was moved to {end}."),
            Kind.MILITANT: _("The militant's corpse on {start} was moved to {end}."),
        }[event.piece.kind]
        return corpse.format(start=sq(event.square), end=sq(event.to))
    if kind == POWER:
        return _("{owner}'s chief holds the maze: {player} is in power and plays after every "
                 "other player.").format(owner=player_of(player, rules),
                                          player=who) if player is not None else ""
    if kind == POWER_LOST:
        return _("{player} is no longer in power.").format(player=who)
    if kind == PERISH:
        owner = event.party if event.party is not None else player  # the chief's party
        return _("{owner}'s chief on {square} was walled in by corpses and perished.").format(
            owner=party_of(owner), square=sq(event.square)) if owner is not None else ""
    if kind == SKIPS:
        return _("{player} could not move and had no pass left: his chief perished.").format(
            player=who)
    if kind == OUT:
        return _("{owner}'s chief on {square} is walled in: he and the pieces he holds are out "
                 "of the game until he is freed.").format(
                     owner=party_of(event.party), square=sq(event.square)) if event.party is not None else ""
    if kind == BACK:
        return _("{owner}'s chief on {square} is no longer walled in: {player} plays again.").format(
            owner=party_of(event.party), square=sq(event.square),
            player=who) if event.party is not None else ""
    if kind == ARMY:
        if event.party is None:
            return ""
        if player is None:
            return _("{owner}'s pieces are frozen: nobody plays them until a chief takes the "
                     "maze.").format(owner=party_of(event.party))
        return _("{owner}'s pieces now play for {player}.").format(
            owner=party_of(event.party), player=player_of(player, rules))
    if kind == THAW:
        if event.party is None:
            return ""
        return _("{player} takes over {owner}'s frozen pieces.").format(
            player=who, owner=party_of(event.party))
    if kind == ELIMINATED:
        return _("{player} is out of the game.").format(player=who)
    if kind == EXTRA_TURN:
        return _("{player} plays an extra turn (in power).").format(player=who)
    if kind == END:
        return end_sentence(player, event.termination or "", rules)
    return ""


def sentences(events: Iterable[Event], rules=None) -> list[str]:
    """The events in words. Several kills in one move (a reporter under ``reporter=all``) are
    introduced by one sentence that counts them."""
    return [text for text, _piece in pictured_sentences(events, rules)]


#: The events whose sentence is about one piece (``Event.piece``): the narration shows its figure.
PICTURED = (MOVE, KILL, PLACE, CORPSE)


def pictured_sentences(events: Iterable[Event], rules=None) -> list[tuple[str, Piece | None]]:
    """``sentences`` each with the piece it is about, as it stood before the move (the piece
    moved, killed or placed; the corpse carried), or ``None``: the narration draws that piece's
    figure beside its sentence."""
    events = list(events)
    kills = [e for e in events if e.kind == KILL]
    out: list[tuple[str, Piece | None]] = []
    for event in events:
        if len(kills) > 1 and event is kills[0]:
            out.append((ngettext("The reporter killed {n} neighbour at once.",
                                 "The reporter killed {n} neighbours at once.",
                                 len(kills)).format(n=len(kills)), None))
        text = sentence(event, rules)
        if text:
            djambi_piece = not isinstance(event, CamblamEvent) and event.kind in PICTURED
            out.append((text, event.piece if djambi_piece else None))
    return out


def announcement(events: Iterable[Event], next_player: Party | None, rules=None) -> str:
    """What the screen reader says after a move: what it did, then who is to move."""
    words = sentences(events, rules)
    if next_player is not None:
        words.append(_("{player} to move.").format(player=player_name(next_player, rules)))
    return " ".join(words)


__all__ = ["sentence", "sentences", "pictured_sentences", "PICTURED", "announcement", "whose", "end_sentence", "END_REASONS"]
