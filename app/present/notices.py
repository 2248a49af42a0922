"""The notices that leave nobody wondering (issue 28): a human player put out of a game that goes
on (who, and why: his chief killed by whom, or walled in), whether only computers are left, and
whose turn it is on a shared tablet after computers moved.

Pure: computed from the game and its plies' narration events (``djambi.narrate``); the view shows
the words and the actions (Undo, Watch, Faster, Finish quickly, New game).
"""

from __future__ import annotations

from dataclasses import dataclass

from djambi import Party
from djambi.narrate import ELIMINATED, KILL, PERISH, POWER
from djambi.pieces import Kind
from camblam.narrate import SHOT, TAKE

from app.text.i18n import _, player_name
from app.state.history import Ply
from app.state.session import Game


@dataclass(frozen=True)
class OutNotice:
    """Human players out of a game still going on: ``out`` (in the order they went out), the
    sentence saying who and why, and whether only computers are left to play."""

    out: tuple[Party, ...]
    text: str
    only_computers: bool


def why_out(party: Party, plies: list[Ply], rules=None) -> str:
    """Why ``party`` is out, from the move that put it out: "Red's chief was killed by Blue." or
    "Red's chief was walled in by corpses."; "" if no move says. In a two-by-two game
    (``rules``), ``party`` is a player and his last chief is either of his armies'."""
    def his(p: Party | None) -> bool:
        return p is not None and (rules.player_of(p) if two else p) == party

    two = rules is not None and rules.two_by_two
    name = player_name(party, rules)
    for ply in reversed(plies):
        if not any(e.kind == ELIMINATED and e.player == party for e in ply.events):
            continue
        for event in ply.events:
            if (event.kind == KILL and event.piece is not None and his(event.piece.party)
                    and event.piece.kind == Kind.CHIEF):
                return _("{player}'s chief was killed by {killer}.").format(
                    player=name, killer=player_name(event.player, rules))
            if event.kind == PERISH and his(event.party):
                return _("{player}'s chief was walled in by corpses.").format(player=name)
        return _("{player} has no chief left to play for.").format(player=name)
    return ""


def out_notice(game: Game, plies: list[Ply]) -> OutNotice | None:
    """The notice for human players of this device out of a game that goes on; ``None`` when
    no such player is out, or the game is over (the game-over dialog says it)."""
    board = game.board
    if board.is_game_over():
        return None
    active = set(game.rules.active_players(board))
    idle = game.rules.idle_seats(board)  # Djambi's hostage
    rules = game.rule_set
    two = rules is not None and rules.two_by_two
    players = (Party.RED, Party.BLUE) if two else game.rules.parties  # 2x2: players One and Two
    humans = [p for p in players if game.is_here(p) and p not in idle]
    out = [p for p in humans if p not in active]
    if not out:
        return None
    only_computers = not any(p in active for p in humans)
    lines = []
    for party in out:
        lines.append(_("{player} is out of the game.").format(player=player_name(party, rules)))
        why = why_out(party, plies, rules)
        if why:
            lines.append(why)
    if only_computers:
        lines.append(_("Only computers are left: watch them play on, or finish the game quickly."))
    return OutNotice(tuple(out), " ".join(lines), only_computers)


def your_turn(game: Game, plies: list[Ply]) -> str:
    """"Your turn, Blue" when a human of this device is to move right after a computer's move
    (the tablet is shared with computers: the human must notice); "" otherwise."""
    board = game.board
    if board.is_game_over() or not plies:
        return ""
    turn = board.turn
    if not game.is_here(turn) or not game.is_computer(plies[-1].player):
        return ""
    return _("Your turn, {player}").format(player=player_name(turn, game.rule_set))




#: The sounds (``app/views/sound.py`` plays them): a move, a kill, the maze taken, your turn.
SOUNDS = ("move", "kill", "maze", "turn")


def sound_for(new: list[Ply], game: Game) -> str:
    """The one sound for the moves just played (``new``): the maze taken, else a kill, else a
    move; "turn" instead when a human of this device is now to move after a computer; "" for
    no new move."""
    if not new:
        return ""
    if your_turn(game, new):
        return "turn"
    events = [e.kind for ply in new for e in ply.events]
    if POWER in events:
        return "maze"
    if KILL in events or TAKE in events or SHOT in events:  # Djambi's kill, Camblam's take or shot
        return "kill"
    return "move"


__all__ = ["OutNotice", "SOUNDS", "out_notice", "sound_for", "why_out", "your_turn"]
