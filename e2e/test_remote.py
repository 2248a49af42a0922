"""Play by link (issue 15), end to end: two browser contexts (a phone and a tablet, each its own
storage) play one game by passing move links, a computer seat in between; a diverging link keeps
both versions; the Games list with three games (open, rename, delete with undo); a full storage.
Screenshots at phone (390×844) and tablet (768×1024) size go to ``e2e/screenshots/remote-*.png``.
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlsplit

import segno
from playwright.sync_api import Page, expect

from djambi import Party, parse_game_code, square_name
from app.state import session
from app.state import linking
from test_follow import moves, new_game, ready, tap
from conftest import menu_click
from test_table import COVERED

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
TABLET = dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)


# ---------------------------------------------------------------------------- helpers
def game_code(page: Page) -> str:
    return page.evaluate("() => window.djambiApp()")


def play_a_move(page: Page, rng: random.Random, then: Party | None = None) -> str:
    """Tap a legal move of the player to move that two taps make (no follow-up choice); with
    ``then``, one after which that player moves (the computers' moves vary from run to run, so a
    random move could otherwise put him out of the game)."""
    board = parse_game_code(game_code(page))
    legal = board.generate_legal_moves()
    simple = [m for m in legal if m.piece >= 0
              and sum(1 for n in legal if (n.piece, n.to) == (m.piece, m.to)) == 1]
    if then is not None:
        def next_player(move) -> Party:
            after = board.copy()
            after.push(move)
            return after.turn
        simple = [m for m in simple if next_player(m) == then]
    move = rng.choice(sorted(simple))
    before = moves(page)
    tap(page, square_name(move.piece), square_name(move.to))
    expect(page.locator("#move-list li")).to_have_count(before + 1)
    return board.move_text(move)


def open_link(page: Page, link: str) -> None:
    """Open a link in a page that is already open (as tapping it in a messaging app does)."""
    page.evaluate("f => { location.hash = f; }", "#" + link.split("#", 1)[1])
    page.wait_for_function("() => location.hash === ''")


def sent_link(page: Page, to: str) -> str:
    """The link the send dialog offers for ``to``; checks its QR code is that link's."""
    expect(page.locator("#send-dialog")).to_be_visible()
    expect(page.locator("#send-title")).to_have_text(f"Send the move to {to}")
    link = page.input_value("#link-move")
    code = segno.make(link, error="l", micro=False)
    size = len(list(code.matrix_iter(scale=1, border=2)))
    qr = page.locator("#send-qr svg")
    assert qr.get_attribute("data-size") == str(size)
    dark = page.locator("#send-qr path").get_attribute("d").count("M")
    assert dark == sum(sum(1 for v in row if v) for row in code.matrix_iter(scale=1, border=2))
    assert len(link) < 500
    return link


def close_send(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("#send-dialog")).to_be_hidden()


def games(page: Page) -> None:
    """Open the Games list (a message over the buttons is dismissed first, as a player would)."""
    if page.is_visible("#message"):
        page.click("#message-close")
    menu_click(page, "#btn-games")
    expect(page.locator("#games-dialog")).to_be_visible()


def shoot(page: Page, screenshot_dir, name: str) -> None:
    page.screenshot(path=str(screenshot_dir / f"remote-{name}.png"))


# ---------------------------------------------------------------------------- a game by links
#: Whether a player has gone out of the game (the narration says so).
SOMEONE_OUT = "() => [...document.querySelectorAll('#event-log li')].some((li) => li.textContent.includes('is out of the game'))"


def four_rounds_by_links(phone: Page, tablet: Page, rng: random.Random, screenshot_dir) -> str | None:
    """Four rounds of the game by links (see the test below); the last link the tablet sent, or
    None if a player went out of the game on the way."""
    new_game(phone, {"r": "human", "b": "remote", "y": "easy", "g": "remote"})
    expect(phone.locator("#players li").nth(1)).to_contain_text("Remote (another device)")
    for round_ in range(4):
        red = play_a_move(phone, rng)
        link = sent_link(phone, "Blue")
        if round_ == 0:
            shoot(phone, screenshot_dir, "phone-send")
        close_send(phone)
        # the phone waits: nothing runs, and Blue's seat is not playable here by mistake
        expect(phone.locator("#status")).to_have_text("Blue to move")
        expect(phone.locator("#waiting")).to_be_visible()
        assert phone.is_hidden("#thinking")
        tap(phone, "I7")
        expect(phone.locator("#message-text")).to_contain_text("played on another device")
        assert phone.locator("#board .sel").count() == 0
        if round_ == 0:
            shoot(phone, screenshot_dir, "phone-waiting")
            open_link(tablet, link)
            expect(tablet.locator("#seat-dialog")).to_be_visible()
            assert tablet.locator("#seat-choices input").count() == 3  # the human seats
            tablet.check("#mine-b")
            tablet.check("#mine-g")
            shoot(tablet, screenshot_dir, "tablet-which-seat")
            tablet.click("#seat-join")
            expect(tablet.locator("#message-text")).to_contain_text("Opened “Game 1”.")
        else:
            open_link(tablet, link)
        expect(tablet.locator("#message-text")).to_contain_text("Red moved")
        expect(tablet.locator("#message-text")).to_contain_text(
            "Your move as Blue: play it, then send the link back to Red.")
        assert red  # the move the phone made is the one the tablet shows
        # the move list is drawn just after the message: wait for its last line
        expect(tablet.locator("#move-list li").last).to_have_text(re.compile(re.escape(red) + "$"))
        play_a_move(tablet, rng)  # Blue
        # Yellow, the computer, plays on the tablet (Blue moves before it); then Green
        tablet.wait_for_function(f"() => document.getElementById('status').textContent === 'Green to move'"
                                 f" || ({SOMEONE_OUT})()", timeout=30_000)
        if tablet.evaluate(SOMEONE_OUT):
            return None  # the computer took a chief: the four rounds need the four players
        play_a_move(tablet, rng)  # Green
        if tablet.locator("#event-log li", has_text="Red is out of the game").count():
            # Red's chief was taken: no link goes to Red, and the tablet plays on with Blue.
            expect(tablet.locator("#status")).to_have_text("Blue to move")
            assert tablet.locator("#send-dialog[open]").count() == 0
            return None
        link = sent_link(tablet, "Red")
        if round_ == 1:
            shoot(tablet, screenshot_dir, "tablet-send")
        close_send(tablet)
        open_link(phone, link)
        message = phone.locator("#message-text")
        expect(message).to_contain_text("Blue moved")
        expect(message).to_contain_text("Yellow moved")
        expect(message).to_contain_text("Green moved")
        expect(message).to_contain_text("Your move as Red: play it, then send the link to Blue.")
        assert game_code(phone) == game_code(tablet)
        assert phone.is_hidden("#thinking")  # the phone never played Yellow itself
    # Four rounds of the four players, and any extra turns of a chief ruling from the maze (the
    # computer's moves vary from run to run: Yellow's chief can take the maze and play twice).
    assert moves(phone) == moves(tablet) >= 16
    shoot(phone, screenshot_dir, "phone-after-four-rounds")
    return link


def test_two_devices_play_a_game_by_links(new_page, screenshot_dir, external_requests):
    """Red plays on a phone; Blue and Green on a tablet; Yellow is a computer, played on the
    tablet (Blue moves before it). Four links go each way.

    The computer's moves vary from run to run (its seed is the browser's), and now and then a
    chief is taken before the fourth round (when Red's, the tablet, with no device left to send
    to, offers no link and plays on with Blue): that game is checked so far, and the four rounds
    are played in a new game (on two new devices), at most three games in all."""
    rng = random.Random(15)
    devices: list[Page] = []
    for _game in range(3):
        phone = ready(new_page(**PHONE))
        tablet = ready(new_page(**TABLET))
        devices += [phone, tablet]
        link = four_rounds_by_links(phone, tablet, rng, screenshot_dir)
        if link is not None:
            break
    assert link is not None, "a player was taken out of the game before the fourth round in three games"
    # the same link opened twice changes nothing
    open_link(phone, link)
    expect(phone.locator("#message-text")).to_contain_text("holds no new move")
    # a deliberate override: the phone plays Blue's move itself
    play_a_move(phone, rng, then=Party.BLUE)
    close_send(phone)
    phone.click("#btn-override")
    play_a_move(phone, rng)
    expect(phone.locator("#status")).not_to_have_text("Blue to move")
    assert all(device.errors == [] for device in devices) and external_requests == []


def test_a_diverging_link_keeps_both_versions(new_page, screenshot_dir, external_requests):
    page = ready(new_page(**TABLET))
    new_game(page, {"r": "human", "b": "remote", "y": "human", "g": "human"})
    tap(page, "C7", "F4")
    link = sent_link(page, "Blue")
    close_send(page)
    base = link.split("#")[0]
    game = linking.read_link(link.split("#", 1)[1]).game
    one, two = game.board.copy(), game.board.copy()
    one.play("G7-D4")
    two.play("I7-I6")  # Blue moved twice from the same position, on two devices
    first = session.Game(one, game.seats, id=game.id, name=game.name)
    second = session.Game(two, game.seats, id=game.id, name=game.name)
    open_link(page, linking.move_link(base, first))
    expect(page.locator("#message-text")).to_contain_text("Blue moved")
    assert moves(page) == 2
    open_link(page, linking.move_link(base, second))
    message = page.locator("#message-text")
    expect(message).to_contain_text("differs from yours from move 2 on")
    expect(message).to_contain_text("the link has Blue I7-I6, your copy has Blue G7-D4")
    expect(message).to_contain_text("Both versions are kept")
    assert page.evaluate(COVERED, "#message") == []  # a place of its own: it covers no button
    assert game_code(page).endswith("C7-F4~I7-I6")  # the link's version is open
    shoot(page, screenshot_dir, "tablet-diverged")
    games(page)
    names = page.locator("#games-list .game-name").all_text_contents()
    assert any(n.startswith("Game 1 (version 2)") for n in names) and "Game 1" in names
    shoot(page, screenshot_dir, "tablet-games-two-versions")
    page.locator("#games-list li", has_text=re.compile(r"^Game 1(?! \()")).locator(".game-open").click()
    assert game_code(page).endswith("C7-F4~G7-D4")
    # a later link extending the first version continues that version
    one.push(sorted(one.generate_legal_moves())[0])
    open_link(page, linking.move_link(base, first))
    expect(page.locator("#message-text")).to_contain_text("Yellow moved")
    assert game_code(page).startswith("G1~start~C7-F4~G7-D4~") and moves(page) == 3
    games(page)
    expect(page.locator("#games-list li.game")).to_have_count(2)
    assert page.errors == [] and external_requests == []


# ---------------------------------------------------------------------------- the games list
def test_the_games_list_with_three_games(new_page, screenshot_dir, external_requests):
    page = ready(new_page(**PHONE))
    new_game(page, {})
    tap(page, "C7", "F4")
    new_game(page, {"b": "remote"})
    tap(page, "A7", "A6")
    close_send(page)
    new_game(page, {"y": "easy"})
    games(page)
    rows = page.locator("#games-list li.game")
    expect(rows).to_have_count(3)
    texts = rows.all_text_contents()
    assert "Game 3" in texts[0] and "open here" in texts[0]
    assert any("Blue to move (on another device)" in t and "Last move: Red A7-A6" in t for t in texts)
    assert any("Game 1" in t and "Last move: Red C7-F4" in t for t in texts)
    shoot(page, screenshot_dir, "phone-games")
    # rename
    row = rows.filter(has_text="Game 1")
    row.locator(".game-rename").click()
    page.fill("#games-list .game-name-field", "Sunday with Ann")
    page.press("#games-list .game-name-field", "Enter")
    expect(page.locator("#games-list")).to_contain_text("Sunday with Ann")
    # delete, then undo
    rows.filter(has_text="Sunday with Ann").locator(".game-delete").click()
    expect(rows).to_have_count(2)
    expect(page.locator("#games-undo-text")).to_have_text("Deleted “Sunday with Ann”.")
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('djambi.game.'))")
    assert len(keys) == 2
    shoot(page, screenshot_dir, "phone-games-deleted")
    page.click("#games-undo")
    expect(rows).to_have_count(3)
    # open it: its moves come back
    rows.filter(has_text="Sunday with Ann").locator(".game-open").click()
    expect(page.locator("#games-dialog")).to_be_hidden()
    assert game_code(page) == "G1~start~C7-F4"
    expect(page.locator("#message-text")).to_contain_text("Opened “Sunday with Ann”.")
    # it survives a reload, as the open game
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert game_code(page) == "G1~start~C7-F4"
    games(page)
    expect(rows).to_have_count(3)
    # deleting the open game opens another one
    rows.filter(has_text="Sunday with Ann").locator(".game-delete").click()
    expect(rows).to_have_count(2)
    assert game_code(page) != "G1~start~C7-F4"
    page.keyboard.press("Escape")
    expect(page.locator("#games-dialog")).to_be_hidden()
    assert page.errors == [] and external_requests == []


def test_the_old_saved_game_moves_into_the_list(new_page, base_url, external_requests):
    page = new_page(**TABLET)
    old = json.dumps({"format": "djambi-save", "version": 1, "game": "G1~start~C7-F4~G7-D4",
                      "seats": ["human", "human", "human", "hard"], "redo": []})
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('djambi.save.v1', {json.dumps(old)}); }}")
    ready(page)
    assert game_code(page) == "G1~start~C7-F4~G7-D4"
    stored = page.evaluate("() => Object.keys(localStorage)")
    assert "djambi.save.v1" not in stored and "djambi.games.v1" in stored
    games(page)
    expect(page.locator("#games-list li.game")).to_have_count(1)
    expect(page.locator("#games-list")).to_contain_text("Yellow to move")
    assert external_requests == []


# ---------------------------------------------------------------------------- a full storage
def test_a_full_storage_says_so_and_loses_nothing(new_page, screenshot_dir, external_requests):
    page = ready(new_page(**PHONE))
    new_game(page, {})
    tap(page, "C7", "F4")
    filled = page.evaluate("""() => {
        let i = 0;
        for (const size of [256 * 1024, 1024, 32, 1]) {
            const chunk = "x".repeat(size);
            try { for (;; i++) localStorage.setItem("filler." + i, chunk); } catch (e) {}
        }
        return i;
    }""")
    assert filled > 10
    tap(page, "G7", "D4")
    message = page.locator("#message-text")
    expect(message).to_contain_text("storage for the page is full")
    expect(message).to_contain_text("Nothing is lost")
    assert moves(page) == 2  # the move stays on the board
    shoot(page, screenshot_dir, "phone-storage-full")
    saved = page.evaluate("""() => {
        const index = JSON.parse(localStorage.getItem("djambi.games.v1"));
        return JSON.parse(localStorage.getItem("djambi.game." + index.current)).game;
    }""")
    assert saved == "G1~start~C7-F4"  # the last saved copy is kept
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler.'))"
                  ".forEach(k => localStorage.removeItem(k))")
    tap(page, "I3", "I4")
    saved = page.evaluate("""() => {
        const index = JSON.parse(localStorage.getItem("djambi.games.v1"));
        return JSON.parse(localStorage.getItem("djambi.game." + index.current)).game;
    }""")
    assert saved == "G1~start~C7-F4~G7-D4~I3-I4"
    assert page.errors == [] and external_requests == []


def test_the_share_sheet_gets_the_link_where_the_browser_has_one(new_page, external_requests):
    page = new_page(**PHONE)
    page.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };""")
    ready(page)
    new_game(page, {"b": "remote"})
    tap(page, "C7", "F4")
    link = sent_link(page, "Blue")
    expect(page.locator("#send-share")).to_be_visible()
    page.click("#send-share")
    shared = page.evaluate("() => window.__shared")
    assert shared["url"] == link and shared["title"] == "Send the move to Blue"
    expect(page.locator("#send-note")).to_have_text("Sent with the device's share sheet.")
    assert page.errors == [] and external_requests == []


def test_without_a_share_sheet_the_button_is_hidden_and_copy_works(new_page, external_requests):
    page = ready(new_page(**TABLET))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    new_game(page, {"b": "remote"})
    tap(page, "C7", "F4")
    link = sent_link(page, "Blue")
    assert page.is_hidden("#send-share")
    page.click("#send-copy")
    expect(page.locator("#send-note")).to_have_text("Link copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    assert page.errors == [] and external_requests == []
