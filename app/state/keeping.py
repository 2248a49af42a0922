"""Keeping the saved games on this device: when the page asks the browser to keep its storage,
and what it tells the player where the browser may still delete it. Pure Python (the page asks
``navigator.storage.persist()`` and shows the words: ``app.views.keepview``).

* The page asks once a visit, when a game is first saved (``Asking``): a browser grants or refuses
  without a question to the player (Chromium and Firefox decide from how the site is used;
  Firefox may ask).
* Where the browser refuses (``persist()`` false), has no such request, or is Safari's engine
  outside a Home Screen app (Safari deletes a site's storage after seven days without a visit,
  whatever ``persist()`` says, unless the site was added to the Home Screen), the player is told
  once, ever (``TOLD_KEY``, in this device's storage beside the settings), how to keep the games:
  add the page to the Home Screen (Safari), or install the app (other browsers; already installed,
  only the backup), and save a backup of all games now and then (``app.state.backup``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.text.i18n import _

#: Set once the player was told how to keep the games (never told twice on this device).
TOLD_KEY = "djambi.keep-told.v1"

#: What to tell: nothing, add to the Home Screen (Safari), install the app (other browsers), save
#: backups (an installed app whose storage the browser still may delete).
NOTHING, HOME_SCREEN, INSTALL, BACKUP = "", "home-screen", "install", "backup"

_APPLE_DEVICE = re.compile(r"iPhone|iPad|iPod")
_NOT_SAFARI = re.compile(r"Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg/|Firefox|Android|OPR/")


def safari_engine(user_agent: str, touch_points: int = 0) -> bool:
    """Safari, or any browser of an iPhone or iPad (all of them Safari's engine, WebKit, with its
    storage rules); an iPad asking for the desktop site says "Macintosh" and has touch points."""
    if _APPLE_DEVICE.search(user_agent):
        return True
    if "Macintosh" in user_agent and touch_points > 1:
        return True
    return "Safari/" in user_agent and "AppleWebKit" in user_agent and not _NOT_SAFARI.search(user_agent)


@dataclass(frozen=True)
class Browser:
    """What the page knows of where it runs."""

    safari: bool  # Safari's engine (``safari_engine``)
    standalone: bool  # opened from the Home Screen or as an installed app
    can_persist: bool  # ``navigator.storage.persist`` exists


def advice(browser: Browser, persisted: bool | None) -> str:
    """What to tell the player after the browser answered (``persisted``: ``persist()``'s answer,
    None when it could not be asked): ``NOTHING``, ``HOME_SCREEN``, ``INSTALL`` or ``BACKUP``."""
    if browser.safari:
        return NOTHING if browser.standalone else HOME_SCREEN
    if browser.can_persist and persisted:
        return NOTHING
    return BACKUP if browser.standalone else INSTALL


def tell(kind: str, told: bool) -> bool:
    """Whether to say it now: something to say, never said on this device before."""
    return bool(kind) and not told


def words(kind: str) -> str:
    """How to keep the games, in the player's language (``HOME_SCREEN`` or ``INSTALL``)."""
    backup = _("Now and then, save a backup of all your games to a file: Menu, Games, "
               "“Save all games”.")
    if kind == HOME_SCREEN:
        return _("This browser may delete your saved games after a few days without a visit. To "
                 "keep them, add this page to the Home Screen (the Share button, then “Add to Home "
                 "Screen”) and play from there.") + " " + backup
    if kind == INSTALL:
        return _("This browser may delete your saved games when it needs room. To keep them, "
                 "install the app (the browser's menu: “Install” or “Add to Home screen”) and "
                 "play from there.") + " " + backup
    if kind == BACKUP:
        return _("This browser may delete your saved games when it needs room.") + " " + backup
    return ""


__all__ = ["TOLD_KEY", "NOTHING", "HOME_SCREEN", "INSTALL", "BACKUP", "Browser", "safari_engine", "advice",
           "tell", "words"]
