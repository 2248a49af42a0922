"""Playing a lesson, whichever game it teaches: what every course shares.

Pure Python. A course (``app.learn.lessons`` for Djambi, ``app.games.camblam.lessons`` for
Camblam) keeps what is its game's own — how a lesson's position is written, what its goals mean
(``meets``), its lessons — and gives the rest to the classes here: a ``Step`` of a lesson, the
``Answer`` to a learner's move, the replies a lesson plays for the other side, and the
``LessonRun`` that checks the learner's moves. One lesson player (``app.views.learnview``)
runs both games' lessons through them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from app.text.i18n import N_, _


class LessonError(ValueError):
    """A lesson's data is wrong (names the lesson and the bad part)."""


@dataclass(frozen=True)
class Step:
    """One move the learner makes: ``task`` says what to do, ``hint`` why a wrong move does not do
    the job, ``done`` what the right move did; ``solution`` is a move text meeting ``goal``;
    ``replies`` are played for the other side once the step is done (candidates separated by
    ``|``: the first legal one is played)."""

    task: str
    goal: str
    hint: str
    done: str
    solution: str
    replies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answer:
    """What a learner's move did: ``kind`` is ``wrong`` (taken back), ``next`` (the step is done,
    another follows; ``replies`` were played) or ``done`` (the lesson is finished). ``text`` says
    it in the current language (read it again after a language switch: it follows)."""

    kind: str
    step: Step | None
    events: tuple[Any, ...] = ()
    replies: tuple[tuple[Any, tuple[Any, ...]], ...] = ()

    #: The words of a wrong answer; ``{what}`` (what the move did, ``said``) and ``{hint}``.
    WRONG: ClassVar[str] = N_("Not this one, the move is taken back. {hint}")

    def said(self) -> str:
        """What the move did, in words, for a wrong answer ("" when the course says nothing)."""
        return ""

    @property
    def text(self) -> str:
        if self.step is None:
            return _("This lesson is finished.")
        if self.kind == "wrong":
            return _(self.WRONG).format(what=self.said(), hint=_(self.step.hint))
        return _(self.step.done)


Describe = Callable[[Any, Any], tuple]


def play_replies(board: Any, replies: tuple[str, ...], describe: Describe) -> list[tuple[Any, tuple]]:
    """Play each reply's first legal candidate on ``board``, with what it did (``describe``, the
    game's ``narrate.describe_move``); a reply with no legal candidate is an error in the lesson."""
    played = []
    for reply in replies:
        for text in reply.split("|"):
            try:
                move = board.parse_move(text.strip())
            except ValueError:
                continue
            events = describe(board, move)
            board.push(move)
            played.append((move, events))
            break
        else:
            raise LessonError(f"no legal reply among {reply!r}")
    return played


@dataclass
class LessonRun:
    """A lesson being played: its board, the step the learner is on, and whether it is done.

    A course subclasses it with its game's ``describe`` (what a move did, as the engine's events)
    and ``meets`` (whether a move meets a step's goal), and ``answer_type`` if its answers word a
    wrong move differently."""

    lesson: Any
    step_index: int = 0
    board: Any = field(default=None)
    finished: bool = False

    answer_type: ClassVar[type[Answer]] = Answer

    def describe(self, board: Any, move: Any) -> tuple:
        raise NotImplementedError

    def meets(self, goal: str, before: Any, move: Any, events: tuple, after: Any) -> bool:
        raise NotImplementedError

    def __post_init__(self) -> None:
        if self.board is None:
            self.board = self.lesson.board()

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.step_index, len(self.lesson.steps) - 1)]

    def restart(self) -> None:
        self.step_index = 0
        self.board = self.lesson.board()
        self.finished = False

    def answer(self, move: Any) -> Answer:
        """Check the learner's (legal) move: a wrong one leaves the board as it was."""
        if self.finished:
            return self.answer_type("wrong", None)
        before = self.board
        events = self.describe(before, move)
        after = before.copy()
        after.push(move)
        step = self.step
        if not self.meets(step.goal, before, move, events, after):
            return self.answer_type("wrong", step, events)
        self.board = after
        if self.step_index + 1 >= len(self.lesson.steps):
            self.finished = True
            return self.answer_type("done", step, events)
        replies = tuple(play_replies(self.board, step.replies, self.describe))
        self.step_index += 1
        return self.answer_type("next", step, events, replies)


__all__ = ["LessonError", "Step", "Answer", "LessonRun", "play_replies"]
