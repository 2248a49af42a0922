#!/usr/bin/env python3
"""Write ``static/vendor/pyodide/pyodide.asm.classic.js``: Pyodide's runtime script
(``pyodide.asm.mjs``, a module) as a classic script, for a returning visit's page.

    python3 scripts/classic_runtime.py [--root DIR] [--check]

Why: a returning visit restores the start-up snapshot on the page, and ran the runtime's 1.25 MB
of JavaScript as a module. Chrome keeps no code cache of a module that the service worker's cache
serves before the page has run it from there once, so each function it ran (about 470 at a
restore) was compiled on the page's main thread as it was first called: about 55 ms of the warm
start. A classic script stored by the service worker when it installs gets its code cache made
then, whole, and read off the main thread when the page runs it (docs/performance.md).

The transform is small and checked: the module's only ``export`` (``export default
_createPyodideModule;``, its last statement) becomes a global (``djambiCreatePyodideModule``),
``import.meta.url`` (the script's own address, which Emscripten reads to find its directory)
becomes the module's address worked out from the classic script's, and the whole is wrapped in
a function so that nothing else becomes global. The result is parsed as a classic script (Node's
``vm.Script``): anything else that only a module may hold makes this script fail (set-up stops)
rather than write a script that would not run. The module stays:
a first visit (in the web worker, or on the page without the service worker) imports it.

Run by ``scripts/setup`` (step 6e) after the runtime is copied; the file is rewritten only when it
changed. ``--check`` writes nothing and exits 1 when the file is stale or missing
(``tests/test_classic_runtime.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated import command  # noqa: E402

MODULE = "static/vendor/pyodide/pyodide.asm.mjs"
CLASSIC = "static/vendor/pyodide/pyodide.asm.classic.js"
GLOBAL = "djambiCreatePyodideModule"
EXPORT = "export default _createPyodideModule;"
#: Parses its standard input as a classic script (Node's vm.Script), as a browser would.
_PARSE = "const vm = require('vm'); let s = ''; process.stdin.on('data', (d) => s += d).on('end', () => new vm.Script(s, { filename: process.argv[1] }));"


class NotClassic(ValueError):
    """The module holds something this transform does not turn into a classic script."""


def classic(source: str) -> str:
    """The classic script for the module's text ``source``."""
    body = source.rstrip()
    if not body.endswith(EXPORT):
        raise NotClassic(f"{MODULE} does not end with {EXPORT!r}")
    body = body[: -len(EXPORT)]
    if EXPORT in body or "export default" in body:
        raise NotClassic(f"{MODULE} has more than one default export")
    body = body.replace("import.meta.url", "__djambiModuleURL")
    if "import.meta" in body:
        raise NotClassic(f"{MODULE} reads import.meta beyond its url")
    script = (
        "// Made by scripts/classic_runtime.py from pyodide.asm.mjs (Pyodide's own, unchanged but for\n"
        "// its default export and its own address): the same runtime as a classic script. Do not edit.\n"
        "(() => {\n"
        'const __djambiModuleURL = new URL("pyodide.asm.mjs", document.currentScript.src).href;\n'
        f"{body}\n"
        f"globalThis.{GLOBAL} = _createPyodideModule;\n"
        "})();\n"
    )
    # Whatever else only a module may hold (a static import, another export) fails to parse here.
    parsed = subprocess.run(["node", "-e", _PARSE, CLASSIC], input=script, text=True, capture_output=True)
    if parsed.returncode != 0:
        lines = [line for line in parsed.stderr.splitlines() if "Error" in line]
        raise NotClassic(f"{MODULE} does not make a classic script: {lines[0] if lines else parsed.stderr.strip()[:200]}")
    return script


def main(argv: list[str] | None = None) -> int:
    return command(argv, __doc__, "exit 1 if the classic script is stale",
                   lambda root: classic((root / MODULE).read_text(encoding="utf-8")), lambda root: root / CLASSIC,
                   "classic_runtime", f"classic_runtime: {CLASSIC} is stale: run scripts/setup", f"[setup] {CLASSIC} written")


if __name__ == "__main__":
    sys.exit(main())
