#!/usr/bin/env python3
"""Copy ``docs/rules.md`` into ``app/rules_text.py``, the rules the page shows (offline, from Python).

``docs/rules.md`` is the one source: the app reads the copy (``app.rulebook`` splits it into a
section per rule, leaving out the test names). tests/test_app_rulebook.py fails whenever the copy
differs from the document: run this script after editing the rules.

    python3 scripts/gen_rules.py           # rewrite app/rules_text.py
    python3 scripts/gen_rules.py --check   # exit 1 if app/rules_text.py is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "rules.md"
TARGET = ROOT / "app" / "rules_text.py"


def module_text(markdown: str) -> str:
    lines = markdown.splitlines(keepends=True)
    body = "".join(f"    {line!r}\n" for line in lines)
    return ('"""The rules as implemented: a copy of docs/rules.md, made by scripts/gen_rules.py '
            '(do not edit)."""\n\n'
            f"RULES_MD = (\n{body})\n")


def main(argv: list[str]) -> int:
    new = module_text(SOURCE.read_text(encoding="utf-8"))
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if "--check" in argv:
        if new != old:
            print("app/rules_text.py is out of date: run scripts/gen_rules.py")
            return 1
        return 0
    if new != old:
        TARGET.write_text(new, encoding="utf-8")
        print("wrote app/rules_text.py")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
