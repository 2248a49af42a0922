"""The local server (scripts/serve.py) serves as a static host should, with the precompressed
siblings of scripts/precompress.py: encodings chosen by Accept-Encoding, types, cache headers,
304s, and never a stale sibling. CPython only (a server on port 0, Node for brotli)."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import importlib.util
import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"djambi_{name}_test", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _load("serve")
precompress = _load("precompress")

# Files of a small site: text that compresses, bytes that do not, a hashed chunk.
TEXT = ("<!doctype html><title>Djambi</title>\n" + "".join(f"<p>square {i}</p>\n" for i in range(300))).encode()
SCRIPT = "".join(f"export const square{i} = {i};\n" for i in range(400)).encode()
WASM = b"\0asm\1\0\0\0" + bytes(range(64)) * 300
NOISE = hashlib.shake_256(b"not compressible").digest(40_000)
SITE = {
    "index.html": TEXT,
    "sw.js": SCRIPT,
    "precache-manifest.js": SCRIPT,
    "pyscript.toml": b"[files]\n" + b"# a comment line of the config\n" * 30,
    "static/pyodide-start.mjs": SCRIPT,
    "static/vendor/pyodide/pyodide.asm.wasm": WASM,
    "static/vendor/pyodide/pyodide.asm.mjs": SCRIPT,
    "static/vendor/pyscript/core-C9KDLldu.js": SCRIPT,
    "static/vendor/pyscript/core.js": SCRIPT,
    "static/vendor/start-snapshot.bin": NOISE,
    "static/icons/icon.png": NOISE,
    "app/main.py": b"print('hello')\n" * 40,
    "app/tiny.py": b"x = 1\n",
}


def brotli_decompress(paths: list[Path]) -> list[str]:
    """SHA-256 (hex) of each brotli file's decompressed bytes, by Node's zlib."""
    script = ("const z = require('node:zlib'), fs = require('node:fs'), c = require('node:crypto');"
              "const out = JSON.parse(fs.readFileSync(0, 'utf8')).map((p) =>"
              " c.createHash('sha256').update(z.brotliDecompressSync(fs.readFileSync(p))).digest('hex'));"
              "process.stdout.write(JSON.stringify(out));")
    done = subprocess.run(["node", "-e", script], input=json.dumps([str(p) for p in paths]),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def unbrotli(data: bytes) -> bytes:
    script = "process.stdout.write(require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(0)))"
    return subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout


def _serve(tmp_path: Path):
    """SITE written into ``tmp_path``, precompressed and served; yields a ``get`` function."""
    for rel, data in SITE.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    precompress.precompress(tmp_path, log=lambda *a, **k: None)
    server = serve.make_server(port=0, directory=tmp_path, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]

    def get(path: str, method: str = "GET", **headers):
        conn = http.client.HTTPConnection(host, port, timeout=10)
        try:
            conn.request(method, path, headers=headers)
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()

    get.root = tmp_path
    yield get
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, for tests that only read it."""
    yield from _serve(tmp_path_factory.mktemp("site"))


@pytest.fixture
def own_site(tmp_path):
    """A site of the test's own, which it may change."""
    yield from _serve(tmp_path)


def decoded(headers: dict, body: bytes) -> bytes:
    coding = headers.get("content-encoding", "identity")
    return {"br": lambda: unbrotli(body), "gzip": lambda: gzip.decompress(body), "identity": lambda: body}[coding]()


@pytest.mark.parametrize("accept, coding", [
    ("gzip, deflate, br, zstd", "br"),
    ("br", "br"),
    ("gzip", "gzip"),
    ("br;q=0, gzip;q=0.5", "gzip"),
    ("*", "br"),
    ("*;q=0.1, br;q=0", "gzip"),
    ("identity", None),
    ("", None),
    ("deflate", None),
])
def test_the_encoding_follows_accept_encoding(site, accept, coding):
    status, headers, body = site("/static/vendor/pyodide/pyodide.asm.wasm", **{"Accept-Encoding": accept})
    assert status == 200
    assert headers.get("content-encoding") == coding
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body)
    assert decoded(headers, body) == WASM
    if coding:
        assert len(body) < len(WASM) / 2


def test_accept_encoding_is_parsed_with_its_weights():
    assert serve.accepted_encodings("gzip, br") == ["br", "gzip"]
    assert serve.accepted_encodings("BR;Q=0.2") == ["br"]
    assert serve.accepted_encodings("br;q=0,gzip;q=0") == []
    assert serve.accepted_encodings("br;q=nonsense, gzip") == ["gzip"]
    assert serve.accepted_encodings(None) == []


@pytest.mark.parametrize("path, media_type", [
    ("/static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("/static/vendor/pyodide/pyodide.asm.mjs", "text/javascript; charset=utf-8"),
    ("/static/pyodide-start.mjs", "text/javascript; charset=utf-8"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/", "text/html; charset=utf-8"),
    ("/index.html", "text/html; charset=utf-8"),
    ("/static/vendor/start-snapshot.bin", "application/octet-stream"),
    ("/static/icons/icon.png", "image/png"),
])
def test_types_are_the_files_not_the_encodings(site, path, media_type):
    for accept in ("br", "gzip", "identity"):
        status, headers, _ = site(path, **{"Accept-Encoding": accept})
        assert status == 200
        assert headers["content-type"] == media_type


@pytest.mark.parametrize("path, cache", [
    ("/static/vendor/pyscript/core-C9KDLldu.js", "public, max-age=31536000, immutable"),
    ("/static/vendor/pyscript/core.js", "no-cache"),
    ("/static/vendor/pyodide/pyodide.asm.wasm", "no-cache"),
    ("/index.html", "no-cache"),
    ("/", "no-cache"),
    ("/sw.js", "no-cache"),
    ("/precache-manifest.js", "no-cache"),
    ("/pyscript.toml", "no-cache"),
    ("/static/vendor/start-snapshot.bin", "no-cache"),
    ("/nowhere.js", "no-cache"),
])
def test_only_hashed_names_are_immutable(site, path, cache):
    _, headers, _ = site(path, **{"Accept-Encoding": "br"})
    assert headers["cache-control"] == cache


@pytest.mark.parametrize("path", ["/index.html", "/sw.js", "/precache-manifest.js", "/pyscript.toml",
                                  "/static/vendor/pyodide/pyodide.asm.wasm", "/static/vendor/start-snapshot.bin"])
def test_an_unchanged_file_is_revalidated_with_304(site, path):
    for accept in ("br", "gzip", "identity"):
        status, headers, _ = site(path, **{"Accept-Encoding": accept})
        assert status == 200 and headers["etag"] and headers["last-modified"]
        status, again, body = site(path, **{"Accept-Encoding": accept, "If-None-Match": headers["etag"]})
        assert (status, body) == (304, b"")
        assert again["etag"] == headers["etag"] and again["cache-control"] == "no-cache"
        status, _, body = site(path, **{"Accept-Encoding": accept, "If-Modified-Since": headers["last-modified"]})
        assert (status, body) == (304, b"")


def test_each_encoding_has_its_own_etag_and_a_changed_file_a_new_one(own_site):
    tags = {accept: own_site("/sw.js", **{"Accept-Encoding": accept})[1]["etag"] for accept in ("br", "gzip", "identity")}
    assert len(set(tags.values())) == 3
    status, _, _ = own_site("/sw.js", **{"Accept-Encoding": "br", "If-None-Match": tags["gzip"]})
    assert status == 200
    path = own_site.root / "sw.js"
    path.write_bytes(SCRIPT + b"// next release\n")
    status, headers, body = own_site("/sw.js", **{"Accept-Encoding": "identity", "If-None-Match": tags["identity"]})
    assert status == 200 and body.endswith(b"// next release\n") and headers["etag"] != tags["identity"]


def test_a_stale_sibling_is_never_served(own_site):
    path = own_site.root / "static/vendor/pyodide/pyodide.asm.mjs"
    assert (own_site.root / "static/vendor/pyodide/pyodide.asm.mjs.br").is_file()
    edited = SCRIPT + b"export const edited = true;\n"
    path.write_bytes(edited)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))  # surely not the sibling's
    for accept in ("br", "gzip", "br, gzip"):
        _, headers, body = own_site("/static/vendor/pyodide/pyodide.asm.mjs", **{"Accept-Encoding": accept})
        assert "content-encoding" not in headers
        assert body == edited
    assert precompress.stale(own_site.root) == ["static/vendor/pyodide/pyodide.asm.mjs"]
    precompress.precompress(own_site.root, log=lambda *a, **k: None)
    _, headers, body = own_site("/static/vendor/pyodide/pyodide.asm.mjs", **{"Accept-Encoding": "br"})
    assert headers["content-encoding"] == "br"
    assert unbrotli(body) == edited


def test_an_older_sibling_is_not_served_either(own_site):
    """A sibling older than its source (the source replaced by a newer copy) is stale too."""
    sibling = own_site.root / "index.html.br"
    stat = sibling.stat()
    os.utime(sibling, ns=(stat.st_atime_ns, stat.st_mtime_ns - 1_000_000_000))
    _, headers, body = own_site("/index.html", **{"Accept-Encoding": "br, gzip"})
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == TEXT


def test_incompressible_and_small_files_get_no_siblings(site):
    for rel in ("static/vendor/start-snapshot.bin", "app/tiny.py", "static/icons/icon.png"):
        assert not (site.root / (rel + ".br")).exists() and not (site.root / (rel + ".gz")).exists()
        _, headers, body = site("/" + rel, **{"Accept-Encoding": "br, gzip"})
        assert "content-encoding" not in headers and body == SITE[rel]
    assert precompress.stale(site.root) == []  # the snapshot is remembered as not worth it


def test_every_sibling_decompresses_to_its_source(site):
    made = sorted(p for p in site.root.rglob("*.br"))
    assert len(made) >= 8
    for br, digest in zip(made, brotli_decompress(made)):
        source = Path(str(br)[:-3])
        assert digest == hashlib.sha256(source.read_bytes()).hexdigest(), br
        assert gzip.decompress(Path(str(source) + ".gz").read_bytes()) == source.read_bytes()


def test_siblings_of_a_removed_file_are_removed(own_site):
    (own_site.root / "app/main.py").unlink()
    precompress.precompress(own_site.root, log=lambda *a, **k: None)
    assert not list(own_site.root.glob("app/main.py.*"))


def test_head_range_directories_and_missing_files(site):
    status, headers, body = site("/static/vendor/pyodide/pyodide.asm.wasm", method="HEAD", **{"Accept-Encoding": "br"})
    assert status == 200 and body == b"" and headers["content-encoding"] == "br"
    assert int(headers["content-length"]) == (site.root / "static/vendor/pyodide/pyodide.asm.wasm.br").stat().st_size
    # No Range support (as before): the whole file, 200.
    status, headers, body = site("/static/vendor/start-snapshot.bin", Range="bytes=0-99")
    assert status == 200 and body == NOISE
    status, headers, _ = site("/static")
    assert status == 301 and headers["location"] == "/static/"
    assert site("/nowhere.js")[0] == 404
    assert site("/index.html/")[0] == 404


def test_the_trees_siblings_decompress_to_their_sources():
    """The siblings set-up made in this tree (those still fresh) hold their sources' bytes."""
    siblings = [p for rel in precompress.candidates(ROOT)
                if (p := serve.fresh_sibling(ROOT / rel, ".br")) is not None]
    assert any(br.name == "pyodide.asm.wasm.br" for br in siblings), "run scripts/setup"
    for br, digest in zip(siblings, brotli_decompress(siblings)):
        source = Path(str(br)[:-3]).read_bytes()
        assert digest == hashlib.sha256(source).hexdigest(), br
        gz = serve.fresh_sibling(Path(str(br)[:-3]), ".gz")
        assert gz is None or gzip.decompress(gz.read_bytes()) == source, gz


@pytest.mark.parametrize("path", ["/", "/static/vendor/pyodide/pyodide.asm.wasm", "/no/such/file"])
def test_every_response_makes_the_page_cross_origin_isolated(site, path):
    """COOP and COEP on every answer (a 404 too): Pyodide's shared memory is then no deprecated
    use of SharedArrayBuffer (Lighthouse's best practices)."""
    _status, headers, _body = site(path, **{"Accept-Encoding": "br"})
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["cross-origin-embedder-policy"] == "require-corp"
