// Run bench/engine.py inside Pyodide under Node, offline (the same npm `pyodide` the page
// vendors into static/vendor/pyodide/).
//
//   node bench/pyodide.mjs [engine.py args...]
//
// The repository is mounted at /repo (NODEFS); engine.py's output is passed through, and a last
// line `{"pyodide": {...}}` gives the Pyodide version and its start-up time.
import { loadPyodide, version } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);

const started = performance.now();
const py = await loadPyodide({ env: { HOME: "/home/pyodide" } });
const startupMs = performance.now() - started;
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
py.globals.set("bench_args", py.toPy(args));
const rc = await py.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True   # nothing written into the mounted repository
os.chdir("/repo")
sys.path.insert(0, "/repo")
sys.argv = ["bench/engine.py", *bench_args]
import runpy
try:
    runpy.run_path("bench/engine.py", run_name="__main__")
    rc = 0
except SystemExit as exc:
    rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
sys.stdout.flush()
rc
`);
process.stdout.write(JSON.stringify({ pyodide: { version, startup_ms: startupMs } }) + "\n");
process.exit(rc);
