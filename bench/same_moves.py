"""Same moves before and after: a fixed series of games between the AI levels, every move printed
with the search's node count, and one digest of it all (not a test; a check for refactors).

    python -m bench.same_moves            # print the games and the digest
    python -m bench.same_moves --check    # compare with bench/same_moves.expected (exit 1 if not equal)

The levels budget their work in nodes, never in time, so a move depends only on the position,
the level and the seed: the series is reproducible on any machine. The games are capped in plies
(the cap, not the rules, ends most of them). Games 0-3: four players, easy/normal/hard/normal,
seats rotated; games 4-5: three players (Green the hostage), easy/normal/hard rotated; games 6-8:
random moves until two players are left, then normal against hard (the duel code: two-ply
search, hunting); game 9: the experimental levels (``bench.ai_experiments``) for a few plies.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from djambi import Board  # noqa: E402
from djambi.ai import Search, random_move  # noqa: E402

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "same_moves.expected")


def searcher(level: str):
    """The search class that plays ``level`` (an experiment's lives in ``bench.ai_experiments``)."""
    try:
        from bench.ai_experiments import EXPERIMENTS, ExperimentalSearch
    except ImportError:
        return Search
    return ExperimentalSearch if level in EXPERIMENTS else Search


def series() -> list[tuple[str, Board, list[str], int]]:
    """(name, start position, seat levels, plies) of every game."""
    out = []
    four = ["easy", "normal", "hard", "normal"]
    for g in range(4):
        seats = four[g:] + four[:g]
        out.append((f"four-{g}", Board(), seats, 40))
    three = ["easy", "normal", "hard"]
    for g in range(2):
        seats = three[g:] + three[:g] + ["-"]
        out.append((f"three-{g}", Board(hostage=True), seats, 40))
    for g, seed in enumerate((2000, 2003, 2005)):
        board = Board()
        rng = random.Random(seed)
        while len(board.active_players) > 2 and not board.is_game_over():
            board.push(random_move(board, rng))
        duel = [p for p in board.active_players]
        seats = ["-"] * 4
        for p, level in zip(duel, ("normal", "hard") if g % 2 == 0 else ("hard", "normal")):
            seats[p] = level
        out.append((f"duel-{g}", board.copy(stack=False), seats, 40))
    out.append(("experiments", Board(), ["normal-full", "hard-brs", "mcts", "normal"], 8))
    return out


def play() -> list[str]:
    lines = []
    for gi, (name, board, seats, plies) in enumerate(series()):
        lines.append(f"game {name}: {board.code()} seats {','.join(seats)}")
        for ply in range(plies):
            if board.is_game_over():
                lines.append(f"  end {board.outcome().termination.value}")
                break
            level = seats[board.turn]
            search = searcher(level)(board, level, gi * 1000 + ply)
            move = search.run()
            lines.append(f"  {ply:3d} {level:>8} {board.move_text(move):<12} nodes {search.nodes}")
            board.push(move)
        lines.append(f"  final {board.code()}")
    return lines


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with bench/same_moves.expected")
    args = parser.parse_args(argv)
    lines = play()
    text = "\n".join(lines) + f"\ndigest {digest(lines)}\n"
    if not args.check:
        print(text, end="")
        return 0
    with open(EXPECTED, encoding="utf-8") as f:
        expected = f.read()
    if text == expected:
        print(f"same moves: digest {digest(lines)}")
        return 0
    old, new = expected.splitlines(), text.splitlines()
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            print(f"first difference at line {i + 1}:\n  expected {a}\n  got      {b}")
            break
    print(f"different moves: digest {digest(lines)} (expected {old[-1].split()[-1] if old else '?'})")
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
