"""The service worker's precache list (scripts/build_sw.py) covers every file the app needs."""

import importlib.util
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_build_sw():
    spec = importlib.util.spec_from_file_location("djambi_build_sw", ROOT / "scripts" / "build_sw.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_sw = load_build_sw()

@pytest.fixture(scope="module")
def files() -> set[str]:
    return set(build_sw.precache_files(ROOT))


def toml() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as f:
        return tomllib.load(f)


def test_every_file_the_pages_python_reads_is_precached(files):
    """What pyscript.toml's [files] would fetch (none now), the bundle's two parts that hold every
    file the page's Python reads (sources, the wheel's files), the snapshot made from the bundle
    and every translation catalog (the page fetches them one by one: offline too)."""
    sources = [src.removeprefix("./") for src in toml().get("files", {})]
    missing = [s for s in sources if s not in files]
    assert not missing, missing
    assert {build_sw.FIRST_PART, build_sw.LATER_PART, build_sw.SNAPSHOT} <= files
    catalogs = {p.relative_to(ROOT).as_posix() for p in ROOT.glob(build_sw.CATALOGS)}
    assert catalogs and catalogs <= files
    assert build_sw.BYTECODE not in files  # the whole bundle: never fetched by the page


def test_every_python_file_of_the_app_and_engine_is_precached(files):
    python = sorted(
        p.relative_to(ROOT).as_posix()
        for package in build_sw.PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    )
    assert "app/main.py" in python and "djambi/__init__.py" in python
    missing = [p for p in python if p not in files]
    assert not missing, missing


def test_the_page_config_runtime_and_assets_are_precached(files):
    interpreter = toml()["interpreter"].removeprefix("./")
    pyodide = build_sw.PYODIDE_DIR
    needed = {
        "index.html",
        "pyscript.toml",
        interpreter,
        *(f"{pyodide}/{name}" for name in
          ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.classic.js", "pyodide.asm.wasm",
           "pyodide-lock.json")),
        build_sw.STDLIB,  # the page's standard library (scripts/build_stdlib.mjs), not python_stdlib.zip
        "static/vendor/pyscript/core.js",
        "static/vendor/pyscript/core.css",
        "static/app.css",
        "static/pwa.js",
        "static/manifest.webmanifest",
    }
    assert needed <= files, sorted(needed - files)
    assert "sw.js" not in files and "precache-manifest.js" not in files
    assert f"{pyodide}/python_stdlib.zip" not in files  # the whole library: the page loads its own


def test_every_local_file_index_html_names_is_precached(files):
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    refs = {m.removeprefix("./") for m in re.findall(r'(?:src|href)="(\./[^"#?]+)"', html)}
    assert "static/vendor/pyscript/core.js" in refs
    missing = sorted(refs - files)
    assert not missing, missing


def test_every_pyscript_chunk_that_core_imports_is_precached(files):
    # core.js imports a hashed chunk, which imports the others (statically or on demand).
    folder = ROOT / "static" / "vendor" / "pyscript"
    todo, seen = ["core.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (folder / name).read_text(encoding="utf-8")
        todo.extend(re.findall(r'["\']\./([\w.-]+\.js)["\']', text))
    assert len(seen) > 3
    missing = sorted(f"static/vendor/pyscript/{n}" for n in seen if f"static/vendor/pyscript/{n}" not in files)
    assert not missing, missing


def test_manifest_icons_are_precached(files):
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    icons = {"static/" + icon["src"] for icon in manifest["icons"]}
    assert icons <= files, sorted(icons - files)


def test_release_version_hashes_every_file(tmp_path):
    site = tmp_path / "site"
    (site / "app").mkdir(parents=True)
    (site / "djambi").mkdir()
    pyodide = site / "static" / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    (site / "static" / "vendor" / "pyscript").mkdir()
    for name in build_sw.PYODIDE_FILES:
        (pyodide / name).write_bytes(b"runtime " + name.encode())
    (site / "static" / "vendor" / "pyscript" / "core.js").write_text("// core")
    (site / build_sw.STDLIB).write_bytes(b"stdlib")  # scripts/build_stdlib.mjs
    (site / build_sw.BYTECODE).write_bytes(b"bytecode")  # scripts/build_bytecode.mjs
    (site / build_sw.FIRST_PART).write_bytes(b"first part")  # its parts (split_bundle)
    (site / build_sw.LATER_PART).write_bytes(b"later part")
    (site / build_sw.SNAPSHOT).write_bytes(b"snapshot")  # scripts/build_snapshot.mjs
    (site / "locale").mkdir()
    (site / build_sw.LOADER_WORDS).write_text("window.djambiLoaderWords = {};")  # scripts/i18n.py compile
    (site / "index.html").write_text("<!doctype html>")
    (site / "app" / "main.py").write_text("print(1)\n")
    (site / "djambi" / "__init__.py").write_text("")
    (site / "pyscript.toml").write_text(
        'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n[files]\n"./djambi/__init__.py" = "./djambi/__init__.py"\n'
    )
    (site / "sw.js").write_text("// worker")

    first = build_sw.build_manifest(site)
    urls = [f["url"] for f in first["files"]]
    assert urls == sorted(urls)
    assert "./app/main.py" in urls and "./static/vendor/pyodide/pyodide.asm.wasm" in urls
    assert "./static/vendor/bundle-first.bin" in urls and "./locale/loader-words.js" in urls
    assert "./static/vendor/bundle-later.bin" in urls
    assert "./static/vendor/start-snapshot.bin" in urls
    assert all(f["integrity"].startswith("sha256-") for f in first["files"])
    assert build_sw.build_manifest(site) == first  # deterministic

    (site / "app" / "main.py").write_text("print(2)\n")
    second = build_sw.build_manifest(site)
    assert second["version"] != first["version"]
    (site / "sw.js").write_text("// worker, new logic")
    assert build_sw.build_manifest(site)["version"] != second["version"]

    assert build_sw.main(["--root", str(site)]) == 0
    text = (site / build_sw.OUTPUT).read_text()
    assert text.startswith("//") and "self.PRECACHE = " in text
    data = json.loads(text.split("self.PRECACHE = ", 1)[1].rstrip().rstrip(";"))
    assert data == build_sw.build_manifest(site)
    assert build_sw.main(["--root", str(site), "--check"]) == 0
    (site / "index.html").write_text("<!doctype html><title>2</title>")
    assert build_sw.main(["--root", str(site), "--check"]) == 1


def test_a_missing_file_fails_the_build(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("")
    (site / "pyscript.toml").write_text('[files]\n"./app/gone.py" = "./app/gone.py"\n')
    with pytest.raises(FileNotFoundError, match="gone.py"):
        build_sw.precache_files(site)


def _bundle(entries: list[tuple[str, bytes]]) -> bytes:
    return build_sw._bundle_bytes("cpython-314", entries)


def test_the_bytecode_bundle_carries_the_trees_sources(tmp_path):
    """static/vendor/bytecode.bin holds our sources as well as their .pyc (the page's first start
    imports them from it): a manifest is never built beside a bundle with other sources."""
    site = tmp_path / "site"
    (site / "app").mkdir(parents=True)
    (site / "djambi").mkdir()
    (site / "app" / "main.py").write_text("print(2)\n")
    (site / "djambi" / "__init__.py").write_text("X = 1\n")
    (site / "static" / "vendor").mkdir(parents=True)
    pyc = ("djambi/__pycache__/__init__.cpython-314.pyc", b"\x00pyc")
    old = _bundle([pyc, ("djambi/__init__.py", b"X = 0\n"), ("app/main.py", b"print(2)\n")])
    bundle = site / build_sw.BYTECODE
    bundle.write_bytes(old)

    assert build_sw.refresh_bundle(site, write=False) is True  # stale, and --check says so
    assert bundle.read_bytes() == old
    assert build_sw.refresh_bundle(site) is True
    fresh = bundle.read_bytes()
    assert fresh == _bundle([pyc, ("djambi/__init__.py", b"X = 1\n"), ("app/main.py", b"print(2)\n")])
    assert build_sw.refresh_bundle(site) is False  # now in line: left as it is
    assert bundle.read_bytes() == fresh
    bundle.write_bytes(b"not a bundle")  # a stand-in (as in the test above) is left alone
    assert build_sw.refresh_bundle(site) is False


def _snapshot_file(bundle: str, pyodide: str | None = None, maker: str | None = None) -> bytes:
    header = json.dumps({"format": "djambi-start-snapshot", "pyodide": pyodide or build_sw._pyodide_version(),
                         "bundle": bundle, "maker": maker or build_sw.snapshot_maker(), "size": 4,
                         "encoding": "identity"}).encode()
    return len(header).to_bytes(4, "little") + header + b"snap"


def test_the_snapshot_follows_its_bundle(tmp_path):
    """The start-up snapshot names the bundle it was made from (the digest in the bundle's header,
    of every file in it) and the script that made it; a snapshot of another bundle, of another
    Pyodide, made by another version of build_snapshot.mjs, or none is stale, and
    ``--check`` says so (scripts/build_sw.py makes it again, with node, when it writes)."""
    site = tmp_path / "site"
    (site / "static" / "vendor").mkdir(parents=True)
    entries = [("djambi/__init__.py", b"X = 1\n"), ("app/main.py", b"print(2)\n")]
    (site / build_sw.BYTECODE).write_bytes(_bundle(entries))
    digest = build_sw.bundle_digest(entries)
    assert build_sw._header((site / build_sw.BYTECODE).read_bytes())["digest"] == digest
    assert build_sw.bundle_digest(entries[:1]) != digest
    assert build_sw.bundle_digest([("djambi/__init__.py", b"X = 2\n"), entries[1]]) != digest
    snapshot = site / build_sw.SNAPSHOT
    assert build_sw.snapshot_is_stale(site)  # none
    snapshot.write_bytes(_snapshot_file(build_sw.bundle_digest(entries[:1])))
    assert build_sw.snapshot_is_stale(site)  # another bundle's
    assert build_sw.refresh_snapshot(site, write=False) is True
    snapshot.write_bytes(_snapshot_file(digest, pyodide="0.0.1"))
    assert build_sw.snapshot_is_stale(site) is (build_sw._pyodide_version() is not None)
    snapshot.write_bytes(_snapshot_file(digest, maker="0" * 16))  # made by another build_snapshot.mjs
    assert build_sw.snapshot_is_stale(site)
    snapshot.write_bytes(b"\xff\xff\xff\xff not one")
    assert build_sw.snapshot_is_stale(site)
    snapshot.write_bytes(_snapshot_file(digest))
    assert build_sw.snapshot_is_stale(site) is False
    assert build_sw.refresh_snapshot(site) is False  # in line: nothing to make
    (site / build_sw.BYTECODE).write_bytes(b"not a bundle")  # a stand-in: left alone
    assert build_sw.snapshot_is_stale(site) is False


def test_set_up_left_the_snapshot_made_from_the_bundle():
    """The tree's bundle and snapshot, as set-up left them: the bundle's digest is that of its
    files, and the snapshot was made from it by the vendored Pyodide, holding our page-free
    modules (those the page imports alone)."""
    data = (ROOT / build_sw.BYTECODE).read_bytes()
    header = build_sw._header(data)
    offset, entries = 4 + int.from_bytes(data[:4], "little"), []
    for name, length in header["files"]:
        entries.append((name, data[offset:offset + length]))
        offset += length
    assert header["digest"] == build_sw.bundle_digest(entries)
    with open(ROOT / build_sw.SNAPSHOT, "rb") as f:
        made = build_sw._header(f.read(1 << 16))
    assert made["bundle"] == header["digest"] and made["encoding"] == "gzip"
    assert made["pyodide"] == build_sw._pyodide_version() and made["size"] > 10_000_000
    assert build_sw.snapshot_is_stale(ROOT) is False
    assert made["stdlib"] == build_sw.stdlib_digest(ROOT / build_sw.STDLIB)  # made with the page's library
    assert {"djambi.board", "djambi.ai", "app.present.render", "app.state.session", "app.present.taps"} <= set(made["modules"])
    assert not {"app.main", "app.views.dom", "app.views.boardview", "djambi.__main__"} & set(made["modules"])
    # and the standard library PyScript's own package imports at every start (pyscript.display)
    # (listed as taken for PyScript unless one of our modules imported it first, as notices does)
    ours_import_html = any(
        re.search(r"^(import html|from html import)", (ROOT / (name.replace(".", "/") + ".py")).read_text(encoding="utf-8"), re.M)
        for name in made["modules"] if (ROOT / (name.replace(".", "/") + ".py")).exists())
    assert ("html" in made["modules"] or ours_import_html) and made["maker"] == build_sw.snapshot_maker()
