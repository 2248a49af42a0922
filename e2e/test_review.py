"""Review a game in the page (issue 39, point 3): a whole Djambi game and a whole Camblam game,
opened by link, reviewed from the menu in slices (progress shown, the page answering), the chart,
turning points and mistakes shown, a mistake's better move drawn over the board, the review saved
with the game; Stop ends a review at once. Screenshots for the closing note in
``/work/notes/shots/review/`` (``REVIEW_SHOTS``) or the e2e screenshot folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

from playwright.sync_api import Page

import camblam
import djambi
from camblam.ai.search import choose_move as camblam_choose
from camblam.notation import format_game_code as camblam_code
from djambi.ai import choose_move
from djambi.notation import format_game_code
from e2e.conftest import menu_click

#: A review of a whole game takes a while in Pyodide on a loaded machine; it runs in slices.
REVIEW_MS = 600_000


def _djambi_code() -> str:
    board = djambi.Board()
    while not board.is_game_over():
        board.push(choose_move(board, "easy", 6000 + board.ply))
    return format_game_code(board)


def _camblam_code() -> str:
    board = camblam.Board()
    while board.outcome() is None:
        board.push(camblam_choose(board, "easy", len(board.move_stack), max_nodes=300))
    return camblam_code(board)


def _shots(screenshot_dir: Path) -> Path:
    where = Path(os.environ.get("REVIEW_SHOTS", screenshot_dir))
    where.mkdir(parents=True, exist_ok=True)
    return where


def _review(page: Page) -> None:
    menu_click(page, "#btn-review")
    page.wait_for_selector("#review-dialog[open]")
    page.wait_for_selector('#review-dialog[data-done="1"]', state="attached", timeout=REVIEW_MS)


def _reopen(page: Page, lang: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#review-dialog:not([open])", state="attached")
    page.select_option("#set-lang", lang) if page.is_visible("#set-lang") else page.evaluate(
        "lang => { const s = document.querySelector('#set-lang'); s.value = lang;"
        " s.dispatchEvent(new Event('change', {bubbles: true})); }", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    menu_click(page, "#btn-review")
    page.wait_for_selector('#review-dialog[open][data-done="1"]')


def _check_and_shoot(page: Page, game: str, shots: Path, players: int) -> None:
    assert page.locator("#review-chart polyline.review-line").count() == players
    turns = page.locator("#review-turns li").count()
    assert turns >= 1
    page.screenshot(path=str(shots / f"{game}-review-en-1280x800.png"))
    saved = page.evaluate("() => Object.keys(localStorage).map(k => localStorage.getItem(k))"
                          ".filter(v => v && v.includes('\"review\"'))")
    assert saved, "the review is saved with the game"
    mistakes = page.locator("#review-mistakes button")
    if mistakes.count():
        mistakes.first.click()
        page.wait_for_selector("#board .review-arrow line", state="attached")
        assert page.locator("#move-list li").count() > 0
        page.screenshot(path=str(shots / f"{game}-better-move-en-1280x800.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    _reopen(page, "fr")
    assert "Analyse de la partie" in page.inner_text("#review-title")
    page.screenshot(path=str(shots / f"{game}-review-fr-390x844.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    _reopen(page, "cs")
    page.screenshot(path=str(shots / f"{game}-review-cs-1024x768.png"))


def test_a_whole_djambi_game_is_reviewed_in_the_page(new_page, wait_ready, screenshot_dir):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto("./#" + _djambi_code())
    wait_ready(page)
    _review(page)
    _check_and_shoot(page, "djambi", _shots(screenshot_dir), 4)


def test_a_whole_camblam_game_is_reviewed_in_the_page(new_page, wait_ready, screenshot_dir):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto("./#" + _camblam_code())
    wait_ready(page)
    _review(page)
    _check_and_shoot(page, "camblam", _shots(screenshot_dir), 2)


def test_a_review_shows_its_progress_and_stops_at_once(new_page, wait_ready):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto("./#" + _djambi_code())
    wait_ready(page)
    menu_click(page, "#btn-review")
    page.wait_for_function("() => /[1-9]\\d* /.test(document.querySelector('#review-progress').textContent)")
    assert page.get_attribute("body", "data-reviewing") == "1"
    page.click("#review-stop")
    page.wait_for_selector('body[data-reviewing="0"]', state="attached")
    progress = page.inner_text("#review-progress")
    assert "stopped" in progress and page.get_attribute("#review-dialog", "data-done") == "0"
    assert page.is_visible("#review-again") and page.is_hidden("#review-stop")
