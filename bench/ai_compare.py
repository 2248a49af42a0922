"""The engine's speed in two trees, interleaved: perft(4) from the start and six searches
(``normal`` and ``hard`` on three positions of a seeded random game), in CPU seconds of a fresh
process each, the trees' turns alternating round by round. Benchmarks are not tests.

    python bench/ai_compare.py DIR_A DIR_B [ROUNDS]

Each DIR is a tree holding ``djambi/`` (for main: ``git archive main djambi | tar -x -C DIR``).
CPU time, not wall time: on a shared machine it moves much less with the load. Printed: each
tree's times per round, the best of each, and B's best over A's.
"""

from __future__ import annotations

import subprocess
import sys

WORK = r'''
import random, sys, time
sys.path.insert(0, ".")
from djambi import Board
from djambi.ai import Search, random_move
if sys.argv[1] == "perft":
    t = time.process_time()
    Board().perft(4)
else:
    board, rng, positions = Board(), random.Random(3), []
    for ply in range(60):
        board.push(random_move(board, rng))
        if ply % 20 == 10:
            positions.append(board.copy(stack=False))
    t = time.process_time()
    for i, position in enumerate(positions):
        for level in ("normal", "hard"):
            Search(position, level, i).run()
print(time.process_time() - t)
'''


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__)
        return 2
    trees = argv[:2]
    rounds = int(argv[2]) if len(argv) == 3 else 5
    for what in ("perft", "search"):
        times: dict[str, list[float]] = {tree: [] for tree in trees}
        for r in range(rounds):
            for tree in trees if r % 2 == 0 else trees[::-1]:
                out = subprocess.run([sys.executable, "-c", WORK, what], cwd=tree, capture_output=True, text=True)
                if out.returncode:
                    print(out.stderr.strip().splitlines()[-1], file=sys.stderr)
                    return 1
                times[tree].append(float(out.stdout))
        a, b = (min(times[tree]) for tree in trees)
        for tree in trees:
            print(f"{what:6} {tree}: " + " ".join(f"{t:.2f}" for t in times[tree]))
        print(f"{what:6} best {a:.2f} s / {b:.2f} s: B/A = {b / a:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
