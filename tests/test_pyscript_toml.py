"""pyscript.toml names our loader, and every file the page's Python needs is in the bundle it writes.

PyScript's [files] used to fetch each source one by one; static/vendor/bytecode.bin (made at set-up by
scripts/build_bytecode.mjs, kept in line with the tree by scripts/build_sw.py) now holds them all, and
static/pyodide-start.mjs writes it into Pyodide's file system where [files] wrote them.
"""

import importlib.util
import io
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Our packages, as scripts/python-packages.txt lists them (the one list the build scripts read),
#: and the files it leaves out of the bundle (command lines, after "-").
LISTED = [line.strip() for line in (ROOT / "scripts" / "python-packages.txt").read_text().split("\n[")[0].splitlines()
          if line.strip() and not line.strip().startswith("#")]
PACKAGES = tuple(line for line in LISTED if not line.startswith("-"))
LEFT_OUT = frozenset(line[1:] for line in LISTED if line.startswith("-"))
BUNDLE = ROOT / "static" / "vendor" / "bytecode.bin"


def load_config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as f:
        return tomllib.load(f)


def python_files() -> list[str]:
    return sorted(
        p.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts and p.relative_to(ROOT).as_posix() not in LEFT_OUT
    )


def bundle_files() -> dict[str, bytes]:
    spec = importlib.util.spec_from_file_location("djambi_build_sw_toml", ROOT / "scripts" / "build_sw.py")
    build_sw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_sw)
    # The tree's sources and catalogs are what build_sw.py (set-up) puts in before any release.
    assert not build_sw.refresh_bundle(ROOT, write=False), "static/vendor/bytecode.bin is stale: run scripts/setup"
    data = BUNDLE.read_bytes()
    header = build_sw._header(data)
    offset, files = 4 + int.from_bytes(data[:4], "little"), {}
    for name, length in header["files"]:
        files[name] = data[offset:offset + length]
        offset += length
    return files


def test_pyscript_fetches_no_files():
    """No [files] (and no packages): nothing for PyScript to fetch one by one or to unpack."""
    config = load_config()
    assert config.get("files", {}) == {} and "packages" not in config


def test_the_bundle_holds_every_module_catalog_and_wheel_file():
    """Every .py file of djambi/ and app/ as it is in the tree, with its bytecode; the compiled
    catalog of every language; every file of each vendored wheel, where PyScript's "./*" would
    have unpacked it (the working directory), its modules with their bytecode. The command
    lines scripts/python-packages.txt leaves out are not in it."""
    files = bundle_files()
    missing = [p for p in python_files() if files.get(p) != (ROOT / p).read_bytes()]
    assert not missing, f"not in static/vendor/bytecode.bin as in the tree (run scripts/setup): {missing}"
    for source in python_files():
        package, name = source.rsplit("/", 1)
        assert f"{package}/__pycache__/{name[:-3]}.cpython-314.pyc" in files, source
    catalogs = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("locale/*/LC_MESSAGES/djambi.mo"))
    assert len(catalogs) >= 2 and all(files[c] == (ROOT / c).read_bytes() for c in catalogs)
    wheels = sorted((ROOT / "static" / "vendor" / "wheels").glob("*.whl"))
    assert wheels
    for wheel in wheels:
        with zipfile.ZipFile(io.BytesIO(wheel.read_bytes())) as z:
            for info in z.infolist():
                if not info.is_dir() and info.filename not in LEFT_OUT:
                    assert files.get(info.filename) == z.read(info), (wheel.name, info.filename)
    assert "segno/__pycache__/__init__.cpython-314.pyc" in files
    assert LEFT_OUT and not LEFT_OUT & set(files)
    assert not {f"{p[:-3]}.cpython-314.pyc".replace("/", "/__pycache__/", 1) for p in LEFT_OUT} & set(files)


def test_interpreter_is_the_local_pyodide():
    """``interpreter`` names our loader module (start-up snapshots, issue 14), which imports the
    vendored Pyodide; both are served locally, never from a CDN."""
    interpreter = load_config().get("interpreter", "")
    assert interpreter == "./static/pyodide-start.mjs", interpreter
    loader = (ROOT / interpreter).read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in loader
    assert "://" not in interpreter, "the interpreter must be served locally, not from a CDN"


def test_the_page_leaves_out_the_same_plugins_for_every_script_type():
    """PyScript leaves out the plugins its configuration lists with "!" (an editor, a terminal,
    py-game, donkey, the deprecation notice: the page uses none); it reads that list on the page for
    each script type, so index.html gives MicroPython's (mpy-config) and, in worker mode, Python's
    (py-config) the same list as pyscript.toml's."""
    plugins = load_config()["plugins"]
    assert plugins and all(name.startswith("!") for name in plugins)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    line = next(line for line in page.splitlines() if "-config>plugins = " in line)
    listed = tomllib.loads(line.split("-config>", 1)[1].split("</", 1)[0])["plugins"]
    assert listed == plugins
