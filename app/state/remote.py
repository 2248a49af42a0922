"""Games played across devices by passing links, with no server. Pure Python.

A move link carries the whole game (compact code), its seats and its id (``linking.move_link``).
When one arrives, ``arrival`` compares it with the stored games of the same id:

* ``new``: no game of that id here yet: the page asks which seats are this device's;
* ``extends``: it is a stored game plus more moves: the game goes on (``continued`` says who
  moved and what, and whose turn it is);
* ``same`` / ``older``: nothing new (the link is this game, or an earlier point of it);
* ``diverges``: a past move differs, or two people moved from the same position: the link's
  version is kept as another game beside the stored one (``divergence`` explains where).

What a player reads of it (who moved, whose turn, the send dialog) is ``app.present.remotewords``.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games import Seat as Party

from app.state import session

NEW, EXTENDS, SAME, OLDER, DIVERGES = "new", "extends", "same", "older", "diverges"

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
    stored.seat_redo.clear()  # seat changes undone here no longer follow (issue 37)
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


__all__ = ["Arrival", "arrival", "common_moves", "continue_with", "other_version", "version_name",
           "seats_to_ask", "join", "should_send", "NEW", "EXTENDS", "SAME", "OLDER", "DIVERGES"]
