"""Games played across devices by passing links, with no server. Pure Python.

A move link carries the whole game (compact code), its seats and its id (``linking.move_link``).
When one arrives, ``arrival`` compares it with the stored games of the same id:

* ``new``: no game of that id here yet: the page asks which seats are this device's;
* ``extends``: it is a stored game plus more moves: the game goes on (``continued`` says who
  moved and what, and whose turn it is);
* ``same`` / ``older``: nothing new (the link is this game, or an earlier point of it);
* ``diverges``: a past move differs, or two people moved from the same position: the link's
  version is kept as another game beside the stored one (``divergence`` explains where).

Keeping up (issue 37): a dialog about one moment of a game (the send dialog: this move's link)
closes once that moment is past (``overtaken``: another game is open, the game moved on or back,
a newer link was opened); a link that is a stored game but for its seats opens that game with the
link's seats (``saved_copy``, ``reseat``), never a copy; whoever receives a link reads what to do
next (``next_step``: play and send to whom, or wait for whom).

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


# ---------------------------------------------------------------- keeping up
@dataclass(frozen=True)
class Moment:
    """One point of one game, as a dialog about it saw it: the game's id and the stored game it
    is (``slot``: versions of a game share its id), its number of moves, the last one, its end."""

    game_id: str
    slot: str
    ply: int
    last: object = None  # the last move (None before the first)
    over: bool = False


def moment(game: session.Game, slot: str) -> Moment:
    """``game`` (stored as ``slot``) now."""
    stack = game.board.move_stack
    return Moment(game.id, slot, len(stack), stack[-1] if stack else None, game.board.is_game_over())


def overtaken(about: Moment | None, now: Moment, link_opened: bool = False) -> bool:
    """Whether a dialog about ``about`` (None: no such dialog) is stale and closes: a link was
    opened since (a newer move, or another game), or the open game is no longer that game at that
    point (a move, an undo or redo, a draw agreed, another game opened or a new one started)."""
    if about is None:
        return False
    return link_opened or about != now


def same_moves(a: session.Game, b: session.Game) -> bool:
    """The same game (rules, start, every move, how it stands), whoever sits where."""
    stack_a, stack_b = a.board.move_stack, b.board.move_stack
    return (a.rules.key == b.rules.key and len(stack_a) == len(stack_b)
            and common_moves(a, b) == len(stack_a)
            and a.board.is_game_over() == b.board.is_game_over())


def saved_copy(incoming: session.Game, stored: list[tuple[str, session.Game]]) -> str | None:
    """The stored game (its slot; the first of ``stored`` wins, the open game should be first)
    that a position or game link is again, perhaps with other seats: opening the link opens it."""
    for slot, game in stored:
        if same_moves(incoming, game):
            return slot
    return None


def reseat(game: session.Game, seats: list[str]) -> bool:
    """Give ``game`` the seats a link names (its seats played here stay); whether they changed."""
    seats = list(seats)
    if seats == list(game.seats):
        return False
    for party in game.rules.idle_seats(game.board):
        seats[int(party)] = game.seats[int(party)]  # the hostage never plays
    game.seats = seats
    game.touch()
    return True


YOURS, HERE, COMPUTER, WAIT, OVER = "yours", "here", "computer", "wait", "over"


@dataclass(frozen=True)
class NextStep:
    """What the player holding this device does next.

    ``yours``: a seat of this device is to move in a game played across devices; ``send_to`` is
    the first player of another device after it (None: nobody is left there), ``back`` whether
    that player made the last move (the link came from them). ``here``: a human is to move in a
    game played on this device alone. ``computer``: a computer plays here. ``wait``: the player to
    move (``computer`` True when a computer) is on another device. ``over``: the game ended."""

    kind: str
    player: Party | None = None
    send_to: Party | None = None
    back: bool = False
    computer: bool = False


def last_mover(game: session.Game) -> Party | None:
    """The player who made the game's last move (None before the first)."""
    stack = game.board.move_stack
    if not stack:
        return None
    board = game.board.root()
    for move in stack[:-1]:
        board.push(move)
    return board.turn


def next_remote(game: session.Game) -> Party | None:
    """The first player of another device after the one to move, in turn order (players out of
    the game and computers left out: a computer plays where the player before it does)."""
    parties = list(game.rules.parties)
    active = set(game.rules.active_players(game.board))
    start = parties.index(game.board.turn)
    for step in range(1, len(parties)):
        party = parties[(start + step) % len(parties)]
        if party in active and game.is_remote(party):
            return party
    return None


def next_step(game: session.Game) -> NextStep:
    """What to do next, for whoever holds this device (after a link was opened, say)."""
    board = game.board
    if board.is_game_over():
        return NextStep(OVER)
    turn = board.turn
    if game.here_to_move():
        if not game.is_remote_game():
            return NextStep(HERE, turn)
        to = next_remote(game)
        return NextStep(YOURS, turn, to, back=to is not None and to == last_mover(game))
    if game.remote_to_move():
        return NextStep(WAIT, turn, computer=game.is_computer(turn))
    return NextStep(COMPUTER, turn, computer=True)


__all__ = ["Moment", "moment", "overtaken", "same_moves", "saved_copy", "reseat", "NextStep",
           "next_step", "last_mover", "next_remote", "YOURS", "HERE", "COMPUTER", "WAIT", "OVER",
           "Arrival", "arrival", "common_moves", "continue_with", "other_version", "version_name",
           "seats_to_ask", "join", "should_send", "NEW", "EXTENDS", "SAME", "OLDER", "DIVERGES"]
