"""Whole Camblam games in the page (issue 26): a human seat, played by the test with moves the
engine gives, against a computer until the game ends, on a phone and a tablet-sized window; a
game played by link between two browser contexts (each its own storage); the threat view and the
hint on Camblam's board. Screenshots go to ``e2e/screenshots/camblam-game-*.png``."""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from camblam import Board, Color, Move, parse_square, square_name
from app.games import camblam as cg
from app.present import camblam_render, i18n, standings
from app.present.i18n import _, player_name
from conftest import menu_click
from test_follow import ready

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
TABLET = dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)


def game_board(page: Page) -> Board:
    """The game on the page, as the engine reads its code (``window.djambiApp``)."""
    return cg.parse_game_code(page.evaluate("() => window.djambiApp()"))


def moves(page: Page) -> int:
    return page.locator("#move-list li").count()


def press(page: Page, selector: str, touch: bool = False) -> None:
    """Tap (a touch screen) or click ``selector``."""
    page.locator(selector).tap() if touch else page.click(selector)


def new_camblam(page: Page, white: str, black: str, touch: bool = False) -> None:
    menu_click(page, "#btn-new", tap=touch)
    page.select_option("#game", "camblam")
    expect(page.locator("#newgame-rules")).to_be_hidden()  # Djambi's rule set is not Camblam's
    page.select_option("#seat-w", white)
    page.select_option("#seat-b", black)
    press(page, "#newgame-start", touch)
    expect(page.locator('#board [data-square="l12"]')).to_have_count(1)


def play(page: Page, board: Board, move: Move, touch: bool = False) -> None:
    """Make ``move`` by taps, as a player does: the piece, its landing square, then the new piece
    of a promotion, or the same square again for a chain capture (its pieces are marked first)."""
    before = moves(page)
    frm, to = square_name(move.from_square), square_name(move.to_square)
    press(page, f'#board [data-square="{frm}"]', touch)
    expect(page.locator(f'#board [data-square="{frm}"].selected')).to_have_count(1)
    press(page, f'#board [data-square="{to}"]', touch)
    if move.promotion is not None:
        press(page, f'#promote-dialog button[data-kind="{move.promotion.letter}"]', touch)
    elif len(board.effect(move).taken) >= 2:
        expect(page.locator("#board .taken")).to_have_count(len(board.effect(move).taken))
        press(page, f'#board [data-square="{to}"]', touch)
    expect(page.locator("#move-list li")).to_have_count(before + 1)


def losing_move(board: Board, rng: random.Random) -> Move:
    """A legal move after which the other side can mate at once, if there is one (the game then
    ends soon); else any legal move."""
    legal = board.generate_legal_moves()
    rng.shuffle(legal)
    for move in legal[:25]:
        after = board.copy()
        after.push(move)
        for reply in after.generate_legal_moves():
            after.push(reply)
            mate = after.is_checkmate()
            after.pop()
            if mate:
                return move
    return legal[0]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The app's catalogs in ``lang`` for the test's own expectations (English again after)."""
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language("en")


def end_words(board: Board, lang: str) -> tuple[str, str, str]:
    """(title, reason, status line) the page shows at the end of ``board``'s game in ``lang``,
    from the catalogs; the title and status differ from English in another language."""
    outcome = board.outcome()
    assert outcome is not None
    out = []
    for code in dict.fromkeys((lang, "en")):
        with speaking(code):
            if outcome.winner is not None:
                title = _("{player} wins!").format(player=player_name(outcome.winner))
                status = _("Game over: {player} wins").format(player=player_name(outcome.winner))
            else:
                title, status = _("Draw"), _(standings.DRAW_STATUS[outcome.termination.value])
            out.append((title, _(standings.OUTCOME_REASONS[outcome.termination.value]), status))
    if lang != "en":
        assert out[0][0] != out[1][0] and out[0][2] != out[1][2], f"no {lang} words for the end"
    return out[0]


def square_words(board: Board, name: str, lang: str) -> str:
    """The screen-reader label of square ``name`` on ``board``, in ``lang``."""
    sq = parse_square(name)
    with speaking(lang):
        return camblam_render.square_label(sq, board.piece_at(sq))


LAPTOP = dict(viewport={"width": 1024, "height": 768})

#: Each level once, each language once, a phone, a laptop and a tablet: (level, language, device).
WHOLE_GAMES = {
    "easy-fr-phone": ("easy", "fr", PHONE),
    "normal-en-laptop": ("normal", "en", LAPTOP),
    "hard-cs-tablet": ("hard", "cs", TABLET),
}


@pytest.mark.parametrize("level, lang, device", list(WHOLE_GAMES.values()), ids=list(WHOLE_GAMES))
def test_a_whole_game_against_each_level_in_each_language(new_page, screenshot_dir, external_requests,
                                                          level, lang, device):
    """White is the test, playing legal moves by taps (touch on the phone and the tablet) that
    give Black a chance to mate; Black is the computer at ``level``. The game runs until the
    engine says it is over; the end is told in the page's language."""
    page = ready(new_page(**device), f"/?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    touch = bool(device.get("has_touch"))
    new_camblam(page, "human", level, touch=touch)
    rng = random.Random(26)
    for _turn in range(150):
        # White to move, or the game over: the computer has replied (or ended it)
        page.wait_for_function(
            "() => (document.querySelectorAll('#move-list li').length % 2 === 0"
            " && document.querySelector('#status').classList.contains('turn-w'))"
            " || document.querySelector('#status').className === ''", timeout=60_000)
        board = game_board(page)
        if board.is_game_over():
            break
        play(page, board, losing_move(board, rng), touch=touch)
    board = game_board(page)
    assert board.outcome() is not None, "the game did not end"
    assert len(board.move_stack) == moves(page)
    title, reason, status = end_words(board, lang)
    expect(page.locator("#gameover-dialog")).to_be_visible()
    expect(page.locator("#gameover-title")).to_have_text(title)
    expect(page.locator("#gameover-text")).to_contain_text(reason)
    expect(page.locator("#status")).to_have_text(status)
    size = device["viewport"]
    page.screenshot(path=str(screenshot_dir / f"camblam-game-end-{level}-{lang}-{size['width']}x{size['height']}.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#gameover-dialog")).to_be_hidden()
    # the finished game can be looked back at: the first move's position, then the game again
    press(page, "#btn-first", touch)
    expect(page.locator("#browse-bar")).to_be_visible()
    expect(page.locator('#board [data-square="f3"]')).to_have_attribute(
        "aria-label", square_words(Board(), "f3", lang))
    press(page, "#btn-last", touch)
    expect(page.locator("#browse-bar")).to_be_hidden()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == [] and external_requests == []


def open_link(page: Page, link: str) -> None:
    """Open a link in a page that is already open (as tapping it in a messaging app does)."""
    page.evaluate("f => { location.hash = f; }", "#" + link.split("#", 1)[1])
    page.wait_for_function("() => location.hash === ''")


def sent_link(page: Page, to: str) -> str:
    expect(page.locator("#send-dialog")).to_be_visible()
    expect(page.locator("#send-title")).to_have_text(f"Send the move to {to}")
    link = page.input_value("#link-move")
    assert "#C1~start~" in link
    page.keyboard.press("Escape")
    expect(page.locator("#send-dialog")).to_be_hidden()
    return link


def test_a_game_by_link_between_two_devices(new_page, screenshot_dir, external_requests):
    """White plays on a phone, Black on a tablet (each its own storage); six links go between."""
    rng = random.Random(7)
    phone = ready(new_page(**PHONE))
    tablet = ready(new_page(**TABLET))
    new_camblam(phone, "human", "remote")
    expect(phone.locator("#players li").nth(1)).to_contain_text("Remote (another device)")
    for round_ in range(3):
        board = game_board(phone)
        play(phone, board, rng.choice(board.generate_legal_moves()))
        link = sent_link(phone, "Black")
        expect(phone.locator("#status")).to_have_text("Black to move")
        expect(phone.locator("#waiting")).to_be_visible()
        open_link(tablet, link)
        if round_ == 0:
            expect(tablet.locator("#seat-dialog")).to_be_visible()
            tablet.check("#mine-b")
            tablet.click("#seat-join")
        expect(tablet.locator("#message-text")).to_contain_text("Your turn: Black to move.")
        expect(tablet.locator("#status")).to_have_text("Black to move")
        board = game_board(tablet)
        play(tablet, board, rng.choice(board.generate_legal_moves()))
        link = sent_link(tablet, "White")
        expect(tablet.locator("#waiting")).to_be_visible()
        open_link(phone, link)
        expect(phone.locator("#message-text")).to_contain_text("Your turn: White to move.")
        expect(phone.locator("#status")).to_have_text("White to move")
        assert game_board(phone).move_stack == game_board(tablet).move_stack
    assert moves(phone) == moves(tablet) == 6
    phone.screenshot(path=str(screenshot_dir / "camblam-game-link-phone.png"))
    tablet.screenshot(path=str(screenshot_dir / "camblam-game-link-tablet.png"))
    assert phone.errors == [] and tablet.errors == [] and external_requests == []


def test_threat_view_and_hint_on_camblam_board(new_page, external_requests):
    page = ready(new_page(**TABLET), "/#C1.6k5/12/12/12/12/12/ppp1Q7/12/12/12/12/6K5.b.0.1")
    if page.is_visible("#link-dialog"):
        page.click("#link-open")
    expect(page.locator('#board [data-square="a6"]')).to_have_count(1)
    menu_click(page, "#btn-threats")
    expect(page.locator("#board .threat")).to_have_count(3)
    expect(page.locator('#board [data-square="e6"].attacker')).to_have_count(1)
    expect(page.locator("#threat-note")).to_contain_text("3 of Black's pieces can be taken next move")
    menu_click(page, "#btn-threats")
    expect(page.locator("#board .threat")).to_have_count(0)
    expect(page.locator("#threat-note")).to_be_hidden()
    menu_click(page, "#btn-suggest")
    expect(page.locator("#board .suggest")).to_have_count(2, timeout=30_000)
    expect(page.locator("#message-text")).to_contain_text("suggests")
    assert moves(page) == 0  # suggested, not played
    assert page.errors == [] and external_requests == []


SHOTS = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "768x1024": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True),
    "390x844": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
}


@pytest.mark.parametrize("size", list(SHOTS))
def test_screenshots_of_a_camblam_game(new_page, wait_ready, screenshot_dir, external_requests, size):
    """A game in its middle (opened by link), a piece's moves marked, in English, French and
    Czech; and the new-game dialog with Camblam chosen. For a person to look at:
    ``e2e/screenshots/camblam-<lang>-<size>.png`` and ``camblam-newgame-<lang>-<size>.png``."""
    rng = random.Random(12)
    board = Board()
    while len(board.move_stack) < 30:
        board.push(rng.choice(board.generate_legal_moves()))
        if board.is_game_over():
            board.pop()
    piece = next(sq for sq, p in sorted(board.pieces().items())
                 if p.color == board.turn and len(board.generate_legal_moves(sq)) >= 4)
    page = new_page(**SHOTS[size])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    for lang in ("en", "fr", "cs"):
        page.goto(f"./?lang={lang}")
        wait_ready(page)
        open_link(page, "#" + cg.format_game_code(board) + ";seats=hh")
        if page.is_visible("#link-dialog"):
            page.click("#link-open")
        expect(page.locator("#move-list li")).to_have_count(30)
        page.click(f'#board [data-square="{square_name(piece)}"]')
        expect(page.locator("#board .selected")).to_have_count(1)
        page.screenshot(path=str(screenshot_dir / f"camblam-{lang}-{size}.png"))
        menu_click(page, "#btn-new")
        page.select_option("#game", "camblam")
        expect(page.locator("#seat-w")).to_be_visible()
        page.screenshot(path=str(screenshot_dir / f"camblam-newgame-{lang}-{size}.png"))
        page.keyboard.press("Escape")
        expect(page.locator("#newgame-dialog")).to_be_hidden()
    assert errors == [] and external_requests == []


def test_draw_offer_resign_and_undo_in_a_camblam_game(new_page, external_requests):
    page = ready(new_page(**PHONE))
    new_camblam(page, "human", "easy")
    play(page, Board(), Move.parse("f3f6"))
    expect(page.locator("#move-list li")).to_have_count(2, timeout=30_000)  # the computer replied
    expect(page.locator("#status")).to_have_text("White to move")
    # a draw offer: White's box, and what the computer (Black) says
    menu_click(page, "#btn-draw")
    expect(page.locator("#draw-dialog")).to_be_visible()
    expect(page.locator("#draw-w")).to_have_count(1)
    expect(page.locator("#draw-note")).to_contain_text("Black (computer)")
    page.keyboard.press("Escape")
    expect(page.locator("#draw-dialog")).to_be_hidden()
    # resign, confirmed: Black wins; undo takes it back
    menu_click(page, "#btn-resign")
    expect(page.locator("#resign-dialog")).to_be_visible()
    expect(page.locator("#resign-text")).to_have_text("White resigns and Black wins the game.")
    page.click("#resign-yes")
    expect(page.locator("#gameover-dialog")).to_be_visible()
    expect(page.locator("#gameover-title")).to_have_text("Black wins!")
    expect(page.locator("#gameover-text")).to_contain_text("The other player resigned.")
    assert page.evaluate("() => window.djambiApp()").endswith("~w-resigns")
    page.click("#gameover-undo")
    expect(page.locator("#gameover-dialog")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("White to move")
    assert moves(page) == 2
    assert page.errors == [] and external_requests == []
