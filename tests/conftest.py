"""Shared pytest set-up for the engine tests (run in CPython and inside Pyodide).

Fixture ``in_language``: ``in_language("fr")`` switches the app's texts (app/present/i18n.py) to a
language for the test, and back to English after it.

Hypothesis profiles, chosen by the HYPOTHESIS_PROFILE environment variable:
  "ci"      (default) the normal example count, no deadline (2-core CI machines);
  "pyodide" fewer examples, for the run inside Pyodide under Node
            (scripts/pyodide-pytest.mjs sets it).
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("pyodide", max_examples=20, deadline=None, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def in_language():
    from app.present import i18n

    def use(code):
        assert i18n.set_language(code) == code
    yield use
    i18n.set_language("en")
