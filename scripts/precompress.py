"""Make the precompressed siblings a static host serves: ``F.br`` (brotli) and ``F.gz`` (gzip).

    python3 scripts/precompress.py [--root DIR] [--check]

For every file of the site (``SITE``: what a host serves) whose suffix may compress
(``serve.COMPRESSIBLE``) and that is at least ``MIN_SIZE`` bytes: gzip at level 9 (Python's
gzip) and brotli at quality 11 (Node's zlib; quality 9 for files over 1 MB not in ``BEST``, which
set-up remakes at each edit of a source: the bytecode bundle and its parts), window 2^24. A file
that gzip does not shrink by a tenth gets no siblings (the start-up snapshot, gzip inside; the
zips): it is remembered in ``.cache/precompress-skip.json`` until it changes. Each sibling gets
its source's modification time: ``scripts/serve.py`` serves a sibling only while the two are equal
(so after an edit the file itself is served until this runs again). Siblings whose source is gone
are deleted. Run by ``scripts/setup``; only stale siblings are made again. ``--check`` writes
nothing and exits 1 if any sibling is missing or stale.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
SITE = ("index.html", "pyscript.toml", "sw.js", "precache-manifest.js", "app", "gamekit", "djambi", "camblam", "static", "locale")
MIN_SIZE = 256  # bytes: below this a header costs about what compression saves
MIN_SAVING = 0.10  # a sibling must be at least this much smaller than its source
BIG = 1 << 20
#: What is compressed at brotli's quality 11 whatever its size: the vendored runtime (changes only
#: with package-lock.json) and the page's standard library (only with the modules imported:
#: scripts/build_stdlib.mjs leaves it untouched otherwise; 11 s at quality 11, 0.12 MB smaller).
BEST = ("static/vendor/pyodide/", "static/vendor/pyscript/", "static/vendor/stdlib.zip")
SKIP_FILE = ".cache/precompress-skip.json"

_spec = importlib.util.spec_from_file_location("djambi_serve_precompress", Path(__file__).with_name("serve.py"))
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)
SUFFIXES = tuple(suffix for _, suffix in serve.ENCODINGS)

# Node's zlib brotli over a list of [source, destination, quality] read from stdin.
BROTLI_JS = r"""
const zlib = require("node:zlib"), fs = require("node:fs");
for (const [src, dst, quality] of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(src);
  const C = zlib.constants;
  fs.writeFileSync(dst, zlib.brotliCompressSync(data, { params: {
    [C.BROTLI_PARAM_QUALITY]: quality, [C.BROTLI_PARAM_LGWIN]: 24, [C.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def _junk(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return "__pycache__" in parts or any(p.startswith(".") for p in parts)


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the site (no siblings), as sorted paths relative to ``root``."""
    root = Path(root)
    out = []
    for entry in SITE:
        path = root / entry
        found = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for p in found:
            rel = p.relative_to(root).as_posix()
            if not _junk(rel) and not rel.endswith(SUFFIXES):
                out.append(rel)
    return sorted(out)


def candidates(root: Path = ROOT) -> list[str]:
    """The site's files that may get siblings: a compressible suffix and at least MIN_SIZE."""
    root = Path(root)
    return [rel for rel in site_files(root)
            if serve.compressible(rel) and (root / rel).stat().st_size >= MIN_SIZE]


def _skips(root: Path) -> dict:
    try:
        return json.loads((root / SKIP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _stamp(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_mtime_ns, st.st_size]


def stale(root: Path = ROOT) -> list[str]:
    """Candidates with a missing or stale sibling (not those known not to shrink, unchanged)."""
    root = Path(root)
    skips = _skips(root)
    return [rel for rel in candidates(root)
            if skips.get(rel) != _stamp(root / rel)
            and not all(serve.fresh_sibling(root / rel, suffix) for suffix in SUFFIXES)]


def orphans(root: Path = ROOT) -> list[str]:
    """Siblings in the site whose source is gone, too small, or known not to shrink."""
    root = Path(root)
    keep = set(candidates(root))
    skips = _skips(root)
    out = []
    for entry in SITE:
        path = root / entry
        if not path.is_dir():
            continue
        for p in path.rglob("*"):
            rel = p.relative_to(root).as_posix()
            source = rel[: -len(p.suffix)] if p.suffix in SUFFIXES else None
            if source and serve.compressible(source) and not _junk(rel):
                if source not in keep or (source in skips and skips[source] == _stamp(root / source)):
                    out.append(rel)
    for entry in SITE:  # siblings of the top-level files
        for suffix in SUFFIXES:
            p = root / (entry + suffix)
            if p.is_file() and entry not in keep:
                out.append(entry + suffix)
    return sorted(out)


def precompress(root: Path = ROOT, log=print) -> int:
    """Make every stale sibling; returns how many files got new siblings."""
    root = Path(root)
    skips = _skips(root)
    jobs, made = [], []
    for rel in stale(root):
        path = root / rel
        stamp = path.stat()
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) > (1 - MIN_SAVING) * len(data):
            skips[rel] = [stamp.st_mtime_ns, stamp.st_size]
            continue
        skips.pop(rel, None)
        gz = Path(str(path) + ".gz.tmp")
        gz.write_bytes(packed)
        quality = 9 if len(data) > BIG and not rel.startswith(BEST) else 11
        jobs.append([str(path), str(path) + ".br.tmp", quality])
        made.append((rel, stamp))
    if jobs:
        started = time.monotonic()
        if len(jobs) > 10 or any(Path(src).stat().st_size > BIG for src, _, _ in jobs):
            log(f"[precompress] brotli for {len(jobs)} files (the first time: a minute or two)", file=sys.stderr)
        subprocess.run(["node", "-e", BROTLI_JS], input=json.dumps(jobs), text=True, check=True)
        for rel, stamp in made:
            for suffix in SUFFIXES:
                tmp, final = root / (rel + suffix + ".tmp"), root / (rel + suffix)
                tmp.replace(final)
                os.utime(final, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        log(f"[precompress] {len(made)} files compressed (brotli, gzip) in {time.monotonic() - started:.1f}s",
            file=sys.stderr)
    (root / SKIP_FILE).parent.mkdir(parents=True, exist_ok=True)
    current = {rel: stamp for rel, stamp in skips.items() if (root / rel).is_file()}
    if current != _skips(root):
        (root / SKIP_FILE).write_text(json.dumps(current, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for rel in orphans(root):  # after the skips are written: a file found not worth it loses its old siblings
        (root / rel).unlink()
    return len(made)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(ROOT), help="site root (default: the repository)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a sibling is missing or stale")
    args = parser.parse_args(argv)
    root = Path(args.root)
    if args.check:
        missing = stale(root)
        if missing:
            print(f"{len(missing)} files without fresh siblings (run scripts/setup): {missing[:5]}", file=sys.stderr)
            return 1
        return 0
    precompress(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
