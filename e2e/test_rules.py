"""Rule options in the browser (issue 25): a game started with a preset from the new-game dialog,
its rules on the panel, carried by the shared link to a new page; an old link opens as standard;
"Custom rules" and two-by-two in the dialog."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

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
    assert fragment.startswith("G2~start.kill-own=except-chief,walled-in=any-necromobile~")

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
