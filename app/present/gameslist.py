"""The Games list in words: one line per stored game (its name, whose turn or how it ended, the
last move), newest first with finished games last. Pure Python; the games are
``app.state.library``'s."""

from __future__ import annotations

from typing import Any

from app.present import standings
from app.state import library, session
from app.state.library import Entry
from app.text.i18n import _, army_name, party_name, pgettext, player_name


def entries(games: library.Library) -> list[Entry]:
    """The Games list: games in progress first, then finished ones; newest first in each."""
    out = []
    for slot, game in games.read_all():
        if isinstance(game, session.SaveError):
            # A human name, never the slot (an internal id) nor a storage key.
            out.append(Entry(slot, _("Unreadable game"),
                             _("Cannot be read: {problem}").format(problem=game), "", "", False, False,
                             readable=False))
            continue
        out.append(entry(slot, game))
    out.sort(key=lambda e: e.updated, reverse=True)
    out.sort(key=lambda e: e.over)
    return out


def entry(slot: str, game: session.Game) -> Entry:
    plies = len(game.board.move_stack)
    last = ply_words(game, plies - 1) if plies else ""
    return Entry(slot, game.name or slot, turn_words(game), last, game.updated,
                 game.board.is_game_over(), game.remote_to_move())


def turn_words(game: session.Game) -> str:
    """Whose turn it is, as the Games list says it: "Your turn (Red)", "Blue to move (on another
    device)", or how the game ended."""
    board = game.board
    if board.is_game_over():
        return standings.status_text(game)
    player = board.turn
    if game.remote_to_move():
        return _("{player} to move (on another device)").format(
            player=player_name(player, game.rule_set))
    if game.is_remote_game() and game.here_to_move():
        return _("Your turn ({player})").format(player=player_name(player, game.rule_set))
    return standings.status_text(game)


def ply_words(game: session.Game, ply: int) -> str:
    """Move ``ply`` (0-based) of the game with whoever made it: ``Blue C7-F4``; in a two-by-two
    game the army that moved with its player, ``Yellow (Player 1) G1-F1`` (a player moves either
    of his armies in his turn), or the player with his armies when he moved another army's piece."""
    board = game.board.root()
    for move in game.board.move_stack[:ply]:
        board.push(move)
    move = game.board.move_stack[ply]
    player, text, rules = board.turn, board.move_text(move), game.rule_set
    if not getattr(rules, "two_by_two", False):
        return move_words(player, text)
    army = game.rules.army_of(board, move)
    if int(army) in rules.starting_parties(int(player)):
        who = army_name(army, rules)
    else:
        who = player_name(player, rules)
    return pgettext("player and move", "{player} {move}").format(player=who, move=text)


def move_words(player: Any, move: str) -> str:
    """``Blue C7-F4``: a move of the record with its player (the move stays a code)."""
    # Translators: a move in the Games list and in link messages: the player (subject form)
    # and the move's code, e.g. "Blue C7-F4".
    return pgettext("player and move", "{player} {move}").format(player=party_name(player),
                                                                  move=move)


__all__ = ["entries", "entry", "turn_words", "ply_words", "move_words"]
