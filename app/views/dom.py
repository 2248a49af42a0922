"""The few helpers every view module uses to touch the page: find elements, listen to events
(keeping the JS proxies alive), open and close dialogs, build JS objects from JSON, and
``localStorage`` as a ``saving.Storage``.

Only strings cross the Python/JS boundary: objects for JS APIs are made with ``JSON.parse``.
Nothing from a link, a file or storage is ever inserted as HTML: text goes through
``textContent`` and attributes through ``setAttribute``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, jsnull
from pyscript import document, window

from app.state import saving
from app.views import remote

_proxies: list = []  # every JS callback made here, kept alive


def el(selector: str):
    return document.querySelector(selector)


def absent(value) -> bool:
    """JS ``null`` arrives as ``jsnull`` and ``undefined`` as ``None``: both mean nothing."""
    return value is jsnull or remote.absent(value)  # (a page object seen from a worker: app.views.remote)


def listen(target, event: str, handler: Callable[[Any], None], capture: bool = False) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy, capture)


def on_click(selector: str, handler: Callable[[Any], None]) -> None:
    listen(el(selector), "click", handler)


def before_paint(action: Callable[[], None]) -> None:
    """Run ``action`` before the page is next painted (an animation frame), not now: what it
    reads of the layout (sizes, scroll heights) is then worked out once, with the frame's, not in
    the middle of a redraw. In a worker at once (the page keeps a followed list's end in view
    itself there: static/remote-page.mjs)."""
    if remote.CHANNEL is not None:
        action()
        return
    window.requestAnimationFrame(create_once_callable(lambda *args: action()))


def later(action: Callable[[], None], ms: float = 0):
    """Run ``action`` once, in a task of its own, ``ms`` milliseconds from now (0: after the
    current task and its drawing); the timer's id, for ``cancel``. In a worker the timer is the
    worker's (no round trip to the page)."""
    if remote.CHANNEL is not None:
        import js

        return js.setTimeout(remote.ONCE(lambda *args: action()), ms)
    return window.setTimeout(create_once_callable(lambda *args: action()), ms)


def cancel(timer) -> None:
    """Cancel a timer that ``later`` set (unless it has run)."""
    if remote.CHANNEL is not None:
        import js

        js.clearTimeout(timer)
    else:
        window.clearTimeout(timer)


def js(value: Any):
    """A JS object or array from a Python value (through JSON, so only plain data crosses)."""
    return window.JSON.parse(json.dumps(value))


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def any_dialog_open() -> bool:
    return not absent(document.querySelector("dialog[open]"))


def open_dialog(selector: str) -> None:
    dialog = el(selector)
    if not dialog.open:
        dialog.showModal()


def close_dialog(selector: str) -> None:
    dialog = el(selector)
    if dialog.open:
        dialog.close()


def set_text(selector: str, text: str) -> None:
    el(selector).textContent = text


def copy_field(selector: str) -> bool:
    """Select the text field ``selector`` and copy its text; whether it was copied (when not,
    the text stays selected for the player to copy by hand)."""
    field = el(selector)
    field.focus()
    field.select()
    copied = False
    try:
        copied = bool(document.execCommand("copy"))
    except Exception:  # noqa: BLE001 (older browsers throw instead of answering false)
        copied = False
    try:
        window.navigator.clipboard.writeText(field.value)
        remote.send_now()  # (in a worker: no clipboard API is raised here)
        copied = True
    except Exception:  # noqa: BLE001 (no clipboard API outside secure contexts)
        pass
    return copied


class LocalStorage:
    """``saving.Storage`` over ``window.localStorage``."""

    def get(self, key: str) -> str | None:
        value = window.localStorage.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)
        remote.send_now()  # (in a worker: a refusal, the storage full, is raised here)

    def remove(self, key: str) -> None:
        window.localStorage.removeItem(key)
        remote.send_now()

    def keys(self) -> list[str]:
        store = window.localStorage
        return [str(store.key(i)) for i in range(int(store.length))]


def open_storage():
    """``localStorage``, or a memory store when the browser refuses it (play without saving)."""
    try:
        storage = LocalStorage()
        storage.get(saving.STORAGE_KEY)
        return storage
    except Exception:  # noqa: BLE001
        return saving.MemoryStorage()


__all__ = ["el", "absent", "listen", "on_click", "js", "reduced_motion", "any_dialog_open",
           "open_dialog", "close_dialog", "later", "cancel", "set_text", "LocalStorage", "open_storage"]
