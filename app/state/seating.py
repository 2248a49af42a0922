"""Who sits where: the seat kinds (a human, the computer at a level, a person on another device),
their names and link letters, and a game's id and name. Pure Python, game-neutral."""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.text.i18n import N_, _, pgettext, player_of

HUMAN = "human"
#: Not a seat kind of the game (that is ``human``) but of this device's view of it: a person
#: playing on another device. The new-game dialog offers it; ``Game.here`` records it.
REMOTE = "remote"
#: Seat kinds: a human, or the computer at one of djambi.ai's levels.
COMPUTER_LEVELS = ("easy", "normal", "hard", "expert", "random")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
#: The seat kinds' names in game files (a file format: always English) and, translated with
#: ``seat_label``, on the page.
SEAT_LABELS = {"human": N_("Human"), "easy": N_("Computer (easy)"),
               "normal": N_("Computer (normal)"), "hard": N_("Computer (hard)"),
               "expert": N_("Computer (expert)"),
               "random": N_("Computer (random)"), "remote": N_("Remote (another device)")}
#: One letter per seat kind, for links (``;seats=hnnd``).
SEAT_LETTERS = {"human": "h", "easy": "e", "normal": "n", "hard": "d", "expert": "x",
                "random": "r"}
ID_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
MAX_NAME = 60


def new_id(rng: random.Random | None = None) -> str:
    """A game's id: 8 random letters and digits (shared by every device playing the game)."""
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(ID_DIGITS) for _ in range(8))


def valid_id(text: object) -> bool:
    return isinstance(text, str) and 4 <= len(text) <= 16 and all(c in ID_DIGITS for c in text)


def clean_name(text: str) -> str:
    """A game's name as shown: one line, trimmed, at most ``MAX_NAME`` characters."""
    return " ".join(str(text).split())[:MAX_NAME]


ALL_SEATS = frozenset(range(4))


def seat_label(kind: str) -> str:
    """A seat kind as the page names it, in the player's language."""
    return _(SEAT_LABELS[kind]) if kind in SEAT_LABELS else kind


# ---------------------------------------------------------------------- seats that change hands
# Issue 37, point 3: at any moment a seat can be handed to the computer (any level its game
# offers), taken back by a person at this device, or (a remote seat whose player left) taken over
# here. Each change is a step of the game's history (``SeatStep``), undone and redone like a move
# (``app.state.session.Game``), kept in saves, links and files, and narrated (``step_sentence``).

#: A seat's letter for ``REMOTE`` in a seat step (never in ``;seats=``, which only knows the game's
#: kinds: on another device the same seat is a human one).
REMOTE_LETTER = "o"
STEP_LETTERS = {**SEAT_LETTERS, REMOTE: REMOTE_LETTER}
#: What a seat can be handed to from the players list: a person here, or a computer level.
TARGETS = (HUMAN, *COMPUTER_LEVELS)


class SeatStepError(ValueError):
    """Seat steps that cannot be read back; the message says which part is bad."""


@dataclass(frozen=True)
class SeatStep:
    """One change of hands: after ``ply`` moves, ``seats`` (one seat, or the two armies of a
    two-by-two player) went from ``before`` to ``after`` (``human``, ``remote`` or a computer
    level; ``after`` is never ``remote``: a seat is only handed over at this device).

    ``SeatStep(4, (1,), 'human', 'hard')`` is "after move 4, Blue was handed to the computer
    (hard)"; its text in links and saves is ``4b:hd`` (``format_steps``)."""

    ply: int
    seats: tuple[int, ...]
    before: str
    after: str

    def reverse(self) -> "SeatStep":
        return SeatStep(self.ply, self.seats, self.after, self.before)


def kind_of(seats: list[str], here: frozenset[int], seat: int) -> str:
    """A seat's kind as a step names it: its level, ``human`` (played here) or ``remote``."""
    kind = seats[seat]
    return REMOTE if kind == HUMAN and seat not in here else kind


def apply_step(seats: list[str], here: frozenset[int], step: SeatStep) -> frozenset[int]:
    """Put ``step``'s ``after`` in ``seats`` (in place); returns the new set of seats played
    here. Undo applies ``step.reverse()``."""
    out = set(here)
    for seat in step.seats:
        seats[seat] = HUMAN if step.after == REMOTE else step.after
        if step.after == REMOTE:
            out.discard(seat)
        else:
            out.add(seat)
    return frozenset(out)


def format_steps(steps: list[SeatStep], letter) -> str:
    """``4b:hd.12b:dh``: each step's ply, seat letters (``letter(seat)``), and the two kinds'
    letters (``STEP_LETTERS``), steps joined by ``.``."""
    return ".".join(f"{s.ply}{''.join(letter(i) for i in s.seats)}:"
                    f"{STEP_LETTERS[s.before]}{STEP_LETTERS[s.after]}" for s in steps)


def parse_steps(text: str, seat_of: dict[str, int]) -> list[SeatStep]:
    """The steps written by ``format_steps`` (``seat_of`` maps a seat letter to its index);
    ``SeatStepError`` naming the bad step. Plies never go down; a step changes something."""
    kinds = {letter: kind for kind, letter in STEP_LETTERS.items()}
    steps: list[SeatStep] = []
    for part in text.split(".") if text else []:
        head, colon, change = part.partition(":")
        digits = len(head) - len(head.lstrip("0123456789"))
        number, letters = head[:digits], head[digits:]
        if (not colon or not number or len(number) > 5 or not letters or len(change) != 2
                or any(c not in seat_of for c in letters) or len(set(letters)) != len(letters)
                or any(c not in kinds for c in change) or change[0] == change[1]
                or kinds[change[1]] == REMOTE):
            raise SeatStepError(f"bad seat step {part[:20]!r}")
        step = SeatStep(int(number), tuple(seat_of[c] for c in letters), kinds[change[0]],
                        kinds[change[1]])
        if steps and step.ply < steps[-1].ply:
            raise SeatStepError(f"seat step {part[:20]!r} comes before the one preceding it")
        steps.append(step)
    return steps


def portable_steps(steps: list[SeatStep]) -> list[SeatStep]:
    """The steps as a link or a file carries them, for another device or a game opened from
    it, where a remote seat is a human one: ``remote`` becomes ``human``, and a step that then
    changes nothing is left out."""
    out = []
    for step in steps:
        before, after = (HUMAN if k == REMOTE else k for k in (step.before, step.after))
        if before != after:
            out.append(SeatStep(step.ply, step.seats, before, after))
    return out


def start_seats(seats: list[str], here: frozenset[int], steps: list[SeatStep]
                ) -> tuple[list[str], frozenset[int]]:
    """The seats before ``steps`` (the seats now being ``seats`` and ``here``), undoing them from
    the last; ``SeatStepError`` if a step's ``after`` is not what the seat then was."""
    seats = list(seats)
    for step in reversed(steps):
        for seat in step.seats:
            if seat >= len(seats) or kind_of(seats, here, seat) != step.after:
                raise SeatStepError(f"seat step at move {step.ply} does not match the seats")
        here = apply_step(seats, here, step.reverse())
    return seats, here


#: A computer level in a sentence ("… the computer (hard)"), and on the players list's badge.
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
               "expert": N_("expert"), "random": N_("random")}


def level_word(level: str) -> str:
    """A computer level in one word, in the player's language (``hard``, ``difficile``)."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def badge_text(kind: str) -> str:
    """A seat's kind as the players list shows it beside the icon: ``Human``, the level's word
    (the icon says "computer") or ``Remote``."""
    if kind == HUMAN:
        return pgettext("seat", "Human")
    if kind == REMOTE:
        return pgettext("seat", "Remote")
    return level_word(kind)


def step_sentence(step: SeatStep, party, rules=None) -> str:
    """What a seat step did, as the narration says it: "Blue is now played by the computer
    (hard).", "Blue is played by a person here again.", "Blue is now played on this device."
    ``party``: the game's party of the step's first seat; ``rules``: the game's rule set (which
    names a two-by-two player)."""
    player = player_of(party, rules)
    if step.after == REMOTE:
        # Translators: a seat's player is now on another device. {player}: object form.
        return _("{player} is now played on another device.").format(player=player)
    if step.after != HUMAN:
        # Translators: {player}: object form (Czech: accusative, "Modrého teď hraje počítač");
        # {level}: a computer level's word ("hard").
        return _("{player} is now played by the computer ({level}).").format(
            player=player, level=level_word(step.after))
    if step.before == REMOTE:
        # Translators: a remote player left and this device takes over the seat.
        return _("{player} is now played on this device.").format(player=player)
    # Translators: a person at this device takes a seat back from the computer.
    return _("{player} is played by a person here again.").format(player=player)
