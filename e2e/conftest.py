"""Browser-test fixtures: one local server and one headless Chromium per session.

Fixtures:
  base_url           "http://127.0.0.1:PORT/" serving the repository root (scripts/serve.py)
  browser            the shared Playwright Chromium (/usr/bin/chromium, or $CHROMIUM)
  page               a fresh context + page; requests to any host other than
                     127.0.0.1/localhost are aborted and recorded in `external_requests`;
                     service workers are blocked so every request is seen (use
                     `new_page(service_workers="allow")` to test one)
  new_page           factory for more pages/contexts with the same recording; every context is a
                     returning visitor (no welcome) unless `new_page(first_visit=True)`
  external_requests  the list of URLs aborted for this test (assert it is empty)
  wait_ready         wait_ready(page): waits for body[data-ready="1"] (60 s)
  screenshot_dir     e2e/screenshots/ (gitignored); failing tests save a PNG there
Every test has a time limit (TEST_TIMEOUT_S, pytest-timeout; see the end of this file).
Before any test runs, the session stops with one line if set-up has not been run (a product of
``scripts/setup`` missing, Chromium among them: ``tests/setup_check.py``).
"""

from __future__ import annotations

import importlib.util
import re
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from playwright.sync_api import Error as PlaywrightError, Locator, Page, sync_playwright
except ImportError:  # not the set-up's .venv: said once, in pytest_configure
    Page = Locator = PlaywrightError = sync_playwright = None

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
READY_TIMEOUT_MS = 60_000


def _load_script(name: str):
    """A module of scripts/ (not a package), loaded from its file."""
    spec = importlib.util.spec_from_file_location(f"djambi_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_serve_module():
    return _load_script("serve")


def pytest_configure(config):
    """Stop before collecting (pytest prints "ERROR: " and the line, exit status 4)."""
    spec = importlib.util.spec_from_file_location("djambi_setup_check", ROOT / "tests" / "setup_check.py")
    setup_check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_check)
    problem = setup_check.setup_problem(ROOT, browser=True)
    if sync_playwright is None:
        problem = "set-up not run: playwright not importable (step 3, the .venv) — run ./scripts/setup"
    if problem:
        raise pytest.UsageError(problem)


_chromium = _load_script("chromium")
CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS = _chromium.CHROMIUM, _chromium.CHROMIUM_ARGS, _chromium.LOCAL_HOSTS


# In worker mode (the page cross-origin isolated, as scripts/serve.py serves it) the app's Python
# answers a click after the click's dispatch, in its web worker, where on the page it answered
# within it. Every action of a test (a click, a tap, a key, a choice, a script run in the page
# that may set the address or send an event) therefore returns only once the page has no event
# left unanswered (static/remote-page.mjs's djambiBusy is 0), so that what the test reads next is
# the app's answer, as on the page.
ACTIONS = {"evaluate", "click", "dblclick", "tap", "press", "type", "fill", "select_option", "check", "uncheck",
           "set_checked", "dispatch_event", "set_input_files", "insert_text", "down", "up", "clear",
           "press_sequentially", "drag_to", "drag_and_drop"}


# Waits a task (an event the action queued, such as hashchange, is dispatched first), then until
# the worker has answered every event (djambiBusy 0); nothing to wait for with Python on the page.
SETTLE_JS = """async () => {
    if (window.djambiBusy === undefined) return;
    await new Promise((done) => setTimeout(done, 0));
    const end = Date.now() + 30000;
    while (window.djambiBusy > 0 && Date.now() < end) await new Promise((done) => setTimeout(done, 4));
}"""


def settle(page: Page) -> None:
    """Wait until the app has answered every event so far (at once on the page's main thread)."""
    try:
        _evaluate(page, SETTLE_JS)
    except PlaywrightError as error:
        if "context was destroyed" not in str(error) and "closed" not in str(error) and "navigat" not in str(error):
            raise


def _settling(method, page_of):
    def act(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result
    act.__name__ = method.__name__
    act.__doc__ = method.__doc__
    return act


class _SettlingInput:
    """``page.keyboard``, ``page.mouse``, ``page.touchscreen``, whose actions settle the page."""

    def __init__(self, inner, page: Page) -> None:
        self._inner, self._page = inner, page

    def __getattr__(self, name: str):
        attribute = getattr(self._inner, name)
        if name in ACTIONS and callable(attribute):
            def act(*args, **kwargs):
                result = attribute(*args, **kwargs)
                settle(self._page)
                return result
            return act
        return attribute


_evaluate = Page.evaluate if Page is not None else None  # (settle's own, not settling)
for _name in ACTIONS if Page is not None else ():
    if hasattr(Page, _name):
        setattr(Page, _name, _settling(getattr(Page, _name), lambda page: page))
    if hasattr(Locator, _name):
        setattr(Locator, _name, _settling(getattr(Locator, _name), lambda locator: locator.page))
for _name in ("keyboard", "mouse", "touchscreen") if Page is not None else ():
    _property = getattr(Page, _name)
    setattr(Page, _name, property(lambda page, _get=_property.fget: _SettlingInput(_get(page), page)))


def wait_ready(page: Page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the app marks itself ready: <body data-ready="1">."""
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout)


def menu_click(page: Page, selector: str, tap: bool = False) -> None:
    """Click (or tap) ``selector``, one of the panel's actions: a menu item is clicked after the
    menu (``#btn-menu``) is opened, if it is not open yet."""
    item = page.locator(selector)
    if not item.is_visible():
        page.locator("#btn-menu").tap() if tap else page.click("#btn-menu")
        item.wait_for(state="visible")
    item.tap() if tap else item.click()


@pytest.fixture(name="wait_ready", scope="session")
def wait_ready_fixture():
    return wait_ready


@pytest.fixture(scope="session")
def base_url():
    # The page's start imports our sources from static/vendor/bytecode.bin's parts, and restores the
    # snapshot made from it: bring both in line with the tree (sources edited since set-up), so
    # the tests always run the tree's code.
    build_sw = _load_script("build_sw")
    build_sw.refresh_bundle(ROOT)
    build_sw.split_bundle(ROOT)  # the page fetches the bundle's parts
    build_sw.refresh_snapshot(ROOT)
    server = _load_serve_module().make_server(port=0, directory=ROOT, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def external_requests() -> list[str]:
    return []


def keep_local(context, record: list[str]) -> None:
    """Abort every request of ``context`` to a host other than this machine, recording its URL."""

    def block_external(route):
        url = route.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            record.append(url)
            route.abort()

    context.route("**/*", block_external)
    returning_visitor(context)


#: Set before the page's scripts run: the visitor was welcomed already (``app.learn.lessons.WELCOME_KEY``).
RETURNING_VISITOR = "try { localStorage.setItem('djambi.welcomed.v1', '1'); } catch (e) {}"


#: Set before the page's scripts run: the player was told how to keep the games
#: (``app.state.keeping.TOLD_KEY``), so no "Keep your games" dialog opens at the first save.
KEEP_TOLD = "try { localStorage.setItem('djambi.keep-told.v1', '1'); } catch (e) {}"


def returning_visitor(context) -> None:
    """Every test context is a returning visitor: no first-visit welcome over the board (the
    welcome itself is tested in test_learn.py, with ``new_page(first_visit=True)``), and no
    "Keep your games" dialog (tested in test_backup.py, with ``new_page(keep_told=False)``)."""
    if not getattr(context, "_djambi_first_visit", False):
        context.add_init_script(RETURNING_VISITOR)
    if getattr(context, "_djambi_keep_told", True):
        context.add_init_script(KEEP_TOLD)


@pytest.fixture(scope="session")
def local_only():
    """``keep_local`` for fixtures of wider scope than ``new_page`` (e.g. a page shared by a module)."""
    return keep_local


@pytest.fixture
def new_page(browser, base_url, external_requests, request):
    """new_page(**context_options) -> Page; contexts are closed after the test."""
    contexts = []

    def make(first_visit: bool = False, keep_told: bool = True, **context_options) -> Page:
        context_options.setdefault("base_url", base_url)
        context_options.setdefault("service_workers", "block")
        context = browser.new_context(**context_options)
        context._djambi_first_visit = first_visit
        context._djambi_keep_told = keep_told
        contexts.append(context)
        keep_local(context, external_requests)
        page = context.new_page()
        page.set_default_navigation_timeout(READY_TIMEOUT_MS)
        return page

    yield make

    # A failing test leaves a screenshot of each of its pages behind.
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        for i, context in enumerate(contexts):
            for j, page in enumerate(context.pages):
                try:
                    page.screenshot(path=str(SCREENSHOTS / f"FAILED-{name}-{i}-{j}.png"))
                except Exception:  # noqa: BLE001 (best effort)
                    pass
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page) -> Page:
    return new_page()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


#: The most one browser test may take (the slowest take about two minutes on a loaded 2-core
#: machine). Past it pytest-timeout prints every thread's stack and ends the run: a hang fails
#: CI with its place instead of stalling it.
TEST_TIMEOUT_S = 600


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S, method="thread"))
