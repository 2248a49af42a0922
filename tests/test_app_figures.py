"""The drawn piece figures (app/present/figures.py): complete, well-formed, distinct, and small."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from app.present import figures
from djambi import Kind

ROOT = Path(__file__).resolve().parent.parent

SVG = "http://www.w3.org/2000/svg"


def _parse(symbol: str) -> ET.Element:
    return ET.fromstring(symbol.replace("<symbol ", f'<symbol xmlns="{SVG}" ', 1))


def test_every_djambi_kind_has_a_living_figure_and_a_corpse():
    symbols = figures.symbol_texts()
    assert set(figures.DJAMBI) == set(Kind)
    for kind in Kind:
        assert {f"k-{kind.letter}", f"d-{kind.letter}", f"f-{kind.letter}"} <= set(symbols)


def test_every_djambi_piece_has_both_looks_figure_and_letter():
    symbols = figures.symbol_texts()
    for kind in Kind:
        for ident in (f"k-{kind.letter}", f"d-{kind.letter}"):
            groups = [g.get("class") for g in _parse(symbols[ident])]
            assert groups == ["pv-f", "pv-l"], ident
            letter = _parse(symbols[ident]).find(f".//{{{SVG}}}text")
            assert letter.text == kind.letter
    # The figure shows unless an ancestor asks for the letters.
    assert ".pv-f { display: var(--fig, inline); }" in figures.FIGURE_CSS
    assert ".pv-l { display: var(--let, none); }" in figures.FIGURE_CSS
    assert ".pieces-letters { --fig: none; --let: inline; }" in figures.FIGURE_CSS


def test_every_camblam_piece_of_the_rulings_has_a_figure():
    symbols = figures.symbol_texts()
    # Rulings §1: K Q R B N C A H P.
    assert set(figures.CAMBLAM) == set("KQRBNCAHP") == set(figures.CAMBLAM_NAMES)
    for letter in "KQRBNCAHP":
        assert f"c-{letter}" in symbols


def test_every_figure_is_well_formed_svg_with_a_square_view_box():
    for ident, text in figures.symbol_texts().items():
        element = _parse(text)
        assert element.tag == f"{{{SVG}}}symbol", ident
        assert element.get("id") == ident
        assert element.get("viewBox") == "0 0 100 100", ident
        assert len(element) > 0, ident


def test_the_whole_set_parses_as_one_defs_block():
    defs = ET.fromstring(f'<defs xmlns="{SVG}">{figures.all_symbols()}</defs>')
    ids = [child.get("id") for child in defs]
    assert len(ids) == len(set(ids)) == len(figures.symbol_texts())


def test_every_use_points_at_a_symbol_of_the_set():
    ids = set(figures.symbol_texts())
    hrefs = re.findall(r'href="#([^"]+)"', figures.all_symbols())
    assert hrefs and set(hrefs) <= ids


def test_no_two_figures_are_drawn_alike():
    drawings = list(figures.DJAMBI.values()) + list(figures.CAMBLAM.values())
    assert len(set(drawings)) == len(drawings) == 6 + 9
    # The symbols too, once their own ids are left out.
    bodies = [re.sub(r'^<symbol id="[^"]+"', "<symbol", text) for text in figures.symbol_texts().values()]
    assert len(set(bodies)) == len(bodies)


def test_every_class_a_figure_uses_is_styled():
    styled = set(re.findall(r"^\.([a-z-]+) \{", figures.FIGURE_CSS, re.MULTILINE))
    used = set(re.findall(r'class="([^"]+)"', figures.all_symbols()))
    assert used and used <= styled


def test_each_party_has_its_own_mark_shown_by_its_class():
    # One mark per party, each shown by its own custom property, set by the party's class.
    for party, prop in zip("rbyg", ("--mr", "--mb", "--my", "--mg")):
        assert f"display:var({prop},none)" in figures.all_symbols()
        rule = re.search(rf"^\.pc-{party} \{{(.*)\}}$", figures.FIGURE_CSS, re.MULTILINE).group(1)
        assert f"{prop}: inline" in rule
    # A corpse shows no party's mark.
    corpse = re.search(r"^\.fx \{(.*)\}$", figures.FIGURE_CSS, re.MULTILINE).group(1)
    assert all(f"{prop}: none" in corpse for prop in ("--mr", "--mb", "--my", "--mg"))


def test_the_figures_stay_under_30_kb_compressed():
    text = (figures.all_symbols() + figures.FIGURE_CSS).encode()
    assert len(gzip.compress(text, 9)) < 30 * 1024


def test_a_small_figure_points_at_the_pieces_symbol_in_its_partys_colours():
    from djambi import Party, Piece

    militant = Piece(Kind.MILITANT, Party.BLUE)
    assert figures.piece_href(militant) == "k-M"
    assert figures.piece_href(Piece(Kind.REPORTER, None)) == "d-R"
    icon = ET.fromstring(figures.icon_svg("k-M", Party.BLUE, "fig fig-inline"))
    assert icon.get("class") == "fig fig-inline pc-b" and icon.get("aria-hidden") == "true"
    assert [u.get("href") for u in icon.iter("use")] == ["#k-M"]
    corpse = ET.fromstring(figures.icon_svg("d-M"))
    assert corpse.get("class") == "fig"  # grey: no party's colours
    assert set(figures.symbol_texts()) >= {"k-M", "d-M"}


def test_a_partys_swatch_is_its_chief_with_the_letter_kept_for_the_letters_look():
    from djambi import Party

    for party in Party:
        swatch = ET.fromstring(f"<span>{figures.swatch_html(party)}</span>")
        icon, letter = list(swatch)
        assert icon.get("class") == f"fig swatch-fig pc-{party.letter}"
        assert [u.get("href") for u in icon.iter("use")] == ["#sw-C"]
        assert letter.get("class") == "swatch-letter" and letter.text == party.letter.upper()
    # The swatches' figure is the page's own (index.html, beside the board), the board's chief
    # drawn the same way: Camblam's board, which has no Djambi chief, leaves the swatches whole.
    defs = ET.fromstring(figures.swatch_defs())
    symbols = {s.get("id"): s for s in defs.iter("{http://www.w3.org/2000/svg}symbol")} or {
        s.get("id"): s for s in defs.iter("symbol")}
    assert set(symbols) == {"sw-C", "sw-pm"}
    chief = ET.tostring(symbols["sw-C"], encoding="unicode")
    assert figures.DJAMBI[Kind.CHIEF].split('"/>')[0].split('d="')[1] in chief
    assert figures.swatch_block() in (ROOT / "index.html").read_text(encoding="utf-8")
