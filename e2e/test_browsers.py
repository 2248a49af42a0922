"""The cross-browser stage: the same checks, written once, in Chromium, Firefox and WebKit.

Each test runs once per engine (``e2e/browsers.py``: Chromium through Playwright, Firefox ESR over
WebDriver BiDi, WebKitGTK's MiniBrowser, Safari's engine, through WebKitWebDriver), in profiles of
its own, with touches on ``data-square`` as on a tablet:

  * a fresh first visit becomes playable (the welcome, then a move), the game survives a reload,
    and once the service worker holds the release, a reload with the server stopped plays on;
  * a game link from the share dialog opens the same position in a new profile, on a phone
    (390 px wide: nothing scrolls sideways), where a Camblam game plays a move;
  * a first visit with worker mode forced (``?python=worker``), which cannot work where the
    browser has no ``SharedArrayBuffer`` (WebKit), still becomes playable.

One engine alone: ``.venv/bin/python -m pytest e2e/test_browsers.py -k firefox`` (or chromium,
webkit). The seconds each first visit took are printed and written to
``e2e/screenshots/browser-times.txt``, with screenshots ``browser-ENGINE-*.png`` beside them.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

import browsers
from test_offline import copy_site, sites  # noqa: F401 (a fixture)

# Selenium's WebKitGTK driver still builds its connection the old way (Selenium's own deprecation).
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

#: The most a start may take here (a first visit on a loaded 2-core machine, in WebKit: about 30 s;
#: a start that falls back from a worker that cannot run takes longer).
READY_S = 240
TABLET = (768, 1024)
PHONE = (390, 844)
LAPTOP = (1280, 800)
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


@pytest.fixture(scope="module", params=browsers.ENGINES)
def engine(request):
    chromium = request.getfixturevalue("browser") if request.param == "chromium" else None
    started = browsers.start(request.param, chromium)
    yield started
    started.close()


@pytest.fixture
def profiles(engine, request):
    """profiles(width, height) -> a Tab in a new profile of ``engine``; closed after the test, a
    failing test leaving a screenshot of each."""
    made: list[browsers.Tab] = []

    def make(size: tuple[int, int] = LAPTOP) -> browsers.Tab:
        tab = engine.new_profile(*size)
        made.append(tab)
        return tab

    yield make
    report = getattr(request.node, "rep_call", None)
    for i, tab in enumerate(made):
        if report is not None and report.failed:
            SCREENSHOTS.mkdir(exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
            try:
                tab.screenshot(SCREENSHOTS / f"FAILED-{name}-{i}.png")
            except Exception:  # noqa: BLE001 (best effort)
                pass
        try:
            tab.close()
        except Exception:  # noqa: BLE001 (the browser may be gone)
            pass


def record(engine: str, what: str, seconds: float) -> None:
    line = f"{engine:8} {what}: {seconds:.1f} s"
    print(line)
    SCREENSHOTS.mkdir(exist_ok=True)
    with open(SCREENSHOTS / "browser-times.txt", "a", encoding="utf-8") as out:
        out.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")


def shot(tab: browsers.Tab, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    tab.screenshot(SCREENSHOTS / f"browser-{tab.engine}-{name}.png")


# ---------------------------------------------------------------------------- what a player does
def ready(tab: browsers.Tab) -> float:
    """Wait until the page is playable (``body[data-ready="1"]``); the seconds it took."""
    started = time.monotonic()
    tab.wait("() => document.body && document.body.dataset.ready === '1'", timeout=READY_S,
             what='body[data-ready="1"]')
    return time.monotonic() - started


def visit(tab: browsers.Tab, url: str) -> float:
    """Open ``url`` and wait until it is playable; the seconds from the request to playable."""
    started = time.monotonic()
    tab.goto(url)
    ready(tab)
    return time.monotonic() - started


def status(tab: browsers.Tab) -> str:
    return tab.eval("() => document.querySelector('#status').textContent.trim()")


def until(check, what: str, timeout: float = 30) -> None:
    """Wait until ``check()`` is true (asked again every tenth of a second)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"waited {timeout:.0f} s for {what}"
        time.sleep(0.1)


def shows_status(tab: browsers.Tab, text: str) -> None:
    """Wait until the status line says ``text`` (in worker mode the page draws a move's parts as
    the worker's answers arrive: the list may show the move before the status line changes)."""
    tab.wait("(t) => document.querySelector('#status').textContent.trim() === t", text, timeout=30,
             what=f"#status to say {text!r}")


def moves(tab: browsers.Tab) -> list[str]:
    return tab.eval("() => [...document.querySelectorAll('#move-list li')].map((li) => li.textContent)")


def position(tab: browsers.Tab) -> str:
    """What every square of the board shows, as its label says."""
    return tab.eval("""() => [...document.querySelectorAll('#board [data-square]')]
                         .map((g) => g.dataset.square + '=' + g.getAttribute('aria-label')).join('|')""")


def is_open(tab: browsers.Tab, dialog: str) -> bool:
    return tab.eval("(s) => Boolean(document.querySelector(s)?.open)", dialog)


def keep_answered(tab: browsers.Tab) -> None:
    """The browser's answer to the first save's request to keep the storage awaited (``body[data-persist]``
    is ``asking`` until then), and the "Keep your games" dialog it may bring (told once a profile:
    WebKit as Safari is always told, a refusing browser too) read and closed as a player would."""
    tab.wait("() => document.body.dataset.persist !== 'asking'", timeout=30,
             what="the browser's answer to keeping the storage")
    if is_open(tab, "#keep-dialog"):
        assert tab.eval("() => document.querySelector('#keep-text').textContent.trim().length") > 20
        escape(tab, "#keep-dialog")


def play(tab: browsers.Tab, frm: str, to: str) -> None:
    """A move by two taps: the piece, its destinations lit, then the destination (the "Keep your
    games" dialog that a save may bring answered before and after)."""
    keep_answered(tab)
    before = len(moves(tab))
    tab.tap(f'#board [data-square="{frm}"]')
    tab.wait(r"(s) => /\bopt(ion)?\b/.test(document.querySelector(s).getAttribute('class'))",
             f'#board [data-square="{to}"]', timeout=30, what=f"{to} lit after a tap on {frm}")
    tab.tap(f'#board [data-square="{to}"]')
    tab.wait("(n) => document.querySelectorAll('#move-list li').length === n", before + 1,
             timeout=30, what=f"the move {frm}-{to} in the list")
    assert f"{frm}-{to}" in moves(tab)[-1]
    keep_answered(tab)


def menu(tab: browsers.Tab, item: str) -> None:
    """Tap one of the menu's actions, opening the menu first if it is closed."""
    if not tab.eval("(s) => document.querySelector(s).checkVisibility()", item):
        tab.tap("#btn-menu")
        tab.wait("(s) => document.querySelector(s).checkVisibility()", item, timeout=10, what=f"{item} shown")
    tab.tap(item)


def escape(tab: browsers.Tab, dialog: str) -> None:
    """Close the open ``dialog`` with Escape."""
    tab.wait("(s) => document.querySelector(s).open", dialog, timeout=10, what=f"{dialog} open")
    tab.press_escape()
    tab.wait("(s) => !document.querySelector(s).open", dialog, timeout=10, what=f"{dialog} closed by Escape")


def choose(tab: browsers.Tab, select: str, value: str) -> None:
    """Choose ``value`` in a ``<select>`` as its own list does: the value, then a change event."""
    tab.eval("""(s, v) => { const e = document.querySelector(s);
                           if (![...e.options].some((o) => o.value === v)) throw new Error(s + ' has no ' + v);
                           e.value = v; e.dispatchEvent(new Event('change', { bubbles: true })); }""",
             select, value)


def only_local(tab: browsers.Tab, site: str) -> None:
    """Every file the page asked for came from ``site``."""
    others = tab.eval("(site) => performance.getEntriesByType('resource').map((e) => e.name)"
                      ".filter((u) => !u.startsWith(site))", site)
    assert others == []


def no_sideways_scroll(tab: browsers.Tab, width: int) -> None:
    assert tab.eval("() => innerWidth") == width
    assert tab.eval("() => document.documentElement.scrollWidth") <= width
    for square in tab.eval("() => { const s = [...document.querySelectorAll('#board [data-square]')]"
                           ".map((g) => g.dataset.square); return [s[0], s[s.length - 1]]; }"):
        box = tab.eval("(s) => { const b = document.querySelector(s).getBoundingClientRect();"
                       " return [b.left, b.right]; }", f'#board [data-square="{square}"]')
        assert box[0] >= -1 and box[1] <= width + 1, (square, box)


# ---------------------------------------------------------------------------- the checks
def test_a_first_visit_plays_keeps_its_game_on_reload_and_plays_offline(engine, profiles, sites, tmp_path):
    site = sites(copy_site(tmp_path / "site"))
    tab = profiles(TABLET)
    seconds = visit(tab, site.url)
    record(engine.name, "first visit", seconds)
    # A first visit: the welcome, answered as a family at one tablet would.
    tab.wait("() => document.querySelector('#welcome-dialog').open", timeout=10, what="the welcome")
    tab.tap("#welcome-pass")
    tab.wait("() => !document.querySelector('#welcome-dialog').open", timeout=10, what="the welcome closed")
    shows_status(tab, "Red to move")
    # A long press on the board selects no text and a double tap zooms nothing, in this engine's
    # own style resolution (WebKit reads only its prefixed user-select).
    touch = tab.eval("""() => { const s = getComputedStyle(document.querySelector('#board-area'));
        return [s.webkitUserSelect || s.userSelect, s.touchAction,
                getComputedStyle(document.documentElement).touchAction]; }""")
    assert touch == ["none", "manipulation", "manipulation"], touch
    play(tab, "C7", "F4")
    shows_status(tab, "Blue to move")
    only_local(tab, site.url)
    shot(tab, "first-visit")

    # The service worker holds the release once the page is playable; a reload keeps the game.
    tab.wait("() => navigator.serviceWorker.controller !== null", timeout=READY_S,
             what="a service worker controlling the page")
    tab.reload()
    record(engine.name, "reload", ready(tab))
    shows_status(tab, "Blue to move")
    assert len(moves(tab)) == 1 and "C7-F4" in moves(tab)[0]
    play(tab, "H7", "H6")

    # The server stopped: the reload comes from the worker's cache, and plays on.
    site.stop()
    assert not site.answers()
    tab.reload()
    record(engine.name, "offline reload", ready(tab))
    shows_status(tab, "Yellow to move")
    assert len(moves(tab)) == 2
    play(tab, "G3", "G4")
    shows_status(tab, "Green to move")
    shot(tab, "offline")


def test_a_game_link_opens_the_same_position_in_a_new_profile_on_a_phone_which_plays_camblam(
        engine, profiles, base_url):
    tab = profiles(LAPTOP)
    visit(tab, base_url)
    escape(tab, "#welcome-dialog")
    play(tab, "C7", "F4")
    play(tab, "I7", "I6")
    menu(tab, "#btn-share")
    link = tab.wait("() => document.querySelector('#link-game').value", timeout=10, what="#link-game filled")
    assert link.startswith(base_url) and "#" in link
    shows_status(tab, "Yellow to move")
    expected = position(tab), status(tab), moves(tab)
    escape(tab, "#share-dialog")

    # The link in a new profile, on a phone: nothing saved there, so no question; the same game.
    phone = profiles(PHONE)
    record(engine.name, "game link, new profile", visit(phone, link))
    assert not is_open(phone, "#link-dialog")
    until(lambda: (position(phone), status(phone), moves(phone)) == expected, "the same game on the phone")
    no_sideways_scroll(phone, PHONE[0])
    play(phone, "I3", "I4")
    shot(phone, "link-390")

    # A Camblam game on the same phone: one move by taps.
    menu(phone, "#btn-new")
    phone.wait("() => document.querySelector('#newgame-dialog').open", timeout=10, what="the new-game dialog")
    choose(phone, "#game", "camblam")
    phone.wait("() => document.querySelector('#seat-w').checkVisibility()", timeout=10, what="#seat-w shown")
    choose(phone, "#seat-w", "human")
    choose(phone, "#seat-b", "human")
    phone.tap("#newgame-start")
    phone.wait("() => document.querySelectorAll('#board [data-square]').length === 144", timeout=30,
               what="the 12×12 board")
    shows_status(phone, "White to move")
    play(phone, "f3", "f6")
    shows_status(phone, "Black to move")
    no_sideways_scroll(phone, PHONE[0])
    shot(phone, "camblam-390")


def test_a_first_visit_with_worker_mode_forced_becomes_playable(engine, profiles, base_url):
    """``?python=worker`` asks for Python in a web worker. Where the browser cannot give it what
    it needs (WebKit has no ``SharedArrayBuffer`` although the page is cross-origin isolated),
    the start falls back to Python on the page: the first visit is playable all the same."""
    tab = profiles(TABLET)
    record(engine.name, "first visit, ?python=worker", visit(tab, base_url + "?python=worker"))
    escape(tab, "#welcome-dialog")
    shows_status(tab, "Red to move")
    play(tab, "C7", "F4")
    shows_status(tab, "Blue to move")
