// Djambi's Pyodide loader: the module that `interpreter` in pyscript.toml names.
//
// PyScript imports it and calls its loadPyodide(options) exactly as it calls Pyodide's own; every
// option is passed on to the vendored Pyodide (./vendor/pyodide/pyodide.mjs, pinned by set-up).
// What it adds is a start-up snapshot: a memory snapshot of a started Python with our pure
// modules imported, made at set-up and shipped with the release, so that a returning player's
// start restores it instead of starting CPython and importing (issue 14). A first visit does not
// wait for it (7 MB: more time on a phone's network than the restore saves): it starts Python
// afresh, and the service worker precaches the snapshot after the page is playable (issue 27):
//
// - static/vendor/start-snapshot.bin is made by scripts/build_snapshot.mjs (set-up; kept in line
//   with the tree by scripts/build_sw.py) under Node, with this very Pyodide, from the bundle
//   below; it is gzip-compressed (31 MB -> ~6 MB), and inflated here as it downloads with the
//   browser's DecompressionStream. Its header names the bundle it was made from (the bundle's
//   digest): a snapshot of another bundle, of another Pyodide, cut short or corrupt is never
//   restored, and Pyodide itself checks its build id. Any failure starts Python afresh.
// - Every start writes the bundle scripts/build_bytecode.mjs made at set-up (static/vendor/
//   bytecode.bin: our sources, their bytecode, that of PyScript's package, the translation
//   catalogs and the vendored wheels' files; one request) into Pyodide's file system before
//   anything is imported, so nothing of ours is compiled, and PyScript has no [files] to fetch.
// - The service worker precaches both with the release (sw.js), so a returning player's start
//   restores the snapshot from the release's cache, offline too. The snapshot is asked for only
//   when the worker controls the page (it then has the whole release in its cache).
// - After a restore, `random` is reseeded from the browser's entropy (the snapshot froze its
//   state), the time zone and LANG are the browser's again (the snapshot was made on the
//   build machine), and the import system's cached directory listings are dropped.
// - PyScript's run of the page's script (app/main.py) takes the bundle's bytecode when the text is
//   the bundle's (runScriptsFromBytecode), instead of parsing and compiling 33 KB at every start.
// - The runtime starts when this module is evaluated (index.html imports it async in <head>), not when
//   PyScript gets round to asking for it; PyScript then takes that interpreter (see loadPyodide).
//
// `_loadSnapshot` and the snapshot's format are not public Pyodide API: they are tied to the
// pinned build (314.0.7), and this module falls back to a plain start when a restore fails.
// window.djambiBoot reports what happened ({how, error, snapshot, bytecode, marks}) for tests and
// benchmarks: how is "snapshot" (restored) or "fresh" (started afresh; error says why, null on a
// first visit); snapshot is "not cached" (a first visit), else the encoding of the file received
// ("gzip" as shipped, "sparse": the worker's inflated copy without its zero blocks), read
// how it was read ("streamed", or "sparse": the worker's marked copy, written by fill); ran
// lists the page's scripts run from the bundle's bytecode (["app/main.py"]); runtime and loader say
// which scripts of the runtime and of Pyodide's loader a restore ran ("classic" or "module",
// runtimeFactory), wasm whether it took the module index.html compiled ("compiled early"), filled
// whether the loader wrote the sparse snapshot (restoringFrom); marks are the stages' times (ms
// since navigation).
//
// It also runs in a web worker (PyScript's worker mode, measured by bench/worker.py), where there
// is no document: there it says nothing on the page and waits for no paint.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// The standard library: only the modules the app, the engine and the runtime import (1.1 MB, not
// Pyodide's whole 2.5 MB python_stdlib.zip), made at set-up by scripts/build_stdlib.mjs.
const STDLIB_URL = new URL("./vendor/stdlib.zip", import.meta.url).href;
export const SNAPSHOT_URL = new URL("./vendor/start-snapshot.bin", import.meta.url).href; // scripts/build_snapshot.mjs
const ROOT_URL = new URL("../", import.meta.url).href; // where djambi/ and app/ are served
// The bundle's first part (scripts/build_bytecode.mjs makes the bundle, scripts/build_sw.py splits
// it as scripts/python-packages.txt says): what the first screen needs. The later part is fetched
// when the app first uses something of it (djambiLoad below, app/views/parts.py).
const BYTECODE_URL = new URL("./vendor/bundle-first.bin", import.meta.url).href;
const LATER_URL = new URL("./vendor/bundle-later.bin", import.meta.url).href;
// The translation catalogs are in neither part: the visitor's language's (as index.html chose it,
// before this module runs: <html lang>) is fetched now, beside the bundle; another on a switch.
const CATALOG = /^locale\/[a-z]{2,3}\/LC_MESSAGES\/djambi\.mo$/;
const catalogOf = (lang) => `locale/${lang}/LC_MESSAGES/djambi.mo`;
const HOME = "/home/pyodide/"; // PyScript writes [files] relative to Pyodide's working directory

const boot = (globalThis.djambiBoot = { how: "starting", error: null, marks: {}, ran: [] });
// In PyScript's worker mode (index.html: the page is cross-origin isolated) this module runs in the
// app's web worker, where there is no page: it tells the page what it does over this channel
// (index.html answers and listens: the loading bar's words and bytes, a copy of djambiBoot) and
// asks it what only the page knows (its language, whether the service worker controls it). The
// channel is the origin's: several tabs starting at once may hear each other (the page keeps to
// the first worker it hears; a wrong answer only costs a catalog fetched early for nothing).
const inWorker = !globalThis.document;
const channel = inWorker && globalThis.BroadcastChannel ? new BroadcastChannel("djambi-boot") : null;
const workerId = Math.random().toString(36).slice(2);
const tell = (message) => channel?.postMessage({ worker: workerId, ...message });
// (On the page, with no channel, nothing to copy at each mark.)
const report = () => channel && tell({ boot: JSON.parse(JSON.stringify(boot)), origin: performance.timeOrigin });
function ask(question, fallback) {
  if (!channel) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { channel.removeEventListener("message", answer); resolve(fallback); }, 2000);
    function answer({ data }) {
      if (data.answer !== question || data.to !== workerId) return;
      clearTimeout(timer);
      channel.removeEventListener("message", answer);
      resolve(data.value);
    }
    channel.addEventListener("message", answer);
    tell({ ask: question });
  });
}
// The loading bar's "MB left" (index.html counts the page's fetches; the worker's it hears of here).
if (channel && globalThis.fetch && globalThis.PerformanceObserver) {
  const fetchFirst = globalThis.fetch;
  globalThis.fetch = (...args) => fetchFirst(...args).then((response) => {
    const size = +response.headers.get("Content-Length");
    if (size > 100000) tell({ expected: [response.url, size] });
    return response;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tell({ arrived: entry.name, bytes: entry.transferSize, end: entry.responseEnd + performance.timeOrigin });
  })
    .observe({ type: "resource", buffered: true });
}
// The runtime's compiled WebAssembly goes to the page, which keeps it (index.html): the page's next
// visit (a reload, Python on the page) then finds it compiled already, with the functions this
// worker ran (V8 keeps one compiled copy of a module per renderer process while something holds
// it), instead of compiling them again as it restores (the reload 0.39× the bare page's, not
// 0.49×: docs/performance.md). Posted to the Worker object once the runtime has started (a
// BroadcastChannel does not carry a WebAssembly.Module).
let runtimeModule = null;
if (channel && globalThis.WebAssembly?.instantiateStreaming && globalThis.postMessage) {
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (...args) => {
    const result = await instantiate.apply(WebAssembly, args);
    runtimeModule = result.module;
    return result;
  };
}
// On a returning visit index.html compiles the runtime's WebAssembly as the page starts
// (djambiWasmCompiled: from the cache's compiled code, while the snapshot arrives); Pyodide, which
// compiles it only once it has the snapshot, instantiates that module instead (boot.wasm
// "compiled early"; its own download of the file is cancelled), or its own when that failed.
if (!channel && globalThis.djambiWasmCompiled && globalThis.WebAssembly?.instantiateStreaming) {
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = instantiate;
    const module = await globalThis.djambiWasmCompiled;
    if (!module) return instantiate.call(WebAssembly, source, imports);
    boot.wasm = "compiled early";
    Promise.resolve(source).then((response) => response.body?.cancel(), () => {});
    return { instance: await WebAssembly.instantiate(module, imports), module };
  };
}
const giveCompiled = () => {
  try {
    if (runtimeModule) globalThis.postMessage({ djambiRuntime: runtimeModule });
  } catch (error) { /* then kept by the worker only */ }
};
// Pyodide's dynamic linking makes a small WebAssembly module for each JS function it puts in its
// function table (Emscripten's convertJsFunctionToWasm): at a restore 261 of them, of 30 kinds
// (one per signature), each compiled with `new WebAssembly.Module`, 19 ms of the restore's task.
// Each kind is compiled once here and its module given again (a module may be instantiated any
// number of times); any other module is compiled as asked.
if (globalThis.WebAssembly?.Module) {
  const kinds = new Map();
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct(target, args, newTarget) {
      const bytes = args[0];
      if (!(bytes instanceof Uint8Array) || bytes.length > 512) return Reflect.construct(target, args, newTarget);
      const key = String.fromCharCode.apply(null, bytes);
      let module = kinds.get(key);
      if (!module) kinds.set(key, (module = Reflect.construct(target, args, newTarget)));
      return module;
    },
  });
}
// Each also a User Timing mark ("djambi: <name>"), which a performance trace shows (e2e reads them).
const mark = (name) => {
  boot.marks[name] = Math.round(performance.now());
  performance.mark?.(`djambi: ${name}`);
  report();
};
mark("loader evaluated");
// The page's loading bar (index.html defines djambiLoading at the end of <body>; this module may
// run before that, being async): the words go on screen now if the text is there (so that they
// are painted before the runtime's long task, which no script can interrupt), and to
// djambiLoading as soon as it exists, unless something newer was said meanwhile.
let said = 0;
// The player's language (index.html's djambiWord, from locale/loader-words.js), else English.
// In the worker the page translates: the words go to it as {key, english}.
const word = (key, english) => (inWorker ? { key, english } : globalThis.djambiWord?.(key, english) ?? english);
const say = (percent, words) => {
  if (inWorker) return tell({ say: [percent, words] });
  const turn = ++said;
  if (globalThis.djambiLoading) return globalThis.djambiLoading(percent, words);
  const text = document.getElementById("loader-text");
  if (text && words) text.textContent = words;
  document.addEventListener("DOMContentLoaded", () => { if (turn === said) globalThis.djambiLoading?.(percent, words); },
                            { once: true });
};


// Our sources and their bytecode, and the bytecode of PyScript's own package, in one bundle made at
// set-up (scripts/build_bytecode.mjs: the .py files of djambi/ and app/ as they are in this release,
// and hash-checked .pyc files, which Python uses only while they match the sources beside them).
// One request, asked for now, alongside the runtime's files (the sources one by one would queue
// behind the runtime's big files and arrive after its long start). Written into Pyodide's file
// system before anything is imported; without it (a failed fetch, a bundle for another Python) no
// snapshot is restored (it is tied to the bundle), and modules are compiled from source as before.
const bundle = fetch(BYTECODE_URL).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
const firstLanguage = inWorker ? ask("lang", "en") : Promise.resolve(globalThis.document?.documentElement?.lang || "en");
const firstCatalog = firstLanguage.then((lang) => (lang === "en" ? null : catalogOf(lang)));
const catalog = firstCatalog.then((path) => path && fetchBytes(new URL(path, ROOT_URL).href));

function fetchBytes(url) {
  return fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
}

// A bundle's or snapshot's header: 4 bytes little-endian length N, then N bytes of JSON.
function readHeader(bytes) {
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (bytes.byteLength < 4 + size) return null;
  return { header: JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size))), offset: 4 + size };
}

// The start-up snapshot, only when it is here already: in the release's cache, which the service
// worker answers from (it controls the page once it has installed the release, whole). It is 7 MB,
// and a restore saves less time than its download takes on a phone's network, so a first visit
// (no worker yet, or none in this browser) never asks for it and starts Python afresh; the worker,
// registered once the page is playable (static/pwa.js), precaches it with the release in the
// background, and the next visit restores it. Asked for now (in parallel with the runtime's files).
// (In the worker: whether the page is controlled, as the page says; the worker's fetches go
// through the page's service worker.)
const controlled = inWorker ? ask("controlled", false) : Promise.resolve(Boolean(globalThis.navigator?.serviceWorker?.controller));
// index.html asks for it first (djambiSnapshotFetch), before this module and its imports are here.
const snapshotFile = controlled.then((yes) => (yes
  ? (globalThis.djambiSnapshotFetch ?? fetch(SNAPSHOT_URL).catch((error) => ({ ok: false, status: String(error) })))
  : null));

// The snapshot for Pyodide: {bytes} inflated as they arrive into one buffer of the size its
// header gives, or from the service worker's sparse copy {bytes, head, fill} (sparseSnapshot);
// rejects (and the page starts afresh) unless the file is this release's: made from the bundle
// this page fetched (same digest), with this Pyodide, and whole.
async function snapshotBytes() {
  const response = await snapshotFile;
  if (!response.ok) throw new Error(`no start-up snapshot (${response.status})`);
  // The service worker's sparse copy (sw.js marks it): read whole by the browser, in one piece
  // (no chunk by chunk copy here: ~240 reads of 64 KB).
  if (response.headers.get("X-Djambi-Snapshot") === "sparse") {
    const whole = new Uint8Array(await response.arrayBuffer());
    const parsed = whole.length >= 4 ? readHeader(whole) : null;
    if (!parsed) throw new Error("start-up snapshot cut short");
    mark("snapshot header");
    await checkSnapshot(parsed.header);
    const sparse = sparseSnapshot(whole, parsed);
    mark("snapshot inflated");
    boot.read = "sparse";
    return sparse;
  }
  boot.read = "streamed";
  const reader = response.body.getReader();
  let head = new Uint8Array(0), parsed = null;
  while (!parsed) {
    const { done, value } = await reader.read();
    if (done) throw new Error("start-up snapshot cut short");
    const joined = new Uint8Array(head.length + value.length);
    joined.set(head);
    joined.set(value, head.length);
    head = joined;
    parsed = head.length >= 4 ? readHeader(head) : null;
  }
  mark("snapshot header");
  const { header, offset } = parsed;
  await checkSnapshot(header);
  // The rest of the file: what followed the header in the chunk, then the chunks still coming.
  let rest = head.subarray(offset);
  let body = new ReadableStream({
    async pull(controller) {
      if (rest) { const chunk = rest; rest = null; if (chunk.length) return controller.enqueue(chunk); }
      const { done, value } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  if (header.encoding === "gzip") body = body.pipeThrough(new DecompressionStream("gzip"));
  else if (header.encoding !== "identity") throw new Error(`start-up snapshot encoding ${header.encoding}`);
  const bytes = new Uint8Array(header.size);
  let filled = 0;
  for (const chunks = body.getReader(); ;) {
    const { done, value } = await chunks.read();
    if (done) break;
    if (filled + value.length > bytes.length) throw new Error("start-up snapshot longer than its header says");
    bytes.set(value, filled);
    filled += value.length;
  }
  if (filled !== bytes.length) throw new Error("start-up snapshot shorter than its header says");
  mark("snapshot inflated");
  return { bytes };
}

// The service worker keeps the snapshot sparse (sw.js): its header's runs, [first block, blocks],
// say which of its blocks (4 KB) it holds, in order; every other block is zeros (about half of the
// 31 MB). Pyodide is given a buffer of the snapshot's size holding only the first run (Pyodide's own
// header and the start of its memory: what it copies into the runtime's memory); fill(memory,
// start) writes the rest there (restoringFrom), each run's bytes and zeros between them, where
// start is the memory's offset in the snapshot. Half the bytes to read, and no 31 MB copy.
function sparseSnapshot(whole, { header, offset }) {
  const { size, block, runs } = header;
  if (header.encoding !== "sparse") throw new Error(`start-up snapshot encoding ${header.encoding}`);
  if (!(block > 0 && block % 4 === 0 && Array.isArray(runs) && runs.length && runs[0][0] === 0)) {
    throw new Error("start-up snapshot without its blocks' list");
  }
  let held = 0, next = 0;
  for (const [first, count] of runs) {
    if (!(Number.isInteger(first) && Number.isInteger(count) && first >= next && count > 0 && first * block < size)) {
      throw new Error("start-up snapshot's blocks out of order");
    }
    held += Math.min(count * block, size - first * block);
    next = first + count;
  }
  if (held !== whole.length - offset) throw new Error("start-up snapshot not of the size its header says");
  const head = Math.min(size, runs[0][1] * block);
  const bytes = new Uint8Array(size);
  bytes.set(whole.subarray(offset, offset + head));
  // dirty: the memory's end of what the runtime may have written before the restore (above
  // it the memory is as the runtime made it: zeros, which need no writing).
  const fill = (memory, start, dirty = memory.length) => {
    const zero = (from, to) => { if (from < Math.min(to, dirty)) memory.fill(0, from, Math.min(to, dirty)); };
    let from = offset + head, end = head; // where the next run's bytes are in whole; the snapshot's offset written up to
    for (const [first, count] of runs.slice(1)) {
      const at = first * block, length = Math.min(count * block, size - at);
      zero(end - start, at - start);
      memory.set(whole.subarray(from, from + length), at - start);
      from += length;
      end = at + length;
    }
    zero(end - start, size - start);
  };
  return { bytes, head, fill };
}

// The runtime's module factory for a restore (restore): Pyodide's restoreSnapshot given only the
// snapshot's first run, then the rest written into the runtime's memory (a sparse snapshot:
// sparseSnapshot); as it is for a whole one.
function restoringFrom(factory, snapshot) {
  return async (settings) => {
    const module = await factory(settings);
    const { head, fill } = await snapshot;
    if (!fill) return module;
    const api = module.API, restoreSnapshot = api?.restoreSnapshot;
    if (typeof restoreSnapshot !== "function") throw new Error("this Pyodide has no restoreSnapshot");
    api.restoreSnapshot = function (bytes) {
      api.restoreSnapshot = restoreSnapshot;
      const start = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1]; // Pyodide's header's length
      if (!(start > 0 && start <= head)) throw new Error("start-up snapshot's first blocks shorter than its header");
      // The runtime's break (sbrk): what it has allocated so far (its data, stack and heap lie
      // below; dynamic linking's allocations move it too). Read before Pyodide restores the memory.
      const dirty = typeof module._sbrk === "function" ? module._sbrk(0) >>> 0 : undefined;
      if (globalThis.djambiCheckFill && dirty !== undefined) { // (tests: that the memory above is zeros)
        const memory = new Uint8Array(module.HEAP8.buffer, module.HEAP8.byteOffset, module.HEAP8.byteLength);
        boot.dirtyAbove = memory.subarray(dirty).reduce((count, byte) => count + (byte !== 0), 0);
        boot.dirty = dirty;
      }
      const state = restoreSnapshot.call(this, bytes.subarray(0, head));
      fill(new Uint8Array(module.HEAP8.buffer, module.HEAP8.byteOffset, module.HEAP8.byteLength), start, dirty);
      boot.filled = true;
      return state;
    };
    return module;
  };
}

// The bundle's sources that have bytecode, by the source's length in bytes (writeBundle): each
// {source, pyc, path}, the source's bytes and its .pyc's, as the bundle holds them.
const compiled = new Map();

// PyScript runs the page's script (app/main.py, 33 KB) with runPythonAsync(its text), which parses
// and compiles it at every start (~35 ms of a warm start's main thread). When the text is, byte for
// byte, a source in the bundle, that source's bytecode runs instead (made from it at set-up by
// scripts/build_bytecode.mjs, which writes both), in the same namespace (__main__), with the same
// result for PyScript (the script's errors are raised to it as before; their tracebacks name the
// file). No Python is compiled for it: marshal.loads and exec are called from here. Anything else
// (a script edited since set-up, even by the same number of bytes) is Pyodide's own run.
// Resolves once the page's script has run (the app has started: its bytecode's, or its text when
// the bundle has none for it), which PyScript runs after its own bootstrap code.
let ranScript = null;
const scriptRan = new Promise((resolve) => { ranScript = resolve; });
const PAGE_SCRIPT = /^"""The page's entry point/;

function runScriptsFromBytecode(py) {
  const original = py.runPythonAsync.bind(py);
  py.runPythonAsync = (code, options = {}) => {
    const text = typeof code === "string" && !options.filename && !options.locals ? new TextEncoder().encode(code) : null;
    const found = text && (compiled.get(text.length) ?? []).find(({ source }) => equalBytes(source, text));
    if (!found) {
      const run = original(code, options);
      if (text && PAGE_SCRIPT.test(code)) run.finally(ranScript);
      return run;
    }
    try {
      const builtins = py.pyimport("builtins");
      const data = py.toPy(found.pyc.subarray(16)); // the code object, after the .pyc's 16-byte header
      const codeObject = py.pyimport("marshal").loads(data);
      try {
        builtins.exec(codeObject, options.globals ?? py.globals);
      } finally {
        for (const proxy of [codeObject, data, builtins]) proxy.destroy?.();
      }
      boot.ran.push(found.path);
      report();
      ranScript();
      return Promise.resolve(undefined);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Resolves once the page has been painted with its loading bar (a compositor animation, which
// keeps moving through the long task of Python's start or restore that follows).
let shown = null; // (once: the frame is waited for while the files come, not after them)
function painted() {
  return (shown ??= new Promise((resolve) => {
    if (!globalThis.document) return resolve();
    const frame = () => requestAnimationFrame(() => setTimeout(() => { mark("page painted"); resolve(); }, 0));
    if (document.getElementById("loader")) frame();
    else document.addEventListener("DOMContentLoaded", frame, { once: true });
  }));
}

// Rejects a snapshot header that is not this release's (this Pyodide, the bundle this page fetched).
async function checkSnapshot(header) {
  boot.snapshot = header.encoding; // gzip as shipped; sparse as the service worker keeps it
  const ours = await bundle.then((buffer) => buffer && readHeader(new Uint8Array(buffer))?.header);
  if (header.format !== "djambi-start-snapshot" || header.pyodide !== version) {
    throw new Error(`start-up snapshot for Pyodide ${header.pyodide}, not ${version}`);
  }
  if (!ours || header.bundle !== ours.digest) throw new Error("start-up snapshot of other sources than this release's");
  // A returning player's saved game is on the board already (index.html paints it): say so.
  if (globalThis.document?.getElementById("board")?.dataset.painted === "saved") {
    say(null, word("restoring", "Restoring the game…"));
  }
}

// Writes the bundle into the file system (our sources and catalogs, the vendored wheels' files,
// all the bytecode); true once written, false without a bundle (or one for another Python).
async function writeBundle(py) {
  try {
    const buffer = await bundle;
    if (!buffer || !writeFiles(py, buffer)) return false;
    const [path, written] = await Promise.all([firstCatalog, catalog]); // the visitor's catalog (app/present/i18n.py reads it at once)
    if (written) writeFile(py, path, new Uint8Array(written));
    if (path) loaded.set(path, Promise.resolve(Boolean(written)));
    mark("bundle written");
    boot.bytecode = { written: readHeader(new Uint8Array(buffer)).header.files.filter(([file]) => file.endsWith(".pyc")).length };
    return true;
  } catch (error) {
    console.warn("Djambi: no bytecode bundle this time.", error);
    return false;
  }
}

function writeFile(py, file, bytes) {
  const target = HOME + file;
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, bytes);
}

// Writes a bundle part's files into Pyodide's file system (and notes its sources that have
// bytecode, for runScriptsFromBytecode); false if the part is for another Python.
function writeFiles(py, buffer) {
  const { header, offset: start } = readHeader(new Uint8Array(buffer));
  if (header.cache_tag !== py.runPython("import sys\nsys.implementation.cache_tag")) return false;
  let offset = start;
  const files = new Map(), folders = new Set();
  for (const [file, length] of header.files) {
    const bytes = new Uint8Array(buffer, offset, length);
    files.set(file, bytes);
    const target = HOME + file, folder = target.slice(0, target.lastIndexOf("/"));
    if (!folders.has(folder)) { py.FS.mkdirTree(folder); folders.add(folder); }
    py.FS.writeFile(target, bytes);
    offset += length;
  }
  for (const [file, source] of files) {
    if (!file.endsWith(".py")) continue;
    const pyc = files.get(file.replace(/([^/]+)\.py$/, `__pycache__/$1.${header.cache_tag}.pyc`));
    if (pyc) compiled.set(source.length, [...(compiled.get(source.length) ?? []), { source, pyc, path: file }]);
  }
  return true;
}

// What the app loads when it first uses it (app/views/parts.py): "later" (the bundle's later
// part) or a translation catalog's path ("locale/fr/LC_MESSAGES/djambi.mo"), fetched from this
// site (the service worker's cache once the release is installed, so offline too) and written
// into Pyodide's file system. Resolves true once written, false if it could not be (the next
// call tries again); each is fetched once.
const loaded = new Map();
globalThis.djambiLoad = (what) => {
  what = String(what);
  const url = what === "later" ? LATER_URL : CATALOG.test(what) ? new URL(what, ROOT_URL).href : null;
  if (!url) return Promise.resolve(false);
  if (!loaded.has(what)) {
    const done = (async () => {
      const [py, buffer] = await Promise.all([started, fetchBytes(url)]);
      if (!buffer) return false;
      if (what === "later") return writeFiles(py, buffer);
      writeFile(py, what, new Uint8Array(buffer));
      return true;
    })().catch((error) => { console.warn(`Djambi: ${what} not loaded.`, error); return false; });
    loaded.set(what, done);
    done.then((ok) => { if (!ok) loaded.delete(what); else (boot.loaded ??= []).push(what); report(); });
  }
  return loaded.get(what);
};

// For tests and benchmarks, once the page is ready and idle: which imported modules of ours (and of
// PyScript's package) have bytecode that Python would take (its .pyc there, with the source's
// hash), and which do not.
const CHECK_BYTECODE = `
import importlib.util, json, sys
_used, _stale = [], []
for _name, _module in sorted(sys.modules.items()):
    _spec = getattr(_module, "__spec__", None)
    if _name.partition(".")[0] not in ("gamekit", "djambi", "camblam", "app", "pyscript") or not _spec or not _spec.origin or not _spec.cached:
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
  // (In the worker: once the app's script has run, which does not hold up the page.)
  (inWorker ? scriptRan.then(() => new Promise((resolve) => setTimeout(resolve, 0))) : whenReady()).then(() => {
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
    report();
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
  mark("PyScript asked");
  const other = Object.keys(options).filter((key) => !OUR_OPTIONS.has(key) && options[key] !== undefined);
  if (other.length) {
    console.warn(`Djambi: loadPyodide options ${other.join(", ")}: starting a runtime without the snapshot.`);
    return startPyodide({ stdLibURL: STDLIB_URL, ...options, indexURL: INDEX_URL });
  }
  const py = await started;
  checkBytecodeLater(py);
  runScriptsFromBytecode(py);
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  mark("given to PyScript");
  return py;
}

async function start() {
  const base = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL,
                 stdout: (line) => console.log(line), stderr: (line) => console.error(line) };
  if (!(await controlled)) { // (not the snapshot's answer: the runtime starts while it comes)
    boot.snapshot = "not cached"; // a first visit: no restore, and no error
  } else {
    try {
      return await restore(base);
    } catch (error) {
      console.warn("Djambi: the start-up snapshot could not be restored; starting afresh.", error);
      boot.error = String(error);
    }
  }
  say(null, word("starting-python", "Starting Python (the first start takes a few seconds)…"));
  // The runtime's start has long tasks (no script, no paint, runs in them): the words above, the
  // board and the moving bar go on screen first. The wasm's download is not held up: index.html
  // preloads it, and this waits one frame once the page is parsed.
  await painted();
  mark("loadPyodide called");
  const py = await startPyodide(base);
  mark("runtime started");
  giveCompiled();
  await writeBundle(py);
  boot.how = "fresh";
  return py;
}

// Python restored from the release's snapshot, with the bundle written and what the snapshot
// froze put right; rejects (and the caller starts afresh) when the snapshot is not usable.
async function restore(base) {
  mark("loadPyodide called");
  // Restoring is one long task (wasm instantiated, 31 MB of memory restored): from the service
  // worker's cache the snapshot can be ready before the page is first painted, and the board, the
  // saved game's pieces and the moving bar must be on screen first.
  painted();
  const snapshot = snapshotBytes().then((found) => painted().then(() => found));
  snapshot.catch(() => {}); // its failure is this try's, whenever Pyodide gets round to it
  const factory = restoringFrom(await runtimeFactory(), snapshot);
  const load = (globalThis.djambiPyodideScript && (await globalThis.djambiPyodideScript)) || startPyodide;
  boot.loader = load === startPyodide ? "module" : "classic";
  const py = await load({ ...base, createPyodideModule: factory, _loadSnapshot: snapshot.then((found) => found.bytes) });
  if ((await snapshot).fill && !boot.filled) throw new Error("the sparse snapshot was not written");
  mark("snapshot restored");
  await writeBundle(py); // for the modules imported after the restore (those that use the page)
  py.runPython(afterRestore());
  boot.random = py.runPython("__import__('random').getrandbits(32)"); // differs from start to start (tests)
  boot.how = "snapshot";
  mark("restored and reseeded");
  return py;
}

// Pyodide's loader likewise: its classic build (pyodide.js, the same loadPyodide; boot.loader
// "classic") when index.html loaded it, else the module this one imports ("module").
//
// The runtime's module factory: from the classic script index.html loaded on a returning visit
// (whose compiled code the service worker's cache keeps: scripts/classic_runtime.py), else from
// pyodide.asm.mjs, imported as Pyodide itself would (the page did not load the classic script, or
// it failed to load). boot.runtime says which ran: "classic" or "module".
async function runtimeFactory() {
  const classic = globalThis.djambiRuntimeScript ? await globalThis.djambiRuntimeScript : null;
  boot.runtime = classic ? "classic" : "module";
  return classic ?? (await import(new URL("pyodide.asm.mjs", INDEX_URL).href)).default;
}

// What a restored snapshot froze that must be this browser's and this start's (it was made under
// Node on the build machine): `random`'s state; the time zone's constants (time.timezone, altzone,
// daylight, tzname, set as CPython's init_timezone and Emscripten set them: this Python has no
// tzset; the names that localtime() and strftime("%Z") give stay the build machine's, which the
// app never shows); LANG (as Emscripten sets it from the browser's language);
// sys._emscripten_info.runtime (the user agent, as CPython sets it in a browser); the import
// system's directory listings (of the snapshot's file system; importlib.invalidate_caches() would
// do it too, but imports importlib.metadata: 0.2 s); and the current directory in sys.path twice
// (Pyodide adds it again after a restore). e2e compares all of it with a plain start's.
function afterRestore() {
  const lang = (globalThis.navigator?.languages?.[0] || "C").replace("-", "_") + ".UTF-8";
  const agent = globalThis.navigator?.userAgent ?? "UNKNOWN";
  return `
import os, random, sys, time
random.seed()
def _zone(when):
    local = time.localtime(when)
    east = local.tm_gmtoff
    return -east, "UTC%s%02d%02d" % ("-" if east <= 0 else "+", abs(east) // 3600, abs(east) % 3600 // 60)
_year = time.time() // 31556952 * 31556952
_zones = sorted([_zone(_year), _zone(_year + 15778476)], reverse=True)
time.timezone, time.altzone, time.daylight = _zones[0][0], _zones[1][0], int(_zones[0][0] != _zones[1][0])
time.tzname = (_zones[0][1], _zones[1][1])
os.environ["LANG"] = ${JSON.stringify(lang)}
_info = sys._emscripten_info
sys._emscripten_info = type(_info)((_info[0], ${JSON.stringify(agent)}, *_info[2:]))
sys.path_importer_cache.clear()
if sys.path[:2] == ["", ""]:
    del sys.path[0]
del os, random, sys, time, _zone, _year, _zones, _info
`;
}
