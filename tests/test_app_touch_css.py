"""Touch on the board behaves in Safari's engine as in Chromium (issue 35): the style sheet the page
ships (static/app.css, copied into index.html at set-up) says so in the properties WebKit reads —
the prefixed ones Chromium's computed style cannot show (-webkit-touch-callout) — and the page
asks to be drawn edge to edge and keeps to the safe area (e2e/test_layout.py measures the rest)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "static" / "app.css").read_text(encoding="utf-8")


def rules(selector: str) -> list[str]:
    """The declarations of every rule whose selector list names ``selector``."""
    out = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)):
        if selector in [s.strip() for s in selectors.split(",")]:
            out.append(body)
    return out


def declared(selector: str, prop: str) -> list[str]:
    return [m.strip() for body in rules(selector)
            for m in re.findall(rf"(?:^|;|\s){re.escape(prop)}\s*:\s*([^;]+)", body)]


def test_no_selection_callout_or_magnifier_on_a_long_press_of_the_board_or_a_button():
    for selector in ("#board", "#board-area", "button"):
        assert "none" in declared(selector, "-webkit-user-select"), selector
        assert "none" in declared(selector, "user-select"), selector
        assert "none" in declared(selector, "-webkit-touch-callout"), selector


def test_no_double_tap_zoom():
    assert "manipulation" in declared("html", "touch-action")
    assert "manipulation" in declared("#board", "touch-action")


def test_drawn_edge_to_edge_and_kept_to_the_safe_area():
    head = (ROOT / "index.html").read_text(encoding="utf-8")
    viewport = re.search(r'<meta name="viewport" content="([^"]+)"', head).group(1)
    assert "viewport-fit=cover" in viewport and "user-scalable" not in viewport  # pinch zoom stays
    padding = " ".join(declared("#app", "padding"))
    for side in ("top", "right", "bottom", "left"):
        assert f"env(safe-area-inset-{side}" in padding, side
    assert "env(safe-area-inset-bottom" in " ".join(declared("#menu", "bottom"))
