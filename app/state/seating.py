"""Who sits where: the seat kinds (a human, the computer at a level, a person on another device),
their names and link letters, and a game's id and name. Pure Python, game-neutral."""

from __future__ import annotations

import random

from app.text.i18n import N_, _

HUMAN = "human"
#: Not a seat kind of the game (that is ``human``) but of this device's view of it: a person
#: playing on another device. The new-game dialog offers it; ``Game.here`` records it.
REMOTE = "remote"
#: Seat kinds: a human, or the computer at one of djambi.ai's levels.
COMPUTER_LEVELS = ("easy", "normal", "hard", "expert", "random")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
#: The seat kinds' names in game files (a file format: always English) and, translated with
#: ``seat_label``, on the page.
SEAT_LABELS = {"human": N_("Human"), "easy": N_("Computer (easy)"),
               "normal": N_("Computer (normal)"), "hard": N_("Computer (hard)"),
               "expert": N_("Computer (expert)"),
               "random": N_("Computer (random)"), "remote": N_("Remote (another device)")}
#: One letter per seat kind, for links (``;seats=hnnd``).
SEAT_LETTERS = {"human": "h", "easy": "e", "normal": "n", "hard": "d", "expert": "x",
                "random": "r"}
ID_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
MAX_NAME = 60


def new_id(rng: random.Random | None = None) -> str:
    """A game's id: 8 random letters and digits (shared by every device playing the game)."""
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(ID_DIGITS) for _ in range(8))


def valid_id(text: object) -> bool:
    return isinstance(text, str) and 4 <= len(text) <= 16 and all(c in ID_DIGITS for c in text)


def clean_name(text: str) -> str:
    """A game's name as shown: one line, trimmed, at most ``MAX_NAME`` characters."""
    return " ".join(str(text).split())[:MAX_NAME]


ALL_SEATS = frozenset(range(4))


def seat_label(kind: str) -> str:
    """A seat kind as the page names it, in the player's language."""
    return _(SEAT_LABELS[kind]) if kind in SEAT_LABELS else kind
