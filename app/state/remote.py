"""Games played across devices by passing links, with no server. Pure Python.

A move link carries the whole game (compact code), its seats and its id (``linking.move_link``).
When one arrives, ``arrival`` compares it with the stored games of the same id:

* ``new``: no game of that id here yet: the page asks which seats are this device's;
* ``extends``: it is a stored game plus more moves: the game goes on (``continued`` says who
  moved and what, and whose turn it is);
* ``same`` / ``older``: nothing new (the link is this game, or an earlier point of it);
* ``diverges``: a past move differs, or two people moved from the same position: the link's
  version is kept as another game beside the stored one (``divergence`` explains where).

Player-facing strings are whole sentences with named placeholders (translation, issue 12).
"""

from __future__ import annotations

from dataclasses import dataclass

from djambi import Party

from app.state import library
from app.state import session
from app.present import standings
from app.present import words
from app.present.i18n import N_, _, party_name, party_of

NEW, EXTENDS, SAME, OLDER, DIVERGES = "new", "extends", "same", "older", "diverges"

#: Player-facing texts, marked with ``N_`` and translated where shown (``tr(key)``):
#: ``{name}`` is a game's shown name (``library.shown_name``), ``{player}`` a player's name in
#: the form the sentence needs (``app.present.i18n``).
TEXTS = {
    "same": N_("This link holds no new move: “{name}” is up to date."),
    "older": N_("This link is older than your copy of “{name}”: it stops at move {theirs}, "
                "yours is at move {ours}. Nothing changed."),
    "diverges": N_("This link's version of “{name}” differs from yours from move {number} on: "
                   "the link has {link_move}, your copy has {our_move}. Both versions are kept: "
                   "yours as “{name}” and the link's as “{other}” (see Games)."),
    "no_move": N_("no move"),
    # Translators: {player}: subject form.
    "your_turn": N_("Your turn: {player} to move."),
    "their_turn": N_("{player} is to move, on another device: send the link."),
    "waiting": N_("Now {player} is to move, on another device."),
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


@dataclass(frozen=True)
class Arrival:
    """What a shared link is, compared with the stored games of its id."""

    kind: str
    slot: str | None = None  # the stored game it concerns (None for ``new``)
    common: int = 0  # moves the link and that game have in common


def common_moves(a: session.Game, b: session.Game) -> int:
    """How many moves two games share from their start (0 if their starts differ)."""
    if a.board.root() != b.board.root():
        return 0
    count = 0
    for x, y in zip(a.board.move_stack, b.board.move_stack):
        if x != y:
            break
        count += 1
    return count


def arrival(incoming: session.Game, stored: list[tuple[str, session.Game]]) -> Arrival:
    """Compare a shared link's game with the stored games (slot, game) of the same id."""
    mine = [(slot, g) for slot, g in stored if g.id == incoming.id]
    if not mine:
        return Arrival(NEW)
    best: Arrival | None = None
    rank = {EXTENDS: 0, SAME: 1, OLDER: 2, DIVERGES: 3}
    for slot, game in mine:
        common = common_moves(incoming, game)
        theirs, ours = len(incoming.board.move_stack), len(game.board.move_stack)
        same_end = incoming.board.is_game_over() == game.board.is_game_over()
        if common == ours and common == theirs and same_end:
            kind = SAME
        elif common == ours and theirs >= ours:
            kind = EXTENDS
        elif common == theirs and theirs < ours:
            kind = OLDER
        else:
            kind = DIVERGES
        candidate = Arrival(kind, slot, common)
        if (best is None or rank[kind] < rank[best.kind]
                or (kind == best.kind and common > best.common)):
            best = candidate
    assert best is not None
    return best


def continue_with(stored: session.Game, incoming: session.Game) -> None:
    """Play the link's further moves on the stored game (``arrival`` said ``extends``)."""
    for move in incoming.board.move_stack[len(stored.board.move_stack):]:
        stored.board.push(move)
    outcome = incoming.board.outcome()
    if outcome is not None and not stored.board.is_game_over():
        # A game ends without a move by the players' word: a draw agreed, or (Camblam) a side
        # that resigned.
        if outcome.termination.value == "resignation":
            stored.board.resign(next(p for p in stored.rules.parties if p != outcome.winner))
        else:
            stored.board.agree_draw()
    stored.redo_moves.clear()
    stored.touch()


def other_version(stored: session.Game, incoming: session.Game, name: str) -> session.Game:
    """The link's version, to keep beside the stored one: same id and seats of this device."""
    incoming.here = stored.here
    incoming.made_here = False
    incoming.name = name
    return incoming


def version_name(name: str, taken: list[str]) -> str:
    """``Game 2 (version 2)``, ``… (version 3)``: a name no other game has."""
    base = name.split(" (version ")[0]
    number = 2
    while f"{base} (version {number})" in taken:
        number += 1
    return f"{base} (version {number})"


def _move_words(game: session.Game, ply: int) -> str:
    """``Blue C7-F4`` for move ``ply`` (0-based) of the game, or "no move"."""
    if ply >= len(game.board.move_stack):
        return tr("no_move")
    player, text = game.move_list()[ply]
    return library.move_words(player, text)


def divergence(stored: session.Game, incoming: session.Game, common: int, other: str) -> str:
    return tr("diverges").format(name=library.shown_name(stored.name), number=common + 1,
                                       link_move=_move_words(incoming, common),
                                       our_move=_move_words(stored, common),
                                       other=library.shown_name(other))


def continued(game: session.Game, new_from: int) -> str:
    """After a link's moves were played: who moved and what, then whose turn it is."""
    replay = game.board.root()
    parts = []
    told_end = False  # the last move's narration says how the game ended
    for ply, move in enumerate(game.board.move_stack):
        if ply >= new_from:
            events = game.rules.describe_move(replay, move)
            parts.extend(words.sentences(events))
            told_end = any(e.kind == "end" for e in events)
        replay.push(move)
    if not (told_end and game.board.is_game_over()):
        parts.append(whose_turn(game))
    return " ".join(parts)


def whose_turn(game: session.Game) -> str:
    board = game.board
    if board.is_game_over():
        return tr("over").format(result=standings.status_text(game))
    player = party_name(board.turn)
    if game.here_to_move():
        return tr("your_turn").format(player=player)
    if game.remote_to_move():
        return tr("waiting").format(player=player)
    return standings.status_text(game) + "."


def seats_to_ask(game: session.Game) -> list[Party]:
    """The seats a device may take when it first opens a game's link: the human seats."""
    idle = game.rules.idle_seats(game.board)
    return [p for p in game.rules.parties if not game.is_computer(p) and p not in idle]


def join(game: session.Game, mine: list[Party]) -> session.Game:
    """This device plays ``mine`` (the rest of the human seats are remote); it did not start
    the game, so computers before any human move play elsewhere."""
    here = {int(p) for p in mine} | {int(p) for p in game.rules.idle_seats(game.board)}
    game.here = frozenset(here)
    game.made_here = False
    game.touch()
    return game


def should_send(game: session.Game, moved_here: bool) -> bool:
    """After a move made at this device: the next move is another device's, or the game ended
    and others play it elsewhere, so offer the link."""
    if not moved_here:
        return False
    return game.remote_to_move() or (game.board.is_game_over() and game.is_remote_game())


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


__all__ = ["Arrival", "arrival", "common_moves", "continue_with", "other_version", "version_name",
           "divergence", "continued", "whose_turn", "seats_to_ask", "join", "should_send",
           "send_texts", "say", "tr", "TEXTS", "NEW", "EXTENDS", "SAME", "OLDER", "DIVERGES"]
