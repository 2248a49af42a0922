"""Djambi benchmarks: engine, computer players, page start-up and taps, in one run.

    .venv/bin/python bench/run.py [--quick] [--skip PARTS] [--only PARTS] [--loads N] [--taps N]
                                  [--json FILE]

Parts (all by default):
  engine   legal moves of a busy mid-game position and perft from the start, in CPython
           (bench/engine.py) and in Pyodide under Node (bench/pyodide.mjs, the npm `pyodide`)
  ai       time per move of each computer level on a fixed set of positions, CPython and Pyodide
  page     cold loads of the app in headless Chromium against bench/bare.html (only
           loadPyodide() from the same files): time to data-ready, time to the board visible
  startup  a returning player (issue 14): each round a first visit (empty cache, service worker
           allowed), then a reload, of the app and of the bare page, interleaved: cold and warm
           time to data-ready and to the saved game's pieces on the board, longest main-thread task
  taps     tap-to-highlight latency in Chromium (bench/page.py) against a no-op click
  browser  the engine and AI figures again inside Pyodide in Chromium (the bare page)
  profile  where the page's start-up goes: cold loads of pages that add one part at a time
           (bare Pyodide, PyScript, the app with a one-line main.py, the app, the app without its
           loading bar or service worker script, the app with its service worker allowed), and
           our Python imports timed inside the bare page (not run with --quick)

Every figure is printed with its reference, measured in the same run (Pyodide against CPython,
the app against the bare Pyodide page, a tap against a no-op click), and a Markdown table of
figures, ratios and goals (issues 2 and 7) ends the output, with the machine it ran on. Needs
./scripts/setup (the venv with Playwright, node_modules, static/vendor/, /usr/bin/chromium).
Only 127.0.0.1 is ever contacted. Benchmarks are not tests: nothing here runs in ./scripts/test.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

PARTS = ("engine", "ai", "browser", "page", "startup", "taps", "profile")
LEVELS = ("random", "easy", "normal", "hard", "peer")  # peer: the sparring partner (bench/peer.py)
# Goals from issues 2 and 7.
GOAL_MOVEGEN_MS = 5.0
GOAL_PERFT4_S = 10.0
GOAL_READY_RATIO = 1.25
# Goals from issue 14 (a returning player).
GOAL_COLD_RATIO = 1.0
GOAL_WARM_RATIO = 0.35
GOAL_WARM_PIECES_MS = 300.0
GOAL_BOARD_MS = 1000.0
GOAL_TAP_P95_MS = 50.0
GOAL_AI_MS = {"normal": 1000.0, "hard": 3000.0}
# Leaves per second of the existing engines we measured (issue 2).
REF_PHP = 220.0
REF_CSHARP = 17_000.0
# The board counts as visible once its squares, or anything else drawn in #board (a static
# placeholder), are in the DOM; the frame after that is the time reported.
BOARD_SELECTOR = "[data-square], #board > :not(defs)"


def log(*a) -> None:
    print(*a, flush=True)


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


# ---------------------------------------------------------------------------- machine
def machine() -> dict:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_gb": mem,
        "os": platform.platform(terse=True),
        "python": platform.python_version(),
        "node": node,
        "date": datetime.date.today().isoformat(),
    }


# ---------------------------------------------------------------------------- engine
def _last_json(text: str, key: str | None = None) -> dict:
    for line in reversed(text.splitlines()):
        if line.startswith("{"):
            data = json.loads(line)
            if key is None or key in data:
                return data
    raise RuntimeError(f"no JSON result in:\n{text[-2000:]}")


def engine_cpython(args: list[str]) -> dict:
    proc = subprocess.run([sys.executable, str(HERE / "engine.py"), *args],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError(f"bench/engine.py failed:\n{proc.stderr}")
    return _last_json(proc.stdout)


def engine_pyodide(args: list[str]) -> dict:
    proc = subprocess.run(["node", str(HERE / "pyodide.mjs"), *args], capture_output=True, text=True, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError(f"bench/pyodide.mjs failed (run ./scripts/setup?):\n{proc.stderr[-3000:]}")
    result = _last_json(proc.stdout, "python")
    result["pyodide"] = _last_json(proc.stdout, "pyodide")["pyodide"]
    return result


def engine_files() -> list[str]:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "djambi").glob("*.py"))
    return files + ["bench/__init__.py", "bench/engine.py", "bench/peer.py"]


def app_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "app").rglob("*.py") if "__pycache__" not in p.parts)


def tap_squares(position: str) -> list[str]:
    """The squares of the pieces that can move in ``position``, most moves first."""
    from djambi import Board, square_name

    board = Board.from_code(position)
    counts: dict[int, int] = {}
    for m in board.generate_legal_moves():
        if m.piece >= 0:
            counts[m.piece] = counts.get(m.piece, 0) + 1
    return [square_name(s) for s in sorted(counts, key=lambda s: (-counts[s], s))]


# ---------------------------------------------------------------------------- formatting
def fms(ms: float | None) -> str:
    if ms is None:
        return "—"
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 10:
        return f"{ms:.0f} ms"
    if ms >= 1:
        return f"{ms:.1f} ms"
    return f"{ms:.2f} ms"


def frate(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:.2f} M"
    if x >= 1e3:
        return f"{x / 1e3:.0f} k"
    return f"{x:.0f}"


def fratio(x: float | None) -> str:
    return "—" if x is None else (f"{x:.2f}×" if x < 10 else f"{x:.0f}×")


def met(ok: bool | None, margin: str = "") -> str:
    if ok is None:
        return "—"
    return "yes" if ok else f"**no**{(' (' + margin + ')') if margin else ''}"


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, ...]] = []

    def add(self, figure, value, reference="—", ratio="—", goal="—", ok="—") -> None:
        self.rows.append((figure, value, reference, ratio, goal, ok))
        log(f"  {figure}: {value}" + (f"  [ref {reference}, {ratio}]" if reference != "—" else "")
            + (f"  goal {goal}: {ok}" if goal != "—" else ""))

    def markdown(self) -> str:
        head = ("Figure", "Value", "Reference (same run)", "Ratio", "Goal", "Met?")
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in self.rows]
        return "\n".join(lines)


def over(value: float, goal: float) -> str:
    return f"{value / goal:.1f}× the goal" if value > goal else ""


# ---------------------------------------------------------------------------- parts
def run_engine(res: dict, table: Table, opts) -> None:
    log(f"\n== engine (load {loadavg()})")
    secs = "0.5" if opts.quick else "2"
    cp = engine_cpython(["--parts", "movegen,perft", "--perft", "3,4", "--seconds", secs])
    log(f"  CPython {cp['python']} done; Pyodide (Node)…")
    py = engine_pyodide(["--parts", "movegen,perft", "--perft", "3", "--seconds", secs])
    res["engine"] = {"cpython": cp, "pyodide_node": py}
    mg, pmg = cp["movegen"], py["movegen"]
    log(f"  busy position (seed {mg['seed']}, ply {mg['ply']}, {mg['live_pieces']} live pieces, "
        f"{mg['legal_moves']} legal moves):\n  {mg['position']}")
    table.add(f"Legal moves of the busy position ({mg['legal_moves']} moves), CPython",
              f"{fms(mg['gen_ms'])} ({frate(mg['moves_per_s'])} moves/s)",
              "goal", fratio(mg["gen_ms"] / GOAL_MOVEGEN_MS) + " of goal",
              f"< {GOAL_MOVEGEN_MS:.0f} ms", met(mg["gen_ms"] < GOAL_MOVEGEN_MS, over(mg["gen_ms"], GOAL_MOVEGEN_MS)))
    table.add("Legal moves of the busy position, Pyodide (Node)",
              f"{fms(pmg['gen_ms'])} ({frate(pmg['moves_per_s'])} moves/s)",
              f"CPython {fms(mg['gen_ms'])}", fratio(pmg["gen_ms"] / mg["gen_ms"]))
    table.add(f"Moves of one piece ({mg['piece_square']}, {mg['piece_moves']} moves), Pyodide (Node)",
              fms(pmg["piece_ms"]), f"CPython {fms(mg['piece_ms'])}", fratio(pmg["piece_ms"] / mg["piece_ms"]))
    p3, p4, pp3 = cp["perft"]["3"], cp["perft"]["4"], py["perft"]["3"]
    table.add(f"perft 3 from the start ({p3['leaves']:,} leaves), CPython",
              f"{fms(p3['seconds'] * 1000)} ({frate(p3['leaves_per_s'])} leaves/s)",
              f"C# engine {REF_CSHARP:,.0f} leaves/s", fratio(p3["leaves_per_s"] / REF_CSHARP))
    table.add(f"perft 4 from the start ({p4['leaves']:,} leaves), CPython",
              f"{fms(p4['seconds'] * 1000)} ({frate(p4['leaves_per_s'])} leaves/s)",
              f"C# {REF_CSHARP:,.0f}, PHP {REF_PHP:,.0f} leaves/s",
              fratio(p4["leaves_per_s"] / REF_CSHARP) + " C#",
              f"< {GOAL_PERFT4_S:.0f} s", met(p4["seconds"] < GOAL_PERFT4_S, over(p4["seconds"], GOAL_PERFT4_S)))
    table.add("perft 3 from the start, Pyodide (Node)",
              f"{fms(pp3['seconds'] * 1000)} ({frate(pp3['leaves_per_s'])} leaves/s)",
              f"CPython {frate(p3['leaves_per_s'])} leaves/s", fratio(p3["leaves_per_s"] / pp3["leaves_per_s"]))


def run_ai(res: dict, table: Table, opts) -> None:
    log(f"\n== ai (load {loadavg()})")
    args = ["--parts", "ai", "--levels", ",".join(LEVELS)]
    if opts.quick:
        args += ["--ai-positions", "3"]
    cp = engine_cpython(args)["ai"]
    log(f"  CPython done ({len(cp['positions'])} positions); Pyodide (Node)…")
    py = engine_pyodide(args)["ai"]
    res["ai"] = {"cpython": cp, "pyodide_node": py}
    log("  positions: " + "; ".join(cp["positions"]))
    # The goals are for the browser: they go on the Chromium rows when those are measured.
    browser = "browser" in res["parts"]
    for level in LEVELS:
        c, p = cp["levels"][level], py["levels"][level]
        goal = GOAL_AI_MS.get(level)
        table.add(f"AI `{level}` per move, CPython (mean / max)", f"{fms(c['mean_ms'])} / {fms(c['max_ms'])}")
        row_goal = None if browser else goal
        table.add(f"AI `{level}` per move, Pyodide Node (mean / max)", f"{fms(p['mean_ms'])} / {fms(p['max_ms'])}",
                  f"CPython {fms(c['mean_ms'])}", fratio(p["mean_ms"] / c["mean_ms"]) if c["mean_ms"] > 0.05 else "—",
                  f"< {fms(goal)} (browser)" if row_goal else "—",
                  met(p["max_ms"] < goal, over(p["max_ms"], goal)) if row_goal else "—")


def run_browser_engine(res: dict, table: Table, opts, pages, base) -> None:
    import page as pg

    log(f"\n== engine and AI inside Pyodide in Chromium (load {loadavg()})")
    args = ["--parts", "movegen,perft,ai", "--perft", "3", "--seconds", "0.5" if opts.quick else "2",
            "--levels", ",".join(LEVELS)]
    if opts.quick:
        args += ["--ai-positions", "3"]
    data = pg.engine_in_browser(pages, base, args, engine_files())
    res["browser"] = data
    cp = res.get("engine", {}).get("cpython")
    mg = data["movegen"]
    ref = cp["movegen"]["gen_ms"] if cp else None
    table.add("Legal moves of the busy position, Pyodide (Chromium)",
              f"{fms(mg['gen_ms'])} ({frate(mg['moves_per_s'])} moves/s)",
              f"CPython {fms(ref)}" if ref else "—", fratio(mg["gen_ms"] / ref) if ref else "—")
    table.add(f"Moves of one piece ({mg['piece_square']}), Pyodide (Chromium)", fms(mg["piece_ms"]))
    p3 = data["perft"]["3"]
    ref3 = cp["perft"]["3"]["leaves_per_s"] if cp else None
    table.add("perft 3 from the start, Pyodide (Chromium)",
              f"{fms(p3['seconds'] * 1000)} ({frate(p3['leaves_per_s'])} leaves/s)",
              f"CPython {frate(ref3)} leaves/s" if ref3 else "—",
              fratio(ref3 / p3["leaves_per_s"]) if ref3 else "—")
    cai = res.get("ai", {}).get("cpython")
    for level in LEVELS:
        b = data["ai"]["levels"][level]
        goal = GOAL_AI_MS.get(level)
        c = cai["levels"][level] if cai else None
        table.add(f"AI `{level}` per move, Pyodide Chromium (mean / max)", f"{fms(b['mean_ms'])} / {fms(b['max_ms'])}",
                  f"CPython {fms(c['mean_ms'])}" if c else "—",
                  fratio(b["mean_ms"] / c["mean_ms"]) if c and c["mean_ms"] > 0.05 else "—",
                  f"< {fms(goal)}" if goal else "—", met(b["max_ms"] < goal, over(b["max_ms"], goal)) if goal else "—")


def run_page(res: dict, table: Table, opts, pages, base) -> None:
    import page as pg

    log(f"\n== page start-up: {opts.loads} cold loads each, app and bare Pyodide page (load {loadavg()})")
    data = pg.load_times(pages, base, opts.loads, log=log)
    res["page"] = data
    ratio = data["app_ready_ms"] / data["bare_ready_ms"]
    table.add(f"Page to `data-ready`, cold (median of {opts.loads})", fms(data["app_ready_ms"]),
              f"bare Pyodide page {fms(data['bare_ready_ms'])}", fratio(ratio),
              f"≤ {GOAL_READY_RATIO}×", met(ratio <= GOAL_READY_RATIO, f"+{fms(data['app_ready_ms'] - GOAL_READY_RATIO * data['bare_ready_ms'])} over"))
    if data["app_cpu_ms"] and data["bare_cpu_ms"]:
        table.add("Browser CPU time to `data-ready` (all Chromium processes)", fms(data["app_cpu_ms"]),
                  f"bare Pyodide page {fms(data['bare_cpu_ms'])}", fratio(data["app_cpu_ms"] / data["bare_cpu_ms"]))
    board = data["board_frame_ms"] if data["board_frame_ms"] is not None else data["board_ms"]
    table.add("Board visible (first square drawn)", fms(board) if board is not None else "never",
              f"first paint {fms(data['fcp_ms'])}",
              fratio(board / data["fcp_ms"]) if board and data["fcp_ms"] else "—",
              f"< {fms(GOAL_BOARD_MS)}", met(board is not None and board < GOAL_BOARD_MS,
                                              over(board, GOAL_BOARD_MS) if board else "not drawn"))
    log("  start-up breakdown of the app (median ms since navigation start):")
    for k, v in data["breakdown"].items():
        log(f"    {fms(v):>9}  {k}")
    log("  bare page:")
    for k, v in data["bare_breakdown"].items():
        log(f"    {fms(v):>9}  {k}")


def run_startup(res: dict, table: Table, opts, pages, base) -> None:
    import page as pg
    from engine import busy_position

    rounds = opts.loads
    log(f"\n== start-up of a returning player: {rounds} rounds of first visit + reload, app and bare page"
        f" (load {loadavg()})")
    board, _ = busy_position()
    data = pg.start_times(pages, base, rounds, fragment=board.code(), log=log)
    res["startup"] = data
    app_c, app_w, bare_c, bare_w = data["app_cold"], data["app_warm"], data["bare_cold"], data["bare_warm"]
    loads = [x for k in ("app_cold", "app_warm", "bare_cold", "bare_warm") for x in data[k]["loadavg"] if x is not None]
    span = f"load {min(loads):.1f}–{max(loads):.1f}" if loads else ""
    r = app_c["ready"] / bare_c["ready"]
    table.add(f"Cold start to `data-ready` (first visit, median of {rounds}; {span})", fms(app_c["ready"]),
              f"bare Pyodide page {fms(bare_c['ready'])}", fratio(r), f"≤ {GOAL_COLD_RATIO}×",
              met(r <= GOAL_COLD_RATIO, f"+{fms(app_c['ready'] - GOAL_COLD_RATIO * bare_c['ready'])} over"))
    r = app_w["ready"] / bare_w["ready"]
    table.add(f"Warm start to `data-ready` (reload after one visit, median of {rounds})", fms(app_w["ready"]),
              f"bare page reload {fms(bare_w['ready'])}", fratio(r), f"≤ {GOAL_WARM_RATIO}×",
              met(r <= GOAL_WARM_RATIO, f"+{fms(app_w['ready'] - GOAL_WARM_RATIO * bare_w['ready'])} over"))
    pieces = app_w["pieces_frame"] if app_w["pieces_frame"] is not None else app_w["pieces"]
    table.add("Warm start: the saved game's pieces on screen (frame after they are drawn)",
              fms(pieces) if pieces is not None else "never", f"bare page reload {fms(bare_w['ready'])}",
              fratio(pieces / bare_w["ready"]) if pieces else "—", f"≤ {fms(GOAL_WARM_PIECES_MS)}",
              met(pieces is not None and pieces <= GOAL_WARM_PIECES_MS,
                  over(pieces, GOAL_WARM_PIECES_MS) if pieces else "not drawn"))
    pieces = app_c["pieces_frame"] if app_c["pieces_frame"] is not None else app_c["pieces"]
    table.add("Cold start: the pieces on screen", fms(pieces) if pieces is not None else "never",
              f"bare page {fms(bare_c['ready'])}", fratio(pieces / bare_c["ready"]) if pieces else "—")
    # The bare page's long tasks are not reported to its observer (its start runs inside a module
    # script's top-level await), so this figure has no reference: cold against warm.
    if app_c["longest_task"] is not None and app_w["longest_task"] is not None:
        table.add("Longest main-thread task before ready (app), warm / cold",
                  f"{fms(app_w['longest_task'])} / {fms(app_c['longest_task'])}", "—", "—")
    for kind in ("cold", "warm"):
        log(f"  {kind}: app ready {fms(data['app_' + kind]['ready'])} (all {[round(x) for x in data['app_' + kind]['all_ready']]}),"
            f" bare {fms(data['bare_' + kind]['ready'])} (all {[round(x) for x in data['bare_' + kind]['all_ready']]})")


def run_taps(res: dict, table: Table, opts, pages, base) -> None:
    import page as pg
    from engine import busy_position

    log(f"\n== taps: {opts.taps} taps on the busy position (load {loadavg()})")
    board, _ = busy_position()
    position = board.code()
    squares = tap_squares(position)
    data = pg.tap_latency(pages, base, position, squares, opts.taps, log=log)
    res["taps"] = data
    t, n = data["tap"], data["noop"]
    table.add(f"Tap to highlight in the DOM (busy position, {t['n']} taps), median / p95",
              f"{fms(t['dom']['median'])} / {fms(t['dom']['p95'])}",
              f"no-op click {fms(n['dom']['median'])} / {fms(n['dom']['p95'])}",
              fratio(t["dom"]["p95"] / n["dom"]["p95"]) if n["dom"]["p95"] > 0 else "—",
              f"p95 < {GOAL_TAP_P95_MS:.0f} ms", met(t["dom"]["p95"] < GOAL_TAP_P95_MS, over(t["dom"]["p95"], GOAL_TAP_P95_MS)))
    table.add("Tap to the next frame after the highlight, median / p95",
              f"{fms(t['frame']['median'])} / {fms(t['frame']['p95'])}",
              f"no-op click {fms(n['frame']['median'])} / {fms(n['frame']['p95'])}",
              fratio(t["frame"]["p95"] / n["frame"]["p95"]) if n["frame"]["p95"] > 0 else "—")
    table.add("Tap that clears the highlight, median / p95",
              f"{fms(data['clear']['dom']['median'])} / {fms(data['clear']['dom']['p95'])}")
    log(f"  first tap of the page (not counted): {fms(data['first_tap']['dom'])}; slowest: "
        + ", ".join(f"{s['square']} {fms(s['dom'])}" for s in data["slowest"]))


def run_profile(res: dict, opts, pages, base) -> None:
    import page as pg

    loads = opts.profile_loads
    log(f"\n== start-up profile: {loads} cold loads of each variant (load {loadavg()})")
    data = pg.startup_profile(pages, base, loads, engine_files() + app_files(), log=log)
    res["profile"] = data
    log(profile_text(data))


def profile_text(data: dict) -> str:
    lines = ["| Page (cold load, median) | To ready | Browser CPU | Pyodide `loadPyodide` inside PyScript |",
             "|---|---|---|---|"]
    for name, v in data["variants"].items():
        interp = (f"{fms(v['interpreter'])} (from {fms(v['interpreter_start'])})"
                  if v["interpreter"] is not None else "—")
        lines.append(f"| {name} | {fms(v['ready'])} | {fms(v['cpu'])} | {interp} |")
    lines.append("")
    lines.append("Our Python start-up, timed inside the bare page's Pyodide: "
                 + "; ".join(f"{k} {fms(v)}" for k, v in data["python_startup_ms"].items()) + ".")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench/run.py", description=__doc__.split("\n\n")[0],
        epilog="Parts: " + ", ".join(PARTS), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="shorter runs: 3 loads, 20 taps, 3 AI positions, shorter timings")
    parser.add_argument("--only", default="", help="comma-separated parts to run (default: all)")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip")
    parser.add_argument("--loads", type=int, default=None, help="cold loads of each page (default 5; quick 3)")
    parser.add_argument("--taps", type=int, default=None, help="taps (default 50; quick 20)")
    parser.add_argument("--profile-loads", type=int, default=3, help="cold loads of each profile variant (default 3)")
    parser.add_argument("--board-selector", default=BOARD_SELECTOR,
                        help=f"CSS selector of the board being visible (default {BOARD_SELECTOR!r})")
    parser.add_argument("--json", metavar="FILE", help="also write every raw figure to FILE")
    opts = parser.parse_args(argv)
    opts.loads = opts.loads or (3 if opts.quick else 5)
    opts.taps = opts.taps or (20 if opts.quick else 50)
    parts = [p for p in (opts.only.split(",") if opts.only else PARTS) if p]
    skip = {p for p in opts.skip.split(",") if p}
    for p in [*parts, *skip]:
        if p not in PARTS:
            parser.error(f"unknown part {p!r} (parts: {', '.join(PARTS)})")
    if opts.quick and not opts.only:
        skip.add("profile")
    parts = [p for p in PARTS if p in parts and p not in skip]

    started = time.perf_counter()
    res: dict = {"machine": machine(), "load_start": loadavg(), "parts": parts}
    m = res["machine"]
    log(f"Djambi benchmarks {m['date']}: {m['cpu']}, {m['cores']} cores; load {res['load_start']}")
    table = Table()

    if "engine" in parts:
        run_engine(res, table, opts)
    if "ai" in parts:
        run_ai(res, table, opts)
    if any(p in parts for p in ("page", "startup", "taps", "browser", "profile")):
        import page as pg

        with pg.serve() as base, pg.chromium() as browser:
            res["machine"]["chromium"] = browser.version
            pages = pg.Pages(browser, opts.board_selector)
            if "browser" in parts:
                run_browser_engine(res, table, opts, pages, base)
            if "page" in parts:
                run_page(res, table, opts, pages, base)
            if "startup" in parts:
                run_startup(res, table, opts, pages, base)
            if "taps" in parts:
                run_taps(res, table, opts, pages, base)
            if "profile" in parts:
                run_profile(res, opts, pages, base)
            res["external_requests"] = pages.external
            res["page_errors"] = pages.errors
        if pages.external:
            log(f"\nWARNING: requests to other hosts (blocked): {pages.external}")
        if pages.errors:
            log(f"\nWARNING: page errors: {pages.errors}")

    pyo = (res.get("engine", {}).get("pyodide_node") or res.get("ai", {}).get("pyodide_node") or {})
    if pyo.get("pyodide") and pyo.get("python"):
        res["machine"]["pyodide"] = f"{pyo['pyodide']['version']} (Python {pyo['python']})"
    res["load_end"] = loadavg()
    res["seconds"] = time.perf_counter() - started

    log(f"\n## Results ({m['date']})\n")
    log(table.markdown())
    log("")
    log(machine_line(res))
    if "profile" in res:
        log("\nStart-up profile:\n")
        log(profile_text(res["profile"]))
    if opts.json:
        Path(opts.json).write_text(json.dumps(res, indent=1))
        log(f"raw figures: {opts.json}")
    return 0


def machine_line(res: dict) -> str:
    m = res["machine"]
    parts = [f"Machine: {m['cpu']}, {m['cores']} cores"
             + (f" ({m['usable_cores']} usable)" if m.get("usable_cores") != m["cores"] else "")
             + (f", {m['memory_gb']} GB" if m.get("memory_gb") else ""),
             m["os"], f"CPython {m['python']}", f"Node {m['node']}"]
    if m.get("pyodide"):
        parts.append(f"Pyodide {m['pyodide']}")
    if m.get("chromium"):
        parts.append(f"Chromium {m['chromium']} (headless)")
    return ("; ".join(parts) + f". Load average {res['load_start']} at the start, {res['load_end']} at the end"
            + f"; the run took {res['seconds']:.0f} s.")


if __name__ == "__main__":
    sys.exit(main())
