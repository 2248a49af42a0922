"""What the pure layers raise when a player's input is refused (a link, a file): the sentence for
the player, in his language, and the technical part apart from it.

``str(problem)`` is what happened, a whole sentence without the bad text; ``todo`` what the player
can do about it (a sentence, or ""); ``details`` the technical part (the bad text, the rules
engine's explanation, in English), which the page shows behind "Details" at most
(``app.present.notices.Message``), never inside the sentence."""

from __future__ import annotations


class Problem(ValueError):
    """Input refused: ``str()`` says what happened, ``todo`` what to do, ``details`` the rest."""

    def __init__(self, text: str, details: object = "", todo: str = "") -> None:
        super().__init__(text)
        self.details = str(details)
        self.todo = todo


def cut(text: object, length: int = 120) -> str:
    """A bad text as the details show it: at most ``length`` characters, ``…`` where cut."""
    text = str(text)
    return text if len(text) <= length else text[:length] + "…"


__all__ = ["Problem", "cut"]
