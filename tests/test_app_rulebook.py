"""The rules in the app are docs/rules.md and its French and Czech translations: app/learn/rules_text.py
is their copy (scripts/gen_rules.py), split by app/learn/rulebook.py into a section per rule, without
the developers' test names; every language has the same sections as the English source."""

import importlib.util
import re
from pathlib import Path

import pytest

from app.text import i18n
from app.learn import rulebook
from app.learn.rules_text import RULES, RULES_MD

ROOT = Path(__file__).resolve().parent.parent
DOCS = {"en": "rules.md", "fr": "rules.fr.md", "cs": "rules.cs.md"}


def gen_rules():
    spec = importlib.util.spec_from_file_location("gen_rules", ROOT / "scripts" / "gen_rules.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def test_the_apps_rules_are_docs_rules_md():
    assert RULES_MD == RULES["en"] == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), (
        "app/learn/rules_text.py differs from docs/rules.md: run scripts/gen_rules.py")
    for code, name in DOCS.items():
        assert RULES[code] == (ROOT / "docs" / name).read_text(encoding="utf-8"), (
            f"app/learn/rules_text.py differs from docs/{name}: run scripts/gen_rules.py")
    translations = {c: RULES[c] for c in DOCS if c != "en"}
    assert gen_rules().module_text(RULES_MD, translations) == (
        ROOT / "app" / "learn" / "rules_text.py").read_text(encoding="utf-8")


def test_every_language_of_the_app_has_its_rules():
    assert set(RULES) == set(i18n.LANGUAGES) == set(DOCS)


def test_a_section_per_rule_in_the_documents_order():
    titles = [s.title for s in rulebook.sections(RULES_MD)]
    headings = [line.lstrip("#").strip() for line in RULES_MD.splitlines() if line.startswith("#")]
    assert titles == headings
    assert any(t.startswith("3. The pieces") for t in titles) and len(titles) >= 10


def _shape(markdown: str) -> list[tuple[str, tuple[str, ...], list[str]]]:
    """Per section: its number ("3." or ""), the rulings and seeds it cites, and its blocks' kinds
    with the numbers of its numbered items."""
    out = []
    for section in rulebook.sections(markdown):
        number = re.match(r"\d+\.|", section.title).group(0)
        cites = tuple(re.findall(r"R§\d+|\[\d{3}\]", section.title))
        out.append((number, cites, [b.kind for b in section.blocks]))
    return out


@pytest.mark.parametrize("code", ["fr", "cs"])
def test_every_translation_has_the_same_sections_as_the_english(code):
    """Same sections in the same order, citing the same rulings, with as many list items; the
    same move texts (codes never change with the language)."""
    english, translated = _shape(RULES_MD), _shape(RULES[code])
    assert [(n, c) for n, c, _b in translated] == [(n, c) for n, c, _b in english]
    for (n, _c, blocks), (_n, _c2, theirs) in zip(english, translated):
        assert blocks.count("li") == theirs.count("li"), f"section {n or 'intro'}: list items differ"
    numbered = [line.split(".")[0] for line in RULES[code].splitlines() if re.match(r"\d+\. ", line)]
    assert numbered == [line.split(".")[0] for line in RULES_MD.splitlines() if re.match(r"\d+\. ", line)]
    moves = set(re.findall(r"`([A-I]\d[-x][^`]*)`", RULES_MD))
    assert moves and moves == set(re.findall(r"`([A-I]\d[-x][^`]*)`", RULES[code]))


def test_the_rules_follow_the_language():
    try:
        i18n.set_language("fr")
        assert rulebook.sections()[0].title == "Djambi : les règles telles qu'elles sont appliquées"
        assert rulebook.sections()[3].title.startswith("3. Les actions des pièces")
        i18n.set_language("cs")
        assert rulebook.sections()[3].title.startswith("3. Co figurky dělají")
    finally:
        i18n.set_language("en")
    assert rulebook.sections()[3].title.startswith("3. The pieces' actions")


def test_every_word_of_the_rules_is_kept_but_the_test_names():
    text = " ".join(rulebook.plain(b) for s in rulebook.sections(RULES_MD) for b in s.blocks)
    assert "test_" not in text and "Tests:" not in text
    for phrase in ("The last active player wins.", "Green is the hostage party",
                   "a necromobile", "120 consecutive turns"):
        assert phrase in text
    for code, phrases in (("fr", ("Le dernier joueur actif gagne.", "Vert est le camp otage",
                                  "120 tours consécutifs")),
                          ("cs", ("Vyhrává poslední aktivní hráč.", "Zelený je strana rukojmí",
                                  "po 120 tazích za sebou"))):
        text = " ".join(rulebook.plain(b) for s in rulebook.sections(RULES[code]) for b in s.blocks)
        assert "test" not in text.lower()
        for phrase in phrases:
            assert phrase in text, (code, phrase)


def test_inline_markup_becomes_runs():
    assert rulebook.runs("a **bold** `code` *it* z") == (
        ("", "a "), ("b", "bold"), ("", " "), ("c", "code"), ("", " "), ("i", "it"), ("", " z"))
    sections = rulebook.sections("# T\nintro\n\n## One\n- first\n  more\n- second\nTests: `x`\n")
    assert [s.title for s in sections] == ["T", "One"]
    one = sections[1].blocks
    assert [(b.kind, rulebook.plain(b)) for b in one] == [("li", "first more"), ("li", "second")]


@pytest.mark.parametrize("code", ["en", "fr", "cs"])
def test_each_pieces_rule_is_found_for_its_figure_in_every_language(code):
    """Section 3 has one list item per kind, opening with the kind's name in bold: the rules page
    draws each kind's figure beside its item, and beside no other."""
    try:
        i18n.set_language(code)
        found = [(i, rulebook.piece_of(b)) for i, s in enumerate(rulebook.sections())
                 for b in s.blocks if rulebook.piece_of(b) is not None]
    finally:
        i18n.set_language("en")
    assert [i for i, _kind in found] == [3] * 6
    assert [kind.letter for _i, kind in found] == list("MCARPN")
