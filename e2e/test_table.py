"""The table on a tablet (issue 28): nobody left wondering when a human player is out, the
computers' pace, "your turn" after computers moved."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import menu_click
from test_app import open_link, relocated, tap

#: Blue to move, its militant on E7 next to Red's chief on D6: a computer playing Blue kills him.
RED_CHIEF_EXPOSED = relocated({"A9": "D6", "G8": "E7"}, turn="b")


def start_computers(page) -> None:
    """A link's computers wait for a tap on "Let it play" (a game made elsewhere)."""
    page.wait_for_function("""() => !document.getElementById('paused').hidden
        || document.querySelectorAll('#move-list li').length > 0""")
    if page.is_visible("#btn-resume"):
        page.click("#btn-resume")


def test_a_human_put_out_is_told_why_and_can_finish_quickly(page, wait_ready, screenshot_dir):
    page.goto("./")
    wait_ready(page)
    open_link(page, f"#{RED_CHIEF_EXPOSED};seats=hnnn")
    start_computers(page)
    notice = page.locator("#out-notice")
    expect(notice).to_be_visible(timeout=60_000)
    expect(page.locator("#out-text")).to_contain_text("Red is out of the game.")
    expect(page.locator("#out-text")).to_contain_text("Red's chief was killed by Blue.")
    expect(page.locator("#out-text")).to_contain_text("Only computers are left")
    for button in ("#out-undo", "#out-watch", "#out-finish", "#out-new"):
        expect(page.locator(button)).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "table-out-notice.png"))
    page.click("#out-finish")
    expect(notice).to_be_hidden()
    expect(page.locator("#btn-faster")).to_have_attribute("aria-pressed", "true")
    # The computers play on, without their pause.
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length >= 6", timeout=120_000)
    expect(notice).to_be_hidden()



def test_a_too_large_file_is_said_like_every_file_error_and_closes_the_share_dialog(page, wait_ready, tmp_path):
    page.goto("./")
    wait_ready(page)
    big = tmp_path / "big.djambi.txt"
    big.write_text("x" * 5_000_000)
    menu_click(page, "#btn-share")
    with page.expect_file_chooser() as chooser:
        page.click("#btn-open-file")
    chooser.value.set_files(str(big))
    message = page.locator("#message-text")
    expect(message).to_contain_text("is too large to be a Djambi game")
    expect(message).to_contain_text("Your game is unchanged.")
    expect(page.locator("#message")).to_have_class("error")
    expect(page.locator("#share-dialog")).to_be_hidden()
    # The message has a place of its own: it covers no button of the panel.
    covered = page.evaluate("""() => {
        const m = document.getElementById('message').getBoundingClientRect();
        return [...document.querySelectorAll('#panel button')].filter(b => {
            const r = b.getBoundingClientRect();
            return r.width && r.height && r.left < m.right && r.right > m.left && r.top < m.bottom && r.bottom > m.top
                && !document.getElementById('message').contains(b);
        }).map(b => b.id);
    }""")
    assert covered == []


def test_theme_and_sound_settings_switch_and_are_remembered(page, wait_ready):
    page.goto("./")
    wait_ready(page)
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "system")
    expect(page.locator("body")).to_have_attribute("data-sound-on", "0")  # off by default
    light = page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor")
    tap(page, "C7", "F4")
    expect(page.locator("#move-list li")).to_have_count(1)
    assert page.get_attribute("body", "data-sounds") is None  # no sound while off
    menu_click(page, "#btn-settings")
    page.select_option("#set-theme", "dark")
    expect(html).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor")
    assert dark != light and dark == "rgb(36, 33, 29)"
    page.check("#set-sound")
    expect(page.locator("body")).to_have_attribute("data-sound-on", "1")
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()
    tap(page, "G7", "G6")
    expect(page.locator("#move-list li")).to_have_count(2)
    expect(page.locator("body")).to_have_attribute("data-sounds", "1")
    expect(page.locator("body")).to_have_attribute("data-sound", "move")
    # Remembered: the theme is set before Python runs, the sound once it does.
    page.reload()
    expect(html).to_have_attribute("data-theme", "dark")
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-sound-on", "1")
    menu_click(page, "#btn-settings")
    page.select_option("#set-theme", "light")
    expect(html).to_have_attribute("data-theme", "light")
    assert page.evaluate("() => getComputedStyle(document.getElementById('panel')).backgroundColor") == light
