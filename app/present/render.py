"""The SVG board as text, and what each square shows (pure Python, no browser).

``board_svg()`` is the whole board drawn once: piece shapes in ``<defs>``, 81 square groups
(``<g data-square="E5">``) and the coordinate labels. After that a square changes only through
three values, its ``SquareView``: the group's ``class`` (highlights, piece colour, state), the
``href`` of its ``<use>`` (which piece shape, or none) and its ``aria-label`` (words). The browser
module compares views and touches only the squares that changed.

All markup here comes from constants and engine enums; nothing a user typed ever reaches it.
"""

from __future__ import annotations


from typing import Iterable

from djambi import Board, Kind, Move, Party, Piece, square_name
from djambi.squares import MAZE, SQUARES, column_of, row_of

from app.games.djambi import SEAT_ROTATION
from app.present import board as drawn, figures
from app.text.i18n import _, piece_phrase, player_name

CELL = 100
MARGIN = 40  # room for the coordinate labels (left and bottom)
SIZE = MARGIN + 9 * CELL

#: Rotations (quarter turns counter-clockwise) and which party sits at the bottom-left.
ROTATIONS = (0, 1, 2, 3)

KIND_NAMES = {k: k.title.lower() for k in Kind}


#: What one square shows (``drawn.CellView``: its classes, its figure's href, its words, and its
#: layers, the same for a square all game long).
SquareView = drawn.CellView

#: The 9×9 board as data: square ``sq`` is cell ``sq`` (A1 … I9), the margin left and below for
#: the labels, the figure's box inside a square.
GEOMETRY = drawn.square_grid("squares-9x9", "ABCDEFGHI", [str(r) for r in range(1, 10)], cell=CELL,
                             margin=MARGIN, figure=(6, 6, 88, 88))


# ---------------------------------------------------------------------------- geometry
def square_origin(sq: int, rotation: int = 0) -> tuple[int, int]:
    """Top-left corner of ``sq`` in SVG units; rotation turns the board by quarter turns so that
    another corner comes to the bottom-left."""
    x, y = drawn.origin(GEOMETRY, sq, rotation)
    return int(round(x)), int(round(y))


# ---------------------------------------------------------------------------- the piece shapes
def defs() -> str:
    """The board's ``<defs>``: the pieces (``app.present.figures``: ``#k-C`` a living chief,
    ``#d-C`` a chief's corpse…, each drawn as a figure or, under the class ``pieces-letters``, as
    its letter) and the styles that colour them from the square's ``pc-r`` … classes."""
    return f"<defs><style>{figures.FIGURE_CSS}</style>{figures.djambi_symbols()}</defs>"


_BELOW = (f'<rect class="cell" width="{CELL}" height="{CELL}"/>{{maze}}'
          f'<rect class="lm" x="3" y="3" width="{CELL - 6}" height="{CELL - 6}"/>'
          f'<rect class="hl" width="{CELL}" height="{CELL}"/>'
          f'<rect class="frame" x="4" y="4" width="{CELL - 8}" height="{CELL - 8}" rx="6"/>'
          f'<circle class="dot" cx="50" cy="50" r="15"/>')
_MAZE = ('<path class="maze-deco" d="M12 12 H88 V88 H12 Z M26 26 H74 V74 H26 Z '
         'M40 40 H60 V60 H40 Z"/>')
_ABOVE = '<circle class="badge" cx="84" cy="16" r="11"/><circle class="ring" cx="50" cy="50" r="44"/>'


def _below(sq: int) -> str:
    """A square's layers under its piece (bottom to top); ``_ABOVE`` those over it."""
    return _BELOW.replace("{maze}", _MAZE if sq == MAZE else "")


def _shade(sq: int) -> str:
    return "maze" if sq == MAZE else ("dark" if (column_of(sq) + row_of(sq)) % 2 == 0 else "light")


def picture(views: list[SquareView]) -> drawn.Picture:
    """The board to draw (``views/boardview.BoardView.show``): the squares' views, the figures'
    ``<defs>`` and the frame's background."""
    prelude = defs() + f'<rect class="frame-bg" x="{MARGIN}" y="0" width="{9 * CELL}" height="{9 * CELL}"/>'
    return drawn.Picture(GEOMETRY, tuple(views), prelude)


def board_svg(rotation: int = 0) -> str:
    """The inner markup of the board's ``<svg viewBox="0 0 940 940">``: every square empty."""
    empty = [SquareView(f"sq {_shade(sq)}", "", square_name(sq), _below(sq), _ABOVE) for sq in SQUARES]
    return drawn.svg(picture(empty), rotation)


#: The rotation that brings each party's corner to the bottom-left (the game's data,
#: ``app.games.djambi.SEAT_ROTATION``).
PARTY_ROTATION = SEAT_ROTATION


def board_step(dx: int, dy: int, rotation: int = 0) -> tuple[int, int]:
    """(column step, row step) on the board of a step ``dx`` right and ``dy`` up as seen."""
    dc, dr = dx, dy
    for _turn in range(rotation % 4):
        dc, dr = dr, -dc  # undo one quarter turn: seen (x, y) comes from board (y, -x)
    return dc, dr


# ---------------------------------------------------------------------------- the page's board
#: index.html's ``<svg id="board">`` holds ``board_svg()`` between these lines, so that the empty
#: board shows at the first paint, seconds before Python runs (scripts/gen_static_board.py).
STATIC_BEGIN = "<!-- static board: made by scripts/gen_static_board.py from app/present/render.py -->"
STATIC_END = "<!-- end of static board -->"


def static_board_block() -> str:
    """What index.html holds between (and including) the static-board markers."""
    return f"{STATIC_BEGIN}\n{board_svg()}\n{STATIC_END}"


def with_static_board(html: str) -> str:
    """``html`` (index.html) with its static board replaced by the current ``board_svg()``, and
    its swatch figures (``figures.swatch_block``, beside the board) by the current ones."""
    for begin, end_mark, block in ((STATIC_BEGIN, STATIC_END, static_board_block()),
                                   (figures.SWATCH_BEGIN, figures.SWATCH_END, figures.swatch_block())):
        if begin in html:
            start = html.index(begin)
            end = html.index(end_mark, start) + len(end_mark)
            html = html[:start] + block + html[end:]
    return html


# ---------------------------------------------------------------------------- square views
def move_squares(move: Move) -> tuple[set[int], set[int]]:
    """(main squares, secondary squares) of a move: where the piece came from and went, and where
    a corpse or a moved piece was put, the reporter's victim, or the maze it acted on."""
    if move.is_pass():
        return set(), set()
    main = {move.piece, move.lands}
    aux = {s for s in (move.place, move.victim) if s is not None}
    if move.exit is not None:
        aux.add(move.to)
    return main, aux - main


def last_move_squares(board: Board) -> tuple[set[int], set[int]]:
    """``move_squares`` of the board's last move (none at the start)."""
    if not board.move_stack:
        return set(), set()
    return move_squares(board.move_stack[-1])


#: How many players' latest moves are marked (the most recent first, each fainter than the last).
MARKED_MOVES = 4


def move_marks(recent: Iterable[tuple[Party, Move]]) -> dict[int, str]:
    """Classes marking each player's latest move: ``recent`` is (player, move), most recent
    first. A square touched by several of them shows the most recent. ``lm-r age0``: Red's move,
    the latest; ``aux`` marks where a corpse or a moved piece went."""
    marks: dict[int, str] = {}
    for age, (player, move) in enumerate(list(recent)[:MARKED_MOVES]):
        main, aux = move_squares(move)
        for sq in sorted(main):
            marks.setdefault(sq, f"lm lm-{player.letter} age{age}")
        for sq in sorted(aux):
            marks.setdefault(sq, f"lm lm-{player.letter} age{age} aux")
    return marks


#: One piece gliding in a move's animation (the board view's neutral ``Slide``).
Slide = drawn.Slide


#: A move's whole animation lasts at most this long: the piece, then the corpse or placed piece.
ANIMATION_MS = 300
_FIRST_MS, _SECOND_MS = 180, 120


def _look(piece: Piece) -> tuple[str, str]:
    if piece.party is None:
        return f"#d-{piece.kind.letter}", "pc-x"
    return f"#k-{piece.kind.letter}", f"pc-{piece.party.letter}"


def slides(events: Iterable) -> list[Slide]:
    """The animation of a move from its ``djambi.narrate`` events: the moving piece first, then
    the piece it put somewhere else (a corpse carried off, a piece placed), within
    ``ANIMATION_MS``."""
    from djambi.narrate import CORPSE, KILL, MOVE, PLACE

    out: list[Slide] = []
    second: list[Slide] = []
    for event in events:
        if event.piece is None or event.square is None or event.to is None:
            continue
        if event.kind == MOVE:
            href, cls = _look(event.piece)
            path = (event.square, event.via, event.to) if event.via is not None else (event.square, event.to)
            out.append(Slide(href, cls, path, 0, _FIRST_MS))
        elif event.kind in (KILL, PLACE, CORPSE) and event.to != event.square:
            piece = Piece.corpse(event.piece.kind) if event.kind == KILL else event.piece
            href, cls = _look(piece)
            second.append(Slide(href, cls, (event.square, event.to), _FIRST_MS, _SECOND_MS))
    return out + second


def describe(sq: int, piece: Piece | None, board: Board) -> str:
    name = square_name(sq)
    where = _("{square} maze").format(square=name) if sq == MAZE else name
    if piece is None:
        return where
    what = piece_phrase(piece)
    if piece.party is None:
        return _("{square}: {piece}").format(square=where, piece=what)
    ctl = board.controller(piece.party)
    if board.is_frozen(piece.party):
        text = _("{square}: {piece} (frozen)")
    elif ctl is None:
        text = _("{square}: {piece} (hostage)")
    elif ctl != piece.party:
        text = _("{square}: {piece} (played by {player})")
    else:
        text = _("{square}: {piece}")
    rules = board.rules
    if ctl is not None and rules.two_by_two:
        # Two-by-two: every living piece says the player who moves it (he leads two armies).
        text = _("{square}: {piece} (played by {player})")
    return text.format(square=where, piece=what,
                       player=player_name(ctl, rules) if ctl is not None else "")


def square_views(
    board: Board,
    *,
    selected: int | None = None,
    options: Iterable[int] = (),
    chosen: Iterable[int] = (),
    skip_square: int | None = None,
    preview: dict[int, Piece | None] | None = None,
    show_mine: bool = True,
    cursor: int | None = None,
    lifted: Iterable[int] = (),
    marks: dict[int, str] | None = None,
) -> list[SquareView]:
    """What each of the 81 squares shows. ``marks``: ``move_marks`` of the players' latest moves
    (and the threat view's classes); the rest as ``cell_views`` takes them in its ``Marks``."""
    return cell_views(board, drawn.Marks(
        selected=selected, targets=frozenset(options), chosen=tuple(chosen), skip=skip_square,
        lifted=frozenset(lifted), cursor=cursor, tags=tuple((marks or {}).items())),
        preview=preview, show_mine=show_mine)


def picker_marks(picker, *, cursor: int | None = None, tags: dict[int, str] | None = None) -> drawn.Marks:
    """The neutral marks of a move being built with ``present/taps.Picker``: the piece chosen, its
    targets, the squares chosen, the one a skip passes, the pieces it lifts."""
    return drawn.Marks(selected=picker.piece, targets=frozenset(picker.option_squares()),
                       chosen=tuple(picker.chosen_squares()), skip=picker.skip_square(),
                       lifted=frozenset(picker.lifted_squares()), cursor=cursor,
                       tags=tuple((tags or {}).items()))


def cell_views(board: Board, marks: drawn.Marks = drawn.Marks(), *,
               preview: dict[int, Piece | None] | None = None, show_mine: bool = True) -> list[SquareView]:
    """What each of the 81 squares shows: its piece (``preview``: pieces shown instead, a move
    being built), the piece's state, and ``marks`` as the board's classes (``sel``, ``opt``,
    ``occ``, ``skip``, ``chosen``, ``cursor``, ``lifted``, and its ``tags``: the latest moves'
    ``lm …`` and the threat view's classes)."""
    selected, options = marks.selected, marks.targets | marks.captures
    chosen, lifted, cursor, skip_square = set(marks.chosen), marks.lifted, marks.cursor, marks.skip
    tags = dict(reversed(marks.tags))
    preview = preview or {}
    over = board.is_game_over() if show_mine else True
    turn = board.turn
    ruler = board.ruler
    views = []
    for sq in SQUARES:
        piece = preview[sq] if sq in preview else board.piece_at(sq)
        cls = ["sq", _shade(sq)]
        href = ""
        if piece is not None:
            href = f"#{'d' if piece.party is None else 'k'}-{piece.kind.letter}"
            if piece.party is None:
                cls.append("pc-x")
            else:
                cls.append(f"pc-{piece.party.letter}")
                ctl = board.controller(piece.party)
                if board.is_frozen(piece.party):
                    cls.append("frozen")
                elif ctl is None:
                    cls.append("hostage")
                elif ctl != piece.party:
                    cls += ["captured", f"ctl-{ctl.letter}"]
                if not over and ctl == turn and selected is None:
                    cls.append("mine")
                if sq == MAZE and piece.kind == Kind.CHIEF and ruler == piece.party:
                    cls.append("ruler")
        if sq in tags:
            cls.append(tags[sq])
        if sq == selected:
            cls.append("sel")
        if sq in chosen:
            cls.append("chosen")
        if sq == cursor:
            cls.append("cursor")
        if sq in lifted:
            cls.append("lifted")
        if sq in options:
            cls.append("opt")
            if sq == skip_square:
                cls.append("skip")
            elif piece is not None:
                cls.append("occ")
        views.append(SquareView(" ".join(cls), href, describe(sq, piece, board), _below(sq), _ABOVE))
    return views


def diagram_svg(board: Board, columns: tuple[int, int], rows: tuple[int, int], label: str,
                **views) -> str:
    """A cut-out of the board drawn as the board is (the same square layers, piece shapes and
    ``square_views`` classes): columns ``columns[0]..columns[1]`` and rows ``rows[0]..rows[1]``
    (0-based, inclusive), as a standalone ``<svg>`` for the piece guide. ``views``: arguments of
    ``square_views`` (``selected``, ``options``, ``marks``…). The piece shapes are the ``<defs>``
    of the page's board. ``label`` is the picture's text for screen readers (our own words)."""
    shown = square_views(board, show_mine=False, **views)
    c0, c1 = columns
    r0, r1 = rows
    width, height = (c1 - c0 + 1) * CELL, (r1 - r0 + 1) * CELL
    parts = [f'<svg class="diagram" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{_attr(label)}">']
    for sq in SQUARES:
        col, row = column_of(sq), row_of(sq)
        if c0 <= col <= c1 and r0 <= row <= r1:
            view = shown[sq]
            x, y = (col - c0) * CELL, (r1 - row) * CELL
            parts.append(f'<g class="{view.cls}" transform="translate({x},{y})">'
                         f'{drawn.cell_inner(GEOMETRY, view)}</g>')
    parts.append("</svg>")
    return "".join(parts)


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["diagram_svg", "SquareView", "board_svg", "square_views", "square_origin", "last_move_squares",
           "move_squares", "move_marks", "MARKED_MOVES", "Slide", "slides", "ANIMATION_MS",
           "describe", "board_step", "picture", "cell_views", "picker_marks", "GEOMETRY", "static_board_block",
           "with_static_board", "PARTY_ROTATION", "SIZE", "CELL", "MARGIN"]
