"""Start-up: the board shows, empty and inert, before Python runs; then Python takes it over."""

from __future__ import annotations

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
