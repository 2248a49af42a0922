#!/usr/bin/env python3
"""Make the page, ``index.html``, from its hand-written sources in ``page/`` and the parts that
are generated: set-up runs it; ``index.html`` is not under version control.

    python3 scripts/inline_page.py [--root DIR] [--check]

``page/index.html`` is the page's skeleton, written by hand. A line ``<!-- include page/X.html -->``
stands for the hand-written part ``page/X.html`` (the ``<head>``'s scripts, the panel, the
dialogs, the start's scripts). Each generated part sits between two marker comments that the
sources hold empty and the page holds filled:

* the style sheets (``static/vendor/pyscript/core.css`` and ``static/app.css``, comments left
  out) and the loader's words (``locale/loader-words.js``, from ``scripts/i18n.py compile``)
  come inside the page, so that no request blocks its first paint (issue 27) (``BLOCKS``);
* the swatch figures and the empty board of the first paint (``app/present/render.py``'s
  ``with_static_board``: ``figures.swatch_defs`` and ``render.board_svg``);
* the new-game dialog's games (``#game``'s options) and seats (``#seat-<letter>``, one per seat
  letter of the registered games, ``app/games``; a seat that only some games have is marked
  ``<game>-only``, hidden unless the game is the default) (``GENERATED``).

Run by ``scripts/setup`` after the catalogs are compiled (before ``scripts/build_sw.py`` hashes
the page); ``index.html`` is written only when it changed. ``--check`` writes nothing and exits 1
when ``index.html`` is missing or stale (``tests/test_inline_page.py`` does the same check).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated import command  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = "index.html"
SOURCE = "page/index.html"
#: (name, tag, sources): each block of the page, the element holding it, the files it copies.
BLOCKS = (
    ("style sheets", "style", ("static/vendor/pyscript/core.css", "static/app.css")),
    ("loader's words", "script", ("locale/loader-words.js",)),
)
_INCLUDE = re.compile(r"^<!-- include (page/[\w-]+\.html) -->\n", re.M)
_COMMENT = re.compile(r"/\*.*?\*/", re.S)

GAMES_BEGIN = "<!-- the games: made by scripts/inline_page.py from app/games (the registry) -->"
GAMES_END = "<!-- end of the games -->"
SEATS_BEGIN = "<!-- the seats: made by scripts/inline_page.py from app/games (the registry) -->"
SEATS_END = "<!-- end of the seats -->"


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


def replace_between(html: str, begin: str, end: str, block_text: str) -> str:
    """``html`` with the one span from ``begin`` to ``end`` (markers included) replaced."""
    if html.count(begin) != 1 or html.count(end) != 1:
        raise ValueError(f"{PAGE}: needs one {begin!r} and one {end!r}")
    start, stop = html.index(begin), html.index(end) + len(end)
    return html[:start] + block_text + html[stop:]


def with_blocks(html: str, root: Path = ROOT) -> str:
    """``html`` with every inline copy made afresh from its sources."""
    for name, tag, sources in BLOCKS:
        html = replace_between(html, begin_marker(name, sources), end_marker(name),
                               block(root, name, tag, sources))
    return html


# ------------------------------------------------------------------- the new-game dialog's seats
def seat_table() -> dict[str, list[tuple[str, object]]]:
    """Each seat letter of the registered games, in seat order (then the registry's), with the
    (game key, party) that sit there: ``{"r": [("djambi", RED)], "w": [("camblam", WHITE)],
    "b": [("djambi", BLUE), ("camblam", BLACK)], …}``."""
    from app import games

    places: list[tuple[int, int, str, str, object]] = []
    for order, key in enumerate(games.MODULES):
        game = games.get(key)
        for index, party in enumerate(game.parties):
            places.append((index, order, game.party_letter(party), key, party))
    table: dict[str, list[tuple[str, object]]] = {}
    for _index, _order, letter, key, party in sorted(places, key=lambda p: p[:2]):
        table.setdefault(letter, []).append((key, party))
    return table


def _only(key: str) -> str:
    """The attributes of a node shown for one game alone (``app/views/dialogs.py`` shows it):
    hidden at first unless the game is the default."""
    from app import games

    return f' class="{key}-only"' + ("" if key == games.DEFAULT else " hidden")


def seats_markup() -> str:
    """The new-game dialog's seats: a label per seat letter with its swatch (the figure of each
    game seated there), its name (``data-i18n``: the party's English title, lowercased) and its
    select ``#seat-<letter>`` (its options are made by ``app/views/dialogs.py``)."""
    from app import games
    from app.present import figures

    rows = []
    for letter, seated in seat_table().items():
        keys = [key for key, _party in seated]
        figure_parts, name_parts, initial = [], [], ""
        for key, party in seated:
            figure, _, rest = figures.swatch_html(party).partition('<span class="swatch-letter">')
            initial = initial or rest.removesuffix("</span>")
            title = games.get(key).party_title(party)
            if len(seated) > 1:
                figure_parts.append(f"<span{_only(key)}>{figure}</span>")
                name_parts.append(f'<span data-i18n="{title.lower()}"{_only(key)}>{title}</span>')
            else:
                figure_parts.append(figure)
                name_parts.append(f'<span data-i18n="{title.lower()}">{title}</span>')
        label = f"seat seat-{letter}"
        hidden = ""
        if len(seated) == 1 and len(games.MODULES) > 1:
            label += f" {keys[0]}-only"
            hidden = "" if keys[0] == games.DEFAULT else " hidden"
        rows.append(f'      <label class="{label}"{hidden}><span class="swatch pc-{letter}" aria-hidden="true">'
                    f'{"".join(figure_parts)}<span class="swatch-letter">{initial}</span></span> '
                    f'{"".join(name_parts)} <select id="seat-{letter}"></select></label>')
    return "\n".join([SEATS_BEGIN, *rows, SEATS_END])


def games_markup() -> str:
    """``#game``'s options: each registered game by its key and title, the default first."""
    from app import games

    keys = sorted(games.MODULES, key=lambda key: key != games.DEFAULT)
    options = "".join(f'<option value="{key}">{games.get(key).title}</option>' for key in keys)
    return f"{GAMES_BEGIN}{options}{GAMES_END}"


def with_generated(html: str) -> str:
    """``html`` with the parts made from the app's Python filled in: the swatch figures and the
    static board (``render.with_static_board``), the new-game dialog's games and seats."""
    from app.present import figures, render
    from app.text import i18n

    i18n.set_language("en")  # the page's own words are English (the loader rewrites them)
    for begin, end, make in ((GAMES_BEGIN, GAMES_END, games_markup), (SEATS_BEGIN, SEATS_END, seats_markup)):
        html = replace_between(html, begin, end, make())
    for begin in (render.STATIC_BEGIN, figures.SWATCH_BEGIN):
        if html.count(begin) != 1:
            raise ValueError(f"{PAGE}: needs one {begin!r}")
    return render.with_static_board(html)


def with_includes(html: str, root: Path, depth: int = 0) -> str:
    """``html`` with each ``<!-- include page/X.html -->`` line replaced by that file's text."""
    def include(match: re.Match) -> str:
        if depth > 4:
            raise ValueError(f"{match.group(1)}: includes nest too deep")
        return with_includes((Path(root) / match.group(1)).read_text(encoding="utf-8"), root, depth + 1)
    return _INCLUDE.sub(include, html)


def page(root: Path = ROOT) -> str:
    """The page as set-up writes it: ``page/index.html`` with its parts included and filled."""
    root = Path(root)
    sys.path.insert(0, str(root))
    html = with_includes((root / SOURCE).read_text(encoding="utf-8"), root)
    if "<!-- include " in html:
        raise ValueError(f"{SOURCE}: an include line not on a line of its own, or not page/NAME.html")
    return with_blocks(with_generated(html), root)


def main(argv: list[str] | None = None, make: Callable[[Path], str] = page) -> int:
    return command(argv, __doc__, "exit 1 if index.html is missing or stale; write nothing",
                   make, lambda root: root / PAGE,
                   "inline_page", f"{PAGE}: stale or missing; run scripts/inline_page.py (set-up does)",
                   f"[inline_page] {PAGE}: written from {SOURCE}")


if __name__ == "__main__":
    sys.exit(main())
