"""Write ``precache-manifest.js``: the files the service worker (``sw.js``) precaches.

    python3 scripts/build_sw.py [--root DIR] [--check]

The list is made from the tree, never kept by hand:

* ``index.html`` and ``pyscript.toml``;
* every source under ``[files]`` in ``pyscript.toml`` (resolved against the toml file) and every
  ``.py`` file of ``gamekit/``, ``djambi/``, ``camblam/`` and ``app/`` (``scripts/python-packages.txt``);
* every file of ``static/`` except the vendored runtime (CSS, ``pwa.js``, manifest, icons);
* the module ``interpreter`` names in ``pyscript.toml`` (our loader, ``static/pyodide-start.mjs``);
* the runtime that set-up copied into ``static/vendor/``: PyScript's ``dist`` (``core.js`` with
  all its chunks and CSS) and the Pyodide files the page loads (``pyodide.mjs``,
  ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``pyodide-lock.json``, and the classic scripts a
  returning visit runs instead of the two modules: Pyodide's ``pyodide.js`` and the copy of
  ``pyodide.asm.mjs`` that ``scripts/classic_runtime.py`` makes), and in place of its whole
  standard library (``python_stdlib.zip``) the page's trimmed one, ``static/vendor/stdlib.zip``
  (``scripts/build_stdlib.mjs``);
* the loader's words in every language, ``locale/loader-words.js`` (``scripts/i18n.py compile``);
* our modules' bytecode, ``static/vendor/bytecode.bin`` (``scripts/build_bytecode.mjs``), whose
  copy of the sources is first brought in line with the tree (``refresh_bundle``);
* the start-up snapshot made from that bundle, ``static/vendor/start-snapshot.bin``
  (``scripts/build_snapshot.mjs``, run again here whenever the bundle changed: ``refresh_snapshot``).

Each entry carries the file's SHA-256 (the service worker fetches it with that ``integrity``,
so a cache never holds files of two releases), and the release ``version`` is a hash of every
path and content plus ``sw.js`` itself. Run by ``scripts/setup``; the file is rewritten only when
its content changes. ``--check`` writes nothing and exits 1 when the file, the bundle or the
snapshot is missing or stale.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = "precache-manifest.js"
SERVICE_WORKER = "sw.js"


def read_list(text: str) -> dict[str, list[str]]:
    """scripts/python-packages.txt's lines by section: ``""`` before any ``[name]`` line, then
    each section's (blank lines and ``#`` comments left out)."""
    sections: dict[str, list[str]] = {"": []}
    current = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            sections.setdefault(current, [])
        else:
            sections[current].append(line)
    return sections


_LISTED = read_list((ROOT / "scripts" / "python-packages.txt").read_text())
#: Our Python packages (scripts/python-packages.txt, the one list): every .py file under them goes
#: into the bundle, but for ``LEFT_OUT`` (command lines, which never run in the page).
PACKAGES = tuple(line for line in _LISTED[""] if not line.startswith("-"))
LEFT_OUT = frozenset(line[1:] for line in _LISTED[""] if line.startswith("-"))
#: What the first screen does not need (the list's ``[later]`` section): folders and .py files of
#: the bundle that go into ``LATER_PART``, not ``FIRST_PART`` (``split_bundle``).
LATER = tuple(_LISTED.get("later", []))


def package_sources(root: Path = ROOT) -> list[Path]:
    """Every .py file of our packages, subfolders included: package by package, sorted by path
    (the order of scripts/build_bytecode.mjs)."""
    return [p for package in PACKAGES
            for p in sorted((Path(root) / package).rglob("*.py"), key=lambda p: p.relative_to(root).as_posix())
            if "__pycache__" not in p.parts and p.relative_to(root).as_posix() not in LEFT_OUT]
PAGE_FILES = ("index.html", "pyscript.toml")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",  # the same loader as a classic script (a returning visit's page: index.html)
    "pyodide.asm.mjs",
    "pyodide.asm.classic.js",  # the same runtime as a classic script (scripts/classic_runtime.py)
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
STDLIB = "static/vendor/stdlib.zip"  # the standard library the page loads (scripts/build_stdlib.mjs)
LOADER_WORDS = "locale/loader-words.js"  # the loader's words (scripts/i18n.py compile), read by index.html
BYTECODE = "static/vendor/bytecode.bin"  # our modules' .pyc (scripts/build_bytecode.mjs), read by the loader
#: The bundle's two parts (``split_bundle``): what the page fetches at its start, and what it
#: fetches when something of ``LATER`` is first used (static/pyodide-start.mjs, app/views/parts.py).
FIRST_PART = "static/vendor/bundle-first.bin"
LATER_PART = "static/vendor/bundle-later.bin"
SNAPSHOT = "static/vendor/start-snapshot.bin"  # made from BYTECODE (scripts/build_snapshot.mjs), restored by the loader
PYSCRIPT_SUFFIXES = (".js", ".css")
PYSCRIPT_SKIP = {"service-worker.js"}  # PyScript's own (empty) worker: never ours to cache
STATIC_SKIP_SUFFIXES = (".map", ".md", ".br", ".gz")  # .br/.gz: scripts/precompress.py's siblings


def _rel(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _is_junk(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return "__pycache__" in parts or any(p.startswith(".") for p in parts)


def pyscript_config(root: Path = ROOT) -> dict:
    with open(root / "pyscript.toml", "rb") as f:
        return tomllib.load(f)


def toml_sources(root: Path = ROOT) -> list[str]:
    """The [files] sources of pyscript.toml, as paths relative to the root."""
    base = PurePosixPath(".")  # pyscript.toml sits at the root: its sources resolve from there
    out = []
    for src in pyscript_config(root).get("files", {}):
        if "://" in src:
            raise ValueError(f"pyscript.toml [files] must be local, not {src!r}")
        out.append(_normalise(base / src))
    return out


def _normalise(path: PurePosixPath) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise ValueError(f"{path} leaves the site")
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


PYODIDE_DIR = "static/vendor/pyodide"  # where set-up puts the pinned Pyodide


def interpreter_module(root: Path = ROOT) -> str:
    """The module ``interpreter`` names (resolved against the page): our loader,
    ``static/pyodide-start.mjs``, which imports Pyodide from ``PYODIDE_DIR``."""
    interpreter = pyscript_config(root).get("interpreter", f"{PYODIDE_DIR}/pyodide.mjs")
    return _normalise(PurePosixPath(interpreter))


def precache_files(root: Path = ROOT) -> list[str]:
    """Every file the app needs, as sorted paths relative to the root (``app/main.py``)."""
    root = Path(root)
    files: set[str] = set(PAGE_FILES)
    files.update(toml_sources(root))
    for package in PACKAGES:
        files.update(_rel(root, p) for p in (root / package).rglob("*.py"))
    static = root / "static"
    for p in static.rglob("*"):
        rel = _rel(root, p)
        if p.is_file() and not rel.startswith("static/vendor/") and not rel.endswith(STATIC_SKIP_SUFFIXES):
            files.add(rel)
    pyscript = static / "vendor" / "pyscript"
    for p in pyscript.glob("*"):
        if p.is_file() and p.name.endswith(PYSCRIPT_SUFFIXES) and p.name not in PYSCRIPT_SKIP:
            files.add(_rel(root, p))
    files.add(interpreter_module(root))
    files.update(f"{PYODIDE_DIR}/{name}" for name in PYODIDE_FILES)
    files.add(STDLIB)
    files.update((FIRST_PART, LATER_PART))  # the bundle's parts (BYTECODE itself is never fetched)
    files.update(_rel(root, p) for p in root.glob(CATALOGS))  # fetched one by one (FIRST_PART has none)
    files.add(SNAPSHOT)
    files.add(LOADER_WORDS)
    files = {f for f in files if not _is_junk(f)}
    files.discard(SERVICE_WORKER)
    files.discard(OUTPUT)
    missing = sorted(f for f in files if not (root / f).is_file())
    if missing:
        raise FileNotFoundError(f"files the app needs are missing (run scripts/setup?): {missing}")
    return sorted(files)


def bundle_digest(entries: list[tuple[str, bytes]]) -> str:
    """What ties a start-up snapshot to a bundle (as scripts/build_bytecode.mjs computes it):
    SHA-256 of the file list's JSON and of every file's bytes, in hex."""
    h = hashlib.sha256(json.dumps([[name, len(data)] for name, data in entries], separators=(",", ":")).encode())
    for _, data in entries:
        h.update(data)
    return h.hexdigest()


def _bundle_bytes(cache_tag: str, entries: list[tuple[str, bytes]]) -> bytes:
    header = json.dumps({"cache_tag": cache_tag, "files": [[name, len(data)] for name, data in entries],
                         "digest": bundle_digest(entries)}, separators=(",", ":")).encode()
    return len(header).to_bytes(4, "little") + header + b"".join(data for _, data in entries)


CATALOGS = "locale/*/LC_MESSAGES/djambi.mo"  # compiled by scripts/i18n.py; in the bundle


def _tree_file(name: str) -> bool:
    """A bundle entry that is a copy of a tree's file (our sources, the catalogs), not bytecode
    or a wheel's file."""
    path = PurePosixPath(name)
    return (path.parts[0] in PACKAGES and path.suffix == ".py" and "__pycache__" not in path.parts
            and name not in LEFT_OUT) or path.match(CATALOGS)


def refresh_bundle(root: Path = ROOT, write: bool = True) -> bool:
    """Put the tree's own ``.py`` files of our packages (scripts/python-packages.txt) and its
    catalogs into ``BYTECODE`` (the bundle scripts/build_bytecode.mjs makes: 4-byte header
    length, JSON header, files), keeping its .pyc entries (hash-checked: one that no longer matches its source is simply not used). So a
    manifest is never built beside a bundle holding other sources than the release's: the page
    imports the bundle's sources on a first start. True if the bundle was stale (rewritten when
    ``write``); no bundle, or not one (a test's stand-in), is left alone."""
    path = Path(root) / BYTECODE
    if not path.is_file():
        return False
    data = path.read_bytes()
    try:
        size = int.from_bytes(data[:4], "little")
        header = json.loads(data[4:4 + size])
        offset, entries = 4 + size, []
        for name, length in header["files"]:
            entries.append((name, data[offset:offset + length]))
            offset += length
        cache_tag = header["cache_tag"]
    except (ValueError, KeyError, TypeError):
        return False
    kept = [(name, blob) for name, blob in entries if not _tree_file(name)]
    catalogs = [(_rel(Path(root), p), p.read_bytes()) for p in sorted(Path(root).glob(CATALOGS))]
    sources = [(_rel(Path(root), p), p.read_bytes()) for p in package_sources(Path(root))]
    fresh = _bundle_bytes(cache_tag, kept + catalogs + sources)
    if fresh == data:
        return False
    if write:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(fresh)
        tmp.replace(path)
    return True


def source_of(name: str) -> str:
    """The source file a bundle entry stands for: ``app/learn/__pycache__/guide.cpython-314.pyc``
    is ``app/learn/guide.py``; any other entry is itself."""
    path = PurePosixPath(name)
    if len(path.parts) >= 2 and path.parts[-2] == "__pycache__" and path.suffix == ".pyc":
        return (path.parent.parent / (path.name.split(".")[0] + ".py")).as_posix()
    return name


def part_of(name: str, later: tuple[str, ...] = LATER) -> str | None:
    """Which part of the bundle an entry goes into: ``"first"``, ``"later"`` (it is, or is under,
    a line of ``later``; a wheel's package takes its ``NAME-VERSION.dist-info``/``.data`` folders
    along), or None for a translation catalog (fetched by itself: none is in either part)."""
    if PurePosixPath(name).match(CATALOGS):
        return None
    source = source_of(name)
    top = source.split("/")[0]
    for line in later:
        line = line.rstrip("/")
        if source == line or source.startswith(line + "/"):
            return "later"
        if "/" not in line and top.startswith(line + "-") and top.endswith((".dist-info", ".data")):
            return "later"
    return "first"


def split_bundle(root: Path = ROOT, write: bool = True) -> bool:
    """Write ``FIRST_PART`` and ``LATER_PART`` from ``BYTECODE``: each a bundle of the same format
    (4-byte header length, JSON header, files) with the entries ``part_of`` gives it, its header
    naming the part and carrying the whole bundle's ``digest`` (what a start-up snapshot names:
    the loader checks it against the first part's). True if either part was missing or stale
    (rewritten when ``write``); no bundle, or not one: False."""
    root = Path(root)
    path = root / BYTECODE
    if not path.is_file():
        return False
    data = path.read_bytes()
    header = _header(data)
    if not header or "files" not in header or "digest" not in header:
        return False
    offset = 4 + int.from_bytes(data[:4], "little")
    parts: dict[str, list[tuple[str, bytes]]] = {"first": [], "later": []}
    for name, length in header["files"]:
        part = part_of(name)
        if part:
            parts[part].append((name, data[offset:offset + length]))
        offset += length
    stale = False
    for part, rel in (("first", FIRST_PART), ("later", LATER_PART)):
        entries = parts[part]
        head = json.dumps({"cache_tag": header["cache_tag"], "part": part,
                           "files": [[name, len(blob)] for name, blob in entries],
                           "digest": header["digest"]}, separators=(",", ":")).encode()
        fresh = len(head).to_bytes(4, "little") + head + b"".join(blob for _, blob in entries)
        target = root / rel
        if target.is_file() and target.read_bytes() == fresh:
            continue
        stale = True
        if write:
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_bytes(fresh)
            tmp.replace(target)
    return stale


def _header(data: bytes) -> dict | None:
    """The JSON header of a bundle or snapshot file (4-byte length, JSON), or None."""
    try:
        size = int.from_bytes(data[:4], "little")
        header = json.loads(data[4:4 + size])
    except ValueError:
        return None
    return header if isinstance(header, dict) else None


def snapshot_is_stale(root: Path = ROOT) -> bool:
    """True when ``SNAPSHOT`` is missing or was made from another bundle than ``BYTECODE``
    (its header names the bundle's digest), by another version of build_snapshot.mjs (its
    header's ``maker``: the script's SHA-256, 16 hex digits) or with another standard library than
    ``STDLIB`` (its ``stdlib``); no bundle, or not one (a test's stand-in): False."""
    root = Path(root)
    bundle = root / BYTECODE
    ours = _header(bundle.read_bytes()) if bundle.is_file() else None
    if not ours or "digest" not in ours:
        return False
    snapshot = root / SNAPSHOT
    if not snapshot.is_file():
        return True
    with open(snapshot, "rb") as f:
        made = _header(f.read(1 << 16))
    version = _pyodide_version()
    stdlib = root / STDLIB
    return (not made or made.get("bundle") != ours["digest"] or made.get("maker") != snapshot_maker()
            or (version is not None and made.get("pyodide") != version)
            or (stdlib.is_file() and made.get("stdlib") != stdlib_digest(stdlib)))


def stdlib_digest(path: Path) -> str:
    """What a snapshot's header names as its ``stdlib``: the SHA-256 (16 hex) of the standard
    library archive it was made with (the page must load that very archive: the snapshot holds
    the zip importer's table of its contents)."""
    return sha256(path).hex()[:16]


def snapshot_maker() -> str:
    """What a snapshot's header names as its ``maker``: build_snapshot.mjs's SHA-256 (16 hex)."""
    return hashlib.sha256((Path(__file__).resolve().parent / "build_snapshot.mjs").read_bytes()).hexdigest()[:16]


def _pyodide_version() -> str | None:
    """The npm Pyodide set-up vendors (the one build_snapshot.mjs makes snapshots with)."""
    package = Path(__file__).resolve().parent.parent / "node_modules" / "pyodide" / "package.json"
    try:
        return json.loads(package.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None


def refresh_snapshot(root: Path = ROOT, write: bool = True) -> bool:
    """Make ``SNAPSHOT`` again (``node scripts/build_snapshot.mjs --root ROOT``, some seconds) when
    it is stale; True if it was."""
    if not snapshot_is_stale(root):
        return False
    if write:
        script = Path(__file__).resolve().parent / "build_snapshot.mjs"
        subprocess.run(["node", str(script), "--root", str(root)], check=True)
    return True


def sha256(path: Path) -> bytes:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()


def build_manifest(root: Path = ROOT) -> dict:
    root = Path(root)
    entries = []
    release = hashlib.sha256()
    for rel in precache_files(root):
        digest = sha256(root / rel)
        entries.append({"url": "./" + rel, "integrity": "sha256-" + base64.b64encode(digest).decode()})
        release.update(rel.encode() + b"\0" + digest)
    worker = root / SERVICE_WORKER
    if worker.is_file():  # a change of the worker's logic is a new release too
        release.update(SERVICE_WORKER.encode() + b"\0" + sha256(worker))
    return {"version": release.hexdigest()[:16], "files": entries}


def render(manifest: dict) -> str:
    files = ",\n".join("  " + json.dumps(entry) for entry in manifest["files"])
    return (
        "// Generated by scripts/build_sw.py (run by scripts/setup): do not edit, do not commit.\n"
        "// The files sw.js precaches, with their SHA-256, and the release version.\n"
        f'self.PRECACHE = {{\n "version": {json.dumps(manifest["version"])},\n "files": [\n{files}\n ]\n}};\n'
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(ROOT), help="site root (default: the repository)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is missing or stale")
    args = parser.parse_args(argv)
    root = Path(args.root)
    stale_bundle = refresh_bundle(root, write=not args.check)
    stale_bundle = split_bundle(root, write=not args.check) or stale_bundle
    stale_snapshot = refresh_snapshot(root, write=not args.check)
    manifest = build_manifest(root)
    text = render(manifest)
    out = root / OUTPUT
    current = out.read_text(encoding="utf-8") if out.is_file() else None
    if args.check:
        if stale_bundle:
            print(f"{root / BYTECODE} holds other sources than the tree's: run scripts/setup", file=sys.stderr)
            return 1
        if stale_snapshot:
            print(f"{root / SNAPSHOT} is missing or not made from {root / BYTECODE}: run scripts/setup",
                  file=sys.stderr)
            return 1
        if current != text:
            print(f"{out} is missing or stale: run scripts/build_sw.py", file=sys.stderr)
            return 1
        return 0
    if current != text:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
        size = sum((root / e["url"]).stat().st_size for e in manifest["files"])
        print(
            f"[build_sw] {OUTPUT}: release {manifest['version']}, {len(manifest['files'])} files,"
            f" {size / 1e6:.1f} MB",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
