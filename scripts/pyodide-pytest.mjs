// Run pytest inside Pyodide (Python 3.14, WebAssembly) under Node, offline.
//
//   node scripts/pyodide-pytest.mjs [pytest args...]     (default: tests)
//
// Pyodide comes from node_modules (npm package `pyodide`); pytest, hypothesis
// and their dependencies from the wheels that scripts/setup downloaded into
// .cache/pyodide-wheels. The repository is mounted at /repo with NODEFS and is
// the working directory. HYPOTHESIS_PROFILE defaults to "pyodide" (see
// tests/conftest.py); PYTEST_ADDOPTS is passed through. The exit code is
// pytest's.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wheelDir = path.join(root, ".cache", "pyodide-wheels");
const args = process.argv.slice(2);
const pytestArgs = args.length ? args : ["tests"];

let wheels = [];
try {
  wheels = fs.readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort();
} catch {}
if (!wheels.some((f) => f.startsWith("pytest-"))) {
  console.error(`no pytest wheel in ${wheelDir}: run ./scripts/setup first`);
  process.exit(2);
}

const started = Date.now();
const py = await loadPyodide({
  env: {
    HOME: "/home/pyodide",
    HYPOTHESIS_PROFILE: process.env.HYPOTHESIS_PROFILE || "pyodide",
    PYTEST_ADDOPTS: process.env.PYTEST_ADDOPTS || "",
    COLUMNS: process.env.COLUMNS || "100",
  },
});
// Unbuffered pass-through, so pytest's progress dots stay on one line.
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
// Local files only: loadPackage reads each path from disk (nothing is fetched).
await py.loadPackage(
  wheels.map((f) => path.join(wheelDir, f)),
  { messageCallback: () => {}, errorCallback: (m) => console.error(m) },
);

py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");

py.globals.set("pytest_args", py.toPy(pytestArgs));
const rc = await py.runPythonAsync(`
import os, sys, platform
sys.dont_write_bytecode = True   # no __pycache__ written into the mounted repository
os.chdir("/repo")
sys.path.insert(0, "/repo")
print(f"Pyodide: Python {platform.python_version()} ({sys.platform}, {platform.machine()}),"
      f" startup {${Date.now() - started} / 1000:.1f}s, hypothesis profile {os.environ['HYPOTHESIS_PROFILE']!r}")
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(rc);
