"""A first visit on a phone (issue 27): bytes before playable, throttled time, warm reload.

    .venv/bin/python bench/firstvisit.py [--site DIR] [--throttled N] [--rounds N] [--timeline] [--json FILE]
    .venv/bin/python bench/firstvisit.py --against OTHER_DIR [--site DIR] [--throttled N]

Served by the README's first command's server (``DIR/scripts/serve.py`` serving ``DIR``, the
repository by default, on a free port), in headless Chromium (/usr/bin/chromium) at 390×844:

(a) bytes before playable: a first visit (fresh context, empty cache); the browser's own network
    events (CDP ``Network.loadingFinished``: ``encodedDataLength``, the bytes as sent, compressed,
    headers included) of every request that finished before ``body[data-ready="1"]``, summed, with
    the largest files and the encoding each came with; in worker mode (a first visit on an isolated
    page) the app's worker's requests too, which the page's CDP session does not see, as the loader
    there reports them (Resource Timing ``transferSize``; "(worker)" in the list);
(b) time to playable under the mobile throttle: CDP ``Network.emulateNetworkConditions`` at
    1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, and ``Emulation.setCPUThrottlingRate`` 4×
    (the figures of Lighthouse's mobile profile, applied to the browser rather than simulated;
    Chromium applies the CPU throttle to the page and slows the app's worker about 2×, not 4×:
    docs/performance.md);
    navigation start to ``body[data-ready="1"]``, ``N`` first visits (default 1);
(c) the warm reload against ``bench/bare.html`` (the same Pyodide, no app, a warm HTTP cache):
    ``bench/page.py start_times``, alternately, ``N`` rounds (default 4), medians and the ratio.

``--timeline`` prints, for the first throttled visit, what is network and what is CPU: each
response's start, first byte and end (Resource Timing), the main thread's long tasks (over 50 ms),
the loader's stages (``window.djambiBoot.marks``), and how much of the main thread was busy after
the last byte arrived.

``--site`` measures another tree (a checkout of an older commit, set up) with its own
serve.py; ``--against OTHER_DIR`` makes only throttled first visits, ``N`` of each tree,
alternately, and prints both medians and the paired differences. Benchmarks are not tests: nothing here runs in ./scripts/test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import page as pg  # noqa: E402
from engine import busy_position  # noqa: E402
from interleave import serve  # noqa: E402

PHONE = {"width": 390, "height": 844}
# Lighthouse's mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x slower.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
GOAL_BYTES = 6e6
GOAL_THROTTLED_S = 35.0
GOAL_WARM_RATIO = 0.35
pg.TIMEOUT_MS = 600_000  # a throttled first visit of an older tree takes minutes


# The main thread's long tasks from the start (bench/page.py keeps only their sum and the longest).
LONG_TASKS = r"""
(() => { const tasks = window.__longTasks = [];
  try { new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); })
    .observe({ type: "longtask", buffered: true }); } catch (e) { /* no long-task timing */ }
})();
"""
RESOURCES = """performance.getEntriesByType("resource").map((e) => ({
  name: e.name, start: e.startTime, first: e.responseStart, end: e.responseEnd, size: e.encodedBodySize }))"""


def first_visit(pages: pg.Pages, base: str, throttle: bool) -> dict:
    """One first visit; the requests finished before the page was playable, and its time."""
    with pages.page(service_workers="allow", viewport=PHONE) as page:
        page.add_init_script(LONG_TASKS)
        cdp = page.context.new_cdp_session(page)
        requests: dict[str, dict] = {}
        clock: list[tuple[float, float]] = []  # (monotonic, wall) pairs, to place CDP times on the page's clock

        def sent(e):
            requests[e["requestId"]] = {"url": e["request"]["url"]}
            clock.append((e["timestamp"], e["wallTime"]))

        def response(e):
            r = requests.setdefault(e["requestId"], {"url": e["response"]["url"]})
            headers = {k.lower(): v for k, v in e["response"].get("headers", {}).items()}
            r["encoding"] = headers.get("content-encoding", "identity")
            r["status"] = e["response"]["status"]

        def finished(e):
            requests.setdefault(e["requestId"], {"url": "?"}).update(bytes=e["encodedDataLength"], end=e["timestamp"])

        cdp.on("Network.requestWillBeSent", sent)
        cdp.on("Network.responseReceived", response)
        cdp.on("Network.loadingFinished", finished)
        cdp.send("Network.enable")
        if throttle:
            cdp.send("Network.emulateNetworkConditions", NETWORK)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        data = pages.load(page, base)
        origin = page.evaluate("performance.timeOrigin")  # ms since the epoch
        ready_wall = (origin + data["ready"]) / 1000
        page.wait_for_timeout(500)  # the events of the last requests reach us
        mono, wall = clock[0]
        before = [r for r in requests.values() if "end" in r and wall + (r["end"] - mono) <= ready_wall]
        late = [r for r in requests.values() if "end" in r and r not in before]
        # Worker mode: the app's worker's own requests, which this page's CDP session does not see;
        # the loader there reports each (Resource Timing: transferSize, as sent, headers included).
        for url, size, end in page.evaluate("() => window.djambiWorkerFetched || []"):
            if size and end <= data["ready"]:
                before.append({"url": url, "bytes": size, "encoding": "(worker)", "status": 200})
        timeline = {"resources": page.evaluate(RESOURCES), "tasks": page.evaluate("window.__longTasks"),
                    "marks": data["boot_marks"]}
        return {"timeline": timeline,"ready_ms": data["ready"], "board_ms": data["board"], "fcp_ms": data["paint"].get("first-contentful-paint"),
                "bytes": sum(r["bytes"] for r in before), "requests": len(before),
                "files": sorted(before, key=lambda r: -r["bytes"]), "after_ready": len(late),
                "loadavg": data["loadavg"]}


def short(url: str, base: str) -> str:
    return (url[len(base):] or "/") if url.startswith(base) else url


def print_timeline(visit: dict, base: str) -> None:
    """What was network and what was CPU in one visit (seconds from navigation)."""
    line = visit["timeline"]
    ready = visit["ready_ms"]
    print("    start  1st byte    end     KB  response")
    for r in sorted(line["resources"], key=lambda r: r["start"]):
        if r["start"] <= ready:
            print(f"  {r['start'] / 1000:7.2f}  {r['first'] / 1000:7.2f}  {r['end'] / 1000:7.2f}  {r['size'] / 1000:6.0f}"
                  f"  {short(r['name'], base)}")
    # the network's part: the responses asked for before Python started (after it: the page's script)
    started = (line["marks"] or {}).get("runtime started", ready)
    last = max((r["end"] for r in line["resources"] if r["start"] <= started), default=0)
    for name, at in sorted((line["marks"] or {}).items(), key=lambda kv: kv[1]):
        print(f"  {at / 1000:7.2f}  loader: {name}")
    tasks = [(s, d) for s, d in line["tasks"] if s <= ready]
    busy = sum(d for _, d in tasks)
    after = sum(min(d, s + d - last) for s, d in tasks if s + d > last)
    print(f"  long tasks before playable: {len(tasks)}, {busy / 1000:.1f} s; the longest "
          f"{max((d for _, d in tasks), default=0) / 1000:.1f} s at "
          f"{max(tasks, key=lambda t: t[1], default=(0, 0))[0] / 1000:.1f} s")
    print(f"  last byte of the start's files at {last / 1000:.1f} s; playable at {ready / 1000:.1f} s: "
          f"{(ready - last) / 1000:.1f} s after it, {after / 1000:.1f} s of it in long tasks")


def against(site: str, other: str, visits: int) -> int:
    """Throttled first visits of two trees alternately (ABBA), each with its own server: on a shared
    machine the load changes from minute to minute, and only visits made side by side compare."""
    procs, bases = [], []
    try:
        for tree in (site, other):
            proc, base = serve(tree)
            procs.append(proc)
            bases.append(base)
        times: dict[str, list[float]] = {site: [], other: []}
        with pg.chromium() as browser:
            pages = pg.Pages(browser)
            for i in range(visits):
                order = [(site, bases[0]), (other, bases[1])]
                for tree, base in (order if i % 2 == 0 else order[::-1]):
                    t = first_visit(pages, base, throttle=True)
                    times[tree].append(t["ready_ms"] / 1000)
                    print(f"  {i + 1}/{visits} {tree}: playable at {t['ready_ms'] / 1000:.1f} s, "
                          f"{t['bytes'] / 1e6:.2f} MB; load {t['loadavg']}", flush=True)
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)
    print(f"\n| tree | time to playable, mobile throttle (median of {visits}) | each |\n|---|---|---|")
    for tree, values in times.items():
        print(f"| {tree} | {statistics.median(values):.1f} s | {', '.join(f'{v:.1f}' for v in values)} |")
    diffs = [a - b for a, b in zip(times[site], times[other])]
    print(f"\npaired differences ({site} − {other}): {', '.join(f'{d:+.1f}' for d in diffs)} s; "
          f"median {statistics.median(diffs):+.1f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT), help="the tree to serve, with its scripts/serve.py")
    parser.add_argument("--throttled", type=int, default=1, help="throttled first visits (0: none)")
    parser.add_argument("--rounds", type=int, default=4, help="warm-reload rounds, app and bare page alternately")
    parser.add_argument("--timeline", action="store_true", help="network and CPU of the first throttled visit")
    parser.add_argument("--against", metavar="DIR",
                        help="another set-up tree: only throttled first visits, this one's and --site's alternately")
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args(argv)
    if args.against:
        return against(args.site, args.against, args.throttled)

    started = time.time()
    out: dict = {"site": args.site, "machine": f"{platform.node()} {platform.machine()}, "
                 f"{len(os.sched_getaffinity(0))} CPUs", "load_start": pg._loadavg()}
    proc, base = serve(args.site)
    try:
        with pg.chromium() as browser:
            pages = pg.Pages(browser)
            print(f"serving {args.site} at {base}; load {out['load_start']}", flush=True)
            visit = first_visit(pages, base, throttle=False)
            out["first_visit"] = visit
            print(f"\n(a) first visit, unthrottled: {visit['bytes'] / 1e6:.2f} MB in {visit['requests']} requests "
                  f"before playable ({visit['ready_ms']:.0f} ms); largest:", flush=True)
            for r in visit["files"][:8]:
                print(f"    {r['bytes'] / 1e6:7.3f} MB  {r.get('encoding', '?'):8} {short(r['url'], base)}")
            throttled = []
            for i in range(args.throttled):
                t = first_visit(pages, base, throttle=True)
                throttled.append(t)
                print(f"\n(b) first visit {i + 1}/{args.throttled}, throttled (1.6 Mbit/s, 150 ms, CPU 4x): "
                      f"playable at {t['ready_ms'] / 1000:.1f} s (board {t['board_ms'] / 1000:.1f} s, "
                      f"first paint {(t['fcp_ms'] or 0) / 1000:.1f} s), {t['bytes'] / 1e6:.2f} MB; load {t['loadavg']}",
                      flush=True)
                if args.timeline and i == 0:
                    print_timeline(t, base)
            out["throttled"] = throttled
            if args.rounds:
                print(f"\n(c) warm reload, app and bare page alternately, {args.rounds} rounds:", flush=True)
                board, _ = busy_position()
                warm = pg.start_times(pages, base, args.rounds, fragment=board.code(), log=print)
                out["warm"] = {k: v for k, v in warm.items() if k != "runs"}
        if pages.external:
            print(f"requests to other hosts: {pages.external}")
    finally:
        proc.terminate()
        proc.wait(10)

    out["load_end"] = pg._loadavg()
    print(f"\n### First visit ({out['machine']}, load {out['load_start']} → {out['load_end']}, "
          f"{(time.time() - started) / 60:.1f} min)\n")
    print("| figure | value | goal |\n|---|---|---|")
    print(f"| bytes before playable (as sent) | {visit['bytes'] / 1e6:.2f} MB ({visit['requests']} requests) "
          f"| ≤ {GOAL_BYTES / 1e6:.0f} MB |")
    if throttled:
        med = statistics.median(t["ready_ms"] for t in throttled) / 1000
        print(f"| time to playable, mobile throttle | {med:.1f} s ({len(throttled)} runs) | ≤ {GOAL_THROTTLED_S:.0f} s |")
    if args.rounds:
        app, bare = out["warm"]["app_warm"]["ready"], out["warm"]["bare_warm"]["ready"]
        cold_app, cold_bare = out["warm"]["app_cold"]["ready"], out["warm"]["bare_cold"]["ready"]
        print(f"| warm reload: app / bare page | {app:.0f} / {bare:.0f} ms = {app / bare:.2f}× | ≤ {GOAL_WARM_RATIO}× |")
        print(f"| cold start (unthrottled): app / bare page | {cold_app:.0f} / {cold_bare:.0f} ms = "
              f"{cold_app / cold_bare:.2f}× | ≤ 1.0× |")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
