"""pyscript.toml must list every Python file the browser needs under [files]."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("djambi", "app")


def load_config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as f:
        return tomllib.load(f)


def python_files() -> list[str]:
    return sorted(
        "./" + p.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    )


def test_every_python_file_is_listed_under_files():
    files = load_config().get("files", {})
    missing = [p for p in python_files() if p not in files]
    assert not missing, f"add to [files] in pyscript.toml: {missing}"


def test_python_files_keep_their_path():
    files = load_config().get("files", {})
    moved = {p: files[p] for p in python_files() if p in files and files[p] != p}
    assert not moved, f"[files] entries should map each file to the same path: {moved}"


def test_every_listed_file_exists():
    files = load_config().get("files", {})
    absent = [src for src in files if not (ROOT / src).is_file()]
    assert not absent, f"[files] lists files that do not exist: {absent}"


def test_interpreter_is_the_local_pyodide():
    """``interpreter`` names our loader module (start-up snapshots, issue 14), which imports the
    vendored Pyodide; both are served locally, never from a CDN."""
    interpreter = load_config().get("interpreter", "")
    assert interpreter == "./static/pyodide-start.mjs", interpreter
    loader = (ROOT / interpreter).read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in loader
    assert "://" not in interpreter, "the interpreter must be served locally, not from a CDN"
