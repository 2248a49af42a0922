"""Three browser engines behind one small interface, for the cross-browser stage (test_browsers.py).

Each engine is a real browser from Debian's apt, driven the way it can be:

  chromium  /usr/bin/chromium (``$CHROMIUM``), through Playwright: the e2e tests' own (conftest)
  firefox   /usr/bin/firefox-esr (``$FIREFOX``), headless, over WebDriver BiDi: a small client
            here (JSON over one WebSocket, ``websocket-client``), as Playwright cannot drive a
            stock Firefox
  webkit    WebKitGTK's MiniBrowser (Safari's engine) through ``/usr/bin/WebKitWebDriver``
            (``$WEBKIT_DRIVER``), with Selenium; MiniBrowser has no headless mode, so the engine
            starts an Xvfb display of its own

The interface is what the tests need and no more: ``Engine.new_profile(width, height)`` gives a
``Tab`` in a profile of its own (nothing stored shared with any other: a Playwright context, a
Firefox user context, a new MiniBrowser whose automation session is ephemeral), and a ``Tab`` can
``goto``, ``reload``, ``eval`` a JavaScript function (its promise awaited, its value as JSON),
``wait`` until one returns something true, ``tap`` an element (a touch at its centre, scrolled into
view first), ``press_escape``, ``set_viewport`` and ``screenshot``. Waits poll from Python, so
they read the same in every engine.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")

# The function to run is sent as text, its arguments as one JSON text, and its (awaited) value comes
# back as JSON text: every driver passes strings the same way.
CALL = """async (source, args) => {
    const value = await (0, eval)("(" + source + ")")(...JSON.parse(args));
    return JSON.stringify(value === undefined ? null : value);
}"""

# The centre of the first element matching a selector, once scrolled into view (null if none).
CENTRE = """(selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    element.scrollIntoView({ block: "center", inline: "center" });
    const box = element.getBoundingClientRect();
    return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}"""


class BrowserError(AssertionError):
    """The browser refused or did not answer: says what was asked."""


class Tab:
    """One page in a profile of its own."""

    engine: str

    # --- what each driver provides
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def _call(self, args_json: str, source: str) -> str:
        raise NotImplementedError

    def _touch(self, x: int, y: int) -> None:
        raise NotImplementedError

    def press_escape(self) -> None:
        raise NotImplementedError

    def set_viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # --- the same for all
    def eval(self, source: str, *args: Any) -> Any:
        """The value of the JavaScript function ``source`` called with ``args`` (JSON values)."""
        return json.loads(self._call(json.dumps(args), source))

    def wait(self, source: str, *args: Any, timeout: float = 60, what: str = "") -> Any:
        """Poll the function ``source`` until it returns something true; its value. Past
        ``timeout`` seconds, fail saying what was awaited and the page's address."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.eval(source, *args)
            except BrowserError:
                value = None  # between two documents: ask again
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: waited {timeout:.0f} s for {what or source[:80]}"
                                     f" ({self.url()})")
            time.sleep(0.1)

    def wait_for(self, selector: str, timeout: float = 60) -> None:
        self.wait("(s) => document.querySelector(s) !== null", selector, timeout=timeout, what=selector)

    def url(self) -> str:
        try:
            return self.eval("() => location.href")
        except Exception:  # noqa: BLE001 (only for a message)
            return "?"

    def tap(self, selector: str, timeout: float = 30) -> None:
        """Touch the centre of ``selector``'s element (waited for, scrolled into view)."""
        centre = self.wait(CENTRE, selector, timeout=timeout, what=f"{selector} to tap")
        self._touch(*centre)


class Engine:
    name: str

    def new_profile(self, width: int = 1280, height: int = 800) -> Tab:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------------------- Chromium (Playwright)
class ChromiumTab(Tab):
    engine = "chromium"

    def __init__(self, context) -> None:
        self.context = context
        self.page = context.new_page()
        self.page.set_default_timeout(60_000)

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="load", timeout=120_000)

    def reload(self) -> None:
        self.page.reload(wait_until="load", timeout=120_000)

    def _call(self, args_json: str, source: str) -> str:
        from playwright.sync_api import Error as PlaywrightError
        try:
            return self.page.evaluate(f"([source, args]) => ({CALL})(source, args)", [source, args_json])
        except PlaywrightError as error:
            raise BrowserError(f"chromium: {error}") from None

    def _touch(self, x: int, y: int) -> None:
        self.page.touchscreen.tap(x, y)

    def press_escape(self) -> None:
        self.page.keyboard.press("Escape")

    def set_viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.context.close()


class Chromium(Engine):
    """The e2e tests' own Playwright Chromium (conftest's ``browser``): each profile a context."""

    name = "chromium"

    def __init__(self, browser) -> None:
        self.browser = browser

    def new_profile(self, width: int = 1280, height: int = 800) -> Tab:
        context = self.browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                           service_workers="allow")
        return ChromiumTab(context)

    def close(self) -> None:
        pass  # the browser is conftest's


# ---------------------------------------------------------------------------- Firefox (WebDriver BiDi)
class Bidi:
    """A WebDriver BiDi session over one WebSocket: ``send(method, params)`` waits for the answer."""

    def __init__(self, url: str) -> None:
        import websocket  # websocket-client (a dependency of Selenium's too)
        self.ws = websocket.create_connection(url, timeout=None, enable_multithread=True, suppress_origin=True)
        self.next_id = 0
        self.waiting: dict[int, queue.Queue] = {}
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, name="bidi-reader", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self.ws.recv())
            except Exception:  # noqa: BLE001 (the socket closed: wake every waiter)
                for answer in list(self.waiting.values()):
                    answer.put({"type": "error", "error": "closed", "message": "the connection closed"})
                return
            answer = self.waiting.get(message.get("id"))
            if answer is not None:
                answer.put(message)

    def send(self, method: str, params: dict, timeout: float = 180) -> dict:
        with self.lock:
            self.next_id += 1
            number = self.next_id
            answer = self.waiting[number] = queue.Queue()
            self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            message = answer.get(timeout=timeout)
        except queue.Empty:
            raise BrowserError(f"firefox: no answer to {method} within {timeout} s") from None
        finally:
            self.waiting.pop(number, None)
        if message.get("type") == "error":
            raise BrowserError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001
            pass


class FirefoxTab(Tab):
    engine = "firefox"

    def __init__(self, bidi: Bidi, user_context: str, width: int, height: int) -> None:
        self.bidi, self.user_context = bidi, user_context
        self.context = bidi.send("browsingContext.create", {"type": "tab", "userContext": user_context})["context"]
        self.set_viewport(width, height)

    def goto(self, url: str) -> None:
        self.bidi.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _call(self, args_json: str, source: str) -> str:
        result = self.bidi.send("script.callFunction", {
            "functionDeclaration": CALL, "awaitPromise": True, "target": {"context": self.context},
            "arguments": [{"type": "string", "value": source}, {"type": "string", "value": args_json}],
            "resultOwnership": "none"}, timeout=120)
        if result["type"] != "success":
            details = result.get("exceptionDetails", {})
            raise BrowserError(f"firefox: {details.get('text', details)}")
        return result["result"]["value"]

    def _actions(self, source: dict) -> None:
        self.bidi.send("input.performActions", {"context": self.context, "actions": [source]})

    def _touch(self, x: int, y: int) -> None:
        self._actions({"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "x": x, "y": y}, {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0}]})

    def press_escape(self) -> None:
        self._actions({"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": "\ue00c"}, {"type": "keyUp", "value": "\ue00c"}]})

    def set_viewport(self, width: int, height: int) -> None:
        self.bidi.send("browsingContext.setViewport",
                       {"context": self.context, "viewport": {"width": width, "height": height}})

    def screenshot(self, path: Path) -> None:
        data = self.bidi.send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.bidi.send("browser.removeUserContext", {"userContext": self.user_context})


class Firefox(Engine):
    """Firefox ESR started headless with its WebDriver BiDi server on a free port, in a profile
    folder of its own; each new profile is a user context (its own cookies, storage, caches and
    service workers)."""

    name = "firefox"

    def __init__(self, executable: str = FIREFOX) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="djambi-firefox-"))
        # No first-run pages, updates or reports (the remote agent sets the rest of what automation
        # needs: remote.prefs.recommended).
        (self.folder / "user.js").write_text("".join(
            f'user_pref("{name}", {json.dumps(value)});\n' for name, value in {
                "app.update.auto": False, "app.update.enabled": False,
                "browser.shell.checkDefaultBrowser": False, "browser.startup.page": 0,
                "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.enabled": False,
                "browser.aboutwelcome.enabled": False, "extensions.update.enabled": False,
                "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
                # navigator.storage.persist() asks the user in a door-hanger that headless Firefox
                # never shows: answered "no" at once, as a player who dismisses it would (the app
                # then tells how to keep the games: the "Keep your games" dialog).
                "dom.storageManager.prompt.testing": True, "dom.storageManager.prompt.testing.allow": False,
            }.items()))
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-remote", "--profile", str(self.folder), "--remote-debugging-port=0",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        url = None
        lines: list[str] = []
        end = time.monotonic() + 60
        while url is None:
            line = self.process.stderr.readline()
            if not line:
                self.close()
                raise BrowserError("firefox did not start: " + "".join(lines[-10:]))
            lines.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                url = found.group(1).rstrip("/") + "/session"
            if time.monotonic() > end:
                self.close()
                raise BrowserError("firefox: no WebDriver BiDi address within 60 s")
        # Keep reading its output so that it never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in self.process.stderr], daemon=True).start()
        try:
            self.bidi = Bidi(url)
            self.bidi.send("session.new", {"capabilities": {}})
        except Exception:
            self.close()
            raise

    def new_profile(self, width: int = 1280, height: int = 800) -> Tab:
        user_context = self.bidi.send("browser.createUserContext", {})["userContext"]
        return FirefoxTab(self.bidi, user_context, width, height)

    def close(self) -> None:
        if getattr(self, "bidi", None) is not None:
            try:
                self.bidi.send("browser.close", {}, timeout=20)
            except BrowserError:
                pass
            self.bidi.close()
        else:
            self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


# ---------------------------------------------------------------------------- WebKit (WebKitWebDriver)
class WebKitTab(Tab):
    engine = "webkit"

    def __init__(self, driver, width: int, height: int) -> None:
        self.driver = driver
        driver.set_script_timeout(120)
        driver.set_page_load_timeout(120)
        self.set_viewport(width, height)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def _call(self, args_json: str, source: str) -> str:
        from selenium.common.exceptions import WebDriverException
        script = ("const done = arguments[arguments.length - 1];"
                  f"({CALL})(arguments[0], arguments[1]).then(done, (e) => done({{ error: String(e) }}));")
        try:
            value = self.driver.execute_async_script(script, source, args_json)
        except WebDriverException as error:
            raise BrowserError(f"webkit: {error.msg}") from None
        if isinstance(value, dict):
            raise BrowserError(f"webkit: {value.get('error')}")
        return value

    def _touch(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to_location(x, y).pointer_down().pointer_up()
        actions.perform()

    def press_escape(self) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()

    def set_viewport(self, width: int, height: int) -> None:
        """The window sized so that its page is ``width`` × ``height`` (MiniBrowser's window adds
        its own frame to the page's size)."""
        self.driver.set_window_size(width, height)
        inner_width, inner_height = self.driver.execute_script("return [innerWidth, innerHeight]")
        if (inner_width, inner_height) != (width, height):
            self.driver.set_window_size(2 * width - inner_width, 2 * height - inner_height)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        if self.driver is not None:
            driver, self.driver = self.driver, None
            driver.quit()


class WebKit(Engine):
    """MiniBrowser on an Xvfb display of its own; each new profile is a new WebDriver session, so
    a new MiniBrowser in automation mode (ephemeral: it stores nothing on disk, and shares nothing
    with another)."""

    name = "webkit"

    def __init__(self, driver: str = WEBKIT_DRIVER, browser: str = MINIBROWSER) -> None:
        self.driver_path, self.browser_path = driver, browser
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1200x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        if not number:
            self.xvfb.kill()
            raise BrowserError("Xvfb did not start")
        # MiniBrowser's toolbar would keep its window at least 447 px wide: a GTK style sheet of
        # the engine's own shrinks the toolbar (GTK widgets only; the page is drawn by WebKit) so
        # that a window can be as narrow as a phone.
        self.folder = Path(tempfile.mkdtemp(prefix="djambi-webkit-"))
        (self.folder / "gtk-3.0").mkdir()
        (self.folder / "gtk-3.0" / "gtk.css").write_text(
            "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0;"
            " -gtk-icon-transform: scale(0.05); }\n")
        self.env = dict(os.environ, DISPLAY=f":{number}", XDG_CONFIG_HOME=str(self.folder))
        self.tabs: list[WebKitTab] = []

    def new_profile(self, width: int = 1280, height: int = 800) -> Tab:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service
        options = webdriver.WebKitGTKOptions()
        options.binary_location = self.browser_path
        options.add_argument("--automation")
        service = Service(self.driver_path, env=self.env)
        tab = WebKitTab(webdriver.WebKitGTK(options=options, service=service), width, height)
        self.tabs.append(tab)
        return tab

    def close(self) -> None:
        for tab in self.tabs:
            try:
                tab.close()
            except Exception:  # noqa: BLE001 (its browser gone already)
                pass
        self.xvfb.terminate()
        self.xvfb.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


def start(name: str, chromium=None) -> Engine:
    """The engine ``name``; ``chromium`` is the Playwright browser that ``chromium`` uses."""
    if name == "chromium":
        return Chromium(chromium)
    if name == "firefox":
        return Firefox()
    if name == "webkit":
        return WebKit()
    raise ValueError(f"no such engine: {name} (one of {', '.join(ENGINES)})")
