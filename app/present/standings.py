"""The game's state in words: the status line, how the game ended, and each party's line in the
players list. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass

from camblam import Color
from djambi import Board, Party
from djambi.rules import Rules
from djambi.squares import MAZE

from app.text.i18n import (N_, _, army_name, list_of, party_name, party_of, player_name,
                               player_short)
from app.state.seating import REMOTE
from app.state.session import Game

def status_text(game: Game) -> str:
    """The one-line status: who is to move, or how the game ended."""
    board = game.board
    rules = game.rule_set
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is not None:
            return _("Game over: {player} wins").format(player=player_name(outcome.winner, rules))
        text = DRAW_STATUS.get(outcome.termination.value)
        return _(text) if text else _("Game over: draw")
    if getattr(board, "is_extra_turn", False):
        return _("{player} to move (extra turn, in power)").format(
            player=player_name(board.turn, rules))
    return _("{player} to move").format(player=player_name(board.turn, rules))


#: The status line of a drawn game, by termination.
DRAW_STATUS = {
    "no players": N_("Game over: draw (no players)"),
    "no moves": N_("Game over: draw (no moves)"),
    "draw rule": N_("Game over: draw (draw rule)"),
    "agreement": N_("Game over: draw (agreement)"),
    "stalemate": N_("Game over: draw (stalemate)"),
    "repetition": N_("Game over: draw (repetition)"),
    "100-move rule": N_("Game over: draw (100-move rule)"),
    "bare kings": N_("Game over: draw (bare kings)"),
}

#: Why a game ended, on the game-over screen.
OUTCOME_REASONS = {
    "elimination": N_("Every other player has been eliminated."),
    "no players": N_("The last players perished together."),
    "no moves": N_("No player can move."),
    "draw rule": N_("120 turns passed with no kill and no change of control."),
    "agreement": N_("The players agreed a draw."),
    "checkmate": N_("Checkmate."),
    # Translators: {player}: subject form, the side that resigned.
    "resignation": N_("{player} resigned."),
    "stalemate": N_("The player to move has no legal move and is not in check."),
    "repetition": N_("The same position stood for the third time."),
    "100-move rule": N_("100 moves passed with no capture, shot or pawn move."),
    "bare kings": N_("Only the two kings are left."),
}


def outcome_text(game: Game) -> tuple[str, str]:
    """(title, explanation) for the game-over screen; ``("", "")`` while the game goes on."""
    outcome = game.board.outcome()
    if outcome is None:
        return "", ""
    why = outcome_reason(outcome)
    if outcome.winner is not None:
        return _("{player} wins!").format(player=player_name(outcome.winner, game.rule_set)), why
    return _("Draw"), why


def outcome_reason(outcome) -> str:
    """Why a game ended (``OUTCOME_REASONS``), in the current language; a resignation names the
    side that resigned (only Camblam's two sides resign), whichever device reads it."""
    termination = outcome.termination.value
    reason = OUTCOME_REASONS.get(termination)
    if reason is None:
        return termination
    if termination == "resignation":
        return _(reason).format(player=party_name(Color(1 - int(outcome.winner))))
    return _(reason)


@dataclass(frozen=True)
class PartyInfo:
    party: Party
    state: str  # "active", "eliminated", "frozen", "hostage"
    controller: Party | None
    to_move: bool
    in_power: bool
    controls: tuple[Party, ...]  # for an active player: the parties he plays (his own first)
    seat: str
    #: The row's name: the party's, or in a two-by-two game the army and its player
    #: (``Yellow (Player 1)``).
    name: str = ""
    rules: Rules | None = None  # the game's rule set, to name the players
    #: In a two-by-two game, the player (0 or 1) who leads the army from the start and the
    #: party whose colour stands for him (his first army, as in the move list): the row shows
    #: the army's name and a badge with his number, which fit a narrow panel where
    #: ``Yellow (Player 1)`` wraps. None otherwise.
    player: int | None = None
    player_colour: Party | None = None

    def label(self, name: str | None = None) -> str:
        """The row's name as shown: ``name`` (else the row's) after ``▶`` for the player to move,
        before ``♛`` for the one in power."""
        return ("▶ " if self.to_move else "") + (self.name if name is None else name) + (
            " ♛" if self.in_power else "")

    def words(self) -> str:
        """A short description, e.g. "in power; plays Blue too" or "eliminated: Red plays it"."""
        if self.state == "active":
            others = [party_of(p) for p in self.controls if p != self.party]
            if others and self.in_power:
                return _("in power; plays {players} too").format(players=list_of(others))
            if others:
                return _("plays {players} too").format(players=list_of(others))
            return _("in power") if self.in_power else ""
        if self.state == "eliminated":
            if self.controller is not None:
                # the row names the armies' players already: "Player 2" is enough
                return _("eliminated; {player} plays its pieces").format(
                    player=player_short(self.controller, self.rules))
            return _("eliminated")
        if self.state == "frozen":
            return _("eliminated; its pieces are frozen")
        if self.state == "hostage":
            return _("hostage (no turns)")
        return ""


def party_infos(game: Game) -> list[PartyInfo]:
    """One row per party, in seat order."""
    board = game.board
    over = board.is_game_over()
    if game.rules.key != "djambi":  # two sides, each plays its own pieces
        return [PartyInfo(party=p, state="active", controller=p,
                          to_move=(not over and board.turn == p), in_power=False, controls=(p,),
                          seat=REMOTE if game.is_remote(p) else game.seat(p), name=party_name(p))
                for p in game.rules.parties]
    if board.rules.two_by_two:
        return _two_by_two_infos(game)
    out = []
    for party in Party:
        ctl = board.controller(party)
        if board.is_frozen(party):
            state = "frozen"
        elif ctl is None:
            state = "hostage"
        elif ctl == party:
            state = "active"
        else:
            state = "eliminated"
        if state == "eliminated" and not _has_living(board, party):
            ctl_shown = None
        else:
            ctl_shown = ctl
        out.append(PartyInfo(
            party=party,
            state=state,
            controller=ctl_shown,
            to_move=(not over and board.turn == party),
            in_power=board.ruler == party,
            controls=tuple(board.parties_of(party)) if state == "active" else (),
            seat=REMOTE if game.is_remote(party) else game.seat(party),
            name=party_name(party),
        ))
    return out


def _two_by_two_infos(game: Game) -> list[PartyInfo]:
    """Two-by-two (``players=2x2``): each army's row says the player who leads it from the start;
    an army is in the game while its own chief holds it (then it lists the armies held through
    him), else eliminated, played by the player whose chief took it."""
    board = game.board
    rules = board.rules
    over = board.is_game_over()
    out = []
    for party in Party:
        holder = board.holder(party)
        ctl = board.controller(party)
        if board.is_frozen(party):
            state = "frozen"
        elif ctl is None:
            state = "hostage"  # out with its walled-in chief (come-back): no turns
        elif holder == party:
            state = "active"
        else:
            state = "eliminated"
        active = state == "active"
        out.append(PartyInfo(
            party=party,
            state=state,
            controller=ctl if state != "eliminated" or _has_living(board, party) else None,
            to_move=not over and active and ctl == board.turn,
            in_power=active and board.chief_square(party) == MAZE,
            controls=tuple(Party(p) for p in Party if board.holder(p) == party) if active else (),
            seat=REMOTE if game.is_remote(party) else game.seat(party),
            name=army_name(party, rules),
            rules=rules,
            player=rules.player_of(int(party)),
            player_colour=Party(rules.starting_parties(rules.player_of(int(party)))[0]),
        ))
    return out


def _has_living(board: Board, party: Party) -> bool:
    return any(p.party == party for p in board.pieces().values())
