"""Messages for players (issue 37, point 4; ``app/present/notices.py``, ``Message``): every kind of
error message a player can see, made from real bad input (cut, altered and foreign links, damaged
files and backups, a refused move, failures with an exception), walked in English, French and
Czech: whole sentences in the player's language saying what happened, what was kept and what to
do; the bad text and the exception only behind the translated "Details", never in the sentence."""

from __future__ import annotations

import inspect
import json
import re
from datetime import datetime
from html.parser import HTMLParser

import pytest

from app.present import notices
from app.state import backup, gamefile, linking, saving, session, settings
from app.text import i18n

BASE = "https://example.org/djambi/"


class Shown(HTMLParser):
    """What ``message_html`` shows: the sentence's text, the summary, the details' text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.where = "sentence"
        self.parts = {"sentence": "", "summary": "", "details": ""}
        self.tags: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "details":
            assert ("open", None) not in attrs  # closed until the player asks
            self.where = "details"
        elif tag == "summary":
            self.where = "summary"

    def handle_endtag(self, tag):
        if tag == "summary":
            self.where = "details"

    def handle_data(self, data):
        self.parts[self.where] += data


def refused_link(fragment: str) -> linking.LinkError:
    with pytest.raises(linking.LinkError) as info:
        linking.read_link(fragment)
    return info.value


def refused_file(text: str, name: str = "“partie.djambi.txt”") -> gamefile.FileError:
    with pytest.raises(gamefile.FileError) as info:
        gamefile.game_from_file(text, name)
    return info.value


def a_game_link() -> str:
    game = session.new_game()
    game.play("C7-F4")
    return linking.game_link(BASE, game).partition("#")[2]


#: Raw texts of the bad inputs below: none may be in a sentence.
RAW = ("P1.zz9", "C7-F9", "Z9Z", "hnnq", "<b>", "xyz!", "move 1", "NotReadableError", "depth 3",
       "version 40", "SecurityError", "QuotaExceeded", "~", "#G", "#P")


def examples() -> list[tuple[str, "notices.Message", str]]:
    """(kind, message, raw text it came from) for every kind, from real bad input, in the
    current language."""
    checked = a_game_link()
    cases = [
        ("link_refused", notices.link_refused(refused_link("#" + checked[:-12])), checked[:-12]),
        ("link_refused", notices.link_refused(refused_link("#P1.zz9")), "P1.zz9"),
        ("link_refused", notices.link_refused(refused_link("#G1~start~C7-F9")), "C7-F9"),
        ("link_refused", notices.link_refused(refused_link("#G1~start~C7-F4;seats=hnnq")), "hnnq"),
        ("link_refused", notices.link_refused(refused_link("#G1~start~C7-F4;id=<b>")), "<b>"),
        ("link_refused", notices.link_refused(refused_link("#xyz!")), "xyz!"),
        ("link_refused", notices.link_refused(refused_link("#C1~start;seats=hhhh")), "hhhh"),
        ("file_refused", notices.file_refused(refused_file("xyz!")), "xyz!"),
        ("file_refused", notices.file_refused(refused_file('[Game "Djambi"]\n\n1. Red C7-F9\n')),
         "C7-F9"),
        ("file_refused", notices.file_refused(refused_file("PK\x03\x04\x00")), "PK"),
        ("file_refused", notices.file_refused(refused_file("  \n", "")), ""),
        ("file_refused", notices.file_refused(refused_file("x" * (gamefile.MAX_FILE + 1))),
         f"{gamefile.MAX_FILE + 1:,}"),
        ("file_too_large", notices.file_too_large("partie.djambi.txt"), ""),
        ("file_unreadable", notices.file_unreadable("partie.djambi.txt",
                                                    "NotReadableError: the file changed"),
         "NotReadableError"),
        ("move_refused", notices.move_refused(refused_move()), "C7-F9"),
        ("computer_failed", notices.computer_failed(RuntimeError("search failed at depth 3")),
         "depth 3"),
        ("suggestion_failed", notices.suggestion_failed(RuntimeError("search failed at depth 3")),
         "depth 3"),
        ("qr_failed", notices.qr_failed(ValueError("data too long for version 40")), "version 40"),
        ("backup_refused", notices.backup_refused(damaged_backup()), "Z9Z"),
        ("said", notices.said(saving.write_error(RuntimeError("SecurityError: insecure"))),
         "SecurityError"),
        ("said", notices.said(saving.write_error(RuntimeError("QuotaExceededError"))),
         "QuotaExceeded"),
        ("said", notices.said(settings.save_settings(Refusing(), settings.Settings())),
         "SecurityError"),
    ]
    return cases


def refused_move() -> ValueError:
    game = session.new_game()
    with pytest.raises(ValueError) as info:
        game.play("C7-F9")
    return info.value


def damaged_backup() -> backup.BackupError:
    game = session.new_game()
    game.play("C7-F4")
    data = json.loads(backup.backup_text([game], datetime(2026, 11, 27, 23, 0)))
    data["games"][0]["game"] = data["games"][0]["game"][:-3] + "Z9Z"
    with pytest.raises(backup.BackupError) as info:
        backup.read_backup(json.dumps(data), "b.json")
    return info.value


class Refusing:
    """A browser storage that refuses every write."""

    def set(self, key, value):
        raise RuntimeError("SecurityError: the operation is insecure")


def message_kinds() -> set[str]:
    """Every function of ``notices`` that makes a ``Message``."""
    return {name for name, fn in inspect.getmembers(notices, inspect.isfunction)
            if fn.__module__ == notices.__name__
            and inspect.signature(fn).return_annotation in ("Message", notices.Message)}


ENGLISH_WORDS = re.compile(r"\b(the|is|was|cannot|could|not|link|file|game|your|move|again|"
                           r"details|unchanged|browser|try|choose)\b", re.IGNORECASE)


def test_the_examples_walk_every_kind_of_message():
    assert {kind for kind, _m, _raw in examples()} == message_kinds()


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_every_message_is_sentences_in_the_language_with_the_details_apart(in_language, lang):
    english = [message for _k, message, _r in examples()]
    in_language(lang)
    for (kind, message, raw), source in zip(examples(), english):
        shown = Shown(notices.message_html(message))
        sentence = shown.parts["sentence"]
        assert sentence == message.sentence and sentence.endswith((".", "»", "“", "”")), (kind, sentence)
        assert message.happened and (message.kept or message.todo or (  # what was kept, what to do
            kind in ("backup_refused", "said") and sentence.count(". ") >= 1)), (kind, sentence)
        for bad in (*RAW, raw):
            assert not bad or bad not in sentence, (kind, bad, sentence)
        assert "anglais" not in sentence and "angličtin" not in sentence
        if message.details:
            assert shown.parts["summary"] == i18n._("Details")
            assert shown.parts["details"] == message.details
            if raw and kind != "said":
                assert raw in message.details, (kind, raw, message.details)
        else:
            assert "details" not in shown.tags and not shown.parts["details"]
        if lang == "en":
            continue
        assert shown.parts["summary"] in ("", {"fr": "Détails", "cs": "Podrobnosti"}[lang])
        # every part translated: none is its English msgid, and no English word is left
        for part, english_part in zip((message.happened, message.kept, message.todo),
                                      (source.happened, source.kept, source.todo)):
            assert not part or part != english_part, (kind, part)
        assert not ENGLISH_WORDS.search(sentence), (kind, sentence)


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_a_bad_position_link_says_so_without_its_raw_text(in_language, lang):
    """The defect: a bad position link showed the raw position string and the engine's English
    inline (in French "(détail en anglais : …)")."""
    in_language(lang)
    problem = refused_link("#P1.zz9")
    assert "zz9" not in str(problem) and "anglais" not in str(problem)
    assert "P1.zz9" in problem.details
    message = notices.link_refused(problem)
    assert "zz9" not in message.sentence and message.kept == i18n._("Your saved game is unchanged.")


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_a_tampered_game_file_says_so_without_the_engine_s_words(in_language, lang):
    """The defect: a tampered game file showed the engine's explanation inline, in English."""
    game = session.new_game()
    game.play("C7-F4")
    text = gamefile.record_text(game, datetime(2026, 11, 27)).replace("C7-F4", "C7-F9")
    in_language(lang)
    problem = refused_file(text)
    assert "C7-F9" not in str(problem) and "move 1" not in str(problem)
    assert "anglais" not in str(problem) and "angličtin" not in str(problem)
    assert "C7-F9" in problem.details or "move 1" in problem.details
    message = notices.file_refused(problem)
    assert message.kept == i18n._("Your game is unchanged.") and message.todo


def test_storage_refusals_keep_the_browser_s_words_out():
    """The defect: "The game could not be saved (SecurityError: …)" named the browser's error."""
    text = saving.write_error(RuntimeError("SecurityError: the operation is insecure"))
    assert "SecurityError" not in text and "could not be saved" in text
    assert "SecurityError" not in settings.save_settings(Refusing(), settings.Settings())


def test_the_details_are_escaped():
    shown = notices.message_html(notices.Message("A <b>bold</b> claim.", details='<img src=x onerror="y">'))
    assert "<img" not in shown and "<b>" not in shown and "&lt;img" in shown


@pytest.mark.parametrize("lang, names", [
    ("en", ["Queen", "Rook", "Bishop", "Knight", "Catapult", "Archer", "Prince"]),
    ("fr", ["Dame", "Tour", "Fou", "Cavalier", "Catapulte", "Archer", "Prince"]),
    ("cs", ["Dáma", "Věž", "Střelec", "Jezdec", "Katapult", "Lučištník", "Princ"]),
])
def test_the_promotion_chooser_names_each_piece_in_the_language(in_language, lang, names):
    """The defect: the chooser showed figures only, the names in tooltips (never on touch)."""
    from app.games.camblam import render

    in_language(lang)
    assert render.promotion_choices() == list(zip("QRBNCAH", names))
