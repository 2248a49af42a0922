// The start-up snapshot shipped with each release (issue 14, third pass), made by set-up.
//
//   node scripts/build_snapshot.mjs [--root DIR] [--raw]   -> DIR/static/vendor/start-snapshot.bin
//
// A Pyodide memory snapshot of a started Python with our page-free modules imported, made under
// Node with the same vendored Pyodide the page loads (same build: Pyodide checks its build id on
// restore), from the very bundle the page fetches at its start (DIR/static/vendor/bundle-first.bin,
// the first part of the bundle scripts/build_bytecode.mjs makes, kept in line with the tree and
// split by scripts/build_sw.py): its files
// are written into Pyodide's file system as static/pyodide-start.mjs writes them, then every
// source of the bundle that imports neither `pyscript`, `js` nor `pyodide` (and is not a
// `__main__`) is imported. Any visit, the first included, restores it instead of starting CPython
// (a restore takes ~0.5 s where CPython's start takes 3–4 s of main thread).
//
// What differs from a snapshot taken in the page, and is put right by the loader after a restore:
// `random`'s state (reseeded), the time zone (`time.tzset()`), `LANG` (the browser's language, as
// Emscripten sets it). sys.executable is the browser's ("./this.program", not this script's path).
//
// The file ties the snapshot to one bundle, so that the loader never restores one made from
// other sources:
//   4 bytes   little-endian length N of the header
//   N bytes   UTF-8 JSON {"format": "djambi-start-snapshot", "pyodide": "<version>",
//             "bundle": "<the bundle header's digest>", "maker": "<this script's SHA-256, 16 hex>",
//             "stdlib": "<static/vendor/stdlib.zip's SHA-256, 16 hex>", "size": <snapshot bytes>,
//             "encoding": "gzip" | "identity", "modules": [...]}
//   then      the snapshot, gzip-compressed (31 MB -> ~6 MB; the page inflates it with the
//             browser's DecompressionStream) unless --raw.
// The file is rewritten only when its bundle changed (the snapshot itself is not byte-for-byte
// reproducible: Python's hash seed and `random` differ from run to run).
import { loadPyodide, version } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import crypto from "node:crypto";

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const root = path.resolve(option("--root") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const raw = args.includes("--raw");
// The bundle's first part (scripts/build_sw.py splits the bundle before it makes the snapshot): what
// every start writes; the later part's modules are not in the snapshot (a restored page would hold
// modules whose files it has not fetched). Its header carries the whole bundle's digest.
const FIRST_PART = path.join(root, "static", "vendor", "bundle-first.bin");
const BUNDLE = fs.existsSync(FIRST_PART) ? FIRST_PART : path.join(root, "static", "vendor", "bytecode.bin");
const OUTPUT = path.join(root, "static", "vendor", "start-snapshot.bin");
// Our packages (scripts/python-packages.txt, the one list).
const PACKAGES = fs.readFileSync(new URL("./python-packages.txt", import.meta.url), "utf8")
  .split(/\n\s*\[/)[0].split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#") && !line.startsWith("-"));
// The page's standard library (scripts/build_stdlib.mjs): the snapshot is made with the archive the
// page loads (it holds the zip importer's table of that archive's contents).
const STDLIB = path.join(root, "static", "vendor", "stdlib.zip");
const STDLIB_DIGEST = crypto.createHash("sha256").update(fs.readFileSync(STDLIB)).digest("hex").slice(0, 16);
const HOME = "/home/pyodide/"; // where the page writes the bundle (PyScript's [files] targets)
// The same test as static/pyodide-start.mjs (writeBundle): a module the page can import alone.
const PAGE_IMPORT = /^\s*(from|import)\s+(pyscript|js|pyodide)\b/m;

function readHeader(bytes) {
  const size = bytes.readUInt32LE(0);
  return { header: JSON.parse(bytes.subarray(4, 4 + size).toString("utf8")), offset: 4 + size };
}

// This script's own hash, in the header: a snapshot made by another version of it is stale too.
const MAKER = crypto.createHash("sha256").update(fs.readFileSync(fileURLToPath(import.meta.url))).digest("hex").slice(0, 16);
const bundle = fs.readFileSync(BUNDLE);
const { header: bundleHeader, offset: bodyStart } = readHeader(bundle);
if (!bundleHeader.digest) throw new Error(`${BUNDLE} has no digest: run scripts/build_bytecode.mjs`);
if (fs.existsSync(OUTPUT)) {
  const { header } = readHeader(fs.readFileSync(OUTPUT));
  if (header.bundle === bundleHeader.digest && header.pyodide === version && header.maker === MAKER
      && header.stdlib === STDLIB_DIGEST && header.encoding === (raw ? "identity" : "gzip")) {
    console.error(`[snapshot] ${path.relative(root, OUTPUT)}: up to date`);
    process.exit(0);
  }
}

const started = Date.now();
// The browser's program name (Node's would be this script's path, in sys.executable and $_).
const py = await loadPyodide({ _makeSnapshot: true, _sysExecutable: "./this.program", stdLibURL: STDLIB });
if (py.runPython("import sys\nsys.implementation.cache_tag") !== bundleHeader.cache_tag) {
  throw new Error(`${BUNDLE} was made for ${bundleHeader.cache_tag}: run scripts/build_bytecode.mjs`);
}
const pure = [];
let offset = bodyStart;
for (const [file, length] of bundleHeader.files) {
  const bytes = bundle.subarray(offset, offset + length);
  offset += length;
  const target = HOME + file;
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, bytes);
  if (!PACKAGES.includes(file.split("/")[0]) || !file.endsWith(".py")) continue; // our modules (not a wheel's)
  const module = file.replace(/\.py$/, "").replace(/\/__init__$/, "").replaceAll("/", ".");
  if (!PAGE_IMPORT.test(bytes.toString("utf8")) && !module.endsWith("__main__")) pure.push(module);
}
// Imports each module (one that fails is left to the page, which reports it where it always
// did); nothing here may hold a JavaScript object. `js` and `pyodide` are Node's here: a module
// that reaches them (through another one) is not taken.
py.globals.set("djambi_preload", JSON.stringify(pure));
const imported = JSON.parse(py.runPython(`
import importlib, json, sys
_taken = []
for _name in json.loads(djambi_preload):
    _mark = set(sys.modules)
    try:
        importlib.import_module(_name)
    except Exception as _error:
        print(f"[snapshot] {_name} not imported: {_error!r}", file=sys.stderr)
        continue
    if {"js", "pyodide", "pyscript"} & (set(sys.modules) - _mark):
        raise RuntimeError(f"{_name} imports js, pyodide or pyscript: not a page-free module")
    _taken.append(_name)
json.dumps(_taken)
`));
// The standard-library modules that PyScript's own `pyscript` package imports (read from its
// bytecode in the bundle), imported here too: PyScript imports its package at every start, after
// the restore, and `html` alone (pyscript.display: html.entities' tables) took ~40 ms of a warm
// start's main thread. Only modules that reach neither `js`, `pyodide` nor `pyscript` are taken.
imported.push(...JSON.parse(py.runPython(`
import dis, json, marshal, sys
_wanted = set()
def _imports(code):
    for _ins in dis.get_instructions(code):
        if _ins.opname == "IMPORT_NAME" and _ins.argval.partition(".")[0] in sys.stdlib_module_names:
            _wanted.add(_ins.argval)
    for _const in code.co_consts:
        if hasattr(_const, "co_code"):
            _imports(_const)
for _file in json.loads(djambi_pyscript_pyc):
    with open(_file, "rb") as _f:
        _imports(marshal.loads(_f.read()[16:]))
_taken = []
for _name in sorted(_wanted - set(sys.modules)):
    _mark = set(sys.modules)
    __import__(_name)
    if {"js", "pyodide", "pyscript"} & {_m.partition(".")[0] for _m in set(sys.modules) - _mark}:
        raise RuntimeError(f"{_name} imports js, pyodide or pyscript: not a page-free module")
    _taken.append(_name)
json.dumps(_taken)
`.replace("djambi_pyscript_pyc", JSON.stringify(JSON.stringify(
  bundleHeader.files.map(([file]) => file).filter((file) => /^pyscript\/__pycache__\/.*\.pyc$/.test(file))
    .map((file) => HOME + file)))))));
py.runPython("for _name in ('dis', 'marshal', '_wanted', '_imports', '_file', '_f', '_ins', '_const'):\n"
  + "    globals().pop(_name, None)");
// The page's __main__ starts as Pyodide leaves it: nothing of the above stays there.
py.runPython("for _name in ('importlib', 'json', 'sys', '_taken', '_name', '_mark', '_error', 'djambi_preload'):\n"
  + "    globals().pop(_name, None)\nglobals().pop('_name', None)");
const snapshot = py.makeMemorySnapshot();
const body = raw ? Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength)
                 : zlib.gzipSync(snapshot, { level: 6 });
const header = Buffer.from(JSON.stringify({
  format: "djambi-start-snapshot", pyodide: version, bundle: bundleHeader.digest, maker: MAKER, stdlib: STDLIB_DIGEST,
  size: snapshot.byteLength, encoding: raw ? "identity" : "gzip", modules: imported,
}));
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const tmp = OUTPUT + ".tmp";
fs.writeFileSync(tmp, Buffer.concat([length, header, body]));
fs.renameSync(tmp, OUTPUT);
console.error(`[snapshot] ${path.relative(root, OUTPUT)}: ${imported.length} modules, `
  + `${(snapshot.byteLength / 1e6).toFixed(1)} MB${raw ? "" : `, ${(body.length / 1e6).toFixed(1)} MB gzip`}`
  + ` (${((Date.now() - started) / 1000).toFixed(1)} s)`);
