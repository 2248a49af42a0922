"""The browser app, end to end: taps, rules on screen, undo/redo, storage, links, safety.

Most tests share one page (Pyodide takes seconds to start) and set up their position through a
position link (``#P1.…``) typed into the address bar, as a user would; the link dialog that asks
before replacing an unfinished game is part of that path. Tests that need a fresh start (reload,
corrupted storage, a link opened in a new tab, a hostile URL) use the conftest's ``page``.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from djambi import Board, format_game_code, parse_game_code, square_name
from conftest import menu_click
from app.state import linking, session

STORAGE_KEY = "djambi.save.v1"


# ---------------------------------------------------------------------------- positions
def relocated(changes: dict[str, str], *, control: str = "rbyg", turn: str = "r",
              corpses: tuple[str, ...] = ()) -> str:
    """The start position with some pieces moved (``{"A7": "D6"}``) or turned into corpses,
    as a position text checked by the engine."""
    pieces = {square_name(s): p.symbol() for s, p in Board().pieces().items()}
    moved = {to: pieces.pop(frm) for frm, to in changes.items()}
    pieces.update(moved)
    for sq in corpses:
        pieces[sq] = "x" + pieces[sq][1]
    rows = []
    for r in range(9, 0, -1):
        out, run = "", 0
        for c in "ABCDEFGHI":
            p = pieces.get(f"{c}{r}")
            if p is None:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += p
        rows.append(out + (str(run) if run else ""))
    code = f"P1.{'/'.join(rows)}.{control}.{turn}.0"
    return Board.from_code(code).code()


# ---------------------------------------------------------------------------- page helpers
def board_state(page: Page) -> dict[str, tuple[str, str]]:
    """square name -> (piece shape href, class list) for all 81 squares."""
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('#board [data-square]'))
        .map(g => [g.dataset.square, g.querySelector('use').getAttribute('href') || '',
                   g.getAttribute('class')])""")
    return {name: (href, cls) for name, href, cls in rows}


def pieces(page: Page) -> dict[str, str]:
    """square -> "r:k-M" style (party class and shape) for the occupied squares."""
    out = {}
    for name, (href, cls) in board_state(page).items():
        if href:
            party = next(c[3:] for c in cls.split() if c.startswith("pc-"))
            out[name] = f"{party}:{href[1:]}"
    return out


def classes(page: Page, square: str) -> set[str]:
    return set(board_state(page)[square][1].split())


def options(page: Page) -> set[str]:
    return {name for name, (_, cls) in board_state(page).items() if "opt" in cls.split()}


def tap(page: Page, *squares: str) -> None:
    for sq in squares:
        page.click(f'#board [data-square="{sq}"]')


PARTY_NAMES = {"r": "Red", "b": "Blue", "y": "Yellow", "g": "Green"}


def move_list(page: Page) -> list[str]:
    """The move list as "3. Yellow I3-I5" (ply, player, move text without the piece letter), in
    any language: the player from the badge's colour (its letter is the name's initial in the
    page's language)."""
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('#move-list li')).map(li =>
        [li.dataset.ply, li.querySelector('.who').className, li.querySelector('.mv').textContent])""")
    return [f"{n}. {PARTY_NAMES[who.split('pc-')[1][:1]]} {mv.split(' ', 1)[-1]}" for n, who, mv in rows]


def status(page: Page) -> str:
    return page.text_content("#status").strip()


def saved(page: Page, key: str | None = None):
    """A stored value; by default the saved text of the game open in the page (issue 15: one key
    per game, listed in the games index ``djambi.games.v1``)."""
    if key is None:
        return page.evaluate("""() => {
            const index = JSON.parse(localStorage.getItem("djambi.games.v1") || "null");
            return index && index.current ? localStorage.getItem("djambi.game." + index.current) : null;
        }""")
    return page.evaluate("k => localStorage.getItem(k)", key)


def open_link(page: Page, fragment: str, *, confirm: bool = True) -> bool:
    """Type a link into the address bar of the running page; answer the replace question.
    True if it was asked (the page asks in the same task that clears the address's fragment)."""
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function("() => location.hash === ''")
    asked = page.is_visible("#link-dialog")
    if asked:
        page.click("#link-open" if confirm else "#link-keep")
    expect(page.locator("#link-dialog")).to_be_hidden()
    return asked


def new_game(page: Page, hostage: bool = False, seats: dict[str, str] | None = None) -> None:
    """A new game; every seat not named in ``seats`` is human (whatever the last game had)."""
    menu_click(page, "#btn-new")
    page.check("#players-3" if hostage else "#players-4")
    for party, kind in ({p: "human" for p in "rbyg"} | (seats or {})).items():
        if page.is_enabled(f"#seat-{party}"):
            page.select_option(f"#seat-{party}", kind)
    page.click("#newgame-start")
    expect(page.locator("#newgame-dialog")).to_be_hidden()


def set_settings(page: Page, **values: bool) -> None:
    """Tick or untick the pass-and-play settings (handover=, rotate=) in the settings dialog."""
    menu_click(page, "#btn-settings")
    for name, on in values.items():
        page.set_checked(f"#set-{name}", on)
    page.click("#settings-close")
    expect(page.locator("#settings-dialog")).to_be_hidden()


def quadrant(page: Page, square: str) -> str:
    """Where a square is drawn on the board: "top-left", "bottom-right"..."""
    board = page.locator("#board").bounding_box()
    box = page.locator(f'#board [data-square="{square}"]').bounding_box()
    x = box["x"] + box["width"] / 2 - board["x"]
    y = box["y"] + box["height"] / 2 - board["y"]
    return ("top" if y < board["height"] / 2 else "bottom") + "-" + ("left" if x < board["width"] / 2 else "right")


# ---------------------------------------------------------------------------- the shared page
class Shared:
    def __init__(self, page: Page, external: list[str], errors: list[str]):
        self.page = page
        self.external = external
        self.errors = errors


@pytest.fixture(scope="module")
def shared(browser, base_url, local_only):
    external: list[str] = []
    errors: list[str] = []
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800},
                                  service_workers="block")

    local_only(context, external)
    page = context.new_page()
    page.set_default_navigation_timeout(60_000)
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    yield Shared(page, external, errors)
    context.close()


@pytest.fixture
def app(shared, request, screenshot_dir):
    """The shared page, checked after each test: no page errors, no other hosts."""
    page = shared.page
    page.set_viewport_size({"width": 1280, "height": 800})
    for dialog in ("#newgame-dialog", "#share-dialog", "#link-dialog", "#draw-dialog", "#gameover-dialog",
                   "#settings-dialog", "#handover-dialog"):
        page.evaluate("s => { const d = document.querySelector(s); if (d.open) d.close(); }", dialog)
    yield page
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        page.screenshot(path=str(screenshot_dir / f"FAILED-{request.node.name}-shared.png"))
    assert shared.errors == [], shared.errors
    assert shared.external == [], f"requests to other hosts: {shared.external}"


# ---------------------------------------------------------------------------- play
def test_page_is_ready_with_the_board_and_hooks(app):
    page = app
    assert page.locator("#board [data-square]").count() == 81
    assert page.get_attribute('[data-square="E5"]', "class").split()[:2] == ["sq", "maze"]
    assert page.is_hidden("#loader")
    assert "to move" in status(page)


def test_play_an_opening_by_taps(app):
    page = app
    new_game(page)
    assert status(page) == "Red to move"
    assert move_list(page) == []
    tap(page, "C7")
    assert "sel" in classes(page, "C7")
    assert "F4" in options(page) and "E5" not in options(page)
    tap(page, "F4")
    assert status(page) == "Blue to move"
    assert pieces(page)["F4"] == "r:k-N" and "C7" not in pieces(page)
    assert {"lm", "lm-r", "age0"} <= classes(page, "C7") and {"lm", "lm-r", "age0"} <= classes(page, "F4")
    tap(page, "I7", "I6")
    tap(page, "I3", "I4")
    tap(page, "A3", "A4")
    assert move_list(page) == ["1. Red C7-F4", "2. Blue I7-I6", "3. Yellow I3-I4", "4. Green A3-A4"]
    assert status(page) == "Red to move"
    # Saved after every move.
    assert json.loads(saved(page))["game"] == "G1~start~C7-F4~I7-I6~I3-I4~A3-A4"


def test_tap_on_an_enemy_piece_explains_and_escape_cancels(app):
    page = app
    new_game(page)
    tap(page, "I9")
    expect(page.locator("#message")).to_contain_text("played by Blue")
    tap(page, "A7")
    assert options(page) == {"A6", "A5", "B6", "C5"}
    page.keyboard.press("Escape")
    assert options(page) == set() and "sel" not in classes(page, "A7")


def test_keyboard_plays_a_move(app):
    page = app
    new_game(page)
    page.focus("#board")
    for key in ["ArrowLeft"] * 4 + ["ArrowUp"] * 2:  # from E5 to A7
        page.keyboard.press(key)
    assert "cursor" in classes(page, "A7")
    page.keyboard.press("Enter")
    assert "sel" in classes(page, "A7") and "A6" in options(page)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert move_list(page) == ["1. Red A7-A6"]


def test_militant_kill_with_corpse_placement_and_back(app):
    page = app
    open_link(page, "#" + relocated({"A7": "D6", "G8": "E6"}))
    assert status(page) == "Red to move"
    tap(page, "D6")
    assert "E6" in options(page) and {"opt", "occ"} <= classes(page, "E6")
    tap(page, "E6")
    # The militant is shown on E6; now every empty field square, its start included, is offered.
    expect(page.locator("#prompt")).to_contain_text("corpse")
    places = options(page)
    assert "D6" in places and "C4" in places and "E5" not in places and "E6" not in places
    assert pieces(page)["E6"] == "r:k-M" and "D6" not in pieces(page)
    # Back steps back to the destination; Cancel drops it all: nothing was played.
    page.click("#btn-back")
    assert "E6" in options(page) and pieces(page)["E6"] == "b:k-M"
    page.click("#btn-cancel")
    assert options(page) == set() and pieces(page)["D6"] == "r:k-M" and move_list(page) == []
    tap(page, "D6", "E6", "C4")
    after = pieces(page)
    assert after["E6"] == "r:k-M" and after["C4"] == "x:d-M" and "D6" not in after
    assert move_list(page) == ["1. Red D6xE6@C4"]
    assert {"lm", "aux"} <= classes(page, "C4")
    assert status(page) == "Blue to move"


def test_reporter_kill(app):
    page = app
    open_link(page, "#" + relocated({"A8": "D8", "G8": "E6"}))
    tap(page, "D8", "D6")
    # The victim step: the Blue militant next to it, or no kill (the reporter itself).
    assert options(page) == {"E6", "D6"}
    assert "skip" in classes(page, "D6")
    expect(page.locator("#btn-skip")).to_be_visible()
    tap(page, "E6")
    after = pieces(page)
    assert after["D6"] == "r:k-R" and after["E6"] == "x:d-M"
    assert move_list(page) == ["1. Red D8-D6xE6"]


def test_reporter_may_decline_to_kill(app):
    page = app
    open_link(page, "#" + relocated({"A8": "D8", "G8": "E6"}))
    tap(page, "D8", "D6")
    page.click("#btn-skip")
    assert pieces(page)["E6"] == "b:k-M"
    assert move_list(page) == ["1. Red D8-D6"]


def test_chief_enters_the_maze_and_the_turn_order_follows(app):
    page = app
    open_link(page, "#" + relocated({"A9": "C5"}))
    tap(page, "C5", "E5")
    assert pieces(page)["E5"] == "r:k-C" and "ruler" in classes(page, "E5")
    red = page.locator("#players li").nth(0)
    expect(red).to_contain_text("in power")
    # Entering the maze on his own turn gives no extra turn at once: Blue plays first.
    assert status(page) == "Blue to move"
    tap(page, "I7", "I6")
    assert status(page) == "Red to move (extra turn, in power)"
    tap(page, "A7", "A6")
    assert status(page) == "Yellow to move"
    tap(page, "I3", "I4")
    assert status(page) == "Red to move (extra turn, in power)"
    tap(page, "B7", "B6")
    assert status(page) == "Green to move"
    tap(page, "A3", "A4")
    assert status(page) == "Red to move"  # his regular turn: next in the seat order
    tap(page, "C8", "D7")
    assert status(page) == "Blue to move"
    assert [m.split(". ", 1)[1] for m in move_list(page)] == [
        "Red C5-E5", "Blue I7-I6", "Red A7-A6", "Yellow I3-I4", "Red B7-B6", "Green A3-A4",
        "Red C8-D7"]


def test_undo_and_redo(app):
    page = app
    new_game(page)
    tap(page, "C7", "F4")
    tap(page, "I7", "I6")
    tap(page, "I3", "I4")
    before = board_state(page)
    page.click("#btn-undo")
    page.click("#btn-undo")
    assert move_list(page) == ["1. Red C7-F4"]
    assert status(page) == "Blue to move"
    assert pieces(page)["I7"] == "b:k-M"
    assert json.loads(saved(page))["redo"] == ["I7-I6", "I3-I4"]
    page.click("#btn-redo")
    page.click("#btn-redo")
    assert board_state(page) == before
    assert page.is_disabled("#btn-redo")
    # A new move after an undo drops the redo list.
    page.click("#btn-undo")
    tap(page, "I3", "I5")
    assert page.is_disabled("#btn-redo")
    assert move_list(page)[-1] == "3. Yellow I3-I5"


def test_position_link_round_trip_on_the_same_page(app):
    page = app
    new_game(page)
    tap(page, "C7", "F4")
    tap(page, "I7", "I6")
    menu_click(page, "#btn-share")
    link = page.input_value("#link-position")
    game_link = page.input_value("#link-game")
    page.click("#copy-game")  # selects the link and copies it (app/views/dom.py copy_field)
    expect(page.locator("#share-note")).to_have_text("Link copied.")
    assert page.evaluate("() => document.activeElement.id") == "link-game"
    page.click("#share-close")
    assert urlsplit(link).fragment.startswith("L1.P1.")  # marked and checked since issue 37
    code, _, seats = urlsplit(game_link).fragment.removeprefix("L1.").partition(";")
    assert code.startswith("G2~start~2.") and seats.startswith("seats=hhhh;ck=")  # compact since issue 15
    assert [m.text() for m in parse_game_code(code).move_stack] == ["C7-F4", "I7-I6"]
    before = pieces(page)
    new_game(page)
    tap(page, "A7", "A6")
    assert open_link(page, "#" + urlsplit(link).fragment)  # asks first: the game is unfinished
    assert pieces(page) == before
    assert status(page) == "Yellow to move"
    assert move_list(page) == []  # a position has no moves to undo


def test_link_question_can_keep_the_game(app):
    page = app
    new_game(page)
    tap(page, "A7", "A6")
    kept = saved(page)
    assert open_link(page, "#" + relocated({"A9": "C5"}), confirm=False)
    assert saved(page) == kept and move_list(page) == ["1. Red A7-A6"]


def test_bad_link_leaves_the_saved_game(app):
    page = app
    new_game(page)
    tap(page, "A7", "A6")
    kept = saved(page)
    for bad in ("#P1.rubbish", "#G1~start~A1-A2", "#whatever"):
        page.evaluate("f => { location.hash = f; }", bad)
        page.wait_for_function("() => location.hash === ''")
        expect(page.locator("#message")).to_be_visible()
        assert "error" in page.get_attribute("#message", "class")
        assert page.is_hidden("#link-dialog")
        assert saved(page) == kept and move_list(page) == ["1. Red A7-A6"]
    expect(page.locator("#message")).to_contain_text("unchanged")


def test_a_cut_link_is_refused_and_changes_nothing(app):
    """Issue 37: a game link cut short (as chat apps do) opens nothing, and says so."""
    shared = session.new_game(seats=["human", "normal", "human", "human"])
    for move in ("C7-F4", "I7-I6", "G3-G4", "C3-C4", "A7-A6"):
        shared.play(move)
    fragment = "#" + linking.game_link("", shared).split("#", 1)[1]
    page = app
    new_game(page)
    tap(page, "A7", "A6")
    kept = saved(page)
    for cut in (len(fragment) - 12, len(fragment) - 1):
        page.evaluate("f => { location.hash = f; }", fragment[:cut])
        page.wait_for_function("() => location.hash === ''")
        expect(page.locator("#message")).to_contain_text(
            "This link is incomplete: ask for it again. Your saved game is unchanged.")
        assert page.is_hidden("#link-dialog")
        assert saved(page) == kept and move_list(page) == ["1. Red A7-A6"]


def test_html_payload_in_a_link_on_the_running_page_is_only_text(app):
    page = app
    payload = '#G1~<img src="http://evil.example/x.png" onerror="window.__pwned=1">'
    page.evaluate("f => { location.hash = f; }", payload)
    page.wait_for_function("() => location.hash === ''")
    expect(page.locator("#message")).to_contain_text("<img")
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("img").count() == 0


def test_win_shows_the_game_over_screen(app):
    page = app
    code = relocated({"I9": "E7", "A7": "D6"}, control="rbrr", corpses=("I1", "A1"))
    open_link(page, "#" + code)
    yellow = page.locator("#players li").nth(2)
    expect(yellow).to_contain_text("eliminated")
    tap(page, "D6", "E7", "E6")
    expect(page.locator("#gameover-dialog")).to_be_visible()
    expect(page.locator("#gameover-title")).to_have_text("Red wins!")
    assert status(page) == "Game over: Red wins"
    page.click("#gameover-undo")
    assert status(page) == "Red to move" and move_list(page) == []


def test_draw_offer_needs_every_active_player(app):
    page = app
    new_game(page, hostage=True)
    assert "hostage" in page.text_content("#players li:nth-child(4)")
    tap(page, "C7", "F4")
    menu_click(page, "#btn-draw")
    boxes = page.locator("#draw-players input")
    assert boxes.count() == 3  # Green is the hostage: three players
    boxes.nth(0).check()
    boxes.nth(1).check()
    assert page.is_disabled("#draw-agree")
    boxes.nth(2).check()
    page.click("#draw-agree")
    expect(page.locator("#gameover-title")).to_have_text("Draw")
    page.click("#gameover-close")
    assert status(page) == "Game over: draw (agreement)"
    assert json.loads(saved(page))["game"].endswith("~draw")
    page.click("#btn-undo")  # takes the agreement back
    assert status(page) == "Blue to move"


def test_computer_player_moves_and_undo_goes_back_over_it(app):
    page = app
    new_game(page, seats={"b": "random", "y": "random", "g": "random"})
    tap(page, "C7", "F4")
    expect(page.locator("#status")).to_have_text("Red to move", timeout=20_000)
    moves = move_list(page)
    assert len(moves) == 4 and moves[1].startswith("2. Blue")
    page.click("#btn-undo")
    assert move_list(page) == [] and status(page) == "Red to move"
    page.click("#btn-redo")
    assert len(move_list(page)) == 4 and status(page) == "Red to move"


def test_expert_plays_from_the_new_game_dialog(app):
    page = app
    new_game(page, seats={"b": "expert"})
    assert page.locator('#seat-b option[value="expert"]').text_content() == "Computer (expert)"
    tap(page, "C7", "F4")
    expect(page.locator("#status")).to_have_text("Yellow to move", timeout=60_000)
    assert len(move_list(page)) == 2


def test_computer_thinking_can_be_stopped(app):
    page = app
    new_game(page, seats={"b": "expert"})  # the strongest level: the longest search
    # Stop is pressed the moment "Thinking…" shows: a MutationObserver's callback runs at the end
    # of the task that showed it, before any slice of the search, and a computer move waits at
    # least MOVE_PACE_MS after Red's anyway (app/computer.py). So Stop always meets the search.
    page.evaluate("""() => {
        window.stopPressed = false;
        const thinking = document.getElementById('thinking');
        new MutationObserver((records, observer) => {
            if (thinking.hidden) return;
            observer.disconnect();
            document.getElementById('btn-stop').click();
            window.stopPressed = true;
        }).observe(thinking, { attributes: true, attributeFilter: ['hidden'] });
    }""")
    tap(page, "C7", "F4")
    assert page.evaluate("window.stopPressed") is True
    expect(page.locator("#thinking")).to_be_hidden()
    expect(page.locator("#paused")).to_be_visible()
    assert status(page) == "Blue to move" and len(move_list(page)) == 1
    # It stays stopped: once no search is under way (body[data-searches], app/computer.py),
    # nothing can play Blue's move.
    page.wait_for_selector('body[data-searches="0"]', state="attached")
    assert len(move_list(page)) == 1 and status(page) == "Blue to move"
    expect(page.locator("#paused")).to_be_visible()
    page.click("#btn-resume")
    expect(page.locator("#status")).to_have_text("Yellow to move", timeout=30_000)
    assert len(move_list(page)) == 2
    page.click("#btn-undo")
    assert move_list(page) == [] and status(page) == "Red to move"


def test_handover_screen_between_human_players(app):
    page = app
    handover = page.locator("#handover-dialog")
    set_settings(page, handover=True)
    try:
        assert json.loads(saved(page, "djambi.settings.v1"))["handover"] is True
        new_game(page)
        tap(page, "C7", "F4")
        expect(handover).to_be_visible()
        expect(page.locator("#handover-title")).to_have_text("Pass the tablet to Blue")
        # It hides the whole board: a tap on a square lands on the screen.
        e5 = page.locator('#board [data-square="E5"]').bounding_box()
        assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#handover-dialog')",
                             [e5["x"] + 10, e5["y"] + 10])
        page.click("#handover-ready")
        expect(handover).to_be_hidden()
        assert status(page) == "Blue to move"
        tap(page, "I7", "I6")
        page.click("#handover-ready")
        expect(handover).to_be_hidden()
        # Human, computer, human: the tablet passes from Red to Yellow, and only then.
        new_game(page, seats={"b": "random", "g": "random"})
        tap(page, "C7", "F4")
        expect(handover).to_be_visible(timeout=20_000)  # (the hidden title still names Yellow)
        expect(page.locator("#handover-title")).to_have_text("Pass the tablet to Yellow")
        assert move_list(page)[-1].startswith("2. Blue")
        page.click("#handover-ready")
        # One human against the computers never sees it.
        new_game(page, seats={"b": "random", "y": "random", "g": "random"})
        tap(page, "C7", "F4")
        expect(page.locator("#status")).to_have_text("Red to move", timeout=20_000)
        assert len(move_list(page)) == 4
        # The screen is opened (or not) in the same call that draws the move and the status, so
        # with Red to move after Green's move it is decided.
        expect(handover).to_be_hidden()
        # Off: no screen between humans.
        set_settings(page, handover=False)
        new_game(page)
        tap(page, "C7", "F4")
        assert status(page) == "Blue to move"
        expect(handover).to_be_hidden()
    finally:
        page.evaluate("() => { const d = document.getElementById('handover-dialog'); if (d.open) d.close(); }")
        set_settings(page, handover=False)


def test_board_turns_toward_the_player_to_move(app, screenshot_dir):
    page = app
    new_game(page)
    assert quadrant(page, "A9") == "top-left"  # Red's corner, the board unturned
    set_settings(page, rotate=True)
    try:
        assert quadrant(page, "A9") == "bottom-left"  # Red to move: his corner toward him
        assert quadrant(page, "I1") == "top-right"
        tap(page, "C7", "F4")
        assert quadrant(page, "I9") == "bottom-left"  # Blue's
        assert page.get_attribute("#board", "data-rotation") == "2"
        # Taps still reach the right squares; the coordinates turn with the board.
        tap(page, "I7", "I6")
        assert move_list(page)[-1] == "2. Blue I7-I6"
        assert quadrant(page, "I1") == "bottom-left"  # Yellow's
        labels = page.locator("#board text.coord").all_text_contents()
        assert labels[:9] == [str(r) for r in range(1, 10)]  # the rows run along the bottom
        # The keyboard follows the board as seen: ArrowUp moves the cursor up the screen.
        page.focus("#board")
        page.keyboard.press("ArrowDown")  # now not on the top edge
        before = page.locator("#board .sq.cursor").bounding_box()
        page.keyboard.press("ArrowUp")
        after = page.locator("#board .sq.cursor").bounding_box()
        assert abs(after["x"] - before["x"]) < 2 and 0.9 < (before["y"] - after["y"]) / before["height"] < 1.1
        page.screenshot(path=str(screenshot_dir / "app-rotated-yellow-1280x800.png"))
        set_settings(page, rotate=False)
        assert quadrant(page, "A9") == "top-left"
        assert page.locator("#board text.coord").all_text_contents()[:9] == list("ABCDEFGHI")
    finally:
        set_settings(page, rotate=False)


SIZES = ((1280, 800), (768, 1024), (1024, 768), (390, 844), (844, 390))
MIN_TAP = 44


def check_layout(page: Page, width: int, height: int) -> dict:
    """The touch-first layout at this window size; returns the board's and squares' sizes."""
    # No document scrolling, ever: everything fits, and the page cannot be dragged or zoomed.
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= height
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width
    style = page.evaluate("""() => { const h = getComputedStyle(document.documentElement),
                                           b = getComputedStyle(document.body);
        return [h.touchAction, h.overscrollBehaviorY, b.overscrollBehaviorY, b.overflowY]; }""")
    assert style == ["manipulation", "none", "none", "hidden"]
    assert "width=device-width" in page.get_attribute('meta[name="viewport"]', "content")
    # The board: inside the window, and as large as its area allows.
    box = page.locator("#board-wrap").bounding_box()
    area = page.locator("#board-area").bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= width + 1 and box["y"] + box["height"] <= height + 1
    assert abs(box["width"] - box["height"]) < 1
    assert box["width"] >= min(area["width"], area["height"]) - 12 - 1
    # Every square is a tap target of at least 44 px, or, where the window is too small for nine
    # of them, the largest possible: the board as wide as the window and no margin.
    squares = [page.locator(f'#board [data-square="{sq}"]').bounding_box() for sq in ("A1", "E5", "I9")]
    side = min(min(b["width"], b["height"]) for b in squares)
    if min(width, height) >= 9 * MIN_TAP + 60:
        assert side >= MIN_TAP, (width, height, side)
    else:
        assert side >= min(width, height) / 9 - 0.5, (width, height, side)
    # Every visible button and label of the panel and of an open dialog: 44 px.
    targets = page.locator("#panel button:visible, dialog[open] button:visible, dialog[open] select:visible, "
                           "dialog[open] .choice label:visible")
    for target in targets.all():
        b = target.bounding_box()
        assert b["height"] >= MIN_TAP and b["width"] >= MIN_TAP, (width, height, target.text_content())
    return {"board": box["width"], "square": side}


def test_screenshots_at_desktop_and_tablet_sizes(app, screenshot_dir):
    """Layout checks and screenshots at desktop, tablet (both ways) and phone (both ways) sizes:
    a kill's corpse placement, the settings, the hand-over screen and the turned board."""
    page = app
    open_link(page, "#" + relocated({"A7": "D6", "G8": "E6", "A9": "E5"}, turn="b"))
    tap(page, "I7", "I6")  # Blue
    tap(page, "D6", "E6")  # Red, in power: a kill, choosing where the corpse goes
    sizes = {}
    try:
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(screenshot_dir / f"app-{width}x{height}.png"))
            sizes[(width, height)] = check_layout(page, width, height)
        page.set_viewport_size({"width": 1280, "height": 800})
        tap(page, "C4")
        set_settings(page, handover=True, rotate=True)
        tap(page, "I3", "I4")  # Yellow hands over to Red (in power, an extra turn)
        expect(page.locator("#handover-dialog")).to_be_visible()
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(screenshot_dir / f"app-handover-{width}x{height}.png"))
            b = page.locator("#handover-ready").bounding_box()
            assert b["width"] >= width - 1 and b["height"] >= height - 1  # the whole window
            assert page.evaluate("() => document.scrollingElement.scrollHeight") <= height
        page.click("#handover-ready")
        assert status(page).startswith("Red to move")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            assert quadrant(page, "A9") == "bottom-left"
            page.screenshot(path=str(screenshot_dir / f"app-rotated-{width}x{height}.png"))
            check_layout(page, width, height)
        menu_click(page, "#btn-settings")
        for width, height in ((768, 1024), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(screenshot_dir / f"app-settings-{width}x{height}.png"))
            check_layout(page, width, height)
        page.click("#settings-close")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("() => { const d = document.getElementById('handover-dialog'); if (d.open) d.close(); }")
        set_settings(page, handover=False, rotate=False)
    menu_click(page, "#btn-new")
    page.screenshot(path=str(screenshot_dir / "app-new-game-dialog.png"))
    page.click("#newgame-cancel")
    print("board and square sizes (px):", sizes)
    # The phone in portrait: the board is the window's width, each square a ninth of it.
    assert sizes[(390, 844)]["board"] >= 389 and sizes[(390, 844)]["square"] >= 43.3


# ---------------------------------------------------------------------------- fresh pages
def test_reload_resumes_exactly(page, base_url, wait_ready, external_requests):
    page.goto(base_url)
    wait_ready(page)
    tap(page, "C7", "F4")
    tap(page, "I7", "I6")
    tap(page, "I3", "I4")
    page.click("#btn-undo")
    before = board_state(page)
    page.reload()
    wait_ready(page)
    assert board_state(page) == before
    assert move_list(page) == ["1. Red C7-F4", "2. Blue I7-I6"]
    assert status(page) == "Yellow to move"
    page.click("#btn-redo")  # the redo list survived the reload
    assert move_list(page)[-1] == "3. Yellow I3-I4"
    assert external_requests == []


def test_game_link_opens_in_a_new_tab(page, base_url, wait_ready, external_requests):
    board = Board()
    for text in ("C7-F4", "I7-I6", "I3-I4", "A3-A4", "A7-A6"):
        board.play(text)
    code = format_game_code(board)
    page.goto(base_url + "#" + code)
    wait_ready(page)
    assert page.is_hidden("#link-dialog")  # nothing saved here: no question
    assert len(move_list(page)) == 5 and status(page) == "Blue to move"
    assert pieces(page)["A6"] == "r:k-M" and pieces(page)["F4"] == "r:k-N"
    assert page.evaluate("() => location.hash") == ""
    assert json.loads(saved(page))["game"] == code
    page.click("#btn-undo")  # a game link keeps its moves
    assert len(move_list(page)) == 4
    assert external_requests == []


def test_corrupted_storage_is_kept_aside(page, base_url, wait_ready, external_requests):
    bad = '{"format": "djambi-save", "version": 1, "game": "G1~start~Z9-Z8"'
    page.add_init_script(f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(bad)});")
    page.goto(base_url)
    wait_ready(page)
    expect(page.locator("#message")).to_contain_text("could not be read, so a new game started. It is kept, set aside")
    assert bad in page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith("djambi.game.")).map(k => localStorage.getItem(k))""")
    assert saved(page, STORAGE_KEY) is None  # moved into the Games list, set aside there
    assert status(page) == "Red to move" and move_list(page) == []
    tap(page, "A7", "A6")
    assert json.loads(saved(page))["game"] == "G1~start~A7-A6"
    assert external_requests == []


def test_a_bad_link_is_said_in_french_with_its_text_behind_details(new_page, wait_ready):
    """Issue 37: a bad position link said the raw position string and, in French, "(détail en
    anglais : …)" inline; now a French sentence, the raw text behind a closed "Détails"."""
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("./?lang=fr#P1.zz9")
    wait_ready(page)
    sentence = page.locator("#message .message-sentence")
    expect(sentence).to_contain_text("Votre partie enregistrée n'a pas changé.")
    assert "zz9" not in sentence.text_content() and "anglais" not in page.text_content("#message")
    details = page.locator("#message details")
    expect(details.locator("summary")).to_have_text("Détails")
    expect(details.locator("code")).to_be_hidden()
    details.locator("summary").click()
    expect(details.locator("code")).to_contain_text("P1.zz9")


def test_script_payload_in_the_url_never_runs(page, base_url, wait_ready, external_requests):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    payload = ('#P1.<img src="http://evil.example/x.png" onerror="window.__pwned=1">'
               '<script>window.__pwned=2</script><svg onload="window.__pwned=3">')
    page.goto(base_url + payload)
    wait_ready(page)
    expect(page.locator("#message .message-sentence")).to_contain_text("cannot be read")
    assert "<script>" not in page.text_content("#message .message-sentence")  # never inline
    assert "<script>" in page.text_content("#message details")  # shown as text, under Details
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("img").count() == 0
    assert page.locator("#message-text img, #message-text script, #message-text svg").count() == 0
    assert page.evaluate("""() => Array.from(document.scripts)
        .filter(s => s.textContent.includes('__pwned')).length""") == 0
    assert page.locator("[onerror], [onload]").count() == 0
    assert status(page) == "Red to move"
    assert errors == []
    assert external_requests == []


def test_touch_tablet_taps_a_whole_kill(new_page, base_url, wait_ready, external_requests,
                                        screenshot_dir):
    page = new_page(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True,
                    device_scale_factor=1)
    page.goto(base_url + "#" + relocated({"A7": "D6", "G8": "E6"}))
    wait_ready(page)
    assert page.evaluate("() => getComputedStyle(document.documentElement).touchAction") == "manipulation"
    for sq in ("D6", "E6"):
        page.tap(f'#board [data-square="{sq}"]')
    assert "C4" in options(page)
    page.screenshot(path=str(screenshot_dir / "app-touch-768x1024-placing.png"))
    page.tap('#board [data-square="C4"]')
    assert move_list(page) == ["1. Red D6xE6@C4"]
    # Landscape on the same tablet: everything still fits, nothing scrolls.
    page.set_viewport_size({"width": 1024, "height": 768})
    page.tap('#board [data-square="I7"]')
    page.tap('#board [data-square="I6"]')
    assert status(page) == "Yellow to move"
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight")
    page.screenshot(path=str(screenshot_dir / "app-touch-1024x768.png"))
    # Pass-and-play by touch: the settings, then the hand-over screen and the turned board.
    menu_click(page, "#btn-settings", tap=True)
    page.tap('label:has(#set-handover)')
    page.tap('label:has(#set-rotate)')
    page.tap("#settings-close")
    assert quadrant(page, "I1") == "bottom-left"  # Yellow to move
    page.tap('#board [data-square="I3"]')
    page.tap('#board [data-square="I4"]')
    expect(page.locator("#handover-title")).to_have_text("Pass the tablet to Green")
    page.tap("#handover-ready")
    expect(page.locator("#handover-dialog")).to_be_hidden()
    assert quadrant(page, "A1") == "bottom-left" and status(page) == "Green to move"
    page.reload()
    wait_ready(page)
    assert page.is_checked("#set-handover") and page.is_checked("#set-rotate")  # kept
    page.tap("#btn-undo")  # back to Yellow: the board turns to him, and no hand-over
    assert quadrant(page, "I1") == "bottom-left" and page.is_hidden("#handover-dialog")
    assert external_requests == []
