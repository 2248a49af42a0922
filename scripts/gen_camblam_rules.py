#!/usr/bin/env python3
"""Copy the Camblam rules pages into ``app/games/camblam/rules_text.py``, the text the page shows
(offline, from Python), one text per language.

``docs/camblam-rules.md`` is the English page; ``docs/camblam-rules.fr.md`` and
``docs/camblam-rules.cs.md`` its translations, with the same sections and diagrams in the same order.
``app.games.camblam.lessons.parse_rules`` splits a text into sections, each with its diagram.
tests/test_app_camblam_lessons.py fails whenever the copy differs from the pages: run this script
after editing any of them.

    python3 scripts/gen_camblam_rules.py           # rewrite app/games/camblam/rules_text.py
    python3 scripts/gen_camblam_rules.py --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"en": ROOT / "docs" / "camblam-rules.md", "fr": ROOT / "docs" / "camblam-rules.fr.md",
           "cs": ROOT / "docs" / "camblam-rules.cs.md"}
TARGET = ROOT / "app" / "games" / "camblam" / "rules_text.py"


def module_text(texts: dict[str, str]) -> str:
    """The module: ``CAMBLAM_RULES``, every language's page by language code."""
    out = ('"""The Camblam rules pages: a copy of docs/camblam-rules.md and its translations\n'
           '(docs/camblam-rules.<lang>.md), made by scripts/gen_camblam_rules.py (do not edit)."""\n\n'
           "CAMBLAM_RULES = {\n")
    for code, text in texts.items():
        lines = "".join(f"        {line!r}\n" for line in text.splitlines(keepends=True))
        out += f"    {code!r}: (\n{lines}    ),\n"
    return out + "}\n"


def read_all() -> dict[str, str]:
    return {code: path.read_text(encoding="utf-8") for code, path in SOURCES.items()}


def main(argv: list[str]) -> int:
    new = module_text(read_all())
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if "--check" in argv:
        if new != old:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run scripts/gen_camblam_rules.py")
            return 1
        return 0
    TARGET.write_text(new, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
