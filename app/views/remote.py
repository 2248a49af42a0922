"""The page's objects for Python running in a web worker (PyScript worker mode), at one
synchronous round trip per batch of uses instead of dozens per use.

Each page object is a ``Ref``: an id in a table kept by the page (``static/remote-page.mjs``).
Using one (reading an attribute, calling a method, setting an attribute) queues an operation and
gives a new ``Ref`` at once; only when Python needs a value (``str()``, ``bool()``, ``int()``, a
comparison, iteration) are the queued operations sent, in one call, and the value answered.
Python callables passed to the page (event handlers, timers' actions) become page functions that
call back into the worker (``djambi_call``), their arguments ``Ref``s of the page's objects.
"""

from __future__ import annotations

import itertools
import json
import sys
from typing import Any, Callable


class PageError(Exception):
    """An operation on the page's objects failed (the page's message)."""


class Channel:
    """The queue of operations and the one function that sends it (``send(text) -> text``)."""

    def __init__(self, send: Callable[[str], str], soon: Callable[[Callable[[], None]], None] | None = None) -> None:
        self.send = send
        self.soon = soon  # runs a function once the current task's Python is done (a microtask)
        self.flush_due = False
        self.ops: list[list] = []
        self.ids = itertools.count(2)  # 0: the page's window, 1: its document
        self.callbacks: dict[int, Callable] = {}
        self.callback_ids: dict[int, int] = {}  # id(callable) -> callback id
        self.once: dict[int, Callable] = {}
        self.numbers = itertools.count(1)

    def queue(self, op: list) -> None:
        self.ops.append(op)
        if self.soon is not None and not self.flush_due:
            self.flush_due = True
            self.soon(self.flush_queued)

    def flush_queued(self) -> None:
        """What the current task queued, sent once its Python is done (nothing waits for it)."""
        self.flush_due = False
        self.flush()

    def new_ref(self) -> "Ref":
        return Ref(self, next(self.ids))

    def flush(self, ask: int | None = None, answer: bool = False, strict: bool = False) -> Any:
        """Send what is queued; the page's answer to the last operation when ``answer`` (or
        when ``ask``: what the object ``ask`` is). An operation the page could not carry out
        raises ``PageError`` when ``strict`` (the caller waits for it: ``send_now``); otherwise
        it is reported on the console, as an uncaught error of the page's would be, and the
        operations after it have run."""
        if ask is not None:
            self.ops.append(["value", ask])
            answer = True
        if not self.ops:
            return None
        ops, self.ops = self.ops, []
        answers = json.loads(str(self.send(json.dumps(ops))))
        errors = [a["e"] for a in answers if "e" in a]
        if errors and strict:
            raise PageError(errors[0])
        for error in errors:
            print(f"Djambi: the page could not {error}", file=sys.stderr)
        answers = [a for a in answers if "e" not in a]
        return answers[-1] if answer and answers else None

    def encode(self, value: Any) -> Any:
        if isinstance(value, Ref):
            return {"$": value._id}
        if isinstance(value, Member):
            return {"$": value._ref()._id}
        if isinstance(value, Once):
            number = next(self.numbers)
            self.once[number] = value.action
            return {"f": number, "once": 1}
        if callable(value):
            key = id(value)
            if key not in self.callback_ids:
                number = next(self.numbers)
                self.callbacks[number] = value
                self.callback_ids[key] = number
            return {"f": self.callback_ids[key]}
        if isinstance(value, (dict, list, tuple)):
            return {"j": value}
        return value

    def call_back(self, number: int, ids: str) -> Any:
        """The page called the Python callable ``number`` with its objects ``ids``: what it
        returns, if a string, number or boolean, is what the page's call resolves to."""
        args = [Ref(self, i, free=True) for i in json.loads(ids)]
        action = self.once.pop(number, None) or self.callbacks[number]
        try:
            result = action(*args)
        finally:
            self.flush()
        return result if isinstance(result, (str, int, float, bool)) else None


_UNSET = object()


class Ref:
    """A page object, by its id in the page's table."""

    __slots__ = ("_channel", "_id", "_free", "_known")

    def __init__(self, channel: Channel, id_: int, free: bool = True) -> None:
        object.__setattr__(self, "_channel", channel)
        object.__setattr__(self, "_id", id_)
        object.__setattr__(self, "_free", free)
        object.__setattr__(self, "_known", _UNSET)

    def __del__(self) -> None:
        if self._free and self._id > 1:
            try:
                self._channel.queue(["free", self._id])
            except Exception:  # noqa: BLE001 (interpreter shutting down)
                pass

    def __getattr__(self, name: str) -> "Member":
        if name.startswith("__"):
            raise AttributeError(name)
        return Member(self, name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._channel.queue(["set", self._id, name, self._channel.encode(value)])

    def __call__(self, *args: Any) -> "Ref":
        result = self._channel.new_ref()
        self._channel.queue(["apply", result._id, self._id, [self._channel.encode(a) for a in args]])
        return result

    def _absent(self) -> bool:
        return self._value() is None

    def new(self, *args: Any) -> "Ref":
        result = self._channel.new_ref()
        self._channel.queue(["new", result._id, self._id, [self._channel.encode(a) for a in args]])
        return result

    # What it is: asked of the page (the queued operations go first).
    def _value(self) -> Any:
        if self._known is _UNSET:
            answer = self._channel.flush(ask=self._id)
            if "v" in answer:
                known = answer["v"]
            elif "o" in answer:
                known = self
            else:
                known = None
            object.__setattr__(self, "_known", known)
        return self._known

    def _primitive(self) -> Any:
        value = self._value()
        return None if value is self else value

    def __bool__(self) -> bool:
        value = self._value()
        return True if value is self else bool(value)

    def __str__(self) -> str:
        value = self._value()
        if value is self:
            return "[object]"
        return "undefined" if value is None else ("true" if value is True else "false" if value is False else
                                                  str(int(value)) if isinstance(value, float) and value.is_integer() else str(value))

    def __int__(self) -> int:
        return int(self._primitive())

    def __float__(self) -> float:
        return float(self._primitive())

    def __index__(self) -> int:
        return int(self._primitive())

    def __eq__(self, other: Any) -> bool:
        value = self._value()
        if value is self:  # an object: the same object of the page?
            if isinstance(other, Member):
                other = other._ref()
            if not isinstance(other, Ref):
                return False
            self._channel.queue(["same", self._id, other._id])
            return bool(self._channel.flush(ask=None, answer=True)["v"])
        return value == (other._primitive() if isinstance(other, (Ref, Member)) else other)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self._id)

    def __len__(self) -> int:
        return int(self.length)

    def __iter__(self):
        for i in range(int(self.length)):
            yield self[i]

    def __getitem__(self, index: Any) -> "Ref":
        result = self._channel.new_ref()
        self._channel.queue(["get", result._id, self._id, index])
        return result

    def __repr__(self) -> str:
        return f"<page object {self._id}>"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: Any) -> Any:
        return self._primitive() + other

    def __radd__(self, other: Any) -> Any:
        return other + self._primitive()

    def __sub__(self, other: Any) -> Any:
        return self._primitive() - other

    def __rsub__(self, other: Any) -> Any:
        return other - self._primitive()

    def __mul__(self, other: Any) -> Any:
        return self._primitive() * other

    def __truediv__(self, other: Any) -> Any:
        return self._primitive() / other

    def __lt__(self, other: Any) -> bool:
        return self._primitive() < other

    def __le__(self, other: Any) -> bool:
        return self._primitive() <= other

    def __gt__(self, other: Any) -> bool:
        return self._primitive() > other

    def __ge__(self, other: Any) -> bool:
        return self._primitive() >= other

    def __contains__(self, item: Any) -> bool:
        return bool(self.contains(item)) if not isinstance(self._value(), str) else item in self._value()


class Member:
    """``obj.name`` not yet read: called, it is a method call (one operation); used otherwise, the
    attribute is read."""

    __slots__ = ("_obj", "_name", "_got")

    def __init__(self, obj: Ref, name: str) -> None:
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_got", None)

    def _ref(self) -> Ref:
        if self._got is None:
            channel = self._obj._channel
            got = channel.new_ref()
            channel.queue(["get", got._id, self._obj._id, self._name])
            object.__setattr__(self, "_got", got)
        return self._got

    def __call__(self, *args: Any) -> Ref:
        channel = self._obj._channel
        result = channel.new_ref()
        channel.queue(["call", result._id, self._obj._id, self._name, [channel.encode(a) for a in args]])
        return result

    def __getattr__(self, name: str) -> "Member":
        if name.startswith("__"):
            raise AttributeError(name)
        return Member(self._ref(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._ref(), name, value)

    def __getitem__(self, index):
        return self._ref()[index]

    def new(self, *args: Any) -> Ref:
        return self._ref().new(*args)


def _forward(name: str):
    def method(self, *args):
        return getattr(self._ref(), name)(*args)
    method.__name__ = name
    return method


Member._absent = lambda self: self._ref()._absent()


class Once:
    """A callable the page calls once (``pyodide.ffi.create_once_callable``'s stand-in)."""

    def __init__(self, action: Callable, **_: Any) -> None:
        self.action = action

    def __call__(self, *args: Any) -> Any:
        return self.action(*args)


for _name in ("__bool__", "__str__", "__int__", "__float__", "__index__", "__eq__", "__ne__", "__hash__",
              "__len__", "__iter__", "__repr__", "__format__", "__add__", "__radd__", "__sub__", "__rsub__",
              "__mul__", "__truediv__", "__lt__", "__le__", "__gt__", "__ge__", "__contains__"):
    setattr(Member, _name, _forward(_name))
del _name


def page(send: Callable[[str], str], soon: Callable[[Callable[[], None]], None] | None = None
         ) -> tuple[Channel, Ref, Ref]:
    """A channel over ``send`` (and ``soon``, see ``Channel``) and the page's window and document."""
    channel = Channel(send, soon)
    return channel, Ref(channel, 0, free=False), Ref(channel, 1, free=False)


def absent(value: Any) -> bool:
    """Whether ``value`` is nothing: ``None``, or a page object that is ``null``/``undefined``."""
    if isinstance(value, (Ref, Member)):
        return value._absent()
    return value is None


def send_now() -> None:
    """In a worker: send what is queued now, so that a failure (a page error) is raised to the
    caller, not at the end of the task. Nothing to do on the page's main thread."""
    if CHANNEL is not None:
        CHANNEL.flush(strict=True)


def at_dispatch(event: Any) -> dict | None:
    """What static/remote-page.mjs noted on a key event as it was dispatched (whether a dialog
    was open, the focused element's id), or None on the page's main thread (nothing to note:
    the handler runs within the dispatch)."""
    if not isinstance(event, Ref):
        return None
    dialog, focus = event.djambiDialog, event.djambiFocus
    if dialog._absent():
        return None
    return {"dialog": bool(dialog), "focus": str(focus)}


CHANNEL: Channel | None = None  # the worker's channel, once installed
ONCE: Callable | None = None  # pyodide.ffi.create_once_callable (install replaces it with Once)


def install() -> Channel:
    """In PyScript's worker: ``pyscript.window``/``pyscript.document`` become this module's
    ``Ref``s (before the app's modules import them), and ``pyodide.ffi``'s proxies of Python
    callables become the callables themselves (the channel makes them page functions). Timers
    stay the worker's own (``app.views.dom.later``)."""
    global CHANNEL, ONCE
    import js
    import pyodide.ffi
    import pyscript
    from pyscript import sync
    from pyscript import window as coincident_window

    once = ONCE = pyodide.ffi.create_once_callable
    send = coincident_window.djambiOps
    channel, window, document = page(lambda text: send(text),
                                     lambda action: js.queueMicrotask(once(action)))
    sync.djambi_call = channel.call_back
    pyscript.window, pyscript.document = window, document
    pyodide.ffi.create_proxy = lambda action, **_: action
    pyodide.ffi.create_once_callable = Once
    CHANNEL = channel
    return channel
