"""The pieces' look: drawn figures by default, letters after switching the setting, remembered."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from conftest import menu_click

#: What each look of a piece shows, read from the symbol the square's <use> points at.
LOOK = """sq => {
    const use = document.querySelector(`#board [data-square="${sq}"] use.pc`);
    const symbol = document.querySelector(use.getAttribute("href"));
    const shown = cls => getComputedStyle(symbol.querySelector(cls)).display !== "none";
    return { href: use.getAttribute("href"), figure: shown(".pv-f"), letter: shown(".pv-l"),
             text: symbol.querySelector(".pv-l text").textContent };
}"""


CORPSE_ON_E6 = ("P1.rCrA4bMbAbC/rRrPrM3bMbPbR/rMrMrN3bNbMbM/4xM4/9/9/gMgMgN3yNyMyM/"
                "gRgPgM3yMyPyR/gCgAgM3yMyAyC.rbyg.r.0")


def _square_png(page: Page, square: str) -> bytes:
    return page.locator(f'#board [data-square="{square}"]').screenshot(animations="disabled")


def _choose(page: Page, look: str) -> None:
    menu_click(page, "#btn-settings")
    page.select_option("#set-pieces", look)
    page.click("#settings-close")
    expect(page.locator("#settings-dialog")).to_be_hidden()


def test_figures_are_drawn_by_default_and_letters_after_switching(page: Page, base_url, wait_ready):
    page.goto(base_url)
    wait_ready(page)
    # Red's chief on A9 and a Blue militant on G8: the drawn figure shows, the letter does not.
    for square, href in (("A9", "#k-C"), ("G8", "#k-M")):
        look = page.evaluate(LOOK, square)
        assert look["href"] == href and look["figure"] and not look["letter"], look
    assert page.input_value("#set-pieces") == "figures"
    figure_png = _square_png(page, "A9")

    _choose(page, "letters")
    page.wait_for_function("() => document.documentElement.classList.contains('pieces-letters')")
    look = page.evaluate(LOOK, "A9")
    assert look == {"href": "#k-C", "figure": False, "letter": True, "text": "C"}
    letter_png = _square_png(page, "A9")
    assert letter_png != figure_png  # the square is drawn differently
    settings = json.loads(page.evaluate("() => localStorage.getItem('djambi.settings.v1')"))
    assert settings["pieces"] == "letters"

    # Remembered: after a reload the letters show from the first paint on.
    page.reload()
    assert page.evaluate("() => document.documentElement.classList.contains('pieces-letters')")
    wait_ready(page)
    assert page.input_value("#set-pieces") == "letters"
    assert page.evaluate(LOOK, "A9")["letter"]

    _choose(page, "figures")
    page.wait_for_function("() => !document.documentElement.classList.contains('pieces-letters')")
    assert page.evaluate(LOOK, "A9")["figure"]


def test_a_corpse_shows_its_kind_in_either_look(page: Page, base_url, wait_ready):
    # The start with Red's C9 militant dead on E6, opened by a link (docs/formats.md).
    page.goto(base_url)
    wait_ready(page)
    page.evaluate("f => { location.hash = f; }", "#" + CORPSE_ON_E6)
    page.wait_for_function("() => location.hash === ''")
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    page.wait_for_function("() => document.querySelector('#board [data-square=\"E6\"] use.pc')"
                           ".getAttribute('href') === '#d-M'")
    look = page.evaluate(LOOK, "E6")
    assert look["figure"] and not look["letter"] and look["text"] == "M"
    _choose(page, "letters")
    look = page.evaluate(LOOK, "E6")
    assert look["letter"] and not look["figure"]
