"""The table as it looks (issue 28): screenshots at the four sizes, in English, French and Czech,
light and dark, of a game in progress, the menu open and the new-game dialog (and the out notice
at each size), saved to e2e/screenshots/screen-*.png to be looked at; and in both themes every
piece of text of the panel, the menu and the dialog reads against its background with a
contrast of at least 4.5:1 (WCAG AA), the board's coordinates too.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from djambi import format_game_code
from test_app import open_link
from test_layout import LANGUAGES, SIZES, long_game
from test_table import RED_CHIEF_EXPOSED, start_computers

THEMES = ("light", "dark")

#: Each visible text's contrast against what lies behind it: ``(selector) => [[text, ratio]]``
#: for those under 4.5:1. The background is the nearest ancestor's opaque colour, with the
#: translucent ones above it blended in; disabled buttons are left out (WCAG exempts them).
CONTRAST = """sel => {
    const rgba = c => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lum = ([r, g, b]) => {
        const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
    const behind = el => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = rgba(getComputedStyle(e).backgroundColor);
            if (c[3] > 0) layers.push(c);
            if (c[3] >= 1) break;
        }
        let colour = [255, 255, 255];
        for (const c of layers.reverse()) colour = over(c, colour);
        return colour;
    };
    const out = [];
    for (const root of document.querySelectorAll(sel)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement, text = node.data.trim();
            if (!text || el.closest('[hidden], .sr-only, button:disabled, select:disabled, svg')) continue;
            const r = el.getBoundingClientRect(), style = getComputedStyle(el);
            if (!r.width || style.visibility === 'hidden' || style.display === 'none' || +style.opacity === 0) continue;
            let ink = rgba(style.color), dim = 1;
            for (let e = el; e; e = e.parentElement) dim *= +getComputedStyle(e).opacity;
            const bg = behind(el);
            ink = over([...ink.slice(0, 3), ink[3] * dim], bg);
            const [a, b] = [lum(ink), lum(bg)].sort((x, y) => y - x);
            const ratio = (a + 0.05) / (b + 0.05);
            if (ratio < 4.5) out.push([text.slice(0, 40), Math.round(ratio * 100) / 100, style.color, bg.map(Math.round).join(',')]);
        }
    }
    return out;
}"""

#: The board's coordinates against the page behind them (large text: 3:1).
COORDS = """() => {
    const label = document.querySelector('#board text.coord');
    if (!label || getComputedStyle(label).display === 'none') return null;
    const ink = getComputedStyle(label).fill.match(/\\d+/g).map(Number);
    const bg = getComputedStyle(document.getElementById('board-area')).backgroundColor.match(/\\d+/g).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [a, b] = [lum(ink), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def set_theme(page, theme: str) -> None:
    page.evaluate("t => { document.documentElement.dataset.theme = t; }", theme)


def low_contrast(page, selector: str) -> list:
    return page.evaluate(CONTRAST, selector)


@pytest.fixture(scope="module")
def game_code() -> str:
    return format_game_code(long_game(60))


#: The sizes looked at in both themes (the guide's: a laptop, a tablet either way, a phone either
#: way); test_layout.py measures the iPads' too.
SCREEN_SIZES = ("1280x800", "1024x768", "768x1024", "390x844", "844x390")


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_screens_at_every_size_language_and_theme_read_well(new_page, wait_ready, screenshot_dir, game_code, size):
    page = new_page(**SIZES[size])
    problems = []
    for lang in LANGUAGES:
        page.goto(f"./?lang={lang}")
        wait_ready(page)
        open_link(page, f"#{game_code};seats=hhhh")
        page.keyboard.press("Escape")  # the "opened" information away
        expect(page.locator("#message")).to_be_hidden()
        for theme in THEMES:
            set_theme(page, theme)
            name = f"screen-{size}-{lang}-{theme}"
            page.screenshot(path=str(screenshot_dir / f"{name}-game.png"))
            problems += [(name, "panel", p) for p in low_contrast(page, "#panel")]
            coords = page.evaluate(COORDS)
            if coords is not None and coords < 3:
                problems.append((name, "coordinates", coords))
            page.click("#btn-menu")
            expect(page.locator("#menu")).to_be_visible()
            page.screenshot(path=str(screenshot_dir / f"{name}-menu.png"))
            problems += [(name, "menu", p) for p in low_contrast(page, "#menu")]
            page.keyboard.press("Escape")
            expect(page.locator("#menu")).to_be_hidden()
            page.click("#btn-menu")
            page.click("#btn-new")
            expect(page.locator("#newgame-dialog")).to_be_visible()
            page.screenshot(path=str(screenshot_dir / f"{name}-newgame.png"))
            problems += [(name, "new game", p) for p in low_contrast(page, "#newgame-dialog")]
            page.keyboard.press("Escape")
            expect(page.locator("#newgame-dialog")).to_be_hidden()
    # The out notice, once per size (French, the longest words), in both themes.
    page.goto("./?lang=fr")
    wait_ready(page)
    open_link(page, f"#{RED_CHIEF_EXPOSED};seats=hnnn")
    start_computers(page)
    expect(page.locator("#out-notice")).to_be_visible(timeout=60_000)
    page.click("#btn-stop") if page.is_visible("#btn-stop") else None  # a still picture
    for theme in THEMES:
        set_theme(page, theme)
        page.screenshot(path=str(screenshot_dir / f"screen-{size}-fr-{theme}-out.png"))
        problems += [(f"{size}-{theme}", "out notice", p) for p in low_contrast(page, "#panel")]
    kinds = sorted({(where, *p[2:], p[0]) if isinstance(p, list) else (where, p) for _n, where, p in problems})
    assert problems == [], kinds[:60]
