"""The translation catalogs, with Babel: extract the marked strings, update, check, compile.

    .venv/bin/python scripts/i18n.py extract   # locale/djambi.pot from app/ (build output)
    .venv/bin/python scripts/i18n.py update    # extract, then merge into every locale/*/…/djambi.po
    .venv/bin/python scripts/i18n.py check     # list what is missing, fuzzy or has wrong placeholders
    .venv/bin/python scripts/i18n.py compile   # .po -> .mo, and locale/loader-words.js (build outputs;
                                               # run by scripts/setup)

Strings are marked in ``app/`` with ``_``, ``N_``, ``ngettext``, ``pgettext`` and ``npgettext``
(``app/text/i18n.py``), and in ``index.html`` through ``app/present/statictext.py``. The ``.po`` files are
under version control, written without source locations, sorted by msgid and with fixed dates,
so that catalogs changed on two branches merge cleanly. ``compile`` skips a catalog whose
``.mo`` is newer than its ``.po`` unless ``--force``. ``check`` exits 1 on any problem (the unit
test ``tests/test_i18n.py`` checks the same on the compiled catalogs, in CPython and Pyodide).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
DOMAIN = "djambi"
POT = LOCALE / f"{DOMAIN}.pot"
LOADER_WORDS = LOCALE / "loader-words.js"  # compile: the loader's words (app/present/statictext.py LOADER)
SOURCES = ("app",)
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: The plural rules (the catalogs' Plural-Forms header), by language.
PLURALS = {
    "fr": (2, "(n > 1)"),
    "cs": (3, "((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2)"),
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def placeholders(text: str) -> set[str]:
    """The named placeholders of a ``str.format`` text (``{{`` and ``}}`` are literal braces)."""
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract() -> Catalog:
    template = Catalog(project="Djambi", domain=DOMAIN, charset="utf-8",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            template.add(message, None, [(f"{source}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def write(catalog: Catalog, path: Path, template: bool = False) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True, include_previous=False)
    text = buf.getvalue()
    if not path.exists() or path.read_bytes() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text)
        print(f"[i18n] wrote {path.relative_to(ROOT)}")


def cmd_extract() -> Catalog:
    template = extract()
    write(template, POT, template=True)
    print(f"[i18n] {len(template)} messages marked in {', '.join(SOURCES)}/")
    return template


def cmd_update(new: list[str]) -> None:
    template = cmd_extract()
    for lang in sorted(set(languages()) | set(new)):
        path = po_path(lang)
        if path.exists():
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="Djambi")
        catalog.update(template, no_fuzzy_matching=False)
        catalog.fuzzy = False  # the header
        nplurals, rule = PLURALS.get(lang, (2, "(n != 1)"))
        catalog.creation_date = FIXED_DATE
        catalog.revision_date = FIXED_DATE
        catalog.language_team = ""
        catalog.last_translator = ""
        _set_plural_forms(catalog, nplurals, rule)
        write(catalog, path)


def _set_plural_forms(catalog: Catalog, nplurals: int, rule: str) -> None:
    # Babel takes Plural-Forms from its CLDR data; the header is set explicitly so that it is
    # exactly gettext's and stays the same across Babel versions.
    catalog._num_plurals = nplurals
    catalog._plural_expr = rule


def problems(lang: str) -> list[str]:
    """What is wrong with one catalog against the code's marked strings."""
    template = extract()
    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for msg in template:
        if not msg.id:
            continue
        key = msg.id if msg.context is None else (msg.id, msg.context)
        found = catalog.get(msg.id, msg.context)
        shown = f"{msg.context + ' | ' if msg.context else ''}{msg.id if isinstance(msg.id, str) else msg.id[0]!s}"
        if found is None:
            out.append(f"{lang}: not in the catalog (run `scripts/i18n.py update`): {shown!r}")
            continue
        del key
        if found.fuzzy:
            out.append(f"{lang}: fuzzy (check the translation, then remove the fuzzy flag): {shown!r}")
        strings = found.string if isinstance(found.string, (list, tuple)) else [found.string]
        if not all(strings):
            out.append(f"{lang}: not translated: {shown!r}")
            continue
        ids = msg.id if isinstance(msg.id, (list, tuple)) else [msg.id]
        want = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            if placeholders(s) != want:
                out.append(f"{lang}: placeholders {sorted(placeholders(s))} differ from "
                           f"{sorted(want)}: {shown!r} -> {s!r}")
    return out


def cmd_check() -> int:
    found = [p for lang in languages() for p in problems(lang)]
    for line in found:
        print(line)
    print(f"[i18n] {len(languages())} catalogs ({', '.join(languages())}): "
          f"{len(found)} problem{'s' if len(found) != 1 else ''}")
    return 1 if found else 0


def cmd_compile(force: bool) -> None:
    for lang in languages():
        po, mo = po_path(lang), mo_path(lang)
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang)
        with open(mo, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"[i18n] compiled {mo.relative_to(ROOT)}")
    write_loader_words()


def loader_words_js() -> str:
    """``locale/loader-words.js``: the loader's words (``app/present/statictext.py`` LOADER) in every
    language, from the compiled catalogs, for the page to show before Python runs."""
    import gettext

    sys.path.insert(0, str(ROOT))
    from app.present.statictext import LOADER, STATIC, translated

    translations = {"en": gettext.NullTranslations()}
    for lang in languages():
        with open(mo_path(lang), "rb") as f:
            translations[lang] = gettext.GNUTranslations(f)
    loader = {lang: translated(LOADER, t.gettext) for lang, t in translations.items()}
    static = {lang: translated(STATIC, t.gettext) for lang, t in translations.items() if lang != "en"}

    def js(value) -> str:
        return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)

    return ("// Made by scripts/i18n.py compile (run by scripts/setup) from app/present/statictext.py LOADER and\n"
            "// STATIC and locale/*/LC_MESSAGES/djambi.mo: the words index.html and\n"
            "// static/pyodide-start.mjs show before Python runs, in every language. Not under version control.\n"
            f"window.djambiLoaderWords = {js(loader)};\n"
            f"window.djambiStaticWords = {js(static)};\n")


def write_loader_words() -> None:
    text = loader_words_js()
    if not LOADER_WORDS.exists() or LOADER_WORDS.read_text(encoding="utf-8") != text:
        LOADER_WORDS.write_text(text, encoding="utf-8")
        print(f"[i18n] wrote {LOADER_WORDS.relative_to(ROOT)}")
    else:
        LOADER_WORDS.touch()  # up to date: newer than its sources (scripts/setup compares times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check", "compile"))
    parser.add_argument("--new", action="append", default=[], metavar="LANG",
                        help="update: start a catalog for a new language")
    parser.add_argument("--force", action="store_true", help="compile: every catalog")
    args = parser.parse_args(argv)
    if args.command == "extract":
        cmd_extract()
    elif args.command == "update":
        cmd_update(args.new)
    elif args.command == "check":
        return cmd_check()
    else:
        cmd_compile(args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
