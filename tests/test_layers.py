"""How the engine is built: the AI reads the board only through its public API, and the engine
imports nothing from the layers above it (``app``, ``bench``, ``scripts``)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = sorted((ROOT / "djambi").rglob("*.py"))
AI = sorted((ROOT / "djambi" / "ai").glob("*.py"))


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


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_imports_nothing_above_it(path):
    assert imports_of(path) & {"app", "bench", "scripts", "pyscript", "js", "pyodide", "tests"} == set()


def test_every_engine_module_is_under_800_lines():
    long = {str(p.relative_to(ROOT)): n for p in ENGINE
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}
