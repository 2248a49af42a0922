"""Draw the app icons: SVG sources and their PNG renderings, into static/icons/.

    .venv/bin/python scripts/make_icons.py

A developer tool (the outputs are committed; set-up does not run it). The icon is a Djambi board:
9x9 squares, the maze in the middle, a chief of each party in its corner. The PNGs are rendered by
the headless Chromium the e2e tests use (no image library needed):

  icon.svg, icon-192.png, icon-512.png     "any" purpose: rounded tile, transparent corners
  maskable.svg, maskable-192.png, maskable-512.png
                                           "maskable": full-bleed, the board inside the safe zone
  apple-touch-icon.png                     180x180, opaque (iOS)
"""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

BG = "#26231f"
LIGHT = "#efe5cf"
DARK = "#c9b48c"
MAZE = "#4a3f5c"
LINE = "#1b1b1b"
CHIEFS = (("#cf2e2e", 0, 8), ("#1f63c9", 8, 8), ("#f0c020", 8, 0), ("#2b8a3e", 0, 0))  # colour, col, row


def svg(board: float, rounded: bool, size: int = 512) -> str:
    """An icon of ``size`` px whose board is ``board`` (a fraction of the side) wide."""
    side = size * board
    cell = side / 9
    x0 = y0 = (size - side) / 2
    radius = size * 0.18 if rounded else 0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
        f'<rect width="{size}" height="{size}" rx="{radius:g}" fill="{BG}"/>',
        f'<rect x="{x0 - cell * 0.12:.2f}" y="{y0 - cell * 0.12:.2f}" width="{side + cell * 0.24:.2f}"'
        f' height="{side + cell * 0.24:.2f}" rx="{cell * 0.2:.2f}" fill="{LINE}"/>',
    ]
    for row in range(9):
        for col in range(9):
            fill = MAZE if (row, col) == (4, 4) else (LIGHT if (row + col) % 2 == 0 else DARK)
            out.append(
                f'<rect x="{x0 + col * cell:.2f}" y="{y0 + row * cell:.2f}" width="{cell + 0.3:.2f}"'
                f' height="{cell + 0.3:.2f}" fill="{fill}"/>'
            )
    # The maze: a crown-like mark on the central square.
    cx, cy = x0 + 4.5 * cell, y0 + 4.5 * cell
    r = cell * 0.32
    out.append(
        f'<path d="M{cx - r:.2f} {cy + r * 0.7:.2f} L{cx - r:.2f} {cy - r * 0.5:.2f} L{cx - r * 0.45:.2f}'
        f' {cy:.2f} L{cx:.2f} {cy - r * 0.8:.2f} L{cx + r * 0.45:.2f} {cy:.2f} L{cx + r:.2f}'
        f' {cy - r * 0.5:.2f} L{cx + r:.2f} {cy + r * 0.7:.2f} Z" fill="{LIGHT}"/>'
    )
    # A chief of each party in its corner, and its neighbours as smaller pieces.
    for colour, col, row in CHIEFS:
        dc = 1 if col == 0 else -1
        dr = 1 if row == 0 else -1
        for c, rr, big in ((col, row, True), (col + dc, row, False), (col, row + dr, False), (col + dc, row + dr, False)):
            px, py = x0 + (c + 0.5) * cell, y0 + (rr + 0.5) * cell
            rad = cell * (0.44 if big else 0.3)
            out.append(
                f'<circle cx="{px:.2f}" cy="{py:.2f}" r="{rad:.2f}" fill="{colour}" stroke="{LINE}"'
                f' stroke-width="{cell * 0.07:.2f}"/>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


ICONS = {
    # name: (svg source, px, omit background)
    "icon-192.png": ("icon.svg", 192, True),
    "icon-512.png": ("icon.svg", 512, True),
    "maskable-192.png": ("maskable.svg", 192, False),
    "maskable-512.png": ("maskable.svg", 512, False),
    "apple-touch-icon.png": ("apple.svg", 180, False),
}


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    sources = {
        "icon.svg": svg(0.78, rounded=True),
        # The maskable safe zone is a circle of radius 40%: the board's corners must stay inside.
        "maskable.svg": svg(0.54, rounded=False),
        "apple.svg": svg(0.74, rounded=False),
    }
    for name in ("icon.svg", "maskable.svg"):
        (OUT / name).write_text(sources[name], encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for png, (source, px, transparent) in ICONS.items():
            page = browser.new_page(viewport={"width": px, "height": px})
            data = base64.b64encode(sources[source].encode()).decode()
            page.set_content(
                '<html><body style="margin:0;background:transparent">'
                f'<img src="data:image/svg+xml;base64,{data}" width="{px}" height="{px}" style="display:block">'
                "</body></html>"
            )
            page.wait_for_load_state("load")
            page.screenshot(path=str(OUT / png), omit_background=transparent, type="png")
            page.close()
            print(f"{png}: {(OUT / png).stat().st_size} bytes", file=sys.stderr)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
