"""The rules in the app are docs/rules.md: app/rules_text.py is its copy (scripts/gen_rules.py),
split by app/rulebook.py into a section per rule, without the developers' test names."""

import importlib.util
from pathlib import Path

from app import rulebook
from app.rules_text import RULES_MD

ROOT = Path(__file__).resolve().parent.parent


def test_the_apps_rules_are_docs_rules_md():
    assert RULES_MD == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), (
        "app/rules_text.py differs from docs/rules.md: run scripts/gen_rules.py")
    spec = importlib.util.spec_from_file_location("gen_rules", ROOT / "scripts" / "gen_rules.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.module_text(RULES_MD) == (ROOT / "app" / "rules_text.py").read_text(encoding="utf-8")


def test_a_section_per_rule_in_the_documents_order():
    titles = [s.title for s in rulebook.sections()]
    headings = [line.lstrip("#").strip() for line in RULES_MD.splitlines() if line.startswith("#")]
    assert titles == headings
    assert any(t.startswith("3. The pieces") for t in titles) and len(titles) >= 10


def test_every_word_of_the_rules_is_kept_but_the_test_names():
    text = " ".join(rulebook.plain(b) for s in rulebook.sections() for b in s.blocks)
    assert "test_" not in text and "Tests:" not in text
    for phrase in ("The last active player wins.", "Green is the hostage party",
                   "a necromobile", "120 consecutive turns"):
        assert phrase in text


def test_inline_markup_becomes_runs():
    assert rulebook.runs("a **bold** `code` *it* z") == (
        ("", "a "), ("b", "bold"), ("", " "), ("c", "code"), ("", " "), ("i", "it"), ("", " z"))
    sections = rulebook.sections("# T\nintro\n\n## One\n- first\n  more\n- second\nTests: `x`\n")
    assert [s.title for s in sections] == ["T", "One"]
    one = sections[1].blocks
    assert [(b.kind, rulebook.plain(b)) for b in one] == [("li", "first more"), ("li", "second")]
