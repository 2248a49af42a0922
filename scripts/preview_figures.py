#!/usr/bin/env python3
"""A page showing every piece figure (app/present/figures.py), to look at them; and screenshots.

Every Djambi figure in the four party colours and as a corpse, every Camblam figure in white and
black, each at 40 px (a 9×9 board 390 px wide) and 30 px (12×12), on light and dark squares, in
colour and in greyscale; then both games' opening positions on phone-sized boards.

    python3 scripts/preview_figures.py OUT.html               # write the page
    python3 scripts/preview_figures.py OUT.html --shots DIR   # and take screenshots into DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.present import figures  # noqa: E402
from djambi import Board, Kind  # noqa: E402
from djambi.squares import SQUARES, column_of, row_of  # noqa: E402

PARTIES = ("r", "b", "y", "g")
LIGHT, DARK = "#efe5cf", "#c9b48c"  # the app's square colours (static/app.css)
CB_LIGHT, CB_DARK = "#eedcb8", "#b58863"

CSS = """
body { font-family: system-ui, sans-serif; background: #f7f3ea; margin: 12px; color: #1d1b18; }
h2 { font-size: 16px; margin: 14px 0 4px; }
.grid { display: inline-grid; gap: 0; margin-right: 18px; vertical-align: top; }
.cell { display: flex; align-items: center; justify-content: center; }
.cell svg { width: 88%; height: 88%; }
.grey { filter: grayscale(1); }
.lbl { font-size: 11px; color: #5f5a52; text-align: center; }
.board { display: inline-grid; border: 3px solid #2b2620; margin: 6px 18px 6px 0; vertical-align: top; }
.maze { background: #4a3f5c !important; }
"""


def _use(href: str, cls: str) -> str:
    return f'<svg viewBox="0 0 100 100" class="{cls}"><use href="#{href}"/></svg>'


def _cell(size: int, colour: str, inner: str) -> str:
    return f'<div class="cell" style="width:{size}px;height:{size}px;background:{colour}">{inner}</div>'


def djambi_table(size: int) -> str:
    """Rows: the six kinds; columns: each party on a light and a dark square, then the corpse."""
    cols = 2 * len(PARTIES) + 2
    out = [f'<div class="grid" style="grid-template-columns:repeat({cols},{size}px)">']
    for kind in Kind:
        living, dead = figures.DJAMBI_IDS[kind]
        for p in PARTIES:
            for colour in (LIGHT, DARK):
                out.append(_cell(size, colour, _use(living, f"pc-{p}")))
        for colour in (LIGHT, DARK):
            out.append(_cell(size, colour, _use(dead, "pc-x")))
    out.append("</div>")
    return "".join(out)


def camblam_table(size: int) -> str:
    out = [f'<div class="grid" style="grid-template-columns:repeat(4,{size}px)">']
    for letter in figures.CAMBLAM:
        for side in ("w", "b"):
            for colour in (CB_LIGHT, CB_DARK):
                out.append(_cell(size, colour, _use(f"c-{letter}", f"cb-{side}")))
    out.append("</div>")
    return "".join(out)


def djambi_board(size: int) -> str:
    board = Board()
    # A few corpses and moved pieces, as in a game under way.
    board_cells = {}
    for sq in SQUARES:
        piece = board.piece_at(sq)
        board_cells[(column_of(sq), row_of(sq))] = piece
    extra = {(4, 5): ("d", Kind.MILITANT), (3, 3): ("d", Kind.CHIEF), (5, 4): ("d", Kind.REPORTER),
             (4, 4): ("k", Kind.CHIEF, "b")}
    out = [f'<div class="board" style="grid-template-columns:repeat(9,{size}px)">']
    for r in range(8, -1, -1):
        for c in range(9):
            colour = DARK if (c + r) % 2 == 0 else LIGHT
            inner = ""
            piece = board_cells[(c, r)]
            if piece is not None:
                inner = _use(f"k-{piece.kind.letter}", f"pc-{piece.party.letter}")
            if (c, r) in extra:
                e = extra[(c, r)]
                inner = _use(f"d-{e[1].letter}", "pc-x") if e[0] == "d" else _use(f"k-{e[1].letter}", f"pc-{e[2]}")
            cls = ' maze' if (c, r) == (4, 4) else ''
            out.append(f'<div class="cell{cls}" style="width:{size}px;height:{size}px;background:{colour}">{inner}</div>')
    out.append("</div>")
    return "".join(out)


CAMBLAM_START = "rnbhaqkahbnr/cncncaacncnc/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/CNCNCAACNCNC/RNBHAQKAHBNR"


def camblam_board(size: int) -> str:
    rows = []
    for text in CAMBLAM_START.split("/"):
        row: list[str] = []
        count = ""
        for ch in text + " ":
            if ch.isdigit():
                count += ch
                continue
            if count:
                row += [""] * int(count)
                count = ""
            if ch != " ":
                row.append(ch)
        rows.append(row)
    out = [f'<div class="board" style="grid-template-columns:repeat(12,{size}px)">']
    for i, row in enumerate(rows):
        r = 11 - i
        for c, ch in enumerate(row):
            colour = CB_DARK if (c + r) % 2 == 0 else CB_LIGHT
            inner = _use(f"c-{ch.upper()}", "cb-w" if ch.isupper() else "cb-b") if ch else ""
            out.append(_cell(size, colour, inner))
    out.append("</div>")
    return "".join(out)


def page() -> str:
    parts = ["<!doctype html><meta charset='utf-8'><title>Piece figures</title>",
             f"<style>{CSS}{figures.FIGURE_CSS}</style>",
             f'<svg width="0" height="0" style="position:absolute"><defs>{figures.all_symbols()}</defs></svg>']
    for size in (40, 30):
        parts.append(f'<section id="djambi-{size}"><h2>Djambi at {size} px (Red Blue Yellow Green, '
                     f'light/dark; corpses), colour | greyscale</h2>')
        parts.append(djambi_table(size) + f'<span class="grey">{djambi_table(size)}</span></section>')
    parts.append('<section id="djambi-letters"><h2>Djambi, "Pieces: letters", at 40 px</h2>'
                 f'<span class="pieces-letters">{djambi_table(40)}</span></section>')
    for size in (40, 30):
        parts.append(f'<section id="camblam-{size}"><h2>Camblam at {size} px (white, black on light/dark), '
                     f'colour | greyscale</h2>')
        parts.append(camblam_table(size) + f'<span class="grey">{camblam_table(size)}</span></section>')
    parts.append('<section id="djambi-board"><h2>Djambi 9×9 at 40 px</h2>')
    parts.append(djambi_board(40) + f'<span class="grey">{djambi_board(40)}</span></section>')
    parts.append('<section id="camblam-board"><h2>Camblam 12×12 at 30 px</h2>')
    parts.append(camblam_board(30) + f'<span class="grey">{camblam_board(30)}</span></section>')
    return "".join(parts)


def screenshots(html: Path, out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from scripts.chromium import CHROMIUM, CHROMIUM_ARGS

    out.mkdir(parents=True, exist_ok=True)
    shots = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for scale in (1, 2):
            pg = browser.new_page(viewport={"width": 1000, "height": 900}, device_scale_factor=scale)
            pg.goto(html.resolve().as_uri())
            path = out / f"figures-x{scale}.png"
            pg.screenshot(path=str(path), full_page=True)
            shots.append(path)
            for section in pg.query_selector_all("section"):
                path = out / f"{section.get_attribute('id')}-x{scale}.png"
                section.screenshot(path=str(path))
                shots.append(path)
            pg.close()
        browser.close()
    return shots


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1])
        return 2
    html = Path(argv[0])
    html.write_text(page(), encoding="utf-8")
    print(f"wrote {html}")
    if "--shots" in argv:
        target = Path(argv[argv.index("--shots") + 1])
        for shot in screenshots(html, target):
            print(f"wrote {shot}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
