"""The computer players' loop as a small pure state machine: when a search runs, when it stops.

The page never decides by hand whether a computer should be thinking. The actions (``stop``,
``resume``, ``undone``, …) only change the pause; every action that can change the game or the
pause — a move, Undo, Redo, New game, a link or file opened, Stop, Let it play, a setting — ends
with one call, ``Loop.sync(game)``, the only source of commands: it compares the game with the
loop's state and answers with what to do: start a search (``Start``), drop the one under way
(``Cancel``), or nothing. A search is tied to the game's *revision* (a number the game bumps on every change); when
it finishes, ``Loop.finished(token, game)`` says whether its move may still be played.

The invariant the tests prove over random sequences of actions (``tests/test_app_loop.py``)::

    after sync: a computer is to move and play is not paused  <=>  a search for this revision runs

A remote seat (a person on another device, or a computer that plays on the device of the player
before it) is not a computer to move here: ``computer_to_move`` is false, so no search starts and
the state is ``waiting`` until a link brings the move.

Pausing is explicit: ``stop()`` pauses, ``resume()`` lifts the pause; ``undone()`` pauses when
Undo leaves a computer to move (so the undone move is not simply played again), and a human's move
or a new game lifts it. Nothing else touches it, so nothing can leave the loop waiting for a
search that nobody started — the stall of issue 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Union


class GameView(Protocol):
    """What the loop needs to know of the game (``session.Game`` has it)."""

    revision: int

    def computer_to_move(self) -> bool: ...

    def remote_to_move(self) -> bool: ...


@dataclass(frozen=True)
class Start:
    """Start a search for the game as it is now; ``token`` identifies it (the game's revision)."""

    token: int


@dataclass(frozen=True)
class Cancel:
    """Drop the search ``token``: the game changed under it, or play was paused."""

    token: int


Command = Union[Start, Cancel, None]


@dataclass
class Loop:
    """Whether play is paused, and which search (if any) is under way."""

    paused: bool = False
    searching: int | None = None  # the revision the running search is for

    # ------------------------------------------------------------------ actions
    # Each changes the pause only; the caller then calls ``sync`` (the one source of commands).
    def stop(self) -> None:
        """The Stop button: pause (``sync`` then drops the search)."""
        self.paused = True

    def resume(self) -> None:
        """"Let it play": lift the pause (``sync`` then starts a computer to move)."""
        self.paused = False

    def undone(self, game: GameView) -> None:
        """After Undo: pause if a computer is to move now (it would replay at once), else not."""
        self.paused = game.computer_to_move()

    def human_moved(self) -> None:
        """After a human's move: play goes on."""
        self.paused = False

    def reset(self) -> None:
        """A new game, or a game opened from a link, a file or another tab: play goes on."""
        self.paused = False

    def finished(self, token: int, game: GameView) -> bool:
        """A search ended. ``True`` if its move is to be played (it is still the search for this
        game and play is not paused); either way it no longer runs. The caller plays the move and
        then calls ``sync``."""
        current = self.searching == token
        if current:
            self.searching = None
        return current and not self.paused and game.revision == token and game.computer_to_move()

    def failed(self, token: int) -> None:
        """A search raised: pause (a person decides), and it no longer runs."""
        if self.searching == token:
            self.searching = None
        self.paused = True

    # ------------------------------------------------------------------ the one rule
    def wants_search(self, game: GameView) -> bool:
        return game.computer_to_move() and not self.paused

    def sync(self, game: GameView) -> Command:
        """Bring the loop in line with the game: what must be started or dropped."""
        want = self.wants_search(game)
        if self.searching is not None and (not want or self.searching != game.revision):
            token, self.searching = self.searching, None
            if want:  # the game changed under the search: a new one for the new position
                self.searching = game.revision
                return Start(game.revision)
            return Cancel(token)
        if want and self.searching is None:
            self.searching = game.revision
            return Start(game.revision)
        return None

    # ------------------------------------------------------------------ what to show
    def state(self, game: GameView) -> str:
        """``thinking``, ``paused`` (a computer is to move but waits for "Let it play"),
        ``waiting`` (the move is another device's: a remote person, or a computer that plays
        there; nothing runs here, the game waits for a link) or ``idle`` (a human of this device
        is to move, or the game is over)."""
        if not game.computer_to_move():
            return "waiting" if game.remote_to_move() else "idle"
        return "paused" if self.paused else "thinking"


__all__ = ["Loop", "Start", "Cancel", "Command", "GameView"]
