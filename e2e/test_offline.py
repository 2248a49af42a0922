"""Offline and installable: the service worker (sw.js), its precache, releases, the manifest.

These tests run their own servers (scripts/serve.py on a free port) so they can stop them, and
allow service workers in their contexts (the shared fixtures block them). Service-worker answers
are not seen by Playwright's routing, so "offline" is proven by stopping the server.

Each server serves a snapshot of the site (copied to a temporary folder, its precache manifest
made there by scripts/build_sw.py): other people editing the working tree during the run cannot
make the worker's checksums fail.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import Page, expect
from conftest import menu_click

ROOT = Path(__file__).resolve().parent.parent
READY_MS = 90_000  # shared 2-core machines: Pyodide may start slowly
TABLET = {"width": 768, "height": 1024}
SITE = ("index.html", "pyscript.toml", "sw.js", "app", "gamekit", "djambi", "camblam", "static", "locale")  # what a host serves


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _load("djambi_serve_offline", ROOT / "scripts" / "serve.py")
build_sw = _load("djambi_build_sw_e2e", ROOT / "scripts" / "build_sw.py")


class Site:
    """A static server of its own, which a test can stop."""

    def __init__(self, directory: Path):
        self.server = serve.make_server(port=0, directory=directory, quiet=True)
        # Downloads cut short by a reload or by the test stopping the server are expected.
        self.server.handle_error = lambda request, client_address: None
        self.thread = threading.Thread(target=self.server.serve_forever, name="offline-site", daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(10)

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "pyscript.toml", timeout=5):
                return True
        except (urllib.error.URLError, OSError):
            return False


@pytest.fixture
def sites():
    started: list[Site] = []

    def start(directory: Path) -> Site:
        site = Site(directory)
        started.append(site)
        return site

    yield start
    for site in started:
        site.stop()


def wait_ready(page: Page) -> None:
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=READY_MS)


def wait_controlled(page: Page) -> None:
    """The service worker is active, has precached the release and controls the page."""
    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_MS)
    except PlaywrightError:
        raise AssertionError(f"no service worker controls the page: {registration_state(page)}") from None


def bounded(page: Page, script: str, seconds: int = 30):
    """The value of the (promise-returning) function ``script`` run in the page, bounded by
    Playwright itself: ``page.evaluate`` has no timeout, and waits without end for a page that
    never answers (between two documents, or busy); ``wait_for_function`` carries on across a
    navigation and has one. Past ``seconds`` the test fails saying where the page was."""
    try:
        handle = page.wait_for_function("async (body) => ({ value: await (0, eval)(body)() })",
                                        arg=script, timeout=seconds * 1000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the page ({page.url}) did not answer within {seconds} s: {script[:80]}") from None
    return handle.json_value().get("value")


def cache_names(page: Page) -> list[str]:
    return bounded(page, "() => caches.keys()")


def worker_version(page: Page) -> str | None:
    return bounded(page,
        """() => new Promise((resolve) => {
            const worker = navigator.serviceWorker.controller;
            if (!worker) return resolve(null);
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => { channel.port1.close(); resolve(e.data.version); };
            worker.postMessage({ type: "version" }, [channel.port2]);
            setTimeout(() => resolve(null), 5000);
        })""")


def registration_state(page: Page) -> dict | str:
    return bounded(page, """() => navigator.serviceWorker.getRegistration().then((r) => r
        ? { installing: r.installing?.state, waiting: r.waiting?.state, active: r.active?.state,
            controlled: Boolean(navigator.serviceWorker.controller) }
        : "no registration")""")


def release(directory: Path) -> str:
    return build_sw.build_manifest(directory)["version"]


def status(page: Page) -> str:
    return page.text_content("#status").strip()


def copy_site(target: Path) -> Path:
    target.mkdir()
    for name in SITE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, target / name)
    build_sw.main(["--root", str(target)])
    return target


def offline_tablet(sites, new_page, tmp_path: Path) -> tuple[Path, Site, Page, list[str]]:
    """A copy of the site on a server of its own, and a touch tablet page with service workers
    allowed, whose uncaught errors collect in the list returned."""
    folder = copy_site(tmp_path / "site")
    site = sites(folder)
    page = new_page(base_url=site.url, service_workers="allow", has_touch=True, viewport=TABLET)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return folder, site, page, errors


# ---------------------------------------------------------------------------- offline play
def test_plays_a_move_by_taps_with_the_server_stopped(sites, new_page, tmp_path, external_requests, screenshot_dir):
    folder, site, page, errors = offline_tablet(sites, new_page, tmp_path)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))

    # First visit, from the network: the worker installs and takes control (clients.claim).
    page.goto(site.url)
    wait_ready(page)
    wait_controlled(page)
    version = release(folder)
    assert cache_names(page) == [f"djambi-{version}"]
    assert worker_version(page) == version

    # Everything the page asked for is in the precache.
    precached = {site.url + entry["url"].removeprefix("./") for entry in build_sw.build_manifest(folder)["files"]}
    precached |= {site.url, site.url + "sw.js", site.url + "precache-manifest.js"}
    local = [u for u in requested if u.startswith(site.url)]
    assert site.url + "static/vendor/pyodide/pyodide.asm.wasm" in local
    assert sorted(set(local) - precached) == []

    # The server is gone: nothing answers on its port any more.
    site.stop()
    assert not site.answers()

    started = time.monotonic()
    page.reload()
    wait_ready(page)
    offline_start = time.monotonic() - started
    page.screenshot(path=str(screenshot_dir / "offline-768x1024.png"))

    assert status(page) == "Red to move"
    page.tap('[data-square="A7"]')
    expect(page.locator('[data-square="A6"]')).to_have_class(re.compile(r"\bopt\b"))
    page.tap('[data-square="A6"]')
    expect(page.locator("#status")).not_to_have_text("Red to move")
    assert status(page).endswith("to move")
    assert page.locator("#move-list li").count() == 1
    assert "A7-A6" in page.text_content("#move-list")
    assert errors == []
    assert external_requests == []
    print(f"offline start-up: {offline_start:.1f}s")


def router_sources(page: Page) -> dict[str, tuple[str | None, str | None]]:
    """Reload ``page`` and give, for each file it asked for from its site, how the service worker's
    static routes served it: (the route's source, what served it), from Chromium's DevTools
    protocol (``serviceWorkerRouterInfo``); (None, None) when no route matched."""
    seen: dict[str, tuple[str | None, str | None]] = {}

    def received(event: dict) -> None:
        info = event["response"].get("serviceWorkerRouterInfo") or {}
        seen[event["response"]["url"]] = (info.get("matchedSourceType"), info.get("actualSourceType"))

    cdp = page.context.new_cdp_session(page)
    cdp.on("Network.responseReceived", received)
    cdp.send("Network.enable")
    page.reload()
    wait_ready(page)
    # Wait until every file the page loaded from its site (its resource timing entries, each
    # added once the response has ended, so after its response event) has had its event here.
    loaded = {url for url in page.evaluate(
        "() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]")
        if url.startswith(page.url)}
    deadline = time.monotonic() + 30
    while not loaded <= set(seen):
        assert time.monotonic() < deadline, f"no response event for {sorted(loaded - set(seen))}"
        page.wait_for_timeout(50)  # lets Playwright deliver the events
    cdp.detach()
    return seen


def test_the_release_is_read_from_its_cache_by_static_routes_online_and_offline(sites, new_page, tmp_path,
                                                                              external_requests):
    """Once a release is installed, the browser serves its files from the release's cache by the
    worker's static routes (sw.js: InstallEvent.addRoutes), without running the worker's script for
    each; only the page and the start-up snapshot go to its fetch handler. Offline the same."""
    folder, site, page, errors = offline_tablet(sites, new_page, tmp_path)
    # Python on the page: every file the start reads is the page's request, which this CDP session
    # sees (in worker mode the worker asks for the runtime's files and the snapshot itself).
    start = site.url + "?python=page"
    page.goto(start)
    wait_ready(page)
    wait_controlled(page)
    snapshot = site.url + "static/vendor/start-snapshot.bin"
    for online in (True, False):
        if not online:
            site.stop()
            assert not site.answers()
        sources = router_sources(page)
        assert sources.pop(start) == ("fetch-event", "fetch-event")  # the page: the release switch
        assert sources.pop(snapshot) == ("fetch-event", "fetch-event")  # the worker's inflated copy
        files = {url: how for url, how in sources.items() if url.startswith(site.url)}
        assert {site.url + f for f in ("static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/bundle-first.bin",
                                       "static/pyodide-start.mjs", "pyscript.toml", "app/main.py")} <= set(files)
        assert {url: how for url, how in files.items() if how != ("cache", "cache")} == {}
        assert boot(page) == "snapshot"
        assert bounded(page, "() => window.djambiBoot.read") == "sparse"
    play(page, "C7", "F4")
    assert status(page) == "Blue to move"
    assert errors == []
    assert external_requests == []


# ---------------------------------------------------------------------------- releases
def update(page: Page) -> str:
    """Ask the registration to look for a new release; the state its new worker reaches."""
    return bounded(page,
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            await reg.update();
            const worker = reg.installing || reg.waiting;
            if (!worker) return "none";
            if (worker.state !== "installing") return worker.state;
            return await new Promise((resolve) => {
                worker.addEventListener("statechange", () => {
                    if (worker.state !== "installing") resolve(worker.state);
                });
                setTimeout(() => resolve("still " + worker.state), 60000);
            });
        }""", 90)


def wait_for_release(page: Page, version: str) -> None:
    """Wait until the page runs ``version`` (the page may reload itself on the way)."""
    deadline = time.monotonic() + READY_MS / 1000
    while True:
        try:
            if worker_version(page) == version:
                return
        except PlaywrightError:
            pass  # the page is reloading
        if time.monotonic() > deadline:
            raise AssertionError(f"release {version} not taken: caches {cache_names(page)},"
                                 f" workers {registration_state(page)}")
        time.sleep(0.25)


def served_css(page: Page) -> str:
    return bounded(page, "() => fetch('./static/app.css').then(r => r.text())")


def make_release(folder: Path, css: str) -> str:
    (folder / "static" / "app.css").write_text(css)
    build_sw.main(["--root", str(folder)])
    return release(folder)


# Past 300 s every thread's stack is printed and the run ends, so a hang shows where it is.
@pytest.mark.timeout(300, method="thread")
def test_a_release_change_replaces_the_cache(sites, new_page, tmp_path, external_requests):
    folder = copy_site(tmp_path / "site")
    site = sites(folder)
    page = new_page(base_url=site.url, service_workers="allow", has_touch=True, viewport=TABLET)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(site.url)
    wait_ready(page)
    wait_controlled(page)
    first = release(folder)
    assert cache_names(page) == [f"djambi-{first}"]
    css = folder / "static" / "app.css"
    old_css = css.read_text()

    # A release whose files do not match its manifest (a deploy caught half-way) is refused:
    # the old release stays, whole.
    make_release(folder, old_css + "\n/* release two */\n")
    css.write_text(old_css + "\n/* something else */\n")
    assert update(page) == "redundant"
    assert cache_names(page) == [f"djambi-{first}"]
    assert worker_version(page) == first
    assert "release two" not in served_css(page)

    # The deploy completes: the new release installs beside the old one, which keeps serving
    # the running page, and a toast offers to reload.
    second = make_release(folder, old_css + "\n/* release two */\n")
    assert second != first
    assert update(page) == "installed"
    expect(page.locator("#pwa-toast")).to_be_visible()
    assert sorted(cache_names(page)) == sorted([f"djambi-{first}", f"djambi-{second}"])
    assert worker_version(page) == first
    assert "release two" not in served_css(page)

    # The next load runs the new release, whole; the old release's cache is gone.
    page.reload()
    wait_for_release(page, second)
    wait_ready(page)
    assert cache_names(page) == [f"djambi-{second}"]
    # The new cache holds the release's files, and the worker's inflated copy of its start-up
    # snapshot (sw.js), nothing else.
    cached = set(bounded(page, f"() => caches.open('djambi-{second}').then(c => c.keys())"
                               ".then(k => k.map(r => r.url))"))
    files = {site.url + entry["url"].removeprefix("./") for entry in build_sw.build_manifest(folder)["files"]}
    assert cached - files == {site.url + "static/vendor/start-snapshot.bin?inflated"}
    assert files - cached == set()
    assert "release two" in served_css(page)

    # Another release, taken at once with the toast's "Reload" button.
    third = make_release(folder, old_css + "\n/* release three */\n")
    assert update(page) == "installed"
    page.locator("#pwa-toast .pwa-action").tap()
    wait_for_release(page, third)
    wait_ready(page)
    assert cache_names(page) == [f"djambi-{third}"]

    # Served by the worker: the server can go.
    site.stop()
    assert "release three" in served_css(page)
    assert errors == []
    assert external_requests == []



# ---------------------------------------------------------------------------- returning players
# static/pyodide-start.mjs restores the start-up snapshot shipped with the release
# (static/vendor/start-snapshot.bin, made at set-up from the release's sources and precached
# with them) on every visit after the first (issue 14); a first visit starts afresh (issue 27).
def boot(page: Page) -> str:
    return bounded(page, "() => window.djambiBoot && window.djambiBoot.how")


def bytecode(page: Page) -> dict:
    """Which of our imported modules had bytecode Python would take (static/vendor/bytecode.bin,
    written by the loader; checked by it once the page is ready and idle)."""
    page.wait_for_function("() => window.djambiBoot.bytecode && window.djambiBoot.bytecode.used")
    return bounded(page, "() => window.djambiBoot.bytecode")


def play(page: Page, frm: str, to: str) -> None:
    before = page.locator("#move-list li").count()
    page.tap(f'[data-square="{frm}"]')
    expect(page.locator(f'[data-square="{to}"]')).to_have_class(re.compile(r"\bopt\b"))
    page.tap(f'[data-square="{to}"]')
    expect(page.locator("#move-list li")).to_have_count(before + 1)
    assert f"{frm}-{to}" in page.locator("#move-list li").last.text_content()


def test_a_first_visit_starts_afresh_and_every_later_one_restores_the_snapshot(sites, new_page, tmp_path,
                                                                              external_requests):
    folder, site, page, errors = offline_tablet(sites, new_page, tmp_path)

    page.goto(site.url)
    wait_ready(page)
    # A first visit does not wait for the 7 MB snapshot: Python starts afresh, and the page never
    # asks for it (the service worker, registered once the page is playable, precaches it).
    assert boot(page) == "fresh"
    assert bounded(page, "() => window.djambiBoot.snapshot") == "not cached"
    assert bounded(page, "() => window.djambiBoot.error") is None
    # (the page's own requests: the worker's precache, once registered, is not one of them)
    assert bounded(page, """() => performance.getEntriesByType("resource")
                               .filter((e) => e.name.includes("start-snapshot")).length""") == 0
    # The page's script ran from the bundle's bytecode.
    assert bounded(page, "() => window.djambiBoot.ran") == ["app/main.py"]
    # Every module of ours the page imported came from the bytecode made at set-up, none from
    # source (the computer players, djambi.ai, are imported when one first plays).
    compiled = bytecode(page)
    assert compiled["written"] > 30 and compiled["stale"] == []
    assert {"djambi.board", "app.present.render", "app.state.session", "app.views.dialogs",
            "pyscript", "pyscript.display"} <= set(compiled["used"])  # PyScript's own package too
    play(page, "C7", "F4")
    wait_controlled(page)
    version = release(folder)
    assert cache_names(page) == [f"djambi-{version}"]
    assert bounded(page, f"""() => caches.open("djambi-{version}").then((c) => c.match("{site.url}static/vendor/start-snapshot.bin"))
                               .then((r) => r && r.status)""") == 200

    # Online: the reload paints the saved game before Python, restores the snapshot (from the
    # worker's precache), plays on.
    page.reload()
    expect(page.locator("#board")).to_have_attribute("data-painted", "saved")
    wait_ready(page)
    assert boot(page) == "snapshot"
    # The worker's inflated copy (made once the release was installed) without its blocks of
    # zeros, not the compressed file, read whole (the worker marks it) and written into the
    # runtime's memory by the loader.
    assert bounded(page, "() => window.djambiBoot.snapshot") == "sparse"
    assert bounded(page, "() => window.djambiBoot.read") == "sparse"
    assert bounded(page, "() => window.djambiBoot.filled") is True
    compiled = bytecode(page)
    assert compiled["stale"] == []
    assert {"app.views.dialogs", "app.views.boardview", "app.views.panel", "pyscript", "pyscript.display"} <= set(compiled["used"])
    assert status(page) == "Blue to move"
    assert page.locator("#move-list li").count() == 1
    assert bounded(page, "() => window.djambiBoot.ran") == ["app/main.py"]
    # The views built on first use (not at the start) open and work after this warm start.
    menu_click(page, "#btn-learn")
    page.click("#welcome-guide")
    expect(page.locator("#guide-dialog")).to_be_visible()
    expect(page.locator(".guide-kind")).to_have_count(6)
    assert page.locator(".guide-diagram svg").count() == 6
    page.keyboard.press("Escape")
    expect(page.locator("#guide-dialog")).to_be_hidden()
    menu_click(page, "#btn-learn")
    page.click("#welcome-learn")
    expect(page.locator("#lessons-dialog")).to_be_visible()
    assert page.locator("#lesson-list-items li[data-lesson]").count() >= 5
    page.keyboard.press("Escape")
    expect(page.locator("#lessons-dialog")).to_be_hidden()
    play(page, "H7", "H6")

    # Offline: the same, with nothing answering on the server's port.
    site.stop()
    assert not site.answers()
    draws = [bounded(page, "() => window.djambiBoot.random")]
    page.reload()
    wait_ready(page)
    assert boot(page) == "snapshot"
    assert status(page) == "Yellow to move"
    play(page, "G3", "G4")
    assert page.locator("#move-list li").count() == 3
    # `random` is reseeded after each restore: the snapshot's frozen state is not replayed.
    draws.append(bounded(page, "() => window.djambiBoot.random"))
    assert None not in draws and draws[0] != draws[1]
    assert errors == []
    assert external_requests == []


def test_the_pages_script_runs_from_the_bundles_bytecode_only_while_it_matches(sites, new_page, tmp_path,
                                                                              external_requests):
    """The loader runs app/main.py from the bundle's bytecode when PyScript hands it the very text
    the bundle holds; a script served that differs from the bundle's copy (edited since set-up),
    even by the same number of bytes, runs from its own text."""
    folder = copy_site(tmp_path / "site")
    site = sites(folder)
    page = new_page(base_url=site.url, has_touch=True, viewport=TABLET)
    page.goto(site.url)
    wait_ready(page)
    assert bounded(page, "() => window.djambiBoot.ran") == ["app/main.py"]
    assert bounded(page, "() => typeof window.djambiApp") == "function"
    main = folder / "app" / "main.py"
    text = main.read_text(encoding="utf-8")
    edited = text.replace("window.djambiApp = ", "window.djambiApq = ")
    assert edited != text and len(edited.encode()) == len(text.encode())
    main.write_text(edited, encoding="utf-8")
    page.reload()
    wait_ready(page)
    assert bounded(page, "() => window.djambiBoot.ran") == []
    assert bounded(page, "() => typeof window.djambiApq") == "function"
    play(page, "C7", "F4")
    assert status(page) == "Blue to move"
    assert external_requests == []


def test_a_new_release_restores_its_own_snapshot(sites, new_page, tmp_path, external_requests):
    folder, site, page, errors = offline_tablet(sites, new_page, tmp_path)
    page.goto(site.url)
    wait_ready(page)
    first = release(folder)
    wait_controlled(page)
    assert boot(page) == "fresh" and status(page) == "Red to move"  # a first visit

    # A release that changes a module the snapshot holds (the status line's words): set-up
    # (scripts/build_sw.py) brings the bundle in line and makes the release's snapshot from it.
    session_py = folder / "app" / "present" / "standings.py"
    text = session_py.read_text()
    words = '_("{player} to move").format(player=player_name(board.turn, rules))'
    assert words in text
    old_snapshot = (folder / build_sw.SNAPSHOT).read_bytes()
    session_py.write_text(text.replace(words, words.replace("to move", "to move (release two)")))
    build_sw.main(["--root", str(folder)])
    assert (folder / build_sw.SNAPSHOT).read_bytes() != old_snapshot
    assert build_sw.snapshot_is_stale(folder) is False
    second = release(folder)
    assert second != first
    assert update(page) == "installed"
    page.reload()
    wait_for_release(page, second)
    wait_ready(page)
    # Restored the new release's snapshot: app.present.standings is in it, and speaks the new words.
    assert boot(page) == "snapshot"
    assert status(page) == "Red to move (release two)"
    assert cache_names(page) == [f"djambi-{second}"]
    page.reload()
    wait_ready(page)
    assert boot(page) == "snapshot"
    assert status(page) == "Red to move (release two)"
    play(page, "C7", "F4")
    assert errors == []
    assert external_requests == []


# ---------------------------------------------------------------------------- installable
def test_manifest_and_icons(page, base_url):
    page.goto(base_url, wait_until="domcontentloaded")  # no need to wait for Python
    href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    assert href == base_url + "static/manifest.webmanifest"
    response = page.request.get(href)
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["name"] == "Djambi" and manifest["short_name"]
    assert manifest["display"] == "fullscreen"
    assert manifest["display_override"] == ["fullscreen", "standalone"]
    assert manifest["orientation"] == "any"
    assert page.evaluate("u => new URL(u, document.querySelector('link[rel=manifest]').href).href",
                         manifest["start_url"]) == base_url
    assert page.evaluate("u => new URL(u, document.querySelector('link[rel=manifest]').href).href",
                         manifest["scope"]) == base_url
    theme = page.get_attribute('meta[name="theme-color"]', "content")
    assert theme == manifest["theme_color"]

    icons = manifest["icons"]
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    apple = page.evaluate("() => document.querySelector('link[rel=apple-touch-icon]').href")
    for icon in [*icons, {"src": apple, "sizes": "180x180"}]:
        size = page.evaluate(
            """([src, base]) => new Promise((resolve) => {
                const img = new Image();
                img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
                img.onerror = () => resolve(null);
                img.src = new URL(src, base).href;
            })""",
            [icon["src"], href],
        )
        assert size is not None, f"icon does not load: {icon['src']}"
        if icon["sizes"] != "any":
            assert "x".join(map(str, size)) == icon["sizes"], icon["src"]


# ---------------------------------------------------------------------------- how it looks
def test_screenshots_of_the_installed_app(new_page, wait_ready, screenshot_dir):
    page = new_page(has_touch=True, is_mobile=True, viewport=TABLET)
    page.goto("/")
    wait_ready(page)
    page.tap('[data-square="C7"]')  # a piece picked: its destinations light up
    c7 = page.locator('#board [data-square="C7"]')
    expect(c7).to_have_class(re.compile(r"\bsel\b"))
    lit = page.eval_on_selector_all("#board .sq.opt", "els => els.map((e) => e.dataset.square)")
    assert "F4" in lit
    for width, height in ((768, 1024), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        # The whole board in sight at every size, the page not scrolled, the pick kept.
        for square in ("A1", "I9"):
            box = page.locator(f'#board [data-square="{square}"]').bounding_box()
            assert box["x"] >= 0 and box["y"] >= 0, (width, height, square, box)
            assert box["x"] + box["width"] <= width + 1 and box["y"] + box["height"] <= height + 1
        assert page.evaluate("() => document.scrollingElement.scrollHeight") <= height
        expect(c7).to_have_class(re.compile(r"\bsel\b"))
        assert page.eval_on_selector_all("#board .sq.opt", "els => els.map((e) => e.dataset.square)") == lit
        page.screenshot(path=str(screenshot_dir / f"installed-{width}x{height}.png"))
