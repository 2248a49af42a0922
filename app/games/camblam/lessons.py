"""Interactive Camblam lessons: small positions in which the learner makes the move a rule is about.

Pure Python, the same shape as the Djambi lessons (``app.learn.lessons``): a ``Lesson`` is data —
an id, a title, what it teaches, a position and its ``Step`` values (task, goal, hint, done,
solution, replies) — and a ``LessonRun`` checks the learner's moves, so one lesson player can run
both games. Words are msgids marked with ``N_`` and translated where shown (``_(lesson.title)``).

The position is a Camblam position text (``camblam.parse_position``; it names the side to move).
A step's ``goal`` is conditions separated by commas, all of which the learner's move must meet
(``parse_goal``; ``meets`` checks them on the engine's move events, ``camblam.narrate``)::

    take 3        the move takes at least three pieces (a chain capture)
    take b        it takes a black bishop (letter case is the colour, as in position texts)
    by R          the piece that moves (or shoots) is a rook
    shot          it is an archer's shot: the archer stays where it is
    promote Q     a pawn is promoted to a queen
    to e7         the piece lands on e7 (for a shot: its target)
    check         the move gives check
    mate          the move gives checkmate

``replies``: moves the lesson plays for the other side after a step that is not the last; each a
list of candidates separated by ``|``, the first legal one is played.

``parse_rules(text)`` reads a rules page (``docs/camblam-rules*.md``): its ``##`` sections, each
with one diagram line (``Diagram: `position text` ``) that the page draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from camblam import Board, Kind, Move, parse_position, parse_square
from camblam.narrate import CHECK, END, PROMOTION, SHOT, TAKE, Event, describe_move
from camblam.pieces import LETTERS

from app.learn import runner
from app.learn.runner import LessonError, Step
from app.text.i18n import N_, _

DONE_KEY = "camblam.lessons.v1"


# ---------------------------------------------------------------------------- goals
_ARITY = {"take": 1, "by": 1, "shot": 0, "promote": 1, "to": 1, "check": 0, "mate": 0}


def parse_goal(text: str) -> tuple[tuple[str, ...], ...]:
    """The goal's conditions as tuples of words: ``(("take", "3"), ("by", "R"))``."""
    out = []
    for part in text.split(","):
        words = tuple(part.split())
        if not words or words[0] not in _ARITY:
            raise LessonError(f"bad goal condition {part.strip()!r}: one of {', '.join(_ARITY)}")
        if len(words) - 1 != _ARITY[words[0]]:
            raise LessonError(f"bad goal condition {part.strip()!r}: wrong number of words")
        what, args = words[0], words[1:]
        if what == "take" and not (args[0].isdigit() or args[0].upper() in LETTERS):
            raise LessonError(f"bad goal condition {part.strip()!r}: a count or a piece letter")
        if what in ("by", "promote") and args[0].upper() not in LETTERS:
            raise LessonError(f"bad goal condition {part.strip()!r}: {args[0]!r} is no piece letter")
        if what == "to":
            try:
                parse_square(args[0])
            except ValueError:
                raise LessonError(f"bad goal condition {part.strip()!r}: {args[0]!r}") from None
        out.append(words)
    return tuple(out)


def meets(goal: str, before: Board, move: Move, events: tuple[Event, ...]) -> bool:
    """Whether ``move`` (played on ``before``, with ``events``) meets ``goal``."""
    mover = events[0].piece
    taken = [e.piece for e in events if e.kind == TAKE]
    for what, *args in parse_goal(goal):
        if what == "take":
            arg = args[0]
            ok = len(taken) >= int(arg) if arg.isdigit() else any(p.symbol() == arg for p in taken)
        elif what == "by":
            ok = mover.kind.letter == args[0].upper()
        elif what == "shot":
            ok = events[0].kind == SHOT
        elif what == "promote":
            ok = any(e.kind == PROMOTION and e.piece.kind.letter == args[0].upper() for e in events)
        elif what == "to":
            ok = move.to_square == parse_square(args[0])
        elif what == "check":
            ok = any(e.kind == CHECK for e in events)
        else:  # mate
            ok = any(e.kind == END and e.color == before.turn for e in events)
        if not ok:
            return False
    return True


# ---------------------------------------------------------------------------- lessons
@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    about: str
    position: str
    steps: tuple[Step, ...]

    def board(self) -> Board:
        try:
            return parse_position(self.position)
        except ValueError as exc:
            raise LessonError(f"lesson {self.id}: {exc}") from None


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "pawn", N_("The pawn"),
        N_("A Camblam pawn moves one, two or three squares straight forward, every time, and "
           "captures one square diagonally forward."),
        "11k/12/12/12/12/12/12/12/4P7/12/12/1K10 w 0 1",
        (Step(N_("Move your pawn from e4 to e7 in one move."),
              "by P, to e7",
              N_("A pawn may go three squares at once, on any move, if the way is empty."),
              N_("Three squares in one move: Camblam pawns run fast."),
              "e4e7"),),
    ),
    Lesson(
        "promotion", N_("Promotion"),
        N_("A pawn that reaches the far rank must become a queen, rook, bishop, knight, catapult, "
           "archer or prince, in the same move."),
        "7r4/6P5/11k/12/12/12/12/12/12/12/12/1K10 w 0 1",
        (Step(N_("Take the rook on h12 with your pawn and make it a queen."),
              "by P, take r, promote Q",
              N_("The pawn captures one square diagonally forward: from g11 to h12. Then choose "
                 "the queen."),
              N_("The pawn took the rook and became a queen on the last rank."),
              "g11h12q"),),
    ),
    Lesson(
        "knight", N_("The knight"),
        N_("The knight leaps like a chess knight, or four squares diagonally and one more straight "
           "on. It may leap over enemy pieces, never over its own."),
        "11k/12/12/8q3/1r10/12/6P5/5N6/12/12/12/3K8 w 0 1",
        (Step(N_("Jump the knight — but never over your own men. Take a black piece with it."),
              "by N, take 1",
              N_("The long leaps toward the queen pass over your own pawn on g6: they are barred. "
                 "The long leap to the upper left is free."),
              N_("The knight leapt four squares diagonally and one more, and took the rook."),
              "f5b8"),),
    ),
    Lesson(
        "catapult", N_("The catapult"),
        N_("The catapult slides up or down its file and takes a chain of enemy pieces standing one "
           "behind the other; sideways it only steps one square."),
        "11k/12/12/12/3p8/3p8/12/12/12/12/3Cn7/1K10 w 0 1",
        (Step(N_("Take both pawns on the d file with one move of the catapult."),
              "by C, take 2",
              N_("Slide up the file to the first pawn and go on to the second: land on d8."),
              N_("One move, two pawns: the catapult took the whole chain."),
              "d2d8"),),
    ),
    Lesson(
        "archer", N_("The archer"),
        N_("The archer moves like a queen but only onto empty squares. It captures by shooting: the "
           "nearest piece within five squares on any of its eight lines, if it is an enemy."),
        "11k/12/10r1/12/4b7/12/12/12/4A7/12/12/1K10 w 0 1",
        (Step(N_("Shoot the bishop without moving."),
              "by A, shot, take b",
              N_("The bishop on e8 is four squares up the file: in range. The rook on k10 is six "
                 "squares away: too far."),
              N_("The arrow took the bishop and the archer stayed on e4."),
              "e4e8"),),
    ),
    Lesson(
        "rook", N_("The rook"),
        N_("The rook slides along ranks and files, taking a chain of enemy pieces; it also steps one "
           "square diagonally."),
        "11k/12/12/12/12/12/12/R2ppp6/12/12/12/1K10 w 0 1",
        (Step(N_("Take the three pawns with one move."),
              "by R, take 3",
              N_("The pawns stand one behind the other on rank 5: a chain. Land on the last one, f5."),
              N_("The rook took the whole chain of three pawns."),
              "a5f5"),),
    ),
    Lesson(
        "bishop", N_("The bishop"),
        N_("The bishop slides diagonally, taking a chain; it also steps one square straight, so it "
           "is not bound to one colour of squares."),
        "11k/12/12/12/12/12/7p4/5n6/5B6/12/12/1K10 w 0 1",
        (Step(N_("Take the knight right in front of your bishop."),
              "by B, take n",
              N_("A bishop steps one square straight up, down, left or right: f4 to f5."),
              N_("The bishop stepped straight forward and took the knight."),
              "f4f5"),),
    ),
    Lesson(
        "prince", N_("The prince"),
        N_("The prince moves in two legs: first straight along a rank or file, then diagonally, both "
           "over empty squares. It takes the one enemy on the square where it stops."),
        "11k/10p1/7p4/12/4q7/12/12/12/12/12/1H10/1K10 w 0 1",
        (Step(N_("The prince moves in two legs. Take the queen on e8."),
              "by H, take q",
              N_("Go up the b file to b5, then diagonally to e8: it is one move."),
              N_("Straight, then diagonal: the prince reached the queen in one move."),
              "b2e8"),),
    ),
    Lesson(
        "queen", N_("The queen"),
        N_("The queen slides in all eight directions and takes a chain of enemy pieces on any line."),
        "11k/12/12/12/12/12/5r6/4b7/12/2Q9/12/1K10 w 0 1",
        (Step(N_("Take the bishop and the rook with one move."),
              "by Q, take 2",
              N_("The bishop on e5 and the rook on f6 stand one behind the other on the diagonal: "
                 "land on the rook."),
              N_("The queen took both pieces of the chain."),
              "c3f6"),),
    ),
    Lesson(
        "king", N_("The king"),
        N_("The king steps one square in any direction and never moves into check."),
        "11k/12/12/12/3r8/12/12/12/12/12/3n1c6/4K7 w 0 1",
        (Step(N_("Take a piece with your king — safely."),
              "by K, take 1",
              N_("The knight on d2 is guarded by the rook on d8; the catapult on f2 is not."),
              N_("The king took the unguarded catapult."),
              "e1f2"),),
    ),
    Lesson(
        "check", N_("Check"),
        N_("A king is in check when the enemy could take it with its next move. You must get out of "
           "check; with no way out, it is checkmate and the game is lost."),
        "11k/12/12/12/12/2R9/12/12/12/12/PPn9/KC10 w 0 1",
        (Step(N_("Your king is in check from the knight on c2. Find the only move out of check."),
              "take n",
              N_("A knight's check cannot be blocked and your king has no free square: take the "
                 "knight."),
              N_("The rook slid down the c file and took the knight: the king is safe."),
              "c7c2"),),
    ),
)

BY_ID = {lesson.id: lesson for lesson in LESSONS}


# ---------------------------------------------------------------------------- playing a lesson
#: The words of a wrong answer (``runner.Answer``'s).
WRONG = runner.Answer.WRONG
Answer = runner.Answer


def play_replies(board: Board, replies: tuple[str, ...]) -> list[tuple[Move, tuple[Event, ...]]]:
    """Play each reply's first legal candidate on ``board``; a reply with none is a lesson error."""
    return runner.play_replies(board, replies, describe_move)


class LessonRun(runner.LessonRun):
    """A Camblam lesson being played (``runner.LessonRun``)."""

    def describe(self, board: Board, move: Move) -> tuple[Event, ...]:
        return describe_move(board, move)

    def meets(self, goal: str, before: Board, move: Move, events: tuple[Event, ...], after: Board) -> bool:
        return meets(goal, before, move, events)


# ---------------------------------------------------------------------------- the rules pages
@dataclass(frozen=True)
class RulesSection:
    """One ``##`` section of a rules page: its title, its text (Markdown) and its diagram."""

    title: str
    text: str
    diagram: str


_DIAGRAM = re.compile(r"^(?:Diagram|Diagramme) ?: `([^`]+)`\s*$", re.M)


def parse_rules(text: str) -> list[RulesSection]:
    """The sections of a rules page; ``LessonError`` naming a section without exactly one diagram."""
    out = []
    for chunk in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _nl, body = chunk.partition("\n")
        found = _DIAGRAM.findall(body)
        if len(found) != 1:
            raise LessonError(f"rules section {title.strip()!r}: {len(found)} diagram lines, expected 1")
        out.append(RulesSection(title.strip(), _DIAGRAM.sub("", body).strip(), found[0]))
    return out


__all__ = ["Lesson", "Step", "LESSONS", "BY_ID", "LessonRun", "Answer", "LessonError", "parse_goal",
           "meets", "play_replies", "WRONG", "DONE_KEY", "RulesSection", "parse_rules"]
