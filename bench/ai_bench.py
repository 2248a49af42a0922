"""Time per move of each AI level in CPython (not a test): mean and max over a fixed set of
positions taken from games between the AI levels (opening, middle game, ending).

    python bench/ai_bench.py [--levels easy,normal,hard] [--positions 24]

The browser (Pyodide) is 2–3× slower than CPython; the goals there are normal < 1 s and
hard < 3 s per move, so here we aim for normal ≤ 0.3 s and hard ≤ 1 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from djambi import Board  # noqa: E402
from djambi.ai import LEVELS, Search  # noqa: E402


def sample_positions(n: int, seed: int = 1) -> list[Board]:
    """Positions from games of one normal player against random ones, taken every few plies,
    three- and four-player games alike."""
    out: list[Board] = []
    game = 0
    while len(out) < n:
        hostage = game % 2 == 1
        board = Board(hostage=hostage)
        seats = ["normal", "random", "random"] if hostage else ["normal", "easy", "random", "random"]
        seats = seats[game % len(seats):] + seats[:game % len(seats)]
        ply = 0
        while not board.is_game_over() and len(out) < n and ply < 400:
            if ply % 23 == 5:
                out.append(board.copy(stack=False))
            move = Search(board, seats[board.turn], seed * 1000 + game * 100 + ply).run()
            board.push(move)
            ply += 1
        game += 1
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--slice-ms", type=float, default=20.0, help="step() slice (default 20 ms)")
    args = parser.parse_args(argv)
    positions = sample_positions(args.positions)
    print(f"{len(positions)} positions, CPython {sys.version.split()[0]}, step({args.slice_ms:g} ms) slices")
    for level in args.levels.split(","):
        times, nodes, worst_slice = [], [], 0.0
        for i, board in enumerate(positions):
            t0 = time.perf_counter()
            search = Search(board, level, i)
            while True:
                s0 = time.perf_counter()
                done = search.step(args.slice_ms)
                worst_slice = max(worst_slice, time.perf_counter() - s0)
                if done:
                    break
            search.best_move()
            times.append(time.perf_counter() - t0)
            nodes.append(search.nodes)
        mean = sum(times) / len(times)
        print(f"{level:>6}: mean {1000 * mean:7.1f} ms  max {1000 * max(times):7.1f} ms per move; "
              f"nodes mean {sum(nodes) / len(nodes):7.0f} max {max(nodes):6d}; "
              f"longest slice {1000 * worst_slice:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
