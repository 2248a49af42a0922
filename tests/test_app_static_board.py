"""index.html shows the empty board before Python runs: the very markup render.board_svg() makes."""

import re
from pathlib import Path

from app.present import render

ROOT = Path(__file__).resolve().parent.parent


def index_html() -> str:
    return (ROOT / "index.html").read_text(encoding="utf-8")


def test_index_html_holds_the_renderers_empty_board():
    html = index_html()
    assert html.count(render.STATIC_BEGIN) == 1 and html.count(render.STATIC_END) == 1
    assert render.static_board_block() in html, (
        "index.html's static board differs from render.board_svg(): run scripts/gen_static_board.py")
    assert render.with_static_board(html) == html


def test_the_static_board_sits_inside_the_board_svg():
    html = index_html()
    svg = re.search(r'<svg id="board"[^>]*>(.*?)</svg>\s*</div>', html, re.S)
    assert svg is not None
    inner = svg.group(1)
    assert render.static_board_block() in inner
    assert len(re.findall(r'data-square="[A-I][1-9]"', inner)) == 81
    # Empty: no piece is shown until the game is known (a saved game must not flash wrong pieces).
    assert re.findall(r'<use class="pc" href="([^"]*)"', inner) == [""] * 81


def test_with_static_board_replaces_only_the_block():
    html = f"<a>{render.STATIC_BEGIN}\nold\n{render.STATIC_END}</a>"
    assert render.with_static_board(html) == f"<a>{render.static_board_block()}</a>"
