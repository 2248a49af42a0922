"""Trial: a fresh first visit in WebKitGTK (MiniBrowser through WebKitWebDriver) until data-ready, then a
move. Usage: xvfb-run -a .venv/bin/python bench/trial/webkit.py [URL [SECONDS [SCREENSHOT.png]]]
(needs `pip install selenium` in .venv and Debian's webkit2gtk-driver and xvfb)."""
import sys, time, json
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8123/"
limit = float(sys.argv[2]) if len(sys.argv) > 2 else 120
opts = Options()
opts.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
opts.add_argument("--automation")
drv = webdriver.WebKitGTK(options=opts, service=Service(executable_path="/usr/bin/WebKitWebDriver"))
STATE = """return [document.body && document.body.dataset.ready, (document.getElementById('loader-text')||{}).textContent,
    window.djambiWorkerMode, window.crossOriginIsolated, typeof SharedArrayBuffer, JSON.stringify(window.djambiStart),
    JSON.stringify((window.djambiBoot||{}).marks), navigator.userAgent]"""
try:
    drv.set_window_size(390, 844)
    t0 = time.time()
    drv.get(url)
    state = None
    while time.time() - t0 < limit:
        state = drv.execute_script(STATE)
        if state[0] == "1":
            break
        time.sleep(0.25)
    seconds = round(time.time() - t0, 1)
    moved = None
    print(json.dumps({"url": url, "seconds": seconds, "state": state}, ensure_ascii=False), flush=True)
    if state[0] == "1":
        time.sleep(0.5)
        drv.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)  # the first visit's welcome
        time.sleep(0.5)
        for sq in ("C7", "C6"):
            webdriver.ActionChains(drv).move_to_element(drv.find_element(By.CSS_SELECTOR, f'[data-square="{sq}"] rect.cell')).click().perform()
            time.sleep(0.5)
        moved = len(drv.find_elements(By.CSS_SELECTOR, "#move-list li"))
    print(json.dumps({"moves": moved, "status": drv.execute_script("return document.getElementById('status').textContent")}, ensure_ascii=False))
    if len(sys.argv) > 3:
        drv.save_screenshot(sys.argv[3])
finally:
    drv.quit()
