"""The rules in the app: ``docs/rules.md`` and its translations ``docs/rules.fr.md`` and
``docs/rules.cs.md`` (copied into ``app.learn.rules_text`` by scripts/gen_rules.py), in the player's
language, split into a section per rule, for the page's rules dialog.

Pure Python. The markdown used there is small: ``#``/``##`` headings, paragraphs, ``-`` and
``1.`` list items (continued by indented lines), ``**bold**``, ``*italic*`` and ```code```. The
names of the tests that prove each rule are for developers: the player's copy leaves out every
``Test:``/``Tests:`` part (from there to the end of its paragraph or list item) and every
sentence about the tests.

A game not played by the standard rules (``docs/rules-options.md``) marks the sections its
options change: ``differences(rules)`` gives, per section number, what this game does instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from djambi import Kind
from djambi.rules import Rules

from app.present import ruletext
from app.text import i18n
from app.text.i18n import _
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
    ``markdown``: the rules in the current language (``app.text.i18n.language()``)."""
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
    return "".join(text for _style, text in block.runs)


#: The sections of the rules (their numbers, ``docs/rules.md`` §n) each option changes.
CHANGED_SECTIONS: dict[str, tuple[int, ...]] = {
    "players": (1, 5, 6, 7),  # two-by-two: who plays what, control, turns, the end
    "kill-own": (2, 3),  # what a piece may act on, the pieces' kills
    "reporter": (3,),
    "walled-in": (5,),  # the surrounded chief
    "come-back": (5, 7),
    "provocateur-own": (3,),
    "skips": (6, 7),  # passing; the pass that eliminates
}


def section_number(section: Section) -> int:
    """A section's rule number (``2. Moving`` is 2); -1 for a section with no number."""
    match = re.match(r"\s*(\d+)\.", section.title)
    return int(match.group(1)) if match else -1


def differences(rules: Rules) -> dict[int, tuple[str, ...]]:
    """What a game's rule set changes on the rules page: {section number: sentences}, the
    opening (0) saying that the game has other rules; empty for the standard game. The hostage
    game (``players=3``) is the rules' own §8: not a difference."""
    changes = {option: value for option, value in rules.changes().items()
               if (option, value) != ("players", "3")}
    if not changes:
        return {}
    out: dict[int, list[str]] = {0: [_(
        "This game is played with other rules than these: {rules}. The sections they change "
        "are marked.").format(rules=ruletext.rules_words(rules))]}
    for option, value in changes.items():
        note = _("In this game — {option}: {value}.").format(
            option=ruletext.option_name(option), value=ruletext.value_name(option, value))
        for number in CHANGED_SECTIONS[option]:
            out.setdefault(number, []).append(note)
    return {number: tuple(notes) for number, notes in out.items()}


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


__all__ = ["sections", "text_in", "Section", "Block", "runs", "plain", "CHANGED_SECTIONS",
           "section_number", "differences", "piece_of"]
