"""Following every move (issue 10), end to end: the computer loop never stalls, every move is told
in words (event log and ``aria-live`` announcements), the move list can be browsed, games go to
files and come back, links keep their computer seats, and a second tab never overwrites the game
silently. Screenshots of what is checked are kept in ``e2e/screenshots/`` and looked at.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout, expect

from djambi import Board, Piece, parse_game_code, parse_square, square_name
from djambi.narrate import KILL, describe_game
from app.state import linking
from conftest import menu_click

STORAGE_KEY = "djambi.save.v1"
SIZES = {"desktop": dict(viewport={"width": 1280, "height": 800}),
         "tablet": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)}


# ---------------------------------------------------------------------------- helpers
def ready(page: Page, path: str = "/") -> Page:
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(path)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    return page


def tap(page: Page, *squares: str) -> None:
    for sq in squares:
        page.click(f'#board [data-square="{sq}"]')


def new_game(page: Page, seats: dict[str, str], hostage: bool = False) -> None:
    menu_click(page, "#btn-new")
    page.check("#players-3" if hostage else "#players-4")
    for party in "rbyg":
        if page.is_enabled(f"#seat-{party}"):
            page.select_option(f"#seat-{party}", seats.get(party, "human"))
    page.click("#newgame-start")
    expect(page.locator("#newgame-dialog")).to_be_hidden()


def moves(page: Page) -> int:
    return page.locator("#move-list li").count()


def game_code(page: Page) -> str:
    return json.loads(page.evaluate("""() => {
        const index = JSON.parse(localStorage.getItem("djambi.games.v1"));
        return localStorage.getItem("djambi.game." + index.current);
    }"""))["game"]  # one key per game since issue 15


def seat_of(page: Page, status: str) -> str:
    """The seat text ("Human", "Computer (easy)") of the player the status names."""
    name = status.split()[0]
    for text in page.locator("#players li").all_text_contents():
        if name in text:
            return text
    return ""


def computer_state(page: Page) -> str:
    thinking = page.is_visible("#thinking")
    paused = page.is_visible("#paused")
    assert not (thinking and paused)
    return "thinking" if thinking else "paused" if paused else "idle"


def assert_not_stuck(page: Page) -> None:
    """A computer to move is thinking or visibly paused (with "Let it play"); a thinking computer
    moves within seconds."""
    status = page.text_content("#status")
    if status.startswith("Game over"):
        return
    computer_seat = "Computer" in seat_of(page, status)
    state = computer_state(page)
    if page.text_content("#status") != status:
        return  # a move was made between the two reads: play went on, nothing is stuck
    if not computer_seat:
        assert state == "idle", (status, state)
        return
    assert state in ("thinking", "paused"), f"{status}: a computer is to move and nothing happens"
    if state == "thinking":
        before = (moves(page), status)
        page.wait_for_function(
            "([n, s]) => document.querySelectorAll('#move-list li').length !== n"
            " || document.querySelector('#status').textContent !== s", arg=list(before), timeout=20_000)


def clicks_and_looks(page: Page, *selectors: str) -> list[tuple[str, bool]]:
    """Click each of ``selectors`` in turn, all in one task of the page, and after each read the
    status and whether "thinking" shows: what each click left, before any computer can move."""
    looks = page.evaluate("""(selectors) => selectors.map((selector) => {
        document.querySelector(selector).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        return [document.querySelector('#status').textContent.trim(), !document.getElementById('thinking').hidden];
    })""", list(selectors))
    return [tuple(look) for look in looks]


def searches_match_the_panel(page: Page) -> None:
    """The loop's rule (app/loop.py) on the real page, whatever the action before: while
    "thinking" shows a search is under way (``body[data-searches]``, app/computer.py); when it
    does not, every search started before ends (none goes on for nobody)."""
    thinking, searches = page.evaluate("""() => [!document.getElementById('thinking').hidden,
                                                 document.body.dataset.searches ?? '0']""")
    if thinking:
        assert int(searches) >= 1, "a computer is shown thinking and no search runs"
    else:
        page.wait_for_selector('body:not([data-searches]), body[data-searches="0"]', state="attached")


def shoot(page: Page, screenshot_dir, name: str) -> None:
    page.screenshot(path=str(screenshot_dir / f"follow-{name}.png"))


# ---------------------------------------------------------------------------- the stall
@pytest.mark.parametrize("size", ["desktop", "tablet"])
def test_undo_while_a_computer_thinks_then_redo_never_stalls(new_page, size, screenshot_dir, external_requests):
    # Python on the page (?python=page): clicks dispatched in one task of the page are answered in
    # it, so what each leaves is read before any computer can move (in worker mode they are
    # answered after that task, in the worker, in the same order).
    page = ready(new_page(**SIZES[size]), "/?python=page")
    new_game(page, {"b": "normal", "y": "normal", "g": "normal"})
    top = page.locator("#players").bounding_box()["y"]
    tap(page, "C7")
    # Red's move, then Undo while Blue thinks, in one task of the page: Blue cannot have moved
    # in between, however slow the machine (a check from here could come after Blue's move).
    assert clicks_and_looks(page, '#board [data-square="F4"] .cell', "#btn-undo") == [
        ("Blue to move", True), ("Red to move", False)]
    assert computer_state(page) == "idle"
    assert clicks_and_looks(page, "#btn-redo") == [("Blue to move", True)]
    # The panel does not move when a computer starts or stops thinking.
    assert page.locator("#players").bounding_box()["y"] == top
    expect(page.locator("#status")).to_have_text("Red to move", timeout=30_000)
    assert moves(page) == 4
    assert page.locator("#players").bounding_box()["y"] == top
    tap(page, "A7", "A6")  # and Red plays on
    expect(page.locator("#status")).to_have_text("Blue to move")
    shoot(page, screenshot_dir, f"after-stall-{size}")
    assert page.errors == [] and external_requests == []


def click_unless_gone(page: Page, selector: str, gone: str) -> None:
    """Click a button that the game may take away between the look and the click (a computer's
    move ends, and Stop is hidden; an undo empties the history): a click that never happens is
    then right only if the button is now ``gone`` ("hidden" or "disabled")."""
    try:
        page.click(selector, timeout=3000)
    except PlaywrightTimeout:
        still = page.is_visible(selector) if gone == "hidden" else page.is_enabled(selector)
        assert not still, f"{selector} is there and enabled, and takes no click"


def test_random_button_sequences_while_computers_play(new_page, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    rng = random.Random(10)
    new_game(page, {"b": "easy", "y": "easy", "g": "easy"})
    for step in range(45):
        action = rng.choice(["undo", "redo", "stop", "resume", "human", "human", "setting", "new",
                             "escape", "wait"])
        if action == "undo" and page.is_enabled("#btn-undo"):
            click_unless_gone(page, "#btn-undo", "disabled")
        elif action == "redo" and page.is_enabled("#btn-redo"):
            click_unless_gone(page, "#btn-redo", "disabled")
        elif action == "stop" and page.is_visible("#btn-stop"):
            click_unless_gone(page, "#btn-stop", "hidden")
        elif action == "resume" and page.is_visible("#btn-resume"):
            click_unless_gone(page, "#btn-resume", "hidden")
        elif action == "human" and computer_state(page) == "idle":
            # Tap a movable piece of the player to move, then one of its highlighted squares.
            mine = page.locator("#board .sq.mine")
            if mine.count():
                mine.nth(rng.randrange(mine.count())).click()
                while page.locator("#board .sq.opt").count():
                    opts = page.locator("#board .sq.opt")
                    opts.nth(rng.randrange(opts.count())).click()
        elif action == "setting":
            menu_click(page, "#btn-settings")
            page.click("#set-rotate")
            page.keyboard.press("Escape")
        elif action == "new" and rng.random() < 0.3:
            new_game(page, {p: rng.choice(["human", "easy"]) for p in "rbyg"})
        elif action == "escape":
            page.keyboard.press("Escape")
        else:
            page.wait_for_timeout(rng.choice([0, 100, 400]))
        page.wait_for_timeout(60)
        searches_match_the_panel(page)
        assert_not_stuck(page)
    assert page.errors == [] and external_requests == []


# ---------------------------------------------------------------------------- narration
def test_three_computers_play_20_moves_and_every_kill_is_told(new_page, screenshot_dir, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    # Record every announcement from the start.
    page.evaluate("""() => { window.said = []; new MutationObserver(() => {
        window.said.push(document.querySelector('#announce').textContent); })
        .observe(document.querySelector('#announce'), {childList: true, characterData: true, subtree: true}); }""")
    # Three players (Green the hostage) close together, so that kills come early.
    start = Board(hostage=True)
    position = start.code()
    for frm, to in (("C7", "D5"), ("G7", "F5"), ("G3", "E4"), ("B7", "D6"), ("H7", "F6"), ("H3", "F4")):
        position = _moved(position, frm, to)
    page.evaluate("f => { location.hash = f; }", position + ";seats=eeeh")
    expect(page.locator("#thinking")).to_be_visible()
    page.wait_for_function("document.querySelectorAll('#move-list li').length >= 20", timeout=90_000)
    page.click("#btn-stop")
    board = parse_game_code(game_code(page))
    kills = []
    for index, events in enumerate(describe_game(board), 1):
        for event in events:
            if event.kind == KILL:
                kills.append((index, event))
    assert kills, "the test position makes kills likely: there should be some in 20 moves"
    log = {int(li.get_attribute("data-ply")): li.text_content() for li in page.locator("#event-log li").all()}
    said = " ".join(page.evaluate("window.said"))
    for index, event in kills:
        words = f"{event.piece.party.title}'s {event.piece.kind.title.lower()} on {square_name(event.square)}"
        assert words in log[index], (index, words, log[index])
        assert words in said, (index, words)
    # The move list marks the same kills.
    marked = [int(li.get_attribute("data-ply")) for li in page.locator("#move-list li").all()
              if "†" in li.text_content()]
    assert set(marked) == {i for i, _ in kills}
    shoot(page, screenshot_dir, "narration-desktop")
    assert page.errors == [] and external_requests == []


def _edited(code: str, edit) -> str:
    """The position text ``code`` with its cells changed by ``edit(cells)`` (81 piece codes, A1
    first), rebuilt through the engine's public parts and read back by its checked parser."""
    board = Board.from_code(code)
    cells = list(board.cells)
    edit(cells)
    changed = Board.from_parts(cells, board.control_codes, board.turn_state, board.quiet_turns)
    return Board.from_code(changed.code()).code()


def _moved(code: str, frm: str, to: str) -> str:
    """A position text with the piece on ``frm`` moved to ``to`` (an empty square)."""
    def move(cells):
        cells[parse_square(to)], cells[parse_square(frm)] = cells[parse_square(frm)], 0
    return _edited(code, move)


# ---------------------------------------------------------------------------- browsing
@pytest.mark.parametrize("size", ["desktop", "tablet"])
def test_browse_back_five_moves_and_return(new_page, size, screenshot_dir, external_requests):
    page = ready(new_page(**SIZES[size]))
    new_game(page, {})
    played = ["C7-F4", "G7-D4", "G3-G4", "C3-C4", "A7-A6", "I7-I6", "I3-I4", "A3-A4"]
    for move in played:
        frm, to = move.split("-")
        tap(page, frm, to)
    live = _squares(page)
    page.focus("#move-list")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    expect(page.locator("#browse-bar")).to_be_visible()
    expect(page.locator("#browse-text")).to_have_text("Move 3 of 8")
    expected = Board()
    for move in played[:3]:
        expected.play(move)
    assert _squares(page) == {square_name(s): p.symbol() for s, p in expected.pieces().items()}
    assert "viewed" in page.get_attribute('#move-list li[data-ply="3"]', "class")
    expect(page.locator("#status")).to_have_text("Red to move")  # the game itself is unchanged
    tap(page, "A6")  # read-only: a tap explains
    expect(page.locator("#message-text")).to_contain_text("looking back")
    shoot(page, screenshot_dir, f"browse-{size}")
    # The position looked at can be shared.
    menu_click(page, "#btn-share")
    link = page.input_value("#link-position")
    assert linking.read_link(link.split("#", 1)[1]).game.board == expected
    page.keyboard.press("Escape")
    # A click on a move, then the way back.
    page.click('#move-list li[data-ply="6"]')
    expect(page.locator("#browse-text")).to_have_text("Move 6 of 8")
    page.keyboard.press("End") if size == "desktop" else page.click("#btn-live")
    expect(page.locator("#browse-bar")).to_be_hidden()
    assert _squares(page) == live
    tap(page, "A6", "A5")
    expect(page.locator("#status")).to_have_text("Blue to move")
    assert page.errors == [] and external_requests == []


def _squares(page: Page) -> dict[str, str]:
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('#board [data-square]'))
        .map(g => [g.dataset.square, g.querySelector('use').getAttribute('href') || '', g.getAttribute('class')])""")
    out = {}
    for name, href, cls in rows:
        if href:
            party = next(c[3:] for c in cls.split() if c.startswith("pc-"))
            out[name] = ("x" if party == "x" else party) + href[-1]
    return out


# ---------------------------------------------------------------------------- files and links
def test_game_file_saved_and_opened_in_a_fresh_browser(new_page, tmp_path, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    new_game(page, {"b": "easy"})
    tap(page, "C7", "F4")
    expect(page.locator("#status")).to_have_text("Yellow to move", timeout=20_000)
    tap(page, "G3", "G4")
    expect(page.locator("#status")).to_have_text("Green to move")  # the three moves played
    menu_click(page, "#btn-share")
    with page.expect_download() as info:
        page.click("#btn-save-file")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    text = path.read_text()
    assert '[Blue "Computer (easy)"]' in text and "1. Red C7-F4" in text and "[Date " in text
    assert "Yellow G3-G4" in text, text
    code = game_code(page)

    fresh = ready(new_page(**SIZES["desktop"]))  # another browser profile: nothing saved
    menu_click(fresh, "#btn-share")
    with fresh.expect_file_chooser() as chooser:
        fresh.click("#btn-open-file")
    chooser.value.set_files(str(path))
    expect(fresh.locator("#message-text")).to_contain_text("Opened the game file")
    assert game_code(fresh) == code
    assert fresh.locator("#move-list li").count() == 3
    assert "Computer (easy)" in fresh.locator("#players li").nth(1).text_content()
    # A broken file: a clear message, the game kept.
    bad = tmp_path / "broken.djambi.txt"
    bad.write_text(text.replace("C7-F4", "C7-F5"))
    menu_click(fresh, "#btn-share")
    with fresh.expect_file_chooser() as chooser:
        fresh.click("#btn-open-file")
    chooser.value.set_files(str(bad))
    expect(fresh.locator("#message-text")).to_contain_text("move 1 (C7-F5) is illegal")
    assert game_code(fresh) == code
    # Dropped on the page, a file asks before replacing the unfinished game.
    fresh.evaluate("""text => { const dt = new DataTransfer();
        dt.items.add(new File([text], 'dropped.djambi.txt', {type: 'text/plain'}));
        document.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); }""",
                   text.replace("[Result", "[Event \"x\"]\n[Result"))
    expect(fresh.locator("#link-dialog")).to_be_visible()
    fresh.click("#link-keep")
    expect(fresh.locator("#message-text")).to_contain_text("Kept your game")
    assert page.errors == [] and fresh.errors == [] and external_requests == []


def test_a_shared_game_link_keeps_its_computer_seats(new_page, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    new_game(page, {"b": "normal", "g": "hard"})
    tap(page, "C7", "F4")
    expect(page.locator("#status")).to_have_text("Yellow to move", timeout=20_000)
    menu_click(page, "#btn-share")
    link = page.input_value("#link-game")
    assert ";seats=hnhd;ck=" in link
    other = new_page(**SIZES["desktop"])
    ready(other, "/#" + link.split("#", 1)[1])
    expect(other.locator("#message-text")).to_contain_text("Opened the shared game")
    seats = other.locator("#players li").all_text_contents()
    assert "Computer (normal)" in seats[1] and "Computer (hard)" in seats[3] and "Human" in seats[2]
    tap(other, "G3", "G4")  # Yellow (human) moves; Green, a computer, answers
    expect(other.locator("#status")).to_have_text("Red to move", timeout=20_000)
    assert other.locator("#move-list li").count() == 4
    assert other.errors == [] and external_requests == []


def test_a_second_tab_is_warned_instead_of_overwriting(new_page, external_requests):
    first = ready(new_page(**SIZES["desktop"]))
    new_game(first, {})
    tap(first, "C7", "F4")
    second = first.context.new_page()
    ready(second)
    expect(second.locator("#move-list li")).to_have_count(1)
    tap(first, "G7", "D4")  # the first tab saves; the second hears of it
    expect(second.locator("#tab-dialog")).to_be_visible()
    second.click("#tab-load")
    expect(second.locator("#move-list li")).to_have_count(2)
    # Now the second moves; the first is warned and keeps its own game on request.
    tap(second, "G3", "G4")
    expect(first.locator("#tab-dialog")).to_be_visible()
    first.click("#tab-keep")
    expect(first.locator("#message-text")).to_contain_text("Kept this game")
    assert game_code(first) == "G1~start~C7-F4~G7-D4"
    assert re.search(r"tab", second.locator("#tab-text").text_content() or "tab")
    assert first.errors == [] and second.errors == [] and external_requests == []


def test_messages_replace_each_other_and_can_be_dismissed(new_page, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    new_game(page, {})
    box = page.locator("#players").bounding_box()
    for _ in range(3):
        tap(page, "I9")  # Blue's chief: "played by Blue; Red is to move"
    expect(page.locator("#message")).to_be_visible()
    assert page.locator("#message-text").text_content().count("played by Blue") == 1
    assert page.locator("#players").bounding_box() == box  # the message pushes nothing
    page.click("#message-close")
    expect(page.locator("#message")).to_be_hidden()
    tap(page, "I9")
    page.keyboard.press("Escape")
    expect(page.locator("#message")).to_be_hidden()
    assert page.errors == [] and external_requests == []


def _corpses(code: str, party: str, keep: tuple[str, ...]) -> str:
    """A position text with every living piece of ``party`` turned into a corpse, but ``keep``."""
    def kill(cells):
        for sq, c in enumerate(cells):
            piece = Piece.from_code(c) if c else None
            if piece and piece.party is not None and piece.party.letter == party and piece.kind.letter not in keep:
                cells[sq] = Piece.corpse(piece.kind).code
    return _edited(code, kill)


def test_a_computer_accepts_a_draw_only_when_it_is_not_winning(new_page, external_requests):
    page = ready(new_page(**SIZES["desktop"]))
    start = Board().code()
    for weak, verdict in (("ryg", "refuses"), ("b", "would accept")):
        position = start
        for party in weak:  # all but Blue reduced to chief and necromobile: Blue is winning
            position = _corpses(position, party, keep=("C", "N"))
        page.evaluate("f => { location.hash = f; }", position + ";seats=hnhh")
        if page.is_visible("#link-dialog"):
            page.click("#link-open")
        expect(page.locator("#message-text")).to_contain_text("Opened the shared position")
        menu_click(page, "#btn-draw")
        expect(page.locator("#draw-note")).to_contain_text(f"Blue (computer)")
        expect(page.locator("#draw-note")).to_contain_text(verdict)
        for box in page.locator("#draw-players input").all():
            box.check()
        if verdict == "refuses":
            assert page.is_disabled("#draw-agree")
            page.click("#draw-cancel")
        else:
            page.click("#draw-agree")
            expect(page.locator("#gameover-title")).to_have_text("Draw")
            page.click("#gameover-close")
    assert page.errors == [] and external_requests == []
