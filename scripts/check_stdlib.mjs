// Checks the page's trimmed standard library (static/vendor/stdlib.zip, scripts/build_stdlib.mjs):
// every module of djambi/ and app/ (found by walking the tree, at any depth) imports with it.
//
//   node scripts/check_stdlib.mjs [--root DIR] [--stdlib FILE]
//
// Starts the vendored Pyodide under Node with that archive as its standard library (loadPyodide's
// stdLibURL, as the page does), writes the page's bundle (static/vendor/bytecode.bin: PyScript's
// package, the wheels' files) into its file system, puts the tree's own sources first on sys.path,
// then, for every module of djambi/ and app/:
//   - imports each standard-library module its source names in an import statement (at any
//     place, a function's included);
//   - imports the module itself: an import that fails for want of a standard-library module is
//     a failure; one that fails for want of a browser (`js.document` under Node) is not.
// Prints one line per missing module ("app/x.py: no module 'textwrap' in the page's standard
// library") and exits 1 if there is any, 0 otherwise. Run by tests/test_stdlib.py.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const root = path.resolve(option("--root") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const stdlib = path.resolve(option("--stdlib") ?? path.join(root, "static", "vendor", "stdlib.zip"));
const BUNDLE = path.join(root, "static", "vendor", "bytecode.bin");
const HOME = "/home/pyodide/";

if (!fs.existsSync(stdlib)) {
  console.error(`${stdlib}: missing (run scripts/setup)`);
  process.exit(2);
}
const py = await loadPyodide({ stdLibURL: stdlib });
const bundle = fs.readFileSync(BUNDLE);
const size = bundle.readUInt32LE(0);
let offset = 4 + size;
for (const [file, length] of JSON.parse(bundle.subarray(4, 4 + size).toString("utf8")).files) {
  const target = HOME + file;
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, bundle.subarray(offset, offset + length));
  offset += length;
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");

// The packages the page loads and the files it leaves out (command lines), as the bundle has them.
const listed = fs.readFileSync(path.join(root, "scripts", "python-packages.txt"), "utf8")
  .split(/\n\s*\[/)[0].split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
py.globals.set("PACKAGES_JSON", JSON.stringify(listed.filter((line) => !line.startsWith("-"))));
py.globals.set("LEFT_OUT_JSON", JSON.stringify(listed.filter((line) => line.startsWith("-")).map((line) => line.slice(1))));

const missing = JSON.parse(py.runPython(`
import ast, importlib, json, os, sys

sys.dont_write_bytecode = True  # nothing written into the mounted tree
sys.path.insert(0, "/repo")
_missing = []


def _stdlib_missing(error):
    name = getattr(error, "name", None) or ""
    return name.partition(".")[0] in sys.stdlib_module_names and name


_modules = []
_left_out = set(json.loads(LEFT_OUT_JSON))
for _package in json.loads(PACKAGES_JSON):
    for _dir, _subdirs, _files in sorted(os.walk("/repo/" + _package)):
        _subdirs[:] = sorted(d for d in _subdirs if d != "__pycache__" and not d.startswith("."))
        for _file in sorted(_files):
            if _file.endswith(".py") and os.path.relpath(os.path.join(_dir, _file), "/repo") not in _left_out:
                _modules.append(os.path.join(_dir, _file))

for _path in _modules:
    _rel = os.path.relpath(_path, "/repo")
    with open(_path, "rb") as _f:
        _tree = ast.parse(_f.read(), _rel)
    _named = {}  # module name -> must it be a module ("from x import y": y may be any name)
    for _node in ast.walk(_tree):
        if isinstance(_node, ast.Import):
            _named.update((_alias.name, True) for _alias in _node.names)
        elif isinstance(_node, ast.ImportFrom) and _node.level == 0 and _node.module:
            for _alias in _node.names:
                _named.setdefault(_node.module + "." + _alias.name, False)
            _named[_node.module] = True
    for _name, _module_only in sorted(_named.items()):
        if _name.partition(".")[0] not in sys.stdlib_module_names:
            continue
        try:
            importlib.import_module(_name)
        except ImportError as _error:
            _gone = _stdlib_missing(_error)
            if _gone and (_module_only or _gone != _name):
                _missing.append(f"{_rel}: no module {_gone!r} in the page's standard library")
    _module = _rel[:-3].replace("/", ".").removesuffix(".__init__")
    if _module.endswith("__main__"):
        continue
    try:
        importlib.import_module(_module)
    except ImportError as _error:
        _gone = _stdlib_missing(_error)
        if _gone:
            _missing.append(f"{_rel}: no module {_gone!r} in the page's standard library")
    except Exception:
        pass  # needs the browser (js.document, the page's elements): its imports were checked above
json.dumps(sorted(set(_missing)))
`));
for (const line of missing) console.log(line);
console.error(`[check_stdlib] ${path.relative(root, stdlib)}: ${missing.length ? `${missing.length} missing` : "every module of djambi/ and app/ imports"}`);
process.exit(missing.length ? 1 : 0);
