#!/usr/bin/env python3
"""Write into ``index.html`` the copies of the style sheets and of the loader's words that the
page's first paint needs, so that no request blocks it.

    python3 scripts/inline_page.py [--root DIR] [--check]

A phone on a mobile network waits a round trip or two for each file the ``<head>`` names before
it paints anything: the style sheets and the loader's words (which say "Loading…" in the
visitor's language from the first paint) come inside the page instead (issue 27). The sources
stay where they are and are the ones to edit:

* ``static/vendor/pyscript/core.css`` (PyScript's) and ``static/app.css`` (ours), in that order,
  into one ``<style>``, comments left out;
* ``locale/loader-words.js`` (``scripts/i18n.py compile``, from the catalogs and
  ``app/present/statictext.py``), into a ``<script>``.

Each copy sits between its two marker comments (``BLOCKS``). Run by ``scripts/setup`` after the
catalogs are compiled (before ``scripts/build_sw.py`` hashes the page); ``index.html`` is
rewritten only when a copy changed. ``--check`` writes nothing and exits 1 when a copy is stale
(``tests/test_inline_page.py`` does the same check).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated import command  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = "index.html"
#: (name, tag, sources): each block of the page, the element holding it, the files it copies.
BLOCKS = (
    ("style sheets", "style", ("static/vendor/pyscript/core.css", "static/app.css")),
    ("loader's words", "script", ("locale/loader-words.js",)),
)

_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def begin_marker(name: str, sources: tuple[str, ...]) -> str:
    return f"<!-- inline {name}: {', '.join(sources)} (scripts/inline_page.py) -->"


def end_marker(name: str) -> str:
    return f"<!-- end of inline {name} -->"


def css_text(text: str) -> str:
    """A style sheet without its comments and blank lines (none of ours holds ``/*`` in a string)."""
    lines = (line.rstrip() for line in _COMMENT.sub("", text).splitlines())
    return "\n".join(line for line in lines if line.strip())


def script_text(text: str) -> str:
    """A script without the comment lines it starts with (they speak of the file, not of the page)."""
    lines = text.strip().splitlines()
    while lines and lines[0].lstrip().startswith("//"):
        lines.pop(0)
    return "\n".join(lines)


def block(root: Path, name: str, tag: str, sources: tuple[str, ...]) -> str:
    """The block ``name`` as the page holds it: markers, element and the sources' text."""
    texts = [(Path(root) / source).read_text(encoding="utf-8") for source in sources]
    body = "\n".join(css_text(t) if tag == "style" else script_text(t) for t in texts)
    if f"</{tag}" in body.lower():
        raise ValueError(f"{', '.join(sources)}: holds </{tag}, which would end the page's <{tag}>")
    return f"{begin_marker(name, sources)}\n<{tag}>\n{body}\n</{tag}>\n{end_marker(name)}"


def with_blocks(html: str, root: Path = ROOT) -> str:
    """``html`` with every block made afresh from its sources."""
    for name, tag, sources in BLOCKS:
        begin, end = begin_marker(name, sources), end_marker(name)
        if html.count(begin) != 1 or html.count(end) != 1:
            raise ValueError(f"{PAGE}: needs one {begin!r} and one {end!r}")
        start, stop = html.index(begin), html.index(end) + len(end)
        html = html[:start] + block(root, name, tag, sources) + html[stop:]
    return html


def main(argv: list[str] | None = None) -> int:
    return command(argv, __doc__, "exit 1 if a copy is stale; write nothing",
                   lambda root: with_blocks((root / PAGE).read_text(encoding="utf-8"), root), lambda root: root / PAGE,
                   "inline_page", f"{PAGE}: the inline copies are stale; run scripts/inline_page.py",
                   f"[inline_page] {PAGE}: inline copies written")


if __name__ == "__main__":
    sys.exit(main())
