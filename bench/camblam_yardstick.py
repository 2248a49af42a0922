"""The Camblam yardstick (issue 39): an independent two-ply alpha-beta player with a capture
quiescence, to measure ``camblam.ai``'s levels against. It is not a level of the app.

Written apart from ``camblam.ai`` and sharing none of its code (only the rules engine's move list):

* Negamax alpha-beta, exactly two plies full width, every legal move (a promotion as a queen).
* At the leaves, a quiescence search over captures and shots (every legal one, the victims'
  value first), with stand pat, down to ``QDEPTH`` plies (deep enough for every exchange the
  games show; it is a safety net, not a tuning).
* Evaluation: material only, in its own values (``VALUE``: what a chess player new to Camblam
  would guess — knight 3, catapult 3, bishop 4, archer 5, rook 5, prince 5, queen 10), from the
  point of view of the side to move. Checkmate −1000 (sooner worse), stalemate 0.
* Equal root moves: the seeded generator picks among them (so its games differ from seed to seed).

``Yardstick(seed).choose(board)`` returns its move; ``nodes`` counts the positions it looked at.
``Greedy(seed)`` is the one-ply greedy player (the best material after its move, ties at random),
the yardstick ``easy`` is compared with.
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from camblam import Board, Kind, Move  # noqa: E402

#: king, queen, rook, bishop, knight, catapult, archer, prince, pawn (camblam.Kind's order).
VALUE = (0.0, 10.0, 5.0, 4.0, 3.0, 3.0, 5.0, 5.0, 1.0)
MATE = 1000.0
QDEPTH = 8


def material(board: Board) -> float:
    """Material for the side to move."""
    total = 0.0
    for code in board.cells:
        if code > 0:
            total += VALUE[code - 1]
        elif code < 0:
            total -= VALUE[-code - 1]
    return total if board.turn == 0 else -total


def _as_move(raw) -> Move:
    return Move(raw[0], raw[1], Kind.QUEEN if raw[4] else None)


def _by_victims(board: Board, moves: list) -> None:
    """Sort raw moves by the value they take, most first (stable)."""
    cells = board.cells
    moves.sort(key=lambda raw: -sum(VALUE[abs(cells[x]) - 1] for x in raw[2]))


class Yardstick:
    """Two plies of alpha-beta, then captures and shots until quiet; material."""

    def __init__(self, seed: int, depth: int = 2) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self.nodes = 0

    def choose(self, board: Board) -> Move:
        board = board.copy(stack=True)
        moves = board.legal_raw()
        if not moves:
            raise ValueError("the game is over: no legal move")
        self.rng.shuffle(moves)
        _by_victims(board, moves)
        best_value, best = -2 * MATE, []
        for raw in moves:
            board.push(_as_move(raw))
            # A window one above the best so far: an equal move is scored exactly, for the tie.
            value = -self._search(board, self.depth - 1, -2 * MATE, -(best_value - 1e-6), 1)
            board.pop()
            if value > best_value + 1e-9:
                best_value, best = value, [raw]
            elif value >= best_value - 1e-9:
                best.append(raw)
        return _as_move(self.rng.choice(best))

    def _search(self, board: Board, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        moves = board.legal_raw()
        if not moves:
            return -MATE + ply if board.is_check() else 0.0
        if depth <= 0:
            return self._quiesce(board, alpha, beta, 0, ply)
        _by_victims(board, moves)
        for raw in moves:
            board.push(_as_move(raw))
            value = -self._search(board, depth - 1, -beta, -alpha, ply + 1)
            board.pop()
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha

    def _quiesce(self, board: Board, alpha: float, beta: float, qply: int, ply: int) -> float:
        if qply:
            self.nodes += 1
        stand = material(board)
        if stand >= beta or qply >= QDEPTH:
            return stand
        alpha = max(alpha, stand)
        captures = board.legal_raw(captures=True)
        _by_victims(board, captures)
        for raw in captures:
            board.push(_as_move(raw))
            if not board.has_legal_moves():
                value = MATE - ply - 1 if board.is_check() else 0.0
            else:
                value = -self._quiesce(board, -beta, -alpha, qply + 1, ply + 1)
            board.pop()
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha


class Greedy:
    """One ply: the move after which its material is highest (a mate first), ties at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.nodes = 0

    def choose(self, board: Board) -> Move:
        board = board.copy(stack=True)
        best_value, best = -2 * MATE, []
        for raw in board.legal_raw():
            board.push(_as_move(raw))
            self.nodes += 1
            if not board.has_legal_moves():
                value = MATE if board.is_check() else 0.0
            else:
                value = -material(board)
            board.pop()
            if value > best_value:
                best_value, best = value, [raw]
            elif value == best_value:
                best.append(raw)
        if not best:
            raise ValueError("the game is over: no legal move")
        return _as_move(self.rng.choice(best))


PLAYERS = {"yardstick": Yardstick, "greedy": Greedy}


def choose_move(board: Board, name: str, seed: int) -> Move:
    return PLAYERS[name](seed).choose(board)


if __name__ == "__main__":
    import time

    board = Board()
    for ply in range(int(sys.argv[1]) if len(sys.argv) > 1 else 10):
        t = time.process_time()
        player = Yardstick(ply)
        move = player.choose(board)
        print(board.move_text(move), player.nodes, f"{time.process_time() - t:.2f}s")
        board.push(move)
