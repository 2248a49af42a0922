"""Trial: a fresh first visit in Chromium (Playwright) until data-ready, then a move.
Usage: .venv/bin/python bench/trial/chromium.py [URL]."""
import sys, time, json
from playwright.sync_api import sync_playwright
url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8123/"
with sync_playwright() as pw:
    b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
    p = b.new_page(viewport={"width": 390, "height": 844})
    t0 = time.time()
    p.goto(url, wait_until="commit")
    p.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180000)
    seconds = round(time.time() - t0, 1)
    print(json.dumps({"url": url, "seconds": seconds, "state": p.evaluate("() => [djambiWorkerMode, JSON.stringify(djambiStart)]")}), flush=True)
    p.keyboard.press("Escape"); p.click('[data-square="C7"] rect.cell'); p.wait_for_selector('[data-square="C7"].sel')
    p.click('[data-square="C6"] rect.cell'); p.wait_for_function("() => document.querySelectorAll('#move-list li').length === 1")
    print(json.dumps({"moves": 1, "status": p.text_content("#status")}))
    b.close()
