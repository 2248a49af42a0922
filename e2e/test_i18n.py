"""The page in French and Czech: the browser's language (Chromium's ``locale``) chooses it, the
Settings picker switches it without a reload, ``?lang=`` overrides it; status, a narrated kill and
a dialog in each language; codes unchanged; nothing overflows at phone, tablet and desktop sizes
(screenshots written to the screenshot directory for looking at)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_app import move_list, open_link, relocated, status, tap

#: A Red militant next to a Blue militant: one tap pair kills, the corpse goes where tapped.
KILL_POSITION = relocated({"A7": "D6", "G8": "E6"})

EXPECT = {
    "fr": {
        "status": "Au tour de Rouge",
        "kill": "Rouge a tué le militant de Bleu en E6 ; le cadavre va en C4.",
        "after": "Au tour de Bleu",
        "new": "Nouvelle partie",
        "undo": "Annuler le coup",
        "seat": "Ordinateur (difficile)",
        "settings": "Réglages",
    },
    "cs": {
        "status": "Na tahu je Červený",
        "kill": "Červený zabil militanta Modrého na E6; mrtvola jde na C4.",
        "after": "Na tahu je Modrý",
        "new": "Nová hra",
        "undo": "Vrátit tah",
        "seat": "Počítač (těžký)",
        "settings": "Nastavení",
    },
}
SIZES = {"phone": (390, 844), "tablet": (768, 1024), "desktop": (1280, 800)}


def open_page(new_page, wait_ready, *, locale: str, size=(1280, 800), url: str = "/") -> Page:
    page = new_page(locale=locale, viewport={"width": size[0], "height": size[1]},
                    has_touch=size[0] < 1000)
    page.goto(url)
    wait_ready(page)
    return page


def overflowing(page: Page) -> list[str]:
    """Visible elements whose text is cut or sticks out (of the page, or of themselves)."""
    return page.evaluate("""() => {
        const out = [];
        const vw = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > vw + 1) out.push('page scrolls sideways');
        for (const el of document.querySelectorAll('button, label, legend, h2, p, span, select, #status, #prompt')) {
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height || el.closest('[hidden]') || el.closest('svg')) continue;
            if (el.closest('dialog') && !el.closest('dialog[open]')) continue;
            const style = getComputedStyle(el);
            if (style.visibility === 'hidden') continue;
            if (r.right > vw + 1 || r.left < -1) out.push('outside: ' + (el.id || el.textContent.trim().slice(0, 40)));
            if (el.scrollWidth > el.clientWidth + 1 && style.overflow !== 'visible' && el.clientWidth)
                out.push('cut: ' + (el.id || el.textContent.trim().slice(0, 40)));
        }
        return out;
    }""")


@pytest.mark.parametrize("lang,locale", [("fr", "fr-FR"), ("cs", "cs-CZ")])
def test_the_browser_language_chooses_status_narration_and_dialogs(new_page, wait_ready, lang, locale):
    words = EXPECT[lang]
    page = open_page(new_page, wait_ready, locale=locale)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("#btn-undo")).to_have_text(words["undo"])
    open_link(page, "#" + KILL_POSITION)
    assert status(page) == words["status"]
    tap(page, "D6", "E6", "C4")
    expect(page.locator("#status")).to_have_text(words["after"])
    # The code in the move list is the same in every language.
    assert move_list(page) == ["1. Red D6xE6@C4"]
    expect(page.locator("#event-log li").last).to_contain_text(words["kill"])
    expect(page.locator("#announce")).to_contain_text(words["kill"])
    page.click("#btn-new")
    expect(page.locator("#newgame-title")).to_have_text(words["new"])
    expect(page.locator("#seat-b option[value=hard]")).to_have_text(words["seat"])
    page.keyboard.press("Escape")
    expect(page.locator("#newgame-dialog")).to_be_hidden()


def test_english_by_default_and_the_picker_switches_without_reload(new_page, wait_ready):
    page = open_page(new_page, wait_ready, locale="en-US")
    assert page.evaluate("document.documentElement.lang") == "en"
    open_link(page, "#" + KILL_POSITION)
    tap(page, "D6", "E6", "C4")
    assert status(page) == "Blue to move"
    page.evaluate("window.__sameDocument = true")
    code = page.evaluate("window.djambiApp()")
    for lang in ("cs", "fr", "en"):
        page.click("#btn-settings")
        page.select_option("#set-lang", lang)
        page.keyboard.press("Escape")
        expect(page.locator("#settings-dialog")).to_be_hidden()
        assert page.evaluate("document.documentElement.lang") == lang
        if lang != "en":
            words = EXPECT[lang]
            expect(page.locator("#status")).to_have_text(words["after"])
            expect(page.locator("#event-log li").last).to_contain_text(words["kill"])
            expect(page.locator("#btn-settings")).to_have_text(words["settings"])
            expect(page.locator("#btn-undo")).to_have_text(words["undo"])
    expect(page.locator("#status")).to_have_text("Blue to move")
    expect(page.locator("#event-log li").last).to_contain_text(
        "Red killed Blue's militant on E6; the corpse goes to C4.")
    assert page.evaluate("window.__sameDocument") is True  # never reloaded
    assert page.evaluate("window.djambiApp()") == code  # the game is untouched


def test_the_chosen_language_is_remembered_and_url_lang_wins(new_page, wait_ready):
    page = open_page(new_page, wait_ready, locale="en-US")
    page.click("#btn-settings")
    page.select_option("#set-lang", "cs")
    page.click("#settings-close")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.locator("#set-lang").input_value() == "cs"
    page.goto("/?lang=fr")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator("#btn-new")).to_have_text("Nouvelle partie")
    # A link made in French opens in another language: codes never change with the language.
    open_link(page, "#" + KILL_POSITION)
    tap(page, "D6", "E6", "C4")
    page.click("#btn-share")
    link = page.locator("#link-game").input_value()
    page.keyboard.press("Escape")
    other = open_page(new_page, wait_ready, locale="cs-CZ")
    open_link(other, "#" + link.split("#", 1)[1])
    assert status(other) == EXPECT["cs"]["after"]
    assert move_list(other) == move_list(page)


def test_link_errors_are_in_the_language_with_the_engine_detail(new_page, wait_ready):
    page = open_page(new_page, wait_ready, locale="fr-FR")
    page.evaluate("f => { location.hash = f; }", "#P1.nonsense")
    expect(page.locator("#message-text")).to_contain_text("Impossible d'ouvrir la partie de ce lien")
    expect(page.locator("#message-text")).to_contain_text("Votre partie enregistrée n'a pas changé.")


@pytest.mark.parametrize("lang,locale", [("fr", "fr-FR"), ("cs", "cs-CZ")])
@pytest.mark.parametrize("size", list(SIZES))
def test_layouts_hold_in_french_and_czech(new_page, wait_ready, screenshot_dir, lang, locale, size):
    page = open_page(new_page, wait_ready, locale=locale, size=SIZES[size])
    open_link(page, "#" + KILL_POSITION)
    tap(page, "D6", "E6")  # a prompt that asks for the corpse square
    assert overflowing(page) == []
    page.screenshot(path=str(screenshot_dir / f"i18n-{lang}-{size}.png"))
    tap(page, "C4")
    for dialog, opener in (("#newgame-dialog", "#btn-new"), ("#share-dialog", "#btn-share"),
                           ("#settings-dialog", "#btn-settings"), ("#draw-dialog", "#btn-draw")):
        page.click(opener)
        expect(page.locator(dialog)).to_be_visible()
        assert overflowing(page) == [], dialog
        if size != "desktop":
            page.screenshot(path=str(screenshot_dir / f"i18n-{lang}-{size}-{dialog[1:]}.png"))
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()


REMOTE_WORDS = {
    "fr": {"send": "Envoyer le coup à Bleu", "text": "Bleu joue sur un autre appareil",
           "game": "Partie 1", "link": "Lien pour le joueur suivant", "copy": "Copier",
           "games": "Parties", "waiting": "Au tour de Bleu (sur un autre appareil)",
           "last": "Dernier coup : Rouge A7-A6", "here": "ouverte ici", "open": "Ouvrir"},
    "cs": {"send": "Poslat tah pro Modrého", "text": "Modrý hraje na jiném zařízení",
           "game": "Hra 1", "link": "Odkaz pro dalšího hráče", "copy": "Kopírovat",
           "games": "Hry", "waiting": "Na tahu je Modrý (na jiném zařízení)",
           "last": "Poslední tah: Červený A7-A6", "here": "otevřená zde", "open": "Otevřít"},
}


@pytest.mark.parametrize("lang,locale", [("fr", "fr-FR"), ("cs", "cs-CZ")])
def test_the_send_dialog_and_the_games_list_in_french_and_czech(new_page, wait_ready,
                                                                  screenshot_dir, lang, locale):
    """Play by link on a phone: the send dialog and the Games list speak the page's language
    (the default game name too), and a language switch changes them without a reload."""
    words = REMOTE_WORDS[lang]
    page = open_page(new_page, wait_ready, locale=locale, size=SIZES["phone"])
    page.click("#btn-new")
    page.check("#players-4")
    page.select_option("#seat-b", "remote")
    page.click("#newgame-start")
    tap(page, "A7", "A6")  # Red's move here; Blue plays on another device: the link is offered
    expect(page.locator("#send-dialog")).to_be_visible()
    expect(page.locator("#send-title")).to_have_text(words["send"])
    expect(page.locator("#send-text")).to_contain_text(words["text"])
    expect(page.locator("#send-text")).to_contain_text(words["game"])
    expect(page.locator("#send-dialog .link-row")).to_contain_text(words["link"])
    expect(page.locator("#send-copy")).to_have_text(words["copy"])
    assert overflowing(page) == []
    page.screenshot(path=str(screenshot_dir / f"i18n-{lang}-phone-send.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#send-dialog")).to_be_hidden()
    if page.is_visible("#message"):
        page.click("#message-close")
    page.click("#btn-games")
    expect(page.locator("#games-title")).to_have_text(words["games"])
    row = page.locator("#games-list li.game").first
    expect(row.locator(".game-name")).to_contain_text(words["game"])
    expect(row.locator(".game-name")).to_contain_text(words["here"])
    expect(row.locator(".game-status")).to_have_text(words["waiting"])
    expect(row.locator(".game-detail")).to_contain_text(words["last"])
    expect(row.locator(".game-open")).to_have_text(words["open"])
    assert overflowing(page) == []
    page.screenshot(path=str(screenshot_dir / f"i18n-{lang}-phone-games.png"))
    page.keyboard.press("Escape")
    # Another language, no reload: the same stored game shows under the other default name.
    other = "cs" if lang == "fr" else "fr"
    page.click("#btn-settings")
    page.select_option("#set-lang", other)
    page.keyboard.press("Escape")
    page.click("#btn-games")
    expect(page.locator("#games-title")).to_have_text(REMOTE_WORDS[other]["games"])
    expect(page.locator("#games-list li.game").first.locator(".game-name")).to_contain_text(
        REMOTE_WORDS[other]["game"])
