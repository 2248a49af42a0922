"""An independent, slow Camblam move generator written straight from the rulings' text
(camblam-rulings.md §2–§4), for cross-checking the engine: perft, move lists, check.

It shares nothing with ``camblam.board`` but the position text: a position is a dict
``{(file, rank): (colour, letter)}`` with files and ranks 0–11, colour "w" or "b". Check is found
the way §4 defines it: the opponent could capture the king with its next move (every move of §3,
chains and shots included, pinned pieces too).
"""

from __future__ import annotations

import re

from camblam import Board

N = 12
ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
PROMOTE = "qrbncah"


def on(f, r):
    return 0 <= f < N and 0 <= r < N


def position(board: Board) -> tuple[dict, str]:
    """The dict form of ``board`` (read through its position text) and the side to move."""
    text = board.code()
    rows, side = text.split()[0].split("/"), text.split()[1]
    pos = {}
    for i, row in enumerate(rows):
        rank = N - 1 - i
        f = 0
        j = 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
            else:
                pos[(f, rank)] = ("w" if row[j].isupper() else "b", row[j].upper())
                f += 1
                j += 1
    return pos, side


def name(sq):
    return "abcdefghijkl"[sq[0]] + str(sq[1] + 1)


def piece_moves(pos, sq):
    """(target, taken squares, shot?) for the piece on ``sq``, by the text of §2–§3."""
    colour, letter = pos[sq]
    f, r = sq
    out = []

    def own(s):
        return s in pos and pos[s][0] == colour

    def enemy(s):
        return s in pos and pos[s][0] != colour

    def slide_chain(dirs):
        for df, dr in dirs:
            k = 1
            while on(f + df * k, r + dr * k) and (f + df * k, r + dr * k) not in pos:
                out.append(((f + df * k, r + dr * k), [], False))
                k += 1
            chain = []
            while on(f + df * k, r + dr * k) and enemy((f + df * k, r + dr * k)):
                chain.append((f + df * k, r + dr * k))
                out.append((chain[-1], list(chain), False))
                k += 1

    def step(dirs):
        for df, dr in dirs:
            t = (f + df, r + dr)
            if on(*t) and not own(t):
                out.append((t, [t] if enemy(t) else [], False))

    if letter == "P":
        fwd = 1 if colour == "w" else -1
        for k in (1, 2, 3):
            path = [(f, r + fwd * j) for j in range(1, k + 1)]
            if all(on(*s) and s not in pos for s in path):
                out.append((path[-1], [], False))
        for df in (-1, 1):
            t = (f + df, r + fwd)
            if on(*t) and enemy(t):
                out.append((t, [t], False))
    elif letter == "N":
        leaps = []
        for a, b in ((1, 2), (2, 1)):
            for sa in (1, -1):
                for sb in (1, -1):
                    df, dr = a * sa, b * sb
                    over = [(0, sb)] if b == 2 else [(sa, 0)]
                    leaps.append((df, dr, over))
        for a, b in ((3, 4), (4, 3), (4, 5), (5, 4)):
            for sa in (1, -1):
                for sb in (1, -1):
                    leaps.append((a * sa, b * sb, [(k * sa, k * sb) for k in range(1, 5)]))
        for df, dr, over in leaps:
            t = (f + df, r + dr)
            passed = [(f + x, r + y) for x, y in over]
            if not on(*t) or own(t):
                continue
            if any(not on(*p) or own(p) for p in passed):
                continue
            out.append((t, [t] if enemy(t) else [], False))
    elif letter == "C":
        slide_chain([(0, 1), (0, -1)])
        step([(1, 0), (-1, 0)])
    elif letter == "A":
        for df, dr in ORTH + DIAG:
            k = 1
            while on(f + df * k, r + dr * k):
                t = (f + df * k, r + dr * k)
                if t not in pos:
                    out.append((t, [], False))
                else:
                    if enemy(t) and k <= 5:
                        out.append((t, [t], True))
                    break
                k += 1
    elif letter == "R":
        slide_chain(ORTH)
        step(DIAG)
    elif letter == "B":
        slide_chain(DIAG)
        step(ORTH)
    elif letter == "Q":
        slide_chain(ORTH + DIAG)
    elif letter == "K":
        step(ORTH + DIAG)
    elif letter == "H":
        targets = set()
        for of, orr in ORTH:
            for k1 in range(0, N):
                corner = (f + of * k1, r + orr * k1)
                if not on(*corner):
                    break
                if k1 > 0 and corner in pos:
                    if enemy(corner):
                        targets.add(corner)
                    break
                for gf, gr in DIAG:
                    for k2 in range(0, N):
                        if k1 + k2 == 0:
                            continue
                        t = (corner[0] + gf * k2, corner[1] + gr * k2)
                        if not on(*t):
                            break
                        if k2 > 0 and t in pos:
                            if enemy(t):
                                targets.add(t)
                            break
                        if t not in pos:
                            targets.add(t)
        for t in targets:
            out.append((t, [t] if t in pos else [], False))
    return out


def apply(pos, sq, target, taken, shot, promo=None):
    new = dict(pos)
    for t in taken:
        del new[t]
    if not shot:
        colour, letter = new.pop(sq)
        new[target] = (colour, promo.upper() if promo else letter)
    return new


def in_check(pos, colour):
    """§4: the opponent could capture ``colour``'s king with its next move."""
    king = next(s for s, (c, letter) in pos.items() if c == colour and letter == "K")
    for s, (c, _) in pos.items():
        if c != colour:
            for target, taken, shot in piece_moves(pos, s):
                if king in taken:
                    return True
    return False


def legal_moves(pos, side):
    """Every legal move in coordinate notation."""
    other = "b" if side == "w" else "w"
    moves = []
    for s, (c, letter) in list(pos.items()):
        if c != side:
            continue
        for target, taken, shot in piece_moves(pos, s):
            after = apply(pos, s, target, taken, shot)
            if in_check(after, side):
                continue
            last = N - 1 if side == "w" else 0
            if letter == "P" and target[1] == last:
                moves += [name(s) + name(target) + p for p in PROMOTE]
            else:
                moves.append(name(s) + name(target))
    assert other
    return moves


def perft(pos, side, depth):
    if depth == 0:
        return 1
    other = "b" if side == "w" else "w"
    total = 0
    for text in legal_moves(pos, side):
        if depth == 1:
            total += 1
            continue
        m = re.fullmatch(r"([a-l])(\d+)([a-l])(\d+)([a-z]?)", text)
        fs = (ord(m[1]) - 97, int(m[2]) - 1)
        ts = (ord(m[3]) - 97, int(m[4]) - 1)
        promo = m[5] or None
        target_moves = [m for m in piece_moves(pos, fs) if m[0] == ts]
        _, taken, shot = target_moves[0]
        total += perft(apply(pos, fs, ts, taken, shot, promo), other, depth - 1)
    return total
