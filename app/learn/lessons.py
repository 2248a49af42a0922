"""Interactive lessons: small positions in which the learner makes the move a rule is about.

Pure Python, checked in CPython (``tests/test_app_lessons.py``): every solution is legal and
reaches its goal, every goal is reachable, and the replies the lesson plays for the other players
stay legal whatever accepted move the learner chose. The page (``app.views.learnview``) only draws a
``LessonRun`` and feeds it the learner's moves.

A lesson is plain data (``Lesson``): an id, a title, what it teaches, and its ``Step`` values; its
words (title, about, task, hint, done) are msgids marked with ``N_``, translated where shown
(``_(lesson.title)``), so that the checks below never depend on the language. Its
position is a *small diagram* (position texts always hold all 36 pieces; a lesson needs only a
few), written as ``square=symbol`` tokens::

    "D5=rM D7=bM A9=rC I1=bC"        rM: Red's militant on D5, xM: a militant's corpse

with ``control``, one letter per party in seat order (Red, Blue, Yellow, Green): the player who
controls it (``r b y g``), ``f`` frozen or ``h`` hostage — ``"rbrr"`` is a game of Red and Blue
(Yellow and Green are out: what is left of them plays for Red) — and ``turn``, the player to
move. ``parse_position`` reads it; errors name the bad token.

A step's ``goal`` is conditions separated by commas, all of which the learner's move must meet
(``parse_goal``; ``meets`` checks them on the engine's move events, ``djambi.narrate``, and on the
position after the move):

    kill bM           a living blue militant is killed     kill bC by A   … by an assassin
    kill bC by bM     … by a blue militant (a piece the learner took over)
    power r           Red's chief takes the maze: Red is in power
    perish b          Blue's chief is walled in by corpses and perishes
    army b r          Blue's living pieces now play for Red
    thaw b r          Red takes over Blue's frozen pieces
    end r             the game ends, Red the winner
    place bA          a provocateur moves a living blue assassin
    corpse            a necromobile moves a corpse
    safe C            after the move, no enemy can kill the mover's chief (``djambi.threats``)
    reach A5 G5       after the move, the piece on A5 could kill the piece on G5
    extra             the move is played on an extra turn

``replies``: moves the lesson plays for the other players after the step is done, before the next
step; each reply is a list of candidates separated by ``|``, the first legal one is played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from djambi import Board, Move, Party, Piece, parse_square
from djambi.board import FROZEN, HOSTAGE
from djambi.narrate import ARMY, END, KILL, MOVE, PERISH, PLACE, CORPSE, POWER, THAW, Event, describe_move
from djambi.threats import reach, threats
from djambi.turns import Turn

from app.learn import runner
from app.learn.runner import LessonError, Step
from app.text.i18n import N_, _

DONE_KEY = "djambi.lessons.v1"


# ---------------------------------------------------------------------------- positions
def parse_position(text: str, control: str = "rbyg", turn: str = "r") -> Board:
    """A board from a small diagram (see the module docstring)."""
    cells = [0] * 81
    for token in text.split():
        square, sep, symbol = token.partition("=")
        if not sep:
            raise LessonError(f"bad piece {token!r}: write square=symbol, like D5=rM")
        try:
            sq = parse_square(square)
            piece = Piece.from_symbol(symbol)
        except ValueError as exc:
            raise LessonError(f"bad piece {token!r}: {exc}") from None
        if cells[sq]:
            raise LessonError(f"bad piece {token!r}: {square} is taken twice")
        cells[sq] = piece.code
    if len(control) != 4 or any(c not in "rbygfh" for c in control):
        raise LessonError(f"bad control {control!r}: four letters of r, b, y, g, f, h")
    ctl = [FROZEN if c == "f" else HOSTAGE if c == "h" else "rbyg".index(c) for c in control]
    if turn not in "rbyg" or len(turn) != 1:
        raise LessonError(f"bad turn {turn!r}: one of r, b, y, g")
    return Board._from_parts(cells, ctl, Turn.regular("rbyg".index(turn)), 0)


# ---------------------------------------------------------------------------- goals
_ARITY = {"kill": (1, 3), "power": (1, 1), "perish": (1, 1), "army": (2, 2), "thaw": (2, 2),
          "end": (1, 1), "place": (1, 1), "corpse": (0, 0), "safe": (1, 1), "reach": (2, 2),
          "extra": (0, 0)}


def parse_goal(text: str) -> tuple[tuple[str, ...], ...]:
    """The goal's conditions as tuples of words: ``(("kill", "bC", "by", "A"),)``."""
    out = []
    for part in text.split(","):
        words = tuple(part.split())
        if not words or words[0] not in _ARITY:
            raise LessonError(f"bad goal condition {part.strip()!r}: one of {', '.join(_ARITY)}")
        low, high = _ARITY[words[0]]
        if not low <= len(words) - 1 <= high or (words[0] == "kill" and len(words) == 3):
            raise LessonError(f"bad goal condition {part.strip()!r}: wrong number of words")
        if words[0] == "kill" and len(words) == 4 and words[2] != "by":
            raise LessonError(f"bad goal condition {part.strip()!r}: write kill bC by A")
        for w in words[1:]:
            if w == "by":
                continue
            if len(w) == 2 and w[0] in "rbygx" and w[1] in "CARPNM":
                continue
            if len(w) == 1 and w in "rbygCARPNM":
                continue
            try:
                parse_square(w)
            except ValueError:
                raise LessonError(f"bad goal condition {part.strip()!r}: {w!r}") from None
        out.append(words)
    return tuple(out)


def _piece_matches(piece: Piece | None, text: str) -> bool:
    if piece is None:
        return False
    if len(text) == 1:
        return piece.kind.letter == text
    return piece.symbol() == text


def meets(goal: str, before: Board, move: Move, events: tuple[Event, ...], after: Board) -> bool:
    """Whether ``move`` (played on ``before``, giving ``after`` and ``events``) meets ``goal``."""
    mover = next((e.piece for e in events if e.kind == MOVE), None)
    player = before.turn
    for cond in parse_goal(goal):
        what, args = cond[0], cond[1:]
        if what == "kill":
            ok = any(e.kind == KILL and _piece_matches(e.piece, args[0]) for e in events)
            if ok and len(args) == 3:
                ok = _piece_matches(mover, args[2])
        elif what == "power":
            ok = any(e.kind == POWER and e.player == Party.from_letter(args[0]) for e in events)
        elif what == "perish":
            ok = any(e.kind == PERISH and e.party == Party.from_letter(args[0]) for e in events)
        elif what in ("army", "thaw"):
            kind = ARMY if what == "army" else THAW
            ok = any(e.kind == kind and e.party == Party.from_letter(args[0])
                     and e.player == Party.from_letter(args[1]) for e in events)
        elif what == "end":
            ok = any(e.kind == END and e.player == Party.from_letter(args[0]) for e in events)
        elif what == "place":
            ok = any(e.kind == PLACE and _piece_matches(e.piece, args[0]) for e in events)
        elif what == "corpse":
            ok = any(e.kind == CORPSE for e in events)
        elif what == "safe":
            exposed = threats(after, player)
            ok = not any(_piece_matches(after.piece_at(sq), args[0]) for sq in exposed)
        elif what == "reach":
            ok = parse_square(args[1]) in reach(after, parse_square(args[0])).kills
        else:  # extra
            ok = before.is_extra_turn
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
    control: str = "rbrr"
    turn: str = "r"

    def board(self) -> Board:
        try:
            return parse_position(self.position, self.control, self.turn)
        except LessonError as exc:
            raise LessonError(f"lesson {self.id}: {exc}") from None


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "militant", N_("The militant"),
        N_("Militants move one or two squares in a straight line, in any of the eight directions, "
           "and kill by moving onto an enemy. The killer then puts the corpse on any empty square."),
        "D5=rM D7=bM A9=rC I1=bC G8=bM",
        (Step(N_("Kill Blue's militant on D7 with your militant on D5, then put the corpse anywhere."),
              "kill bM by M",
              N_("Your militant on D5 reaches D7: two squares straight up. Tap the militant, then D7."),
              N_("The militant took D7 and the corpse went where you put it. Corpses stay on the "
                 "board for the rest of the game and block the way."),
              "D5xD7@A1"),),
    ),
    Lesson(
        "chief", N_("The chief"),
        N_("The chief moves any distance in a straight line and kills like a militant, from afar. "
           "Lose him and your whole army is lost."),
        "C3=rC C8=bR I9=bC A1=rM",
        (Step(N_("Kill Blue's reporter on C8 with your chief."),
              "kill bR by C",
              N_("Your chief on C3 sees C8 straight up the column: nothing stands between them."),
              N_("The chief killed from five squares away and placed the corpse."),
              "C3xC8@A9"),),
    ),
    Lesson(
        "assassin", N_("The assassin"),
        N_("The assassin moves like the chief and kills by taking the square; the corpse goes to the "
           "square the assassin started from. Any piece passes over the empty maze."),
        "B2=rA F6=bC A9=rC I1=bM",
        (Step(N_("Kill Blue's chief with your assassin: the diagonal passes over the empty maze."),
              "kill bC by A",
              N_("The assassin on B2 reaches F6 along the diagonal, over the empty maze in E5."),
              N_("Blue's chief is dead and his corpse lies on B2, where the assassin started. Blue "
                 "is out, and with him the last of your enemies: you win."),
              "B2xF6"),),
    ),
    Lesson(
        "reporter", N_("The reporter"),
        N_("The reporter moves to an empty square, then may kill one enemy on a square next to it "
           "— above, below, left or right, never diagonally. The corpse stays where it was."),
        "C4=rR G5=bC A9=rC G7=bM",
        (Step(N_("Kill Blue's chief on G5 with your reporter."),
              "kill bC by R",
              N_("The reporter kills by standing next to its victim, not on it: move it to G4, "
                 "right below the chief, then tap the chief."),
              N_("The reporter stopped next to the chief and killed him; the corpse stays on G5."),
              "C4-G4xG5"),),
    ),
    Lesson(
        "provocateur", N_("The provocateur"),
        N_("The provocateur kills nobody: it takes the square of an enemy piece and puts that piece, "
           "alive, on any empty square."),
        "A5=rC E1=bA C1=rP I9=bC",
        (Step(N_("Blue's assassin on E1 can kill your chief on A5. Use your provocateur to move the "
                 "assassin somewhere harmless."),
              "place bA, safe C",
              N_("Tap the provocateur on C1, then the assassin, then a square from which the assassin "
                 "cannot reach your chief (not on row 5, column A or a diagonal of A5)."),
              N_("The assassin was moved, alive, and your chief is safe for now."),
              "C1-E1@I1"),),
    ),
    Lesson(
        "necromobile", N_("The necromobile"),
        N_("Only the necromobile moves corpses: it takes the square of a corpse and puts the corpse "
           "on any empty square. Corpses block every piece, so they make walls."),
        "A9=rC A1=bA C1=rN C3=xM I5=bC I1=bM",
        (Step(N_("Blue's assassin on A1 can kill your chief on A9, up the column. Block the column "
                 "with the corpse on C3: your necromobile moves it."),
              "corpse, safe C",
              N_("Tap the necromobile on C1, then the corpse on C3, then a square of column A between "
                 "the assassin and your chief."),
              N_("The corpse blocks the column: the assassin cannot pass it."),
              "C1-C3@A5"),),
    ),
    Lesson(
        "maze", N_("The maze and power"),
        N_("The centre square, E5, is the maze. Only a chief may stop on it; while he holds it his "
           "player is in power and plays more turns than the others."),
        "B2=rC A9=rM I9=bC I1=bM",
        (Step(N_("Take power: move your chief into the maze."),
              "power r",
              N_("Only the chief may stop on the maze. Yours on B2 reaches E5 along the diagonal."),
              N_("Your chief holds the maze: you are in power."),
              "B2-E5"),),
    ),
    Lesson(
        "extra-turns", N_("The ruler's extra turns"),
        N_("With three or four players in the game, the player in power plays after every other "
           "player's turn. (With two players left, he plays twice after each of the other's turns.)"),
        "D4=rC C3=rM C5=yM I9=bC I8=bM I1=yC",
        (Step(N_("Take power: move your chief into the maze."),
              "power r",
              N_("Only the chief may stop on the maze; yours is next to it on D4."),
              N_("You are in power. Blue played; now you play again, before Yellow."),
              "D4-E5",
              replies=("I8-H8|I8-H7",)),
         Step(N_("It is your extra turn. Kill Yellow's militant on C5 before Yellow can move it."),
              "kill yM, extra",
              N_("Your militant on C3 reaches C5: two squares up."),
              N_("You killed on your extra turn: the ruler plays between every other player's turns."),
              "C3xC5@A1")),
        control="rbyr",
    ),
    Lesson(
        "walled-in", N_("Corpses wall in a chief"),
        N_("A chief whose every neighbouring square holds a corpse, and whose player has no living "
           "necromobile to clear them, perishes: his player is out of the game."),
        "I9=bC H9=xM I8=xA C2=rN C4=xR A1=rC E1=bM",
        (Step(N_("Blue's chief in the corner has corpses on two sides. Bring the corpse from C4 to "
                 "the last open square, H8, with your necromobile."),
              "perish b",
              N_("Tap the necromobile on C2, then the corpse on C4, then H8: the last square next to "
                 "Blue's chief."),
              N_("Walled in by corpses, with no necromobile of his own, Blue's chief perished."),
              "C2-C4@H8"),),
    ),
    Lesson(
        "control", N_("Control passes with the chief"),
        N_("Whoever kills a chief takes over all his player's living pieces: they play for the killer "
           "from then on, and the dead chief's player is out."),
        "B8=rA F8=bC G3=bM I9=yM G1=yC A1=rC",
        (Step(N_("Kill Blue's chief on F8 with your assassin."),
              "army b r",
              N_("Your assassin on B8 reaches F8 along row 8."),
              N_("Blue is out and his militant now plays for you. Yellow played; your turn."),
              "B8xF8",
              replies=("I9-I8|I9-H8",)),
         Step(N_("Use Blue's militant on G3, now yours, to kill Yellow's chief on G1."),
              "kill yC by bM",
              N_("The blue militant is yours now: tap it on G3, then Yellow's chief two squares down."),
              N_("With Blue's militant you killed Yellow's chief: you win."),
              "G3xG1@A9")),
        control="rbyr",
    ),
    Lesson(
        "frozen", N_("Frozen armies"),
        N_("When a chief perishes while nobody holds the maze, his pieces are frozen: nobody plays "
           "them, kills them or moves them — until a chief takes the maze, whose player then takes "
           "them all."),
        "D4=rC F6=bM F4=bA I9=xC H9=xM H8=xM I8=xM A1=yC A2=yM I1=rM",
        (Step(N_("Blue's pieces are frozen. Take the maze with your chief to take them over."),
              "thaw b r",
              N_("Frozen pieces cannot be killed or moved. Take the maze: your chief is next to it."),
              N_("You are in power and Blue's frozen pieces now play for you."),
              "D4-E5"),),
        control="rfyy",
    ),
    Lesson(
        "hostage", N_("Three players: the hostage"),
        N_("In a game of three, Green is the hostage: he never moves, and anyone may kill or move his "
           "pieces. Whoever kills the hostage chief takes over his pieces."),
        "D6=rM D4=gC C4=gM A9=rC I9=bC I1=yC H1=yM G9=bM",
        (Step(N_("Kill the hostage chief on D4 with your militant on D6 and take his army."),
              "army g r",
              N_("Your militant on D6 reaches D4: two squares down, over the empty D5."),
              N_("The hostage chief is dead: Green's militant plays for you now."),
              "D6xD4@A1"),),
        control="rbyh",
    ),
    Lesson(
        "end", N_("How a game ends"),
        N_("A player is out when his chief dies. The last player left wins. A game is also drawn when "
           "everybody agrees, when nobody can move, or after 120 turns with no kill."),
        "A9=rC E9=rR I9=bC I7=bM F2=bR",
        (Step(N_("Only Blue is left against you. Win the game: kill his chief on I9."),
              "end r",
              N_("Your chief on A9 sees I9 along row 9, but your reporter on E9 is in the way. The "
                 "reporter can kill the chief from H9, next to him."),
              N_("Blue's chief is dead: you are the last player left, and you win."),
              "E9-H9xI9"),),
    ),
)

BY_ID = {lesson.id: lesson for lesson in LESSONS}


# ---------------------------------------------------------------------------- playing a lesson
#: The words of a wrong answer: what the move did, then why it does not do the job.
WRONG = N_("Not this one, the move is taken back. {what} {hint}")


class Answer(runner.Answer):
    """What a learner's move did (``runner.Answer``); a wrong one also says what the move did."""

    WRONG = WRONG

    def said(self) -> str:
        from app.present.words import sentences

        return " ".join(sentences(self.events[:2]))


def play_replies(board: Board, replies: tuple[str, ...]) -> list[tuple[Move, tuple[Event, ...]]]:
    """Play each reply's first legal candidate on ``board``, with what it did; a reply with no
    legal candidate is an error in the lesson."""
    return runner.play_replies(board, replies, describe_move)


class LessonRun(runner.LessonRun):
    """A Djambi lesson being played (``runner.LessonRun``)."""

    answer_type = Answer

    def describe(self, board: Board, move: Move) -> tuple[Event, ...]:
        return describe_move(board, move)

    def meets(self, goal: str, before: Board, move: Move, events: tuple[Event, ...], after: Board) -> bool:
        return meets(goal, before, move, events, after)


# ---------------------------------------------------------------------------- finished lessons
def load_done(storage) -> set[str]:
    """The ids of the finished lessons (nothing, if storage holds no or broken data)."""
    try:
        text = storage.get(DONE_KEY)
        data = json.loads(text) if text else []
    except Exception:  # noqa: BLE001 (unreadable storage: start afresh, lose nothing else)
        return set()
    if not isinstance(data, list):
        return set()
    return {x for x in data if isinstance(x, str) and x in BY_ID}


#: Storage refused the finished lessons (a whole message: what happened, what was kept, what to do).
DONE_REFUSED = N_("The finished lessons could not be remembered: this browser refused to store "
                  "them. They stay marked until the page is closed; the lessons themselves are "
                  "not affected.")

def save_done(storage, done: set[str]) -> str:
    """Remember the finished lessons; a problem comes back as a message ("" if none)."""
    try:
        storage.set(DONE_KEY, json.dumps(sorted(done)))
    except Exception:  # noqa: BLE001 (quota, private mode: the browser's words stay out)
        return _(DONE_REFUSED)
    return ""


__all__ = ["Lesson", "Step", "LESSONS", "BY_ID", "LessonRun", "Answer", "LessonError",
           "parse_position", "parse_goal", "meets", "play_replies", "load_done", "save_done",
           "DONE_KEY", "WRONG", "WELCOME_KEY", "first_visit", "mark_welcomed"]


# ---------------------------------------------------------------------------- the first visit
WELCOME_KEY = "djambi.welcomed.v1"


def first_visit(storage) -> bool:
    """Whether to greet with the welcome: never greeted, and no game saved (a player from before
    the welcome existed is no newcomer). Unreadable storage counts as a visit already made."""
    from app.state.saving import STORAGE_KEY

    try:
        return storage.get(WELCOME_KEY) is None and storage.get(STORAGE_KEY) is None
    except Exception:  # noqa: BLE001
        return False


def mark_welcomed(storage) -> None:
    try:
        storage.set(WELCOME_KEY, "1")
    except Exception:  # noqa: BLE001 (a storage that refuses: the welcome shows again, nothing lost)
        pass
