// Djambi's Pyodide loader: the module that `interpreter` in pyscript.toml names.
//
// PyScript imports it and calls its loadPyodide(options) exactly as it calls Pyodide's own; every
// option is passed on to the vendored Pyodide (./vendor/pyodide/pyodide.mjs, pinned by set-up).
// What it adds is a memory snapshot of a started Python with our pure modules imported, so that a
// returning player's page skips starting CPython, unpacking and importing (issue 14):
//
// - Every start writes the bundle scripts/build_bytecode.mjs made at set-up (static/vendor/
//   bytecode.bin: our sources, their bytecode, and that of PyScript's package; one request)
//   into Pyodide's file system before anything is imported, so nothing of ours is compiled.
// - First start of a release (no snapshot): Pyodide starts as usual (with `_makeSnapshot`), this
//   module imports every source of the bundle that does not touch the page (no `pyscript`,
//   `js`, `pyodide` import), then takes the snapshot
//   (`makeMemorySnapshot()`, ~30 MB, tens of ms) before PyScript uses the interpreter. Once the
//   page is ready and idle, the snapshot goes to the service worker with the SHA-256 of every
//   source it holds; sw.js stores it in the cache of ITS release only if each hash is that
//   release's (so a page that raced a deploy never stores a mismatched snapshot).
// - Later starts: `fetch(SNAPSHOT_URL)` is answered by the service worker from the cache of the
//   release it serves (never from the network: a 404 without one). Pyodide restores it
//   (`_loadSnapshot`), which checks it was made by the same Pyodide build; any failure falls back
//   to a plain start. A new release has a new cache, so it never restores an old snapshot, and
//   activating it deletes the old cache, snapshot included.
// - After a restore, `random` is reseeded from the browser's entropy (the snapshot froze its
//   state) and the import system's cached directory listings are dropped (the file system is new).
// - The runtime starts when this module is evaluated (index.html imports it async in <head>), not when
//   PyScript gets round to asking for it; PyScript then takes that interpreter (see loadPyodide).
//
// `_makeSnapshot`, `_loadSnapshot` and `makeMemorySnapshot` are not public Pyodide API: they are
// tied to the pinned build (314.0.7), and this module falls back to a plain start when they fail.
// window.djambiBoot reports what happened ({how, saving, bytecode, marks}) for tests and benchmarks.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../start-snapshot.bin", import.meta.url).href;
const ROOT_URL = new URL("../", import.meta.url).href; // where djambi/ and app/ are served
const BYTECODE_URL = new URL("./vendor/bytecode.bin", import.meta.url).href; // scripts/build_bytecode.mjs
const HOME = "/home/pyodide/"; // PyScript writes [files] relative to Pyodide's working directory

const boot = (globalThis.djambiBoot = { how: "starting", saving: null, error: null, marks: {} });
const mark = (name) => { boot.marks[name] = Math.round(performance.now()); };
mark("loader evaluated");
// The page's loading bar (index.html defines djambiLoading at the end of <body>; this module may
// run before that, being async): the words go on screen now if the text is there (so that they
// are painted before the runtime's long task, which no script can interrupt), and to
// djambiLoading as soon as it exists, unless something newer was said meanwhile.
let said = 0;
// The player's language (index.html's djambiWord, from locale/loader-words.js), else English.
const word = (key, english) => globalThis.djambiWord?.(key, english) ?? english;
const say = (percent, words) => {
  const turn = ++said;
  if (globalThis.djambiLoading) return globalThis.djambiLoading(percent, words);
  const text = document.getElementById("loader-text");
  if (text && words) text.textContent = words;
  document.addEventListener("DOMContentLoaded", () => { if (turn === said) globalThis.djambiLoading?.(percent, words); },
                            { once: true });
};


async function fetchSnapshot() {
  if (!globalThis.navigator?.serviceWorker?.controller) return null; // only the worker's cache has one
  try {
    const response = await fetch(SNAPSHOT_URL, { cache: "no-store" });
    mark("snapshot answered");
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

// Our sources and their bytecode, and the bytecode of PyScript's own package, in one bundle made at
// set-up (scripts/build_bytecode.mjs: the .py files of djambi/ and app/ as they are in this release,
// and hash-checked .pyc files, which Python uses only while they match the sources beside them).
// One request, asked for now, alongside the runtime's files (the sources one by one would queue
// behind the runtime's big files and arrive after its long start). Written into Pyodide's file
// system before anything is imported; without it (a failed fetch, a bundle for another Python) the
// first start takes no snapshot, and modules are compiled from source as before.
const bundle = fetch(BYTECODE_URL).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);

// Writes the bundle into the file system; returns its sources (djambi/ and app/): URL, path,
// bytes, module name, and whether the module can be imported without the page (no pyscript /
// js / pyodide import); null without a bundle.
async function writeBundle(py) {
  try {
    const buffer = await bundle;
    if (!buffer) return null;
    const size = new DataView(buffer).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, size)));
    if (header.cache_tag !== py.runPython("import sys\nsys.implementation.cache_tag")) return null;
    const sources = [];
    let offset = 4 + size;
    for (const [file, length] of header.files) {
      const target = HOME + file;
      const bytes = new Uint8Array(buffer, offset, length);
      offset += length;
      py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      py.FS.writeFile(target, bytes);
      if (!file.endsWith(".py")) continue;
      const text = new TextDecoder().decode(bytes);
      const module = file.replace(/\.py$/, "").replace(/\/__init__$/, "").replaceAll("/", ".");
      const pure = !/^\s*(from|import)\s+(pyscript|js|pyodide)\b/m.test(text) && !module.endsWith("__main__");
      sources.push({ url: new URL(file, ROOT_URL).href, bytes, module, pure });
    }
    mark("bundle written");
    boot.bytecode = { written: header.files.length - sources.length };
    return sources;
  } catch (error) {
    console.warn("Djambi: no bytecode bundle this time.", error);
    return null;
  }
}

// For tests and benchmarks, once the page is ready and idle: which imported modules of ours (and of
// PyScript's package) have bytecode that Python would take (its .pyc there, with the source's
// hash), and which do not.
const CHECK_BYTECODE = `
import importlib.util, json, sys
_used, _stale = [], []
for _name, _module in sorted(sys.modules.items()):
    _spec = getattr(_module, "__spec__", None)
    if _name.partition(".")[0] not in ("djambi", "app", "pyscript") or not _spec or not _spec.origin or not _spec.cached:
        continue
    try:
        with open(_spec.origin, "rb") as _f:
            _hash = importlib.util.source_hash(_f.read())
        with open(_spec.cached, "rb") as _f:
            _fresh = _f.read(16)[8:16] == _hash
    except OSError:
        _fresh = False
    (_used if _fresh else _stale).append(_name)
_out = json.dumps({"used": _used, "stale": _stale})
_out
`;

function checkBytecodeLater(py) {
  if (!boot.bytecode) return;
  whenReady().then(() => {
    try {
      const scope = py.toPy({}); // not the page's __main__
      Object.assign(boot.bytecode, JSON.parse(py.runPython(CHECK_BYTECODE, { globals: scope })));
      scope.destroy();
      // A source served now differs from the bundle's (edited since set-up): that module ran
      // from the bundle's copy on this first start. Set-up (scripts/build_sw.py) puts it right.
      if (boot.bytecode.stale.length) {
        console.warn(`Djambi: static/vendor/bytecode.bin is older than ${boot.bytecode.stale.join(", ")}: run scripts/setup.`);
      }
    } catch (error) {
      boot.bytecode.error = String(error);
    }
  });
}

// Resolves once the app is ready (body[data-ready="1"]) and the page is idle.
async function whenReady() {
  await new Promise((resolve) => {
    const ready = () => document.body?.dataset.ready === "1";
    if (ready()) return resolve();
    const observer = new MutationObserver(() => { if (ready()) { observer.disconnect(); resolve(); } });
    observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  });
  await new Promise((resolve) => (globalThis.requestIdleCallback ?? setTimeout)(resolve, { timeout: 2000 }));
}

// The runtime starts as soon as this module is evaluated: index.html imports it from <head>,
// before PyScript's core.js, so Pyodide starts while PyScript reads its configuration (as early
// as a bare page would start it). PyScript's own call then takes that interpreter, with its
// output streams; any other option (PyScript passes none for this app: no packages) would need
// a runtime of its own, so it gets one.
const started = start();
const OUR_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);

export async function loadPyodide(options = {}) {
  const other = Object.keys(options).filter((key) => !OUR_OPTIONS.has(key) && options[key] !== undefined);
  if (other.length) {
    console.warn(`Djambi: loadPyodide options ${other.join(", ")}: starting a runtime without the snapshot.`);
    return startPyodide({ ...options, indexURL: INDEX_URL });
  }
  const py = await started;
  checkBytecodeLater(py);
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  mark("given to PyScript");
  return py;
}

async function start() {
  const base = { indexURL: INDEX_URL, stdout: (line) => console.log(line), stderr: (line) => console.error(line) };
  const response = await fetchSnapshot();
  if (response) {
    say(null, word("restoring", "Restoring the game…"));
    try {
      mark("loadPyodide called");
      const bytes = response.arrayBuffer().then((b) => (mark("snapshot read"), b));
      const py = await startPyodide({ ...base, _loadSnapshot: bytes });
      mark("snapshot restored");
      py.runPython("import random\nrandom.seed()");
      mark("reseeded");
      // Directory listings cached by the import system belong to the snapshot's file system
      // (importlib.invalidate_caches() would do it too, but imports importlib.metadata: 0.2 s).
      await writeBundle(py); // for the modules imported after the restore (those that use the page)
      py.runPython("import sys\nsys.path_importer_cache.clear()");
      boot.random = py.runPython("random.getrandbits(32)"); // differs from start to start (tests)
      boot.how = "snapshot";
      mark("restored and reseeded");
      return py;
    } catch (error) {
      console.warn("Djambi: the start-up snapshot could not be restored; starting afresh.", error);
      boot.error = String(error);
    }
  }
  if (!globalThis.navigator?.serviceWorker || !globalThis.crypto?.subtle) {
    boot.how = "fresh";
    const plain = await startPyodide(base);
    mark("runtime started");
    await writeBundle(plain);
    return plain;
  }
  say(null, word("starting-python", "Starting Python (the first start takes a few seconds)…"));
  const py = await startPyodide({ ...base, _makeSnapshot: true });
  mark("runtime started");
  try {
    const files = await writeBundle(py);
    if (!files) throw new Error("no bytecode bundle");
    say(null, word("preparing", "Preparing the game…"));
    py.globals.set("djambi_preload", JSON.stringify(files.filter((f) => f.pure).map((f) => f.module)));
    py.runPython(PRELOAD);
    py.globals.delete("djambi_preload");
    mark("modules imported");
    const snapshot = py.makeMemorySnapshot();
    mark("snapshot made");
    boot.how = "fresh, snapshot made";
    boot.saving = saveLater(snapshot, files);
  } catch (error) {
    console.warn("Djambi: no start-up snapshot this time.", error);
    boot.how = "fresh";
    boot.error = String(error);
  }
  // `_makeSnapshot` gave Python a recording stand-in for globalThis as its `js` module, whose
  // getters fail on the page's objects (document): give this live instance the real one.
  py.registerJsModule("js", globalThis);
  py.runPython("import sys\nsys.modules.pop('js', None)");
  return py;
}

// Imports each module named in the JSON list `djambi_preload`; one that fails is left to the app
// (which then reports the error where it always did). Nothing here may hold a JavaScript object.
const PRELOAD = `
import importlib, json
for _name in json.loads(djambi_preload):
    try:
        importlib.import_module(_name)
    except Exception:
        pass
del _name
`;

// Once the app is ready and the page idle, hand the snapshot to the service worker (which may
// still be installing on a first visit). Resolves with the worker's answer, or a reason not to.
function saveLater(snapshot, files) {
  return (async () => {
    await whenReady();
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(() => resolve(null), 60000)),
    ]);
    const worker = navigator.serviceWorker.controller ?? registration?.active;
    if (!worker) return "no service worker";
    const sources = await Promise.all(files.map(async ({ url, bytes }) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      return { url, integrity: "sha256-" + btoa(String.fromCharCode(...digest)) };
    }));
    const answer = await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: "snapshot", url: SNAPSHOT_URL, sources, pyodide: version,
                           bytes: snapshot.buffer }, [channel.port2, snapshot.buffer]);
      setTimeout(() => resolve("no answer from the service worker"), 30000);
    });
    boot.saved = answer;
    return answer;
  })().catch((error) => (boot.saved = String(error)));
}
