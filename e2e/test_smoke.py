"""The page loads Pyodide from our own server, runs app/main.py and imports djambi."""


def test_page_becomes_ready_without_other_hosts(page, base_url, wait_ready, external_requests, screenshot_dir):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(base_url)
    wait_ready(page)

    assert page.text_content("#status").strip()
    page.screenshot(path=str(screenshot_dir / "smoke.png"))
    assert errors == []
    assert external_requests == [], f"requests to other hosts: {external_requests}"
