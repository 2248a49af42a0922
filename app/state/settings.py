"""Pass-and-play settings, and the pure decisions they drive (no browser).

Saved as one JSON object under ``SETTINGS_KEY``, apart from the game::

    {"format": "djambi-settings", "version": 1, "handover": false, "rotate": false,
     "language": "", "pieces": "figures", "sound": false, "theme": "system"}

Reading is tolerant: missing, unreadable, foreign or future data gives the defaults (and any
field of the right type is kept), never an error; the settings are not worth a message.

* ``handover``: after a move, when the player to move is a human other than the last human who
  moved, a full-screen "Pass the tablet to …" screen hides the board until tapped. Never between
  a human and a computer, never when the same player moves again (the ruler's extra turns, or a
  player whose opponents are all computers).
* ``rotate``: the board turns so that the corner of the human player to move is at the
  bottom-left (the game's ``seat_rotation``); while a computer moves it stays as it was.
* ``language``: the language chosen in Settings (``app.text.i18n.LANGUAGES``), or "" to follow the
  browser's preferred languages.
* ``pieces``: how the pieces look (``PIECE_LOOKS``): ``"figures"``, drawn figures, or
  ``"letters"``, each kind's letter in a shape of its own (``app.present.figures``). The page
  shows the letters while the root element has the class ``pieces-letters``.
* ``sound``: short sounds for a move, a kill, the maze taken and "your turn" (off by default;
  never while the page is hidden).
* ``theme``: "system" (the system's light or dark, ``prefers-color-scheme``), "light" or "dark".
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from app.games import Seat as Party

from app.text.i18n import LANGUAGES, _

#: The looks of the pieces, the default first.
PIECE_LOOKS = ("figures", "letters")
SETTINGS_KEY = "djambi.settings.v1"
SETTINGS_FORMAT = "djambi-settings"
SETTINGS_VERSION = 1
THEMES = ("system", "light", "dark")
MAX_SETTINGS = 10_000  # characters


@dataclass
class Settings:
    handover: bool = False
    rotate: bool = False
    language: str = ""
    pieces: str = "figures"
    sound: bool = False
    theme: str = "system"

    def to_json(self) -> str:
        return json.dumps({"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **asdict(self)},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: object) -> "Settings":
        """The settings in ``text``; the defaults for whatever is missing or wrong."""
        out = cls()
        if not isinstance(text, str) or len(text) > MAX_SETTINGS:
            return out
        try:
            data = json.loads(text)
        except ValueError:
            return out
        if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
            return out
        if data.get("version") != SETTINGS_VERSION:
            return out  # another version's meaning is unknown here
        for name in ("handover", "rotate", "sound"):
            value = data.get(name)
            if isinstance(value, bool):
                setattr(out, name, value)
        language = data.get("language")
        if isinstance(language, str) and language in LANGUAGES:
            out.language = language
        pieces = data.get("pieces")
        if isinstance(pieces, str) and pieces in PIECE_LOOKS:
            out.pieces = pieces
        theme = data.get("theme")
        if isinstance(theme, str) and theme in THEMES:
            out.theme = theme
        return out


def load_settings(storage) -> Settings:
    try:
        return Settings.from_json(storage.get(SETTINGS_KEY))
    except Exception:  # noqa: BLE001 (storage unavailable: the defaults)
        return Settings()


def save_settings(storage, settings: Settings) -> str:
    """Save; returns an error message, or "" when saved."""
    try:
        storage.set(SETTINGS_KEY, settings.to_json())
    except Exception:  # noqa: BLE001 (quota, private mode...)
        return _("The settings could not be saved: this browser refused to store them. They "
                 "apply until the page is closed; choose them again next time.")
    return ""


def human_to_move(game) -> Party | None:
    """The human player to move, or ``None`` (game over, or a computer's turn)."""
    board = game.board
    if board.is_game_over() or game.is_computer(board.turn):
        return None
    if getattr(game, "remote_to_move", lambda: False)():
        return None  # played on another device: no tablet to pass here
    return board.turn


def handover_to(game, last_human: Party | None) -> Party | None:
    """Who the tablet must be passed to now, when ``last_human`` was the last human to move:
    the human player to move if he is someone else, else ``None`` (no hand-over screen)."""
    to_move = human_to_move(game)
    if to_move is None or last_human is None or to_move == last_human:
        return None
    return to_move


def board_rotation(game, enabled: bool, previous: int = 0) -> int:
    """The board's rotation (``render.board_svg(rotation)``): 0 when the option is off; the human
    player to move's corner at the bottom-left when on; unchanged while a computer moves or when
    the game is over."""
    if not enabled:
        return 0
    to_move = human_to_move(game)
    if to_move is None:
        return previous
    return game.rules.seat_rotation(to_move)


__all__ = ["Settings", "SETTINGS_KEY", "PIECE_LOOKS", "load_settings", "save_settings", "human_to_move",
           "handover_to", "board_rotation"]
