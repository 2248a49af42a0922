"""Page benchmarks in headless Chromium (Playwright, /usr/bin/chromium): start-up and taps.

* ``load_times``: cold loads (a fresh browser context each, so an empty cache) of the app and of
  ``bench/bare.html`` (only ``loadPyodide()`` from the same vendored files), interleaved. An init
  script records, on the page's own clock (ms since navigation start), when ``body[data-ready]``
  becomes "1", when the first board square (``[data-square]``, or ``--board-selector``) is in the
  DOM, and the animation frame after each; plus first contentful paint, PyScript's events and the
  resource timings of the big files, for the start-up breakdown.
* ``tap_latency``: taps with real (CDP) mouse input on pieces of a position opened by link; from
  the tap's ``pointerup`` (the event that makes the click) to the first ``.opt`` highlight in the
  DOM (MutationObserver) and to the animation frame after it. The reference is the same
  measurement of a click on an inert heading (pointerup to the click handled, then a frame).
* ``engine_in_browser``: runs ``bench/engine.py`` inside the bare page's Pyodide (the files
  fetched from the server into Pyodide's file system).

Chromium never reaches another host: the host resolver maps every name but localhost to
nothing, and any request to another host is counted and reported.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from chromium import CHROMIUM, LOCAL_HOSTS  # noqa: E402  (shared with e2e/conftest.py)
from chromium import CHROMIUM_ARGS as _E2E_ARGS  # noqa: E402

# The flags of the e2e tests, plus a host resolver that knows only localhost.
CHROMIUM_ARGS = [*_E2E_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]
TIMEOUT_MS = 120_000

# Installed before any script of the page runs.
INIT_SCRIPT = r"""
(() => {
  const sel = %(selector)s;
  const m = window.__bench = { ready: null, readyFrame: null, board: null, boardFrame: null, events: {},
                               pieces: null, piecesFrame: null, longest: 0, longTasks: 0 };
  const frame = (key) => requestAnimationFrame(() => { m[key] = performance.now(); });
  const check = () => {
    const now = performance.now();
    if (m.board === null && document.querySelector(sel)) { m.board = now; frame("boardFrame"); }
    // A piece drawn: a square's <use class="pc"> pointing at a piece symbol (empty in the markup).
    if (m.pieces === null && document.querySelector('[data-square] use.pc[href^="#"]')) {
      m.pieces = now; frame("piecesFrame");
    }
    if (m.ready === null && document.body && document.body.dataset.ready === "1") {
      m.ready = now; frame("readyFrame");
    }
    if (m.board !== null && m.ready !== null && (m.pieces !== null || now > m.ready + 2000)) obs.disconnect();
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { subtree: true, childList: true, attributes: true,
                          attributeFilter: ["data-ready", "href"] });
  try {  // the longest task on the main thread before ready: how long the page could not move
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (m.ready === null) { m.longest = Math.max(m.longest, e.duration); m.longTasks += e.duration; }
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long-task timing */ }
  m.progress = [];
  addEventListener("py:progress", (e) => { m.progress.push([String(e.detail), performance.now()]); }, true);
  for (const name of ["py:ready", "py:done", "py:all-done", "DOMContentLoaded", "load"]) {
    addEventListener(name, () => { if (!(name in m.events)) m.events[name] = performance.now(); }, true);
    document.addEventListener(name, () => { if (!(name in m.events)) m.events[name] = performance.now(); }, true);
  }
})();
"""

# What one load reports, read once the page is ready (and its frame painted).
COLLECT_SCRIPT = r"""
async () => {
  const m = window.__bench;
  for (let i = 0; i < 100 && (m.readyFrame === null || (m.board !== null && m.boardFrame === null)
                                || (m.pieces !== null && m.piecesFrame === null)); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const nav = performance.getEntriesByType("navigation")[0] || {};
  const paint = {};
  for (const e of performance.getEntriesByType("paint")) paint[e.name] = e.startTime;
  const resources = performance.getEntriesByType("resource").map((e) => ({
    name: e.name, start: e.startTime, end: e.responseEnd, size: e.encodedBodySize || e.transferSize || 0,
  }));
  return { ...m, nav: { responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventEnd,
                        load: nav.loadEventEnd }, paint, resources };
}
"""

TAP_HELPER = r"""
(() => {
  window.__tap = {
    arm(kind) {
      const root = document.getElementById("board") || document.body;
      let up = null, down = null, clicked = null;
      const onDown = (e) => { if (e.isTrusted && down === null) down = e.timeStamp; };
      const onUp = (e) => { if (e.isTrusted && up === null) up = e.timeStamp; };
      const onClick = () => { if (clicked === null) clicked = performance.now(); };
      addEventListener("pointerdown", onDown, true);
      addEventListener("pointerup", onUp, true);
      addEventListener("click", onClick, false);   // bubble phase on window: after the app's handler
      const done = {
        opt: () => root.querySelector("[data-square].opt") !== null,
        clear: () => root.querySelector("[data-square].opt") === null && root.querySelector("[data-square].sel") === null,
        noop: () => clicked !== null,
      }[kind];
      window.__tapResult = new Promise((resolve) => {
        let obs = null, timer = null;
        const finish = (at) => {
          obs.disconnect(); clearTimeout(timer);
          removeEventListener("pointerdown", onDown, true);
          removeEventListener("pointerup", onUp, true);
          removeEventListener("click", onClick, false);
          requestAnimationFrame(() => {
            const frame = performance.now();
            resolve({ down, up, clicked, at, frame });
          });
        };
        const check = () => { if (up !== null && done()) finish(performance.now()); };
        obs = new MutationObserver(check);
        obs.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
        if (kind === "noop") addEventListener("click", check, { once: true });   // after onClick
        timer = setTimeout(() => { obs.disconnect(); resolve({ timeout: true, down, up, clicked }); }, 10000);
      });
      return true;
    },
  };
})();
"""

BROWSER_ENGINE = r"""
async ({ files, args }) => {
  const py = window.pyodide;
  for (const f of files) {
    const r = await fetch("../" + f);
    if (!r.ok) throw new Error(`fetch ${f}: ${r.status}`);
    const dest = "/home/pyodide/repo/" + f;
    py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    py.FS.writeFile(dest, await r.text());
  }
  let out = "";
  py.setStdout({ batched: (s) => { out += s + "\n"; } });
  py.setStderr({ batched: (s) => { out += s + "\n"; } });
  py.globals.set("bench_args", py.toPy(args));
  await py.runPythonAsync(`
import os, sys, runpy
os.chdir("/home/pyodide/repo")
sys.path.insert(0, "/home/pyodide/repo")
sys.argv = ["bench/engine.py", *bench_args]
try:
    runpy.run_path("bench/engine.py", run_name="__main__")
except SystemExit as exc:
    if exc.code:
        raise
`);
  return out;
}
"""


@contextmanager
def serve():
    """scripts/serve.py on a free port, in its own process (so it never competes for our GIL)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
    )  # stderr: a context closed mid-download makes the server print a harmless BrokenPipeError
    try:
        line = proc.stdout.readline()
        match = re.search(r"http://[\d.]+:\d+/", line)
        if not match:
            raise RuntimeError(f"scripts/serve.py did not start: {line!r}")
        yield match.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        raise RuntimeError(f"{CHROMIUM} not found: run ./scripts/setup (or set CHROMIUM)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            kids.setdefault(ppid, []).append(int(entry))
    return kids


def browser_cpu_ms() -> float | None:
    """CPU time (user + system, ms) used so far by the live Chromium processes we started (all
    descendants of this process named chromium*): less sensitive to other load than wall time."""
    if not os.path.isdir("/proc"):
        return None
    kids = _children()
    total, todo = 0, list(kids.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if stat[stat.index("(") + 1:stat.rindex(")")].startswith("chrom"):
            fields = stat[stat.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total * 1000 / os.sysconf("SC_CLK_TCK")


class Pages:
    """Fresh contexts (cold cache) that record requests to other hosts and page errors."""

    def __init__(self, browser, board_selector: str = "[data-square]") -> None:
        self.browser = browser
        self.selector = board_selector
        self.external: list[str] = []
        self.errors: list[str] = []

    @contextmanager
    def page(self, **options):
        options.setdefault("service_workers", "block")
        options.setdefault("viewport", {"width": 1280, "height": 800})
        context = self.browser.new_context(**options)
        try:
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.add_init_script(INIT_SCRIPT % {"selector": json.dumps(self.selector)})
            page.on("request", self._request)
            page.on("pageerror", lambda exc: self.errors.append(str(exc)))
            yield page
        finally:
            context.close()

    def _request(self, request) -> None:
        host = urlsplit(request.url).hostname
        if host is not None and host not in LOCAL_HOSTS and not request.url.startswith("data:"):
            self.external.append(request.url)

    def load(self, page, url: str, reload: bool = False) -> dict:
        cpu = browser_cpu_ms()
        started = time.perf_counter()
        if reload:
            page.reload(wait_until="commit")
        else:
            page.goto(url, wait_until="commit")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
        wall = (time.perf_counter() - started) * 1000
        cpu_after = browser_cpu_ms()
        data = page.evaluate(COLLECT_SCRIPT)
        data["wall_ms"] = wall
        data["cpu_ms"] = cpu_after - cpu if cpu is not None else None
        data["loadavg"] = _loadavg()
        boot = page.evaluate("() => window.djambiBoot ? { how: djambiBoot.how, marks: djambiBoot.marks } : null")
        data["boot"] = boot["how"] if boot else None
        data["boot_marks"] = boot["marks"] if boot else None
        return data


def _loadavg() -> float | None:
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except OSError:
        return None


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def _breakdown(app: list[dict]) -> dict:
    """Median milestones of the app's loads (ms since navigation start)."""
    def first_end(data, pattern):
        ends = [r["end"] for r in data["resources"] if re.search(pattern, r["name"])]
        return max(ends) if ends else None

    def py_files_end(data):
        ends = [r["end"] for r in data["resources"] if re.search(r"/(djambi|app)/[^/]+\.py$", r["name"])]
        return (min(ends), max(ends), len(ends)) if ends else (None, None, 0)

    rows = {
        "html received": [d["nav"]["responseEnd"] for d in app],
        "DOMContentLoaded": [d["events"].get("DOMContentLoaded") for d in app],
        "first contentful paint": [d["paint"].get("first-contentful-paint") for d in app],
        "pyscript core.js received": [first_end(d, r"/pyscript/core\.js$") for d in app],
        "pyodide.mjs received": [first_end(d, r"/pyodide\.mjs$") for d in app],
        "pyodide.asm.wasm received": [first_end(d, r"\.wasm$") for d in app],
        "python_stdlib.zip received": [first_end(d, r"python_stdlib\.zip$") for d in app],
        "first .py file received": [py_files_end(d)[0] for d in app],
        "last .py file received": [py_files_end(d)[1] for d in app],
        "py:ready (interpreter ready)": [d["events"].get("py:ready") for d in app],
        "board squares in DOM": [d["board"] for d in app],
        "data-ready": [d["ready"] for d in app],
    }
    return {k: _median(v) for k, v in rows.items()}


def load_times(pages: Pages, base: str, loads: int, log=print) -> dict:
    """``loads`` cold loads each of the app and the bare page, interleaved (ABBA order)."""
    app, bare = [], []
    for i in range(loads):
        order = [("app", base), ("bare", base + "bench/bare.html")]
        if i % 2:
            order.reverse()
        for name, url in order:
            with pages.page() as page:
                data = pages.load(page, url)
                if name == "bare":
                    data["bare"] = page.evaluate("window.benchBare")
                (app if name == "app" else bare).append(data)
                log(f"  load {i + 1}/{loads} {name}: ready {data['ready']:.0f} ms"
                    + (f", board {data['board']:.0f} ms" if name == "app" and data["board"] else ""))
    return {
        "app_ready_ms": _median(d["ready"] for d in app),
        "app_ready_frame_ms": _median(d["readyFrame"] for d in app),
        "app_ready_all": [d["ready"] for d in app],
        "bare_ready_ms": _median(d["ready"] for d in bare),
        "bare_ready_all": [d["ready"] for d in bare],
        "bare_loadpyodide_ms": _median(d["bare"]["loaded"] - d["bare"]["started"] for d in bare),
        "board_ms": _median(d["board"] for d in app),
        "board_frame_ms": _median(d["boardFrame"] for d in app),
        "board_all": [d["board"] for d in app],
        "fcp_ms": _median(d["paint"].get("first-contentful-paint") for d in app),
        "bare_fcp_ms": _median(d["paint"].get("first-contentful-paint") for d in bare),
        "app_cpu_ms": _median(d["cpu_ms"] for d in app),
        "bare_cpu_ms": _median(d["cpu_ms"] for d in bare),
        "loadavg": [d["loadavg"] for d in app + bare],
        "wall_app_ms": _median(d["wall_ms"] for d in app),
        "wall_bare_ms": _median(d["wall_ms"] for d in bare),
        "pyodide_version": bare[0]["bare"]["version"] if bare else None,
        "breakdown": _breakdown(app),
        "bare_breakdown": {
            "pyodide.asm.wasm received": _median(
                max((r["end"] for r in d["resources"] if r["name"].endswith(".wasm")), default=None) for d in bare),
            "python_stdlib.zip received": _median(
                max((r["end"] for r in d["resources"] if r["name"].endswith("python_stdlib.zip")), default=None)
                for d in bare),
            "loadPyodide() called": _median(d["bare"]["started"] for d in bare),
            "data-ready": _median(d["ready"] for d in bare),
        },
    }


WAIT_SETTLED = r"""
async (ms) => {
  // After a first visit: the service worker controls the page (it has precached the release),
  // and whatever the page does once ready (an older tree saved a start-up snapshot) is finished or given up.
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const controlled = "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;
    const boot = window.djambiBoot;
    const saved = !boot || !boot.saving || (await Promise.race([boot.saving.then(() => true),
                                                                new Promise((r) => setTimeout(() => r(false), 200))]));
    if (controlled && saved) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
"""


def start_times(pages: Pages, base: str, rounds: int, fragment: str = "", log=print) -> dict:
    """Cold and warm start of the app and of the bare page, interleaved (ABBA): each round opens a
    fresh context (empty cache, service workers allowed: a real first visit), waits until the page
    is ready and settled (service worker in control: the release precached, its start-up snapshot kept inflated), then
    reloads it: the warm start of a returning player. The app's first visit opens ``fragment``
    (a position link) so that the reload starts from a saved game with pieces on the board."""
    runs: dict[str, dict[str, list[dict]]] = {"app": {"cold": [], "warm": []}, "bare": {"cold": [], "warm": []}}
    for i in range(rounds):
        order = [("app", base), ("bare", base + "bench/bare.html")]
        if i % 2:
            order.reverse()
        for name, url in order:
            with pages.page(service_workers="allow") as page:
                cold = pages.load(page, url + (f"#{fragment}" if name == "app" and fragment else ""))
                if name == "app":
                    settled = page.evaluate(WAIT_SETTLED, 60_000)
                else:  # no service worker: give the HTTP cache (and V8's code cache) a moment
                    page.wait_for_timeout(2000)
                    settled = True
                warm = pages.load(page, url, reload=True)
                warm["settled"] = settled
                runs[name]["cold"].append(cold)
                runs[name]["warm"].append(warm)
                log(f"  round {i + 1}/{rounds} {name}: cold ready {cold['ready']:.0f} ms; warm ready {warm['ready']:.0f} ms"
                    + (f", pieces {warm['pieces']:.0f} ms" if warm.get("pieces") is not None else "")
                    + (f", boot {warm.get('boot')}" if warm.get("boot") else "")
                    + ("" if settled else " (not settled)"))
    out: dict = {"rounds": rounds, "runs": runs}
    for name in runs:
        for kind in ("cold", "warm"):
            ds = runs[name][kind]
            out[f"{name}_{kind}"] = {
                "ready": _median(d["ready"] for d in ds),
                "ready_frame": _median(d["readyFrame"] for d in ds),
                "pieces": _median(d.get("pieces") for d in ds),
                "pieces_frame": _median(d.get("piecesFrame") for d in ds),
                "longest_task": _median(d.get("longest") for d in ds),
                "cpu": _median(d["cpu_ms"] for d in ds),
                "all_ready": [d["ready"] for d in ds],
                "loadavg": [d["loadavg"] for d in ds],
            }
    return out


def _center(page, square: str) -> tuple[float, float]:
    box = page.locator(f'[data-square="{square}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _measure(page, kind: str, x: float, y: float) -> dict:
    page.evaluate(f"window.__tap.arm({json.dumps(kind)})")
    page.mouse.click(x, y)
    r = page.evaluate("window.__tapResult")
    if r.get("timeout"):
        raise RuntimeError(f"tap ({kind}) at {x:.0f},{y:.0f}: nothing happened within 10 s ({r})")
    return {"dom": r["at"] - r["up"], "frame": r["frame"] - r["up"], "from_down": r["at"] - r["down"]}


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def _summary(samples: list[dict]) -> dict:
    out = {"n": len(samples)}
    for key in ("dom", "frame", "from_down"):
        xs = [s[key] for s in samples]
        out[key] = {"median": statistics.median(xs), "p95": _pct(xs, 0.95), "max": max(xs)}
    return out


def tap_latency(pages: Pages, base: str, position: str, squares: list[str], taps: int, log=print) -> dict:
    """``taps`` taps on pieces (cycling through ``squares``) of ``position``, each followed by a
    tap on the same piece that clears the highlight; and as many no-op clicks."""
    with pages.page() as page:
        pages.load(page, f"{base}#{position}")
        page.evaluate(TAP_HELPER)
        noop_target = page.locator("#status")  # text, no handler of its own
        nb = noop_target.bounding_box()
        noop_xy = (nb["x"] + 4, nb["y"] + nb["height"] / 2)
        # Warm-up: the first tap of a page pays for lazy set-up; it is reported, not counted.
        x, y = _center(page, squares[0])
        first = _measure(page, "opt", x, y)
        _measure(page, "clear", x, y)
        opt, clear, noop = [], [], []
        for i in range(taps):
            sq = squares[i % len(squares)]
            x, y = _center(page, sq)
            opt.append(_measure(page, "opt", x, y) | {"square": sq})
            clear.append(_measure(page, "clear", x, y))
            noop.append(_measure(page, "noop", *noop_xy))
        highlighted = page.evaluate(
            "() => document.querySelectorAll('[data-square].opt').length")  # 0 after the last clear
    log(f"  {taps} taps on {len(squares)} pieces: median {statistics.median(s['dom'] for s in opt):.1f} ms")
    return {
        "first_tap": first,
        "tap": _summary(opt),
        "clear": _summary(clear),
        "noop": _summary(noop),
        "squares": squares,
        "left_highlighted": highlighted,
        "slowest": sorted(opt, key=lambda s: -s["dom"])[:3],
    }


def engine_in_browser(pages: Pages, base: str, args: list[str], files: list[str]) -> dict:
    """bench/engine.py inside the bare page's Pyodide (Chromium); its JSON result."""
    with pages.page() as page:
        pages.load(page, base + "bench/bare.html")
        out = page.evaluate(BROWSER_ENGINE, {"files": files, "args": args})
    lines = [ln for ln in out.splitlines() if ln.startswith("{")]
    if not lines:
        raise RuntimeError(f"bench/engine.py in Chromium printed no result:\n{out}")
    return json.loads(lines[-1])


# ---------------------------------------------------------------------------- start-up profile
STUB_MAIN = 'from pyscript import document\ndocument.body.dataset.ready = "1"\n'

IMPORTS_SCRIPT = r"""
async ({ files }) => {
  const py = window.pyodide;
  for (const f of files) {
    const r = await fetch("../" + f);
    const dest = "/home/pyodide/repo/" + f;
    py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    py.FS.writeFile(dest, await r.text());
  }
  return JSON.parse(py.runPython(`
import json, sys, time, glob
sys.path.insert(0, "/home/pyodide/repo")
tc = time.perf_counter()
for path in sorted(glob.glob("/home/pyodide/repo/*/*.py")):
    with open(path) as f:
        compile(f.read(), path, "exec")
ts = time.perf_counter()
import dataclasses, enum, typing, re, random, argparse, collections, math, asyncio
t0 = time.perf_counter()
import djambi
t1 = time.perf_counter()
import djambi.ai
t2 = time.perf_counter()
from app.present import render
from app.state import session
from app.present import taps
t3 = time.perf_counter()
game = session.new_game()
svg = render.board_svg()
views = render.square_views(game.board)
t4 = time.perf_counter()
json.dumps({"compiling the sources of djambi/ and app/": (ts - tc) * 1000,
            "stdlib modules they use (dataclasses, enum, typing, re, random, argparse, asyncio…)": (t0 - ts) * 1000,
            "import djambi": (t1 - t0) * 1000, "import djambi.ai": (t2 - t1) * 1000,
            "import app.present.render, app.state.session, app.present.taps": (t3 - t2) * 1000,
            "new game, board SVG and square views": (t4 - t3) * 1000})
`));
}
"""


def _variants(base: str, html: str) -> list[tuple[str, str, dict, dict]]:
    """(name, url, {url: replacement body}, context options) of the start-up variants."""
    no_loader = re.sub(r"<script>\s*// Loading progress.*?</script>", "", html, flags=re.S)
    no_pwa = re.sub(r'<script[^>]*src="\./static/pwa\.js"[^>]*></script>', "", html)
    # Every app variant's document is served by Playwright (route.fulfill), the unchanged one too,
    # so that the variants differ only in what they leave out.
    out = [
        ("bare Pyodide (bench/bare.html)", base + "bench/bare.html", {}, {}),
        ("PyScript, one-line script (bench/pyscript.html)", base + "bench/pyscript.html", {}, {}),
        ("app with app/main.py replaced by a one-liner", base, {base: html, base + "app/main.py": STUB_MAIN}, {}),
        ("app", base, {base: html}, {}),
    ]
    if no_loader != html:
        out.append(("app without the loading-bar script", base, {base: no_loader}, {}))
    if no_pwa != html:
        out.append(("app without static/pwa.js", base, {base: no_pwa}, {}))
    out.append(("app, service worker allowed (a real first visit)", base, {base: html},
                {"service_workers": "allow"}))
    return out


def startup_profile(pages: Pages, base: str, loads: int, files: list[str], log=print) -> dict:
    """Where the app's start-up goes: cold loads of pages that add one part at a time."""
    html = (ROOT / "index.html").read_text()
    variants = _variants(base, html)
    runs: dict[str, list[dict]] = {name: [] for name, *_ in variants}
    for i in range(loads):
        for name, url, replace, options in (variants if i % 2 == 0 else variants[::-1]):
            with pages.page(**options) as page:
                for target, body in replace.items():
                    ctype = "text/html; charset=utf-8" if target == base else "text/plain; charset=utf-8"
                    page.route(target, lambda route, request, b=body, c=ctype: route.fulfill(body=b, content_type=c))
                d = pages.load(page, url)
                prog = dict((k, t) for k, t in d.get("progress", []))
                runs[name].append({
                    "ready": d["ready"], "cpu": d["cpu_ms"], "loadavg": d["loadavg"],
                    "interpreter": (prog["Loaded interpreter"] - prog["Loading interpreter"])
                    if "Loaded interpreter" in prog and "Loading interpreter" in prog else None,
                    "interpreter_start": prog.get("Loading interpreter"),
                    "py_ready": d["events"].get("py:ready"),
                })
                log(f"  {i + 1}/{loads} {name}: ready {d['ready']:.0f} ms, browser CPU {d['cpu_ms']:.0f} ms")
    summary = {}
    for name, rs in runs.items():
        summary[name] = {k: _median(r[k] for r in rs) for k in ("ready", "cpu", "interpreter", "interpreter_start", "py_ready")}
    with pages.page() as page:
        pages.load(page, base + "bench/bare.html")
        imports = page.evaluate(IMPORTS_SCRIPT, {"files": [f for f in files if not f.startswith("bench/")]})
    return {"variants": summary, "runs": runs, "python_startup_ms": imports}
