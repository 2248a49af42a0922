// Trial: a fresh first visit in Firefox ESR (Puppeteer over WebDriver BiDi) until data-ready, then a move.
// Usage: node bench/trial/firefox.mjs [URL], with puppeteer-core resolvable (NODE_PATH does not
// apply to ES modules: run it from a folder where `PUPPETEER_SKIP_DOWNLOAD=1 npm i puppeteer-core`
// was run, or copy it there).
import puppeteer from "puppeteer-core";
const url = process.argv[2] ?? "http://127.0.0.1:8123/";
const browser = await puppeteer.launch({ browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true,
  protocol: "webDriverBiDi", extraPrefsFirefox: {} });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "commit" }).catch(() => page.goto(url));
  await page.waitForSelector('body[data-ready="1"]', { timeout: 180000 });
  const seconds = (Date.now() - t0) / 1000;
  const state = await page.evaluate(() => [window.djambiWorkerMode, crossOriginIsolated, typeof SharedArrayBuffer,
    JSON.stringify(window.djambiStart), JSON.stringify(djambiBoot.marks), navigator.userAgent]);
  console.log(JSON.stringify({ url, seconds, state }));
  await page.keyboard.press("Escape");
  await page.click('[data-square="C7"]');
  await page.waitForSelector('[data-square="C7"].sel');
  await page.click('[data-square="C6"]');
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 1, { timeout: 30000 });
  console.log(JSON.stringify({ moves: 1, status: await page.$eval("#status", (e) => e.textContent) }));
} finally {
  await browser.close();
}
