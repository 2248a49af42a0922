// Bytecode of our Python sources for the page's first start (issue 14), made by scripts/setup.
//
//   node scripts/build_bytecode.mjs            -> static/vendor/bytecode.bin
//
// Compiling djambi/ and app/ takes a few hundred ms of the page's first start (Pyodide compiles
// every module from source; the page's Python cannot write a lasting __pycache__). This script
// compiles them once, with the same Pyodide the page vendors (so the same Python and bytecode
// magic), into hash-checked .pyc files (PEP 552, "checked"): Python uses one only if the SHA of
// the source beside it matches, so a stale bundle is never wrong, only useless (the module is
// compiled from source as before). static/pyodide-start.mjs writes them into Pyodide's file
// system, at <package>/__pycache__/<module>.<cache tag>.pyc, before anything is imported.
//
// The bundle is one file (one request, fetched while the runtime starts):
//   4 bytes   little-endian length N of the header
//   N bytes   UTF-8 JSON {"cache_tag": "cpython-314", "files": [[path, size], ...]}
//   then      the files' bytes, in the header's order.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "static", "vendor", "bytecode.bin");
const PACKAGES = ["djambi", "app"];
const HOME = "/home/pyodide/"; // where PyScript writes the sources ([files] targets)

const sources = [];
for (const pkg of PACKAGES) {
  for (const name of fs.readdirSync(path.join(root, pkg)).sort()) {
    if (name.endsWith(".py")) sources.push(`${pkg}/${name}`);
  }
}

const py = await loadPyodide();
py.globals.set("djambi_sources", JSON.stringify(sources.map((rel) => [rel, fs.readFileSync(path.join(root, rel), "utf8")])));
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

const blobs = files.map(([, bytes]) => Buffer.from(bytes));
const header = Buffer.from(JSON.stringify({ cache_tag: cacheTag, files: files.map(([p], i) => [p, blobs[i].length]) }));
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const bundle = Buffer.concat([length, header, ...blobs]);
fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
const old = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT) : null;
if (!old || !old.equals(bundle)) fs.writeFileSync(OUTPUT, bundle); // unchanged: keep the file as it is
console.error(`[bytecode] ${path.relative(root, OUTPUT)}: ${files.length} modules, ${(bundle.length / 1024).toFixed(0)} KiB (${cacheTag})`);
