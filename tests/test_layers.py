"""How the engines are built: Djambi's AI reads the board only through its public API; both
engines (``djambi``, ``camblam``) and their shared kit (``gamekit``) are pure: standard library only,
nothing from the layers above them (``app``, ``bench``, ``scripts``) or the page (``pyscript``,
``js``, ``pyodide``); an engine imports the kit but never the other engine; the kit imports no
engine; Djambi's pieces go along one walk; no module is over 800 lines."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("gamekit", "djambi", "camblam")
ENGINE = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))
AI = sorted((ROOT / "djambi" / "ai").glob("*.py"))
#: What each package may import besides the standard library and itself.
ALLOWED = {"gamekit": set(), "djambi": {"gamekit"}, "camblam": {"gamekit"}}


def private_reads(path: Path) -> list[str]:
    """``x._name`` in ``path`` where ``x`` is not ``self`` or ``cls`` (dunders aside)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        out.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_the_ai_package_exists():
    assert {"__init__.py", "evaluation.py", "levels.py", "movegen.py", "search.py"} <= {p.name for p in AI}


@pytest.mark.parametrize("path", AI, ids=lambda p: p.name)
def test_the_ai_reads_no_private_attribute(path):
    assert private_reads(path) == []


def test_the_private_read_check_finds_one():
    sample = ROOT / "djambi" / "board.py"  # the board reads its own state through ``self._x``
    found = private_reads(sample)  # and another board's in ``__eq__`` (``other._state()``)
    assert any("other._state" in line for line in found), found


def imports_of(path: Path) -> set[str]:
    """The top-level package of every absolute import in ``path`` (relative ones stay inside)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def package_of(path: Path) -> str:
    return path.relative_to(ROOT).parts[0]


def test_every_package_is_checked():
    assert {package_of(p) for p in ENGINE} == set(PACKAGES)
    assert {"djambi/board.py", "camblam/board.py", "gamekit/cli.py"} <= {p.relative_to(ROOT).as_posix() for p in ENGINE}


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_imports_nothing_above_it(path):
    assert imports_of(path) & {"app", "bench", "scripts", "pyscript", "js", "pyodide", "tests"} == set()


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_engines_and_kit_import_the_standard_library_and_the_kit_only(path):
    package = package_of(path)
    outside = imports_of(path) - set(sys.stdlib_module_names) - {"__future__", package}
    assert outside <= ALLOWED[package], f"{path.relative_to(ROOT)} imports {sorted(outside - ALLOWED[package])}"


def test_the_import_check_sees_a_foreign_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom camblam.board import Board\nfrom . import rules\nimport js\n")
    assert imports_of(sample) - set(sys.stdlib_module_names) == {"camblam", "js"}


def test_every_engine_module_is_under_800_lines():
    long = {str(p.relative_to(ROOT)): n for p in ENGINE
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}


def names_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        alias.asname or alias.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for alias in n.names}


@pytest.mark.parametrize("name", ["board.py", "threats.py", "ai/movegen.py"])
def test_djambi_rules_threats_and_the_search_moves_go_along_the_one_walk(name):
    """``Geometry.walk`` (``djambi.geometry``, the board as data) is the only walk along the lines
    in the rules, the threat view and the AI's move generator, on every board."""
    source = (ROOT / "djambi" / name).read_text(encoding="utf-8")
    names = names_in(ROOT / "djambi" / name)
    assert "walk" in names and ".walk" in source
    assert not names & {"LINES", "lines_of", "RAYS", "NEIGHBOURS", "ORTHOGONAL_NEIGHBOURS", "FIELD"}
    assert ".lines[" not in source
