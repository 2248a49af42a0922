"""The piece guide: the six kinds in words, each with a small board diagram, and what a piece on
the board is and who plays it ("Blue's reporter, played by Green").

Pure Python. Each diagram is a small position (``app.lessons.parse_position``) showing one piece,
where it can go and what it could kill — marked from ``djambi.threats.reach``, the engine's own
answer — and drawn by ``render.diagram_svg``, the board's renderer. ``tests/test_app_guide.py``
checks each text against the engine: where the piece can go, what it kills, where the victim goes.

Texts are whole sentences with named placeholders, ready for translation.
"""

from __future__ import annotations

from dataclasses import dataclass

from djambi import Board, Kind, Piece, parse_square
from djambi.squares import MAZE
from djambi.threats import reach

from app import render
from app.lessons import parse_position

#: Where a kind's victim ends up (checked against the engine by the tests).
CHOSEN, START, STAYS, ALIVE, CORPSE = "chosen", "start", "stays", "alive", "corpse"


@dataclass(frozen=True)
class KindGuide:
    kind: Kind
    name: str
    moves: str
    kills: str
    victim: str
    victim_goes: str
    #: The diagram: a small position (Red against Blue; their chiefs stand on row 9, outside the
    #: picture), the square of the piece shown, and the cut-out's columns and rows (0-based,
    #: inclusive).
    position: str
    square: str
    columns: tuple[int, int]
    rows: tuple[int, int]

    def board(self) -> Board:
        return parse_position(self.position, "rbrr")

    def reach(self):
        return reach(self.board(), parse_square(self.square))

    def diagram(self) -> str:
        """The diagram's SVG: the piece selected, where it can go dotted, what it kills marked."""
        board = self.board()
        sq = parse_square(self.square)
        where = self.reach()
        marks = {v: "threat" for v in where.kills}
        label = DIAGRAM_LABEL.format(kind=self.name)
        return render.diagram_svg(board, self.columns, self.rows, label, selected=sq,
                                  options=where.moves, marks=marks)


DIAGRAM_LABEL = "A small board: where the {kind} can go (dots) and what it could kill (red)."

GUIDE: tuple[KindGuide, ...] = (
    KindGuide(
        Kind.CHIEF, "chief",
        "The chief moves any number of squares in a straight line, in any of the eight "
        "directions. Only he may stop on the maze (E5); while he holds it, his player is in power "
        "and plays more turns.",
        "He kills by moving onto an enemy piece, from any distance.",
        "His victim's corpse goes on any empty square the chief's player chooses (not the maze).",
        CHOSEN, "D4=rC D7=bM G4=bR B2=xM H9=bC", "D4", (1, 6), (1, 7)),
    KindGuide(
        Kind.ASSASSIN, "assassin",
        "The assassin moves like the chief, any distance in a straight line, but may not stop "
        "on the empty maze.",
        "He kills by moving onto an enemy piece, even the chief in the maze.",
        "The corpse is left on the square the assassin came from.",
        START, "C3=rA C7=bC F6=bM I9=rC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.REPORTER, "reporter",
        "The reporter moves any distance in a straight line to an empty square (never the maze).",
        "After moving he may kill one enemy on a square next to him: above, below, left or right, "
        "never diagonally.",
        "The corpse stays where the victim stood.",
        STAYS, "C3=rR F4=bM C7=bC I9=rC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.PROVOCATEUR, "provocateur",
        "The provocateur moves any distance in a straight line; like every piece but the chief, "
        "it does not stop on the maze.",
        "It kills nobody: it moves onto an enemy piece and carries it.",
        "The enemy piece, still alive, goes on any empty square the provocateur's player chooses "
        "(an enemy chief may even be dropped into the maze).",
        ALIVE, "C3=rP C6=bM F3=bA I9=rC H9=bC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.NECROMOBILE, "necromobile",
        "The necromobile moves any distance in a straight line; it cannot move onto living pieces.",
        "It kills nobody: it moves onto a corpse — the only piece that can — and carries it.",
        "The corpse goes on any empty square its player chooses (not the maze): a corpse can block "
        "a line, or wall in an enemy chief.",
        CORPSE, "C3=rN C6=xM F3=bA I9=rC H9=bC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.MILITANT, "militant",
        "A militant moves one or two squares in a straight line, in any of the eight directions. "
        "Each player has four.",
        "It kills by moving onto an enemy piece, but never the chief in the maze.",
        "Its victim's corpse goes on any empty square its player chooses (not the maze).",
        CHOSEN, "C3=rM C5=bM D4=bR I9=rC H9=bC", "C3", (0, 5), (0, 5)),
)

BY_KIND = {g.kind: g for g in GUIDE}


# ---------------------------------------------------------------------------- a piece on the board
def piece_sentence(board: Board, sq: int) -> str:
    """What the piece on ``sq`` is and who plays it; "" for an empty square."""
    piece: Piece | None = board.piece_at(sq)
    if piece is None:
        return ""
    kind = BY_KIND[piece.kind].name
    if piece.party is None:
        return CORPSE_TEXT.format(kind=kind)
    party = piece.party.title
    controller = board.controller(piece.party)
    if board.is_frozen(piece.party):
        text = FROZEN_TEXT.format(party=party, kind=kind)
    elif controller is None:
        text = HOSTAGE_TEXT.format(party=party, kind=kind)
    else:
        text = PLAYED_TEXT.format(party=party, kind=kind, player=controller.title)
    if sq == MAZE and piece.kind == Kind.CHIEF and board.ruler == piece.party:
        text += " " + RULER_TEXT.format(player=piece.party.title)
    return text


PLAYED_TEXT = "{party}'s {kind}, played by {player}."
FROZEN_TEXT = "{party}'s {kind}, frozen: nobody plays it until a chief takes the maze."
HOSTAGE_TEXT = "{party}'s {kind}, the hostage: nobody plays it, and anyone may kill or move it."
CORPSE_TEXT = "The {kind}'s corpse: it blocks the way, and only a necromobile can move it."
RULER_TEXT = "He holds the maze: {player} is in power."


__all__ = ["GUIDE", "BY_KIND", "KindGuide", "piece_sentence", "CHOSEN", "START", "STAYS", "ALIVE",
           "CORPSE"]


#: The words of the learning views (welcome, lessons, guide, rules, threat view, suggestion):
#: whole sentences, ready for translation; the page never bakes them into its HTML.
UI: dict[str, str] = {
    "btn-learn": "Learn",
    "btn-threats": "Threats",
    "btn-suggest": "Suggest a move",
    "welcome-title": "Welcome to Djambi",
    "welcome-text": "Djambi is Machiavelli's chessboard: four players, six kinds of pieces, a maze "
                    "at the centre, and corpses that stay on the board. Kill the other chiefs and "
                    "take over their armies.",
    "welcome-learn": "Learn to play",
    "welcome-computer": "Play against the computer",
    "welcome-computer-note": "You play Red; three computers play the others.",
    "welcome-pass": "Pass and play",
    "welcome-pass-note": "Four people share this screen.",
    "welcome-guide": "The pieces",
    "welcome-rules": "The rules",
    "welcome-close": "Close",
    "lessons-title": "Lessons",
    "lessons-text": "Each lesson is a small position: make the move it asks for. Tap a lesson to "
                    "start it.",
    "lessons-close": "Close",
    "lesson-done-mark": "Done",
    "lesson-count": "Lesson {number} of {total}",
    "lesson-hint": "Hint",
    "lesson-restart": "Start again",
    "lesson-next": "Next lesson",
    "lesson-list": "All lessons",
    "lesson-leave": "Back to my game",
    "lesson-finished": "Lesson finished. {done}",
    "lesson-all-done": "You have finished every lesson.",
    "lesson-step": "Step {number} of {total}: {task}",
    "lesson-replies": "Then: {moves}",
    "guide-title": "The pieces",
    "guide-intro": "Every piece moves in a straight line in any of the eight directions and "
                   "nothing jumps: living pieces and corpses block the way. A corpse stays on the "
                   "board until a necromobile moves it.",
    "guide-moves": "Moves",
    "guide-kills": "Kills",
    "guide-victim": "The victim",
    "guide-close": "Close",
    "rules-title": "The rules",
    "rules-close": "Close",
    "threats-on": "Threat view on: red rings mark your pieces an enemy could kill next turn. Tap "
                  "an enemy piece to see where it can go.",
    "suggest-thinking": "The computer is looking for a move…",
    "suggest-none": "No move to suggest now.",
    "suggest-wait": "It is not a human player's turn.",
}
