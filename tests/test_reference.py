"""A second, deliberately naive move generator written straight from the rulings, compared with the
engine's over positions from random games. It shares nothing with ``djambi.board`` but the public
``Piece``/``Party`` values: it tries every destination square, walks the path square by square,
and works on plain dicts."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from djambi import Board, Kind, Move, Piece
from playouts import scaled

MAZE = 40
C, A, R, P, N, M = Kind.CHIEF, Kind.ASSASSIN, Kind.REPORTER, Kind.PROVOCATEUR, Kind.NECROMOBILE, Kind.MILITANT


def between(s: int, t: int) -> list[int] | None:
    """Squares strictly between s and t on a line, or None if not on one line."""
    sc, sr, tc, tr = s % 9, s // 9, t % 9, t // 9
    dc, dr = tc - sc, tr - sr
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)) or s == t:
        return None
    n = max(abs(dc), abs(dr))
    step_c, step_r = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return [(sr + i * step_r) * 9 + sc + i * step_c for i in range(1, n)]


def orthogonal(t: int) -> list[int]:
    c, r = t % 9, t // 9
    return [rr * 9 + cc for cc, rr in ((c, r + 1), (c + 1, r), (c, r - 1), (c - 1, r)) if 0 <= cc < 9 and 0 <= rr < 9]


def reachable(pieces: dict[int, Piece], s: int, t: int, kind: Kind) -> bool:
    path = between(s, t)
    if path is None:
        return False
    if kind == M and len(path) >= 2:
        return False
    return all(sq not in pieces for sq in path)


def empty_field(pieces: dict[int, Piece]) -> list[int]:
    return [sq for sq in range(81) if sq != MAZE and sq not in pieces]


def reference_moves(board: Board) -> set[Move]:
    pieces = board.pieces()
    player = board.turn

    def enemy(piece: Piece | None) -> bool:
        if piece is None or not piece.alive:
            return False
        return board.controller(piece.party) != player and not board.is_frozen(piece.party)

    out: set[Move] = set()
    for s, piece in pieces.items():
        if not piece.alive or board.controller(piece.party) != player:
            continue
        kind = piece.kind
        for t in range(81):
            if not reachable(pieces, s, t, kind):
                continue
            occupant = pieces.get(t)
            after = dict(pieces)
            del after[s]
            after[t] = piece
            if occupant is None:
                if t == MAZE:
                    if kind == C:
                        out.add(Move(s, t))
                    continue
                out.add(Move(s, t))
                if kind == R:
                    for v in orthogonal(t):
                        if enemy(after.get(v)):
                            out.add(Move(s, t, victim=v))
                continue
            if t == MAZE:
                acts = (kind == N and not occupant.alive) or (kind in (A, P) and enemy(occupant))
                if kind == C and enemy(occupant):
                    for p in empty_field(after):
                        out.add(Move(s, t, place=p))
                if not acts:
                    continue
                for x in range(81):  # the exit move, from the maze
                    if x == MAZE or x in after:
                        continue
                    lifted = dict(after)
                    del lifted[MAZE]
                    if not reachable(lifted, MAZE, x, kind):
                        continue
                    if kind == A:
                        if x != s:
                            out.add(Move(s, t, exit=x))
                        continue
                    lifted[x] = piece
                    for p in empty_field(lifted):
                        out.add(Move(s, t, place=p, exit=x))
                continue
            if not occupant.alive:
                if kind == N:
                    for p in empty_field(after):
                        out.add(Move(s, t, place=p))
                continue
            if not enemy(occupant):
                continue
            if kind in (M, C):
                for p in empty_field(after):
                    out.add(Move(s, t, place=p))
            elif kind == A:
                out.add(Move(s, t))
            elif kind == P:
                places = empty_field(after)
                if occupant.kind == C and MAZE not in after:
                    places.append(MAZE)
                for p in places:
                    out.add(Move(s, t, place=p))
    return out


def reference_after(board: Board, move: Move) -> dict[int, Piece]:
    """The pieces after ``move``, before any walled-in chief perishes."""
    pieces = board.pieces()
    if move == Move.null():
        return pieces
    piece = pieces.pop(move.piece)
    occupant = pieces.get(move.to)
    if move.exit is not None:
        del pieces[MAZE]
        pieces[move.exit] = piece
        if piece.kind == A:
            pieces[move.piece] = Piece.corpse(occupant.kind)
        else:
            pieces[move.place] = occupant
        return pieces
    pieces[move.to] = piece
    if occupant is not None:
        if piece.kind == P or not occupant.alive:
            pieces[move.place] = occupant
        elif piece.kind == A:
            pieces[move.piece] = Piece.corpse(occupant.kind)
        else:
            pieces[move.place] = Piece.corpse(occupant.kind)
    if move.victim is not None:
        pieces[move.victim] = Piece.corpse(pieces[move.victim].kind)
    return pieces


def positions(seed: int, plies: int, hostage: bool):
    rng = random.Random(seed)
    board = Board(hostage=hostage)
    for _ in range(plies):
        if board.is_game_over():
            return
        yield board
        board.push(rng.choice(board.generate_legal_moves()))


@scaled(0.5)
@given(seed=st.integers(0, 2**32 - 1), hostage=st.booleans())
def test_engine_and_reference_agree_along_random_games(seed: int, hostage: bool) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for i, board in enumerate(positions(seed, 160, hostage)):
        if i % 4:
            continue  # every fourth position: the reference is slow
        engine = set(board.generate_legal_moves())
        reference = reference_moves(board) or {Move.null()}
        assert engine == reference, (board.code(), sorted(map(str, engine ^ reference))[:10])
        move = rng.choice(sorted(engine, key=str))
        expected = reference_after(board, move)
        board.push(move)
        actual = board.pieces()
        board.pop()
        for sq in set(expected) | set(actual):
            if expected.get(sq) != actual.get(sq):
                # The only difference allowed: a chief who perished, walled in by corpses.
                assert expected[sq].kind == C and expected[sq].alive and actual[sq] == Piece.corpse(C), board.code()
