"""scripts/classic_runtime.py: Pyodide's runtime module made a classic script for a returning
visit's page (its code cache comes from the service worker's cache, whole)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import classic_runtime  # noqa: E402

#: Runs a classic script's text (stdin) as a browser would run it from ``src``, then calls the
#: module factory it defines and prints what the factory returns and which globals it added.
RUN = """
const vm = require("vm");
let text = "";
process.stdin.on("data", (d) => text += d).on("end", async () => {
  const context = { URL, document: { currentScript: { src: process.argv[1] } } };
  context.globalThis = context;
  vm.createContext(context);
  const before = new Set(Object.keys(context));
  new vm.Script(text).runInContext(context);
  const added = Object.keys(context).filter((key) => !before.has(key));
  const made = await context.djambiCreatePyodideModule({ answer: 42 });
  console.log(JSON.stringify({ added, made }));
});
"""

MODULE = """async function _createPyodideModule(moduleArg = {}) {
  var scriptName = import.meta.url;
  var node = typeof process == "object" ? await import("node:fs") : null;  // dynamic: fine in both
  return { scriptName, answer: moduleArg.answer, where: new URL("x.wasm", import.meta.url).href };
}
export default _createPyodideModule;
"""


def run(script: str, src: str) -> dict:
    done = subprocess.run(["node", "-e", RUN, src], input=script, text=True, capture_output=True, check=True)
    return json.loads(done.stdout)


def test_the_classic_script_defines_the_module_factory_and_knows_the_modules_address():
    script = classic_runtime.classic(MODULE)
    assert "export default" not in script and "import.meta" not in script
    found = run(script, "https://example.org/app/static/vendor/pyodide/pyodide.asm.classic.js")
    assert found["added"] == [classic_runtime.GLOBAL]  # nothing else becomes global
    assert found["made"] == {"scriptName": "https://example.org/app/static/vendor/pyodide/pyodide.asm.mjs",
                             "answer": 42, "where": "https://example.org/app/static/vendor/pyodide/x.wasm"}


@pytest.mark.parametrize("module, words", [
    ("async function _createPyodideModule() {}\n", "does not end with"),
    ("import { a } from './a.mjs';\nasync function _createPyodideModule() { return a }\n"
     "export default _createPyodideModule;\n", "does not make a classic script"),
    ("export const other = 1;\nasync function _createPyodideModule() {}\nexport default _createPyodideModule;\n",
     "does not make a classic script"),
    ("async function _createPyodideModule() { return import.meta.resolve('x') }\n"
     "export default _createPyodideModule;\n", "import.meta beyond its url"),
    ("export default f;\nasync function _createPyodideModule() {}\nexport default _createPyodideModule;\n",
     "more than one default export"),
])
def test_what_only_a_module_may_hold_stops_set_up(module, words):
    with pytest.raises(classic_runtime.NotClassic, match=words):
        classic_runtime.classic(module)


def test_the_vendored_classic_script_is_made_from_the_vendored_module():
    """What set-up wrote (step 6e) is what the vendored pyodide.asm.mjs makes now."""
    assert (ROOT / classic_runtime.CLASSIC).is_file()
    assert classic_runtime.main(["--check"]) == 0


def test_a_stale_classic_script_is_found_and_written_again(tmp_path):
    module = tmp_path / classic_runtime.MODULE
    module.parent.mkdir(parents=True)
    module.write_text(MODULE, encoding="utf-8")
    assert classic_runtime.main(["--root", str(tmp_path), "--check"]) == 1  # missing
    assert classic_runtime.main(["--root", str(tmp_path)]) == 0
    assert classic_runtime.main(["--root", str(tmp_path), "--check"]) == 0
    module.write_text(MODULE.replace("moduleArg.answer", "moduleArg.answer + 1"), encoding="utf-8")
    assert classic_runtime.main(["--root", str(tmp_path), "--check"]) == 1
    module.write_text("export default nothing;\n", encoding="utf-8")
    assert classic_runtime.main(["--root", str(tmp_path)]) == 2  # set-up stops, the old file stays
    assert (tmp_path / classic_runtime.CLASSIC).read_text(encoding="utf-8") == classic_runtime.classic(MODULE)
