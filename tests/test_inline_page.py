"""index.html is made at set-up (scripts/inline_page.py) from the hand-written page/index.html and
its parts: it holds, inline, the style sheets and the loader's words its first paint needs, the
new-game dialog's games and seats from the registry (app/games), and the players' rows Python draws
(app/views/panel.py); a stale or missing index.html fails the check."""

import importlib.util
import re
from pathlib import Path

from djambi import Party

from app.present import figures

ROOT = Path(__file__).resolve().parent.parent


def inline_page():
    spec = importlib.util.spec_from_file_location("inline_page", ROOT / "scripts" / "inline_page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def index_html() -> str:
    return (ROOT / "index.html").read_text(encoding="utf-8")


def test_index_html_holds_the_current_style_sheets_and_loader_words():
    module = inline_page()
    html = index_html()
    assert module.with_blocks(html) == html, "index.html's inline copies are stale: run scripts/inline_page.py"
    assert module.main(["--check"]) == 0


def test_the_page_asks_for_no_style_sheet_or_script_before_its_first_paint():
    """Nothing in <head> outside the runtime's <template>s (asked for once the page painted, or at
    once on a returning visit: "runtime" with Python on the page, "worker-runtime" in worker mode,
    "pyscript" in both) is a style sheet or a script the page must wait for."""
    head = index_html().split("</head>")[0]
    templates = dict(re.findall(r'<template id="([\w-]+)">(.*?)</template>', head, re.S))
    assert set(templates) == {"runtime", "worker-runtime", "pyscript"}
    outside = re.sub(r"<template id=\"[\w-]+\">.*?</template>", "", head, flags=re.S)
    assert not re.search(r'<link[^>]+rel="stylesheet"', outside)
    assert not re.search(r"<script[^>]+src=", outside)
    assert './static/pyodide-start.mjs' in templates["runtime"]
    assert './static/remote-page.mjs' in templates["worker-runtime"]
    assert './static/vendor/pyscript/core.js' in templates["pyscript"]


def test_a_comment_in_a_style_sheet_is_left_out_and_nothing_else(tmp_path):
    module = inline_page()
    css = 'a { b: c; } /* a note\n on two lines */\n\n.x::after { content: "\\a0"; }\n'
    assert module.css_text(css) == 'a { b: c; }\n.x::after { content: "\\a0"; }'


def test_a_source_that_would_end_the_element_is_refused(tmp_path):
    module = inline_page()
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "loader-words.js").write_text('window.x = "</script>";\n')
    try:
        module.block(tmp_path, "loader's words", "script", ("locale/loader-words.js",))
    except ValueError as error:
        assert "locale/loader-words.js" in str(error) and "</script" in str(error)
    else:
        raise AssertionError("a </script> inside the words was copied into the page")


def test_a_stale_copy_is_found_and_rewritten(tmp_path):
    module = inline_page()
    sources = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "page").glob("*.html"))]
    for source in ("index.html", *sources, "static/app.css", "static/vendor/pyscript/core.css", "locale/loader-words.js"):
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_text((ROOT / source).read_text(encoding="utf-8"), encoding="utf-8")
    assert module.main(["--root", str(tmp_path), "--check"]) == 0
    (tmp_path / "static/app.css").write_text("#status { color: red; }\n")
    assert module.main(["--root", str(tmp_path), "--check"]) == 1
    assert module.main(["--root", str(tmp_path)]) == 0
    assert "<style>\n" + module.css_text((ROOT / "static/vendor/pyscript/core.css").read_text()) + \
        "\n#status { color: red; }\n</style>" in (tmp_path / "index.html").read_text()
    assert module.main(["--root", str(tmp_path), "--check"]) == 0


def test_the_players_rows_are_those_python_draws():
    """The four rows, in the parties' order, each with the swatch figures.swatch_html makes."""
    rows = re.findall(r'<li class="player pc-(\w)"><span class="swatch pc-\1">(.*?)</span><span class="pname"',
                      index_html())
    assert [letter for letter, _ in rows] == [party.letter for party in Party]
    for (letter, swatch), party in zip(rows, Party):
        assert swatch == figures.swatch_html(party), letter


def test_the_hand_written_page_is_small_and_holds_nothing_generated():
    """page/index.html is the skeleton: its parts are included, its generated parts empty."""
    source = (ROOT / "page" / "index.html").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 80
    assert "<style>" not in source and "<svg id=\"swatch-defs\"" not in source and "data-square" not in source
    for path in (ROOT / "page").glob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "<option value=\"djambi\"" not in text and "<select id=\"seat-" not in text, path.name
        assert "djambiLoaderWords = " not in text, path.name
    included = re.findall(r"^<!-- include (page/[\w-]+\.html) -->$", source, re.M)
    assert included and all((ROOT / name).is_file() for name in included)
    assert inline_page().page() == index_html()


def test_a_changed_source_makes_index_html_stale_and_set_up_rewrites_it(tmp_path):
    module = inline_page()
    (tmp_path / "page").mkdir()
    for source in ["index.html", "static/app.css", "static/vendor/pyscript/core.css", "locale/loader-words.js",
                   *(f"page/{path.name}" for path in (ROOT / "page").glob("*.html"))]:
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_text((ROOT / source).read_text(encoding="utf-8"), encoding="utf-8")
    assert module.main(["--root", str(tmp_path), "--check"]) == 0
    panel = tmp_path / "page" / "panel.html"
    panel.write_text(panel.read_text().replace(">Undo</button>", ">Undo it</button>", 1))
    assert module.main(["--root", str(tmp_path), "--check"]) == 1
    assert ">Undo</button>" in (tmp_path / "index.html").read_text().split("<aside")[1].split("</aside>")[0]
    assert module.main(["--root", str(tmp_path)]) == 0
    assert ">Undo it</button>" in (tmp_path / "index.html").read_text()
    (tmp_path / "index.html").unlink()
    assert module.main(["--root", str(tmp_path), "--check"]) == 1


def test_the_new_games_games_and_seats_come_from_the_registry():
    """One select #seat-<letter> per seat letter of the registered games; a seat only some games
    have is marked <game>-only (hidden unless the default game's); #game offers every game."""
    from app import games

    html = index_html()
    dialog = html.split('<dialog id="newgame-dialog"')[1].split("</dialog>")[0]
    options = re.findall(r'<option value="(\w+)">([^<]*)</option>', dialog.split('<select id="game">')[1].split("</select>")[0])
    assert options == [(key, games.get(key).title) for key in sorted(games.MODULES, key=lambda k: k != games.DEFAULT)]
    labels = re.findall(r'<label class="seat seat-(\w)([^"]*)"( hidden)?>(.*?)</label>', dialog)
    letters = {games.get(key).party_letter(p): [] for key in games.MODULES for p in games.get(key).parties}
    for key in games.MODULES:
        for party in games.get(key).parties:
            letters[games.get(key).party_letter(party)].append(key)
    assert sorted(letter for letter, *_ in labels) == sorted(letters)
    for letter, classes, hidden, inner in labels:
        assert inner.count(f'<select id="seat-{letter}"></select>') == 1
        keys = letters[letter]
        if len(keys) == 1:
            assert classes == f" {keys[0]}-only" and bool(hidden) == (keys[0] != games.DEFAULT)
        else:
            for key in keys:
                title = next(games.get(key).party_title(p) for p in games.get(key).parties
                             if games.get(key).party_letter(p) == letter)
                shown = "" if key == games.DEFAULT else " hidden"
                assert f'<span data-i18n="{title.lower()}" class="{key}-only"{shown}>{title}</span>' in inner
    # each game's seats show in its own seat order
    order = [letter for letter, *_ in labels]
    for key in games.MODULES:
        mine = [games.get(key).party_letter(p) for p in games.get(key).parties]
        assert [letter for letter in order if letter in mine] == mine
