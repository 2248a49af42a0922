#!/usr/bin/env python3
"""Write the empty board of ``app/present/render.board_svg()`` into index.html's ``<svg id="board">``.

The page then shows the board at its first paint, before Pyodide and our Python start (the
browser module reuses those very elements). tests/test_app_static_board.py fails whenever
index.html's copy differs from what the renderer makes: run this script after changing the board.

    python3 scripts/gen_static_board.py           # rewrite index.html
    python3 scripts/gen_static_board.py --check   # exit 1 if index.html is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.present import render  # noqa: E402


def main(argv: list[str]) -> int:
    index = ROOT / "index.html"
    html = index.read_text(encoding="utf-8")
    new = render.with_static_board(html)
    if "--check" in argv:
        if new != html:
            print("index.html: the static board is out of date; run scripts/gen_static_board.py")
            return 1
        return 0
    if new != html:
        index.write_text(new, encoding="utf-8")
        print("index.html: static board updated")
    else:
        print("index.html: static board already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
