// Bytecode of our Python sources for the page's first start (issue 14), made by scripts/setup.
//
//   node scripts/build_bytecode.mjs            -> static/vendor/bytecode.bin
//
// The bundle holds the .py files of djambi/ and app/ as they are in the tree, their bytecode, the
// bytecode of PyScript's `pyscript` package, the translation catalogs (locale/*/LC_MESSAGES/
// djambi.mo) and the files of the vendored wheels (static/vendor/wheels/, with their bytecode):
// everything the page's Python reads from its file system (pyscript.toml has no [files]); static/pyodide-start.mjs writes it all into
// Pyodide's file system on every start, and on a release's first start imports our page-free
// modules from it before taking the start-up snapshot (issue 14).
//
// Compiling djambi/ and app/ takes a few hundred ms of the page's first start (Pyodide compiles
// every module from source; the page's Python cannot write a lasting __pycache__), and PyScript
// compiles its own `pyscript` package (which it writes into /home/pyodide/pyscript/ from
// strings in its core-*.js) at every start. This script compiles both once, with the same
// Pyodide the page vendors (so the same Python and bytecode magic), into hash-checked .pyc files
// (PEP 552, "checked"): Python uses one only if the hash of the source beside it matches, so a
// stale bundle is never wrong, only useless (the module is compiled from source as before).
// static/pyodide-start.mjs writes them into Pyodide's file system, at
// <package>/__pycache__/<module>.<cache tag>.pyc, before anything is imported.
//
// The bundle is one file (one request, fetched while the runtime starts):
//   4 bytes   little-endian length N of the header
//   N bytes   UTF-8 JSON {"cache_tag": "cpython-314", "files": [[path, size], ...], "digest": hex}
//             (digest: SHA-256 of the files list's JSON and the files' bytes: what ties the
//             start-up snapshot, scripts/build_snapshot.mjs, to this bundle)
//   then      the files' bytes, in the header's order.
import { loadPyodide } from "pyodide";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "static", "vendor", "bytecode.bin");
// Our packages (scripts/python-packages.txt), every .py file under them, subfolders included,
// but for the files it names after "-" (command lines: never run in the page).
// (The list's [later] section only splits the bundle: scripts/build_sw.py.)
const LISTED = fs.readFileSync(path.join(root, "scripts", "python-packages.txt"), "utf8")
  .split(/\n\s*\[/)[0].split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
const PACKAGES = LISTED.filter((line) => !line.startsWith("-"));
const LEFT_OUT = new Set(LISTED.filter((line) => line.startsWith("-")).map((line) => line.slice(1)));
const HOME = "/home/pyodide/"; // where PyScript writes the sources ([files] targets)

const sources = [];
// In the order of scripts/build_sw.py (package by package, each sorted by path).
function walk(rel, found) {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") walk(child, found);
    else if (entry.isFile() && entry.name.endsWith(".py") && !LEFT_OUT.has(child)) found.push(child);
  }
  return found;
}
for (const pkg of PACKAGES) sources.push(...walk(pkg, []).sort());

// PyScript's Python package, as its core writes it: the object literal it passes to its writer,
// {pyscript: {"__init__.py": "…", …}}, found in the vendored bundle and read as a literal.
function pyscriptSources() {
  const dir = path.join(root, "static", "vendor", "pyscript");
  const MARK = '(".",{pyscript:{';
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    if (!name.endsWith(".js")) continue;
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    const at = text.indexOf(MARK);
    if (at < 0) continue;
    let end = at + 5, depth = 0, quote = null;
    for (; end < text.length; end++) {
      const c = text[end];
      if (quote) { if (c === "\\") end++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const tree = vm.runInNewContext("(" + text.slice(at + 5, end + 1) + ")", {}, { timeout: 1000 });
    const walk = (node, prefix) => Object.entries(node).flatMap(([key, value]) =>
      typeof value === "string" ? (key.endsWith(".py") ? [[prefix + key, value]] : []) : walk(value, prefix + key + "/"));
    return walk(tree, "");
  }
  console.error("[bytecode] PyScript's Python package not found in static/vendor/pyscript: left out");
  return [];
}

// The pure-Python wheels the page needs (scripts/setup, step 4b: static/vendor/wheels/), unpacked
// here as PyScript would unpack them into its working directory: their files go into the bundle.
const WHEELS = path.join(root, "static", "vendor", "wheels");
const wheels = fs.existsSync(WHEELS) ? fs.readdirSync(WHEELS).filter((n) => n.endsWith(".whl")).sort() : [];
// The translation catalogs (scripts/i18n.py compile, set-up step 6), which app/text/i18n.py reads.
const catalogs = fs.readdirSync(path.join(root, "locale")).sort()
  .map((lang) => `locale/${lang}/LC_MESSAGES/djambi.mo`).filter((rel) => fs.existsSync(path.join(root, rel)));

// No column positions in the bytecode (PYTHONNODEBUGRANGES): a traceback names the line but
// draws no carets under the expression; the bundle is ~20 % smaller compressed.
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("djambi_wheels", JSON.stringify(wheels.map((name) => fs.readFileSync(path.join(WHEELS, name)).toString("base64"))));
const unpacked = py.runPython(`
import base64, io, json, zipfile
_files = []
for _wheel in json.loads(djambi_wheels):
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(_wheel))) as _zip:
        _files += [(_i.filename, _zip.read(_i)) for _i in _zip.infolist() if not _i.is_dir()]
_files
`);
const wheelFiles = unpacked.toJs({ depth: 2 }).map(([rel, bytes]) => [rel, Buffer.from(bytes)])
  .filter(([rel]) => !LEFT_OUT.has(rel));
unpacked.destroy();
py.globals.set("djambi_sources", JSON.stringify([
  ...sources.map((rel) => [rel, fs.readFileSync(path.join(root, rel), "utf8")]),
  ...pyscriptSources(),
  ...wheelFiles.filter(([rel]) => rel.endsWith(".py")).map(([rel, bytes]) => [rel, bytes.toString("utf8")]),
]));
const out = py.runPython(`
import importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

_out = []
for rel, text in json.loads(djambi_sources):
    data = text.encode()
    # The page's interpreter compiles at optimisation level 0: <module>.<cache tag>.pyc.
    code = compile(data, "${HOME}" + rel, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
    package, name = rel.rsplit("/", 1)
    _out.append((f"{package}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc", bytes(pyc)))
(sys.implementation.cache_tag, _out)
`);
const [cacheTag, files] = out.toJs({ depth: 3 });
out.destroy();

// The wheels' files, the catalogs and our sources themselves too: the loader writes them all into
// Pyodide's file system, where PyScript's [files] used to (one request instead of 44; nothing
// left to unpack). scripts/build_sw.py's refresh_bundle puts the tree's catalogs and sources in
// place of these, in this order, after the .pyc and wheel files.
files.push(...wheelFiles);
for (const rel of [...catalogs, ...sources]) files.push([rel, fs.readFileSync(path.join(root, rel))]);
const blobs = files.map(([, bytes]) => Buffer.from(bytes));
const list = files.map(([p], i) => [p, blobs[i].length]);
// What ties a start-up snapshot to this bundle (scripts/build_snapshot.mjs; scripts/build_sw.py
// computes it the same way): SHA-256 of the file list's JSON and of every file's bytes.
const digest = crypto.createHash("sha256").update(JSON.stringify(list)).update(Buffer.concat(blobs)).digest("hex");
const header = Buffer.from(JSON.stringify({ cache_tag: cacheTag, files: list, digest }));
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const bundle = Buffer.concat([length, header, ...blobs]);
fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
const old = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT) : null;
if (!old || !old.equals(bundle)) fs.writeFileSync(OUTPUT, bundle); // unchanged: keep the file as it is
console.error(`[bytecode] ${path.relative(root, OUTPUT)}: ${sources.length} sources, ${catalogs.length} catalogs, ${wheelFiles.length} wheel files, ${files.filter(([p]) => p.endsWith(".pyc")).length} .pyc, ${(bundle.length / 1024).toFixed(0)} KiB (${cacheTag})`);
