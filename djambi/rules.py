"""Rule options: which house rules a game is played with (``docs/rules-options.md``).

A ``Rules`` value is a small frozen record of the seven options of the binding page
``variant-rulings.md``; each option's first value is the default, and ``Rules()`` is exactly the
standard game of ``docs/rules.md``. Its text form lists the options that differ from the default,
in the page's order (``kill-own=except-chief,reporter=all``), or is a preset name alone::

    >>> Rules.parse("reporter=all,kill-own=except-chief")
    Rules(kill_own='except-chief', reporter='all')
    >>> str(Rules.parse("bga"))
    'kill-own=except-chief,walled-in=any-necromobile'
    >>> str(Rules())
    'standard'

Bad text raises a ``RulesError`` (a ``ValueError``) naming the option or value it did not
understand.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

from .move import DjambiError

Players = Literal["4", "3", "2x2"]
KillOwn = Literal["never", "vassals", "except-chief"]
Reporter = Literal["may", "must", "all"]
WalledIn = Literal["own-necromobile", "any-necromobile", "throne-access", "strict", "loose"]
ComeBack = Literal["never", "allowed"]
ProvocateurOwn = Literal["never", "vassals"]

#: Each option's text name and its values, the default first, in the page's order.
OPTIONS: dict[str, tuple[str, ...]] = {
    "players": ("4", "3", "2x2"),
    "kill-own": ("never", "vassals", "except-chief"),
    "reporter": ("may", "must", "all"),
    "walled-in": ("own-necromobile", "any-necromobile", "throne-access", "strict", "loose"),
    "come-back": ("never", "allowed"),
    "provocateur-own": ("never", "vassals"),
    "skips": ("unlimited",) + tuple(str(n) for n in range(11)),
}

#: The two players of ``players=2x2`` and the parties each leads (Red, Blue, Yellow, Green = 0–3).
TEAMS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))


class RulesError(DjambiError):
    """A rule text naming an option or value that does not exist, or mixing a preset with options."""


@dataclass(frozen=True)
class Rules:
    """A rule set: one value per option (``OPTIONS``); ``Rules()`` is the standard game.

    ``skips`` is ``None`` for ``unlimited``, else how many passes a player may make in a game.
    """

    players: Players = "4"
    kill_own: KillOwn = "never"
    reporter: Reporter = "may"
    walled_in: WalledIn = "own-necromobile"
    come_back: ComeBack = "never"
    provocateur_own: ProvocateurOwn = "never"
    skips: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            name = f.name.replace("_", "-")
            if name == "skips":
                if value is not None and (type(value) is not int or not 0 <= value <= 10):
                    raise RulesError(f"skips: unknown value {value!r} (unlimited, 0 … 10)")
            elif value not in OPTIONS[name]:
                raise RulesError(f"{name}: unknown value {value!r} ({', '.join(OPTIONS[name])})")

    # ------------------------------------------------------------------ text form
    def values(self) -> dict[str, str]:
        """Every option's text value, by text name, in the page's order."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name.replace("_", "-")] = (
                "unlimited" if value is None else str(value)
            )
        return out

    def changes(self) -> dict[str, str]:
        """The options that differ from the default (text names and values)."""
        return {name: value for name, value in self.values().items() if value != OPTIONS[name][0]}

    def options_text(self) -> str:
        """The options that differ from the default, ``name=value`` joined by commas
        (``''`` for the standard game)."""
        return ",".join(f"{name}={value}" for name, value in self.changes().items())

    def __str__(self) -> str:
        return self.options_text() or "standard"

    def __repr__(self) -> str:
        args = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"Rules({', '.join(args)})"

    @property
    def is_standard(self) -> bool:
        return self == STANDARD

    @property
    def preset(self) -> str | None:
        """The name of the preset this rule set is, if it is one."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Read a rule text: a preset name alone, or ``name=value`` options joined by commas
        (any order, default values allowed, each option once); ``''`` is the standard game."""
        if not isinstance(text, str):
            raise RulesError(f"a rule text must be a string, not {type(text).__name__}")
        text = text.strip()
        if not text:
            return STANDARD
        if text in PRESETS:
            return PRESETS[text]
        kwargs: dict[str, object] = {}
        for item in text.split(","):
            item = item.strip()
            name, eq, value = item.partition("=")
            name, value = name.strip(), value.strip()
            if not eq:
                if name in PRESETS:
                    raise RulesError(f"preset {name!r} cannot be mixed with options")
                raise RulesError(f"unknown option {name!r}" if name else "an empty option")
            if name not in OPTIONS:
                raise RulesError(f"unknown option {name!r}")
            if value not in OPTIONS[name]:
                raise RulesError(f"{name}: unknown value {value!r} ({_values_hint(name)})")
            key = name.replace("-", "_")
            if key in kwargs:
                raise RulesError(f"option {name!r} is given twice")
            kwargs[key] = (
                None if value == "unlimited" else int(value) if name == "skips" else value
            )
        return cls(**kwargs)  # type: ignore[arg-type]

    def with_(self, **changes: object) -> "Rules":
        """This rule set with some options changed (python names: ``kill_own=...``)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ what the engine asks
    @property
    def two_by_two(self) -> bool:
        return self.players == "2x2"

    def player_of(self, holder: int) -> int:
        """The player who moves the pieces held by ``holder``'s chief (a party 0–3)."""
        return holder & 1 if self.players == "2x2" else holder

    def starting_parties(self, player: int) -> tuple[int, ...]:
        """The parties ``player`` started with: his own, or his two in ``2x2``."""
        return TEAMS[player] if self.players == "2x2" else (player,)


def _values_hint(name: str) -> str:
    if name == "skips":
        return "unlimited, 0 … 10"
    return ", ".join(OPTIONS[name])


STANDARD = Rules()

#: The named rule sets (``variant-rulings.md``, "Presets").
PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    "bga": Rules(kill_own="except-chief", walled_in="any-necromobile"),
    "classic-online": Rules(reporter="must", walled_in="throne-access", come_back="allowed"),
    "two-by-two": Rules(players="2x2"),
}

__all__ = ["Rules", "RulesError", "PRESETS", "STANDARD", "OPTIONS", "TEAMS"]
