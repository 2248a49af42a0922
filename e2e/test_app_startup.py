"""Start-up: the board shows, empty and inert, before Python runs; then Python takes it over."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

from playwright.sync_api import Page, expect


class Held:
    """Holds back every request for ``pattern`` until ``release()`` (which waits until one was made)."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.page, self.pattern, self.held, self.released = page, pattern, [], False
        page.route(pattern, self._hold)

    def _hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        for _ in range(600):
            if self.held:
                break
            self.page.wait_for_timeout(100)
        assert self.held, f"{self.pattern} was never requested"
        self.released = True
        for route in self.held:
            route.continue_()


def test_board_is_visible_and_inert_before_python_is_ready(new_page, base_url, wait_ready,
                                                            external_requests, screenshot_dir):
    """A link to a game code (its moves are replayed by the engine): the board is shown empty, and
    refuses taps, saying so, until Python draws the game."""
    page = new_page(viewport={"width": 1024, "height": 768})
    # Hold the browser module back: the page stays "before Python" as long as we like (PyScript
    # fetches app/main.py twice, [files] then the script: both wait).
    main_py = Held(page, "**/app/main.py")
    page.goto(base_url + "#G2~start~2.K", wait_until="domcontentloaded")
    e5 = page.locator('#board [data-square="E5"]')
    expect(e5).to_be_visible()
    assert page.locator("#board [data-square]").count() == 81
    assert page.get_attribute("body", "data-ready") == "0"
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 600 and board["height"] >= 600
    # The loading state is shown beside the board, not over it.
    loader = page.locator("#loader")
    expect(loader).to_be_visible()
    lb = loader.bounding_box()
    assert lb["x"] >= board["x"] + board["width"] or lb["y"] >= board["y"] + board["height"]
    # Nothing on the board takes a tap yet: a tap lands on the wrapper, not on a square.
    a7 = page.locator('#board [data-square="A7"]').bounding_box()
    hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('[data-square]')",
                        [a7["x"] + a7["width"] / 2, a7["y"] + a7["height"] / 2])
    assert hit is False
    page.mouse.click(a7["x"] + a7["width"] / 2, a7["y"] + a7["height"] / 2)
    expect(page.locator("#loader-text")).to_have_text("Still starting: the board takes taps once the game is ready.")
    assert page.get_attribute("#board", "data-painted") is None
    page.evaluate("() => { document.querySelector('[data-square=\"E5\"]').__static = true; }")
    page.screenshot(path=str(screenshot_dir / "app-before-python-1024x768.png"))
    for width, height in ((768, 1024), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        board = page.locator("#board-wrap").bounding_box()
        lb = loader.bounding_box()
        assert lb["x"] >= board["x"] + board["width"] - 1 or lb["y"] >= board["y"] + board["height"] - 1
        assert lb["y"] < height  # in sight
        page.screenshot(path=str(screenshot_dir / f"app-before-python-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    main_py.release()
    wait_ready(page)
    # Python took over the very same elements, and the tap before ready did nothing.
    assert page.evaluate("() => document.querySelector('[data-square=\"E5\"]').__static === true")
    assert page.locator("#board [data-square]").count() == 81
    assert "sel" not in page.get_attribute('[data-square="A7"]', "class").split()
    assert page.get_attribute('[data-square="A7"]', "class").split()[2] == "pc-r"
    expect(page.locator("#move-list li")).to_have_count(2)  # the link's game: C7-F4, G7-D4
    expect(loader).to_be_hidden()
    assert external_requests == []


def painted_agrees_with_pythons_draw(painted: dict, drawn: dict) -> None:
    """Every square index.html painted before Python is as Python drew it (Python adds only
    what it alone draws: the player to move's pieces, move marks, the cursor)."""
    for square, (cls, href) in painted.items():
        py_cls, py_href = drawn[square]
        assert href == py_href, square
        mine = set(cls.split()) - {"sel"}
        assert mine <= set(py_cls.split()), (square, cls, py_cls)
        extra = set(py_cls.split()) - mine
        assert all(PYTHON_ONLY.match(c) for c in extra), (square, extra)


# A position link (docs/formats.md): Blue's chief rules E5, Green is out and Blue controls Green's pieces.
RULER_LINK = "P1.2rCxM1xM1xP1/rAxNxM2xM1xPxP/xMxM1xA1xN2bR/xM2xM1xM2xR/4bC2xR1/1gMxCxN1xAxM1xM/1xMyA5xM/xRxM1xN2xP2/yC5yM2.rbyb.b*y.3"


@pytest.mark.parametrize("opened", ["start", "link"])
def test_a_first_visit_shows_its_game_before_python_and_honours_the_first_tap(
        opened, new_page, base_url, wait_ready, external_requests, screenshot_dir):
    """Nothing saved: the page shows, before any Python runs, the pieces of the game Python will
    open (a new game's start, or the position of the link being opened); the first taps made then
    are kept, said so, and played as soon as the game is ready."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    runtime = Held(page, "**/static/pyodide-start.mjs")
    fragment = "" if opened == "start" else "#" + RULER_LINK + ";seats=hhhh"
    page.goto(base_url + fragment, wait_until="commit")
    expect(page.locator("#board")).to_have_attribute("data-painted", opened)
    assert page.get_attribute("body", "data-ready") == "0"
    painted = page.evaluate(SQUARES_JS)
    frm, to, piece = ("C7", "F4", "#k-N") if opened == "start" else ("E5", "E4", "#k-C")
    assert painted[frm][1] == piece and painted[to][1] == ""
    if opened == "link":
        assert "ruler" in painted["E5"][0].split() and "ctl-b" in painted["B4"][0].split()
    page.tap(f'[data-square="{frm}"]')
    page.tap(f'[data-square="{to}"]')
    expect(page.locator("#loader-text")).to_contain_text(f"Kept: {frm}, {to}.")
    page.screenshot(path=str(screenshot_dir / f"app-{opened}-before-python-390x844.png"))
    runtime.release()
    wait_ready(page)
    expect(page.locator("#move-list li")).to_have_count(1)
    assert f"{frm}-{to}" in page.locator("#move-list li").last.text_content()
    page.click("#btn-undo")
    expect(page.locator("#move-list li")).to_have_count(0)
    painted_agrees_with_pythons_draw(painted, page.evaluate(SQUARES_JS))
    assert external_requests == []


SQUARES_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-square]')].map(
    (g) => [g.dataset.square, [g.getAttribute('class'), g.querySelector('use.pc').getAttribute('href')]]))"""
# What only Python draws: the player to move's pieces, the latest moves' marks, the cursor.
PYTHON_ONLY = re.compile(r"^(mine|lm|lm-[rbyg]|age\d+|cursor)$")


def test_the_saved_game_is_painted_before_python_and_early_taps_are_kept(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(base_url)
    wait_ready(page)
    for square in ("C7", "F4"):  # Red plays; the game is saved with its position
        page.click(f'[data-square="{square}"]')
    expect(page.locator("#move-list li")).to_have_count(1)

    # Hold the runtime back (the loader module PyScript imports): Python does not start.
    runtime = Held(page, "**/static/pyodide-start.mjs")
    page.reload(wait_until="commit")  # held, the loader also holds back DOMContentLoaded
    expect(page.locator("#board")).to_have_attribute("data-painted", "saved")
    assert page.get_attribute("body", "data-ready") == "0"
    painted = page.evaluate(SQUARES_JS)
    assert painted["F4"][1] == "#k-N" and "pc-r" in painted["F4"][0].split()
    assert painted["C7"][1] == "" and painted["A9"][1] == "#k-C"
    # The loading bar moves on the compositor, whatever the main thread does.
    sweep = page.evaluate("() => getComputedStyle(document.querySelector('.loader-bar'), '::after').animationName")
    assert sweep == "loader-sweep"
    # Blue taps a piece and a square before Python is ready: kept, and said so.
    page.click('[data-square="H7"]')
    page.click('[data-square="H6"]')
    assert "sel" in page.get_attribute('[data-square="H7"]', "class").split()
    expect(page.locator("#loader-text")).to_contain_text("Kept: H7, H6.")
    page.screenshot(path=str(screenshot_dir / "app-saved-before-python-1280x800.png"))
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(screenshot_dir / f"app-saved-before-python-{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    runtime.release()
    wait_ready(page)
    # The taps were answered: Blue's move is played, after Red's.
    expect(page.locator("#move-list li")).to_have_count(2)
    assert "H7-H6" in page.locator("#move-list li").last.text_content()
    # Python's first draw agreed with the painted board (before Blue's move changed it).
    page.click("#btn-undo")
    expect(page.locator("#move-list li")).to_have_count(1)
    painted_agrees_with_pythons_draw(painted, page.evaluate(SQUARES_JS))
    assert external_requests == []


# Recorded from before the page's first script: every text the loading bar shows and when the page
# became ready (page clock), and the bar's animations once the page is parsed.
LOADING_JS = r"""
(() => {
  const m = window.__loading = { texts: [], animations: null, readyAt: null };
  const note = (text) => {
    const last = m.texts[m.texts.length - 1];
    if (text && (!last || last[1] !== text)) m.texts.push([performance.now(), text]);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const target = r.type === "characterData" ? r.target.parentElement : r.target;
      if (target && target.id === "loader-text") {
        for (const n of r.addedNodes) note(n.textContent);
        if (r.type === "characterData") note(r.target.data);
      }
    }
    if (m.readyAt === null && document.body && document.body.dataset.ready === "1") m.readyAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
                         attributeFilter: ["data-ready"] });
  document.addEventListener("DOMContentLoaded", () => {
    note(document.getElementById("loader-text").textContent);
    m.animations = document.getAnimations({ subtree: true })
      .filter((a) => a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest("#loader"))
      .map((a) => ({ name: a.animationName || a.transitionProperty, state: a.playState,
                     pseudo: a.effect.pseudoElement || "",
                     properties: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
                       .filter((p) => !["offset", "computedOffset", "easing", "composite"].includes(p)) }));
  });
})();
"""
# The words each kind of start shows, in order: restoring the start-up snapshot shipped with the
# release (static/vendor/start-snapshot.bin, a returning visit: the service worker has it), or
# starting Python afresh (a first visit).
STAGES = {
    "snapshot": ["Loading the Python runtime…", "Starting the game…"],
    "fresh": ["Starting Python…", "Starting the game…"],
}


# Python on the page (not in a worker, where scripts/serve.py's isolated page runs it): what the
# loader does on the page's main thread, for hosts that do not isolate the page.
ON_THE_PAGE = "?python=page"


@pytest.mark.parametrize("start", ["snapshot", "fresh"])
def test_the_loading_bar_moves_on_the_compositor_and_says_each_stage(start, new_page, base_url, wait_ready,
                                                                       external_requests):
    """A start (a returning visit restoring the shipped snapshot, or a first visit starting afresh): the loading
    text names each stage before it runs; the longest task once the page is painted begins under
    words saying what runs in it (afresh, starting Python or starting the game: which of the two has
    the longest task depends on the machine and its load); and the bar's animations are ones the
    compositor runs by itself (transform only; Chromium's trace reports no failure to composite
    them), running from before Python's start to after it: the bar moves while no script can."""
    page = new_page(viewport={"width": 1280, "height": 800}, service_workers="allow")
    if start == "snapshot":
        install_release(page, base_url + ON_THE_PAGE)
    page.add_init_script(LOADING_JS)
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["blink.animations", "blink.user_timing", "devtools.timeline",
                                                "toplevel"])
    try:
        page.goto(base_url + ON_THE_PAGE)
        wait_ready(page)
    finally:
        trace = json.loads(browser.stop_tracing())
    assert page.evaluate("() => djambiBoot.how") == start
    seen = page.evaluate("() => window.__loading")
    texts = [t for _, t in seen["texts"]]
    positions = [texts.index(stage) for stage in STAGES[start]]  # each shown (ValueError otherwise) …
    assert positions == sorted(positions), texts  # … in the order things happen
    # The sweep runs, and animates nothing but transform (the fill's transitions are transform too).
    sweep = [a for a in seen["animations"] if a["name"] == "loader-sweep"]
    assert sweep and sweep[0]["state"] == "running" and sweep[0]["properties"] == ["transform"]
    assert sweep[0]["pseudo"] == "::after"
    assert all(a["properties"] == ["transform"] for a in seen["animations"]), seen["animations"]

    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    anims = [e for e in events if e.get("name") == "Animation" and e.get("ph") in ("b", "n", "e")]
    begins = [e for e in anims if e["ph"] == "b" and e["args"].get("data", {}).get("displayName") == "loader-sweep"]
    assert begins, "no loader-sweep animation in the trace"
    pid = begins[0]["pid"]
    ours = {e["id2"]["local"] for e in anims
            if e["ph"] == "b" and e["pid"] == pid
            and (e["args"]["data"].get("displayName") in ("loader-sweep", "transform"))}
    failed = [e for e in anims if e["pid"] == pid and e.get("id2", {}).get("local") in ours
              and "compositeFailed" in e["args"].get("data", {})]
    assert failed == [], failed
    # Python's start (afresh) or restore (from the snapshot), between the loader's marks: it waits
    # for the page to be painted ("page painted", the loading bar on screen) and ends when the
    # runtime is there ("runtime started", "snapshot restored"). Its long tasks (over 50 ms: no
    # script can interrupt them, nor can the page be painted) all fall under a moving bar.
    marks = {e["name"].removeprefix("djambi: "): e["ts"] for e in events
             if e.get("pid") == pid and e.get("name", "").startswith("djambi: ") and "ts" in e}
    start_mark = marks["page painted"]
    end_mark = marks["runtime started" if start == "fresh" else "snapshot restored"]
    assert start_mark < end_mark, marks
    threads = {(e["pid"], e["tid"]) for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"}
    main = [e for e in events if (e.get("pid"), e.get("tid")) in threads and e["pid"] == pid]
    tasks = [e for e in main if e.get("ph") == "X" and e.get("name") in ("RunTask", "ThreadControllerImpl::RunTask")]
    # The page's clock on the trace's: the loader's mark "page painted" is on both.
    painted_at = page.evaluate("() => performance.getEntriesByName('djambi: page painted')[0].startTime")
    on_trace = lambda at: start_mark + (at - painted_at) * 1000  # noqa: E731 (ms, page clock → µs, trace)
    ready_mark = on_trace(seen["readyAt"])
    # From the paint to ready: the longest task begins under words saying what runs in it (a restore
    # may have no task over 50 ms at all: nothing to say then).
    starting = [t for t in tasks if t["dur"] > 50_000 and start_mark <= t["ts"] < ready_mark]
    assert starting or start == "snapshot", "no long task in a fresh start"
    if starting:
        longest = max(starting, key=lambda t: t["dur"])
        before = [t for at, t in seen["texts"] if on_trace(at) <= longest["ts"]]
        assert before and before[-1] in STAGES[start], (longest, seen["texts"])
    long = [t for t in tasks if t["dur"] > 50_000 and t["ts"] < end_mark and t["ts"] + t["dur"] > start_mark]
    sweep_id = begins[0]["id2"]["local"]
    began = begins[0]["ts"]
    ended = [e["ts"] for e in anims if e["ph"] == "e" and e["pid"] == pid and e["id2"]["local"] == sweep_id]
    assert began < start_mark, "the sweep started after Python's start"
    assert not ended or min(ended) > end_mark, "the sweep stopped before Python had started"
    for task in long:  # each within the window, and so under the sweep
        assert began < task["ts"] and (not ended or min(ended) > task["ts"] + task["dur"]), (task, marks)
    assert external_requests == []


# What a Python started in the page knows of where and how it runs: the shipped snapshot was made
# under Node on the build machine, and after a restore all of it must be this browser's.
PROBE = """
import json, os, sys, time
json.dumps({"platform": sys.platform, "environ": dict(os.environ), "path": sys.path,
            "executable": sys.executable, "argv": sys.argv, "cwd": os.getcwd(),
            "runtime": sys._emscripten_info.runtime, "version": sys.version,
            "zone": [time.timezone, time.altzone, time.daylight, list(time.tzname)],
            "local": [time.localtime(1700000000).tm_hour, time.localtime(1690000000).tm_hour]})
"""
PROBE_JS = """async (probe) => {
    const loader = await import(new URL("static/pyodide-start.mjs", location.href).href);
    const py = await loader.loadPyodide();  // the page's own interpreter
    const scope = py.toPy({});
    try { return JSON.parse(py.runPython(probe, { globals: scope })); } finally { scope.destroy(); }
}"""


def install_release(page: Page, url: str) -> None:
    """A first visit to ``url``: the page starts Python afresh (no snapshot asked for before it is
    playable), then the service worker installs the release, start-up snapshot included, and
    takes control; the next load of the page is a returning visit."""
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    boot = page.evaluate("() => ({ how: djambiBoot.how, snapshot: djambiBoot.snapshot, error: djambiBoot.error })")
    assert boot == {"how": "fresh", "snapshot": "not cached", "error": None}, boot
    # The page never asked for it (its own requests; the worker's precache is not one of them).
    assert page.evaluate("""() => performance.getEntriesByType("resource")
                             .filter((e) => e.name.includes("start-snapshot")).length""") == 0
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)
    cached = page.evaluate("""async () => Boolean(await caches.match(
        new URL("static/vendor/start-snapshot.bin", location.href).href + "?inflated"))""")
    assert cached, "the worker did not keep the start-up snapshot"


PLUGIN_CHUNKS_JS = """() => performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())
    .filter((name) => /^(py-editor|py-terminal|py-game|donkey|deprecations-manager)-/.test(name))"""
RUNTIME_SCRIPTS_JS = """() => performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())
    .filter((name) => name.startsWith("pyodide.asm.") && !name.endsWith(".wasm"))"""


def test_a_restored_snapshot_is_this_browsers_python(new_page, base_url, wait_ready, external_requests):
    """The snapshot restored on a returning visit leaves Python as a plain start in the same browser
    would (same environment, language, time zone, paths, runtime): nothing says it was made under
    Node elsewhere; `random` differs from start to start. A first visit starts afresh and plays.
    The small modules of Pyodide's dynamic linking (one per JS function in its table) are compiled
    once per kind (static/pyodide-start.mjs), and the runtime works with them. The returning visit
    runs the runtime's classic script (scripts/classic_runtime.py), not its module; the first visit
    the module."""
    found = {}
    for start in ("fresh", "snapshot"):
        page = new_page(viewport={"width": 1280, "height": 800}, locale="cs-CZ", timezone_id="America/Santiago",
                        service_workers="allow")
        if start == "snapshot":
            install_release(page, base_url + ON_THE_PAGE)
        page.add_init_script("window.djambiCheckFill = true;")
        page.add_init_script("""(() => { window.__compiled = { small: 0, kinds: new Set() };
            WebAssembly.Module = new Proxy(WebAssembly.Module, { construct(target, args, newTarget) {
                if (args[0] instanceof Uint8Array && args[0].length <= 512) {
                    window.__compiled.small++; window.__compiled.kinds.add(args[0].join()); }
                return Reflect.construct(target, args, newTarget); } }); })()""")
        page.goto(base_url + ON_THE_PAGE)  # (the probe runs Python on the page)
        wait_ready(page)
        boot = page.evaluate("() => ({ how: djambiBoot.how, error: djambiBoot.error, random: djambiBoot.random,"
                             " runtime: djambiBoot.runtime ?? null, loader: djambiBoot.loader ?? null })")
        assert boot["how"] == start and boot["error"] is None, boot
        assert boot["runtime"] == boot["loader"] == ("classic" if start == "snapshot" else None), boot
        assert page.evaluate("() => djambiBoot.wasm ?? null") == ("compiled early" if start == "snapshot" else None)
        scripts = page.evaluate(RUNTIME_SCRIPTS_JS)
        assert scripts == (["pyodide.asm.classic.js"] if start == "snapshot" else ["pyodide.asm.mjs"]), scripts
        assert page.evaluate(PLUGIN_CHUNKS_JS) == []  # PyScript's plugins the page leaves out (index.html)
        small, kinds = page.evaluate("() => [window.__compiled.small, window.__compiled.kinds.size]")
        assert 10 <= small == kinds, (small, kinds)  # each kind compiled once (about 30 kinds, 261 functions)
        found[start] = page.evaluate(PROBE_JS, PROBE)
        if start == "snapshot":
            assert isinstance(boot["random"], int)
            # The sparse snapshot's zeros were written only below the runtime's break: above it
            # the memory held nothing but zeros before the restore.
            dirty = page.evaluate("() => [djambiBoot.filled, djambiBoot.dirty, djambiBoot.dirtyAbove]")
            assert dirty[0] is True and 0 < dirty[1] < 31_457_408 and dirty[2] == 0, dirty
        for square in ("C7", "F4"):
            page.click(f'[data-square="{square}"]')
        expect(page.locator("#move-list li")).to_have_count(1)
    assert found["snapshot"]["environ"]["LANG"] == "cs_CZ.UTF-8"
    assert found["snapshot"]["zone"][2] == 1 and found["snapshot"]["zone"][0] == 4 * 3600  # Chile: -04, -03
    assert found["snapshot"] == found["fresh"]
    assert external_requests == []


# The classic script as the release's cache holds it, made unusable: missing (a 404 kept), or a
# script that is not the runtime (it defines no module factory).
BREAK_CLASSIC_JS = """async (kind) => {
    const url = new URL("static/vendor/pyodide/pyodide.asm.classic.js", location.href).href;
    const cache = await caches.open((await caches.keys()).find((name) => name.startsWith("djambi-")));
    await cache.put(url, kind === "missing" ? new Response("not found", { status: 404 })
        : new Response("/* not the runtime */", { headers: { "Content-Type": "text/javascript" } }));
}"""


@pytest.mark.parametrize("kind", ["missing", "not the runtime"])
def test_without_the_runtimes_classic_script_a_returning_visit_imports_its_module(kind, new_page, base_url,
                                                                                  wait_ready, external_requests):
    """The classic script only saves compiling: when the page cannot use it, the loader lets Pyodide
    import the module (as a first visit does), the snapshot is restored all the same and the game
    plays."""
    page = new_page(viewport={"width": 1280, "height": 800}, service_workers="allow")
    install_release(page, base_url + ON_THE_PAGE)
    page.evaluate(BREAK_CLASSIC_JS, kind)
    page.reload()
    wait_ready(page)
    boot = page.evaluate("() => ({ how: djambiBoot.how, error: djambiBoot.error, runtime: djambiBoot.runtime })")
    assert boot == {"how": "snapshot", "error": None, "runtime": "module"}, boot
    assert page.evaluate(RUNTIME_SCRIPTS_JS) == ["pyodide.asm.classic.js", "pyodide.asm.mjs"]
    for frm, to in (("C7", "F4"), ("H7", "H6")):
        page.click(f'[data-square="{frm}"]')
        page.click(f'[data-square="{to}"]')
    expect(page.locator("#move-list li")).to_have_count(2)
    assert external_requests == []


# A wrong snapshot in the release's cache (written there by the page; the worker answers with it):
# (kind, words of the error). The loader's checks: made from another bundle than the one this page
# fetched, or for another Pyodide; cut short or corrupt (the streamed, compressed path); a whole,
# well-formed snapshot of another Pyodide build (Pyodide's own check refuses it).
TAMPERED = [
    ("other sources", "other sources"),
    ("other Pyodide", "Pyodide 0.0.1"),
    ("cut short", ""),
    ("corrupt", ""),
    ("other build", "build id mismatch"),
]
TAMPER_JS = """async (kind) => {
    const url = new URL("static/vendor/start-snapshot.bin", location.href).href;
    const cache = await caches.open((await caches.keys()).find((name) => name.startsWith("djambi-")));
    const packed = new Uint8Array(await (await cache.match(url)).arrayBuffer());  // as shipped: gzip
    const size = new DataView(packed.buffer).getUint32(0, true);
    let header = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + size)));
    let body = packed.slice(4 + size);
    const pipe = async (bytes, stream) => new Uint8Array(
        await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
    if (kind === "other sources") header = { ...header, bundle: "0".repeat(64) };
    else if (kind === "other Pyodide") header = { ...header, pyodide: "0.0.1" };
    else if (kind === "cut short") body = body.subarray(0, body.length >> 1);
    else if (kind === "corrupt") body.fill(0, 1000, 201000);
    else if (kind === "other build") {
        const raw = await pipe(body, new DecompressionStream("gzip"));
        raw.fill(0, 16, 48);  // Pyodide's build id (after its magic number and sizes)
        body = await pipe(raw, new CompressionStream("gzip"));
    }
    const head = new TextEncoder().encode(JSON.stringify(header));
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, head.length, true);
    await cache.put(url + "?inflated", new Response(new Blob([length, head, body]),
                                                    { headers: { "Content-Type": "application/octet-stream" } }));
}"""


def test_a_wrong_snapshot_is_never_restored_and_the_page_starts_afresh(new_page, base_url, wait_ready,
                                                                       external_requests):
    page = new_page(viewport={"width": 1280, "height": 800}, service_workers="allow")
    install_release(page, base_url)
    for kind, words in TAMPERED:
        page.evaluate(TAMPER_JS, kind)
        page.reload()
        wait_ready(page)
        boot = page.evaluate("() => ({ how: djambiBoot.how, error: djambiBoot.error })")
        assert boot["how"] == "fresh" and boot["error"], (kind, boot)
        assert words in boot["error"], (kind, boot)
    for frm, to in (("C7", "F4"), ("H7", "H6")):
        page.click(f'[data-square="{frm}"]')
        page.click(f'[data-square="{to}"]')
    expect(page.locator("#move-list li")).to_have_count(2)
    assert page.text_content("#status").strip() == "Yellow to move"
    assert external_requests == []


# The service worker's sparse copy of the snapshot (sw.js), made wrong: (kind, words of the error).
SPARSE_TAMPERED = [
    ("cut short", "not of the size its header says"),
    ("blocks out of order", "blocks out of order"),
    ("no blocks' list", "without its blocks' list"),
]
SPARSE_TAMPER_JS = """async (kind) => {
    const url = new URL("static/vendor/start-snapshot.bin", location.href).href + "?inflated";
    const cache = await caches.open((await caches.keys()).find((name) => name.startsWith("djambi-")));
    let kept = await cache.match(url + "&as-kept");  // the worker's own copy, kept aside the first time
    if (!kept) {
        kept = await cache.match(url);
        if (!kept || kept.headers.get("X-Djambi-Snapshot") !== "sparse") return "not sparse";
        await cache.put(url + "&as-kept", kept.clone());
    }
    const bytes = new Uint8Array(await kept.arrayBuffer());
    const size = new DataView(bytes.buffer).getUint32(0, true);
    let header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
    let body = bytes.slice(4 + size);
    if (kind === "cut short") body = body.subarray(0, body.length - header.block);
    else if (kind === "blocks out of order") header = { ...header, runs: [header.runs[0], header.runs[2], header.runs[1], ...header.runs.slice(3)] };
    else if (kind === "no blocks' list") { const { runs, ...rest } = header; header = rest; }
    const head = new TextEncoder().encode(JSON.stringify(header));
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, head.length, true);
    await cache.put(url, new Response(new Blob([length, head, body]), { headers: {
        "Content-Type": "application/octet-stream", "X-Djambi-Snapshot": "sparse" } }));
    return (header.runs || []).length;
}"""


def test_a_wrong_sparse_copy_of_the_snapshot_is_never_restored(new_page, base_url, wait_ready, external_requests):
    """The loader checks the service worker's sparse copy of the snapshot before Pyodide gets any
    of it: a copy cut short, with its blocks out of order or without their list starts Python
    afresh, which plays."""
    page = new_page(viewport={"width": 1280, "height": 800}, service_workers="allow")
    install_release(page, base_url + ON_THE_PAGE)
    for kind, words in SPARSE_TAMPERED:
        runs = page.evaluate(SPARSE_TAMPER_JS, kind)
        assert runs != "not sparse" and (runs == 0) is (kind == "no blocks' list"), (kind, runs)
        page.reload()
        wait_ready(page)
        boot = page.evaluate("() => ({ how: djambiBoot.how, error: djambiBoot.error, filled: djambiBoot.filled ?? false })")
        assert boot["how"] == "fresh" and words in (boot["error"] or "") and boot["filled"] is False, (kind, boot)
    for frm, to in (("C7", "F4"), ("H7", "H6")):
        page.click(f'[data-square="{frm}"]')
        page.click(f'[data-square="{to}"]')
    expect(page.locator("#move-list li")).to_have_count(2)
    assert external_requests == []


TURNED_JS = """() => ({
    rotation: document.getElementById('board').getAttribute('data-rotation'),
    squares: Object.fromEntries([...document.querySelectorAll('#board [data-square]')].map(
        (g) => [g.dataset.square, [g.getAttribute('transform'), g.querySelector('use.pc').getAttribute('href')]])),
    labels: [...document.querySelectorAll('#board text.coord'), ...document.querySelectorAll('#board text.coord-in')]
        .map((t) => t.textContent),
})"""


def test_a_turned_board_is_painted_turned_before_python(new_page, base_url, wait_ready, external_requests,
                                                         screenshot_dir):
    """The rotate option: the saved game is painted before Python on the board turned toward the
    human to move, exactly as Python then draws it (transforms, labels, pieces)."""
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(base_url)
    wait_ready(page)
    page.evaluate("""() => localStorage.setItem('djambi.settings.v1', JSON.stringify(
        {format: 'djambi-settings', version: 1, handover: false, rotate: true, language: ''}))""")
    page.reload()
    wait_ready(page)
    for square in ("C7", "F4"):  # Red plays; Blue (a human) is to move: half a turn
        page.click(f'[data-square="{square}"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    expect(page.locator("#board")).to_have_attribute("data-rotation", "2")
    runtime = Held(page, "**/static/pyodide-start.mjs")
    page.reload(wait_until="commit")
    expect(page.locator("#board")).to_have_attribute("data-painted", "saved")
    assert page.get_attribute("body", "data-ready") == "0"
    painted = page.evaluate(TURNED_JS)
    page.screenshot(path=str(screenshot_dir / "app-turned-before-python-1280x800.png"))
    runtime.release()
    wait_ready(page)
    drawn = page.evaluate(TURNED_JS)
    assert painted["rotation"] == "2"
    assert painted == drawn
    assert painted["squares"]["A9"][0] != "translate(40,0)"  # Red's corner is not at the top-left
    assert external_requests == []


def test_the_loading_bar_says_how_many_megabytes_are_left(new_page, base_url, wait_ready, external_requests):
    """A first visit on a slow network: under the loading words, how much of the runtime's files
    is still to come, in the player's language, shrinking as they arrive, gone once ready."""
    page = new_page(locale="fr-FR", viewport={"width": 390, "height": 844})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": 1_000_000, "uploadThroughput": 500_000})
    page.add_init_script("""window.__left = []; new MutationObserver(() => {
        const e = document.getElementById("loader-left");
        if (e && window.__left[window.__left.length - 1] !== e.textContent) window.__left.push(e.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });""")
    page.goto(base_url, wait_until="commit")  # the throttled load event may come late on a busy machine
    wait_ready(page, timeout=180_000)
    shown = [t for t in page.evaluate("() => window.__left") if t]
    amounts = [float(m.group(1).replace(",", ".")) for m in map(re.compile(r"^encore (\d+,\d) Mo$").match, shown) if m]
    assert shown and len(amounts) == len(shown), shown
    assert max(amounts) > 2  # the wasm runtime alone is 2.8 MB as this server sends it (brotli)
    assert amounts[-1] < max(amounts), shown  # it shrinks as files arrive
    assert page.text_content("#loader-left") == "" or page.is_hidden("#loader")
    assert page.evaluate("() => window.fetch.toString()").endswith("{ [native code] }")  # left alone once ready
    assert external_requests == []


def test_an_isolated_page_runs_python_in_a_worker_and_a_tap_crosses_in_a_few_batches(
        new_page, base_url, wait_ready, external_requests):
    """scripts/serve.py makes the page cross-origin isolated: the app's script runs in PyScript's
    worker, the loader there tells the page its stages (the loading words, djambiBoot), and the
    views reach the page through app/views/remote.py: a tap and its redraw are a few batches of
    operations, not thousands of round trips."""
    page = new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(LOADING_JS)
    page.goto(base_url)
    wait_ready(page)
    assert page.evaluate("() => [window.crossOriginIsolated, window.djambiWorkerMode]") == [True, True]
    assert page.locator('script[type="py"][worker]').count() == 1
    assert page.evaluate(PLUGIN_CHUNKS_JS) == []  # left out in worker mode too (index.html's py-config)
    boot = page.evaluate("() => djambiBoot")
    assert boot["how"] == "fresh" and boot["snapshot"] == "not cached" and boot["error"] is None, boot
    assert boot["ran"] == ["app/main.py"] and "given to PyScript" in boot["marks"], boot
    texts = [t for _, t in page.evaluate("() => window.__loading.texts")]
    assert texts.index(STAGES["fresh"][0]) < texts.index(STAGES["fresh"][1]), texts
    page.keyboard.press("Escape")  # the first visit's welcome
    expect(page.locator("dialog[open]")).to_have_count(0)
    before = page.evaluate("() => window.djambiBatches")  # static/remote-page.mjs counts them
    page.click('[data-square="C7"]')
    expect(page.locator('[data-square="C7"]')).to_have_class(re.compile(r"\bsel\b"))
    batches = page.evaluate("() => window.djambiBatches") - before
    assert 1 <= batches <= 40, batches
    page.click('[data-square="C6"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    # The worker gave the page its compiled runtime, which the page keeps for the next visit's
    # restore (static/pyodide-start.mjs, index.html).
    page.wait_for_function("() => window.djambiRuntime instanceof WebAssembly.Module")
    assert external_requests == []


@pytest.mark.parametrize("why", ["asked", "not isolated"])
def test_python_runs_on_the_page_when_asked_or_when_the_page_is_not_isolated(why, new_page, base_url, wait_ready,
                                                                             external_requests):
    """``?python=page``, or a host that sends no isolation headers (here: the page's response
    without them): Python runs on the page, as the loader starts it from <head>, and plays."""
    page = new_page(viewport={"width": 1280, "height": 800})
    url = base_url
    if why == "asked":
        url = base_url + "?python=page"
    else:
        def strip(route):
            response = route.fetch()
            headers = {k: v for k, v in response.headers.items() if not k.lower().startswith("cross-origin-")}
            route.fulfill(response=response, headers=headers)
        page.route(lambda url: urlsplit(url).path in ("", "/"), strip)
    page.goto(url)
    wait_ready(page)
    expected = [why == "asked", False]
    assert page.evaluate("() => [window.crossOriginIsolated, window.djambiWorkerMode]") == expected
    assert page.locator('script[type="py"][worker]').count() == 0
    assert page.evaluate("() => djambiBoot.how") == "fresh"
    page.keyboard.press("Escape")
    page.click('[data-square="C7"]')
    page.click('[data-square="C6"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    assert external_requests == []
