"""Camblam computer players against each other (not a test): N games with alternating colours.

    python bench/camblam_ai.py play hard random --games 100 [--out FILE] [--jobs 1] [--nodes hard=3000]
    python bench/camblam_ai.py report [FILE...]

``play`` plays the games and appends one JSON line per finished game to ``--out`` (by default
``bench/results/camblam-FIRST-SECOND.jsonl``); run again, it plays only the games not in the file
yet, so a stopped run resumes and a late stop still leaves figures. A player is a level of
``camblam.ai.LEVELS`` or ``random``, searched as the app does (``Search(board, level, seed)``: the
level's node budget and time limit); ``--nodes LEVEL=N`` gives a level a node budget alone (the
deterministic mode). ``--max-plies`` ends a game as a draw after that many half-moves (the 100-move
rule and repetition end most games first). Game ``g`` has White = the first player when ``g`` is
even, and its seeds depend on ``g`` alone: the same command plays the same games, up to the time
limit's cuts under load.

``report`` reads result files (by default every ``bench/results/camblam-*.jsonl``) and prints, per
match, the first player's wins / draws / losses and score (a win 1, a draw ½), how the games ended,
and, per level over all the files, the median and 90th percentile of the time per move.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from camblam import Board, Color  # noqa: E402
from camblam.ai import LEVEL_NAMES, Search  # noqa: E402

RESULTS = os.path.join(HERE, "results")


def play_game(args: tuple) -> dict:
    """One game, as the JSON record ``play`` writes."""
    game, first, second, seed, nodes, max_plies = args
    first_is_white = game % 2 == 0
    board = Board()
    times: tuple[list[int], list[int]] = ([], [])  # milliseconds per move, first and second player
    depths: tuple[list[int], list[int]] = ([], [])
    plies = 0
    game_seed = seed * 100_000 + game
    started = time.time()
    while board.outcome() is None and plies < max_plies:
        mover_is_first = (board.turn == Color.WHITE) == first_is_white
        level = first if mover_is_first else second
        clock = time.perf_counter()
        search = Search(board, level, game_seed * 1000 + plies, max_nodes=nodes.get(level))
        move = search.run()
        times[0 if mover_is_first else 1].append(round((time.perf_counter() - clock) * 1000))
        depths[0 if mover_is_first else 1].append(search.depth_done)
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
    return {
        "game": game, "first": first, "second": second, "first_white": first_is_white, "seed": seed,
        "nodes": nodes, "score": score, "how": how, "plies": plies,
        "ms_first": times[0], "ms_second": times[1], "depth_first": depths[0], "depth_second": depths[1],
        "started": time.strftime("%Y-%m-%d %H:%M", time.gmtime(started)),
        "load": round(os.getloadavg()[0], 1),
    }


def read_records(paths: list[str]) -> list[dict]:
    records = []
    for path in paths:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        records.append(json.loads(line))
                    except json.JSONDecodeError:
                        pass  # a line cut by a stop mid-write: that game is played again
    return records


def percentile(values: list[int], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def play(args: argparse.Namespace) -> int:
    nodes = {}
    for item in args.nodes:
        level, _, n = item.partition("=")
        if level not in LEVEL_NAMES or not n.isdigit():
            print(f"bad --nodes {item!r}: expected LEVEL=N", file=sys.stderr)
            return 2
        nodes[level] = int(n)
    out = args.out or os.path.join(RESULTS, f"camblam-{args.first}-{args.second}.jsonl")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    done = {r["game"] for r in read_records([out])
            if r["first"] == args.first and r["second"] == args.second and r["seed"] == args.seed}
    tasks = [(g, args.first, args.second, args.seed, nodes, args.max_plies)
             for g in range(args.games) if g not in done]
    print(f"{args.first} vs {args.second}: {len(done)} games in {out}, {len(tasks)} to play", file=sys.stderr)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, open(out, "a", encoding="utf-8") as f:
        for record in pool.map(play_game, tasks):
            f.write(json.dumps(record) + "\n")
            f.flush()
            print(f"game {record['game']}: {args.first} {'white' if record['first_white'] else 'black'} "
                  f"scores {record['score']} ({record['how']}, {record['plies']} plies, load {record['load']})",
                  file=sys.stderr, flush=True)
    return report([out])


def report(paths: list[str]) -> int:
    records = read_records(paths)
    if not records:
        print("no games in " + ", ".join(paths), file=sys.stderr)
        return 2
    matches: dict[tuple[str, str], list[dict]] = {}
    per_level: dict[str, list[int]] = {}
    for r in records:
        matches.setdefault((r["first"], r["second"]), []).append(r)
        per_level.setdefault(r["first"], []).extend(r["ms_first"])
        per_level.setdefault(r["second"], []).extend(r["ms_second"])
    for (first, second), games in sorted(matches.items()):
        wins = sum(r["score"] == 1.0 for r in games)
        draws = sum(r["score"] == 0.5 for r in games)
        losses = len(games) - wins - draws
        white = sum(r["first_white"] for r in games)
        ends: dict[str, int] = {}
        for r in games:
            ends[r["how"]] = ends.get(r["how"], 0) + 1
        score = 100.0 * (wins + draws / 2) / len(games)
        plies = statistics.median(r["plies"] for r in games)
        loads = [r["load"] for r in games]
        print(f"{first} vs {second}: {len(games)} games ({white} with {first} white), +{wins} ={draws} -{losses}, "
              f"score {score:.1f}%; ended by " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
              + f"; median {plies:.0f} plies; load average {min(loads)}-{max(loads)}; "
              f"{min(r['started'] for r in games)} to {max(r['started'] for r in games)} UTC")
    for level, ms in sorted(per_level.items()):
        if ms:
            print(f"{level}: {len(ms)} moves, median {statistics.median(ms):.0f} ms, "
                  f"90th percentile {percentile(ms, 0.9):.0f} ms, max {max(ms)} ms")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a match, appending to its result file")
    p.add_argument("first", choices=LEVEL_NAMES)
    p.add_argument("second", choices=LEVEL_NAMES)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--out", help="the result file (JSON lines)")
    p.add_argument("--nodes", action="append", default=[], help="LEVEL=N: that level on a node budget alone")
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("report", help="summarise result files")
    r.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "play":
        return play(args)
    return report(args.files or sorted(glob.glob(os.path.join(RESULTS, "camblam-*.jsonl"))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
