"""Start-up: the board shows, empty and inert, before Python runs; then Python takes it over."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_board_is_visible_and_inert_before_python_is_ready(new_page, base_url, wait_ready,
                                                            external_requests, screenshot_dir):
    page = new_page(viewport={"width": 1024, "height": 768})
    held, released = [], []

    def hold(route):  # PyScript fetches app/main.py twice ([files], then the script)
        if released:
            route.continue_()
        else:
            held.append(route)

    # Hold the browser module back: the page stays "before Python" as long as we like.
    page.route("**/app/main.py", hold)
    page.goto(base_url, wait_until="domcontentloaded")
    e5 = page.locator('#board [data-square="E5"]')
    expect(e5).to_be_visible()
    assert page.locator("#board [data-square]").count() == 81
    assert page.get_attribute("body", "data-ready") == "0"
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 600 and board["height"] >= 600
    # The loading state is shown beside the board, not over it.
    loader = page.locator("#loader")
    expect(loader).to_be_visible()
    lb = loader.bounding_box()
    assert lb["x"] >= board["x"] + board["width"] or lb["y"] >= board["y"] + board["height"]
    # Nothing on the board takes a tap yet: a tap lands on the wrapper, not on a square.
    a7 = page.locator('#board [data-square="A7"]').bounding_box()
    hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('[data-square]')",
                        [a7["x"] + a7["width"] / 2, a7["y"] + a7["height"] / 2])
    assert hit is False
    page.mouse.click(a7["x"] + a7["width"] / 2, a7["y"] + a7["height"] / 2)
    page.evaluate("() => { document.querySelector('[data-square=\"E5\"]').__static = true; }")
    page.screenshot(path=str(screenshot_dir / "app-before-python-1024x768.png"))
    for width, height in ((768, 1024), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        board = page.locator("#board-wrap").bounding_box()
        lb = loader.bounding_box()
        assert lb["x"] >= board["x"] + board["width"] - 1 or lb["y"] >= board["y"] + board["height"] - 1
        assert lb["y"] < height  # in sight
        page.screenshot(path=str(screenshot_dir / f"app-before-python-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(200)  # let the router record the request (PyScript asks for it early)
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "app/main.py was never requested"
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    # Python took over the very same elements, and the tap before ready did nothing.
    assert page.evaluate("() => document.querySelector('[data-square=\"E5\"]').__static === true")
    assert page.locator("#board [data-square]").count() == 81
    assert "sel" not in page.get_attribute('[data-square="A7"]', "class").split()
    assert page.get_attribute('[data-square="A7"]', "class").split()[2] == "pc-r"
    expect(loader).to_be_hidden()
    assert external_requests == []


SQUARES_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-square]')].map(
    (g) => [g.dataset.square, [g.getAttribute('class'), g.querySelector('use.pc').getAttribute('href')]]))"""
# What only Python draws: the player to move's pieces, the latest moves' marks, the cursor.
PYTHON_ONLY = re.compile(r"^(mine|lm|lm-[rbyg]|age\d+|cursor)$")


def test_the_saved_game_is_painted_before_python_and_early_taps_are_kept(
        new_page, base_url, wait_ready, external_requests, screenshot_dir):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(base_url)
    wait_ready(page)
    for square in ("C7", "F4"):  # Red plays; the game is saved with its position
        page.click(f'[data-square="{square}"]')
    expect(page.locator("#move-list li")).to_have_count(1)

    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    # Hold the runtime back (the loader module PyScript imports): Python does not start.
    page.route("**/static/pyodide-start.mjs", hold)
    page.reload(wait_until="commit")  # held, the loader also holds back DOMContentLoaded
    expect(page.locator("#board")).to_have_attribute("data-painted", "saved")
    assert page.get_attribute("body", "data-ready") == "0"
    painted = page.evaluate(SQUARES_JS)
    assert painted["F4"][1] == "#k-N" and "pc-r" in painted["F4"][0].split()
    assert painted["C7"][1] == "" and painted["A9"][1] == "#k-C"
    # The loading bar moves on the compositor, whatever the main thread does.
    sweep = page.evaluate("() => getComputedStyle(document.querySelector('.loader-bar'), '::after').animationName")
    assert sweep == "loader-sweep"
    # Blue taps a piece and a square before Python is ready: kept, and said so.
    page.click('[data-square="H7"]')
    page.click('[data-square="H6"]')
    assert "sel" in page.get_attribute('[data-square="H7"]', "class").split()
    expect(page.locator("#loader-text")).to_contain_text("H7, then H6 kept")
    page.screenshot(path=str(screenshot_dir / "app-saved-before-python-1280x800.png"))
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(screenshot_dir / f"app-saved-before-python-{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the loader module was never requested"
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    # The taps were answered: Blue's move is played, after Red's.
    expect(page.locator("#move-list li")).to_have_count(2)
    assert "H7-H6" in page.locator("#move-list li").last.text_content()
    # Python's first draw agreed with the painted board (before Blue's move changed it).
    page.click("#btn-undo")
    expect(page.locator("#move-list li")).to_have_count(1)
    drawn = page.evaluate(SQUARES_JS)
    for square, (cls, href) in painted.items():
        py_cls, py_href = drawn[square]
        assert href == py_href, square
        mine = set(cls.split()) - {"sel"}
        assert mine <= set(py_cls.split()), (square, cls, py_cls)
        extra = set(py_cls.split()) - mine
        assert all(PYTHON_ONLY.match(c) for c in extra), (square, extra)
    assert external_requests == []
