"""Camblam computer players against each other (not a test): N games with alternating colours.

    python bench/camblam_ai.py hard random --games 100 [--nodes hard=3000] [--jobs 2]

Prints, for the first player, wins / draws / losses and the score (a win 1, a draw ½), and the
median time per move of each player. A player is a level of ``camblam.ai.LEVELS`` or ``random``.
``--nodes LEVEL=N`` overrides a level's node budget (CPU is scarce on the test machine);
``--max-plies`` ends a game as a draw after that many half-moves (the 100-move rule and
repetition end most games first). The games are seeded: the same command plays the same games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from camblam import Board, Color  # noqa: E402
from camblam.ai import LEVEL_NAMES, Search  # noqa: E402


def play_game(args: tuple) -> tuple[float, list[float], list[float], int, str]:
    """One game: (the first player's score, its move times, the second's, plies, how it ended)."""
    first, second, first_is_white, seed, nodes, max_plies = args
    board = Board()
    times: tuple[list[float], list[float]] = ([], [])
    plies = 0
    while board.outcome() is None and plies < max_plies:
        mover_is_first = (board.turn == Color.WHITE) == first_is_white
        level = first if mover_is_first else second
        started = time.perf_counter()
        move = Search(board, level, seed * 1000 + plies, max_nodes=nodes.get(level)).run()
        times[0 if mover_is_first else 1].append(time.perf_counter() - started)
        board.push(move)
        plies += 1
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        score = 0.5
        how = outcome.termination.value if outcome else "ply limit"
    else:
        first_color = Color.WHITE if first_is_white else Color.BLACK
        score = 1.0 if outcome.winner == first_color else 0.0
        how = outcome.termination.value
    return score, times[0], times[1], plies, how


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("first", choices=LEVEL_NAMES)
    parser.add_argument("second", choices=LEVEL_NAMES)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", action="append", default=[], help="LEVEL=N: node budget override")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    nodes = {}
    for item in args.nodes:
        level, _, n = item.partition("=")
        nodes[level] = int(n)
    tasks = [(args.first, args.second, g % 2 == 0, args.seed * 100_000 + g, nodes, args.max_plies)
             for g in range(args.games)]
    wins = draws = losses = 0
    t1: list[float] = []
    t2: list[float] = []
    ends: dict[str, int] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for g, (score, a, b, plies, how) in enumerate(pool.map(play_game, tasks)):
            wins += score == 1.0
            draws += score == 0.5
            losses += score == 0.0
            t1 += a
            t2 += b
            ends[how] = ends.get(how, 0) + 1
            print(f"game {g + 1}: {args.first} {'white' if g % 2 == 0 else 'black'} scores {score} "
                  f"({how}, {plies} plies); so far +{wins} ={draws} -{losses}, median ms per move "
                  f"{statistics.median(t1) * 1000 if t1 else 0:.0f} / {statistics.median(t2) * 1000 if t2 else 0:.0f}",
                  file=sys.stderr, flush=True)
    n = wins + draws + losses
    print(f"{args.first} vs {args.second}, {n} games, alternating colours, nodes {nodes or 'as the levels'}")
    print(f"wins {wins}, draws {draws}, losses {losses}: score {100.0 * (wins + draws / 2) / n:.1f}%")
    print("ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    print(f"median time per move: {args.first} {statistics.median(t1) * 1000:.0f} ms, "
          f"{args.second} {statistics.median(t2) * 1000:.0f} ms; wall {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
