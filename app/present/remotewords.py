"""Remote play in words: what a player reads when a move link arrives (who moved and what, whose
turn it is, where two versions part) and in the send dialog. Pure Python; the decisions are
``app.state.remote``'s.

Player-facing strings are whole sentences with named placeholders (translation, issue 12).
"""

from __future__ import annotations

from app.present import gameslist, standings, words
from app.state import library, remote, session
from app.text.i18n import N_, _, party_name, party_of

#: Player-facing texts, marked with ``N_`` and translated where shown (``tr(key)``):
#: ``{name}`` is a game's shown name (``library.shown_name``), ``{player}`` a player's name in
#: the form the sentence needs (``app.text.i18n``).
TEXTS = {
    "same": N_("This link holds no new move: “{name}” is up to date."),
    "older": N_("This link is older than your copy of “{name}”: it stops at move {theirs}, "
                "yours is at move {ours}. Nothing changed."),
    "diverges": N_("This link's version of “{name}” differs from yours from move {number} on: "
                   "the link has {link_move}, your copy has {our_move}. Both versions are kept: "
                   "yours as “{name}” and the link's as “{other}” (see Games)."),
    "no_move": N_("no move"),
    # What to do next, for whoever holds the device (``remote.next_step``).
    # Translators: {player}, {other}: possessor/object form (Czech "za Modrého", "pro Červeného").
    "step_back": N_("Your move as {player}: play it, then send the link back to {other}."),
    # Translators: {player}, {other}: possessor/object form.
    "step_send": N_("Your move as {player}: play it, then send the link to {other}."),
    # Translators: {player}: possessor/object form. Nobody is left on another device.
    "step_yours": N_("Your move as {player}: play it on this device."),
    # Translators: {player}: subject form. A game played on this device alone.
    "step_here": N_("{player} is to move: play the move on this device."),
    # Translators: {player}: subject form.
    "step_wait": N_("{player} is to move on the other device: wait for their link."),
    # Translators: {player}: subject form.
    "step_wait_computer": N_("{player} (computer) moves on the other device: wait for its link."),
    # Translators: {player}: subject form.
    "step_computer": N_("{player} (computer) is to move: it plays on this device."),
    "reopened": N_("“{name}” is already in your games: it is open, nothing was copied."),
    "reseated": N_("“{name}” is already in your games: it is open with the link's seats, "
                   "nothing was copied."),
    "over": N_("{result}."),
    # Translators: {player}: possessor form (Czech "Červeného").
    "waiting_prompt": N_("Waiting for {player}'s move by link."),
    # Translators: {player}: subject form.
    "not_yours": N_("It is {player}'s turn, played on another device. Wait for the link, or "
                    "press “Play it here” to make this move at this device on purpose."),
    # Translators: {player}: possessor/object form (Czech "Poslat tah pro Červeného").
    "send_title": N_("Send the move to {player}"),
    # Translators: {player}: subject form.
    "send_text": N_("{player} plays on another device: send this link. Opening it there "
                    "continues “{name}”."),
    "send_end_title": N_("Send the last move"),
    "send_end_text": N_("“{name}” is over: send this link so that the other players see the "
                        "end."),
    "opened": N_("Opened “{name}”."),
    # Translators: {player}: subject form.
    "send_text_computer": N_("{player} (computer) plays on the device of the player before it: "
                             "send this link to that device."),
}


def tr(key: str) -> str:
    """``TEXTS[key]`` in the current language."""
    return _(TEXTS[key])


def _move_words(game: session.Game, ply: int) -> str:
    """``Blue C7-F4`` for move ``ply`` (0-based) of the game, or "no move"."""
    if ply >= len(game.board.move_stack):
        return tr("no_move")
    return gameslist.ply_words(game, ply)


def divergence(stored: session.Game, incoming: session.Game, common: int, other: str) -> str:
    return tr("diverges").format(name=library.shown_name(stored.name), number=common + 1,
                                       link_move=_move_words(incoming, common),
                                       our_move=_move_words(stored, common),
                                       other=library.shown_name(other))


def continued(game: session.Game, new_from: int, opened: str | None = None) -> str:
    """After a link's moves were played: what to do next first (what the player needs now,
    never scrolled out of sight by a long story), then the game ``opened`` (its name, if it was
    just opened), then who moved and what (the last move's own words when it ended the game)."""
    replay = game.board.root()
    parts = []
    told_end = False  # the last move's narration says how the game ended
    for ply, move in enumerate(game.board.move_stack):
        if ply >= new_from:
            events = game.rules.describe_move(replay, move)
            parts.extend(words.sentences(events))
            told_end = any(e.kind == "end" for e in events)
        replay.push(move)
    head = [] if (told_end and game.board.is_game_over()) else [whose_turn(game)]
    if opened is not None:
        head.append(say("opened", opened))
    return " ".join(head + parts)


def whose_turn(game: session.Game) -> str:
    """Whose turn it is and what to do next (``remote.next_step``): play and send the link to
    whom, or wait for whose link."""
    step = remote.next_step(game)
    if step.kind == remote.OVER:
        return tr("over").format(result=standings.status_text(game))
    if step.kind == remote.YOURS:
        if step.send_to is None:
            return tr("step_yours").format(player=party_of(step.player))
        return tr("step_back" if step.back else "step_send").format(
            player=party_of(step.player), other=party_of(step.send_to))
    if step.kind == remote.HERE:
        return tr("step_here").format(player=party_name(step.player))
    if step.kind == remote.WAIT:
        return tr("step_wait_computer" if step.computer else "step_wait").format(
            player=party_name(step.player))
    return tr("step_computer").format(player=party_name(step.player))


def reopened(game: session.Game, reseated: bool) -> str:
    """A link that is a game stored here (``remote.saved_copy``): opened, not copied, and what
    to do next."""
    return " ".join((say("reseated" if reseated else "reopened", game.name), whose_turn(game)))


def send_texts(game: session.Game) -> tuple[str, str]:
    """(title, text) of the send dialog for the player to move."""
    name = library.shown_name(game.name)
    if game.board.is_game_over():
        return tr("send_end_title"), tr("send_end_text").format(name=name)
    player = game.board.turn
    title = tr("send_title").format(player=party_of(player))
    if game.is_computer(player):
        return title, tr("send_text_computer").format(player=party_name(player))
    return title, tr("send_text").format(player=party_name(player), name=name)


def say(key: str, game_name: str, **values: str) -> str:
    """``TEXTS[key]`` in the current language, naming the game ``game_name`` as shown."""
    return tr(key).format(name=library.shown_name(game_name), **values)


__all__ = ["TEXTS", "tr", "divergence", "continued", "whose_turn", "reopened", "send_texts", "say"]
