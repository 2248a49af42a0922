"""Shared pytest set-up for the engine tests (run in CPython and inside Pyodide).

Fixture ``in_language``: ``in_language("fr")`` switches the app's texts (app/text/i18n.py) to a
language for the test, and back to English after it.

Hypothesis profiles, chosen by the HYPOTHESIS_PROFILE environment variable:
  "ci"      (default) the normal example count, no deadline (2-core CI machines);
  "pyodide" fewer examples, for the run inside Pyodide under Node
            (scripts/pyodide-pytest.mjs sets it).

Before any test runs, the session stops with one line if set-up has not been run (a product of
``scripts/setup`` the tests read is missing, ``tests/setup_check.py``), instead of failing test
by test.
"""

import os
import sys

import pytest

from setup_check import setup_problem

try:
    from hypothesis import settings
except ImportError:  # not the set-up's .venv: said once, in pytest_configure
    settings = None
else:
    settings.register_profile("ci", deadline=None, print_blob=True)
    settings.register_profile("pyodide", max_examples=20, deadline=None, database=None, print_blob=True)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config):
    """Stop before collecting (pytest prints "ERROR: " and the line, exit status 4)."""
    problem = setup_problem()
    if settings is None:
        problem = "set-up not run: hypothesis not importable (step 3, the .venv) — run ./scripts/setup"
    if problem:
        raise pytest.UsageError(problem)

# The local server's tests run a server on a socket and Node: CPython only (no sockets or
# processes inside Pyodide).

# Tests that start Node (a subprocess) are CPython's: inside Pyodide there are no processes.
# test_stdlib.py checks the page's standard library in a Pyodide of its own, under Node;
# test_classic_runtime.py parses and runs the runtime's classic script under Node.
collect_ignore = (["test_serve.py", "test_stdlib.py", "test_classic_runtime.py"] if sys.platform == "emscripten"
                  else [])


@pytest.fixture
def in_language():
    from app.text import i18n

    def use(code):
        assert i18n.set_language(code) == code
    yield use
    i18n.set_language("en")
