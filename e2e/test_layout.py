"""The panel at every size and language (issue 28): no word broken or cut, nothing outside its
box, the status, the player to move, the newest move and the newest narration line in view, and a
page that never grows with the game.

One browser context and one page per window size (touch for tablets and phones: the phone either
way round, iPads of both sizes either way round, issue 35), the three languages in each, switched
in Settings without reloading; a long game opened by link (a seeded random game of many moves),
then a move played by taps in each language so the lists grow while they are shown. At every size
the whole board is in the window (every square and every coordinate label). Screenshots:
e2e/screenshots/layout-*.png.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from djambi import Board, format_game_code, square_name
from test_app import open_link, tap

SIZES = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "1024x768": dict(viewport={"width": 1024, "height": 768}),
    "768x1024": dict(viewport={"width": 768, "height": 1024}, has_touch=True),
    "390x844": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                    device_scale_factor=2),
    "844x390": dict(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True,
                    device_scale_factor=2),
    "820x1180": dict(viewport={"width": 820, "height": 1180}, has_touch=True),  # iPad Air
    "1180x820": dict(viewport={"width": 1180, "height": 820}, has_touch=True),
    "1024x1366": dict(viewport={"width": 1024, "height": 1366}, has_touch=True),  # iPad Pro 12.9"
    "1366x1024": dict(viewport={"width": 1366, "height": 1024}, has_touch=True),
}
LANGUAGES = ("en", "fr", "cs")


def long_game(plies: int = 150, seed: int = 28) -> Board:
    """A game of many moves (random legal ones, seeded; none ending a player), still going on."""
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        rng.shuffle(moves)
        players = len(board.active_players)
        for move in moves:
            board.play(move)
            if not board.is_game_over() and len(board.active_players) == players:
                break
            board.pop()
        else:
            break
    return board


def plain_moves(board: Board) -> list[tuple[str, str]]:
    """The moves taken in two taps (a piece, an empty square it goes to: nothing more to choose)."""
    pairs: dict[tuple[int, int], int] = {}
    for move in board.legal_moves:
        pairs[(move.piece, move.to)] = pairs.get((move.piece, move.to), 0) + 1
    out = []
    for move in board.legal_moves:
        if (pairs[(move.piece, move.to)] == 1 and move.place is None and move.victim is None
                and move.exit is None and board.piece_at(move.to) is None
                and board.piece_at(move.piece).kind.letter != "R"):
            out.append((square_name(move.piece), square_name(move.to)))
    return out


#: What the panel shows, measured in the page (every rectangle in CSS pixels).
MEASURE = """() => {
    const vw = innerWidth, vh = innerHeight, out = [];
    const seen = el => {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || el.closest('[hidden], .sr-only')) return false;
        return getComputedStyle(el).visibility !== 'hidden';
    };
    const name = el => el.id || (el.className && String(el.className)) + ':' + el.textContent.trim().slice(0, 30);
    const lines = range => {
        const tops = [];
        for (const r of range.getClientRects()) {
            if (!r.width) continue;
            if (!tops.some(t => Math.abs(t - r.top) < 3)) tops.push(r.top);
        }
        return tops.length;
    };
    const root = document.getElementById('panel');
    const menu = document.getElementById('menu');
    const boxes = [root];
    if (menu.matches(':popover-open')) boxes.push(menu);
    for (const box of boxes) {
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!seen(el)) continue;
            const scroller = el.closest('#move-list, #event-log');
            const clip = scroller ? scroller.getBoundingClientRect() : null;
            for (const m of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const r = range.getBoundingClientRect();
                if (clip && (r.bottom < clip.top || r.top > clip.bottom)) continue;  // scrolled away
                if (lines(range) > 1) out.push('word broken: ' + m[0] + ' in ' + name(el));
                if (r.right > vw + 1 || r.left < -1) out.push('word outside the window: ' + m[0]);
            }
        }
        for (const el of box.querySelectorAll('button, label, h2, #status, .pname, .swatch, .pseat-short, .pseat')) {
            if (!seen(el)) continue;
            const range = document.createRange();
            range.selectNodeContents(el);
            // (a seat's button is its icon over its word, on purpose: the word keeps to one line)
            if (el.matches('button:not(.pseat-btn), h2, .pname, .pseat-short, .pseat') && lines(range) > 1)
                out.push('on two lines: ' + name(el));
        }
        for (const el of box.querySelectorAll('*')) {
            if (!seen(el) || el.closest('svg')) continue;
            const style = getComputedStyle(el);
            if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth && style.overflowX !== 'visible')
                out.push('cut: ' + name(el));
            const r = el.getBoundingClientRect(), p = box.getBoundingClientRect();
            if (!el.closest('#move-list, #event-log') && (r.right > p.right + 1 || r.left < p.left - 1))
                out.push('outside the panel: ' + name(el));
            // the message box scrolls its own text (a long message): the box must be in view
            const scrolled = el.closest('#move-list, #event-log') || (el.parentElement && el.parentElement.closest('#message'));
            if (!scrolled && (r.bottom > vh + 1 || r.top < -1))
                out.push('below the window: ' + name(el));
        }
    }
    const inView = (sel, within) => {
        const el = document.querySelector(sel);
        if (!el) { out.push('missing: ' + sel); return; }
        const r = el.getBoundingClientRect();
        const c = within ? document.querySelector(within).getBoundingClientRect() : {top: 0, bottom: vh};
        if (!(r.top >= Math.max(0, c.top) - 1 && r.bottom <= Math.min(vh, c.bottom) + 1 && r.height))
            out.push('not in view: ' + sel);
    };
    inView('#status');
    inView('#players .to-move');
    inView('#move-list li:last-child', '#move-list');
    inView('#event-log li:last-child', '#event-log');
    const doc = document.documentElement;
    if (doc.scrollHeight > vh || document.body.scrollHeight > vh) out.push('the page is taller than the window');
    if (doc.scrollWidth > vw) out.push('the page is wider than the window');
    return out;
}"""


#: The whole board in the window: every square and every coordinate label shown (the labels in
#: the margin, or inside the edge squares on small boards) inside the window and the board's box.
BOARD_WHOLE = """() => {
    const out = [], vw = innerWidth, vh = innerHeight;
    const wrap = document.querySelector('#board-wrap').getBoundingClientRect();
    const clip = {left: Math.max(0, wrap.left), top: Math.max(0, wrap.top),
                  right: Math.min(vw, wrap.right), bottom: Math.min(vh, wrap.bottom)};
    const inside = r => r.width > 0 && r.height > 0 && r.left >= clip.left - 1 && r.top >= clip.top - 1
        && r.right <= clip.right + 1 && r.bottom <= clip.bottom + 1;
    const squares = document.querySelectorAll('#board [data-square]');
    if (!squares.length) out.push('no squares');
    for (const sq of squares)
        if (!inside(sq.getBoundingClientRect())) out.push('square cut: ' + sq.dataset.square);
    let labels = 0;
    for (const t of document.querySelectorAll('#board text.coord, #board text.coord-in')) {
        if (getComputedStyle(t).display === 'none') continue;
        labels += 1;
        if (!inside(t.getBoundingClientRect())) out.push('label cut: ' + t.textContent);
    }
    if (!labels) out.push('no coordinate labels');
    return out;
}"""


def switch_language(page, lang: str) -> None:
    """Choose ``lang`` in Settings (the page switches without reloading) and wait for it."""
    page.evaluate("""lang => {
        const pick = document.querySelector('#set-lang');
        pick.value = lang;
        pick.dispatchEvent(new Event('change', {bubbles: true}));
    }""", lang)
    page.wait_for_function("""lang => document.documentElement.lang === lang
        && document.documentElement.getAttribute('data-words') === lang""", arg=lang)


def first_plain_move(board: Board) -> tuple[str, str]:
    """A move of two taps on ``board``, played there too (the test's copy of the page's game)."""
    frm, to = plain_moves(board)[0]
    for move in board.legal_moves:
        if square_name(move.piece) == frm and square_name(move.to) == to:
            board.play(move)
            break
    return frm, to


NEWEST_SHOWN = """() => ['#move-list', '#event-log'].every(sel => {
    const box = document.querySelector(sel), li = box.lastElementChild;
    if (!li) return false;
    const b = box.getBoundingClientRect(), r = li.getBoundingClientRect();
    return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
})"""


@pytest.fixture(scope="module")
def game() -> Board:
    return long_game()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_panel_fits_every_size_and_language(new_page, wait_ready, screenshot_dir, game, size):
    """At each size, in each language: every word on one line, nothing outside its box or the
    window, the newest move and narration line in view, the page exactly the window's height,
    the whole board in the window; the same with the menu open; moves played by taps keep the
    newest in view."""
    page = new_page(**SIZES[size])
    code = format_game_code(game)
    page.goto("./?lang=en")
    wait_ready(page)
    open_link(page, f"#{code};seats=hhhh")
    expect(page.locator("#move-list li")).to_have_count(len(game.move_stack))
    board = game.copy()
    for lang in LANGUAGES:
        switch_language(page, lang)
        tap(page, *first_plain_move(board))  # a move by taps: the lists grow while in view
        expect(page.locator("#move-list li")).to_have_count(len(board.move_stack))
        try:  # the lists scroll to their newest line as the page draws; then measured
            page.wait_for_function(NEWEST_SHOWN, timeout=10_000)
        except PlaywrightTimeout:
            pass  # MEASURE says what is not in view
        problems = page.evaluate(MEASURE)
        page.screenshot(path=str(screenshot_dir / f"layout-{lang}-{size}.png"))
        assert problems == [], (lang, size)
        assert page.evaluate(BOARD_WHOLE) == [], (lang, size)
        page.click("#btn-menu")
        expect(page.locator("#menu")).to_be_visible()
        problems = page.evaluate(MEASURE)
        page.screenshot(path=str(screenshot_dir / f"layout-{lang}-{size}-menu.png"))
        assert problems == [], (lang, size, "menu")
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()


#: Where a long army name might not fit: every size but the large iPads (each player's row 400
#: pixels wide or more), which the other tests here measure.
NAME_SIZES = [size for size in SIZES if size not in ("1024x1366", "1366x1024")]


@pytest.mark.parametrize("size", NAME_SIZES)
def test_each_army_to_move_keeps_its_name_on_one_line(new_page, wait_ready, size):
    """Whichever army is to move, its name after the turn's arrow ("▶ Červený", the longest)
    keeps to one line, at every size in every language (two by two in a 1024-pixel window, the
    arrow once stood alone on the first line); and the rest of the panel as above."""
    page = new_page(**SIZES[size])
    games = [long_game(plies) for plies in (4, 5, 6, 7)]  # Red, Blue, Yellow, Green to move
    assert [game.turn.letter for game in games] == ["r", "b", "y", "g"]
    page.goto("./?lang=en")
    wait_ready(page)
    for lang in LANGUAGES:
        switch_language(page, lang)
        for game in games:
            open_link(page, f"#{format_game_code(game)};seats=hhhh")
            expect(page.locator("#move-list li")).to_have_count(len(game.move_stack))
            expect(page.locator(f"#players .to-move.pc-{game.turn.letter}")).to_have_count(1)
            try:  # the lists scroll to their newest line as the page draws; then measured
                page.wait_for_function(NEWEST_SHOWN, timeout=10_000)
            except PlaywrightTimeout:
                pass  # MEASURE says what is not in view
            assert page.evaluate(MEASURE) == [], (lang, size, game.turn)

def long_camblam_game(plies: int = 120, seed: int = 26):
    """A Camblam game of many moves (random legal ones, seeded), still going on."""
    from camblam import Board as CamblamBoard

    rng = random.Random(seed)
    board = CamblamBoard()
    for _ in range(plies):
        moves = board.generate_legal_moves()
        rng.shuffle(moves)
        for move in moves:
            board.push(move)
            if not board.is_game_over():
                break
            board.pop()
        else:
            break
    return board


BOARD_IN_VIEW = """() => ['a1', 'l1', 'a12', 'l12'].every(name => {
    const r = document.querySelector(`#board [data-square="${name}"]`).getBoundingClientRect();
    return r.width > 0 && r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
})"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_camblam_game_fits_every_size_and_language(new_page, wait_ready, screenshot_dir, size):
    """Camblam's 12×12 board and its panel, as for Djambi: every word on one line, nothing
    outside its box or the window, the newest move in view, the whole board in the window."""
    from app.games.camblam import format_game_code as camblam_code
    from camblam import square_name as camblam_square

    board = long_camblam_game()
    page = new_page(**SIZES[size])
    page.goto("./?lang=en")
    wait_ready(page)
    open_link(page, f"#{camblam_code(board)};seats=hh")
    expect(page.locator("#move-list li")).to_have_count(len(board.move_stack))
    for lang in LANGUAGES:
        switch_language(page, lang)
        plain = [m for m in board.generate_legal_moves()
                 if m.promotion is None and board.piece_at(m.to_square) is None]
        move = plain[0]
        tap(page, camblam_square(move.from_square), camblam_square(move.to_square))
        board.push(move)
        expect(page.locator("#move-list li")).to_have_count(len(board.move_stack))
        try:
            page.wait_for_function(NEWEST_SHOWN, timeout=10_000)
        except PlaywrightTimeout:
            pass  # MEASURE says what is not in view
        problems = page.evaluate(MEASURE)
        page.screenshot(path=str(screenshot_dir / f"layout-camblam-{lang}-{size}.png"))
        assert problems == [], (lang, size)
        assert page.evaluate(BOARD_IN_VIEW), (lang, size, "the board is not all in the window")
        assert page.evaluate(BOARD_WHOLE) == [], (lang, size)
        page.click("#btn-menu")
        expect(page.locator("#menu")).to_be_visible()
        problems = page.evaluate(MEASURE)
        assert problems == [], (lang, size, "menu")
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()


#: An iPhone in landscape opened from the Home Screen: the notch's side, the other rounded side,
#: the home indicator (CSS pixels).
SAFE_AREA = {"top": 0, "left": 47, "bottom": 21, "right": 47}

#: What lies outside the safe area: squares, coordinate labels and the panel's visible parts.
OUTSIDE_SAFE_AREA = """inset => {
    const out = [], vw = innerWidth, vh = innerHeight;
    const safe = {left: inset.left, top: inset.top, right: vw - inset.right, bottom: vh - inset.bottom};
    const check = (el, what) => {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || el.closest('[hidden]') || getComputedStyle(el).display === 'none') return;
        if (r.left < safe.left - 1 || r.top < safe.top - 1 || r.right > safe.right + 1 || r.bottom > safe.bottom + 1)
            out.push(what + ' outside the safe area: ' + (el.id || el.dataset.square || el.textContent.trim().slice(0, 20)));
    };
    document.querySelectorAll('#board [data-square]').forEach(el => check(el, 'square'));
    document.querySelectorAll('#panel button, #status, #players li, #move-list, #event-log').forEach(el => check(el, 'panel'));
    return out;
}"""

#: Touch on the board and the buttons, as the page's style gives it (Chromium's computed names).
TOUCH_STYLE = """() => ['#board', '#board-area', '#btn-undo'].map(sel => {
    const s = getComputedStyle(document.querySelector(sel));
    return [sel, s.webkitUserSelect || s.userSelect, s.touchAction];
})"""


def test_standalone_on_a_phone_keeps_to_the_safe_area(new_page, wait_ready, screenshot_dir, game):
    """Opened from the Home Screen (viewport-fit=cover), an iPhone in landscape draws under its
    notch and home indicator: the board, its labels and the panel keep to the safe area, the
    panel still fits; a long press selects nothing and a double tap does not zoom."""
    page = new_page(**SIZES["844x390"])
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": SAFE_AREA})
    page.goto("./?lang=fr")
    wait_ready(page)
    open_link(page, f"#{format_game_code(game)};seats=hhhh")
    expect(page.locator("#move-list li")).to_have_count(len(game.move_stack))
    padding = page.evaluate("() => getComputedStyle(document.querySelector('#app')).paddingLeft")
    assert padding == "47px"  # the emulated inset reaches the page
    try:
        page.wait_for_function(NEWEST_SHOWN, timeout=10_000)
    except PlaywrightTimeout:
        pass  # MEASURE says what is not in view
    page.screenshot(path=str(screenshot_dir / "layout-fr-844x390-standalone.png"))
    assert page.evaluate(OUTSIDE_SAFE_AREA, SAFE_AREA) == []
    assert page.evaluate(MEASURE) == []
    assert page.evaluate(BOARD_WHOLE) == []
    assert page.evaluate(TOUCH_STYLE) == [["#board", "none", "manipulation"],
                                          ["#board-area", "none", "manipulation"],
                                          ["#btn-undo", "none", "manipulation"]]
