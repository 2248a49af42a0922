"""Remote play that keeps up (issue 37, point 2), end to end: a send dialog about a move that has
been overtaken closes itself when the reply link is opened in the same tab; a link identical to a
saved game but for its seats updates that game instead of saving a copy; whoever receives a link
reads whose turn it is and what to do next.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from djambi import Party
from app.present import remotewords
from app.state import linking, remote, session
from app.text import i18n
from conftest import menu_click
from test_follow import moves, new_game, ready, tap
from test_remote import TABLET, close_send, open_link, sent_link


def reply(link: str, *played: str) -> str:
    """The link another device sends back after playing ``played`` on the game of ``link``."""
    base, fragment = link.split("#", 1)
    game = linking.read_link(fragment).game
    for move in played:
        game.board.play(move)
    return linking.move_link(base, session.Game(game.board, game.seats, id=game.id, name=game.name))


def game_count(page: Page) -> int:
    """The games in the Games list (and in storage: one key a game)."""
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('djambi.game.')).length")
    if page.is_visible("#message"):
        page.click("#message-close")
    menu_click(page, "#btn-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    rows = page.locator("#games-list li.game").count()
    page.keyboard.press("Escape")
    expect(page.locator("#games-dialog")).to_be_hidden()
    assert rows == keys
    return rows


def test_the_send_dialog_closes_when_the_reply_link_is_opened_in_the_same_tab(new_page, external_requests):
    page = ready(new_page(**TABLET))
    new_game(page, {"r": "human", "b": "remote", "y": "human", "g": "remote"})
    tap(page, "C7", "F4")
    link = sent_link(page, "Blue")
    # The player leaves the dialog open; Blue's reply arrives and is opened in this tab.
    open_link(page, reply(link, "G7-D4"))
    expect(page.locator("#message-text")).to_contain_text("Blue moved")
    assert moves(page) == 2
    expect(page.locator("#send-dialog")).to_be_hidden()  # it offered the previous link
    # The next move here offers the new link, never the old one.
    tap(page, "I3", "I4")  # Yellow, here; Green is on the other device
    new = sent_link(page, "Green")
    assert new != link and linking.read_link(new.split("#", 1)[1]).game.board.move_stack[-1] is not None
    assert len(linking.read_link(new.split("#", 1)[1]).game.board.move_stack) == 3
    close_send(page)
    assert page.errors == [] and external_requests == []


def test_a_game_link_with_other_seats_updates_the_saved_game(new_page, external_requests):
    page = ready(new_page(**TABLET))
    new_game(page, {})
    tap(page, "C7", "F4")
    tap(page, "G7", "D4")
    menu_click(page, "#btn-share")
    link = page.input_value("#link-game")
    page.keyboard.press("Escape")
    new_game(page, {})  # another game, open when the link comes back
    tap(page, "A7", "A6")
    before = game_count(page)
    assert before == 2
    game = linking.read_link(link.split("#", 1)[1]).game
    game.seats = ["human", "easy", "human", "hard"]  # Yellow, a human, to move
    other_seats = linking.game_link(link.split("#")[0], game)
    open_link(page, other_seats)
    expect(page.locator("#link-dialog")).to_be_visible()  # the open game is unfinished
    page.click("#link-open")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(page.locator("#players li").nth(3)).to_contain_text("Computer")
    assert game_count(page) == before  # the saved game was updated, not copied
    assert "is already in your games: it is open with the link's seats" in page.text_content("#message-text")
    # The same link once more, from the game it opened: nothing to ask, still no copy.
    open_link(page, other_seats)
    expect(page.locator("#message-text")).to_contain_text("Game 1")
    assert game_count(page) == before
    assert page.errors == [] and external_requests == []


def test_a_game_link_says_whose_turn_it_is_and_what_to_do(new_page, external_requests):
    game = session.new_game(seats=["human", "human", "easy", "human"])
    game.play("C7-F4")
    page = ready(new_page(**TABLET), "/#" + linking.game_link("", game).split("#", 1)[1])
    expect(page.locator("#message-text")).to_have_text(
        "Opened the shared game. Blue is to move: play the move on this device.")
    expect(page.locator("#status")).to_have_text("Blue to move")
    assert page.errors == [] and external_requests == []


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_the_receiver_reads_what_to_do_next_in_their_language(new_page, screenshot_dir, external_requests, lang):
    sender = session.new_game(seats=["human", "remote", "easy", "remote"])  # Blue and Green there
    sender.name = "Game 1"
    sender.play("C7-F4")
    link = linking.move_link("http://x.test/", sender)
    receiver = remote.join(linking.read_link(link.split("#", 1)[1]).game, [Party.BLUE, Party.GREEN])
    try:
        i18n.set_language(lang)
        expected = remotewords.whose_turn(receiver)
    finally:
        i18n.set_language("en")
    assert lang != "en" or expected == "Your move as Blue: play it, then send the link back to Red."
    page = ready(new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
                 f"/?lang={lang}")
    open_link(page, link)
    expect(page.locator("#seat-dialog")).to_be_visible()
    page.check("#mine-b")
    page.check("#mine-g")
    page.click("#seat-join")
    message = page.locator("#message-text")
    expect(message).to_contain_text(expected)
    assert message.text_content().startswith(expected)  # what to do now comes first
    assert page.is_hidden("dialog[open]")  # calm: no dialog stands in the way
    expect(page.locator("#message")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"remote-next-step-{lang}-390x844.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(page.locator("#message")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"remote-next-step-{lang}-1024x768.png"))
    assert page.errors == [] and external_requests == []
