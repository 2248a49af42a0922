"""How every browser run here starts Chromium: the e2e tests (e2e/conftest.py) and the page
benchmarks (bench/page.py) share these settings.

Playwright cannot download its own browser on these machines: Debian's ``chromium`` package is
used (``$CHROMIUM`` overrides the path), with flags that keep it from reaching other hosts.
"""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The only hosts a page may reach.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
