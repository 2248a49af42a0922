"""Start-up of copies of the tree, interleaved (issue 14): which change wins, on a shared machine.

    .venv/bin/python bench/interleave.py ROUNDS NAME=DIR [NAME=DIR ...]

Each DIR is a copy of the tree, set up: copy the working tree without .git, .venv and
node_modules, link those two from the working tree, make the change, and run `bash scripts/setup`
there (it remakes the bundle's bytecode, the snapshot and the precache manifest as needed).
Each round, for every tree and for bench/bare.html (served by the first tree's server), in an
order that rotates from round to round: a fresh context (service workers allowed), a first visit
of the busy position by link, the page settled (bench/page.py WAIT_SETTLED), then one reload (the
warm start, as `bench/run.py --only startup` measures it). Printed per round, then medians:
cold and warm time to data-ready (ratios against the bare page), browser CPU time of the warm
start, the loader's marks of the warm start (djambiBoot.marks), and for every tree after the
first its round-by-round difference from the first (the paired median: the load of the machine
moves all pages of a round alike, so it says more than the difference of medians; on a 2-core
machine shared with tournaments one round's difference varies by ±150 ms, so a change of a few
tens of ms needs many rounds or several runs to show). Benchmarks are not tests.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import page as pg  # noqa: E402
from engine import busy_position  # noqa: E402

MARKS = ("loader evaluated", "snapshot inflated", "snapshot restored", "given to PyScript")


def serve(directory: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, str(Path(directory) / "scripts" / "serve.py"), "--port", "0",
                             "--quiet", "--directory", directory],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"http://[\d.]+:\d+/", proc.stdout.readline())
    if not match:
        proc.terminate()
        raise RuntimeError(f"{directory}: scripts/serve.py did not start")
    return proc, match.group(0)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or any("=" not in a for a in argv[1:]):
        print(__doc__)
        return 2
    rounds = int(argv[0])
    trees = dict(a.split("=", 1) for a in argv[1:])
    board, _ = busy_position()
    procs, bases = [], {}
    try:
        for name, directory in trees.items():
            proc, bases[name] = serve(directory)
            procs.append(proc)
        runs = [(name, base, True) for name, base in bases.items()]
        runs.append(("bare", next(iter(bases.values())) + "bench/bare.html", False))
        seen: dict[str, list[dict]] = {name: [] for name, _, _ in runs}
        with pg.chromium() as browser:
            pages = pg.Pages(browser)
            for i in range(rounds):
                for name, url, app in runs[i % len(runs):] + runs[:i % len(runs)]:
                    with pages.page(service_workers="allow") as page:
                        cold = pages.load(page, url + (f"#{board.code()}" if app else ""))
                        if app:
                            page.evaluate(pg.WAIT_SETTLED, 60_000)
                        else:
                            page.wait_for_timeout(2000)
                        warm = pages.load(page, url, reload=True)
                    row = {"round": i, "cold": cold["ready"], "warm": warm["ready"], "cpu": warm.get("cpu_ms"),
                           "load": warm["loadavg"], "marks": warm.get("boot_marks") or {}}
                    seen[name].append(row)
                    print(f"round {i + 1} {name}: cold {row['cold']:.0f} warm {row['warm']:.0f} cpu {row['cpu']} "
                          f"load {row['load']} marks {row['marks']}", flush=True)
    finally:
        for proc in procs:
            proc.terminate()

    med = statistics.median
    loads = [r["load"] for rows in seen.values() for r in rows if r["load"] is not None]
    print(f"\n{rounds} rounds, load {min(loads):.1f}–{max(loads):.1f} (1-minute average, during the warm starts)")
    bare_warm, bare_cold = med([r["warm"] for r in seen["bare"]]), med([r["cold"] for r in seen["bare"]])
    first = next(iter(trees))
    for name, rows in seen.items():
        warm, cold = med([r["warm"] for r in rows]), med([r["cold"] for r in rows])
        line = (f"{name:8} warm {warm:5.0f} ms ({warm / bare_warm:.2f}×)  cold {cold:5.0f} ms ({cold / bare_cold:.2f}×)"
                f"  warm cpu {med([r['cpu'] or 0 for r in rows]):.0f} ms")
        if name != "bare":
            line += "  marks " + " ".join(f"{m.split()[-1]} {med([r['marks'].get(m, 0) for r in rows]):.0f}"
                                          for m in MARKS)
        if name not in (first, "bare"):
            diffs = [r["warm"] - f["warm"] for r, f in zip(rows, seen[first])]
            line += f"\n{'':8} warm minus {first}, round by round: median {med(diffs):+.0f} ms, " \
                    f"{sum(d < 0 for d in diffs)} of {len(diffs)} rounds faster"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
