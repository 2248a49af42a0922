"""Camblam in the page (issue 26): chosen in the new-game dialog, played by taps on a1 … l12, a
computer's reply, undo, a share link opening the same position in another page, the board fitting
a phone, a chain capture shown before it is played, the promotion chooser. Whole games and the
screenshots in every language: e2e/test_camblam_games.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import menu_click, wait_ready


def camblam_game(page: Page, white: str = "human", black: str = "human") -> None:
    menu_click(page, "#btn-new")
    page.select_option("#game", "camblam")
    expect(page.locator("#seat-w")).to_be_visible()
    expect(page.locator("#seat-r")).to_be_hidden()
    page.select_option("#seat-w", white)
    page.select_option("#seat-b", black)
    page.click("#newgame-start")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator('#board [data-square="l12"]')).to_have_count(1)


def tap(page: Page, *squares: str) -> None:
    for square in squares:
        page.click(f'#board [data-square="{square}"]')


def moves(page: Page) -> list[str]:
    return page.locator("#move-list li").all_inner_texts()


def test_choose_camblam_play_taps_computer_reply_undo_and_share(new_page, screenshot_dir):
    page = new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("./")
    wait_ready(page)
    camblam_game(page, "human", "easy")
    expect(page.locator("#board [data-square]")).to_have_count(144)
    expect(page.locator("#status")).to_have_text("White to move")
    tap(page, "f3")
    assert page.locator("#board .option").count() == 3  # f4, f5, f6
    tap(page, "f6")
    expect(page.locator("#move-list li")).to_have_count(2, timeout=30_000)  # the computer replied
    expect(page.locator("#status")).to_have_text("White to move")
    assert "f3-f6" in moves(page)[0]
    tap(page, "g3", "g5")
    expect(page.locator("#move-list li")).to_have_count(4, timeout=30_000)
    page.click("#btn-undo")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(page.locator("#status")).to_have_text("White to move")
    # the board fits the phone's width: no horizontal scroll
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    box = page.locator("#board-wrap").bounding_box()  # the SVG is clipped to it on a phone
    assert box["width"] <= 390
    page.screenshot(path=str(screenshot_dir / "camblam-phone-play.png"))
    # the share link opens the same position in another page
    menu_click(page, "#btn-share")
    link = page.locator("#link-game").input_value()
    assert "#L1.C1~start~f3f6~" in link
    position = page.evaluate("() => [...document.querySelectorAll('#board [data-square]')].map(g => g.getAttribute('aria-label')).join('|')")
    page.keyboard.press("Escape")
    other = new_page(viewport={"width": 390, "height": 844})
    other.goto(link)
    wait_ready(other)
    if other.is_visible("#link-dialog"):
        other.click("#link-open")
    expect(other.locator("#move-list li")).to_have_count(2)
    again = other.evaluate("() => [...document.querySelectorAll('#board [data-square]')].map(g => g.getAttribute('aria-label')).join('|')")
    assert again == position
    assert errors == []


def test_a_chain_capture_is_shown_before_it_is_played(new_page):
    page = new_page(viewport={"width": 768, "height": 1024})
    page.goto("./#C1.6k5/12/12/12/12/12/ppp1Q7/12/12/12/12/6K5.w.0.1")
    wait_ready(page)
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    expect(page.locator('#board [data-square="e6"]')).to_have_count(1)
    # by keyboard: the focus square starts on e4; arrows move it, Enter taps
    page.focus("#board")
    for key in ("ArrowUp", "ArrowUp", "Enter"):
        page.keyboard.press(key)
    expect(page.locator('#board [data-square="e6"].selected')).to_have_count(1)
    expect(page.locator("#board .capture")).to_have_count(3)
    for key in ("ArrowLeft",) * 4 + ("Enter",):
        page.keyboard.press(key)
    # the chain's three pawns are marked, and nothing is played yet
    expect(page.locator("#board .taken")).to_have_count(3)
    expect(page.locator("#prompt")).to_contain_text("takes 3 pieces")
    assert page.locator("#move-list li").count() == 0
    tap(page, "a6")  # the second tap on the landing square plays it
    expect(page.locator("#move-list li")).to_have_count(1)
    assert "Qe6xa6" in moves(page)[0]
    expect(page.locator("#board .taken")).to_have_count(0)
    expect(page.locator("#board .check")).to_have_count(1)  # the king on g12, on the queen's diagonal
    expect(page.locator("#status")).to_have_text("Black to move")


def test_promotion_offers_seven_pieces(new_page):
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("./#C1.6k5/P11/12/12/12/12/12/12/12/12/12/6K5.w.0.1")
    wait_ready(page)
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    expect(page.locator('#board [data-square="a11"]')).to_have_count(1)
    tap(page, "a11", "a12")
    expect(page.locator("#promote-dialog")).to_be_visible()
    expect(page.locator("#promote-dialog button")).to_have_count(7)
    page.keyboard.press("Escape")  # closes; nothing played
    expect(page.locator("#promote-dialog")).to_be_hidden()
    assert page.locator("#move-list li").count() == 0
    tap(page, "a12")
    page.click('#promote-dialog button[data-kind="A"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    assert "a11-a12=A" in moves(page)[0]


@pytest.mark.parametrize("lang, names", [
    ("fr", ["Dame", "Tour", "Fou", "Cavalier", "Catapulte", "Archer", "Prince"]),
    ("cs", ["Dáma", "Věž", "Střelec", "Jezdec", "Katapult", "Lučištník", "Princ"]),
])
def test_the_promotion_chooser_names_each_piece_in_words_at_390(new_page, lang, names):
    """Issue 37: the chooser showed figures only (names in tooltips, which touch screens never
    show); each button now shows its piece's name, whole, inside a 390 px screen."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    page.goto(f"./?lang={lang}#C1.6k5/P11/12/12/12/12/12/12/12/12/12/6K5.w.0.1")
    wait_ready(page)
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    tap(page, "a11", "a12")
    buttons = page.locator("#promote-dialog button")
    expect(buttons).to_have_count(7)
    assert [t.strip() for t in page.locator("#promote-dialog .piece-name").all_inner_texts()] == names
    for i in range(7):
        name = buttons.nth(i).locator(".piece-name")
        expect(name).to_be_visible()
        box = buttons.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 44
        assert name.evaluate("n => n.scrollWidth <= n.clientWidth + 1")  # the whole word shows
        assert buttons.nth(i).get_attribute("title") is None  # words, not a tooltip


def test_after_camblam_the_new_game_dialog_shows_each_djambi_seat_as_itself(new_page):
    """With Camblam on the board, the new-game dialog set to Djambi shows every seat's chief
    (the swatches' figure is the page's, not the board's) and Blue in blue, not Camblam's black
    disc; set to Camblam, Black's disc is black."""
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto("./")
    wait_ready(page)
    camblam_game(page)
    tap(page, "f3", "f6")
    expect(page.locator("#move-list li")).to_have_count(1)
    menu_click(page, "#btn-new")
    page.select_option("#game", "djambi")
    expect(page.locator("#seat-r")).to_be_visible()
    swatches = page.evaluate("""() => ['r', 'b', 'y', 'g'].map(letter => {
        const swatch = document.querySelector(`#newgame-dialog .seat-${letter} .swatch`);
        const use = swatch.querySelector('.djambi-only use, :scope > svg use');
        const box = use.getBBox();
        return [letter, !!document.querySelector(use.getAttribute('href')), box.width > 0 && box.height > 0,
                getComputedStyle(swatch).backgroundColor];
    })""")
    for letter, found, drawn, background in swatches:
        assert found and drawn, (letter, found, drawn)
        assert background != "rgb(42, 38, 34)", (letter, background)  # Camblam's black
    page.select_option("#game", "camblam")
    expect(page.locator("#seat-w")).to_be_visible()
    black = page.evaluate("() => getComputedStyle(document.querySelector('#newgame-dialog .seat-b .swatch')).backgroundColor")
    assert black == "rgb(42, 38, 34)"
