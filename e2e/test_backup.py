"""Nothing lost on a tablet (issue 35): every game saved as one backup file from the Games dialog
and opened on another device (another browser profile), merged into its Games list; the same file
again adds nothing and says so; a foreign file is refused with the list unchanged; the browser is
asked to keep the storage at the first save, and a player whose browser may delete it is told once
how to keep the games (app/state/backup.py and keeping.py decide; CPython tests every game kind)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from conftest import menu_click
from test_app import tap
from test_camblam_games import new_camblam

IPAD = ("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/17.5 Mobile/15E148 Safari/604.1")

#: The browser's answer to ``navigator.storage.persist()``, set before the page's scripts run.
PERSIST = "Object.defineProperty(StorageManager.prototype, 'persist', {value: () => Promise.resolve(%s)});"


def ready(page: Page) -> Page:
    page.goto("./")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    return page


def games_dialog(page: Page) -> None:
    menu_click(page, "#btn-games")
    expect(page.locator("#games-dialog")).to_be_visible()


def names(page: Page) -> list[str]:
    return sorted(page.locator("#games-list li.game .game-name").all_text_contents())


def open_backup(page: Page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.click("#games-import")
    chooser.value.set_files(str(path))


def test_all_games_saved_as_one_file_and_merged_on_another_device(new_page, tmp_path, external_requests):
    page = ready(new_page())
    tap(page, "C7", "F4")  # Djambi
    expect(page.locator("#move-list li")).to_have_count(1)
    new_camblam(page, "human", "human")
    tap(page, "f3", "f6")
    expect(page.locator("#move-list li")).to_have_count(1)
    games_dialog(page)
    here = names(page)
    assert len(here) == 2
    with page.expect_download() as info:
        page.click("#games-export")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name.startswith("djambi-games-") and path.suffix == ".json"
    data = json.loads(path.read_text())
    assert data["format"] == "djambi-backup" and data["version"] == 1 and data["count"] == 2
    assert sorted(g.get("kind", "djambi") for g in data["games"]) == ["camblam", "djambi"]
    expect(page.locator("#games-backup-result")).to_contain_text("2 games saved in the file")

    other = ready(new_page(viewport={"width": 820, "height": 1180}, has_touch=True))  # another device
    tap(other, "C7", "F4")
    tap(other, "H7", "H6")
    expect(other.locator("#move-list li")).to_have_count(2)
    games_dialog(other)
    assert len(names(other)) == 1
    open_backup(other, path)
    expect(other.locator("#games-backup-result")).to_contain_text(
        f"2 games from “{path.name}” were added to your Games list.")
    expect(other.locator("#games-list li.game")).to_have_count(3)
    # The same file again: nothing added, and said.
    open_backup(other, path)
    expect(other.locator("#games-backup-result")).to_contain_text("2 games were already here")
    expect(other.locator("#games-list li.game")).to_have_count(3)
    # A game of the backup opens and plays on here (its moves, its kind).
    other.locator("#games-list li.game", has_text="f3-f6").locator(".game-open").click()
    expect(other.locator('#board [data-square="l12"]')).to_have_count(1)
    expect(other.locator("#move-list li")).to_have_count(1)
    tap(other, "f10", "f7")
    expect(other.locator("#move-list li")).to_have_count(2)
    # That game, gone on here, is kept beside the backup's (never replaced) when it comes back.
    games_dialog(other)
    open_backup(other, path)
    expect(other.locator("#games-backup-result")).to_contain_text("1 game differs from the one of the same name here")
    expect(other.locator("#games-list li.game")).to_have_count(4)
    expect(other.locator("#games-list .game-name", has_text="(version 2)")).to_have_count(1)

    # A foreign file and a damaged backup: refused, the list unchanged.
    before = names(other)
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"shopping": ["bread"]}')
    open_backup(other, foreign)
    expect(other.locator("#games-backup-result")).to_contain_text("“notes.json” is not a backup of games.")
    expect(other.locator("#games-backup-result")).to_contain_text("Nothing was added: your Games list is unchanged.")
    damaged = tmp_path / "damaged.json"
    data["games"][1]["game"] = data["games"][1]["game"] + "~Z9-Z8"
    damaged.write_text(json.dumps(data))
    open_backup(other, damaged)
    expect(other.locator("#games-backup-result")).to_contain_text("Game 2 of “damaged.json” cannot be read")
    assert names(other) == before
    # Dropped on the page (or opened as a game file), a backup is merged into the Games list too.
    other.click("#games-close")
    other.evaluate("""([text, name]) => { const dt = new DataTransfer();
        dt.items.add(new File([text], name, {type: 'application/json'}));
        document.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); }""",
                   [path.read_text(), path.name])
    expect(other.locator("#games-dialog")).to_be_visible()
    expect(other.locator("#games-backup-result")).to_contain_text("were already here")
    assert names(other) == before
    assert external_requests == []


def test_the_browser_is_asked_to_keep_the_games_and_a_refusal_is_told_once(new_page):
    page = new_page(keep_told=False)
    page.context.add_init_script(PERSIST % "false")
    ready(page)
    expect(page.locator("#keep-dialog")).to_be_hidden()
    tap(page, "C7", "F4")  # the first save
    expect(page.locator("body")).to_have_attribute("data-persist", "0")
    expect(page.locator("#keep-dialog")).to_be_visible()
    expect(page.locator("#keep-text")).to_contain_text("install the app")
    expect(page.locator("#keep-text")).to_contain_text("“Save all games”")
    with page.expect_download() as info:  # the backup, offered at once
        page.click("#keep-backup")
    assert info.value.suggested_filename.startswith("djambi-games-")
    expect(page.locator("#keep-dialog")).to_be_hidden()
    expect(page.locator("#message-text")).to_contain_text("1 game saved in the file")
    # Told once: not again at the next visit's first save.
    ready(page)
    tap(page, "H7", "H6")
    expect(page.locator("body")).to_have_attribute("data-persist", "0")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(page.locator("#keep-dialog")).to_be_hidden()


def test_safari_outside_the_home_screen_is_told_to_add_it_in_the_players_language(new_page):
    page = new_page(keep_told=False, user_agent=IPAD, has_touch=True,
                    viewport={"width": 1180, "height": 820})
    page.context.add_init_script(PERSIST % "true")  # kept, but Safari's seven days still apply
    page.goto("./?lang=fr")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    tap(page, "C7", "F4")
    expect(page.locator("body")).to_have_attribute("data-persist", "1")
    expect(page.locator("#keep-dialog")).to_be_visible()
    expect(page.locator("#keep-title")).to_have_text("Gardez vos parties")
    expect(page.locator("#keep-text")).to_contain_text("«\u00a0Sur l'écran d'accueil\u00a0»")
    page.keyboard.press("Escape")
    expect(page.locator("#keep-dialog")).to_be_hidden()


def test_a_browser_that_keeps_the_games_says_nothing(new_page):
    page = new_page(keep_told=False)
    page.context.add_init_script(PERSIST % "true")
    ready(page)
    tap(page, "C7", "F4")
    expect(page.locator("body")).to_have_attribute("data-persist", "1")
    expect(page.locator("#move-list li")).to_have_count(1)
    expect(page.locator("#keep-dialog")).to_be_hidden()
