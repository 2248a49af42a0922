"""The piece guide: the six kinds in words, each with a small board diagram, and what a piece on
the board is and who plays it ("Blue's reporter, played by Green").

Pure Python. Each diagram is a small position (``app.learn.lessons.parse_position``) showing one piece,
where it can go and what it could kill — marked from ``djambi.threats.reach``, the engine's own
answer — and drawn by ``render.diagram_svg``, the board's renderer. ``tests/test_app_guide.py``
checks each text against the engine: where the piece can go, what it kills, where the victim goes.

Texts are whole sentences with named placeholders, marked with ``N_`` (module data) and
translated where shown (``app.views.learnview``); names of players and pieces come from ``app.text.i18n``.
"""

from __future__ import annotations

from dataclasses import dataclass

from djambi import Board, Kind, Piece, parse_square
from djambi.squares import MAZE
from djambi.threats import reach

from app.present import render
from app.text.i18n import N_, _, kind_name, piece_phrase, piece_subject, player_name
from app.learn.lessons import parse_position

#: Where a kind's victim ends up (checked against the engine by the tests).
CHOSEN, START, STAYS, ALIVE, CORPSE = "chosen", "start", "stays", "alive", "corpse"


@dataclass(frozen=True)
class KindGuide:
    """One kind in the guide. ``name`` is its English name (an id); ``moves``, ``kills`` and
    ``victim`` are msgids (``N_``): show them with ``_()``."""

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
        label = _(DIAGRAM_LABEL).format(kind=kind_title(self.kind))
        return render.diagram_svg(board, self.columns, self.rows, label, selected=sq,
                                  options=where.moves, marks=marks)


#: The diagram's label ({kind}: the kind as a heading, "Militant").
DIAGRAM_LABEL = N_("{kind}: a small board, where it can go (dots) and what it could kill (red).")

GUIDE: tuple[KindGuide, ...] = (
    KindGuide(
        Kind.CHIEF, "chief",
        N_("The chief moves any number of squares in a straight line, in any of the eight "
           "directions. Only he may stop on the maze (E5); while he holds it, his player is in "
           "power and plays more turns."),
        N_("He kills by moving onto an enemy piece, from any distance."),
        N_("His victim's corpse goes on any empty square the chief's player chooses (not the "
           "maze)."),
        CHOSEN, "D4=rC D7=bM G4=bR B2=xM H9=bC", "D4", (1, 6), (1, 7)),
    KindGuide(
        Kind.ASSASSIN, "assassin",
        N_("The assassin moves like the chief, any distance in a straight line, but may not stop "
           "on the empty maze."),
        N_("He kills by moving onto an enemy piece, even the chief in the maze."),
        N_("The corpse is left on the square the assassin came from."),
        START, "C3=rA C7=bC F6=bM I9=rC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.REPORTER, "reporter",
        N_("The reporter moves any distance in a straight line to an empty square (never the "
           "maze)."),
        N_("After moving he may kill one enemy on a square next to him: above, below, left or "
           "right, never diagonally."),
        N_("The corpse stays where the victim stood."),
        STAYS, "C3=rR F4=bM C7=bC I9=rC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.PROVOCATEUR, "provocateur",
        N_("The provocateur moves any distance in a straight line; like every piece but the "
           "chief, it does not stop on the maze."),
        N_("It kills nobody: it moves onto an enemy piece and carries it."),
        N_("The enemy piece, still alive, goes on any empty square the provocateur's player "
           "chooses (an enemy chief may even be dropped into the maze)."),
        ALIVE, "C3=rP C6=bM F3=bA I9=rC H9=bC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.NECROMOBILE, "necromobile",
        N_("The necromobile moves any distance in a straight line; it cannot move onto living "
           "pieces."),
        N_("It kills nobody: it moves onto a corpse — the only piece that can — and carries it."),
        N_("The corpse goes on any empty square its player chooses (not the maze): a corpse can "
           "block a line, or wall in an enemy chief."),
        CORPSE, "C3=rN C6=xM F3=bA I9=rC H9=bC", "C3", (0, 6), (0, 6)),
    KindGuide(
        Kind.MILITANT, "militant",
        N_("A militant moves one or two squares in a straight line, in any of the eight "
           "directions. Each player has four."),
        N_("It kills by moving onto an enemy piece, but never the chief in the maze."),
        N_("Its victim's corpse goes on any empty square its player chooses (not the maze)."),
        CHOSEN, "C3=rM C5=bM D4=bR I9=rC H9=bC", "C3", (0, 5), (0, 5)),
)

BY_KIND = {g.kind: g for g in GUIDE}


# ---------------------------------------------------------------------------- a piece on the board
def capitalized(text: str) -> str:
    """``text`` with its first letter a capital (a name that starts a sentence)."""
    return text[:1].upper() + text[1:]


def kind_title(kind: Kind) -> str:
    """The kind as a heading: ``Militant``, ``Nécromobile``, ``Náčelník``."""
    return capitalized(kind_name(kind))


def piece_sentence(board: Board, sq: int) -> str:
    """What the piece on ``sq`` is and who plays it, in the current language; "" for an empty
    square."""
    piece: Piece | None = board.piece_at(sq)
    if piece is None:
        return ""
    if piece.party is None:
        return _("{corpse}: it blocks the way, and only a necromobile can move it.").format(
            corpse=capitalized(piece_phrase(piece)))
    subject = capitalized(piece_subject(piece))
    controller = board.controller(piece.party)
    if board.is_frozen(piece.party):
        text = _("{piece}, frozen: nobody plays it until a chief takes the maze.").format(
            piece=subject)
    elif controller is None:
        text = _("{piece}, the hostage: nobody plays it, and anyone may kill or move it.").format(
            piece=subject)
    else:
        text = _("{piece}, played by {player}.").format(
            piece=subject, player=player_name(controller, board.rules))
    if (sq == MAZE and piece.kind == Kind.CHIEF and controller is not None
            and board.ruler == controller):
        text += " " + _("He holds the maze: {player} is in power.").format(
            player=player_name(controller, board.rules))
    return text


__all__ = ["GUIDE", "BY_KIND", "KindGuide", "piece_sentence", "kind_title", "capitalized",
           "tip_edge", "tip_place", "CHOSEN", "START", "STAYS", "ALIVE", "CORPSE"]


def tip_edge(board: Board, sq: int, rotation: int = 0) -> str:
    """Where the piece tip goes over the board, "top" or "bottom": the edge farther from the
    piece and the squares it could go to or kill on (as drawn, turned by ``rotation``), so that
    the tip never hides them."""
    rows = [render.square_origin(s, rotation)[1] // render.CELL
            for s in (sq, *reach(board, sq).moves, *reach(board, sq).kills)]
    near_top = sum(1 for r in rows if r <= 1)
    near_bottom = sum(1 for r in rows if r >= 7)
    if near_top and near_bottom:
        return "top" if near_top < near_bottom else "bottom"
    return "bottom" if near_top else "top"



def _drawn(sq: int, rotation: int) -> tuple[int, int]:
    x, y = render.square_origin(sq, rotation)
    return (x - render.MARGIN) // render.CELL, y // render.CELL


def tip_place(board: Board, sq: int, rotation: int = 0) -> tuple[int, str, int]:
    """Where the piece tip lies over the board, so that it hides neither the piece nor a square
    it could go to or kill on: ``(row, side, columns)``. ``row``: the first of the two drawn rows
    it lies on (0 the top two, 7 the bottom two): at ``tip_edge``'s edge if they are free, else
    the other edge's, else the free pair farthest from the piece, else the pair with the fewest
    of them. ``side``: "" across the board when the two rows are free; else "left" or "right",
    within the ``columns`` drawn columns on that side that are free in those rows (a chief or an
    assassin on an open line reaches every row)."""
    squares = [_drawn(s, rotation) for s in (sq, *reach(board, sq).moves, *reach(board, sq).kills)]
    rows = {r for _c, r in squares}
    own = _drawn(sq, rotation)[1]
    first = 0 if tip_edge(board, sq, rotation) == "top" else 7
    order = [first, 7 - first] + sorted(range(1, 7), key=lambda r: -abs(r + 0.5 - own))
    row = min(order, key=lambda r: ((r in rows) + (r + 1 in rows), order.index(r)))
    hidden = {c for c, r in squares if r in (row, row + 1)}
    if not hidden:
        return row, "", 9
    left, right = min(hidden), 8 - max(hidden)
    return (row, "left", left) if left >= right else (row, "right", right)
