"""Seats that change hands (issue 37, point 3), in the page: the players list shows who plays each
seat at a glance (an icon and a word, at every size); its seat button opens a menu (Escape closes
it) that hands the seat to the computer mid-game, which then moves; Undo brings the human back,
Redo the computer; a reload keeps it; taking a seat back while its computer thinks stops it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from test_app import tap
from test_layout import SIZES

SHOTS = Path("/work/notes/shots/seats")


def seat_button(page, letter: str):
    return page.locator(f"#players li.pc-{letter} .pseat-btn")


def hand_over(page, letter: str, kind: str) -> None:
    seat_button(page, letter).click()
    expect(page.locator("#seat-menu")).to_be_visible()
    page.click(f'#seat-menu-choices button[data-kind="{kind}"]')
    expect(page.locator("#seat-menu")).to_be_hidden()


def moves(page) -> int:
    return page.locator("#move-list li").count()


def test_a_seat_handed_to_the_computer_moves_undo_brings_the_human_back_reload_keeps_it(
        page, wait_ready):
    page.goto("./")
    wait_ready(page)
    tap(page, "C7", "F4")  # Red's move; every seat human
    expect(page.locator("#move-list li")).to_have_count(1)
    expect(page.locator("#status")).to_have_text("Blue to move")
    blue = seat_button(page, "b")
    expect(blue).to_have_attribute("data-seat", "human")
    expect(blue).to_contain_text("Human")

    # The menu opens from the keyboard too, and Escape closes it, changing nothing.
    blue.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#seat-menu")).to_be_visible()
    expect(page.locator("#seat-menu-title")).to_have_text("Who plays Blue?")
    levels = page.locator("#seat-menu-choices button").evaluate_all(
        "bs => bs.map(b => [b.dataset.kind, b.getBoundingClientRect().height])")
    assert [k for k, _ in levels] == ["human", "easy", "normal", "hard", "expert", "random"]
    assert all(h >= 44 for _, h in levels)
    page.keyboard.press("Escape")
    expect(page.locator("#seat-menu")).to_be_hidden()
    expect(blue).to_have_attribute("data-seat", "human")

    # Blue, to move, is handed to the computer: it moves, and the narration says so.
    hand_over(page, "b", "easy")
    expect(page.locator("#message-text")).to_have_text("Blue is now played by the computer (easy).")
    expect(blue).to_have_attribute("data-seat", "easy")
    expect(page.locator("#move-list li")).to_have_count(2, timeout=60_000)
    expect(page.locator("#status")).to_have_text("Yellow to move")
    expect(page.locator("#event-log li.seat-step")).to_have_text(
        " Blue is now played by the computer (easy).")
    expect(page.locator('#move-list li[data-ply="1"] .seat-note')).to_have_count(1)

    # Undo: the computer's move and the change of hands; Blue's human is back, to move.
    page.click("#btn-undo")
    expect(page.locator("#move-list li")).to_have_count(1)
    expect(blue).to_have_attribute("data-seat", "human")
    expect(page.locator("#status")).to_have_text("Blue to move")
    expect(page.locator("#event-log li.seat-step")).to_have_count(0)
    expect(page.locator("#message-text")).to_have_text("Blue is played by a person here again.")
    # Redo: both again.
    page.click("#btn-redo")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(blue).to_have_attribute("data-seat", "easy")

    # A reload keeps the seats and the step (Undo still brings the human back).
    page.reload()
    wait_ready(page)
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(seat_button(page, "b")).to_have_attribute("data-seat", "easy")
    expect(page.locator("#event-log li.seat-step")).to_have_count(1)
    page.click("#btn-undo")
    expect(seat_button(page, "b")).to_have_attribute("data-seat", "human")
    expect(page.locator("#move-list li")).to_have_count(1)


def test_a_seat_taken_back_while_its_computer_thinks_stops_it(page, wait_ready):
    page.goto("./")
    wait_ready(page)
    hand_over(page, "r", "expert")  # Red, to move: the computer starts
    expect(page.locator("#thinking")).to_be_visible()
    hand_over(page, "r", "human")
    expect(page.locator("#thinking")).to_be_hidden()
    page.wait_for_function("() => document.body.dataset.searches === '0'")
    expect(page.locator("#status")).to_have_text("Red to move")
    assert moves(page) == 0  # the search stopped before it could move
    expect(page.locator("#message-text")).to_have_text("Red is played by a person here again.")
    expect(seat_button(page, "r")).to_have_attribute("data-seat", "human")


def test_a_camblam_seat_offers_camblams_levels(page, wait_ready):
    page.goto("./")
    wait_ready(page)
    page.evaluate("f => { location.hash = f; }", "#C1~start;seats=hh")
    expect(page.locator("#players li.pc-b .pseat-btn")).to_be_visible()
    seat_button(page, "b").click()
    kinds = page.locator("#seat-menu-choices button").evaluate_all("bs => bs.map(b => b.dataset.kind)")
    assert kinds == ["human", "easy", "normal", "hard", "random"]
    page.keyboard.press("Escape")
    expect(page.locator("#seat-menu")).to_be_hidden()


#: Each size in English; the screenshots' two sizes in French and Czech too.
LOOKS = [(size, "en") for size in ("390x844", "1024x768", "844x390", "768x1024", "1280x800")] + [
    (size, lang) for lang in ("fr", "cs") for size in ("390x844", "1024x768")]


@pytest.mark.parametrize("size,lang", LOOKS)
def test_the_players_list_shows_each_seat_at_every_size(new_page, wait_ready, size, lang):
    """Each seat's kind at a glance (an icon, and the level's word for a computer, on the page,
    not in a tooltip), on a 44-pixel button; the seat menu and the change's narration, as
    screenshots."""
    page = new_page(**SIZES[size])
    page.goto(f"./?lang={lang}")
    wait_ready(page)
    page.evaluate("f => { location.hash = f; }", "#G1~start;seats=hdhh")
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    for letter in "rbyg":
        button = seat_button(page, letter)
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (letter, box)
        expect(button.locator(".pseat-icon svg")).to_be_visible()  # seen, not only a tooltip
        shown = button.inner_text().strip()
        if letter == "b":  # the computer's level is said in a word at every size
            assert shown == {"en": "hard", "fr": "difficile", "cs": "těžký"}[lang], (size, shown)
        else:  # a person's seat: its icon, with the word where there is room
            assert shown in ("", {"en": "Human", "fr": "Humain", "cs": "Člověk"}[lang]), shown
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"players-{lang}-{size}.png"))
    seat_button(page, "y").click()
    expect(page.locator("#seat-menu")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"seat-menu-{lang}-{size}.png"))
    page.click('#seat-menu-choices button[data-kind="normal"]')
    expect(page.locator("#message")).to_be_visible()
    expect(seat_button(page, "y")).to_have_attribute("data-seat", "normal")
    page.screenshot(path=str(SHOTS / f"seat-change-{lang}-{size}.png"))
