"""The page in French and Czech: the browser's language (Chromium's ``locale``) chooses it, the
Settings picker switches it without a reload, ``?lang=`` overrides it; status, a narrated kill and
a dialog in each language; codes unchanged; nothing overflows at phone, tablet and desktop sizes
(screenshots written to the screenshot directory for looking at). The learning views (welcome,
lessons, piece guide, rules) in French and Czech, and rewritten by a language switch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_app import move_list, open_link, relocated, status, tap
from conftest import menu_click

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


@pytest.mark.parametrize("lang,locale,start", [("fr", "fr-FR", "snapshot"), ("cs", "cs-CZ", "fresh")])
def test_a_first_start_speaks_the_browsers_language_before_python(new_page, wait_ready, lang, locale, start,
                                                                   external_requests):
    """Every word the loading bar shows, from the first to the last before the game is ready, and
    the page's static texts as soon as it is parsed, are the language's (locale/loader-words.js):
    restoring the start-up snapshot (French, a returning visit), or starting Python afresh (Czech,
    a first visit). Python's start leaves those texts as they are (it would restyle the whole page
    for nothing: app/main.py apply_language)."""
    from test_app_startup import LOADING_JS, install_release

    page = new_page(locale=locale, viewport={"width": 768, "height": 1024}, has_touch=True,
                    service_workers="allow")
    if start == "snapshot":
        install_release(page, "/")
    page.add_init_script(LOADING_JS)
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        window.__early = { status: document.getElementById("status").textContent,
                           newGame: document.getElementById("btn-new").textContent,
                           ready: document.body.dataset.ready };
        window.__rewritten = [];
        // A marked text rewritten: a [data-i18n] element's own text, or a marked attribute.
        new MutationObserver((records) => { for (const r of records) {
            const el = r.type === "characterData" ? r.target.parentElement : r.target;
            if (el && el.matches(r.type === "attributes" ? "[data-i18n-label], [data-i18n-title], [data-i18n-empty]"
                                                           : "[data-i18n]")) window.__rewritten.push(el.id); } })
          .observe(document.getElementById("app"), { subtree: true, childList: true, characterData: true,
                                                      attributes: true, attributeFilter: ["aria-label", "title", "data-empty"] });
    })""")
    page.goto("/")
    wait_ready(page)
    # (the static texts only: the turn's box and the lists are Python's to fill)
    rewritten = [name for name in page.evaluate("() => window.__rewritten")
                 if name in {"btn-new", "btn-undo", "btn-share", "moves-box", "players-box"}]
    assert rewritten == [], rewritten
    expect(page.locator("#btn-new")).to_have_text(EXPECT[lang]["new"])
    texts = [text for _at, text in page.evaluate("() => window.__loading.texts")]
    early = page.evaluate("() => window.__early")
    assert early["ready"] == "0"  # as the page was parsed, long before Python
    assert early["status"] == {"fr": "Chargement…", "cs": "Načítání…"}[lang]
    assert early["newGame"] == EXPECT[lang]["new"]
    words = page.evaluate("() => window.djambiLoaderWords")
    assert texts[0] == words[lang]["loading-runtime"], texts
    assert page.evaluate("() => djambiBoot.how") == start
    assert words[lang]["starting-game"] in texts, texts
    assert (words[lang]["starting-python"] in texts) is (start == "fresh"), texts
    assert not set(texts) & set(words["en"].values()), texts  # no English on the way
    assert "Drawing the board…" not in texts  # Python's own words (its catalog) follow
    assert page.get_attribute("html", "lang") == lang
    assert external_requests == []


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
    menu_click(page, "#btn-new")
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
        menu_click(page, "#btn-settings")
        page.select_option("#set-lang", lang)
        page.keyboard.press("Escape")
        expect(page.locator("#settings-dialog")).to_be_hidden()
        expect(page.locator("html")).to_have_attribute("lang", lang)  # once its catalog has come
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
    menu_click(page, "#btn-settings")
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
    menu_click(page, "#btn-share")
    link = page.locator("#link-game").input_value()
    page.keyboard.press("Escape")
    other = open_page(new_page, wait_ready, locale="cs-CZ")
    open_link(other, "#" + link.split("#", 1)[1])
    assert status(other) == EXPECT["cs"]["after"]
    assert move_list(other) == move_list(page)


def test_link_errors_are_in_the_language_with_the_engine_detail_behind_details(new_page, wait_ready):
    page = open_page(new_page, wait_ready, locale="fr-FR")
    page.evaluate("f => { location.hash = f; }", "#P1.nonsense")
    sentence = page.locator("#message-text .message-sentence")
    expect(sentence).to_contain_text("La partie de ce lien est illisible")
    expect(sentence).to_contain_text("Votre partie enregistrée n'a pas changé.")
    assert "nonsense" not in sentence.inner_text()  # the bad text only behind « Détails »
    details = page.locator("#message-text details")
    expect(details.locator("summary")).to_have_text("Détails")
    assert details.get_attribute("open") is None
    assert "P1.nonsense" in details.text_content()


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
        menu_click(page, opener)
        expect(page.locator(dialog)).to_be_visible()
        assert overflowing(page) == [], dialog
        if size != "desktop":
            page.screenshot(path=str(screenshot_dir / f"i18n-{lang}-{size}-{dialog[1:]}.png"))
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()



#: The left edges of the new-game dialog's shown seat choices, one per seat.
SEAT_EDGES = """() => [...document.querySelectorAll('#newgame-dialog .seat:not([hidden]) select')]
    .map(select => Math.round(select.getBoundingClientRect().left))"""


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("fr", "fr-FR"), ("cs", "cs-CZ")])
def test_the_seat_choices_line_up_on_a_phone_in_every_language(new_page, wait_ready, lang, locale):
    """On a phone the army names ("Rouge", "Vert"; "Červený", "Modrý") are of different widths:
    every seat's choice still starts where the others' do, for Djambi's four and Camblam's two."""
    page = open_page(new_page, wait_ready, locale=locale, size=SIZES["phone"])
    menu_click(page, "#btn-new")
    expect(page.locator("#newgame-dialog")).to_be_visible()
    for game, seats in (("djambi", 4), ("camblam", 2)):
        page.select_option("#game", game)
        edges = page.evaluate(SEAT_EDGES)
        assert len(edges) == seats and len(set(edges)) == 1, (game, edges)
        assert overflowing(page) == [], game
    page.keyboard.press("Escape")
    expect(page.locator("#newgame-dialog")).to_be_hidden()

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
    menu_click(page, "#btn-new")
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
    menu_click(page, "#btn-games")
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
    menu_click(page, "#btn-settings")
    page.select_option("#set-lang", other)
    page.keyboard.press("Escape")
    menu_click(page, "#btn-games")
    expect(page.locator("#games-title")).to_have_text(REMOTE_WORDS[other]["games"])
    expect(page.locator("#games-list li.game").first.locator(".game-name")).to_contain_text(
        REMOTE_WORDS[other]["game"])


# ---------------------------------------------------------------------------- learning views
LEARN = {
    "fr": {
        "learn": "Apprendre", "threats": "Menaces", "suggest": "Suggérer un coup",
        "welcome": "Bienvenue dans Djambi", "computer": "Jouer contre l'ordinateur",
        "lessons": "Leçons", "first": "1. Le militant", "title": "Le militant",
        "count": "Leçon 1 sur 13",
        "task": "Tuez le militant de Bleu en D7 avec votre militant en D5, puis posez le cadavre "
                "où vous voulez.",
        "wrong": "Pas celui-là, le coup est annulé. Rouge a déplacé son militant de D5 en D6.",
        "done": "Leçon terminée.", "rules": "Les règles", "pieces-section": "3. Les actions des pièces",
        "rule-text": "le cadavre reste où il était", "guide": "Les pièces", "kind": "Nécromobile",
        "moves": "Déplacement :", "tip": "I9 : Le chef de Bleu, joué par Bleu.",
    },
    "cs": {
        "learn": "Výuka", "threats": "Hrozby", "suggest": "Navrhnout tah",
        "welcome": "Vítejte v Djambi", "computer": "Hrát proti počítači",
        "lessons": "Lekce", "first": "1. Militant", "title": "Militant", "count": "Lekce 1 z 13",
        "task": "Zabijte militanta Modrého na D7 svým militantem z D5 a mrtvolu pak položte, kam "
                "chcete.",
        "wrong": "Tento ne, tah se vrací.", "done": "Lekce dokončena.", "rules": "Pravidla",
        "pieces-section": "3. Co figurky dělají", "rule-text": "mrtvola zůstane, kde byla",
        "guide": "Figurky", "kind": "Nekromobil", "moves": "Tah:",
        "tip": "I9: Náčelník Modrého, hraje za něj Modrý.",
    },
}
LEARN_SIZES = {"phone": (390, 844), "tablet": (768, 1024)}


def learn_square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


@pytest.mark.parametrize("lang,locale", [("fr", "fr-FR"), ("cs", "cs-CZ")])
@pytest.mark.parametrize("size", list(LEARN_SIZES))
def test_welcome_lesson_guide_and_rules_in_french_and_czech(new_page, wait_ready, screenshot_dir,
                                                            external_requests, lang, locale, size):
    words = LEARN[lang]
    width, height = LEARN_SIZES[size]
    page = new_page(first_visit=True, locale=locale, viewport={"width": width, "height": height},
                    has_touch=True, is_mobile=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/")
    wait_ready(page)
    shot = lambda name: page.screenshot(path=str(screenshot_dir / f"i18n-learn-{lang}-{size}-{name}.png"))
    # The welcome, on a first visit.
    expect(page.locator("#welcome-dialog")).to_be_visible()
    expect(page.locator("#welcome-title")).to_have_text(words["welcome"])
    expect(page.locator("#welcome-computer")).to_have_text(words["computer"])
    assert overflowing(page) == []
    shot("welcome")
    # The lessons list and a lesson: a wrong move answered, then the lesson's move.
    page.click("#welcome-learn")
    expect(page.locator("#lessons-title")).to_have_text(words["lessons"])
    expect(page.locator("#lesson-list-items .lesson-name").first).to_have_text(words["first"])
    assert overflowing(page) == []
    shot("lessons")
    page.locator("#lesson-list-items button").first.click()
    expect(page.locator("#lesson-title")).to_have_text(words["title"])
    expect(page.locator("#lesson-count")).to_have_text(words["count"])
    expect(page.locator("#lesson-task")).to_have_text(words["task"])
    learn_square(page, "D5").click()
    learn_square(page, "D6").click()
    expect(page.locator("#lesson-note")).to_contain_text(words["wrong"])
    assert overflowing(page) == []
    shot("lesson-wrong")
    for name in ("D5", "D7", "A1"):
        learn_square(page, name).click()
    expect(page.locator("#lesson-note")).to_contain_text(words["done"])
    assert overflowing(page) == []
    shot("lesson-done")
    page.click("#lesson-leave")
    expect(page.locator("#lesson-box")).to_be_hidden()
    for button in ("learn", "threats", "suggest"):
        expect(page.locator(f"#btn-{button}")).to_have_text(words[button])
    # The piece guide and the rules, from the welcome.
    menu_click(page, "#btn-learn")
    page.click("#welcome-guide")
    expect(page.locator("#guide-title")).to_have_text(words["guide"])
    expect(page.locator("#guide-N h3")).to_have_text(words["kind"])
    expect(page.locator("#guide-M p strong").first).to_have_text(words["moves"] + " ")
    assert overflowing(page) == []
    shot("guide")
    page.keyboard.press("Escape")
    menu_click(page, "#btn-learn")
    page.click("#welcome-rules")
    expect(page.locator("#rules-title")).to_have_text(words["rules"])
    page.locator("#rules-body summary", has_text=words["pieces-section"]).click()
    expect(page.locator("#rules-body")).to_contain_text(words["rule-text"])
    assert "test" not in page.text_content("#rules-body").lower()
    assert overflowing(page) == []
    shot("rules")
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    assert errors == [] and external_requests == []


def switch_in_settings(page: Page, lang: str) -> None:
    menu_click(page, "#btn-settings")
    page.select_option("#set-lang", lang)
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()


def test_a_language_switch_rewrites_the_guide_rules_and_lessons_without_reload(new_page, wait_ready):
    """The guide and the rules are built once (the rules when first read): a switch rewrites
    them; the lessons list too; the piece tip follows."""
    page = new_page(locale="en-US", viewport={"width": 1280, "height": 800})
    page.goto("/")
    wait_ready(page)
    page.evaluate("window.__sameDocument = true")
    for fragment in ("#guide", "#rules", "#learn"):  # each read once in English
        page.evaluate("f => { location.hash = f; }", fragment)
        page.wait_for_function("() => document.querySelector('dialog[open]') !== null")
        page.keyboard.press("Escape")
    expect(page.locator("#guide-N h3")).to_have_text("Necromobile")
    for lang in ("fr", "cs"):
        words = LEARN[lang]
        switch_in_settings(page, lang)
        expect(page.locator("#btn-learn")).to_have_text(words["learn"])
        menu_click(page, "#btn-learn")
        expect(page.locator("#welcome-title")).to_have_text(words["welcome"])
        page.click("#welcome-guide")
        expect(page.locator("#guide-N h3")).to_have_text(words["kind"])
        expect(page.locator("#guide-M p strong").first).to_have_text(words["moves"] + " ")
        page.keyboard.press("Escape")
        page.evaluate("f => { location.hash = f; }", "#rules")
        expect(page.locator("#rules-title")).to_have_text(words["rules"])
        expect(page.locator("#rules-body summary").nth(3)).to_have_text(
            re.compile("^" + re.escape(words["pieces-section"])))
        page.keyboard.press("Escape")
        page.evaluate("f => { location.hash = f; }", "#learn")
        expect(page.locator("#lesson-list-items .lesson-name").first).to_have_text(words["first"])
        page.keyboard.press("Escape")
    learn_square(page, "I9").hover()
    expect(page.locator("#piece-tip")).to_have_text(LEARN["cs"]["tip"])
    assert page.evaluate("window.__sameDocument") is True


def test_a_language_switch_rewrites_a_lesson_being_played(new_page, wait_ready):
    """During a lesson the game tools (Settings among them) are hidden, so a player switches
    before or after; should the language change while a lesson is shown, the panel follows:
    the picker's change event is sent to it directly."""
    page = new_page(locale="en-US", viewport={"width": 1280, "height": 800})
    page.goto("/#learn")
    wait_ready(page)
    page.locator("#lesson-list-items button").first.click()
    learn_square(page, "D5").click()
    learn_square(page, "D6").click()
    expect(page.locator("#lesson-note")).to_contain_text("Not this one")
    for lang in ("fr", "cs"):
        words = LEARN[lang]
        page.evaluate("""v => { const s = document.querySelector('#set-lang'); s.value = v;
                                s.dispatchEvent(new Event('change')); }""", lang)
        expect(page.locator("#lesson-title")).to_have_text(words["title"])
        expect(page.locator("#lesson-count")).to_have_text(words["count"])
        expect(page.locator("#lesson-task")).to_have_text(words["task"])
        expect(page.locator("#lesson-note")).to_contain_text(words["wrong"])
        expect(page.locator("#lesson-hint")).not_to_have_text("Hint")
