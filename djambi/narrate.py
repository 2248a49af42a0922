"""What a move did, as data: the events a page turns into sentences ("Red's assassin kills Blue's
chief in the maze", "Blue is eliminated", "Red takes Blue's army").

``describe_move(board, move)`` plays the move on a copy of the position and compares the two
positions — cells, controllers, the ruler, the active players, the turn and the outcome — so the
events say what happened without a second copy of the rules. Events are small frozen values
(``Event``, a named tuple) with names from the game; the words are the page's business.

    >>> from djambi import Board, Move
    >>> describe_move(Board(), Move.parse("C7-F4"))
    (Event('move', player=Party.RED, piece=Piece.from_symbol('rN'), square=56, to=32),)

The kinds, in the order they are listed for one move (see ``docs/formats.md``, "Move events"):
``MOVE`` or ``PASS``; then ``KILL``, ``PLACE`` or ``CORPSE``; ``POWER_LOST``, ``POWER``;
``PERISH``, ``SKIPS``; ``OUT``, ``BACK``; ``ARMY``; ``THAW``; ``ELIMINATED``; ``EXTRA_TURN``;
``END``.

Rule options (``djambi.rules``) show in the same events: a reporter under ``reporter=all`` makes one
``KILL`` per neighbour it kills (N, E, S, W); a ``KILL`` whose ``by`` is its ``player`` killed one of
his own pieces (``kill-own``); ``OUT`` and ``BACK`` a walled-in chief going out and coming back
(``come-back``); ``SKIPS`` a pass that eliminated its player (``skips``). In ``players=2x2`` a
player is named by his first party (Red: Red and Yellow; Blue: Blue and Green), and ``party``
names the chief.
"""

from __future__ import annotations

from typing import NamedTuple

from gamekit import EventBase

from .board import Board
from .move import IllegalMoveError, Move
from .pieces import Kind, Party, Piece
from .squares import MAZE, Square, square_name

MOVE = "move"  #: a piece moved: player (the mover), piece, square (from), to, via (the maze, for a maze act)
PASS = "pass"  #: the player had no legal move
KILL = "kill"  #: player (the killer's), piece (the victim, alive), square, to (its corpse), by (its controller)
PLACE = "place"  #: a provocateur moved a living piece: player, piece, square, to
CORPSE = "corpse"  #: a necromobile moved a corpse: player, piece (the corpse), square, to
POWER = "power"  #: player's chief now holds the maze, and he was not in power before
POWER_LOST = "power_lost"  #: player was in power before the move and is not after it
PERISH = "perish"  #: a chief walled in by corpses perished: player, party, square
SKIPS = "skips"  #: player passed with no pass left (skips=N): his chiefs perished, he is out of the game
OUT = "out"  #: a walled-in chief went out with the parties he holds (come-back): player, party (the chief's), square
BACK = "back"  #: an out chief is no longer walled in and came back (come-back): player, party, square
ARMY = "army"  #: party's living pieces changed hands: by (before), player (after; None: frozen)
THAW = "thaw"  #: frozen party's pieces went to player, the new ruler
ELIMINATED = "eliminated"  #: player is out of the game
EXTRA_TURN = "extra_turn"  #: the next turn is an extra turn, played by player
END = "end"  #: the game is over: player (the winner, or None for a draw), termination

#: Every kind of the standard game, in the order events of one move are listed.
KINDS: tuple[str, ...] = (
    MOVE, PASS, KILL, PLACE, CORPSE, POWER_LOST, POWER, PERISH, ARMY, THAW, ELIMINATED,
    EXTRA_TURN, END,
)
#: The kinds only rule options raise (``djambi.rules``); listed after ``PERISH``, in this order.
OPTION_KINDS: tuple[str, ...] = (SKIPS, OUT, BACK)

class _Fields(NamedTuple):
    kind: str
    player: Party | None = None
    piece: Piece | None = None
    square: Square | None = None
    to: Square | None = None
    party: Party | None = None
    by: Party | None = None
    via: Square | None = None
    termination: str | None = None


class Event(EventBase, _Fields):
    """One thing a move did. ``kind`` is one of the module's constants; the other fields say who
    and where (``None`` where they do not apply). ``piece`` is always as it was before the move.
    ``str``: a compact text for logs and test output (``kill player=Red piece=bM square=D6 to=D4
    by=Blue``)."""

    __slots__ = ()
    square_fields = ("square", "to", "via")
    titled = (Party,)
    square_name = staticmethod(square_name)


def piece_letter(board: Board, move: Move) -> str:
    """The kind letter (``C A R P N M``) of the piece ``move`` moves on ``board``; ``''`` for a pass."""
    if move.is_pass():
        return ""
    piece = board.piece_at(move.piece)
    return "" if piece is None else piece.kind.letter


def describe_move(board: Board, move: Move) -> tuple[Event, ...]:
    """The events of playing ``move`` on ``board`` (the position before the move, left unchanged).

    ``IllegalMoveError`` if the move is not legal there.
    """
    if not board.is_legal(move):
        raise IllegalMoveError(
            f"illegal move {move.text()} in position {board.code()}: {board.why_illegal(move)}"
        )
    after = board.copy(stack=False)
    after.push(move)
    mover = board.turn
    events: list[Event] = []

    placed: dict[Party, Square] = {}  # a chief moved by this move: where he went
    killed: set[Party] = set()  # chiefs killed by this move
    if move.is_pass():
        events.append(Event(PASS, player=mover))
    else:
        piece = board.piece_at(move.piece)
        assert piece is not None and piece.party is not None
        maze_act = move.exit is not None
        final = move.exit if maze_act else move.to
        assert final is not None
        events.append(Event(MOVE, player=mover, piece=piece, square=move.piece, to=final,
                            via=MAZE if maze_act else None))
        if piece.kind == Kind.CHIEF:
            placed[piece.party] = final
        # What the piece acted on: the reporter's victim, or what stood where it went.
        acted = move.to if move.victim is None else move.victim
        target = board.piece_at(acted)
        if target is not None:
            if target.party is None:  # a necromobile takes a corpse
                events.append(Event(CORPSE, player=mover, piece=target, square=acted, to=move.place))
            elif piece.kind == Kind.PROVOCATEUR:  # it moves the living piece, alive
                events.append(Event(PLACE, player=mover, piece=target, square=acted, to=move.place))
                if target.kind == Kind.CHIEF:
                    placed[target.party] = move.place  # type: ignore[assignment]
            else:
                # The corpse goes where the move places it; the assassin's to his start square,
                # the reporter's victim stays where it was killed.
                if move.place is not None:
                    corpse_at = move.place
                elif piece.kind == Kind.ASSASSIN:
                    corpse_at = move.piece
                else:
                    corpse_at = acted
                events.append(Event(KILL, player=mover, piece=target, square=acted, to=corpse_at,
                                    by=board.controller(target.party)))
                if target.kind == Kind.CHIEF:
                    killed.add(target.party)
        elif piece.kind == Kind.REPORTER and board.rules.reporter == "all":
            # reporter=all: every killable neighbour died, N, E, S, W.
            for v in board.geometry.beside[move.to]:
                victim = board.piece_at(v)
                if v == move.piece or victim is None or not victim.alive or after.piece_at(v).alive:  # type: ignore[union-attr]
                    continue
                events.append(Event(KILL, player=mover, piece=victim, square=v, to=v,
                                    by=board.controller(victim.party)))  # type: ignore[arg-type]
                if victim.kind == Kind.CHIEF:
                    killed.add(victim.party)  # type: ignore[arg-type]

    ruler_before, ruler_after = board.ruler, after.ruler
    if ruler_before != ruler_after:
        if ruler_before is not None:
            events.append(Event(POWER_LOST, player=ruler_before))
        if ruler_after is not None:
            events.append(Event(POWER, player=ruler_after))

    rules = board.rules
    if move.is_pass() and rules.skips is not None and board.passes == after.passes:
        events.append(Event(SKIPS, player=mover))  # no pass left: he is out of the game
    else:
        for chief in Party:
            if board.holder(chief) != chief or board.is_out(chief):
                continue  # not a chief in the game
            if chief in killed or after.chief_square(chief) is not None:
                continue
            # His chief died without being killed: walled in, he perished where he stood after
            # the move (moved there himself, or placed there by a provocateur).
            where = placed.get(chief, board.chief_square(chief))
            events.append(Event(PERISH, player=Party(rules.player_of(chief)), party=chief,
                                square=where))
    for chief in Party:
        if board.holder(chief) != chief or after.holder(chief) != chief:
            continue
        if board.is_out(chief) != after.is_out(chief):
            events.append(Event(OUT if after.is_out(chief) else BACK,
                                player=Party(rules.player_of(chief)), party=chief,
                                square=after.chief_square(chief)))

    # Living pieces changing hands: an army taken or frozen, or frozen pieces thawed.
    living = {piece.party for piece in after.pieces().values() if piece.party is not None}
    armies: list[Event] = []
    thawed: list[Event] = []
    for party in Party:
        if party not in living:
            continue  # nothing alive changes hands
        before, now = board.controller(party), after.controller(party)
        if board.holder(party) == after.holder(party) and board.is_out(party) != after.is_out(party):
            continue  # out or back with its chief: no change of hands
        if board.is_frozen(party):
            if not after.is_frozen(party):
                thawed.append(Event(THAW, player=now, party=party))
        elif before != now or after.is_frozen(party):
            armies.append(Event(ARMY, player=now, party=party, by=before))
    events += armies + thawed

    still_in = set(after.active_players) | set(after.out_players)
    for player in board.active_players + board.out_players:
        if player not in still_in:
            events.append(Event(ELIMINATED, player=player))

    outcome = after.outcome()
    if outcome is None:
        if after.is_extra_turn:
            events.append(Event(EXTRA_TURN, player=after.turn))
    else:
        events.append(Event(END, player=outcome.winner, termination=outcome.termination.value))
    return tuple(events)


def describe_game(board: Board) -> list[tuple[Event, ...]]:
    """The events of every move of ``board.move_stack``, replayed from ``board.root()``."""
    replay = board.root()
    out = []
    for move in board.move_stack:
        out.append(describe_move(replay, move))
        replay.push(move)
    return out


__all__ = [
    "Event", "describe_move", "describe_game", "piece_letter", "KINDS", "OPTION_KINDS",
    "MOVE", "PASS", "KILL", "PLACE", "CORPSE", "POWER", "POWER_LOST", "PERISH", "ARMY", "THAW",
    "ELIMINATED", "EXTRA_TURN", "END", "SKIPS", "OUT", "BACK",
]
