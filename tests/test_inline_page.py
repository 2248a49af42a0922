"""index.html holds, inline, the style sheets and the loader's words its first paint needs
(scripts/inline_page.py), and the players' rows Python draws (app/views/panel.py)."""

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
    for source in ("index.html", "static/app.css", "static/vendor/pyscript/core.css", "locale/loader-words.js"):
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
