"""Game files: the game saved as a record (``docs/formats.md``, "Game record") and read back.

Pure Python. The page turns ``record_text`` into a download and hands the text of a file the player
picked or dropped to ``game_from_file``. The record's headers carry the date, each seat (``Human``,
``Computer (normal)``, …) and the result; the engine writes ``Result`` and ``Termination`` and checks
them on reading. A header naming a seat this page does not know (a person's name, say) means a
human seat.
"""

from __future__ import annotations

import json
from datetime import datetime

from app import games

from app.text.i18n import _
from app.state.problems import Problem
from app.state.seating import HUMAN, SEAT_LABELS
from app.state.session import Game, read_review

MAX_FILE = 400_000  # characters: far more than the longest real game
SUFFIX = ".djambi.txt"


class FileError(Problem):
    """A file that is not a game record: ``str()`` says what happened, in the player's language;
    ``details`` what is wrong in the file (the rules engine's explanation, naming where)."""


def _choose_another() -> str:
    return _("Choose a game file saved with “Save to a file”.")


def record_text(game: Game, when: datetime) -> str:
    """The game as a record file's text."""
    headers = {"Date": when.strftime("%Y.%m.%d")}
    for party in game.rules.parties:
        title = game.rules.party_title(party)
        headers[title] = SEAT_LABELS.get(game.seat(party), game.seat(party))
    if game.reviewed() is not None:  # the review travels in files, never in links (docs/review.md)
        headers["Review"] = json.dumps(game.review.to_json(), separators=(",", ":"), ensure_ascii=False)
    return game.rules.format_record(game.board, headers)


def file_name(game: Game, when: datetime) -> str:
    """``djambi-2026-11-22-1432.djambi.txt`` (Camblam: ``camblam-….camblam.txt``): sorts by
    date, says what it is."""
    key = game.rules.key
    return f"{key}-{when.strftime('%Y-%m-%d-%H%M')}.{key}.txt"


def game_from_file(text: str, name: str = "") -> Game:
    """The game in a record file's text; ``FileError`` saying what is wrong (and where).
    ``name`` is the file's name (as the player sees it); without one the messages say "The
    file"."""
    if not isinstance(text, str) or "\x00" in text:
        raise FileError(_("The file {name} is not a text file.").format(name=name) if name
                        else _("The file is not a text file."), todo=_choose_another())
    if len(text) > MAX_FILE:
        raise FileError(_("The file {name} is too large to be a game.").format(name=name) if name
                        else _("The file is too large to be a game."),
                        f"{len(text):,} > {MAX_FILE:,}", _choose_another())
    if not text.strip():
        raise FileError(_("The file {name} is empty.").format(name=name) if name
                        else _("The file is empty."), todo=_choose_another())
    rules = games.for_record(text)
    try:
        board, headers = rules.parse_record(text)
    except rules.error as exc:
        raise FileError(_("The file {name} cannot be read as a game: it is damaged, or not a game "
                          "file.").format(name=name) if name
                        else _("The file cannot be read as a game: it is damaged, or not a game "
                               "file."), exc, _choose_another()) from None
    kinds = {label: kind for kind, label in SEAT_LABELS.items()}
    seats = [kinds.get(headers.get(rules.party_title(p), ""), HUMAN) for p in rules.parties]
    for party in rules.idle_seats(board):
        seats[int(party)] = HUMAN
    game = Game(board, seats, rules=rules)
    if "Review" in headers:
        try:
            game.review = read_review(json.loads(headers["Review"]))
        except ValueError:
            game.review = None  # a review that does not read is dropped, the game never is
        game.review = game.reviewed()
    return game


__all__ = ["FileError", "record_text", "file_name", "game_from_file", "SUFFIX", "MAX_FILE"]
