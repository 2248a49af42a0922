#!/usr/bin/env python3
"""The empty board and the swatch figures of the first paint are generated parts of the page:
``scripts/inline_page.py`` makes ``index.html`` with them (from ``app/present/render.py``'s
``board_svg()`` and ``app/present/figures.py``), and set-up runs it. This name stays for the
command line it always had.

    python3 scripts/gen_static_board.py           # make index.html (as scripts/inline_page.py)
    python3 scripts/gen_static_board.py --check   # exit 1 if index.html is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import inline_page  # noqa: E402

if __name__ == "__main__":
    sys.exit(inline_page.main())
