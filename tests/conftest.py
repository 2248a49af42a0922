"""Shared pytest set-up for the engine tests (run in CPython and inside Pyodide).

Hypothesis profiles, chosen by the HYPOTHESIS_PROFILE environment variable:
  "ci"      (default) the normal example count, no deadline (2-core CI machines);
  "pyodide" fewer examples, for the run inside Pyodide under Node
            (scripts/pyodide-pytest.mjs sets it).
"""

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("pyodide", max_examples=20, deadline=None, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
