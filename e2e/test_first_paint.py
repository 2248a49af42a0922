"""The first paint (issue 27): nothing the page asks for holds it back, it speaks the visitor's
language, and nothing on it moves when the game becomes ready."""

from __future__ import annotations

import pytest

from playwright.sync_api import Page

# Every layout shift from the page's start (buffered), with the elements that moved; the turn's box
# as the first contentful paint showed it; and at every frame before the game is ready (a frame
# callback runs just before its paint: what it reads is what is painted), the loader's words and
# the panel's buttons and players.
WATCH_JS = """
window.__first = { shifts: [], frames: [], turnBox: null, fcp: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    window.__first.shifts.push({ value: e.value, at: e.startTime,
      moved: e.sources.map((s) => (s.node && (s.node.id || s.node.nodeName)) || "?") });
}).observe({ type: "layout-shift", buffered: true });
new PerformanceObserver((list) => {
  const fcp = list.getEntriesByName("first-contentful-paint")[0];
  if (!fcp || window.__first.fcp !== null) return;
  window.__first.fcp = fcp.startTime;
  const box = document.getElementById("turn-box").getBoundingClientRect();
  window.__first.turnBox = [box.x, box.y, box.width, box.height];
}).observe({ type: "paint", buffered: true });
(function frame() {
  requestAnimationFrame(() => {
    if (document.body && document.body.dataset.ready === "1") return;
    const text = (id) => { const e = document.getElementById(id); return e ? e.textContent : null; };
    window.__first.frames.push({ loader: text("loader-text"), undo: text("btn-undo"),
                                 players: [...document.querySelectorAll("#players .pname")].map((e) => e.textContent) });
    frame();
  });
})();
"""

TWO_FRAMES_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

ENGLISH = {"loader": {"", "Loading the Python runtime…", "Starting Python…",
                      "Loading the game's files…", "Starting the game…", "Restoring the game…"},
           "undo": "Undo", "players": ["Red", "Blue", "Yellow", "Green"]}


def watched_start(new_page, wait_ready, lang: str, size: tuple[int, int]) -> Page:
    page = new_page(viewport={"width": size[0], "height": size[1]},
                    locale={"en": "en-GB", "fr": "fr-FR", "cs": "cs-CZ"}[lang])
    page.add_init_script(WATCH_JS)
    page.goto("/")
    wait_ready(page)
    page.evaluate(TWO_FRAMES_JS)  # the ready game's frame is painted: its shifts are reported
    return page


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_nothing_moves_from_the_first_paint_to_the_ready_game(new_page, wait_ready, external_requests, lang):
    """At a phone's, a tablet's and a laptop's size: no layout shift from the page's start until
    the game is ready and drawn, and the turn's box where the first paint showed it (the loader
    lies over it, and goes)."""
    for size in ((390, 844), (768, 1024), (1280, 800)):
        page = watched_start(new_page, wait_ready, lang, size)
        first = page.evaluate("() => window.__first")
        assert first["turnBox"] is not None, "no first contentful paint seen"
        assert first["shifts"] == [], (size, first["shifts"])
        box = page.locator("#turn-box").bounding_box()
        assert [box["x"], box["y"], box["width"], box["height"]] == pytest.approx(first["turnBox"], abs=0.5), size
        assert page.is_hidden("#loader")
        page.context.close()
    assert external_requests == []


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_every_frame_before_the_game_is_ready_speaks_the_visitors_language(new_page, wait_ready,
                                                                             external_requests, lang):
    """From the first frame on: the loader's words (or none yet), the panel's buttons and the
    players' names are French or Czech, never the page's English."""
    page = watched_start(new_page, wait_ready, lang, (390, 844))
    frames = page.evaluate("() => window.__first.frames")
    words = page.evaluate("(lang) => window.djambiLoaderWords[lang]", lang)
    static = page.evaluate("(lang) => window.djambiStaticWords[lang]", lang)
    shown = [f for f in frames if f["undo"] is not None]
    assert shown, "no frame before the game was ready"
    # Python's own last words before ready ("Drawing the board…", from its catalog), which a frame
    # shows when Python runs in a worker (on the page, ready comes in the same task).
    drawing = page.text_content("#loader-text")
    assert drawing not in ENGLISH["loader"] | {"Drawing the board…"}, drawing
    for f in shown:
        assert f["loader"] in {"", drawing, *words.values()}, f
        assert f["loader"] not in ENGLISH["loader"] - {""}, f
        assert f["undo"] == static["undo"] != ENGLISH["undo"], f
        # (the index.html rows, or Python's as it draws them, the turn's arrow on one: worker mode)
        names = [name.removeprefix("▶").strip() for name in f["players"]]
        assert names in ([], [static[p] for p in ("red", "blue", "yellow", "green")]), f
    assert any(f["loader"] for f in shown)  # the loading words were on screen
    assert external_requests == []


@pytest.mark.parametrize("where", ["worker", "page"])
def test_a_first_visit_asks_for_no_style_sheet_and_for_the_runtime_once_painted(where, new_page, wait_ready,
                                                                                  external_requests):
    """The style sheets and the loader's words are in the page itself; the runtime's files (the
    wasm, Pyodide's and PyScript's modules) are asked for after the first contentful paint: by the
    page, or in worker mode (the page isolated, as scripts/serve.py serves it) PyScript by the
    page and the wasm, the loader and Pyodide's modules by the worker."""
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("/" if where == "worker" else "/?python=page")
    wait_ready(page)
    assert page.evaluate("() => window.djambiWorkerMode") is (where == "worker")
    fcp = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
    asked = page.evaluate("() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])")
    names = [name for name, _at in asked]
    assert not [n for n in names if n.endswith(".css") or n.endswith("loader-words.js")], names
    runtime = [(name, at) for name, at in asked
               if name.endswith(("pyodide.asm.wasm", "pyodide.asm.mjs", "pyscript/core.js", "pyodide-start.mjs",
                                 "remote-page.mjs"))]
    expected = {"worker": ("pyscript/core.js", "remote-page.mjs"),
                "page": ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyscript/core.js", "pyodide-start.mjs")}[where]
    assert sorted(name.rsplit("/", 2)[-1] if "pyscript/" not in name else "pyscript/core.js" for name, _at in runtime) \
        == sorted(e.rsplit("/", 1)[-1] if "pyscript/" not in e else e for e in expected), names
    assert all(at >= fcp for _name, at in runtime), (fcp, runtime)
    if where == "worker":  # the worker's own: after the page painted too, the page's clock on its
        worker = page.evaluate("() => window.djambiBoot.marks")
        assert worker["loader evaluated"] >= fcp, (fcp, worker)
        assert any(name.endswith("pyodide.asm.wasm") for name in page.evaluate("() => window.djambiWorkerFetched.map((f) => f[0])"))
    assert external_requests == []
