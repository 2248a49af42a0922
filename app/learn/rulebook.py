"""The rules in the app: ``docs/rules.md`` and its translations ``docs/rules.fr.md`` and
``docs/rules.cs.md`` (copied into ``app.learn.rules_text`` by scripts/gen_rules.py), in the player's
language, split into a section per rule, for the page's rules dialog.

Pure Python. The markdown used there is small: ``#``/``##`` headings, paragraphs, ``-`` and
``1.`` list items (continued by indented lines), ``**bold**``, ``*italic*`` and ```code```. The
names of the tests that prove each rule are for developers: the player's copy leaves out every
``Test:``/``Tests:`` part (from there to the end of its paragraph or list item) and every
sentence about the tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from djambi import Kind

from app.present import i18n
from app.learn.rules_text import RULES, RULES_MD

#: A run of text: ``("", text)``, ``("b", bold)``, ``("i", italic)`` or ``("c", code)``.
Run = tuple[str, str]


@dataclass(frozen=True)
class Block:
    kind: str  # "p" a paragraph, "li" a list item
    runs: tuple[Run, ...]


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")


_TESTS = re.compile(r"\s*\bTests?: .*$", re.S)
_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|\*(.+?)\*", re.S)
_SENTENCE = re.compile(r"(?<=[.)])\s+(?=[A-Z*])")
_ITEM = re.compile(r"^(?:- |\d+\. )")


def runs(text: str) -> tuple[Run, ...]:
    """Inline markup to runs of plain, bold, italic and code text."""
    out: list[Run] = []
    at = 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            out.append(("", text[at:m.start()]))
        if m.group(1) is not None:
            out.append(("b", m.group(1)))
        elif m.group(2) is not None:
            out.append(("c", m.group(2)))
        else:
            out.append(("i", m.group(3)))
        at = m.end()
    if at < len(text):
        out.append(("", text[at:]))
    return tuple(out)


def _block(kind: str, lines: list[str]) -> Block | None:
    text = " ".join(line.strip() for line in lines)
    text = _TESTS.sub("", text).strip()
    text = " ".join(s for s in _SENTENCE.split(text) if "test" not in s.lower()).strip()
    if not text:
        return None
    return Block(kind, runs(text))


def text_in(code: str) -> str:
    """The rules' markdown in language ``code`` (English if there is no translation)."""
    return RULES.get(code, RULES_MD)


def sections(markdown: str | None = None) -> tuple[Section, ...]:
    """The document as sections: the first is its title with the opening paragraphs. Without
    ``markdown``: the rules in the current language (``app.present.i18n.language()``)."""
    if markdown is None:
        markdown = text_in(i18n.language())
    out: list[Section] = []
    title = ""
    blocks: list[Block] = []
    pending: list[str] = []
    kind = "p"

    def flush() -> None:
        nonlocal pending
        if pending:
            block = _block(kind, pending)
            if block is not None:
                blocks.append(block)
        pending = []

    for line in markdown.splitlines():
        if line.startswith("#"):
            flush()
            if title or blocks:
                out.append(Section(title, tuple(blocks)))
            title, blocks = line.lstrip("#").strip(), []
            continue
        if not line.strip():
            flush()
            continue
        if _ITEM.match(line):
            flush()
            kind = "li"
            pending = [_ITEM.sub("", line)]
            continue
        if pending and kind == "li" and not line.startswith(" "):
            flush()
        if not pending:
            kind = "p"
        pending.append(line)
    flush()
    if title or blocks:
        out.append(Section(title, tuple(blocks)))
    return tuple(out)


def plain(block: Block) -> str:
    return "".join(text for _, text in block.runs)


def piece_of(block: Block) -> Kind | None:
    """The kind a list item is about, when it opens with that kind's name in bold ("- **Militant**
    kills…", "- Le **militant** tue…"; names in the current language): the rules page draws
    that piece's figure beside it."""
    if block.kind != "li":
        return None
    for style, text in block.runs[:2]:
        if style == "b":
            name = text.strip().lower()
            return next((kind for kind in Kind if i18n.kind_name(kind).lower() == name), None)
    return None


__all__ = ["sections", "text_in", "Section", "Block", "runs", "plain", "piece_of"]
