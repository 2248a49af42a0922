"""The translation catalogs against the code: every marked string translated in every language,
with the same named placeholders, and the plural forms each language needs; the language choice;
index.html's static texts equal to their msgids; sentences in French and Czech.

Runs in CPython and inside Pyodide with the standard library only: the marked strings are found
with ``ast`` (the same keywords as Babel's extraction in ``scripts/i18n.py``) and the catalogs read
from the compiled ``.mo`` files, as the page reads them (``gettext``).
"""

from __future__ import annotations

import ast
import gettext
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from djambi import Board, Kind, Party, Piece, parse_square
from djambi.narrate import KILL, Event

from app.text import i18n
from app.state import library
from app.state import session
from app.state import linking
from app.state import saving
from app.state import seating
from app.present import standings
from app.present import statictext
from app.present import words
from app.present import gameslist, remotewords

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("app",)
#: keyword: (context argument index or None, msgid index, plural index or None) — as in
#: scripts/i18n.py's KEYWORDS for Babel.
KEYWORDS = {"_": (None, 0, None), "N_": (None, 0, None), "ngettext": (None, 0, 1),
            "pgettext": (0, 1, None), "npgettext": (0, 1, 2)}
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
NPLURALS = {"fr": 2, "cs": 3}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def marked_strings() -> list[tuple[str, str | None, str, str | None]]:
    """(where, context, msgid, plural) for every marked string of the app's source."""
    found = []
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in KEYWORDS):
                    continue
                ctx_i, id_i, plural_i = KEYWORDS[node.func.id]

                def const(i):
                    if i is None or i >= len(node.args):
                        return None
                    arg = node.args[i]
                    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None

                msgid = const(id_i)
                if msgid is None:
                    continue  # _(CONSTANT): the constant itself is marked with N_
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", const(ctx_i), msgid,
                              const(plural_i)))
    return found


def catalog(lang: str) -> gettext.GNUTranslations:
    path = i18n.catalog_path(lang)
    po = path.with_suffix(".po")
    assert path.is_file(), f"{path} is missing: run `bash scripts/setup` (or scripts/i18n.py compile)"
    assert path.stat().st_mtime >= po.stat().st_mtime, (
        f"{path} is older than {po.name}: run `bash scripts/setup` (or scripts/i18n.py compile)")
    with open(path, "rb") as f:
        return gettext.GNUTranslations(f)


def test_the_source_marks_strings():
    marked = marked_strings()
    assert len(marked) > 200
    assert any(m[2] == "{player} to move" for m in marked)
    assert any(m[1] == "possessor" and m[2] == "Blue" for m in marked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_marked_string_is_translated_with_the_same_placeholders(lang):
    cat = catalog(lang)
    messages = cat._catalog  # the compiled entries: untranslated and fuzzy ones are left out
    plural_rule = cat.plural
    problems = []
    for where, context, msgid, plural in marked_strings():
        key = msgid if context is None else f"{context}\x04{msgid}"
        shown = f"{where}: {context + ' | ' if context else ''}{msgid!r}"
        want = placeholders(msgid) | (placeholders(plural) if plural else set())
        if plural is None:
            if key not in messages:
                problems.append(f"{lang}: no translation for {shown}")
                continue
            forms = [messages[key]]
        else:
            forms = [messages.get((key, i)) for i in range(NPLURALS[lang])]
            if not all(forms):
                problems.append(f"{lang}: not every plural form ({NPLURALS[lang]}) translated for {shown}")
                continue
        for form in forms:
            if placeholders(form) != want:
                problems.append(f"{lang}: placeholders {sorted(placeholders(form))} instead of "
                                f"{sorted(want)} in {form!r} for {shown}")
    assert len({plural_rule(n) for n in range(0, 30)}) == NPLURALS[lang]
    assert not problems, ("\n".join(problems) + "\nMark, then run `.venv/bin/python scripts/i18n.py update`,"
                          " translate in locale/*/LC_MESSAGES/djambi.po, and `bash scripts/setup`.")


def test_english_placeholders_are_named():
    unnamed = [(w, m) for w, _c, m, p in marked_strings() for t in (m, p or "")
               if any(not name.isidentifier() for name in placeholders(t))]
    assert not unnamed, f"use named placeholders ({{player}}, not {{}} or {{0}}): {unnamed}"


def test_czech_plurals_have_three_forms_and_french_two():
    cs, fr = catalog("cs"), catalog("fr")
    one = "Your unfinished game ({count} move played, {status}) stays in the Games list."
    many = "Your unfinished game ({count} moves played, {status}) stays in the Games list."
    assert [cs.ngettext(one, many, n).split("(")[1].split(",")[0] for n in (1, 3, 5)] == [
        "{count} odehraný tah", "{count} odehrané tahy", "{count} odehraných tahů"]
    assert [fr.ngettext(one, many, n).split("(")[1].split(",")[0] for n in (0, 1, 2)] == [
        "{count} coup joué", "{count} coup joué", "{count} coups joués"]


# ---------------------------------------------------------------------------- index.html
class _Marked(HTMLParser):
    """Every element of index.html with a data-i18n* marker: (marker, key, English text)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []
        self.open: list[list] = []  # [key, text] of marked elements being read

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for marker, attribute in statictext.MARKERS.items():
            if marker in attrs and attribute:
                self.found.append((marker, attrs[marker], attrs.get(attribute) or ""))
        if "data-i18n" in attrs:
            self.open.append([attrs["data-i18n"], "", tag])
        elif self.open:
            self.open[-1][1] += "\x00"  # a marked element must hold text only

    def handle_endtag(self, tag):
        if self.open and self.open[-1][2] == tag:
            key, text, _tag = self.open.pop()
            self.found.append(("data-i18n", key, text))

    def handle_data(self, data):
        if self.open:
            self.open[-1][1] += data


def static_marks() -> list[tuple[str, str, str]]:
    parser = _Marked()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.found


def test_index_html_english_defaults_equal_the_msgids():
    marks = static_marks()
    assert len(marks) > 50
    wrong = [(m, key, " ".join(text.split())) for m, key, text in marks
             if statictext.STATIC.get(key) != " ".join(text.split())]
    assert not wrong, f"index.html text differs from app/present/statictext.py STATIC (or unknown key): {wrong}"
    unused = set(statictext.STATIC) - {key for _m, key, _t in marks}
    assert not unused, f"keys in STATIC that index.html does not use: {unused}"


def test_every_visible_text_of_index_html_is_marked():
    """Text in index.html outside marked elements: only names, symbols and what Python writes."""
    class Texts(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.loose = [], []

        def handle_starttag(self, tag, attrs):
            if tag not in ("input", "meta", "link", "br", "img", "use", "rect", "circle", "path"):
                self.stack.append((tag, dict(attrs)))

        def handle_endtag(self, tag):
            while self.stack and self.stack.pop()[0] != tag:
                pass

        def handle_data(self, data):
            text = data.strip()
            if not text or any(t in ("script", "style", "title", "svg") for t, _a in self.stack):
                return
            if any("data-i18n" in a or "id" in a and a["id"] in PYTHON_WRITES for _t, a in self.stack):
                return
            if len(text) <= 1 or text in ("English", "Français", "Čeština", "Djambi", "Camblam"):
                return  # symbols, swatch letters, language names (never translated)
            self.loose.append(text)

    PYTHON_WRITES = {"status", "loader", "thinking-text", "paused-text", "tab-text", "link-title",
                     "link-text", "link-open", "handover-title", "gameover-title"}
    parser = Texts()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert not parser.loose, f"mark these texts with data-i18n: {parser.loose}"


# ---------------------------------------------------------------------------- the loader's words
#: djambiWord("key", "English" in index.html and static/pyodide-start.mjs (``word`` there).
WORD_CALL = re.compile(r'\b(?:djambiWord|word)\(\s*"([a-z-]+)",\s*"((?:[^"\\]|\\.)*)"')


def test_the_loaders_words_are_the_msgids_of_statictext_loader():
    """What JavaScript shows before Python runs: each key with its English as in LOADER, every
    key used."""
    used = []
    for name in ("index.html", "static/pyodide-start.mjs"):
        used += WORD_CALL.findall((ROOT / name).read_text(encoding="utf-8"))
    assert len(used) >= len(statictext.LOADER)
    wrong = [(key, english) for key, english in used if statictext.LOADER.get(key) != english]
    assert not wrong, f"English differs from app/present/statictext.py LOADER (or unknown key): {wrong}"
    assert set(statictext.LOADER) == {key for key, _e in used}


def test_the_loader_words_file_holds_every_language():
    """locale/loader-words.js (made at set-up) equals the catalogs' translations of LOADER."""
    import json

    path = ROOT / "locale" / "loader-words.js"
    assert path.is_file(), f"{path} is missing: run `bash scripts/setup` (or scripts/i18n.py compile)"
    text = path.read_text(encoding="utf-8")
    found = dict(re.findall(r"^window\.(\w+) = (.*?);$", text, flags=re.M | re.S))
    words, static = json.loads(found["djambiLoaderWords"]), json.loads(found["djambiStaticWords"])
    assert set(words) == set(i18n.LANGUAGES) and set(static) == set(LANGUAGES)
    assert words["en"] == dict(statictext.LOADER)
    for lang in LANGUAGES:
        assert words[lang] == statictext.translated(statictext.LOADER, catalog(lang).gettext), f"{path} is stale: run setup"
        assert static[lang] == statictext.translated(statictext.STATIC, catalog(lang).gettext), f"{path} is stale: run setup"
        for key, english in statictext.LOADER.items():
            assert words[lang][key] != english and placeholders(words[lang][key]) == placeholders(english)


def test_index_html_applies_the_static_words_as_statictext_does():
    """Before Python, index.html writes STATIC's words with the same markers as ``apply``."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for marker, attribute in statictext.MARKERS.items():
        assert f'"{marker}": "{attribute}"' in html, marker


# ---------------------------------------------------------------------------- choosing
def test_language_choice_url_then_settings_then_browser():
    assert i18n.choose_language("fr", "cs", ["en-US"]) == "fr"
    assert i18n.choose_language("", "cs", ["fr-FR"]) == "cs"
    assert i18n.choose_language(None, "", ["de-DE", "cs-CZ", "fr"]) == "cs"
    assert i18n.choose_language("xx", "", ["fr-CA"]) == "fr"
    assert i18n.choose_language(None, "", ["de", "ja"]) == "en"
    assert i18n.choose_language(None, "", []) == "en"


def test_an_unknown_language_is_english(in_language):
    assert i18n.set_language("de") == "en"
    assert i18n._("Undo") == "Undo"


# ---------------------------------------------------------------------------- sentences
def game_after(*moves: str) -> session.Game:
    game = session.new_game()
    for move in moves:
        game.play(move)
    return game


def test_status_and_kill_in_french_and_czech(in_language):
    game = game_after()
    kill = Event(KILL, player=Party.RED, piece=Piece(Kind.MILITANT, Party.BLUE),
                 square=parse_square("E6"), to=parse_square("A5"))
    chief = Event(KILL, player=Party.RED, piece=Piece(Kind.CHIEF, Party.BLUE),
                  square=parse_square("E6"), to=parse_square("E6"))
    in_language("fr")
    assert standings.status_text(game) == "Au tour de Rouge"
    assert words.sentence(kill) == "Rouge a tué le militant de Bleu en E6 ; le cadavre va en A5."
    in_language("cs")
    assert standings.status_text(game) == "Na tahu je Červený"
    assert words.sentence(kill) == "Červený zabil militanta Modrého na E6; mrtvola jde na A5."
    assert words.sentence(chief) == "Červený zabil náčelníka Modrého na E6; mrtvola zůstává na místě."
    in_language("en")
    assert words.sentence(kill) == "Red killed Blue's militant on E6; the corpse goes to A5."


def test_switching_language_changes_module_constants_at_use(in_language):
    in_language("cs")
    assert seating.seat_label("hard") == "Počítač (těžký)"
    in_language("fr")
    assert seating.seat_label("hard") == "Ordinateur (difficile)"
    assert statictext.text("undo") == "Annuler le coup"
    in_language("en")
    assert seating.seat_label("hard") == "Computer (hard)" == seating.SEAT_LABELS["hard"]


def test_every_event_of_random_games_is_a_sentence_in_each_language(in_language):
    from playouts import random_game

    from app.state.history import History

    for seed in range(3):
        history = History()
        history.update(random_game(seed, 80))
        events = [e for ply in history.plies for e in ply.events]
        for code in i18n.LANGUAGES:
            in_language(code)
            for event in events:
                text = words.sentence(event)
                assert "{" not in text and "}" not in text, text


def test_codes_never_change_with_the_language(in_language):
    game = game_after("C7-F4")
    codes = []
    for code in i18n.LANGUAGES:
        in_language(code)
        codes.append((game.game_code(), game.position_code(), game.move_list(),
                      linking.game_link("https://x/", game)))
    assert codes[0] == codes[1] == codes[2]


def test_game_files_keep_english_headers_in_any_language(in_language):
    from datetime import datetime

    from app.state.gamefile import game_from_file, record_text

    game = game_after("C7-F4")
    game.seats = ["human", "hard", "easy", "normal"]
    in_language("cs")
    text = record_text(game, datetime(2026, 1, 2))
    assert '[Blue "Computer (hard)"]' in text
    assert game_from_file(text).seats == game.seats


# ---------------------------------------------------------------------------- play by link, Games
def test_default_game_names_are_stored_in_english_and_shown_in_the_language(in_language):
    """``Game 3`` is data (saves, links' ``;name=``): the same stored name shows in each language;
    a name a player typed is shown as typed."""
    in_language("fr")
    assert library.shown_name("Game 3") == "Partie 3"
    assert library.shown_name("Game 3 (version 2)") == "Partie 3 (version 2)"
    assert library.shown_name("Sunday (version 4)") == "Sunday (version 4)"
    assert library.shown_name("Game night") == "Game night"
    assert library.renamed("Game 3", " Partie 3 ") == "Game 3"  # unchanged: stays a default
    assert library.renamed("Game 3", "Partie chez Ann") == "Partie chez Ann"
    in_language("cs")
    assert library.shown_name("Game 3 (version 2)") == "Hra 3 (verze 2)"
    storage = saving.MemoryStorage()
    lib = library.Library(storage)
    game = session.new_game()
    game.name = lib.next_name()
    assert game.name == "Game 1"  # stored in English whatever the language
    assert lib.keeper("slotAAAA").save(game) == "" and lib.next_name() == "Game 2"
    assert lib.rename("slotAAAA", "Hra 1") == "" and lib.read("slotAAAA").name == "Game 1"


def test_games_list_and_link_messages_in_french_and_czech(in_language):
    game = session.new_game(seats=["human", "remote", "easy", "remote"])
    game.name = "Game 2"
    game.play("C7-F4")
    game.updated = "2026-11-22T14:52:00"
    in_language("fr")
    row = gameslist.entry("slotAAAA", game)
    assert row.status == "Au tour de Bleu (sur un autre appareil)" and row.last_move == "Rouge C7-F4"
    assert library.when_text(game.updated) == "22 nov. à 14:52"
    assert remotewords.send_texts(game) == (
        "Envoyer le coup à Bleu",
        "Bleu joue sur un autre appareil : envoyez-lui ce lien. Ouvert là-bas, il continue "
        "« Partie 2 ».")
    assert remotewords.whose_turn(game) == "Bleu est au trait sur l'autre appareil : attendez son lien."
    in_language("cs")
    assert gameslist.entry("slotAAAA", game).last_move == "Červený C7-F4"
    assert library.when_text(game.updated) == "22. listopadu v 14:52"
    title, text = remotewords.send_texts(game)
    assert title == "Poslat tah pro Modrého"  # the possessor/object form
    assert text.startswith("Modrý hraje na jiném zařízení") and "„Hra 2“" in text
    assert remotewords.tr("waiting_prompt").format(player=i18n.party_of(Party.BLUE)) == (
        "Čeká se na tah Modrého přes odkaz.")
    assert saving.write_error(RuntimeError("QuotaExceededError")).startswith("Úložiště prohlížeče")
    in_language("en")
    assert remotewords.send_texts(game)[0] == "Send the move to Blue"
    assert library.when_text(game.updated) == "22 Nov, 14:52"


@pytest.mark.parametrize("lang, djambi_letters, camblam_letters", [
    ("en", "RBYG", "WB"), ("fr", "RBJV", "BN"), ("cs", "ČMŽZ", "BČ")])
def test_a_players_letter_is_his_name_s_initial_in_the_language(in_language, lang, djambi_letters,
                                                                 camblam_letters):
    """The move list's badges and the letters look's swatches: White is "B" (Blanc, Bílý) in
    French and Czech, so a code letter (W/B) would name the wrong side there."""
    from camblam import Color

    from app.present import figures
    from djambi.rules import Rules

    in_language(lang)
    assert "".join(i18n.player_initial(p) for p in Party) == djambi_letters
    assert "".join(i18n.player_initial(c) for c in Color) == camblam_letters
    for party, letter in zip(Party, djambi_letters):
        assert f'<span class="swatch-letter">{letter}</span>' in figures.swatch_html(party)
    for side, letter in zip(Color, camblam_letters):
        assert f'<span class="swatch-letter">{letter}</span>' in figures.swatch_html(side)
    two = Rules(players="2x2")
    assert [i18n.player_initial(p, two) for p in (0, 1)] == ["1", "2"]
