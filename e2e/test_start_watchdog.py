"""A start never hangs silently (issue 35): worker mode only where it can work, and the start's
watchdog (index.html) when it cannot.

WebKit (Safari's engine) can be cross-origin isolated with no SharedArrayBuffer at all, and
PyScript's worker then hangs once Python has started. ``NO_SHARED_MEMORY`` makes Chromium that
browser: it takes SharedArrayBuffer away from the page and from every worker the page makes (the
worker's own script, unchanged, with the constructor deleted first), and the real PyScript then
hangs as it does in WebKit. ``?python=worker`` forces worker mode there all the same, as a
browser that passed the checks and still failed would: the watchdog must restart the start with
Python on the page, say so, and the page must play; and when the start on the page cannot go on
either, the page must say what to do.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

NO_SHARED_MEMORY = """(() => {
  delete globalThis.SharedArrayBuffer;
  const Original = globalThis.Worker;
  globalThis.Worker = new Proxy(Original, { construct(target, [url, options], newTarget) {
    const request = new XMLHttpRequest();
    request.open("GET", new URL(url, location.href).href, false);  // PyScript's worker: a blob
    request.send();
    const source = "delete globalThis.SharedArrayBuffer;\\n" + request.responseText;
    const blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    return Reflect.construct(target, [blob, options], newTarget);
  } });
})();"""

PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-GB", "fr": "fr-FR", "cs": "cs-CZ"}
# The watchdog's bound (index.html WATCH, in djambiStart.bound), and how long a start on the page
# may take here once restarted (a loaded 2-core machine).
BOUND_MS = 20_000
START_MS = 120_000


def words(page: Page, lang: str) -> dict[str, str]:
    return page.evaluate("(lang) => window.djambiLoaderWords[lang]", lang)


def test_the_page_chooses_worker_mode_only_where_shared_memory_works(new_page, base_url, wait_ready,
                                                                     external_requests):
    """Isolated but without SharedArrayBuffer (WebKit's case): Python runs on the page at once, and
    plays; with it (this Chromium, isolated by scripts/serve.py), in the worker."""
    page = new_page(viewport=PHONE)
    page.add_init_script(NO_SHARED_MEMORY)
    page.goto(base_url)
    state = page.evaluate("() => [crossOriginIsolated, typeof SharedArrayBuffer, djambiWorkerCan, djambiWorkerMode]")
    assert state == [True, "undefined", False, False]
    wait_ready(page)
    assert page.locator('script[type="py"][worker]').count() == 0
    assert page.evaluate("() => djambiStart.restarted") is None
    other = new_page(viewport=PHONE)
    other.goto(base_url)
    assert other.evaluate("() => [djambiWorkerCan, djambiWorkerMode]") == [True, True]
    assert external_requests == []


def test_a_worker_start_that_hangs_starts_again_on_the_page_says_so_and_plays(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    """The worker hangs once Python has started (no SharedArrayBuffer, worker mode forced): after
    the bound with no progress the page starts again with Python on the page, says so in the
    player's language, and becomes playable; a move works."""
    page = new_page(viewport=PHONE, locale=LOCALES["fr"])
    page.add_init_script(NO_SHARED_MEMORY)
    page.goto(base_url + "?python=worker", wait_until="commit")
    first = page.evaluate("() => [performance.timeOrigin, djambiWorkerMode]")
    assert first[1] is True
    # The restart: the page loaded again, Python on it, the notice under the bar.
    note = page.locator("#loader-note:not([hidden])")
    note.wait_for(state="attached", timeout=BOUND_MS + START_MS)
    page.screenshot(path=str(screenshot_dir / "start-restarted-fr-390x844.png"))  # (ready already, or nearly)
    restart = page.evaluate("() => [performance.timeOrigin, djambiWorkerMode, djambiStart.restarted, djambiStart.bound]")
    assert restart[1] is False and restart[3] == BOUND_MS
    # It waited for the bound after the last progress, and not much longer (a tick is 0.1 s).
    quiet = int(re.fullmatch(r"no progress for (\d+) s", restart[2]).group(1))
    assert BOUND_MS / 1000 <= quiet <= BOUND_MS / 1000 + 2, restart
    assert restart[0] - first[0] >= BOUND_MS
    expect(note).to_have_text(words(page, "fr")["restarted"])
    wait_ready(page, timeout=START_MS)
    assert page.locator('script[type="py"][worker]').count() == 0
    assert page.evaluate("() => djambiBoot.how") == "fresh"
    page.click('[data-square="C7"]')
    page.click('[data-square="C6"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    # This tab keeps Python on the page: a reload starts there at once, without the notice.
    page.reload()
    wait_ready(page, timeout=START_MS)
    assert page.evaluate("() => [djambiWorkerMode, djambiStart.restarted]") == [False, None]
    expect(page.locator("#move-list li")).to_have_count(1)
    assert external_requests == []


def hang(route) -> None:
    """Never answered: the request stays pending (until the context closes)."""


def test_when_the_start_on_the_page_hangs_too_the_page_says_what_to_do(
        new_page, base_url, external_requests, screenshot_dir):
    """The runtime's WebAssembly never arrives (the request hangs, in the worker and on the page):
    the worker's start is restarted on the page after the bound; that start makes no progress
    either, and after the bound again the loader says what happened and what to do (reload,
    another browser), with a button to reload; the bar stops."""
    page = new_page(viewport=PHONE, locale=LOCALES["en"])
    page.add_init_script(NO_SHARED_MEMORY)
    page.context.route("**/pyodide.asm.wasm", hang)
    page.goto(base_url + "?python=worker", wait_until="commit")
    failed = page.locator("#loader.failed")
    failed.wait_for(state="visible", timeout=3 * BOUND_MS + START_MS)
    said = words(page, "en")
    state = page.evaluate("() => [djambiWorkerMode, djambiStart.restarted, djambiStart.stalled, document.body.dataset.ready]")
    assert state[0] is False and state[1].startswith("no progress for ") and state[2] is not None and state[3] == "0"
    seconds = int(re.search(r"for (\d+) seconds", page.text_content("#loader-text")).group(1))
    assert BOUND_MS / 1000 <= seconds <= BOUND_MS / 1000 + 2
    expect(page.locator("#loader-text")).to_have_text(said["stalled"].replace("{seconds}", str(seconds)))
    expect(page.locator("#loader-note")).to_be_hidden()  # the restart's notice: replaced by what is said now
    expect(page.locator("#loader-reload")).to_be_visible()
    expect(page.locator("#loader-reload")).to_have_text(said["reload"])
    page.screenshot(path=str(screenshot_dir / "start-failed-en-390x844.png"))
    assert external_requests == []


def test_when_the_runtime_cannot_be_fetched_the_page_says_so_at_once(new_page, base_url, external_requests):
    """The runtime's script refused (a network error): the worker's loader says it failed, the
    page starts again on the page without waiting for the bound, fails there too, and says so in
    the player's language, with the browser's words for what failed and a button to reload."""
    page = new_page(viewport=PHONE, locale=LOCALES["cs"])
    page.context.route("**/pyodide.asm.mjs", lambda route: route.abort())
    page.goto(base_url + "?python=worker", wait_until="commit")
    page.locator("#loader.failed").wait_for(state="visible", timeout=BOUND_MS)
    state = page.evaluate("() => [djambiWorkerMode, djambiStart.restarted, djambiStart.failed, djambiBoot.how]")
    assert state[0] is False and state[1].startswith("failed: ") and state[2] and state[3] == "failed", state
    text = page.text_content("#loader-text")
    template = words(page, "cs")["failed"]
    before, after = template.split("{error}")
    assert text.startswith(before) and text.endswith(after) and state[2] in text, text
    expect(page.locator("#loader-reload")).to_be_visible()
    assert external_requests == []
