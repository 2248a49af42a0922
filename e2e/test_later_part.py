"""What the first screen does not need comes when first used (issue 27): the bundle's later part
(static/vendor/bundle-later.bin: the rules text, the QR code's segno; scripts/python-packages.txt
[later]) and another language's catalog. On a fresh visit none of it is fetched before the page
is playable, and opening the rules, a QR code or a second language works all the same."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from conftest import menu_click
from test_follow import new_game
from test_remote import PHONE, play_a_move, sent_link

LATER = "static/vendor/bundle-later.bin"


def fetched(page: Page, part: str) -> bool:
    """Whether the page, or the app's worker (worker mode: the loader there reports its fetches), fetched ``part``."""
    return page.evaluate("""p => performance.getEntriesByType('resource').some(e => e.name.endsWith(p))
                               || (window.djambiWorkerFetched || []).some(([name]) => name.endsWith(p))""", part)


def loaded(page: Page) -> list[str]:
    return page.evaluate("() => window.djambiBoot.loaded || []")


def test_a_fresh_visit_fetches_the_later_part_only_for_the_rules(new_page, wait_ready):
    page = new_page(**PHONE)
    page.goto("/")
    wait_ready(page)
    assert not fetched(page, LATER) and loaded(page) == []
    assert not fetched(page, "djambi.mo")  # English: no catalog at all
    page.goto("/#rules")  # the rules opened by link, as the welcome's "Rules" button does
    wait_ready(page)
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body details").first).to_be_visible()
    assert page.locator("#rules-body details").count() > 3
    expect(page.locator("#rules-body .rules-loading")).to_have_count(0)
    assert "later" in loaded(page)


def test_the_rules_from_the_welcome_on_a_first_visit(new_page, wait_ready):
    page = new_page(first_visit=True, **PHONE)
    page.goto("/")
    wait_ready(page)
    expect(page.locator("#welcome-dialog")).to_be_visible()  # a first visit is greeted
    page.click("#welcome-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body summary").first).to_have_text("Djambi: the rules as implemented")
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()


def test_the_qr_code_of_a_sent_move_on_a_fresh_visit(new_page, wait_ready):
    page = new_page(**PHONE)
    page.goto("/")
    wait_ready(page)
    if page.is_visible("#welcome-dialog"):
        page.click("#welcome-close")
    assert not fetched(page, LATER)
    new_game(page, {"r": "human", "b": "remote", "y": "human", "g": "human"})
    play_a_move(page, random.Random(3))
    assert sent_link(page, "Blue")  # its QR code drawn with segno, from the later part
    expect(page.locator("#send-note")).to_have_text("")
    assert "later" in loaded(page)


def test_a_second_language_on_a_fresh_visit(new_page, wait_ready):
    page = new_page(locale="en-US", **PHONE)
    page.goto("/")
    wait_ready(page)
    if page.is_visible("#welcome-dialog"):
        page.click("#welcome-close")
    assert not fetched(page, "LC_MESSAGES/djambi.mo")
    menu_click(page, "#btn-settings", tap=True)
    page.select_option("#set-lang", "cs")
    page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("#status")).to_have_text("Na tahu je Červený")
    assert fetched(page, "locale/cs/LC_MESSAGES/djambi.mo") and not fetched(page, "locale/fr/LC_MESSAGES/djambi.mo")


def test_the_visitors_language_comes_with_the_page(new_page, wait_ready):
    page = new_page(locale="fr-FR", **PHONE)
    page.goto("/")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator("#status")).to_have_text("Au tour de Rouge")
    assert fetched(page, "locale/fr/LC_MESSAGES/djambi.mo") and not fetched(page, "locale/cs/LC_MESSAGES/djambi.mo")
    assert loaded(page) == []  # written by the loader before Python started, not loaded later


LCP_JS = """
window.__lcp = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lcp.push({ id: e.element ? e.element.id : null, size: e.size, at: e.startTime });
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


def test_the_largest_contentful_paint_is_the_board_before_python(new_page, wait_ready):
    """On a first visit the board (its squares as the element's background image: an inline SVG
    is no candidate) is the largest contentful paint, painted before Python is ready, and the
    welcome's text shown after it does not replace it."""
    page = new_page(first_visit=True, **PHONE)
    page.add_init_script(LCP_JS)
    page.goto("/")
    wait_ready(page)
    expect(page.locator("#welcome-dialog")).to_be_visible()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    entries = page.evaluate("() => window.__lcp")
    python = page.evaluate("() => window.djambiBoot.marks['given to PyScript']")  # before any of our Python
    assert entries and entries[-1]["id"] == "board", entries
    board = [e for e in entries if e["id"] == "board"][0]
    assert board["at"] < python, (board, python)
