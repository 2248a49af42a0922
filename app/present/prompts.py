"""What the panel says about the turn: the prompt under the status line, why a tap on the board is
not played, and the looking-back bar's words. Pure Python: the views show these texts.

``state`` is the computer loop's (``app.state.loop.Loop.state``): ``idle``, ``thinking``,
``paused`` or ``waiting``."""

from __future__ import annotations

from app.present import standings
from app.present import remotewords
from app.text.i18n import _, player_name, player_of
from app.state.session import Game


def turn_prompt(game: Game, state: str, picker_prompt: str) -> str:
    """The prompt: how the game ended, the computer thinking or paused, a remote move awaited,
    or else the move picker's own (``picker_prompt``)."""
    if game.board.is_game_over():
        return standings.outcome_text(game)[1]
    if state == "thinking":
        return _("The computer is thinking.")
    if state == "paused":
        return _("Paused: press “Let it play” for the computer to move.")
    if state == "waiting":
        return remotewords.tr("waiting_prompt").format(player=player_of(game.board.turn, game.rule_set))
    return picker_prompt


def tap_refusal(game: Game, state: str, viewing: int | None, total: int) -> str | None:
    """Why a tap on the board is not played here (looking back, the game over, another device's
    or a computer's turn), or ``None`` when it goes to the move picker."""
    if viewing is not None:
        if viewing == 0:
            text = _("You are looking back at the start. Press “Back to the game” (or End) "
                     "to play.")
        else:
            text = _("You are looking back at move {number} of {total}. Press “Back to the "
                     "game” (or End) to play.")
        return text.format(number=viewing, total=total)
    if game.board.is_game_over():
        return _("The game is over. Undo, or start a new game.")
    if state == "waiting":  # another device's seat: never played here by mistake
        return remotewords.tr("not_yours").format(player=player_name(game.board.turn, game.rule_set))
    if state != "idle":
        return (_("It is the computer's turn. Press “Let it play” to go on.")
                if state == "paused" else _("It is the computer's turn."))
    return None


def browse_text(viewing: int, total: int) -> str:
    """The looking-back bar: which position is shown."""
    if viewing == 0:
        return _("The start")
    return _("Move {number} of {total}").format(number=viewing, total=total)
