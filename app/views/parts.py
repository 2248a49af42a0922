"""What the page's Python loads when it is first used, not at the start (issue 27): the bundle's
later part (``scripts/python-packages.txt``'s ``[later]`` section: the rules text, the QR code's
``segno``, …) and the translation catalog of a language switched to.

``static/pyodide-start.mjs`` fetches them from this site (from the service worker's cache once
the release is installed, so offline too) and writes them into Pyodide's file system
(``djambiLoad``); this module asks for them and runs the action that needs them once they are
there: at once when they already are, else after a "Loading…" said by the caller, in a task of
its own, so the page never waits for them and a click is never lost. A module of the later part
is imported only inside the function that needs it, after ``then`` (``tests/test_parts.py``
checks that no module of the first part imports one at import time).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Callable

from pyscript import window

from app.text.i18n import _

LATER = "later"  # the bundle's later part

_loaded: set[str] = set()
_tasks: set = set()  # running loads, kept alive


def catalog(code: str) -> str:
    """What to load for ``code``'s translation catalog (as ``djambiLoad`` names it)."""
    return f"locale/{code}/LC_MESSAGES/djambi.mo"


def loaded(what: str) -> bool:
    return what in _loaded


async def load(what: str) -> bool:
    """Fetch and write ``what`` (``LATER`` or a ``catalog``); True once it is in the file system."""
    if what in _loaded:
        return True
    loader = _loader()
    ok = bool(await loader(what)) if loader is not None else False
    if ok:
        _loaded.add(what)
        sys.path_importer_cache.clear()  # the new folders and files are seen by the next import
    return ok


def _loader():
    """The loader's ``djambiLoad`` (static/pyodide-start.mjs): the worker's own when Python runs in
    a worker (the loader runs there), else the page's."""
    from app.views import remote

    if remote.CHANNEL is not None:
        import js

        return getattr(js, "djambiLoad", None)
    return getattr(window, "djambiLoad", None)


def then(what: str, action: Callable[[], None], waiting: Callable[[], None] | None = None,
         failed: Callable[[str], None] | None = None) -> None:
    """Run ``action`` once ``what`` is loaded: now if it is, else ``waiting()`` now (say
    "Loading…") and ``action()`` when it has arrived, or ``failed(message)`` if it cannot be."""
    if what in _loaded:
        action()
        return
    if waiting is not None:
        waiting()

    async def run() -> None:
        if await load(what):
            action()
        elif failed is not None:
            # Translators: said when a part of the app loaded on first use could not be fetched.
            failed(_("Could not load this part of the app: check the connection and try again."))

    task = asyncio.ensure_future(run())  # its page uses reach the page at the end of each step
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def loading_text() -> str:
    # Translators: said while a part of the app that is loaded on first use arrives.
    return _("Loading…")


__all__ = ["LATER", "catalog", "loaded", "load", "then", "loading_text"]
