// The page's standard library: only the modules the app, the engine and the runtime import
// (issue 27), made at set-up from the vendored Pyodide's python_stdlib.zip.
//
//   node scripts/build_stdlib.mjs [--root DIR] [--list]   -> DIR/static/vendor/stdlib.zip
//
// Pyodide ships the whole standard library (python_stdlib.zip, 2.5 MB compressed); the page needs
// a fraction of it. This script starts the vendored Pyodide under Node with the full library,
// writes the page's bundle (static/vendor/bytecode.bin: our sources, PyScript's package, the
// wheels' files) into its file system as static/pyodide-start.mjs does, then imports:
//   - every standard-library module named by an import statement anywhere in that bundle's
//     sources (djambi/ and app/ at any depth, PyScript's package, the wheels), and in the
//     bytecode of the modules shipped without source (PyScript's), functions' imports included;
//   - every module of ours that imports without a browser (to catch imports made at run time);
//   - RUNTIME below: what PyScript's own JavaScript runs in Python at start and what Pyodide's
//     API imports when the loader calls it (they are no import statements of a Python file);
// and keeps every module of the library then in `sys.modules` (with what Pyodide's own start
// imported), with their packages' __init__, and KEEP_CODECS, but for NOT_IN_PAGE.
//
// Each module is shipped as its bytecode only (`os.pyc`, no `os.py`): Pyodide's library holds
// sources, which the page's Python compiled at every first start (~150 modules before the game is
// playable: seconds of a phone's main thread). The bytecode is compiled here by the vendored
// Pyodide itself (the same magic number), as unchecked hash-based .pyc (PEP 552: used as it is,
// no source to compare with), without column positions (PYTHONNODEBUGRANGES: a traceback's
// carets, a quarter of the bytes). Members are *stored*, not deflated: the archive is sent
// brotli-compressed as a whole (scripts/precompress.py), which packs it better than per-member
// deflate, and the browser hands Pyodide the zip itself. Entries keep the original names (.pyc
// for .py) and dates (the same input makes the same bytes); the archive ends with a comment
// listing the modules it holds (tests/test_stdlib.py reads it).
//
// The start-up snapshot is made with this archive (scripts/build_snapshot.mjs), and the page
// passes it to loadPyodide as `stdLibURL`; the tests run in Pyodide with the full library.
// tests/test_stdlib.py imports every module of djambi/ and app/ with this archive.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const root = path.resolve(option("--root") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const BUNDLE = path.join(root, "static", "vendor", "bytecode.bin");
const OUTPUT = path.join(root, "static", "vendor", "stdlib.zip");
const HOME = "/home/pyodide/";

// Imported by PyScript's JavaScript (Python snippets in static/vendor/pyscript/core-*.js: its
// bootstrap, `js`/`pyodide.ffi` helpers, its error plugin) and by Pyodide's own JavaScript API
// (runPythonAsync: pyodide.code; toPy, pyimport, the event loop: pyodide.webloop, asyncio),
// found by recording `sys.modules` in the page.
const RUNTIME = ["asyncio", "inspect", "json", "pyodide.code", "pyodide.ffi", "pyodide.webloop",
                 "marshal", "importlib.util", "base64"];
// Codecs are looked up by name at run time (str.encode, open(encoding=...)), never imported by
// name: the common ones are kept (those of Unicode, Latin-1 and ASCII, and those segno's QR
// encoder asks for: iso-8859-1, shift_jis), with what encodings/__init__ needs.
// Named by import statements only inside functions of segno (the QR code's wheel) that the page
// never calls: QRCode.show() (a temporary file opened in a web browser), the plug-in lookup of an
// unknown `to_*` writer (package metadata), a Windows console writer. Left out with what only
// they bring (sysconfig): app/views/gamesview.py calls only segno.make and matrix_iter
// (tests/test_stdlib.py checks that these work with the archive).
const NOT_IN_PAGE = ["webbrowser", "importlib.metadata", "ctypes"];
const KEEP_CODECS = ["aliases", "ascii", "latin_1", "iso8859_1", "iso8859_15", "cp1252", "cp437", "charmap",
                     "utf_8", "utf_8_sig", "utf_7", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le",
                     "utf_32_be", "raw_unicode_escape", "unicode_escape", "idna", "punycode", "shift_jis",
                     "cp932", "euc_jp", "base64_codec", "hex_codec", "zlib_codec", "undefined"];

function readHeader(bytes) {
  const size = bytes.readUInt32LE(0);
  return { header: JSON.parse(bytes.subarray(4, 4 + size).toString("utf8")), offset: 4 + size };
}

// No column positions in the bytecode compiled below (see above).
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const baseline = py.runPython("import sys\nsorted(sys.modules)").toJs();
const bundle = fs.readFileSync(BUNDLE);
const { header, offset: start } = readHeader(bundle);
let offset = start;
const sources = [], compiled = [];
const names = new Set(header.files.map(([file]) => file));
for (const [file, length] of header.files) {
  const bytes = bundle.subarray(offset, offset + length);
  offset += length;
  const target = HOME + file;
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, bytes);
  if (file.endsWith(".py")) sources.push(target);
  // bytecode shipped without its source (PyScript's package): its imports are read from the code
  else if (file.endsWith(".pyc") && !names.has(file.replace(/__pycache__\/([^/.]+)\.[^/]+\.pyc$/, "$1.py"))) {
    compiled.push(target);
  }
}

py.globals.set("djambi_sources", py.toPy(sources));
py.globals.set("djambi_compiled", py.toPy(compiled));
py.globals.set("djambi_runtime", py.toPy(RUNTIME));
py.globals.set("djambi_codecs", py.toPy(KEEP_CODECS));
py.globals.set("djambi_not_in_page", py.toPy(NOT_IN_PAGE));
py.globals.set("djambi_baseline", py.toPy(baseline));
py.globals.set("djambi_output", OUTPUT.startsWith(root) ? "/out/" + path.relative(root, OUTPUT) : OUTPUT);
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/out");
const report = py.runPython(`
import ast, dis, importlib, importlib.util, json, marshal, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ARCHIVE = "/lib/python%d%d.zip" % sys.version_info[:2]
_wanted = set(djambi_runtime) | {"encodings." + _codec for _codec in djambi_codecs}


_not_in_page = tuple(djambi_not_in_page)


def _note(name):
    if name and name.partition(".")[0] in sys.stdlib_module_names and not name.startswith(_not_in_page):
        _wanted.add(name)


for _path in djambi_sources:
    with open(_path, "rb") as _f:
        _tree = ast.parse(_f.read(), _path)
    for _node in ast.walk(_tree):
        if isinstance(_node, ast.Import):
            for _alias in _node.names:
                _note(_alias.name)
        elif isinstance(_node, ast.ImportFrom) and _node.level == 0 and _node.module:
            _note(_node.module)
            for _alias in _node.names:  # "from email import utils" imports a module too
                _note(_node.module + "." + _alias.name)


def _code_imports(code):
    last = None
    for ins in dis.get_instructions(code):
        if ins.opname == "IMPORT_NAME":
            last = ins.argval
            _note(last)
        elif ins.opname == "IMPORT_FROM" and last:
            _note(last + "." + ins.argval)
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            _code_imports(const)


for _path in djambi_compiled:
    with open(_path, "rb") as _f:
        _code_imports(marshal.loads(_f.read()[16:]))

_failed = []
for _name in sorted(_wanted):
    try:
        importlib.import_module(_name)
    except ImportError:
        if "." not in _name:  # "from x import name" names no module: that is expected
            _failed.append(_name)
# Our modules that import without a browser: what they import at run of their top level.
for _path in djambi_sources:
    _rel = os.path.relpath(_path, os.getcwd())
    if _rel.split("/")[0] not in ("gamekit", "djambi", "camblam", "app") or _rel.endswith("__main__.py"):
        continue
    _module = _rel[:-3].replace("/", ".").removesuffix(".__init__")
    try:
        importlib.import_module(_module)
    except Exception:
        pass

_keep = set()
for _name, _module in list(sys.modules.items()):
    _file = getattr(_module, "__file__", None) or ""
    if _file.startswith(ARCHIVE + "/"):
        _keep.add(_file[len(ARCHIVE) + 1:])
with zipfile.ZipFile(ARCHIVE) as _full:
    _names = _full.namelist()
    # every package's __init__ and folder entry on the way to a kept file
    for _name in list(_keep):
        _parts = _name.split("/")[:-1]
        for _i in range(1, len(_parts) + 1):
            _init = "/".join(_parts[:_i]) + "/__init__.py"
            if _init in _names:
                _keep.add(_init)
            _keep.add("/".join(_parts[:_i]) + "/")
    _kept = [n for n in _names if n in _keep]
    _modules = sorted({n[:-3].replace("/", ".").removesuffix(".__init__") for n in _kept if n.endswith(".py")})
    _tmp = djambi_output + ".tmp"
    os.makedirs(os.path.dirname(_tmp), exist_ok=True)
    _source_bytes = 0
    with zipfile.ZipFile(_tmp, "w", zipfile.ZIP_STORED) as _out:
        for _name in _kept:
            _info = _full.getinfo(_name)
            _data = _full.read(_name)
            if _name.endswith(".py"):
                _source_bytes += len(_data)
                _code = compile(_data, ARCHIVE + "/" + _name, "exec", dont_inherit=True)
                _data = bytes(_code_to_hash_pyc(_code, importlib.util.source_hash(_data), checked=False))
                _name += "c"
            _copy = zipfile.ZipInfo(_name, _info.date_time)
            _copy.external_attr = _info.external_attr
            _out.writestr(_copy, _data)
        _out.comment = ("djambi-stdlib " + " ".join(_modules)).encode()
    # unchanged: the file is left as it is (and its compressed siblings stay fresh)
    with open(_tmp, "rb") as _new:
        _same = os.path.exists(djambi_output) and open(djambi_output, "rb").read() == _new.read()
    if _same:
        os.remove(_tmp)
    else:
        os.replace(_tmp, djambi_output)
json.dumps({"files": len(_kept), "of": len(_names), "modules": _modules, "failed": _failed,
            "size": os.path.getsize(djambi_output), "sources": _source_bytes})
`);
const result = JSON.parse(report);
if (args.includes("--list")) console.log(result.modules.join("\n"));
if (result.failed.length) console.error(`[stdlib] not in Pyodide's library (left out): ${result.failed.join(", ")}`);
console.error(`[stdlib] ${path.relative(root, OUTPUT)}: ${result.modules.length} modules, ${result.files} of`
  + ` ${result.of} entries, bytecode of ${(result.sources / 1e6).toFixed(2)} MB of sources, ${(result.size / 1e6).toFixed(2)} MB stored`
  + " (sent brotli-compressed: scripts/precompress.py)");
