"""app.views.remote: the page's objects seen from a worker, one round trip per batch.

The page's side (static/remote-page.mjs) is played here by ``FakePage``, which runs the same
operations on Python objects; e2e runs the real one (the app in worker mode)."""

from __future__ import annotations

import gc
import json
from types import SimpleNamespace

import pytest

from app.views import remote


class Element(SimpleNamespace):
    def setAttribute(self, name, value):
        self.attrs[name] = value

    def getAttribute(self, name):
        return self.attrs.get(name)

    def append(self, *children):
        self.children.extend(children)


class FakePage:
    """The page's table of objects and its operations (as static/remote-page.mjs runs them)."""

    def __init__(self, window, document) -> None:
        self.table = {0: window, 1: document}
        self.sent: list[list] = []
        self.next_id = -1
        self.channel: remote.Channel | None = None
        self.functions: dict[int, object] = {}

    def decode(self, value):
        if isinstance(value, dict):
            if "$" in value:
                return self.table[value["$"]]
            if "f" in value:
                return self.function(value["f"], value.get("once"))
            if "j" in value:
                return value["j"]
        return value

    def function(self, number, once):
        def call(*args):
            if once:
                self.functions.pop(number, None)
            ids = []
            for arg in args:
                self.table[self.next_id] = arg
                ids.append(self.next_id)
                self.next_id -= 1
            return self.channel.call_back(number, json.dumps(ids))
        return self.functions.setdefault(number, call)

    def send(self, text: str) -> str:
        ops = json.loads(text)
        self.sent.append(ops)
        answers = []
        for op in ops:
            try:
                kind = op[0]
                if kind == "get":
                    obj = self.table[op[2]]
                    self.table[op[1]] = (obj[op[3]] if isinstance(op[3], int) else len(obj) if op[3] == "length"
                                         and isinstance(obj, list) else getattr(obj, op[3], None))
                elif kind == "set":
                    setattr(self.table[op[1]], op[2], self.decode(op[3]))
                elif kind == "call":
                    self.table[op[1]] = getattr(self.table[op[2]], op[3])(*map(self.decode, op[4]))
                elif kind == "apply":
                    self.table[op[1]] = self.table[op[2]](*map(self.decode, op[3]))
                elif kind == "free":
                    self.table.pop(op[1], None)
                elif kind == "same":
                    answers.append({"v": self.table[op[1]] is self.table[op[2]]})
                elif kind == "value":
                    value = self.table[op[1]]
                    answers.append({"n": 1} if value is None else {"v": value}
                                   if isinstance(value, (str, int, float, bool)) else {"o": type(value).__name__})
                else:
                    raise ValueError(f"unknown operation {kind}")
            except Exception as error:  # noqa: BLE001 (the page answers the failure)
                answers.append({"e": f"{op[0]} {op[3] if len(op) > 3 else op[2]}: {error}"})
        return json.dumps(answers)


@pytest.fixture
def page():
    status = Element(id="status", textContent="Loading…", attrs={}, children=[], hidden=False)
    squares = [Element(id=f"sq{i}", attrs={"data-square": name}, children=[]) for i, name in enumerate(["A1", "B1", "C1"])]
    document = SimpleNamespace(
        querySelector=lambda selector: status if selector == "#status" else None,
        querySelectorAll=lambda selector: squares,
        createElement=lambda tag: Element(tag=tag, attrs={}, children=[], textContent=""),
        title="Djambi")
    window = SimpleNamespace(document=document, innerWidth=1280)
    fake = FakePage(window, document)
    soon: list = []
    channel, win, doc = remote.page(fake.send, soon.append)
    fake.channel = channel
    return SimpleNamespace(fake=fake, channel=channel, window=win, document=doc, status=status,
                           squares=squares, soon=soon)


def test_writes_wait_and_go_in_one_round_trip(page):
    status = page.document.querySelector("#status")
    status.textContent = "Red to move"
    status.setAttribute("aria-live", "polite")
    status.hidden = True
    assert page.fake.sent == [] and page.status.textContent == "Loading…"
    assert len(page.soon) == 1  # one flush is due, at the end of the task
    page.soon[0]()
    assert len(page.fake.sent) == 1
    assert page.status.textContent == "Red to move" and page.status.attrs == {"aria-live": "polite"}
    assert page.status.hidden is True


def test_a_value_is_asked_only_when_python_needs_it(page):
    title = page.document.title
    width = page.window.innerWidth
    assert page.fake.sent == []
    assert str(title) == "Djambi"
    assert int(width) == 1280 and width + 20 == 1300
    assert title == "Djambi" and title != "Camblam"
    assert len(page.fake.sent) == 2  # one per value asked (the second carries nothing queued)


def test_null_is_absent_and_an_object_is_present(page):
    assert remote.absent(page.document.querySelector("#nothing"))
    found = page.document.querySelector("#status")
    assert not remote.absent(found) and bool(found)
    assert remote.absent(None) and not remote.absent("")


def test_elements_made_and_filled_without_a_round_trip(page):
    li = page.document.createElement("li")
    li.textContent = "1. A7-A6"
    page.document.querySelector("#status").append(li)
    assert page.fake.sent == []
    page.channel.flush()
    assert [c.textContent for c in page.status.children] == ["1. A7-A6"]


def test_iterating_a_list_of_page_objects(page):
    names = [str(square.getAttribute("data-square")) for square in page.document.querySelectorAll("[data-square]")]
    assert names == ["A1", "B1", "C1"]


def test_a_handler_runs_with_the_page_objects_and_its_writes_are_sent(page):
    seen = []

    def on_click(event):
        seen.append(str(event.id))
        page.document.querySelector("#status").textContent = f"tapped {event.id}"

    page.document.querySelector("#status").onclick = on_click
    page.channel.flush()
    page.status.onclick(page.squares[1])  # the page calls the handler
    assert seen == ["sq1"]
    assert page.status.textContent == "tapped sq1"  # flushed when the handler returned


def test_a_once_callable_is_forgotten_after_its_call(page):
    calls = []
    page.window.later = remote.Once(lambda: calls.append(1))
    page.channel.flush()
    number = next(iter(page.channel.once))
    page.fake.table[0].later()
    assert calls == [1] and number not in page.channel.once and number not in page.fake.functions


def test_a_page_error_is_raised_to_a_caller_that_waits_and_said_otherwise(page, capsys):
    page.document.querySelector("#status").noSuchMethod(1)
    page.document.querySelector("#status").textContent = "after"
    with pytest.raises(remote.PageError, match="noSuchMethod"):
        page.channel.flush(strict=True)
    assert page.status.textContent == "after"  # the operations after it ran
    page.document.querySelector("#status").noSuchMethod(2)
    assert str(page.document.title) == "Djambi"  # a read: the error is said, not raised
    assert "noSuchMethod" in capsys.readouterr().err


def test_page_objects_python_drops_are_dropped_by_the_page(page):
    found = page.document.querySelector("#status")
    page.channel.flush()
    held = {i for i in page.fake.table if i > 1}
    del found
    gc.collect()
    page.channel.flush()
    assert held and not held & set(page.fake.table)


def test_two_handles_on_one_page_object_are_equal(page):
    one, two = page.document.querySelector("#status"), page.document.querySelector("#status")
    assert one == two and not one != two
    assert one != page.document.querySelector("#nothing")
    assert page.document.querySelectorAll("x")[0] != page.document.querySelectorAll("x")[1]


def test_what_a_callable_returns_is_what_the_page_gets(page):
    page.window.hook = lambda: "djambi code"
    page.window.nothing = lambda: object()
    page.channel.flush()
    assert page.fake.table[0].hook() == "djambi code"
    assert page.fake.table[0].nothing() is None  # not a value the page can take


def test_what_the_page_noted_at_a_keys_dispatch(page):
    noted = []
    page.document.onkeydown = lambda event: noted.append(remote.at_dispatch(event))
    page.channel.flush()
    page.fake.table[1].onkeydown(SimpleNamespace(key="Escape", djambiDialog=True, djambiFocus="board"))
    page.fake.table[1].onkeydown(SimpleNamespace(key="x", djambiDialog=None, djambiFocus=None))  # not noted
    assert noted == [{"dialog": True, "focus": "board"}, None]
    assert remote.at_dispatch(SimpleNamespace(key="x")) is None  # on the page's main thread: nothing noted
