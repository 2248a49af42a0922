"""The game state and its rules: what stands where and whose move it is; legal moves,
``push``/``pop``, check and ``outcome()`` (rulings §2–§4).

Inside, a square holds a small signed int (0 empty, ``kind + 1`` White, ``-(kind + 1)`` Black; see
``pieces``); the public API speaks in ``Piece``, ``Color``, ``Move`` and square numbers. Every legal
move comes from one walk over the board (``_walk``), which both generation and counting use: it
lists the moves the pieces' rules allow, then keeps those after which the mover's king is not in
check (``attacks.attacked`` reads the rules backwards from the king's square).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import gamekit
from gamekit import AGREEMENT, RESIGNATION

from .attacks import (ALIGNED, ARCHER, ARCHER_RANGE, DIAG, FILE_OF, KING, KNIGHT, KNIGHT_LEAPS, ORTH, PAWN,
                      PRINCE, QUEEN, RANK_OF, SLIDES, STEPS, attacked, sign)
from .move import IllegalMoveError, InvalidMoveError, Move
from .pieces import PROMOTIONS, Color, Kind, Piece
from .squares import RAYS, SIZE, Square, square_name

# ``QUEEN`` is read from here by ``camblam.ai`` (with KING, ARCHER, PRINCE, PAWN): the kinds stay importable.

#: Half-moves with no capture, shot or pawn move after which the game is drawn (rulings §4).
DRAW_HALFMOVES = 100

START_TEXT = (
    "rnbhaqkahbnr/cncncaacncnc/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/CNCNCAACNCNC/RNBHAQKAHBNR w 0 1"
)


def _start_cells() -> list[int]:
    back = "RNBHAQKAHBNR"
    second = "CNCNCAACNCNC"
    cells = [0] * (SIZE * SIZE)
    for f in range(SIZE):
        for rank, letter in ((0, back[f]), (1, second[f]), (2, "P")):
            code = Kind.from_letter(letter) + 1
            cells[rank * SIZE + f] = code
            cells[(SIZE - 1 - rank) * SIZE + f] = -code
    return cells


class Termination(Enum):
    """How a game ended."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    REPETITION = "repetition"  # the same position for the third time
    MOVE_RULE = "100-move rule"  # 100 half-moves with no capture, shot or pawn move
    BARE_KINGS = "bare kings"  # only the two kings are left
    AGREEMENT = AGREEMENT
    RESIGNATION = RESIGNATION


@dataclass(frozen=True)
class Outcome(gamekit.Outcome):
    """The end of a game: ``winner`` is a ``Color``, or ``None`` for a draw."""

    termination: Termination
    winner: Color | None = None

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner == Color.WHITE else "0-1")


@dataclass(frozen=True)
class Effect:
    """What a legal move does on the board it is played on: the squares whose pieces leave the
    board (in the order met), whether it is an archer's shot (the archer stays), and the
    promotion piece."""

    taken: tuple[Square, ...]
    shot: bool
    promotion: Kind | None


@dataclass(frozen=True)
class _State:
    cells: tuple[int, ...]
    turn: int
    halfmoves: int
    fullmove: int
    ended: tuple[Termination, int] | None  # agreement or resignation (winner -1 for a draw)


class LegalMoves(gamekit.LegalMoves):
    """The legal moves of a position, computed lazily: ``len``, iteration and ``in`` work."""

    move_type = Move

    def text(self, move: Move) -> str:
        return move.text()


class Board:
    """A Camblam position with its move stack. ``Board()`` is the opening position;
    ``Board.from_code(text)`` reads a position text (``docs/formats.md``)."""

    def __init__(self) -> None:
        self._cells: list[int] = _start_cells()
        self._turn = 0
        self._halfmoves = 0
        self._fullmove = 1
        self._ended: tuple[Termination, int] | None = None
        self._stack: list[tuple[Move, _State]] = []
        self._keys: list[tuple] = [self.key()]
        self._root: _State = self._state()

    # ------------------------------------------------------------------ state
    def _state(self) -> _State:
        return _State(tuple(self._cells), self._turn, self._halfmoves, self._fullmove, self._ended)

    def _restore(self, state: _State) -> None:
        self._cells = list(state.cells)
        self._turn = state.turn
        self._halfmoves = state.halfmoves
        self._fullmove = state.fullmove
        self._ended = state.ended

    @classmethod
    def from_parts(cls, cells: list[int], turn: Color | int, halfmoves: int = 0, fullmove: int = 1) -> "Board":
        """A board from its parts: 144 piece codes (``Piece.code``, 0 empty), the side to move,
        the half-move clock and the move number. No checks: ``Board.from_code`` is the checked way in."""
        board = cls.__new__(cls)
        board._cells = list(cells)
        board._turn = int(turn)
        board._halfmoves = halfmoves
        board._fullmove = fullmove
        board._ended = None
        board._stack = []
        board._keys = [board.key()]
        board._root = board._state()
        return board

    def copy(self, *, stack: bool = True) -> "Board":
        """A copy of the position, with its move history unless ``stack=False``."""
        board = Board.from_parts(self._cells, self._turn, self._halfmoves, self._fullmove)
        board._ended = self._ended
        if stack:
            board._stack = list(self._stack)
            board._keys = list(self._keys)
            board._root = self._root
        return board

    def root(self) -> "Board":
        """The position the move stack starts from."""
        board = Board.__new__(Board)
        board._stack = []
        board._restore(self._root)
        board._root = self._root
        board._keys = [board.key()]
        return board

    def key(self) -> tuple:
        """A hashable value equal for positions that are the same for the repetition rule:
        the same pieces on the same squares and the same side to move."""
        return (tuple(self._cells), self._turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    @property
    def move_stack(self) -> list[Move]:
        return [move for move, _ in self._stack]

    # ------------------------------------------------------------------ queries
    @property
    def cells(self) -> tuple[int, ...]:
        """The 144 piece codes, a1 first (see ``Piece.code``)."""
        return tuple(self._cells)

    def piece_at(self, sq: Square) -> Piece | None:
        code = self._cells[sq]
        return Piece.from_code(code) if code else None

    def pieces(self) -> dict[Square, Piece]:
        """Every piece on the board, by square."""
        return {sq: Piece.from_code(c) for sq, c in enumerate(self._cells) if c}

    @property
    def turn(self) -> Color:
        """The side to move."""
        return Color(self._turn)

    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture, shot or pawn move."""
        return self._halfmoves

    @property
    def fullmove_number(self) -> int:
        return self._fullmove

    def king(self, color: Color | int) -> Square | None:
        """The square of ``color``'s king (``None`` if it has none)."""
        code = KING + 1 if int(color) == 0 else -(KING + 1)
        try:
            return self._cells.index(code)
        except ValueError:
            return None

    def is_attacked_by(self, color: Color | int, sq: Square) -> bool:
        """Whether ``color`` could take a piece of the other side standing on ``sq`` with its next
        move (by any move, chain capture or shot)."""
        return attacked(self._cells, sq, 1 if int(color) == 0 else -1)

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        k = self.king(self._turn)
        return k is not None and attacked(self._cells, k, -1 if self._turn == 0 else 1)

    def checkers(self) -> list[Square]:
        """The squares of the opponent's pieces that give check to the side to move."""
        k = self.king(self._turn)
        if k is None:
            return []
        s = 1 if self._turn == 0 else -1
        out = []
        cells = self._cells
        for q in range(SIZE * SIZE):
            if cells[q] * s < 0:
                for frm, to, taken, shot, promo in self._pseudo(q, -s):
                    if k in taken:
                        out.append(q)
                        break
        return out

    # ------------------------------------------------------------------ the move walk
    def _pseudo(self, q: int, s: int, captures: bool = False) -> list[tuple[int, int, tuple[int, ...], bool, bool]]:
        """The moves the rules of §3 give the piece on ``q`` (side sign ``s``), before the check
        rule: (from, to, squares taken, shot?, promotion?); ``captures``: only those that take."""
        cells = self._cells
        out: list[tuple[int, int, tuple[int, ...], bool, bool]] = []
        kind = cells[q] * s - 1
        rays = RAYS[q]
        if kind == PAWN:
            fwd = SIZE * s
            last = SIZE - 1 if s > 0 else 0
            t = q
            for _ in range(0 if captures else 3):
                t += fwd
                if not (0 <= t < SIZE * SIZE) or cells[t] != 0:
                    break
                out.append((q, t, (), False, RANK_OF[t] == last))
            for d in ((4, 7) if s > 0 else (5, 6)):
                ray = rays[d]
                if ray and cells[ray[0]] * s < 0:
                    out.append((q, ray[0], (ray[0],), False, RANK_OF[ray[0]] == last))
        elif kind == KNIGHT:
            for t, passed in KNIGHT_LEAPS[q]:
                x = cells[t] * s
                if x > 0:
                    continue
                for p in passed:
                    if cells[p] * s > 0:
                        break
                else:
                    if x < 0 or not captures:
                        out.append((q, t, (t,) if x < 0 else (), False, False))
        elif kind == ARCHER:
            for ray in rays:
                for i, t in enumerate(ray):
                    x = cells[t] * s
                    if x == 0:
                        if not captures:
                            out.append((q, t, (), False, False))
                        continue
                    if x < 0 and i < ARCHER_RANGE:
                        out.append((q, t, (t,), True, False))
                    break
        elif kind == PRINCE:
            seen = set()
            corners = [q]
            for d in ORTH:
                for t in rays[d]:
                    x = cells[t] * s
                    if x == 0:
                        corners.append(t)
                        seen.add(t)
                        if not captures:
                            out.append((q, t, (), False, False))
                        continue
                    if x < 0:
                        seen.add(t)
                        out.append((q, t, (t,), False, False))
                    break
            for c in corners:
                for d in DIAG:
                    for t in RAYS[c][d]:
                        x = cells[t] * s
                        if x > 0:
                            break
                        if t not in seen:
                            seen.add(t)
                            if x < 0 or not captures:
                                out.append((q, t, () if x == 0 else (t,), False, False))
                        if x < 0:
                            break
        else:
            slides = SLIDES.get(kind, ())
            for d in slides:
                ray = rays[d]
                n = len(ray)
                i = 0
                while i < n and cells[ray[i]] == 0:
                    if not captures:
                        out.append((q, ray[i], (), False, False))
                    i += 1
                j = i
                while j < n and cells[ray[j]] * s < 0:  # the chain: take 1 up to all
                    out.append((q, ray[j], tuple(ray[i:j + 1]), False, False))
                    j += 1
            for d in STEPS.get(kind, ()):
                ray = rays[d]
                if ray:
                    t = ray[0]
                    x = cells[t] * s
                    if x < 0 or (x == 0 and not captures):
                        out.append((q, t, (t,) if x < 0 else (), False, False))
        return out

    def _walk(
        self, out: list | None, only: Square | None = None, first: bool = False, captures: bool = False
    ) -> int:
        """Count the legal moves of the side to move, and list them into ``out`` as raw moves
        (from, to, squares taken, shot?, promotion?; a promotion is one raw move for its seven
        choices). ``only``: just the piece on that square; ``first``: stop at the first legal
        move; ``captures``: only moves that take something (captures and shots)."""
        cells = self._cells
        s = 1 if self._turn == 0 else -1
        try:
            k = cells.index(s * (KING + 1))
        except ValueError:
            return 0
        in_check = attacked(cells, k, -s)
        # Squares where a quiet move (no capture, no shot, not the king's) could change whether
        # the king is attacked: its lines, and the ranks and files of enemy princes.
        if not in_check:
            relevant = bytearray(ALIGNED[k])
            prince = -s * (PRINCE + 1)
            if prince in cells:
                for p, x in enumerate(cells):
                    if x == prince:
                        pf, pr = FILE_OF[p], RANK_OF[p]
                        for sq in range(SIZE * SIZE):
                            if FILE_OF[sq] == pf or RANK_OF[sq] == pr:
                                relevant[sq] = 1
        total = 0
        squares = range(SIZE * SIZE) if only is None else (only,)
        for q in squares:
            code = cells[q] * s
            if code <= 0:
                continue
            is_king = code == KING + 1
            for raw in self._pseudo(q, s, captures):
                frm, to, taken, shot, promo = raw
                if in_check or is_king or taken or relevant[frm] or relevant[to]:
                    saved = [cells[x] for x in taken]
                    for x in taken:
                        cells[x] = 0
                    if not shot:
                        cells[to] = cells[frm]
                        cells[frm] = 0
                    safe = not attacked(cells, to if is_king else k, -s)
                    if not shot:
                        cells[frm] = cells[to]
                        cells[to] = 0
                    for x, v in zip(taken, saved):
                        cells[x] = v
                    if not safe:
                        continue
                total += len(PROMOTIONS) if promo else 1
                if out is not None:
                    out.append(raw)
                if first:
                    return total
        return total

    def legal_raw(self, captures: bool = False) -> list[tuple[int, int, tuple[int, ...], bool, bool]]:
        """The legal moves as raw tuples (from, to, squares taken, shot?, promotion?), for the AI;
        ``captures``: only those that take something."""
        out: list = []
        self._walk(out, captures=captures)
        return out

    def pseudo_captures(self) -> list[tuple[int, int, tuple[int, ...], bool, bool]]:
        """The captures and shots of the side to move before the check rule, as raw tuples; the
        AI's quiescence prunes them, then asks ``keeps_king_safe`` of those it plays."""
        cells = self._cells
        s = 1 if self._turn == 0 else -1
        out: list = []
        for q in range(SIZE * SIZE):
            if cells[q] * s > 0:
                out += self._pseudo(q, s, True)
        return out

    def keeps_king_safe(self, raw: tuple[int, int, tuple[int, ...], bool, bool]) -> bool:
        """Whether the raw move (from ``_pseudo``) leaves the mover's king out of check: with
        ``pseudo_captures``, ``legal_raw(captures=True)`` one move at a time."""
        cells = self._cells
        frm, to, taken, shot, _ = raw
        s = 1 if cells[frm] > 0 else -1
        is_king = cells[frm] == s * (KING + 1)
        saved = [cells[x] for x in taken]
        for x in taken:
            cells[x] = 0
        if not shot:
            cells[to] = cells[frm]
            cells[frm] = 0
        try:
            k = to if is_king else cells.index(s * (KING + 1))
            return not attacked(cells, k, -s)
        except ValueError:
            return False
        finally:
            if not shot:
                cells[frm] = cells[to]
                cells[to] = 0
            for x, v in zip(taken, saved):
                cells[x] = v

    def generate_legal_moves(self, from_square: Square | None = None) -> list[Move]:
        """Every legal move of the side to move; with ``from_square``, just those of the piece
        there. The list follows §3 and the check rule only: the draw rules never shrink it
        (rulings §4); ``outcome()`` says whether the game is over, and ``play`` refuses moves then."""
        raw: list = []
        self._walk(raw, from_square)
        moves: list[Move] = []
        for frm, to, _, _, promo in raw:
            if promo:
                moves.extend(Move(frm, to, p) for p in PROMOTIONS)
            else:
                moves.append(Move(frm, to))
        return moves

    def count_legal_moves(self) -> int:
        """``len(legal_moves)`` without building the moves."""
        return self._walk(None)

    def has_legal_moves(self) -> bool:
        return self._walk(None, first=True) > 0

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def is_legal(self, move: Move) -> bool:
        if not isinstance(move, Move) or not (0 <= move.from_square < SIZE * SIZE):
            return False
        return move in self.generate_legal_moves(move.from_square)

    def pseudo_moves(self, color: Color | int) -> list[tuple[int, int, tuple[int, ...], bool, bool]]:
        """Every move ``color``'s pieces could make by §3, the check rule aside: (from, to,
        squares taken, shot?, promotion?). For threat views and the AI."""
        s = 1 if int(color) == 0 else -1
        cells = self._cells
        out = []
        for q in range(SIZE * SIZE):
            if cells[q] * s > 0:
                out += self._pseudo(q, s)
        return out

    # ------------------------------------------------------------------ what a move does
    def effect(self, move: Move) -> Effect:
        """What ``move`` (a legal move here) does: the squares taken, a shot, a promotion."""
        cells = self._cells
        frm, to = move.from_square, move.to_square
        s = 1 if cells[frm] > 0 else -1
        kind = cells[frm] * s - 1
        if cells[to] * s >= 0:
            return Effect((), False, move.promotion)
        if kind == ARCHER:
            return Effect((to,), True, None)
        if kind in SLIDES:
            df, dr = FILE_OF[to] - FILE_OF[frm], RANK_OF[to] - RANK_OF[frm]
            if df == 0 or dr == 0 or df == dr or df == -dr:
                step = sign(dr) * SIZE + sign(df)
                q = frm + step
                while cells[q] == 0:
                    q += step
                return Effect(tuple(range(q, to + step, step)), False, None)
        return Effect((to,), False, move.promotion)

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` takes a piece (by a capture or a shot)."""
        code = self._cells[move.to_square]
        return code != 0 and (code > 0) != (self._cells[move.from_square] > 0)

    def is_shot(self, move: Move) -> bool:
        """Whether ``move`` is an archer's shot."""
        code = self._cells[move.from_square]
        return abs(code) == ARCHER + 1 and self.is_capture(move)

    def gives_check(self, move: Move) -> bool:
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    # ------------------------------------------------------------------ playing
    def play(self, move: Move | str) -> Move:
        """Play a legal move (a ``Move``, or a text in either notation); ``IllegalMoveError`` or
        ``InvalidMoveError`` otherwise."""
        outcome = self.outcome()
        if outcome is not None:
            shown = move if isinstance(move, str) else move.text()
            raise IllegalMoveError(f"illegal move {shown!r}: the game is over ({outcome.termination.value})")
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not self.is_legal(move):
            raise IllegalMoveError(f"illegal move {move.text()} in position {self.code()}: {self.why_illegal(move)}")
        self.push(move)
        return move

    def push(self, move: Move) -> None:
        """Play ``move``, which must be legal (``play`` checks; ``push`` trusts)."""
        self._stack.append((move, self._state()))
        cells = self._cells
        frm, to = move.from_square, move.to_square
        code = cells[frm]
        effect = self.effect(move)
        for x in effect.taken:
            cells[x] = 0
        if not effect.shot:
            cells[frm] = 0
            if move.promotion is not None:
                code = (move.promotion + 1) * (1 if code > 0 else -1)
            cells[to] = code
        if effect.taken or abs(code) == PAWN + 1 or move.promotion is not None:
            self._halfmoves = 0
        else:
            self._halfmoves += 1
        if self._turn == 1:
            self._fullmove += 1
        self._turn ^= 1
        self._keys.append(self.key())

    def pop(self) -> Move:
        """Undo the last move and return it."""
        move, state = self._stack.pop()
        self._restore(state)
        self._keys.pop()
        return move

    def undo(self) -> Move:
        return self.pop()

    def agree_draw(self) -> None:
        """Record a draw by agreement: the game ends."""
        self._ended = (Termination.AGREEMENT, -1)

    def resign(self, color: Color | int) -> None:
        """Record that ``color`` resigned: the other side wins."""
        self._ended = (Termination.RESIGNATION, 1 - int(color))

    # ------------------------------------------------------------------ the end
    def repetitions(self) -> int:
        """How many times the current position has stood since the root (1 the first time).
        Only positions since the last capture, shot or pawn move can repeat."""
        return gamekit.repetitions(self._keys, self._halfmoves)

    def is_bare_kings(self) -> bool:
        return sum(1 for c in self._cells if c) == 2 and self.king(0) is not None and self.king(1) is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on (rulings §4)."""
        if self._ended is not None:
            termination, winner = self._ended
            return Outcome(termination, None if winner < 0 else Color(winner))
        if self._walk(None, first=True) == 0:
            if self.is_check():
                return Outcome(Termination.CHECKMATE, Color(1 - self._turn))
            return Outcome(Termination.STALEMATE)
        if self.repetitions() >= 3:
            return Outcome(Termination.REPETITION)
        if self._halfmoves >= DRAW_HALFMOVES:
            return Outcome(Termination.MOVE_RULE)
        if self.is_bare_kings():
            return Outcome(Termination.BARE_KINGS)
        return None

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    def is_checkmate(self) -> bool:
        return self.is_check() and self._walk(None, first=True) == 0

    def is_stalemate(self) -> bool:
        return not self.is_check() and self._walk(None, first=True) == 0

    # ------------------------------------------------------------------ text
    def move_text(self, move: Move) -> str:
        """The move in readable notation (``Qf1xf6``, ``Ae2*e7``, ``g11-g12=Q``, ``Nb2-f6+``)."""
        from .notation import format_readable

        return format_readable(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` in either notation; ``InvalidMoveError`` or
        ``IllegalMoveError`` naming the bad part otherwise."""
        from .notation import parse_readable

        try:
            move = Move.parse(text)
        except InvalidMoveError:
            return parse_readable(self, text)
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal move {text.strip()!r} in position {self.code()}: {self.why_illegal(move)}")
        return move

    def why_illegal(self, move: Move) -> str:
        """A short reason why ``move`` is not legal here (for error messages)."""
        piece = self.piece_at(move.from_square)
        if piece is None:
            return f"no piece on {square_name(move.from_square)}"
        if piece.color != self.turn:
            return f"the {piece.kind.name.lower()} on {square_name(move.from_square)} is {piece.color.title}'s, and {self.turn.title} is to move"
        s = 1 if self._turn == 0 else -1
        reach = [m for m in self._pseudo(move.from_square, s) if m[1] == move.to_square]
        if not reach:
            return f"the {piece.kind.name.lower()} on {square_name(move.from_square)} cannot go to {square_name(move.to_square)}"
        if reach[0][4] and move.promotion is None:
            return "a pawn reaching the far rank must be promoted (add q, r, b, n, c, a or h)"
        if not reach[0][4] and move.promotion is not None:
            return "only a pawn reaching the far rank is promoted"
        return "it would leave the king in check"

    def code(self) -> str:
        """The position text (see ``docs/formats.md``)."""
        from .notation import format_position

        return format_position(self)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Read a position text; ``InvalidPositionError`` naming the bad part otherwise."""
        from .notation import parse_position

        return parse_position(text)

    def diagram(self) -> str:
        """The board drawn as text, rank 12 at the top (``.`` an empty square)."""
        lines = []
        for rank in range(SIZE - 1, -1, -1):
            row = [Piece.from_code(c).symbol() if (c := self._cells[rank * SIZE + f]) else "." for f in range(SIZE)]
            lines.append(f"{rank + 1:>2} " + " ".join(row))
        lines.append("   " + " ".join("abcdefghijkl"))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        return f"Board.from_code({self.code()!r})"

    # ------------------------------------------------------------------ perft
    def perft(self, depth: int) -> int:
        """The number of distinct sequences of ``depth`` legal moves from here."""
        return gamekit.perft(self, depth)


__all__ = ["Board", "Outcome", "Termination", "Effect", "LegalMoves", "DRAW_HALFMOVES", "ARCHER_RANGE", "START_TEXT"]
