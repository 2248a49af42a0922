"""The search's view of a Camblam board: its moves as raw tuples (from, to, squares taken,
shot?, promotion?) from the engine's move walk, the ``Move`` a raw tuple stands for (the search
plays a promotion as a queen: the queen is worth most), and the mate probes every level runs
before its search: cheap walks over checking moves that find a mate in one (every promotion
tried), a mate in two that starts with a check, and a move that lets the opponent mate in one.
"""

from __future__ import annotations

from ..board import Board
from ..move import Move
from ..pieces import PROMOTIONS, Kind


def as_move(raw: tuple) -> Move:
    """The move a raw tuple stands for (a promotion to a queen)."""
    return Move(raw[0], raw[1], Kind.QUEEN if raw[4] else None)


def _moves(raw: tuple) -> tuple[Move, ...]:
    """Every move a raw tuple stands for: a promotion's seven choices."""
    if raw[4]:
        return tuple(Move(raw[0], raw[1], kind) for kind in PROMOTIONS)
    return (Move(raw[0], raw[1]),)


class Probe:
    """Mate walks on one board (played on and restored), counting the moves they push."""

    def __init__(self, board: Board, limit: int) -> None:
        self.board = board
        self.pushes = 0
        self.limit = limit  # pushes at most (a probe that runs out answers "none found")

    def mate_in_one(self, raws: list | None = None, checks: list | None = None) -> Move | None:
        """A move of the side to move that checkmates at once, or None; the checking moves met
        on the way are appended to ``checks`` (all of them when it answers None)."""
        board = self.board
        for raw in board.legal_raw() if raws is None else raws:
            for move in _moves(raw):
                if self.pushes >= self.limit:
                    return None
                self.pushes += 1
                board.push(move)
                check = board.is_check()
                mate = check and not board.has_legal_moves()
                board.pop()
                if mate:
                    return move
                if check and checks is not None:
                    checks.append(move)
        return None

    def mate_in_two(self, checks: list[Move], max_replies: int = 12) -> Move | None:
        """Among ``checks`` (checking moves of the side to move), one after which every reply
        allows a mate in one, or None (a check answered by more than ``max_replies`` moves is not
        tried: the king is free)."""
        board = self.board
        for move in checks:
            if self.pushes >= self.limit:
                return None
            self.pushes += 1
            board.push(move)
            forced = False
            replies = board.legal_raw()
            if replies and len(replies) <= max_replies:
                forced = True
                for reply in (m for r in replies for m in _moves(r)):
                    board.push(reply)
                    self.pushes += 1
                    ok = self.mate_in_one() is not None
                    board.pop()
                    if not ok:
                        forced = False
                        break
            board.pop()
            if forced:
                return move
        return None

    def allows_mate(self, move: Move) -> bool:
        """Whether the opponent can mate in one after ``move``."""
        board = self.board
        self.pushes += 1
        board.push(move)
        try:
            return self.mate_in_one() is not None
        finally:
            board.pop()

    def threatened(self) -> bool:
        """Whether the opponent, were it to move now, could mate in one (the side to move not in check)."""
        board = self.board
        if board.is_check():
            return False
        other = Board.from_parts(board._cells, board._turn ^ 1)
        probe = Probe(other, self.limit - self.pushes)
        found = probe.mate_in_one() is not None
        self.pushes += probe.pushes
        return found


__all__ = ["as_move", "Probe"]
