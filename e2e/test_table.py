"""The table on a tablet (issue 28): nobody left wondering when a human player is out, the
computers' pace, "your turn" after computers moved (seen, and heard with sound on), the keyboard
piece tip beside the piece's targets, never over them, and messages in a place of their own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from djambi import Board, format_game_code, parse_square, square_name
from conftest import menu_click
from test_app import open_link, relocated, tap
from test_layout import SIZES, long_game

#: The visible buttons of the page a box covers: ``(selector) => [ids or texts]``.
COVERED = """sel => {
    const box = document.querySelector(sel), m = box.getBoundingClientRect();
    return [...document.querySelectorAll('button')].filter(b => {
        const r = b.getBoundingClientRect();
        if (!r.width || !r.height || box.contains(b) || b.closest('dialog:not([open]), [hidden]')) return false;
        if (getComputedStyle(b).visibility === 'hidden') return false;
        return r.left < m.right && r.right > m.left && r.top < m.bottom && r.bottom > m.top;
    }).map(b => b.id || b.textContent.trim());
}"""

#: Blue to move, its militant on E7 next to Red's chief on D6: a computer playing Blue kills him.
RED_CHIEF_EXPOSED = relocated({"A9": "D6", "G8": "E7"}, turn="b")


def start_computers(page) -> None:
    """A link's computers wait for a tap on "Let it play" (a game made elsewhere)."""
    page.wait_for_function("""() => !document.getElementById('paused').hidden
        || document.querySelectorAll('#move-list li').length > 0""")
    if page.is_visible("#btn-resume"):
        page.click("#btn-resume")


def test_a_human_put_out_is_told_why_and_can_finish_quickly(page, wait_ready, screenshot_dir):
    page.goto("./")
    wait_ready(page)
    open_link(page, f"#{RED_CHIEF_EXPOSED};seats=hnnn")
    start_computers(page)
    notice = page.locator("#out-notice")
    expect(notice).to_be_visible(timeout=60_000)
    expect(page.locator("#out-text")).to_contain_text("Red is out of the game.")
    expect(page.locator("#out-text")).to_contain_text("Red's chief was killed by Blue.")
    expect(page.locator("#out-text")).to_contain_text("Only computers are left")
    for button in ("#out-undo", "#out-watch", "#out-finish", "#out-new"):
        expect(page.locator(button)).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "table-out-notice.png"))
    page.click("#out-finish")
    expect(notice).to_be_hidden()
    expect(page.locator("#btn-faster")).to_have_attribute("aria-pressed", "true")
    # The computers play on, without their pause.
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length >= 6", timeout=120_000)
    expect(notice).to_be_hidden()



@pytest.mark.parametrize("size", ["1024x768", "390x844"])
def test_a_too_large_file_is_said_like_every_file_error_and_closes_the_share_dialog(
        new_page, wait_ready, tmp_path, size):
    page = new_page(**SIZES[size])
    page.goto("./")
    wait_ready(page)
    big = tmp_path / "big.djambi.txt"
    big.write_text("x" * 5_000_000)
    menu_click(page, "#btn-share")
    with page.expect_file_chooser() as chooser:
        page.click("#btn-open-file")
    chooser.value.set_files(str(big))
    message = page.locator("#message-text")
    expect(message).to_contain_text("is too large to be a game")
    expect(message).to_contain_text("Your game is unchanged.")
    expect(page.locator("#message")).to_have_class("error")
    expect(page.locator("#share-dialog")).to_be_hidden()
    # The message has a place of its own: it covers no visible button of the page.
    assert page.evaluate(COVERED, "#message") == []


def test_theme_and_sound_settings_switch_and_are_remembered(page, wait_ready):
    page.goto("./")
    wait_ready(page)
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "system")
    expect(page.locator("body")).to_have_attribute("data-sound-on", "0")  # off by default
    light = page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor")
    tap(page, "C7", "F4")
    expect(page.locator("#move-list li")).to_have_count(1)
    assert page.get_attribute("body", "data-sounds") is None  # no sound while off
    menu_click(page, "#btn-settings")
    page.select_option("#set-theme", "dark")
    expect(html).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor")
    assert dark != light and dark == "rgb(36, 33, 29)"
    page.check("#set-sound")
    expect(page.locator("body")).to_have_attribute("data-sound-on", "1")
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()
    tap(page, "G7", "G6")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(page.locator("body")).to_have_attribute("data-sounds", "1")
    expect(page.locator("body")).to_have_attribute("data-sound", "move")
    # Remembered: the theme is set before Python runs, the sound once it does.
    page.reload()
    expect(html).to_have_attribute("data-theme", "dark")
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-sound-on", "1")
    menu_click(page, "#btn-settings")
    page.select_option("#set-theme", "light")
    expect(html).to_have_attribute("data-theme", "light")
    assert page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor") == light


# ---------------------------------------------------------------------------- the keyboard tip
def edge_squares(board: Board) -> list[int]:
    """The squares on the board's edges (top and bottom rows, left and right files) holding a
    piece the player to move can select (it has a move)."""
    movable = {m.piece for m in board.legal_moves}
    return sorted(s for s in movable if s >= 0 and (s % 9 in (0, 8) or s // 9 in (0, 8)))


#: The tip's box and the boxes of the selected piece and every square marked as its target.
TIP_AND_TARGETS = """() => {
    const tip = document.getElementById('piece-tip');
    const box = r => ({l: r.left, r: r.right, t: r.top, b: r.bottom});
    const squares = [...document.querySelectorAll('#board .sq.opt, #board .sq.sel')].map(sq =>
        [sq.dataset.square, box(sq.querySelector('.cell').getBoundingClientRect())]);
    return {tip: tip.hidden ? null : box(tip.getBoundingClientRect()), text: tip.textContent, squares};
}"""


def move_cursor(page, at: int, to: int) -> None:
    """Arrow keys from square ``at`` to ``to`` (the board not turned: up is row + 1)."""
    dc, dr = to % 9 - at % 9, to // 9 - at // 9
    for _ in range(abs(dc)):
        page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowUp" if dr > 0 else "ArrowDown")


@pytest.mark.parametrize("size", ["1280x800", "390x844"])
def test_the_keyboard_tip_never_covers_the_pieces_targets(new_page, wait_ready, screenshot_dir, size):
    """Each piece on an edge of the board (the start, each player to move; and a game far on),
    chosen with the keyboard: the tip naming it lies on none of its marked targets."""
    page = new_page(**SIZES[size])
    page.goto("./")
    wait_ready(page)
    #: The start for each player to move; Red's pieces spread on the edges, their lines open;
    #: games far on.
    spread = {"A8": "E9", "B8": "I5", "B9": "E1", "A7": "A5", "C8": "I4", "B7": "D1"}
    positions = ([Board.from_code(relocated({}, turn=t)) for t in "rbyg"]
                 + [Board.from_code(relocated(spread))] + [long_game(n) for n in (41, 62, 104, 150)])
    checked = 0
    for board in positions:
        open_link(page, f"#{format_game_code(board)};seats=hhhh")
        expect(page.locator("#board")).not_to_have_attribute("data-rotation", "1")
        page.focus("#board")
        for sq in edge_squares(board):
            cursor = page.evaluate("() => document.querySelector('#board .sq.cursor')?.dataset.square")
            move_cursor(page, parse_square(cursor) if cursor else 40, sq)  # E5 at first (app/main.py)
            expect(page.locator("#piece-tip")).to_contain_text(f"{square_name(sq)}: ")
            page.keyboard.press("Enter")  # the piece chosen: its targets marked
            page.wait_for_function(
                "sq => document.querySelector(`#board [data-square='${sq}']`).classList.contains('sel')",
                arg=square_name(sq))
            seen = page.evaluate(TIP_AND_TARGETS)
            assert seen["tip"] is not None and len(seen["squares"]) > 1, seen
            tip = seen["tip"]
            under = [name for name, r in seen["squares"]
                     if r["l"] < tip["r"] - 1 and r["r"] > tip["l"] + 1 and r["t"] < tip["b"] - 1 and r["b"] > tip["t"] + 1]
            if under:
                page.screenshot(path=str(screenshot_dir / f"FAILED-tip-{size}-{square_name(sq)}.png"))
            assert under == [], (seen["text"], under)
            page.keyboard.press("Escape")  # the choice cancelled
            expect(page.locator("#board .sq.sel")).to_have_count(0)
            page.focus("#board")
            checked += 1
    assert checked >= 20  # 24 pieces
    page.screenshot(path=str(screenshot_dir / f"table-tip-{size}.png"))


# ---------------------------------------------------------------------------- your turn
@pytest.mark.parametrize("sound", [True, False])
def test_your_turn_is_shown_and_heard_after_computers_moved_on_a_shared_tablet(
        new_page, wait_ready, screenshot_dir, sound):
    """Red and Yellow share the tablet with two computers: after Blue's computer moved, Yellow's
    turn is called on the status line, and with sound on the your-turn sound is asked for; with
    sound off, no sound at all."""
    page = new_page(**SIZES["1024x768"])
    page.goto("./?lang=fr")
    wait_ready(page)
    if sound:
        menu_click(page, "#btn-settings")
        page.check("#set-sound")
        page.keyboard.press("Escape")
        expect(page.locator("#settings-dialog")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-sound-on", "1" if sound else "0")
    open_link(page, f"#{Board().code()};seats=hehe")
    status = page.locator("#status")
    expect(status).not_to_have_class("your-turn")
    tap(page, "C7", "F4")  # Red's move; Blue's computer answers
    expect(page.locator("#move-list li")).to_have_count(2, timeout=60_000)
    expect(status).to_have_class("turn-y your-turn")
    expect(status).to_have_attribute("data-call", "À vous, Jaune")
    badge = page.evaluate("""() => {
        const s = document.getElementById('status'), b = getComputedStyle(s, '::before');
        const r = s.getBoundingClientRect();
        return {content: b.content, display: b.display, visibility: b.visibility,
                inView: r.top >= 0 && r.bottom <= innerHeight};
    }""")
    assert badge["content"] == '"À vous, Jaune"' and badge["display"] != "none" and badge["inView"], badge
    if sound:
        expect(page.locator("body")).to_have_attribute("data-sound", "turn")
        assert int(page.get_attribute("body", "data-sounds")) >= 2  # Red's move, then the call
    else:
        assert page.get_attribute("body", "data-sounds") is None
        assert page.get_attribute("body", "data-sound") is None
    page.screenshot(path=str(screenshot_dir / f"table-your-turn-{'sound' if sound else 'silent'}.png"))
    tap(page, "G3", "G4")  # Yellow plays: the call goes
    expect(status).not_to_have_class("your-turn")


# ---------------------------------------------------------------------------- a whole game
#: Installed in the page: after each change of the move list, whether the page is scrolled or scrollable, and whether the newest move and the newest
#: narration line lie inside the window and inside their lists' visible boxes.
FOLLOW = """() => {
    const seen = window.followed = {plies: [], problems: []};
    const check = () => {
        const doc = document.scrollingElement, vh = innerHeight, out = [];
        if (doc.scrollTop !== 0 || doc.scrollHeight > vh) out.push('page scrolled ' + doc.scrollTop + '/' + doc.scrollHeight);
        for (const sel of ['#move-list', '#event-log']) {
            const box = document.querySelector(sel), li = box.lastElementChild;
            if (!li) continue;
            const b = box.getBoundingClientRect(), r = li.getBoundingClientRect();
            // The newest entry in view, all of it; its end if it is taller than its box (the
            // last move of a game tells the end too).
            const tall = r.height > box.clientHeight - 8;
            const top = tall ? r.bottom - 20 : r.top;
            if (!(top >= Math.max(0, b.top) - 1 && r.bottom <= Math.min(vh, b.bottom) + 1 && r.height))
                out.push(`${sel} newest not in view: li ${Math.round(r.top)}-${Math.round(r.bottom)}, box ${Math.round(b.top)}-${Math.round(b.bottom)}, ${box.children.length} lines, scroll ${box.scrollTop}+${box.clientHeight}/${box.scrollHeight}`);
        }
        return out;
    };
    const frames = (n, then) => n ? requestAnimationFrame(() => frames(n - 1, then)) : then();
    const after = () => {
        const ply = document.querySelector('#move-list li:last-child')?.dataset.ply;
        if (!ply) return;
        seen.plies.push(+ply);
        // Measured as soon as the page has drawn the move (the task that added it is over);
        // what is out of place then is measured again once the next frames are drawn.
        if (check().length) frames(3, () => { const out = check(); if (out.length) seen.problems.push([ply, ...out]); });
    };
    new MutationObserver(after).observe(document.getElementById('move-list'), {childList: true});
}"""


@pytest.mark.timeout(900)
def test_a_whole_game_on_a_french_tablet_is_followed_without_scrolling(new_page, wait_ready, screenshot_dir):
    """The family tablet (1024×768, touch, French): Red's human is put out at once, "Finish
    quickly" lets the three computers play the game to its end; after every move the page is
    neither scrolled nor scrollable and the newest move and narration line are in view."""
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    page.goto("./?lang=fr")
    wait_ready(page)
    page.evaluate(FOLLOW)
    open_link(page, f"#{RED_CHIEF_EXPOSED};seats=heee")
    start_computers(page)
    expect(page.locator("#out-notice")).to_be_visible(timeout=60_000)
    page.locator("#out-finish").tap()
    expect(page.locator("#out-notice")).to_be_hidden()
    expect(page.locator("#gameover-dialog")).to_be_visible(timeout=780_000)
    plies = page.locator("#move-list li").count()
    followed = page.evaluate("() => window.followed")
    page.screenshot(path=str(screenshot_dir / "table-whole-game-fr-1024x768.png"))
    assert plies >= 10 and followed["problems"] == [], followed["problems"][:40]
    assert set(followed["plies"]) == set(range(1, plies + 1))  # every move was checked
    page.keyboard.press("Escape")
    expect(page.locator("#gameover-dialog")).to_be_hidden()
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight")
