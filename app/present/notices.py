"""The notices that leave nobody wondering (issue 28): a human player put out of a game that goes
on (who, and why: his chief killed by whom, or walled in), whether only computers are left, and
whose turn it is on a shared tablet after computers moved.

And the messages a player reads when something is refused or fails (issue 37): one value,
``Message`` (what happened, what was kept, what to do, and the technical details apart), made by
one function a kind (``link_refused``, ``file_refused``, …, each returning a ``Message``) and rendered
by one function, ``message_html``, that the page's message boxes use
(``app.views.dialogs.show_message``). The details (the bad text, an exception) go behind a
translated "Details" disclosure, never into the sentence.

Pure: computed from the game and its plies' narration events (``djambi.narrate``); the view shows
the words and the actions (Undo, Watch, Faster, Finish quickly, New game).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from djambi import Party
from djambi.narrate import ELIMINATED, KILL, PERISH, POWER
from djambi.pieces import Kind
from camblam.narrate import SHOT, TAKE

from app.text.i18n import _, player_name
from app.state.history import Ply
from app.state.problems import Problem, cut
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


# ---------------------------------------------------------------------------- messages
@dataclass(frozen=True)
class Message:
    """A message for the player: ``happened``, ``kept`` and ``todo`` are sentences in his
    language ("" where there is nothing to say); ``details`` the technical part (the bad text, an
    exception), shown behind "Details" at most; ``error`` whether it is an error (it stays until
    dismissed) or a passing notice."""

    happened: str
    kept: str = ""
    todo: str = ""
    details: str = ""
    error: bool = True

    @property
    def sentence(self) -> str:
        """What the player reads: what happened, what was kept, what to do."""
        return " ".join(part for part in (self.happened, self.kept, self.todo) if part)


def message_html(message: Message) -> str:
    """The message as the page shows it: the sentence (what happened in bold), then, if there
    are details, a closed ``<details>`` with a translated summary. Every text escaped."""
    rest = " ".join(part for part in (message.kept, message.todo) if part)
    html = (f'<span class="message-sentence"><strong>{escape(message.happened)}</strong>'
            f'{" " + escape(rest) if rest else ""}</span>')
    if message.details:
        summary = _("Details")  # the disclosure's title: what is inside is for whoever asks
        html += (f'<details class="message-details"><summary>{escape(summary)}</summary>'
                 f'<code>{escape(message.details)}</code></details>')
    return html


def unchanged_game() -> str:
    return _("Your game is unchanged.")


def link_refused(problem: Problem) -> Message:
    """A link that opens nothing (``app.state.linking.LinkError``)."""
    return Message(str(problem), _("Your saved game is unchanged."), problem.todo, problem.details)


def file_refused(problem: Problem) -> Message:
    """A file that is not a game (``app.state.gamefile.FileError``)."""
    return Message(str(problem), unchanged_game(), problem.todo, problem.details)


def backup_refused(problem: Problem) -> Message:
    """A backup file that adds nothing (``app.state.backup.BackupError``: its sentences say what
    happened, that the list is unchanged and what to do)."""
    return Message(str(problem), "", problem.todo, problem.details)


def file_too_large(name: str) -> Message:
    """A file picked or dropped that is far too large to read."""
    return Message(_("The file “{name}” is too large to be a game.").format(name=name),
                   unchanged_game(), _("Choose a game file saved with “Save to a file”."))


def file_unreadable(name: str, error: object) -> Message:
    """A file the browser could not read (``error``: its explanation)."""
    return Message(_("The file “{name}” could not be read by the browser.").format(name=name),
                   unchanged_game(), _("Try again, or choose another copy of the file."), cut(error, 300))


def move_refused(error: object) -> Message:
    """A move the rules engine refused (the picker offered it: a fault, said calmly)."""
    return Message(_("This move cannot be played."), _("The position is unchanged."),
                   _("Choose another move."), cut(error, 300))


def computer_failed(error: object) -> Message:
    """The computer player could not give a move."""
    return Message(_("The computer player could not choose a move."), unchanged_game(),
                   _("Press “Let it play” to try again."), cut(error, 300))


def suggestion_failed(error: object) -> Message:
    """No suggested move (the search failed)."""
    return Message(_("No move could be suggested."), unchanged_game(),
                   _("Play on, or ask again."), cut(error, 300))


def qr_failed(error: object) -> Message:
    """The QR code of a link could not be made."""
    return Message(_("The QR code could not be made."), "", _("Copy the link instead."),
                   cut(error, 300))


def said(text: str, error: bool = True) -> Message:
    """A message the pure layers already put in whole sentences (storage, settings, backups)."""
    return Message(text, error=error)


__all__ = ["Message", "OutNotice", "SOUNDS", "backup_refused", "computer_failed", "file_refused",
           "file_too_large", "file_unreadable", "link_refused", "message_html", "move_refused",
           "out_notice", "qr_failed", "said", "sound_for", "suggestion_failed", "unchanged_game",
           "why_out", "your_turn"]
