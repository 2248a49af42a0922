"""The page's trimmed standard library (static/vendor/stdlib.zip, scripts/build_stdlib.mjs at
set-up) holds every standard-library module the app and the engine import.

scripts/check_stdlib.mjs starts Pyodide under Node with that archive as its standard library, as
the page does, and imports every module of djambi/ and app/ (walking the tree) and every
standard-library module their sources name; it names each module missing. Runs in CPython only
(it starts Node: tests/conftest.py leaves it out of the run inside Pyodide).
"""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "static" / "vendor" / "stdlib.zip"
CHECK = ROOT / "scripts" / "check_stdlib.mjs"


def check(stdlib: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["node", str(CHECK), "--stdlib", str(stdlib)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_every_module_of_the_app_and_engine_imports_with_the_pages_standard_library():
    done = check(STDLIB)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every module of djambi/ and app/ imports" in done.stderr


def test_the_archive_is_smaller_than_pyodides_and_names_its_modules():
    full = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(STDLIB) as archive:
        names = set(archive.namelist())
        modules = archive.comment.decode().split()
    assert modules[0] == "djambi-stdlib"
    assert {"gettext", "json", "random", "asyncio", "encodings.utf_8", "re"} <= set(modules[1:])
    assert {"gettext.py", "json/__init__.py", "encodings/utf_8.py"} <= names
    assert "tkinter/__init__.py" not in names and "unittest/__init__.py" not in names
    assert STDLIB.stat().st_size < full.stat().st_size / 2


def test_a_module_missing_from_the_archive_is_named(tmp_path):
    trimmed = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(STDLIB) as source, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename != "gettext.py":  # app/present/i18n.py imports it
                out.writestr(info, source.read(info.filename))
    done = check(trimmed)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "app/present/i18n.py: no module 'gettext' in the page's standard library" in done.stdout.splitlines()
