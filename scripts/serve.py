"""Static file server for the app (and for the e2e tests).

Serves a directory (the repository root by default) on 127.0.0.1 with the MIME
types that PyScript/Pyodide need (.mjs as JavaScript, .wasm as application/wasm)
and ``Cache-Control: no-cache`` so a reload picks up edits.

    python3 scripts/serve.py [--host 127.0.0.1] [--port 8000] [--directory DIR] [--quiet]

The e2e tests import this module and call ``make_server(port=0)``.
"""

from __future__ import annotations

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, quiet: bool = False, **kwargs):
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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
