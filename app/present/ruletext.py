"""The rule options in words (``docs/rules-options.md``): the presets' names, each option's name,
values and one-line explanation for the new-game dialog, and the line the panel shows for a game
not played by the standard rules. Pure Python; the texts are marked for translation.
"""

from __future__ import annotations

from djambi.rules import OPTIONS, PRESETS, Rules

from app.text.i18n import N_, _, ngettext

#: The choice of the dialog's rules select that reveals one select per option.
CUSTOM = "custom"

PRESET_NAMES = {
    "standard": N_("Standard"),
    "bga": N_("BGA (Board Game Arena)"),
    "classic-online": N_("Classic online"),
    "two-by-two": N_("Two players, two armies each"),
    CUSTOM: N_("Custom rules"),
}

OPTION_NAMES = {
    "players": N_("Players"),
    "kill-own": N_("Killing own pieces"),
    "reporter": N_("Reporter"),
    "walled-in": N_("Walled-in chief"),
    "come-back": N_("Coming back"),
    "provocateur-own": N_("Provocateur"),
    "skips": N_("Passes"),
}

#: One line per option: what it decides.
EXPLANATIONS = {
    "players": N_("Four players, three (Green is the hostage), or two leading two armies each."),
    "kill-own": N_("Which of his own pieces a player's pieces may kill."),
    "reporter": N_("What the reporter does to its four neighbours after moving."),
    "walled-in": N_("When a chief cut off by the pieces around him perishes."),
    "come-back": N_("Whether a walled-in chief waits, out of the game, and comes back once freed."),
    "provocateur-own": N_("Which pieces the provocateur may move."),
    "skips": N_("How often a player with no move may pass before he is eliminated."),
}

VALUE_NAMES = {
    ("players", "4"): N_("4 players"),
    ("players", "3"): N_("3 players, Green is the hostage"),
    ("players", "2x2"): N_("2 players, two armies each"),
    ("kill-own", "never"): N_("never"),
    ("kill-own", "vassals"): N_("pieces of parties taken over"),
    ("kill-own", "except-chief"): N_("any but his own chief"),
    ("reporter", "may"): N_("kills one neighbour or none"),
    ("reporter", "must"): N_("must kill one if it can"),
    ("reporter", "all"): N_("kills every neighbour at once"),
    ("walled-in", "own-necromobile"): N_("corpses all round, no necromobile of his own"),
    ("walled-in", "any-necromobile"): N_("corpses all round, no necromobile on the board"),
    ("walled-in", "throne-access"): N_("no way to the maze, no necromobile of his own"),
    ("walled-in", "strict"): N_("his group of pieces touches no empty square"),
    ("walled-in", "loose"): N_("as the previous one, unless he has a necromobile"),
    ("come-back", "never"): N_("never: he perishes"),
    ("come-back", "allowed"): N_("allowed"),
    ("provocateur-own", "never"): N_("enemy pieces only"),
    ("provocateur-own", "vassals"): N_("also pieces of parties taken over"),
    ("skips", "unlimited"): N_("unlimited"),
}


def preset_name(key: str) -> str:
    return _(PRESET_NAMES[key])


def option_name(option: str) -> str:
    return _(OPTION_NAMES[option])


def explanation(option: str) -> str:
    return _(EXPLANATIONS[option])


def value_name(option: str, value: str) -> str:
    """A value of an option in words (``skips`` numbers counted: "2 passes, then out")."""
    if option == "skips" and value != "unlimited":
        n = int(value)
        if n == 0:
            return _("no pass: out at once")
        return ngettext("{n} pass, then out", "{n} passes, then out", n).format(n=n)
    return _(VALUE_NAMES[(option, value)])


def choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Each option and its values (text value, words), in the page's order, default first."""
    return [(option, [(value, value_name(option, value)) for value in values])
            for option, values in OPTIONS.items()]


def preset_of(rules: Rules) -> str:
    """The dialog's choice for a rule set: its preset's key, else ``CUSTOM``. The hostage game
    (``players=3``) chooses like its four-player rule set (the dialog's 3 players button says
    it)."""
    rules = _without_hostage(rules)
    return rules.preset or CUSTOM


def rules_line(rules: Rules) -> str:
    """The panel's line for a game's rule set; ``""`` for the standard game (and the plain
    hostage game, which the players list shows)."""
    words = rules_words(rules)
    return _("Rules: {rules}").format(rules=words) if words else ""


def rules_words(rules: Rules) -> str:
    """A rule set in words: its preset's name, else each option that differs ("Reporter: kills
    every neighbour at once; …"); ``""`` for the standard game and the plain hostage game."""
    plain = _without_hostage(rules)
    if plain.is_standard:
        return ""
    if plain.preset:
        return preset_name(plain.preset)
    return "; ".join(f"{option_name(option)}: {value_name(option, value)}"
                     for option, value in plain.changes().items())


def read_rules(text: str) -> Rules | None:
    """A rule set's text as stored (``str(rules)``, e.g. in the games index), or None when it is
    empty or not a rule text."""
    try:
        return Rules.parse(text) if text else None
    except ValueError:
        return None


def _without_hostage(rules: Rules) -> Rules:
    return rules.with_(players="4") if rules.players == "3" else rules


__all__ = ["CUSTOM", "PRESET_NAMES", "choices", "explanation", "option_name", "preset_name",
           "preset_of", "read_rules", "rules_line", "rules_words", "value_name"]
