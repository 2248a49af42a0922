"""Learning in the page (issue 11): the welcome on a first visit (not on the second), lessons from
``#learn`` played by taps (a wrong move answered with its hint), the piece guide from a long press,
the rules, the threat view on a known position, and a suggested move shown but not played.

Screenshots at 1280×800, 768×1024 (touch) and 390×844 go to e2e/screenshots/learn-*.png.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from djambi import Board, Party, parse_square, square_name
from djambi.threats import reach, threats

from test_app import relocated
from conftest import menu_click

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 1}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}


def open_page(new_page, wait_ready, url: str, errors: list[str], first_visit: bool = False,
              **options) -> Page:
    page = new_page(first_visit=first_visit, **options)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    wait_ready(page)
    return page


def square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def marked(page: Page, cls: str) -> set[str]:
    return set(page.eval_on_selector_all(
        f"#board .sq.{cls}", "els => els.map(e => e.dataset.square)"))


def long_press(page: Page, name: str) -> None:
    """A finger held on a piece until its guide opens (app/learnview.py, LONG_PRESS_MS), then
    lifted (no click follows)."""
    target = f'#board [data-square="{name}"] .cell'
    init = {"pointerType": "touch", "isPrimary": True, "bubbles": True, "clientX": 10, "clientY": 10}
    page.dispatch_event(target, "pointerdown", init)
    expect(page.locator("#guide-dialog")).to_be_visible()
    page.dispatch_event(target, "pointerup", init)


def test_welcome_on_the_first_visit_and_not_on_the_second(new_page, base_url, wait_ready,
                                                          external_requests, screenshot_dir):
    errors: list[str] = []
    page = new_page(first_visit=True, **DESKTOP)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # The board is ready (drawn, playable) before the welcome opens over it, in a task of its own.
    page.add_init_script("""new MutationObserver((records, observer) => {
        if (document.body?.dataset.ready !== "1") return;
        window.dialogAtReady = document.querySelector("dialog[open]")?.id ?? "";
        observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });""")
    page.goto(base_url)
    wait_ready(page)
    expect(page.locator("#welcome-dialog")).to_be_visible()
    assert page.evaluate("window.dialogAtReady") == ""
    expect(page.locator("#welcome-computer")).to_have_text("Play against the computer")
    page.screenshot(path=str(screenshot_dir / "learn-welcome-1280x800.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#welcome-dialog")).to_be_hidden()
    page.reload()
    wait_ready(page)
    # The welcome would open in a timer the start sets right after data-ready (app/main.py,
    # ``later``); a timer of ours set now, with the same delay, runs after it: then it is decided.
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
    assert not page.evaluate("document.querySelector('#welcome-dialog').open")
    # The Learn button brings it back; one tap starts a game against three computers.
    menu_click(page, "#btn-learn")
    expect(page.locator("#welcome-dialog")).to_be_visible()
    page.click("#welcome-computer")
    expect(page.locator("#welcome-dialog")).to_be_hidden()
    seats = page.locator("#players .pseat").all_text_contents()
    assert seats == ["Human", "Computer (normal)", "Computer (normal)", "Computer (normal)"]
    assert page.text_content("#status") == "Red to move"
    # You play Red: a move, and the computers answer.
    page.click('#board [data-square="C7"]')
    page.click('#board [data-square="D6"]')
    expect(page.locator("#move-list li")).to_have_count(4, timeout=60_000)
    assert errors == [] and external_requests == []


def test_welcome_on_a_phone_and_pass_and_play(new_page, base_url, wait_ready, external_requests,
                                              screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url, errors, first_visit=True, **PHONE)
    expect(page.locator("#welcome-dialog")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "learn-welcome-390x844.png"))
    page.tap("#welcome-pass")
    expect(page.locator("#welcome-dialog")).to_be_hidden()
    assert page.locator("#players .pseat").all_text_contents() == ["Human"] * 4
    page.tap('#board [data-square="C7"]')
    page.tap('#board [data-square="D6"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    assert errors == [] and external_requests == []


def test_lesson_one_by_taps_with_a_wrong_move_answered_by_its_hint(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url + "#learn", errors, **PHONE)
    expect(page.locator("#lessons-dialog")).to_be_visible()
    items = page.locator("#lesson-list-items li[data-lesson]")
    assert items.count() >= 12
    assert items.first.get_attribute("data-lesson") == "militant"
    page.screenshot(path=str(screenshot_dir / "learn-lessons-390x844.png"))
    items.first.locator("button").tap()
    expect(page.locator("#lesson-box")).to_be_visible()
    expect(page.locator("#lesson-title")).to_have_text("The militant")
    saved_before = page.evaluate("localStorage.getItem('djambi.save.v1')")
    # A wrong move: the militant steps to D6. It is taken back, with the hint.
    square(page, "D5").tap()
    square(page, "D6").tap()
    note = page.locator("#lesson-note")
    expect(note).to_contain_text("Not this one")
    expect(note).to_contain_text("two squares straight up")
    assert page.get_attribute('#board [data-square="D5"] use', "href") == "#k-M"
    assert page.get_attribute('#board [data-square="D6"] use', "href") == ""
    page.screenshot(path=str(screenshot_dir / "learn-lesson-wrong-390x844.png"))
    # The lesson's move by taps: the militant, its victim, where the corpse goes.
    square(page, "D5").tap()
    square(page, "D7").tap()
    square(page, "A1").tap()
    expect(note).to_contain_text("Lesson finished")
    assert page.get_attribute('#board [data-square="A1"] use', "href") == "#d-M"
    expect(page.locator("#lesson-next")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "learn-lesson-done-390x844.png"))
    # Remembered; the saved game untouched by the lesson.
    assert page.evaluate("localStorage.getItem('djambi.lessons.v1')") == '["militant"]'
    assert page.evaluate("localStorage.getItem('djambi.save.v1')") == saved_before
    page.goto(base_url + "#learn")
    page.reload()
    wait_ready(page)
    expect(page.locator('li[data-lesson="militant"]')).to_have_class("done")
    page.keyboard.press("Escape")
    expect(page.locator("#lessons-dialog")).to_be_hidden()
    assert errors == [] and external_requests == []


def test_lesson_on_the_desktop_next_lesson_and_back_to_the_game(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url + "#learn", errors, **DESKTOP)
    page.click('li[data-lesson="reporter"] button')
    square(page, "C4").click()
    square(page, "G4").click()
    page.screenshot(path=str(screenshot_dir / "learn-lesson-reporter-1280x800.png"))
    square(page, "G5").click()
    expect(page.locator("#lesson-note")).to_contain_text("Lesson finished")
    page.click("#lesson-next")
    expect(page.locator("#lesson-title")).to_have_text("The provocateur")
    page.click("#lesson-leave")
    expect(page.locator("#lesson-box")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Red to move")
    assert page.get_attribute('#board [data-square="A9"] use', "href") == "#k-C"
    assert errors == [] and external_requests == []


def test_piece_guide_from_a_long_press(new_page, base_url, wait_ready, external_requests,
                                       screenshot_dir):
    # Blue's chief is dead and Green took his army: Blue's reporter on I8 is played by Green.
    code = relocated({}, control="rgyg", corpses=("I9",))
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url + "#" + code, errors, **TABLET)
    long_press(page, "I8")
    expect(page.locator("#guide-dialog")).to_be_visible()
    expect(page.locator("#guide-piece")).to_have_text("Blue's reporter, played by Green.")
    expect(page.locator("#guide-R")).to_have_class("guide-kind current")
    assert page.locator(".guide-kind").count() == 6
    assert page.locator(".guide-diagram svg").count() == 6
    page.screenshot(path=str(screenshot_dir / "learn-guide-longpress-768x1024.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#guide-dialog")).to_be_hidden()
    # The long press was no tap: nothing is selected.
    assert marked(page, "sel") == set()
    expect(page.locator("#piece-tip")).to_contain_text("I8: Blue's reporter, played by Green.")
    assert errors == [] and external_requests == []


def test_hover_and_keyboard_name_the_piece_and_the_rules_read_on_a_phone(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url, errors, **DESKTOP)
    square(page, "I9").hover()
    expect(page.locator("#piece-tip")).to_have_text("I9: Blue's chief, played by Blue.")
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the cursor from E5 to E4
    expect(page.locator("#piece-tip")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    for _ in range(3):
        page.keyboard.press("ArrowDown")  # G1: Yellow's militant
    expect(page.locator("#piece-tip")).to_have_text("G1: Yellow's militant, played by Yellow.")
    page.screenshot(path=str(screenshot_dir / "learn-tip-1280x800.png"))
    phone = open_page(new_page, wait_ready, base_url + "#rules", errors, **PHONE)
    expect(phone.locator("#rules-dialog")).to_be_visible()
    sections = phone.locator("#rules-body details")
    expect(sections.first).to_be_visible()  # the rules come in the later part: wait for them
    assert sections.count() >= 10
    phone.locator("#rules-body summary", has_text="The pieces' actions").tap()
    expect(phone.locator("#rules-body")).to_contain_text("the corpse stays where it was")
    assert "test_" not in phone.text_content("#rules-body")
    assert phone.evaluate("() => document.querySelector('#rules-dialog').scrollWidth <= innerWidth")
    phone.screenshot(path=str(screenshot_dir / "learn-rules-390x844.png"))
    assert errors == [] and external_requests == []


def test_threat_view_on_a_known_position(new_page, base_url, wait_ready, external_requests,
                                         screenshot_dir):
    # Blue's assassin on D5 sees Red's militant on B7 (D5-C6-B7); Blue's militant on F6 sees
    # nothing of Red's. Expected threats from the engine.
    code = relocated({"H9": "D5", "G8": "F6"})
    board = Board.from_code(code)
    expected = threats(board, Party.RED)
    assert expected, "the position must hold a threat"
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url + "#" + code, errors, **DESKTOP)
    menu_click(page, "#btn-threats")
    assert page.get_attribute("#btn-threats", "aria-pressed") == "true"
    assert marked(page, "threat") == {square_name(s) for s in expected}
    assert marked(page, "attacker") == {square_name(a) for att in expected.values() for a in att}
    expect(page.locator("#threat-note")).to_contain_text("can be killed next turn")
    page.screenshot(path=str(screenshot_dir / "learn-threats-1280x800.png"))
    # An enemy piece tapped: where it can go and what it could kill.
    square(page, "D5").click()
    where = reach(board, parse_square("D5"))
    assert marked(page, "reach-kill") == {square_name(s) for s in where.kills}
    assert marked(page, "reach") == {square_name(s) for s in where.moves - where.kills}
    expect(page.locator("#threat-note")).to_contain_text("could kill")
    page.screenshot(path=str(screenshot_dir / "learn-threats-enemy-1280x800.png"))
    # One of my pieces selected: what moving it would leave exposed.
    square(page, "D5").click()  # off again
    square(page, "B7").click()  # the threatened militant: behind it, on the diagonal, A8
    changes = {parse_square("B7"): None}
    opened = set(threats(board, Party.RED, changes)) - set(expected)
    assert {square_name(s) for s in opened} == {"A8"}
    assert marked(page, "exposed") == {"A8"}
    expect(page.locator("#threat-note")).to_contain_text("This move would leave open to a kill: reporter A8")
    page.screenshot(path=str(screenshot_dir / "learn-threats-exposed-1280x800.png"))
    square(page, "B7").click()  # cancel
    assert page.locator("#move-list li").count() == 0
    # Off: no marks.
    menu_click(page, "#btn-threats")
    assert marked(page, "threat") == set() and page.is_hidden("#threat-note")
    assert errors == [] and external_requests == []


def test_threat_view_by_touch_on_a_tablet(new_page, base_url, wait_ready, external_requests,
                                         screenshot_dir):
    code = relocated({"H9": "D5"})
    expected = threats(Board.from_code(code), Party.RED)
    errors: list[str] = []
    page = open_page(new_page, wait_ready, base_url + "#" + code, errors, **TABLET)
    menu_click(page, "#btn-threats", tap=True)
    assert marked(page, "threat") == {square_name(s) for s in expected}
    page.screenshot(path=str(screenshot_dir / "learn-threats-768x1024.png"))
    assert errors == [] and external_requests == []


def test_a_suggested_move_is_shown_and_not_played(new_page, base_url, wait_ready, external_requests,
                                                  screenshot_dir):
    errors: list[str] = []
    for options, name in ((DESKTOP, "1280x800"), (PHONE, "390x844")):
        page = open_page(new_page, wait_ready, base_url, errors, **options)
        menu_click(page, "#btn-suggest")
        expect(page.locator("#message-text")).to_contain_text("suggests", timeout=60_000)
        text = page.text_content("#message-text")
        move_text = text.split("suggests ")[1].split(",")[0]
        board = Board()
        move = board.parse_move(move_text)  # a legal move of the start position
        shown = marked(page, "suggest")
        assert shown == {square_name(move.piece), square_name(move.to)}
        page.screenshot(path=str(screenshot_dir / f"learn-suggest-{name}.png"))
        assert page.locator("#move-list li").count() == 0
        assert page.text_content("#status") == "Red to move"
        assert page.get_attribute(f'#board [data-square="{square_name(move.piece)}"] use', "href") != ""
        # Playing another move clears the suggestion.
        page.click('#board [data-square="A7"]')
        page.click('#board [data-square="A6"]')
        expect(page.locator("#move-list li")).to_have_count(1)
        assert marked(page, "suggest") == set()
    assert errors == [] and external_requests == []
