"""Camblam's rules in the app: ``docs/camblam-rules.md`` and its translations (copied into
``app.games.camblam.rules_text`` by scripts/gen_camblam_rules.py), in the player's language, a
section per rule with the position its diagram shows, for the page's rules dialog.

Pure Python: the sections come from ``camblam_lessons.parse_rules`` (each ``##`` section has
exactly one ``Diagram:`` line), their text is split into paragraphs and list items with inline
runs by ``rulebook.sections``, the same as Djambi's rules; the diagram is the position's board
(``camblam.parse_position``), drawn by ``camblam_render.diagram_svg``.
"""

from __future__ import annotations

from dataclasses import dataclass

from camblam import Board, parse_position

from app.learn import rulebook
from app.games.camblam.lessons import parse_rules
from app.games.camblam.rules_text import CAMBLAM_RULES
from app.text import i18n
from app.text.i18n import N_, _


@dataclass(frozen=True)
class CamblamSection:
    """One rule: its title, its paragraphs and list items, and its diagram's position text."""

    title: str
    blocks: tuple[rulebook.Block, ...]
    diagram: str

    def board(self) -> Board:
        return parse_position(self.diagram)

    @property
    def slug(self) -> str:
        return rulebook.Section(self.title, ()).slug


#: The diagram's words for a screen reader.
DIAGRAM_LABEL = N_("Diagram: {title}")


def text_in(code: str) -> str:
    """The rules' markdown in language ``code`` (English if there is no translation)."""
    return CAMBLAM_RULES.get(code, CAMBLAM_RULES["en"])


def sections(markdown: str | None = None) -> tuple[CamblamSection, ...]:
    """The rules' sections; without ``markdown``, in the current language."""
    if markdown is None:
        markdown = text_in(i18n.language())
    out = []
    for section in parse_rules(markdown):
        parsed = rulebook.sections(f"## {section.title}\n{section.text}")
        blocks = parsed[0].blocks if parsed else ()
        out.append(CamblamSection(section.title, blocks, section.diagram))
    return tuple(out)


def diagram_label(section: CamblamSection) -> str:
    return _(DIAGRAM_LABEL).format(title=section.title)


__all__ = ["CamblamSection", "sections", "text_in", "diagram_label", "DIAGRAM_LABEL"]
