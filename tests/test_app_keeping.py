"""Keeping the saved games (app/state/keeping.py): who is told how to keep them, and in what words."""

from __future__ import annotations

import pytest

from app.text.i18n import _, set_language
from app.present.statictext import STATIC
from app.state import keeping
from app.state.keeping import BACKUP, HOME_SCREEN, INSTALL, NOTHING, Browser

IPAD = ("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/17.5 Mobile/15E148 Safari/604.1")
IPAD_DESKTOP = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like "
                "Gecko) Version/17.5 Safari/605.1.15")
CHROME_IOS = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
              "like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1")
CHROME = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/131.0.0.0 Safari/537.36")
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/131.0.0.0 Mobile Safari/537.36")
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
WEBKITGTK = ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) "
             "Version/18.0 Safari/605.1.15")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("agent, touch, safari", [
    (IPAD, 5, True), (IPAD_DESKTOP, 5, True), (IPAD_DESKTOP, 0, True), (CHROME_IOS, 5, True),
    (WEBKITGTK, 0, True), (CHROME, 0, False), (ANDROID, 5, False), (FIREFOX, 0, False)])
def test_safaris_engine_is_known_by_its_user_agent(agent, touch, safari):
    assert keeping.safari_engine(agent, touch) is safari


@pytest.mark.parametrize("browser, persisted, kind", [
    (Browser(safari=True, standalone=False, can_persist=True), True, HOME_SCREEN),  # 7 days anyway
    (Browser(safari=True, standalone=False, can_persist=False), None, HOME_SCREEN),
    (Browser(safari=True, standalone=True, can_persist=True), False, NOTHING),  # Home Screen app
    (Browser(safari=False, standalone=False, can_persist=True), True, NOTHING),
    (Browser(safari=False, standalone=False, can_persist=True), False, INSTALL),
    (Browser(safari=False, standalone=True, can_persist=True), False, BACKUP),  # installed
    (Browser(safari=False, standalone=False, can_persist=False), None, INSTALL),
])
def test_who_is_told_how_to_keep_the_games(browser, persisted, kind):
    assert keeping.advice(browser, persisted) == kind


def test_told_once():
    assert keeping.tell(INSTALL, told=False) and not keeping.tell(INSTALL, told=True)
    assert not keeping.tell(NOTHING, told=False)


@pytest.mark.parametrize("lang, home, install", [
    ("en", "“Add to Home Screen”", "install the app"),
    ("fr", "«\u00a0Sur l'écran d'accueil\u00a0»", "installez l'application"),
    ("cs", "„Přidat na plochu“", "nainstalujte aplikaci"),
])
def test_the_words_say_how_in_every_language(lang, home, install):
    """Safari's own words for its menu item; the backup's button as the Games dialog names it."""
    set_language(lang)
    assert home in keeping.words(HOME_SCREEN)
    assert install in keeping.words(INSTALL)
    assert keeping.words(NOTHING) == ""
    button = _(STATIC["save-all-games"])
    for kind in (HOME_SCREEN, INSTALL, BACKUP):
        assert button in keeping.words(kind)
    assert install not in keeping.words(BACKUP)
