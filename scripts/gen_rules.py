#!/usr/bin/env python3
"""Copy the rules documents into ``app/learn/rules_text.py``, the rules the page shows (offline, from
Python), one text per language.

``docs/rules.md`` is the English source; ``docs/rules.fr.md`` and ``docs/rules.cs.md`` are its
French and Czech translations, with the same sections in the same order (their headings keep the
English one's numbers and references), written for players: they leave out the developers' test
names, which the page never shows in any language. The app reads the copy (``app.learn.rulebook`` splits
the current language's text into a section per rule). tests/test_app_rulebook.py fails whenever the
copy differs from the documents or a translation's sections differ from the English ones: run this
script after editing any of them.

    python3 scripts/gen_rules.py           # rewrite app/learn/rules_text.py
    python3 scripts/gen_rules.py --check   # exit 1 if app/learn/rules_text.py is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The rules in each language of the app (``app.text.i18n.LANGUAGES``), English first.
SOURCES = {"en": ROOT / "docs" / "rules.md", "fr": ROOT / "docs" / "rules.fr.md",
           "cs": ROOT / "docs" / "rules.cs.md"}
SOURCE = SOURCES["en"]
TARGET = ROOT / "app" / "learn" / "rules_text.py"


def _literal(markdown: str) -> str:
    lines = markdown.splitlines(keepends=True)
    return "".join(f"    {line!r}\n" for line in lines)


def module_text(markdown: str, translations: dict[str, str] | None = None) -> str:
    """The module: ``RULES_MD`` (English) and ``RULES`` (every language's text)."""
    out = ('"""The rules as implemented: a copy of docs/rules.md and its translations\n'
           '(docs/rules.<lang>.md), made by scripts/gen_rules.py (do not edit)."""\n\n'
           f"RULES_MD = (\n{_literal(markdown)})\n")
    names = ["RULES_MD"]
    for code, text in (translations or {}).items():
        name = f"RULES_{code.upper()}"
        out += f"\n{name} = (\n{_literal(text)})\n"
        names.append(name)
    codes = ["en"] + list(translations or {})
    out += "\n#: The rules' markdown by language code.\n"
    out += "RULES = {" + ", ".join(f"{c!r}: {n}" for c, n in zip(codes, names)) + "}\n"
    return out


def read_all() -> tuple[str, dict[str, str]]:
    texts = {code: path.read_text(encoding="utf-8") for code, path in SOURCES.items()}
    english = texts.pop("en")
    return english, texts


def main(argv: list[str]) -> int:
    english, translations = read_all()
    new = module_text(english, translations)
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if "--check" in argv:
        if new != old:
            print("app/learn/rules_text.py is out of date: run scripts/gen_rules.py")
            return 1
        return 0
    if new != old:
        TARGET.write_text(new, encoding="utf-8")
        print("wrote app/learn/rules_text.py")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
