"""Camblam computer players against each other (not a test): N games with alternating colours.

    python bench/camblam_ai.py play hard random --games 100 [--out FILE] [--jobs 1] [--nodes hard=3000]
    python bench/camblam_ai.py report [FILE...]
    python bench/camblam_ai.py browser [--positions 24] [--level hard]
    python bench/camblam_ai.py speed --reference DIR [--positions 24] [--levels easy normal hard]

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

``browser`` times a level's move (as the app searches: node budget and time limit) on positions
from seeded games (``normal`` against ``easy``, node budgets alone, every fourth ply from the 8th),
first in CPython here, then in Pyodide in headless Chromium (the vendored runtime, the bare page
``bench/bare.html``, the sources fetched from ``scripts/serve.py``), and prints both, with the ratio
of their nodes a second and of their median times. ``time CODES.json`` is the part that runs in
each: it prints one JSON line.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from camblam import Board, Color  # noqa: E402
from camblam.ai import LEVEL_NAMES, LEVELS, Search  # noqa: E402

try:
    from camblam_yardstick import PLAYERS  # bench/camblam_yardstick.py: players that are not levels
except ImportError:  # in Pyodide (the browser timing copies only this file)
    PLAYERS = {}
#: Every player a match may have: the levels and the bench's own players.
PLAYER_NAMES = (*LEVEL_NAMES, *PLAYERS)

RESULTS = os.path.join(HERE, "results")


def play_game(args: tuple) -> dict:
    """One game, as the JSON record ``play`` writes."""
    game, first, second, seed, nodes, max_plies = args
    first_is_white = game % 2 == 0
    board = Board()
    times: tuple[list[int], list[int]] = ([], [])  # milliseconds per move, first and second player
    cpu: tuple[list[int], list[int]] = ([], [])  # the same in CPU time (this process's)
    depths: tuple[list[int], list[int]] = ([], [])
    plies = 0
    game_seed = seed * 100_000 + game
    started = time.time()
    while board.outcome() is None and plies < max_plies:
        mover_is_first = (board.turn == Color.WHITE) == first_is_white
        level = first if mover_is_first else second
        clock, cpu_clock = time.perf_counter(), time.process_time()
        if level in PLAYERS:
            search = PLAYERS[level](game_seed * 1000 + plies)
            move = search.choose(board)
            search.depth_done = 0
        else:
            search = Search(board, level, game_seed * 1000 + plies, max_nodes=nodes.get(level))
            move = search.run()
        times[0 if mover_is_first else 1].append(round((time.perf_counter() - clock) * 1000))
        cpu[0 if mover_is_first else 1].append(round((time.process_time() - cpu_clock) * 1000))
        depths[0 if mover_is_first else 1].append(search.depth_done)
        board.push(move)
        plies += 1
    outcome = board.outcome()
    moves = [m.text() for m in board.move_stack]
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
        "ms_first": times[0], "ms_second": times[1], "cpu_first": cpu[0], "cpu_second": cpu[1],
        "depth_first": depths[0], "depth_second": depths[1], "moves": " ".join(moves),
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


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion; a draw counts half a success."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[int], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def play(args: argparse.Namespace) -> int:
    nodes = {}
    if args.no_clock:  # each level on its own node budget alone: what it plays on a free core
        nodes = {name: LEVELS[name].max_nodes for name in (args.first, args.second) if name in LEVELS}
    for item in args.nodes:
        level, _, n = item.partition("=")
        if level not in LEVEL_NAMES or level == "random" or not n.isdigit():
            print(f"bad --nodes {item!r}: expected LEVEL=N", file=sys.stderr)
            return 2
        nodes[level] = int(n)
    suffix = "-nodes" if args.no_clock else ""
    out = args.out or os.path.join(RESULTS, f"camblam-{args.first}-{args.second}{suffix}.jsonl")
    from concurrent.futures import ProcessPoolExecutor  # here: Pyodide runs this file without it

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
    matches: dict[tuple[str, str, str], list[dict]] = {}
    per_level: dict[str, list[int]] = {}
    per_level_cpu: dict[str, list[int]] = {}
    for r in records:
        mode = "nodes " + ",".join(f"{k}={v}" for k, v in sorted(r["nodes"].items())) if r.get("nodes") else "clock"
        matches.setdefault((r["first"], r["second"], mode), []).append(r)
        per_level.setdefault(r["first"], []).extend(r["ms_first"])
        per_level.setdefault(r["second"], []).extend(r["ms_second"])
        per_level_cpu.setdefault(r["first"], []).extend(r.get("cpu_first", []))
        per_level_cpu.setdefault(r["second"], []).extend(r.get("cpu_second", []))
    for (first, second, mode), games in sorted(matches.items()):
        wins = sum(r["score"] == 1.0 for r in games)
        draws = sum(r["score"] == 0.5 for r in games)
        losses = len(games) - wins - draws
        white = sum(r["first_white"] for r in games)
        ends: dict[str, int] = {}
        for r in games:
            ends[r["how"]] = ends.get(r["how"], 0) + 1
        score = 100.0 * (wins + draws / 2) / len(games)
        low, high = wilson(wins + draws / 2, len(games))
        plies = statistics.median(r["plies"] for r in games)
        loads = [r["load"] for r in games]
        print(f"{first} vs {second} ({mode}): {len(games)} games ({white} with {first} white), +{wins} ={draws} -{losses}, "
              f"score {score:.1f}% (95% Wilson interval {100 * low:.1f}-{100 * high:.1f}%); ended by " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
              + f"; median {plies:.0f} plies; load average {min(loads)}-{max(loads)}; "
              f"{min(r['started'] for r in games)} to {max(r['started'] for r in games)} UTC")
    for level, ms in sorted(per_level.items()):
        if ms:
            cpu = per_level_cpu[level]
            print(f"{level}: {len(ms)} moves, wall time median {statistics.median(ms):.0f} ms, "
                  f"90th percentile {percentile(ms, 0.9):.0f} ms, max {max(ms)} ms"
                  + (f"; CPU time ({len(cpu)} moves) median {statistics.median(cpu):.0f} ms, "
                     f"90th percentile {percentile(cpu, 0.9):.0f} ms, max {max(cpu)} ms" if cpu else ""))
    return 0


def sample_positions(count: int) -> list[str]:
    """Position texts from seeded games of ``normal`` against ``easy`` (deterministic)."""
    codes: list[str] = []
    game = 0
    while len(codes) < count:
        board = Board()
        plies = 0
        while board.outcome() is None and len(codes) < count and plies < 200:
            level = "normal" if (board.turn == Color.WHITE) == (game % 2 == 0) else "easy"
            board.push(Search(board, level, game * 1000 + plies, max_nodes=3_000).run())
            plies += 1
            if plies >= 8 and plies % 4 == 0 and board.outcome() is None:
                codes.append(board.code())
        game += 1
    return codes


def time_moves(codes: list[str], level: str) -> dict:
    """A level's move on each position, timed: ms, nodes and depth per position."""
    ms, nodes, depth = [], [], []
    cpu = time.process_time()
    for i, code in enumerate(codes):
        board = Board.from_code(code)
        clock = time.perf_counter()
        search = Search(board, level, i)
        search.run()
        ms.append(round((time.perf_counter() - clock) * 1000, 1))
        nodes.append(search.nodes)
        depth.append(search.depth_done)
    return {"level": level, "ms": ms, "nodes": nodes, "depth": depth,
            "cpu_ms": round((time.process_time() - cpu) * 1000),
            "implementation": sys.implementation.name, "platform": sys.platform}


BROWSER_TIME = r"""
async ({ files, codes, level }) => {
  const py = window.pyodide;
  for (const f of files) {
    const r = await fetch("../" + f);
    if (!r.ok) throw new Error(`fetch ${f}: ${r.status}`);
    const dest = "/home/pyodide/repo/" + f;
    py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    py.FS.writeFile(dest, await r.text());
  }
  py.FS.writeFile("/home/pyodide/codes.json", JSON.stringify(codes));
  let out = "";
  py.setStdout({ batched: (s) => { out += s + "\n"; } });
  py.setStderr({ batched: (s) => { out += s + "\n"; } });
  py.globals.set("bench_level", level);
  await py.runPythonAsync(`
import os, sys, runpy
os.chdir("/home/pyodide/repo")
sys.path.insert(0, "/home/pyodide/repo")
sys.argv = ["bench/camblam_ai.py", "time", "/home/pyodide/codes.json", "--level", bench_level]
try:
    runpy.run_path("bench/camblam_ai.py", run_name="__main__")
except SystemExit as exc:
    if exc.code:
        raise
`);
  return out;
}
"""


def summary(result: dict) -> str:
    ms = result["ms"]
    rate = sum(result["nodes"]) / (sum(ms) / 1000)
    cpu_rate = sum(result["nodes"]) / (result["cpu_ms"] / 1000)
    return (f"{len(ms)} positions, median {statistics.median(ms):.0f} ms, 90th percentile {percentile(ms, 0.9):.0f} ms, "
            f"max {max(ms):.0f} ms; {rate:.0f} nodes per second of wall time, {cpu_rate:.0f} per second of CPU "
            f"time; depths {min(result['depth'])}-{max(result['depth'])}")


def browser(args: argparse.Namespace) -> int:
    from page import Pages, browser_cpu_ms, chromium, serve  # bench/page.py: the page benches' tools

    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.1f}",
          flush=True)
    codes = sample_positions(args.positions)
    cpython = time_moves(codes, args.level)
    print(f"{args.level} in CPython {sys.version.split()[0]}: {summary(cpython)}", flush=True)
    root = os.path.join(HERE, "..")
    files = sorted(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                   for folder, _, names in os.walk(os.path.join(root, "camblam")) for name in names
                   if name.endswith(".py"))
    files.append("bench/camblam_ai.py")
    with serve() as base, chromium() as browser_:
        pages = Pages(browser_)
        with pages.page() as page:
            pages.load(page, base + "bench/bare.html")
            cpu = browser_cpu_ms()
            out = page.evaluate(BROWSER_TIME, {"files": files, "codes": codes, "level": args.level})
            cpu = browser_cpu_ms() - cpu  # Chromium's processes: Pyodide's own clock has no CPU time
    lines = [ln for ln in out.splitlines() if ln.startswith("{")]
    if not lines:
        print(f"the browser run printed no result:\n{out}", file=sys.stderr)
        return 1
    pyodide = json.loads(lines[-1])
    pyodide["cpu_ms"] = round(cpu)
    print(f"{args.level} in Pyodide (Chromium): {summary(pyodide)}")
    wall = (sum(cpython["nodes"]) / sum(cpython["ms"])) / (sum(pyodide["nodes"]) / sum(pyodide["ms"]))
    per_cpu = (sum(cpython["nodes"]) / cpython["cpu_ms"]) / (sum(pyodide["nodes"]) / pyodide["cpu_ms"])
    median = statistics.median(pyodide["ms"]) / statistics.median(cpython["ms"])
    print(f"Pyodide / CPython: {per_cpu:.2f}x the CPU time per node, {wall:.2f}x the wall time per node, "
          f"{median:.2f}x the median time per move; load average {os.getloadavg()[0]:.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"positions": codes, "cpython": cpython, "pyodide": pyodide,
                       "load": os.getloadavg()[0], "date": time.strftime("%Y-%m-%d %H:%M", time.gmtime())}, f)
    return 0


SPEED = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from camblam import Board
from camblam.ai import LEVELS, Search
codes, level = json.loads(sys.stdin.read()), sys.argv[2]
out = []
for i, code in enumerate(codes):
    board = Board.from_code(code)
    cpu = time.process_time()
    search = Search(board, level, i, max_nodes=LEVELS[level].max_nodes)
    search.run()
    out.append([round((time.process_time() - cpu) * 1000, 1), search.nodes, search.depth_done])
print(json.dumps(out))
"""


def speed(args: argparse.Namespace) -> int:
    """CPU time per move of each level here and in a reference tree (``--reference DIR``: a folder
    holding another ``camblam`` package, e.g. ``git archive 93ac35b camblam | tar -x -C DIR``), on the
    same positions, each level on its node budget alone (what it searches on a free core), the two
    trees taking turns level by level."""
    import subprocess

    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.1f}",
          flush=True)
    codes = sample_positions(args.positions)
    root = os.path.join(HERE, "..")
    for level in args.levels:
        medians = []
        for tree in (args.reference, root):
            done = subprocess.run([sys.executable, "-c", SPEED, os.path.abspath(tree), level], input=json.dumps(codes),
                                  capture_output=True, text=True, check=True)
            rows = json.loads(done.stdout)
            ms = [r[0] for r in rows]
            medians.append(statistics.median(ms))
            depths = sorted(r[2] for r in rows)
            print(f"{level} in {'the reference' if tree == args.reference else 'this tree'}: {len(ms)} moves, CPU "
                  f"median {statistics.median(ms):.0f} ms, mean {statistics.mean(ms):.0f} ms, max {max(ms):.0f} ms; "
                  f"nodes median {statistics.median(r[1] for r in rows):.0f}; depth median "
                  f"{statistics.median(depths):.0f} (min {depths[0]}, max {depths[-1]})", flush=True)
        print(f"{level}: this tree / the reference, median CPU time per move {medians[1] / medians[0]:.2f}x; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a match, appending to its result file")
    p.add_argument("first", choices=PLAYER_NAMES)
    p.add_argument("second", choices=PLAYER_NAMES)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--out", help="the result file (JSON lines)")
    p.add_argument("--nodes", action="append", default=[], help="LEVEL=N: that level on a node budget alone")
    p.add_argument("--no-clock", action="store_true",
                   help="each level on its node budget alone (no time limit; results in FIRST-SECOND-nodes.jsonl)")
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("report", help="summarise result files")
    r.add_argument("files", nargs="*")
    b = sub.add_parser("browser", help="time a level in CPython and in Pyodide (Chromium)")
    b.add_argument("--positions", type=int, default=24)
    b.add_argument("--level", choices=LEVEL_NAMES, default="hard")
    b.add_argument("--json", help="also write the figures to this file")
    v = sub.add_parser("speed", help="CPU time per move against a reference tree, level by level")
    v.add_argument("--reference", required=True, help="a folder holding the reference camblam package")
    v.add_argument("--positions", type=int, default=24)
    v.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    t = sub.add_parser("time", help="time a level on the positions of a JSON list (one JSON line out)")
    t.add_argument("codes")
    t.add_argument("--level", choices=LEVEL_NAMES, default="hard")
    args = parser.parse_args(argv)
    if args.command == "play":
        return play(args)
    if args.command == "browser":
        sys.path.insert(0, HERE)
        return browser(args)
    if args.command == "speed":
        return speed(args)
    if args.command == "time":
        with open(args.codes, encoding="utf-8") as f:
            print(json.dumps(time_moves(json.load(f), args.level)))
        return 0
    return report(args.files or sorted(glob.glob(os.path.join(RESULTS, "camblam-*.jsonl"))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
