"""The app with Python in a web worker (worker mode, the default on an isolated page) against
the app with Python on the page (``?python=page``) (issue 27: total blocking time).

    .venv/bin/python bench/worker.py [--rounds N] [--taps N] [--ffi-timeout MS] [--json FILE]

``scripts/serve.py`` makes the page cross-origin isolated, so ``index.html`` runs the app's
script in PyScript's worker and the views reach the page through ``app/views/remote.py`` (one
synchronous round trip per batch of page operations); ``index.html?python=page`` keeps Python
on the page's main thread. Measured alternately, in fresh contexts:

* **cold start**: navigation to ``body[data-ready="1"]``, and the longest task and the sum of long
  tasks on the page's main thread before it (what Lighthouse counts as blocking);
* **round trips**: the page's main thread counts the messages it receives from the worker (one per
  synchronous request); a one-off page runs, in the worker with the app's configuration, single
  DOM uses through PyScript's own proxies (what ``app/views/remote.py`` avoids), and reports round
  trips and time for each;
* **taps**: ``bench/page.py tap_latency`` (real clicks on pieces of the busy position, pointerup
  to the move highlight in the DOM) in both modes, and the round trips of one tap in worker mode.

``--ffi-timeout MS`` sets PyScript's page global ``reflected_ffi_timeout`` on the round-trip page.
Figures and what they decided: docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "scripts"))

import page as pg  # noqa: E402
from serve import ISOLATION  # noqa: E402

ROUND_TRIP_PAGE = "worker-round-trips.html"

# Counts, on the page's main thread, the messages the worker sends (Worker and MessagePort
# "message" events): one per synchronous request of the worker's Python.
COUNTER = """<script>
window.djambiMessages = 0;
(function () {
  var add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && typeof listener === "function"
        && (this instanceof Worker || this instanceof MessagePort)) {
      var inner = listener;
      listener = function () { window.djambiMessages++; return inner.apply(this, arguments); };
    }
    return add.call(this, type, listener, options);
  };
})();
</script>
"""

COUNTER_JS = COUNTER.removeprefix("<script>").removesuffix("</script>\n")

# Run in the worker (the app's pyscript.toml: the loader and the bundle): single DOM uses, each
# repeated, with the round trips and the time of one; the result in body[data-result].
ROUND_TRIPS = r"""
from pyscript import document, window
import json, time
from pyodide.ffi import create_proxy

def count():
    return int(window.djambiMessages)

def measure(name, action, reps=20):
    a = count(); b = count(); reading = b - a
    start = time.perf_counter(); a = count()
    for _ in range(reps):
        action()
    b = count()
    out.append([name, (b - a - reading) / reps, (time.perf_counter() - start) / reps * 1000])

out = []
status = document.querySelector("#status")
square = document.querySelector("[data-square]")
window.eval("window.djambiApply = function (text) { var ops = JSON.parse(text);"
            " for (var i = 0; i < ops.length; i++) document.querySelector(ops[i][0]).setAttribute(ops[i][1], ops[i][2]);"
            " return ops.length; }")
apply = window.djambiApply
batch = json.dumps([["[data-square]", "class", "sq %d" % i] for i in range(30)])
measure("document.querySelector(selector): a page object into Python", lambda: document.querySelector("#status"))
measure("element.dataset.square (read)", lambda: str(square.dataset.square))
measure("window.performance.now()", lambda: float(window.performance.now()))
measure("element.textContent = text (element held)", lambda: setattr(status, "textContent", "y"))
measure("element.setAttribute(name, value) (element held)", lambda: square.setAttribute("class", "sq"))
measure("element.addEventListener(type, proxy) (element held)",
        lambda: square.addEventListener("click", create_proxy(lambda e: None)), reps=5)
measure("one JS call with 30 attribute changes as JSON text", lambda: int(apply(batch)))
document.body.dataset.result = json.dumps(out)
document.body.dataset.ready = "1"
"""


def timeout_script(ms: int | None) -> str:
    return "" if ms is None else f"<script>globalThis.reflected_ffi_timeout = {int(ms)};</script>\n"


def round_trip_page(ffi_timeout: int | None = None) -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>round trips</title>"
            '<link rel="icon" href="data:,">' + timeout_script(ffi_timeout) + COUNTER + '<script type="module" src="./static/vendor/pyscript/core.js"></script>'
            '</head><body data-ready="0"><p id="status">x</p><svg><g data-square="A1"><use href="#k-C"/></g></svg>'
            '<script type="py" worker config="./pyscript.toml">' + ROUND_TRIPS + "</script></body></html>")


class RoutedPages(pg.Pages):
    """``bench/page.py``'s fresh contexts, with pages of ours served in place of some URLs."""

    def __init__(self, browser, pages: dict[str, str]) -> None:
        super().__init__(browser)
        self.pages = pages

    @contextmanager
    def page(self, **options):
        with super().page(**options) as page:
            for url, body in self.pages.items():
                page.route(url, lambda route, *_, body=body: route.fulfill(
                    status=200, body=body, headers={"Content-Type": "text/html; charset=utf-8", **ISOLATION}))
            yield page


def settle(page, key: str = "djambiMessages", quiet_ms: int = 400, limit_s: float = 30) -> int:
    """The page's message count once no message has come for ``quiet_ms``."""
    last, since, end = -1, time.perf_counter(), time.perf_counter() + limit_s
    while time.perf_counter() < end:
        now = page.evaluate(f"window.{key}")
        if now != last:
            last, since = now, time.perf_counter()
        elif (time.perf_counter() - since) * 1000 >= quiet_ms:
            return now
        page.wait_for_timeout(50)
    return last


def tap_round_trips(pages, url: str, position: str, squares: list[str]) -> list[int]:
    """Round trips of a tap that highlights a piece's moves, for a few pieces."""
    counts = []
    with pages.page() as page:
        page.add_init_script(COUNTER_JS)
        pages.load(page, f"{url}#{position}")
        settle(page)
        for square in squares[:4]:
            box = page.locator(f'[data-square="{square}"]').bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            before = page.evaluate("window.djambiMessages")
            page.mouse.click(x, y)
            page.wait_for_selector("[data-square].opt", state="attached")
            counts.append(settle(page) - before)
            page.mouse.click(x, y)  # clears the highlight
            page.wait_for_function("!document.querySelector('[data-square].opt')")
            settle(page)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="cold starts of each page (default 3)")
    parser.add_argument("--taps", type=int, default=20, help="taps on each page (default 20)")
    parser.add_argument("--ffi-timeout", type=int, metavar="MS", help="PyScript's reflected_ffi_timeout on the round-trip page")
    parser.add_argument("--json", metavar="FILE", help="also write the raw figures to FILE")
    opts = parser.parse_args(argv)

    from engine import busy_position
    from run import tap_squares

    board, _ = busy_position()
    position = board.code()
    squares = tap_squares(position)
    res: dict = {"load": [], "cold": {"app": [], "worker": []}}
    load = lambda: res["load"].append(os.getloadavg()[0])  # noqa: E731
    with pg.serve() as base, pg.chromium() as browser:
        pages = RoutedPages(browser, {base + ROUND_TRIP_PAGE: round_trip_page(opts.ffi_timeout)})
        app, worker = base + "index.html?python=page", base + "index.html"
        for i in range(opts.rounds):
            for name, url in (("app", app), ("worker", worker)):
                with pages.page() as page:
                    page.add_init_script(COUNTER_JS)
                    data = pages.load(page, url)
                    if page.evaluate("Boolean(window.djambiWorkerMode)") != (name == "worker"):
                        raise SystemExit(f"{url}: not in the expected mode (is the page cross-origin isolated?)")
                load()
                res["cold"][name].append({k: data[k] for k in ("ready", "longest", "longTasks")})
                print(f"cold start {i + 1}, {name}: ready {data['ready']:.0f} ms, longest main-thread task "
                      f"{data['longest']:.0f} ms (load {res['load'][-1]:.1f})", flush=True)
        with pages.page() as page:
            pages.load(page, base + ROUND_TRIP_PAGE)
            res["round_trips"] = json.loads(page.evaluate("document.body.dataset.result"))
        load()
        res["tap_round_trips"] = tap_round_trips(pages, worker, position, squares)
        for name, url in (("app", app), ("worker", worker)):
            data = pg.tap_latency(pages, url, position, squares, opts.taps, log=print)
            res[f"taps_{name}"] = {"tap": data["tap"]["dom"], "clear": data["clear"]["dom"], "noop": data["noop"]["dom"]}
            load()
        res["errors"] = pages.errors

    med = lambda rows, key: statistics.median(r[key] for r in rows)  # noqa: E731
    print(f"\n## Worker mode against Python on the page (load {min(res['load']):.1f}–{max(res['load']):.1f})\n")
    print("| figure | Python on the page | worker mode |\n|---|---:|---:|")
    for key, label in (("ready", "cold start to data-ready"), ("longest", "longest main-thread task before it"),
                       ("longTasks", "sum of main-thread long tasks before it")):
        print(f"| {label} (median of {opts.rounds}) | {med(res['cold']['app'], key):.0f} ms | "
              f"{med(res['cold']['worker'], key):.0f} ms |")
    for key, label in (("tap", "tap to move highlight"), ("clear", "tap that clears it")):
        a, w = res["taps_app"][key], res["taps_worker"][key]
        print(f"| {label}, median / p95 ({opts.taps} taps) | {a['median']:.1f} / {a['p95']:.1f} ms | "
              f"{w['median']:.1f} / {w['p95']:.1f} ms |")
    print(f"| round trips to the main thread, one tap | — | {', '.join(map(str, res['tap_round_trips']))} |")
    print("\n| one use of the page through PyScript's proxies, in a worker | round trips | ms |\n|---|---:|---:|")
    for name, trips, ms in res["round_trips"]:
        print(f"| {name} | {trips:.0f} | {ms:.2f} |")
    if res["errors"]:
        print(f"\npage errors: {res['errors']}")
    if opts.json:
        Path(opts.json).write_text(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
