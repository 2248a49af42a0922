"""Static file server for the app (and for the e2e tests), serving as a real static host would.

    python3 scripts/serve.py [--host 127.0.0.1] [--port 8000] [--directory DIR] [--quiet]

Serves a directory (the repository root by default) on 127.0.0.1:

* types: ``.mjs``/``.js`` as ``text/javascript``, ``.wasm`` as ``application/wasm`` (what
  PyScript and Pyodide need), the rest as listed in ``MIME_TYPES``;
* compression: the precompressed siblings that set-up makes (``scripts/precompress.py``:
  ``F.br`` and ``F.gz`` beside ``F``), chosen by the request's ``Accept-Encoding`` (brotli first,
  then gzip, else the file itself), with ``Content-Encoding`` and ``Vary: Accept-Encoding``. A
  sibling is used only while its modification time equals its source's (precompress.py sets it
  so): after an edit of the source the file is sent as it is until set-up runs again;
* caching (``cache_control``): files whose name carries a content hash (PyScript's chunks,
  ``static/vendor/pyscript/NAME-HASH8.js``) are ``immutable`` for a year; every other file is
  ``no-cache`` (the browser revalidates: ``ETag`` and ``Last-Modified``, answered with 304 when
  unchanged). No other URL carries a version (a new Pyodide keeps its file names), so nothing
  else may be cached without asking;
* isolation: ``Cross-Origin-Opener-Policy: same-origin`` and ``Cross-Origin-Embedder-Policy:
  require-corp`` on every response (``ISOLATION``): the page is cross-origin isolated.

No ``Range`` support: a ``Range`` request gets the whole file (200).

The e2e tests import this module and call ``make_server(port=0)``.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import os
import re
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
    ".mo": "application/octet-stream",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".po": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}

# Suffixes whose files may have precompressed siblings (scripts/precompress.py makes one only
# when it saves at least a tenth: the start-up snapshot, gzip inside, and the zips get none).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".webmanifest", ".toml", ".py",
                ".po", ".mo", ".txt", ".md", ".svg", ".bin", ".zip", ".whl")
# Content codings, in the order the server prefers them, with their siblings' suffixes.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# A bundler's content hash: NAME-XXXXXXXX.js (8 characters of base64url), in PyScript's dist.
_HASHED = re.compile(r"^static/vendor/pyscript/[\w.-]+-[A-Za-z0-9_-]{8}\.(?:m?js|css)$")


#: Sent with every response: the page is cross-origin isolated (everything it loads is from this
#: site), so the shared WebAssembly.Memory Pyodide makes is no deprecated use of SharedArrayBuffer
#: (Chromium's warning, Lighthouse's best practices; docs/hosting.md).
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


def cache_control(rel: str) -> str:
    """The ``Cache-Control`` of the file at ``rel`` (a path relative to the site, ``a/b.js``)."""
    return IMMUTABLE if _HASHED.match(rel) else REVALIDATE


def compressible(path: str | Path) -> bool:
    return PurePosixPath(str(path)).suffix in COMPRESSIBLE


def fresh_sibling(path: str | Path, suffix: str) -> Path | None:
    """``path + suffix`` if it exists and was made from ``path`` as it is now (same mtime)."""
    source, sibling = Path(path), Path(str(path) + suffix)
    try:
        made, now = sibling.stat(), source.stat()
    except OSError:
        return None
    return sibling if made.st_mtime_ns == now.st_mtime_ns and made.st_size > 0 else None


def accepted_encodings(header: str | None) -> list[str]:
    """The codings of ``ENCODINGS`` that an ``Accept-Encoding`` header accepts (q > 0), in the
    server's order of preference (brotli, then gzip)."""
    q: dict[str, float] = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        q[name] = weight
    return [name for name, _ in ENCODINGS if q.get(name, q.get("*", 0.0)) > 0]


def _etag_matches(header: str, etag: str) -> bool:
    """If-None-Match's weak comparison (RFC 9110 13.1.2)."""
    if header.strip() == "*":
        return True
    bare = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == bare for tag in header.split(","))


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, quiet: bool = False, **kwargs):
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def send_head(self):
        """Headers of a file (its precompressed sibling if the client takes it), or 304; a
        directory's index.html; anything else (listings, redirects, 404) as the standard
        handler does."""
        self._cache_sent = False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "index.html")
            if not urlsplit(self.path).path.endswith("/") or not os.path.isfile(index):
                return super().send_head()
            path = index
        elif not os.path.isfile(path) or urlsplit(self.path).path.endswith("/"):
            return super().send_head()
        rel = Path(os.path.relpath(path, self.directory)).as_posix()
        try:
            stat = os.stat(path)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        coding, body = None, path
        if compressible(path):
            for name in accepted_encodings(self.headers.get("Accept-Encoding")):
                sibling = fresh_sibling(path, dict(ENCODINGS)[name])
                if sibling is not None:
                    coding, body = name, str(sibling)
                    break
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + coding if coding else ""}"'
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)

        def common() -> None:
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", modified)
            self.send_header("Cache-Control", cache_control(rel))
            self._cache_sent = True
            if compressible(path):
                self.send_header("Vary", "Accept-Encoding")

        if self._not_modified(etag, stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            common()
            self.end_headers()
            return None
        try:
            f = open(body, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            if coding:
                self.send_header("Content-Encoding", coding)
            common()
            self.end_headers()
        except BaseException:
            f.close()
            raise
        return f

    def _not_modified(self, etag: str, mtime: float) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:  # it takes precedence over If-Modified-Since
            return _etag_matches(match, etag)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                when = email.utils.parsedate_to_datetime(since)
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
            if when is not None:
                return int(mtime) <= when.timestamp()
        return False

    def end_headers(self) -> None:
        if not getattr(self, "_cache_sent", False):  # listings, redirects, errors
            self.send_header("Cache-Control", REVALIDATE)
        for name, value in ISOLATION.items():
            self.send_header(name, value)
        self._cache_sent = False
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    directory: str | Path = ROOT,
    quiet: bool = False,
) -> Server:
    """A ready-to-serve server; port 0 picks a free port (see ``server_address``)."""
    handler = functools.partial(Handler, directory=str(directory), quiet=quiet)
    return Server((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", default=str(ROOT))
    parser.add_argument("--quiet", action="store_true", help="no request log")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, args.directory, args.quiet)
    host, port = server.server_address[:2]
    print(f"Serving {args.directory} at http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
