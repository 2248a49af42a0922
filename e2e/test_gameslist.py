"""The Games list says what each game is, and a corrupted game in storage is set aside, named and
recoverable (issue 37, points 4 and 5). What each entry says and the orders are decided and tested
in CPython (tests/test_gameslist.py); here the page: a corrupted current game after a reload, and
the list of several games at a phone's and a tablet's size in English, French and Czech."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from djambi import Board, format_game_code
from conftest import menu_click
from app.state import library, saving, session

#: Where the screenshots for the closing note go (``GAMESLIST_SHOTS``), else e2e/screenshots/.
SHOTS = os.environ.get("GAMESLIST_SHOTS")


def current_entry(page: Page) -> tuple[str, str]:
    """The games index's current slot and its stored text."""
    return tuple(page.evaluate("""() => {
        const index = JSON.parse(localStorage.getItem("djambi.games.v1"));
        return [index.current, localStorage.getItem("djambi.game." + index.current)];
    }"""))


def overflowing(page: Page) -> list[str]:
    """What sticks out sideways, or a tap target of the list under 44 px."""
    return page.evaluate("""() => {
        const out = [];
        const vw = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > vw + 1) out.push('page scrolls sideways');
        const list = document.querySelector('#games-list');
        if (list.scrollWidth > list.clientWidth + 1) out.push('list scrolls sideways');
        for (const el of document.querySelectorAll('#games-dialog button, #games-sort, #games-list summary')) {
            const r = el.getBoundingClientRect();
            if (!r.width) continue;
            if (r.right > vw + 1 || r.left < -1) out.push('outside: ' + el.textContent.trim());
            if (r.height < 43.5) out.push('small: ' + (el.id || el.textContent.trim()) + ' ' + r.height);
        }
        return out;
    }""")


def test_a_corrupted_current_game_is_set_aside_named_and_deleted_from_the_list(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    shots = Path(SHOTS) if SHOTS else screenshot_dir
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    board = Board()
    for text in ("C7-F4", "I7-I6", "I3-I4"):
        board.play(text)
    page.goto(base_url + "#" + format_game_code(board))
    wait_ready(page)
    expect(page.locator("#move-list li")).to_have_count(3)
    slot, text = current_entry(page)
    name = json.loads(text)["name"]
    bad = text[:60]  # the entry cut short: no longer JSON
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [library.game_key(slot), bad])

    page.reload()
    wait_ready(page)
    message = page.locator("#message")
    expect(message).to_contain_text(f"{name} (Djambi, 3 moves) could not be read, so a new game "
                                    "started. It is kept, set aside: open Games to download it or "
                                    "delete it.")
    expect(message.locator(".message-sentence")).not_to_contain_text("JSON")
    expect(message.locator("details.message-details summary")).to_have_text("Details")
    expect(message.locator("details.message-details code")).to_have_text("the saved data is not JSON")
    expect(message.locator("details.message-details code")).to_be_hidden()
    assert "djambi." not in message.text_content() and slot not in message.text_content()
    expect(page.locator("#move-list li")).to_have_count(0)
    # Kept as it was, not the current game any more.
    assert page.evaluate("k => localStorage.getItem(k)", library.game_key(slot)) == bad
    assert current_entry(page)[0] != slot
    page.screenshot(path=str(shots / "set-aside-message-en-390x844.png"))

    menu_click(page, "#btn-games")
    row = page.locator("#games-list li.unreadable")
    expect(row).to_have_count(1)
    expect(row.locator(".game-name")).to_have_text(name)
    expect(row.locator(".game-kind")).to_have_text("Djambi · 3 moves")
    expect(row.locator(".game-status")).to_have_text("Could not be read: it was set aside.")
    expect(row.locator(".game-open")).to_have_count(0)
    details = row.locator("details.game-problem")
    expect(details.locator("p")).to_be_hidden()  # technical detail only behind "Details"
    details.locator("summary").click()
    expect(details.locator("p")).to_have_text("the saved data is not JSON")
    page.screenshot(path=str(shots / "set-aside-in-games-en-390x844.png"))
    with page.expect_download() as info:
        row.locator(".game-download").click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == bad
    # Deleted only once confirmed.
    row.locator(".game-delete").click()
    expect(row.locator(".game-confirm")).to_contain_text("Delete this game for good?")
    row.locator(".game-delete-cancel").click()
    expect(row.locator(".game-confirm")).to_have_count(0)
    assert page.evaluate("k => localStorage.getItem(k)", library.game_key(slot)) == bad
    row.locator(".game-delete").click()
    row.locator(".game-delete-confirm").click()
    expect(page.locator("#games-list li.unreadable")).to_have_count(0)
    assert page.evaluate("k => localStorage.getItem(k)", library.game_key(slot)) is None
    expect(page.locator("#games-undo-bar")).to_be_visible()
    assert external_requests == []


def several_games() -> dict[str, str]:
    """A storage holding a Djambi game (seats of every kind), a BGA-rules game, a Camblam game,
    a finished game, a two-by-two game, and a game set aside (its entry damaged)."""
    storage = saving.MemoryStorage()
    lib = library.Library(storage)

    def store(slot: str, game: session.Game, name: str, when: str, *moves: str) -> None:
        for move in moves:
            game.play(move)
        game.name, game.updated = name, when
        assert lib.keeper(slot).force(game) == ""

    store("slotAAAA", session.new_game(seats=["human", "hard", "remote", "easy"]), "Game 1",
          "2026-11-27T20:05:00", "C7-F4", "I7-I6")
    store("slotBBBB", session.new_game(seats=["human", "expert", "human", "human"], rules="bga"),
          "Game 2", "2026-11-26T21:40:00", "A7-A6")
    store("slotCCCC", session.new_game(seats=["human", "normal"], kind="camblam"), "Game 3",
          "2026-11-25T17:15:00", "f3f6")
    over = session.new_game(seats=["human"] * 4)
    over.agree_draw()
    store("slotDDDD", over, "Sunday game", "2026-11-23T16:30:00")
    store("slotEEEE", session.new_game(seats=["human", "normal", "human", "human"], rules="two-by-two"),
          "Game 5", "2026-11-22T11:00:00", "G1-F1")
    store("slotFFFF", session.new_game(), "Game 6", "2026-11-27T22:45:00", *("C7-F4", "I7-I6", "I3-I4"))
    storage.set(library.game_key("slotFFFF"), storage.get(library.game_key("slotFFFF"))[:80])
    lib.set_aside("slotFFFF", storage.get(library.game_key("slotFFFF")), "the saved data is not JSON")
    lib.set_current("slotAAAA")
    return storage.data


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_the_games_list_says_what_each_game_is(new_page, base_url, wait_ready, lang, screenshot_dir,
                                               external_requests):
    shots = Path(SHOTS) if SHOTS else screenshot_dir
    shots.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    page.goto(f"{base_url}?lang={lang}")
    wait_ready(page)
    page.evaluate("data => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
                  several_games())
    page.reload()
    wait_ready(page)
    menu_click(page, "#btn-games")
    rows = page.locator("#games-list li.game")
    expect(rows).to_have_count(6)
    # Last played first: the set-aside game (its time as the index knows it), then Game 1 …
    expect(rows.nth(0)).to_have_class("game unreadable")
    first = rows.nth(1)
    seats = first.locator(".game-seats")
    expect(seats.locator(".game-seat")).to_have_count(4)
    expect(seats.locator(".seat-computer .game-seat-sign").first).to_have_text(
        {"en": "H", "fr": "D", "cs": "T"}[lang])
    label = seats.get_attribute("aria-label")
    assert label.count(";") == 3 and {"en": "Computer (hard)", "fr": "Ordinateur (difficile)",
                                      "cs": "Počítač (těžký)"}[lang] in label
    expect(first.locator(".game-detail .game-dot")).to_have_class("game-dot c-djambi-b")
    kinds = rows.locator(".game-kind").all_text_contents()
    assert {"en": "Djambi, BGA rules", "fr": "Djambi, règles BGA", "cs": "Djambi, pravidla BGA"}[lang] in kinds
    assert "Camblam" in kinds
    for size in ((390, 844), (1024, 768)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert overflowing(page) == []
        page.screenshot(path=str(shots / f"gameslist-{lang}-{size[0]}x{size[1]}.png"))
    # Sorted by game: the Djambi games first, Camblam last.
    page.select_option("#games-sort", "game")
    expect(rows.last.locator(".game-kind")).to_have_text("Camblam")
    page.screenshot(path=str(shots / f"gameslist-{lang}-by-game-1024x768.png"))
    page.keyboard.press("Escape")
    if lang != "en":
        assert "Game" not in page.locator("#games-list").text_content()
    assert external_requests == []
