"""What ``scripts/setup`` makes that the tests read, checked before any test runs.

Without set-up the tests would fail one by one for unrelated-looking reasons (a French text read
in English, a bundle not found); instead the run stops at once with one line naming the first
missing product and the set-up step that makes it. ``tests/conftest.py`` checks the products the
CPython and Pyodide tests read; ``e2e/conftest.py`` those and what the browser tests need besides.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _catalogs(root: Path) -> list[tuple[str, bool]]:
    """Each language's compiled catalog (beside its ``.po``), and whether it is there."""
    found = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/djambi.po")):
        mo = po.with_suffix(".mo")
        found.append((mo.relative_to(root).as_posix(), mo.is_file()))
    return found


def missing_products(root: Path = ROOT, *, browser: bool = False) -> list[str]:
    """``"PATH missing (step N, what)"`` for every set-up product the tests read that is absent, in the
    order ``scripts/setup`` makes them; empty when set-up has run."""
    wanted: list[tuple[str, bool, str]] = [
        ("static/vendor/pyodide/pyodide.mjs", False, "step 2, the runtime copied into static/vendor/"),
        ("static/vendor/pyscript/core.js", False, "step 2, the runtime copied into static/vendor/"),
    ]
    wanted += [(mo, present, "step 6, translation catalogs") for mo, present in _catalogs(root)]
    wanted += [
        ("locale/loader-words.js", False, "step 6, translation catalogs"),
        ("static/vendor/bytecode.bin", False, "step 6b, bytecode of our modules"),
        ("static/vendor/start-snapshot.bin", False, "step 7, the start-up snapshot"),
        ("precache-manifest.js", False, "step 7, the service worker's list"),
    ]
    problems = []
    for path, present, step in wanted:
        if not (present or (root / path).is_file()):
            problems.append(f"{path} missing ({step})")
    if browser:
        chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        if not os.access(chromium, os.X_OK):
            problems.append(f"{chromium} missing (step 5, Chromium for the browser tests; or set CHROMIUM)")
        for variable, default, what in (
                ("FIREFOX", "/usr/bin/firefox-esr", "Firefox ESR"),
                ("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver", "WebKit's WebKitWebDriver"),
                ("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "WebKit's MiniBrowser")):
            binary = os.environ.get(variable, default)
            if not os.access(binary, os.X_OK):
                problems.append(f"{binary} missing (step 5, {what} for the cross-browser stage; or set {variable})")
        if shutil.which("Xvfb") is None:
            problems.append("Xvfb missing (step 5, the display WebKit's MiniBrowser draws on)")
    return problems


def setup_problem(root: Path = ROOT, *, browser: bool = False) -> str:
    """One line saying which set-up product is missing, or "" when set-up has run."""
    problems = missing_products(root, browser=browser)
    if not problems:
        return ""
    more = f", and {len(problems) - 1} more" if len(problems) > 1 else ""
    return f"set-up not run: {problems[0]}{more} — run ./scripts/setup"
