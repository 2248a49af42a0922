"""Camblam's learning in the page (issue 26 point 7): Camblam's lessons in the Learn list under
their own heading, two run to success by taps (with a wrong move answered by its hint, and a
promotion), back to the game without losing it; the rules of Camblam in French and Czech with
their diagrams, opened from a Camblam game too; the piece guide and tip for Camblam's pieces.

Screenshots at 390×844 and 1024×768 go to e2e/screenshots/camblam-learn-*.png.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from conftest import menu_click, wait_ready
from test_camblam import camblam_game, tap

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}


def open_page(new_page, url: str, errors: list[str], **options) -> Page:
    page = new_page(**options)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    wait_ready(page)
    return page


def square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def figure(page: Page, name: str) -> str:
    """The piece drawn on a Camblam square (``cb-wR``), "" if none."""
    use = square(page, name).locator("use")
    return (use.get_attribute("href") or "").lstrip("#") if use.count() else ""


def test_camblam_lessons_listed_run_by_taps_and_back_to_the_game(new_page, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, "./#learn", errors, **PHONE)
    expect(page.locator("#lessons-dialog")).to_be_visible()
    expect(page.locator("#lessons-camblam h3")).to_have_text("Camblam")
    items = page.locator("#camblam-lesson-items li[data-lesson]")
    expect(items).to_have_count(11)
    ids = [items.nth(i).get_attribute("data-lesson") for i in range(11)]
    assert ids[0] == "camblam-pawn" and "camblam-check" in ids and "camblam-archer" in ids
    assert page.locator("#lesson-list-items li[data-lesson]").first.get_attribute("data-lesson") == "militant"
    page.locator("#lessons-camblam h3").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "camblam-learn-list-390x844.png"))
    page.locator('li[data-lesson="camblam-rook"] button').tap()
    expect(page.locator("#lesson-box")).to_be_visible()
    expect(page.locator("#lesson-title")).to_have_text("The rook")
    expect(page.locator("#lesson-count")).to_have_text("Camblam: lesson 6 of 11")
    expect(square(page, "l12")).to_have_count(1)  # Camblam's board
    assert figure(page, "a5") == "cb-wR"
    # A wrong move: the rook takes one pawn only. Taken back, with the hint.
    square(page, "a5").tap()
    expect(page.locator("#board .sq.cursor")).to_have_count(0)  # no keyboard square after a tap
    square(page, "d5").tap()
    note = page.locator("#lesson-note")
    expect(note).to_contain_text("Not this one")
    expect(note).to_contain_text("Land on the last one, f5")
    assert figure(page, "a5") == "cb-wR" and figure(page, "d5") == "cb-bP"
    page.screenshot(path=str(screenshot_dir / "camblam-learn-wrong-390x844.png"))
    # The chain of three: the pieces it takes are marked first, a second tap plays it.
    square(page, "a5").tap()
    square(page, "f5").tap()
    expect(page.locator("#board .sq.taken")).to_have_count(3)
    square(page, "f5").tap()
    expect(note).to_contain_text("Lesson finished")
    assert figure(page, "f5") == "cb-wR" and figure(page, "d5") == ""
    expect(page.locator("#lesson-next")).to_be_visible()
    # The next one: the bishop; then the archer, from the list, shoots without moving.
    page.locator("#lesson-next").tap()
    expect(page.locator("#lesson-title")).to_have_text("The bishop")
    page.locator("#lesson-list").tap()
    page.locator('li[data-lesson="camblam-archer"] button').tap()
    square(page, "e4").tap()
    expect(square(page, "e8")).to_have_class("sq option shot")
    square(page, "e8").tap()
    expect(note).to_contain_text("Lesson finished")
    assert figure(page, "e4") == "cb-wA" and figure(page, "e8") == ""
    page.screenshot(path=str(screenshot_dir / "camblam-learn-done-390x844.png"))
    assert page.evaluate("localStorage.getItem('camblam.lessons.v1')") == '["archer", "rook"]'
    # Back to the game: Djambi's board, as it was.
    page.locator("#lesson-leave").tap()
    expect(page.locator("#lesson-box")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Red to move")
    expect(page.locator('#board [data-square="E5"]')).to_have_count(1)
    page.goto("./#learn")
    page.reload()
    wait_ready(page)
    expect(page.locator('li[data-lesson="camblam-rook"]')).to_have_class("done")
    expect(page.locator('li[data-lesson="camblam-pawn"]')).not_to_have_class("done")
    assert errors == []


def test_a_camblam_lesson_from_a_camblam_game_with_a_promotion(new_page, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, "./", errors, **TABLET)
    camblam_game(page)
    tap(page, "f3", "f6")
    expect(page.locator("#move-list li")).to_have_count(1)
    page.evaluate("location.hash = '#learn'")
    expect(page.locator("#lessons-dialog")).to_be_visible()
    page.click('li[data-lesson="camblam-promotion"] button')
    expect(page.locator("#lesson-title")).to_have_text("Promotion")
    tap(page, "g11", "h12")
    expect(page.locator("#promote-dialog")).to_be_visible()
    expect(page.locator("#promote-dialog button")).to_have_count(7)
    page.click('#promote-dialog button[data-kind="Q"]')
    expect(page.locator("#lesson-note")).to_contain_text("Lesson finished")
    assert figure(page, "h12") == "cb-wQ"
    page.screenshot(path=str(screenshot_dir / "camblam-learn-promotion-1024x768.png"))
    page.click("#lesson-leave")
    # The Camblam game is back, its move kept, White's pawn on f6, Black to move.
    expect(page.locator("#move-list li")).to_have_count(1)
    expect(page.locator("#status")).to_have_text("Black to move")
    assert figure(page, "f6") == "cb-wP" and figure(page, "h12") == "cb-bA"
    assert errors == []


def test_camblam_rules_in_french_and_czech_from_the_link_and_the_game(new_page, screenshot_dir):
    errors: list[str] = []
    phone = open_page(new_page, "./?lang=fr#camblam-rules", errors, **PHONE)
    expect(phone.locator("#rules-dialog")).to_be_visible()
    expect(phone.locator("#rules-title")).to_have_text("Les règles du Camblam")
    expect(phone.locator("#rules-body details")).to_have_count(11)
    expect(phone.locator("#rules-body .rules-diagram svg")).to_have_count(11)
    assert phone.locator("#rules-body [data-square]").count() == 0  # pictures, not boards
    pawn = phone.locator("#rules-body details", has=phone.locator("summary", has_text="Le pion"))
    pawn.locator("summary").tap()
    expect(pawn).to_have_attribute("open", "")
    expect(pawn).to_contain_text("en passant")
    expect(pawn.locator(".rules-diagram svg")).to_be_visible()
    pawn.locator("summary").scroll_into_view_if_needed()
    assert phone.evaluate("() => document.querySelector('#rules-dialog').scrollWidth <= innerWidth")
    phone.screenshot(path=str(screenshot_dir / "camblam-learn-rules-fr-390x844.png"))
    tablet = open_page(new_page, "./?lang=cs", errors, **TABLET)
    camblam_game(tablet)
    menu_click(tablet, "#btn-learn")
    tablet.click("#welcome-rules")
    expect(tablet.locator("#rules-dialog")).to_be_visible()
    expect(tablet.locator("#rules-title")).to_have_text("Pravidla Camblamu")
    expect(tablet.locator("#rules-body details")).to_have_count(11)
    tablet.locator("#rules-body summary", has_text="Lučištník").click()
    expect(tablet.locator("#rules-body")).to_contain_text("lučištník")
    tablet.locator("#rules-body summary", has_text="Lučištník").scroll_into_view_if_needed()
    tablet.screenshot(path=str(screenshot_dir / "camblam-learn-rules-cs-1024x768.png"))
    tablet.keyboard.press("Escape")
    expect(tablet.locator("#rules-dialog")).to_be_hidden()
    assert errors == []


def test_camblam_piece_tip_and_guide_by_hover_keyboard_and_long_press(new_page, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, "./", errors, viewport={"width": 1024, "height": 768})
    camblam_game(page)
    square(page, "f2").hover()
    expect(page.locator("#piece-tip")).to_contain_text("f2: White's archer — moves like a queen")
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the keyboard's square from e4 to e3
    expect(page.locator("#piece-tip")).to_contain_text("White's pawn")
    phone = open_page(new_page, "./?lang=cs", errors, **PHONE)
    camblam_game(phone)
    init = {"pointerType": "touch", "isPrimary": True, "bubbles": True, "clientX": 10, "clientY": 10}
    phone.dispatch_event('#board [data-square="b2"] rect', "pointerdown", init)
    expect(phone.locator("#guide-dialog")).to_be_visible()
    phone.dispatch_event('#board [data-square="b2"] rect', "pointerup", init)
    expect(phone.locator("#guide-camblam-N")).to_have_class("guide-kind current")
    expect(phone.locator("#guide-dialog .guide-kind")).to_have_count(9)
    expect(phone.locator("#guide-dialog .guide-diagram svg")).to_have_count(9)
    expect(phone.locator("#guide-piece")).to_contain_text("jezdec")
    phone.screenshot(path=str(screenshot_dir / "camblam-learn-guide-cs-390x844.png"))
    phone.keyboard.press("Escape")
    expect(phone.locator("#guide-dialog")).to_be_hidden()
    expect(phone.locator("#board .sq.selected")).to_have_count(0)  # the long press was no tap
    assert errors == []
