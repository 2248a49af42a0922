"""Rule options in the browser (issue 25): a game started with a preset from the new-game dialog,
its rules on the panel, carried by the shared link to a new page; an old link opens as standard;
"Custom rules" and two-by-two in the dialog."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from djambi.notation import parse_game_code
from djambi.rules import Rules

from conftest import menu_click

GAME_KEY_PREFIX = "djambi.game."


def start(page: Page, preset: str, **options: str) -> None:
    menu_click(page, "#btn-new")
    page.check("#players-4")
    for party in "rbyg":
        if page.is_enabled(f"#seat-{party}"):
            page.select_option(f"#seat-{party}", "human")
    page.select_option("#newgame-rules", preset)
    for name, value in options.items():
        page.select_option(f"#rule-{name}", value)
    page.click("#newgame-start")
    expect(page.locator("#newgame-dialog")).to_be_hidden()


def saved_games(page: Page) -> list[dict]:
    return page.evaluate(f"""() => Object.keys(localStorage)
        .filter(k => k.startsWith({json.dumps(GAME_KEY_PREFIX)}))
        .map(k => JSON.parse(localStorage.getItem(k)))""")


def test_a_bga_game_from_the_dialog_shows_its_rules_and_its_link_keeps_them(
        page, new_page, base_url, wait_ready, external_requests):
    page.goto(base_url)
    wait_ready(page)
    expect(page.locator("#rules-line")).to_be_hidden()  # standard rules: nothing said
    start(page, "bga")
    expect(page.locator("#rules-line")).to_have_text("Rules: BGA (Board Game Arena)")
    page.click('#board [data-square="A7"]')
    page.click('#board [data-square="A6"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    assert any(g["game"] == "G1~start.kill-own=except-chief,walled-in=any-necromobile~A7-A6"
               for g in saved_games(page))
    menu_click(page, "#btn-share")
    link = page.input_value("#link-game")
    page.keyboard.press("Escape")
    fragment = urlsplit(link).fragment
    assert fragment.startswith("L1.G2~start.kill-own=except-chief,walled-in=any-necromobile~")

    other = new_page()
    other.goto(base_url + "#" + fragment)
    wait_ready(other)
    expect(other.locator("#rules-line")).to_have_text("Rules: BGA (Board Game Arena)")
    expect(other.locator("#move-list li")).to_have_count(1)
    expect(other.locator("#status")).to_have_text("Blue to move")
    assert any(g["game"].startswith("G1~start.kill-own=except-chief,walled-in=any-necromobile~")
               for g in saved_games(other))
    assert external_requests == []


def test_an_old_link_opens_as_standard_and_a_bad_option_is_named(page, base_url, wait_ready,
                                                                 external_requests):
    page.goto(base_url + "#G2~start~5.6LaI;seats=hhhh")  # made before rule options
    wait_ready(page)
    expect(page.locator("#move-list li")).to_have_count(5)
    expect(page.locator("#status")).to_have_text("Blue to move")
    expect(page.locator("#rules-line")).to_be_hidden()
    assert [g["game"] for g in saved_games(page)] == [
        "G1~start~C7-F4~G7-D4~G3-G4~C3-C4~A7-A6"]
    page.evaluate("() => { location.hash = 'G2~start.walls=none~0.A;seats=hhhh'; }")
    expect(page.locator("#message")).to_contain_text("unknown option 'walls'")
    expect(page.locator("#move-list li")).to_have_count(5)  # nothing lost
    assert external_requests == []


def test_custom_rules_and_two_by_two_in_the_dialog(page, base_url, wait_ready, external_requests):
    page.goto(base_url)
    wait_ready(page)
    menu_click(page, "#btn-new")
    expect(page.locator("#newgame-options")).to_be_hidden()
    page.select_option("#newgame-rules", "two-by-two")
    expect(page.locator("#newgame-two-note")).to_be_visible()
    expect(page.locator("#seat-y")).to_be_disabled()
    page.select_option("#seat-r", "easy")
    assert page.input_value("#seat-y") == "easy"  # Red's seat leads Red and Yellow
    page.select_option("#seat-r", "human")
    page.select_option("#newgame-rules", "custom")
    expect(page.locator("#newgame-options")).to_be_visible()
    assert page.input_value("#rule-players") == "2x2"  # custom starts from the preset chosen
    expect(page.locator("#rule-reporter")).to_be_visible()
    page.select_option("#rule-players", "4")
    expect(page.locator("#seat-y")).to_be_enabled()
    page.keyboard.press("Escape")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    start(page, "custom", reporter="all", skips="2")
    expect(page.locator("#rules-line")).to_have_text(
        "Rules: Reporter: kills every neighbour at once; Passes: 2 passes, then out")
    menu_click(page, "#btn-new")  # the dialog opens on the game's rules
    assert page.input_value("#newgame-rules") == "custom"
    assert page.input_value("#rule-reporter") == "all"
    page.keyboard.press("Escape")
    assert external_requests == []


def test_two_by_two_names_the_players_and_the_rules_page_marks_what_differs(
        page, base_url, wait_ready, external_requests):
    page.goto(base_url)
    wait_ready(page)
    start(page, "two-by-two")
    expect(page.locator("#status")).to_have_text("Player 1 (Red + Yellow) to move")
    expect(page.locator("#players")).to_contain_text("Yellow (Player 1)")
    expect(page.locator("#players")).to_contain_text("Green (Player 2)")
    page.click('#board [data-square="G3"]')
    page.click('#board [data-square="F4"]')
    expect(page.locator("#move-list li")).to_have_count(1)
    assert "Player 1 (Red + Yellow)" in page.get_attribute("#move-list li", "aria-label")
    expect(page.locator("#status")).to_have_text("Player 2 (Blue + Green) to move")
    # each row (drawn after every move, in the standard game first): its swatch, name, seat, state
    # and one badge
    assert page.evaluate("() => [...document.querySelectorAll('#players li')].map((li) => li.children.length)") == [5] * 4
    expect(page.locator("#players .pbadge")).to_have_text(["1", "2", "1", "2"])
    # The rules page marks the sections the game's option changes (players=2x2: §1, 5, 6, 7).
    page.evaluate("() => { location.hash = 'rules'; }")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body details.differs")).to_have_count(5)  # and the opening
    expect(page.locator("#rules-body details.differs").nth(1)).to_contain_text(
        "In this game — Players: 2 players, two armies each.")
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    start(page, "standard")  # a standard game: nothing marked
    page.evaluate("() => { location.hash = ''; location.hash = 'rules'; }")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body details")).not_to_have_count(0)
    expect(page.locator("#rules-body details.differs")).to_have_count(0)
    page.keyboard.press("Escape")
    assert external_requests == []


# ---------------------------------------------------------------------------- a whole game
#: Installed in the page: every text the status line shows from now on (``window.statuses``).
WATCH_STATUS = """() => {
    const status = document.getElementById('status'), seen = window.statuses = [];
    new MutationObserver(() => {
        if (seen[seen.length - 1] !== status.textContent) seen.push(status.textContent);
    }).observe(status, {childList: true, characterData: true, subtree: true});
}"""

TWO_BY_TWO = Rules.parse("two-by-two")
#: The two players of a two-by-two game as every line of the page names them.
PLAYERS = {0: "Player 1 (Red + Yellow)", 1: "Player 2 (Blue + Green)"}


@pytest.mark.timeout(600)
def test_a_two_by_two_game_of_computers_is_played_to_its_end(new_page, wait_ready, screenshot_dir,
                                                            external_requests):
    """Player 1 (Red + Yellow) is the normal computer, Player 2 (Blue + Green) the easy one,
    chosen in the new-game dialog on a tablet; they play the game to its end. The status line,
    the move list and the end say the two-by-two players throughout; undo after the end takes
    the last move back and pauses the computers; redo ends the game again; its link opens the
    same game under the same rules in a second browser."""
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    page.goto("./")
    wait_ready(page)
    menu_click(page, "#btn-new")
    page.check("#players-4")
    page.select_option("#newgame-rules", "two-by-two")
    page.select_option("#seat-r", "normal")
    page.select_option("#seat-b", "easy")
    assert page.input_value("#seat-y") == "normal" and page.input_value("#seat-g") == "easy"
    page.evaluate(WATCH_STATUS)
    page.click("#newgame-start")
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    expect(page.locator("#rules-line")).to_have_text("Rules: Two players, two armies each")
    # Each army's row: its name on one line of the tablet's panel, its player's badge by the swatch.
    expect(page.locator("#players .pbadge")).to_have_text(["1", "2", "1", "2"])  # one each, drawn again and again
    assert page.evaluate("""() => [...document.querySelectorAll('#players .pname > [aria-hidden]')]
        .map((name) => name.getClientRects().length)""") == [1, 1, 1, 1]
    expect(page.locator("#gameover-dialog")).to_be_visible(timeout=540_000)

    board = parse_game_code(page.evaluate("() => window.djambiApp()"))
    outcome = board.outcome()
    assert outcome is not None and board.rules == TWO_BY_TWO
    plies = len(board.move_stack)
    winner = PLAYERS[int(outcome.winner)]
    expect(page.locator("#gameover-title")).to_have_text(f"{winner} wins!")
    expect(page.locator("#status")).to_have_text(f"Game over: {winner} wins")
    page.screenshot(path=str(screenshot_dir / "rules-two-by-two-end-1024x768.png"))
    # every status line of the game named a two-by-two player
    statuses = page.evaluate("() => window.statuses")
    line = re.compile(r"(Player 1 \(Red \+ Yellow\)|Player 2 \(Blue \+ Green\)) to move"
                      r"( \(extra turn, in power\))?|Game over: " + re.escape(winner) + " wins")
    assert [s for s in statuses if not line.fullmatch(s)] == []
    assert len(statuses) >= 3
    # every move in the list names the player who made it, as the engine replays the game
    rows = page.evaluate("""() => [...document.querySelectorAll('#move-list li')].map(li =>
        [li.querySelector('.who').textContent, li.querySelector('.who').title, li.getAttribute('aria-label')])""")
    replay = board.root()
    assert len(rows) == plies
    for number, (move, (who, title, label)) in enumerate(zip(board.move_stack, rows), 1):
        player = int(replay.turn)
        assert who == str(player + 1), (number, who)
        assert title in (PLAYERS[player], f"{PLAYERS[player]} (extra turn)"), (number, title)
        assert label.startswith(f"Move {number}, {PLAYERS[player]}: "), (number, label)
        replay.push(move)

    # undo after the end: the last move taken back, the computers paused
    page.click("#gameover-undo")
    expect(page.locator("#gameover-dialog")).to_be_hidden()
    expect(page.locator("#move-list li")).to_have_count(plies - 1)
    before = board.copy()
    last = before.pop()
    expect(page.locator("#status")).to_have_text(re.compile(
        re.escape(PLAYERS[int(before.turn)]) + r" to move( \(extra turn, in power\))?"))
    expect(page.locator("#paused")).to_be_visible()
    assert parse_game_code(page.evaluate("() => window.djambiApp()")).move_stack == before.move_stack
    # redo: the same last move, the same end
    page.click("#btn-redo")
    expect(page.locator("#move-list li")).to_have_count(plies)
    expect(page.locator("#gameover-dialog")).to_be_visible()
    expect(page.locator("#gameover-title")).to_have_text(f"{winner} wins!")
    assert parse_game_code(page.evaluate("() => window.djambiApp()")).move_stack[-1] == last
    page.keyboard.press("Escape")
    expect(page.locator("#gameover-dialog")).to_be_hidden()

    # the game's link, opened in another browser: the same game, the same rules, the same end
    menu_click(page, "#btn-share")
    link = page.input_value("#link-game")
    page.keyboard.press("Escape")
    assert ".players=2x2" in urlsplit(link).fragment
    other = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    other.goto(link)
    wait_ready(other)
    expect(other.locator("#rules-line")).to_have_text("Rules: Two players, two armies each")
    expect(other.locator("#move-list li")).to_have_count(plies)
    expect(other.locator("#status")).to_have_text(f"Game over: {winner} wins")
    assert parse_game_code(other.evaluate("() => window.djambiApp()")) == board
    assert parse_game_code(other.evaluate("() => window.djambiApp()")).move_stack == board.move_stack
    other.screenshot(path=str(screenshot_dir / "rules-two-by-two-link-390x844.png"))
    assert external_requests == []
