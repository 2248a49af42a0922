"""The page's trimmed standard library (static/vendor/stdlib.zip, scripts/build_stdlib.mjs at
set-up) holds every standard-library module the app and the engine import, as bytecode.

scripts/check_stdlib.mjs starts Pyodide under Node with that archive as its standard library, as
the page does, and imports every module of djambi/ and app/ (walking the tree) and every
standard-library module their sources name; it names each module missing. Runs in CPython only
(it starts Node: tests/conftest.py leaves it out of the run inside Pyodide).
"""

from __future__ import annotations

import gzip
import json
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


def test_the_archive_holds_bytecode_stored_and_names_its_modules():
    full = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(STDLIB) as archive, zipfile.ZipFile(full) as whole:
        names = set(archive.namelist())
        modules = archive.comment.decode().split()
        stored = {info.compress_type for info in archive.infolist()}
        assert len(names) < len(whole.namelist()) / 2
    assert modules[0] == "djambi-stdlib"
    assert {"gettext", "json", "random", "asyncio", "encodings.utf_8", "re"} <= set(modules[1:])
    # bytecode only (nothing for the page to compile), stored: the file is sent compressed whole
    assert {"gettext.pyc", "json/__init__.pyc", "encodings/utf_8.pyc"} <= names
    assert not [name for name in names if name.endswith(".py")]
    assert stored == {zipfile.ZIP_STORED}
    assert len(gzip.compress(STDLIB.read_bytes(), 6)) < STDLIB.stat().st_size / 3
    assert "tkinter/__init__.pyc" not in names and "unittest/__init__.pyc" not in names
    # named only in segno's functions that the page never calls (scripts/build_stdlib.mjs NOT_IN_PAGE)
    assert not {"webbrowser", "ctypes", "importlib.metadata"} & set(modules[1:])


# Pyodide under Node with the page's archive as its standard library and the page's bundle written
# into its file system (as static/pyodide-start.mjs does): what the QR code needs (app/views/
# gamesview.py qr_path), and where the modules come from.
QR_CHECK = r"""
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodide, stdlib, bundlePath] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodide).href);
const py = await loadPyodide({ stdLibURL: stdlib });
const bundle = fs.readFileSync(bundlePath);
const size = bundle.readUInt32LE(0);
let offset = 4 + size;
for (const [file, length] of JSON.parse(bundle.subarray(4, 4 + size).toString("utf8")).files) {
  const target = "/home/pyodide/" + file;
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, bundle.subarray(offset, offset + length));
  offset += length;
}
console.log(py.runPython(`
import json, segno
rows = list(segno.make("https://example.org/#P1.x", error="l", micro=False).matrix_iter(scale=1, border=2))
json.dumps({"size": len(rows), "dark": sum(map(sum, rows)), "json": json.__file__, "gettext": __import__("gettext").__file__})
`));
"""


def test_the_qr_code_and_its_modules_come_from_the_archives_bytecode():
    pyodide = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    done = subprocess.run(["node", "--input-type=module", "-e", QR_CHECK, str(pyodide), str(STDLIB),
                           str(ROOT / "static" / "vendor" / "bytecode.bin")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["size"] == 29 and result["dark"] > 100  # version 2 (25 modules) and a 2-module border
    assert result["json"].endswith(".zip/json/__init__.pyc") and result["gettext"].endswith(".zip/gettext.pyc")


def test_a_module_missing_from_the_archive_is_named(tmp_path):
    trimmed = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(STDLIB) as source, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename != "gettext.pyc":  # app/text/i18n.py imports it
                out.writestr(info, source.read(info.filename))
    done = check(trimmed)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "app/text/i18n.py: no module 'gettext' in the page's standard library" in done.stdout.splitlines()
