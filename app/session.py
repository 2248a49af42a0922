"""The game being played in the page: the board, who sits where, undo and redo, the saved game in
storage, and links. Pure Python: the browser module backs ``Storage`` with ``localStorage``.

Saved game (one JSON object under ``STORAGE_KEY``)::

    {"format": "djambi-save", "version": 1, "game": "G1~start~C7-F4", "seats": [...4 seat kinds],
     "redo": ["A3-B4", ...], "position": "P1.…"}

``position`` is the current position text (``board.code()``), informative: the page paints the
saved game's pieces from it before Python runs (index.html); reading the save uses ``game`` only.

``redo`` holds the moves undone, the next one first, as move texts played from the current
position. Anything else under the key — not JSON, another shape, an illegal move — is set aside
under ``BACKUP_KEY`` (never deleted) and a new game starts, with a message saying so.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import unquote

from djambi import Board, DjambiError, Move, Party, Termination, format_game_code, parse_game_code
from djambi.notation import GAME_PREFIX, POSITION_PREFIX

STORAGE_KEY = "djambi.save.v1"
BACKUP_KEY = "djambi.save.v1.backup"
SAVE_FORMAT = "djambi-save"
SAVE_VERSION = 1

HUMAN = "human"
#: Seat kinds: a human, or the computer at one of djambi.ai's levels.
COMPUTER_LEVELS = ("easy", "normal", "hard", "random")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
SEAT_LABELS = {"human": "Human", "easy": "Computer (easy)", "normal": "Computer (normal)",
               "hard": "Computer (hard)", "random": "Computer (random)"}
#: One letter per seat kind, for links (``;seats=hnnd``).
SEAT_LETTERS = {"human": "h", "easy": "e", "normal": "n", "hard": "d", "random": "r"}
MAX_SAVE = 400_000  # characters

#: Every change to any game takes the next number: a search started for one revision can never be
#: mistaken for one of another game (see ``app.loop``).
_REVISIONS = itertools.count(1)


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed ``Storage`` (tests; and the fallback when localStorage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class SaveError(ValueError):
    """Saved data that cannot be read back."""


@dataclass
class Game:
    """A game in progress: the board (with its move stack), the seats, and the redo list."""

    board: Board = field(default_factory=Board)
    seats: list[str] = field(default_factory=lambda: [HUMAN] * 4)
    redo_moves: list[Move] = field(default_factory=list)
    revision: int = field(default_factory=lambda: next(_REVISIONS))

    def touch(self) -> None:
        """Note a change (every method that changes the game calls it)."""
        self.revision = next(_REVISIONS)

    # ------------------------------------------------------------------ seats
    def seat(self, player: Party | int) -> str:
        return self.seats[int(player)]

    def is_computer(self, player: Party | int) -> bool:
        return self.seat(player) != HUMAN

    def has_computers(self) -> bool:
        return any(self.is_computer(p) for p in self.board.active_players)

    def computer_to_move(self) -> bool:
        return not self.board.is_game_over() and self.is_computer(self.board.turn)

    # ------------------------------------------------------------------ moves
    def play(self, move: Move | str) -> Move:
        """Play a legal move (``IllegalMoveError`` otherwise). The redo list survives only if
        this is the move it held next."""
        move = self.board.play(move)
        if self.redo_moves and self.redo_moves[0] == move:
            self.redo_moves.pop(0)
        else:
            self.redo_moves.clear()
        self.touch()
        return move

    def can_undo(self) -> bool:
        return bool(self.board.move_stack) or self.draw_agreed()

    def can_redo(self) -> bool:
        return bool(self.redo_moves) and not self.board.is_game_over()

    def draw_agreed(self) -> bool:
        outcome = self.board.outcome()
        return outcome is not None and outcome.termination == Termination.AGREEMENT and bool(
            self.board.move_stack or self.board.root().outcome() is None)

    def undo(self) -> list[Move]:
        """Undo the last move, then any computer moves before it, so that a human is to move
        again (or the game is back at its start). A draw agreement is undone first, alone."""
        self.touch()
        if self.draw_agreed():
            self.board = _replay(self.board.root(), self.board.move_stack)
            return []
        undone = []
        any_human = any(s == HUMAN for s in self.seats)
        while self.board.move_stack:
            undone.append(self.board.pop())
            if not any_human or not self.is_computer(self.board.turn):
                break
        self.redo_moves[:0] = reversed(undone)
        return undone

    def redo(self) -> list[Move]:
        """Replay the next undone move, then any computer moves that follow it."""
        self.touch()
        done = []
        any_human = any(s == HUMAN for s in self.seats)
        while self.redo_moves and not self.board.is_game_over():
            move = self.redo_moves.pop(0)
            self.board.push(move)
            done.append(move)
            if not any_human or not self.is_computer(self.board.turn):
                break
        return done

    def agree_draw(self) -> None:
        self.board.agree_draw()
        self.redo_moves.clear()
        self.touch()

    def unfinished(self) -> bool:
        """A game worth asking about before replacing it: moves played and not over."""
        return bool(self.board.move_stack) and not self.board.is_game_over()

    # ------------------------------------------------------------------ text
    def game_code(self) -> str:
        return format_game_code(self.board)

    def position_code(self) -> str:
        return self.board.code()

    def move_list(self) -> list[tuple[Party, str]]:
        """(player, move text) for every move played, in order."""
        replay = self.board.root()
        out = []
        for move in self.board.move_stack:
            out.append((replay.turn, replay.move_text(move)))
            replay.push(move)
        return out

    def to_json(self) -> str:
        redo_texts = []
        replay = self.board.copy()
        for move in self.redo_moves:
            redo_texts.append(replay.move_text(move))
            replay.push(move)
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_code(),
            "seats": list(self.seats),
            "redo": redo_texts,
            "position": self.position_code(),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Read a saved game; ``SaveError`` says what is wrong."""
        if not isinstance(text, str):
            raise SaveError("the saved data is not text")
        if len(text) > MAX_SAVE:
            raise SaveError("the saved data is too long")
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError("the saved data is not JSON") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("the saved data is not a Djambi game")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(f"the saved game has format version {version!r}; this page reads "
                            f"version {SAVE_VERSION}")
        game_text, seats, redo = data.get("game"), data.get("seats"), data.get("redo", [])
        if not isinstance(game_text, str):
            raise SaveError("the saved data holds no game code")
        if (not isinstance(seats, list) or len(seats) != 4
                or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats)):
            raise SaveError("the saved seats are not four of " + ", ".join(SEAT_KINDS))
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            raise SaveError("the saved redo list is not a list of moves")
        try:
            board = parse_game_code(game_text)
            replay = board.copy()
            redo_moves = [replay.play(text) for text in redo]
        except DjambiError as exc:
            raise SaveError(f"the saved game cannot be replayed: {exc}") from None
        return cls(board, list(seats), redo_moves)


def _replay(start: Board, moves: list[Move]) -> Board:
    board = start
    for move in moves:
        board.push(move)
    return board


def new_game(hostage: bool = False, seats: list[str] | None = None) -> Game:
    seats = list(seats) if seats else [HUMAN] * 4
    if len(seats) != 4 or any(s not in SEAT_KINDS for s in seats):
        raise ValueError(f"seats must be four of {SEAT_KINDS}")
    if hostage:
        seats[Party.GREEN] = HUMAN  # the hostage never plays
    return Game(Board(hostage=hostage), seats)


# ---------------------------------------------------------------------------- storage
@dataclass
class Loaded:
    """What ``load`` found: the game to play and, if the saved data was bad, a message."""

    game: Game
    message: str = ""
    resumed: bool = False


def load(storage: Storage) -> Loaded:
    """The saved game, or a new one. Bad data is kept under ``BACKUP_KEY`` and explained."""
    try:
        text = storage.get(STORAGE_KEY)
    except Exception:  # noqa: BLE001 (a storage that refuses to read: play without it)
        return Loaded(new_game(), "The saved game could not be read (storage unavailable).")
    if text is None:
        return Loaded(new_game())
    try:
        return Loaded(Game.from_json(text), resumed=True)
    except SaveError as exc:
        try:
            storage.set(BACKUP_KEY, text)
            storage.remove(STORAGE_KEY)
            kept = f" The unreadable data was kept under '{BACKUP_KEY}'."
        except Exception:  # noqa: BLE001
            kept = ""
        return Loaded(new_game(), f"The saved game could not be loaded ({exc}), so a new game "
                                  f"started.{kept}")


def save(storage: Storage, game: Game) -> str:
    """Save the game; returns an error message, or "" when saved."""
    try:
        storage.set(STORAGE_KEY, game.to_json())
    except Exception as exc:  # noqa: BLE001 (quota, private mode...)
        return f"The game could not be saved: {exc}"
    return ""


class Keeper:
    """The saved game, kept in step with other tabs of the same page.

    It remembers the text it last read or wrote. Before writing it looks again: if another tab
    wrote meanwhile (or the ``storage`` event said so), it does not overwrite; ``conflict`` turns
    on and the page asks whether to load the other tab's game or keep this one. Nothing is lost:
    until the question is answered this tab's moves stay in memory, the other's in storage.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.known: str | None = None  # the saved text as this tab last read or wrote it
        self.conflict = False

    def _read(self) -> str | None:
        try:
            return self.storage.get(STORAGE_KEY)
        except Exception:  # noqa: BLE001 (storage unavailable)
            return self.known

    def load(self) -> Loaded:
        loaded = load(self.storage)
        self.known = self._read()
        self.conflict = False
        return loaded

    def changed_elsewhere(self) -> bool:
        """Whether the saved game is no longer what this tab last read or wrote."""
        current = self._read()
        return current is not None and current != self.known

    def noticed(self) -> bool:
        """The page heard of a change in another tab (the ``storage`` event): ``True`` if the
        saved game really differs from this tab's (then ``conflict`` is on)."""
        if self.changed_elsewhere():
            self.conflict = True
        return self.conflict

    def save(self, game: Game) -> str:
        """Save, unless another tab's game would be overwritten: then ``conflict`` turns on and
        nothing is written. Returns an error message, or ""."""
        if self.conflict or self.changed_elsewhere():
            self.conflict = True
            return ""
        return self.force(game)

    def force(self, game: Game) -> str:
        """Save this tab's game over whatever is stored (the player chose to keep it)."""
        problem = save(self.storage, game)
        if not problem:
            self.known = self._read()
            self.conflict = False
        return problem

    def take_theirs(self) -> Loaded:
        """Load the other tab's game (the player chose it)."""
        return self.load()


# ---------------------------------------------------------------------------- links
class LinkError(ValueError):
    """A link fragment that is not a Djambi position or game."""


def fragment_text(fragment: str) -> str:
    """The text of a URL fragment: without ``#``, percent-decoded, trimmed."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    return unquote(text).strip()


def is_game_link(fragment: str) -> bool:
    text = fragment_text(fragment)
    return text.startswith(POSITION_PREFIX[:1]) or text.startswith(GAME_PREFIX[:1])


#: What follows a position or game code in a link to say who sits where: ``;seats=hnnd``.
SEATS_PARAM = ";seats="


def seats_text(seats: list[str]) -> str:
    """``hnnd``: one letter a seat, Red first (``SEAT_LETTERS``)."""
    return "".join(SEAT_LETTERS[s] for s in seats)


def parse_seats(text: str) -> list[str]:
    """The seats written ``hnnd``; ``LinkError`` naming the bad letter otherwise."""
    kinds = {letter: kind for kind, letter in SEAT_LETTERS.items()}
    if len(text) != 4:
        raise LinkError(f"This link's seats ({text[:12]!r}) should be four letters, one per player "
                        f"(h human, e easy, n normal, d hard, r random).")
    seats = []
    for party, letter in zip(Party, text):
        if letter not in kinds:
            raise LinkError(f"This link's seat for {party.title} ({letter!r}) is not one of "
                            f"h (human), e, n, d, r (computer levels).")
        seats.append(kinds[letter])
    return seats


def game_from_link(fragment: str) -> Game | None:
    """The game a link opens (``None`` for an empty fragment); ``LinkError`` if it is bad.

    ``#P1.…`` is a position (no moves to undo); ``#G1~…`` a whole game (its moves can be undone).
    Either may end in ``;seats=hnnd`` (who plays each party); links made before seats were
    written open with every seat human.
    """
    text = fragment_text(fragment)
    if not text:
        return None
    seats = [HUMAN] * 4
    if SEATS_PARAM in text:
        text, _, seat_letters = text.partition(SEATS_PARAM)
        seats = parse_seats(seat_letters.strip())
    try:
        if text.startswith(POSITION_PREFIX) or text.startswith("P"):
            board = Board.from_code(text)
        elif text.startswith(GAME_PREFIX) or text.startswith("G"):
            board = parse_game_code(text)
        else:
            raise LinkError("This link does not hold a Djambi position or game "
                            "(it should end in #P1.… or #G1~…).")
    except DjambiError as exc:
        raise LinkError(f"This link's game cannot be opened: {exc}") from None
    if board.root().is_hostage_game:
        seats[Party.GREEN] = HUMAN  # the hostage never plays
    return Game(board, seats)


def position_link(base: str, game: Game, board: Board | None = None) -> str:
    """A link to the position (``board``, by default the game's current one), with the seats."""
    code = (board or game.board).code()
    return f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)}"


def game_link(base: str, game: Game) -> str:
    """A link to the whole game (its moves can be undone there), with the seats."""
    return f"{base.split('#')[0]}#{game.game_code()}{SEATS_PARAM}{seats_text(game.seats)}"


# ---------------------------------------------------------------------------- words
def status_text(game: Game) -> str:
    """The one-line status: who is to move, or how the game ended."""
    board = game.board
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is not None:
            return f"Game over: {outcome.winner.title} wins"
        return f"Game over: draw ({outcome.termination.value})"
    text = f"{board.turn.title} to move"
    if board.is_extra_turn:
        text += " (extra turn, in power)"
    return text


def outcome_text(game: Game) -> tuple[str, str]:
    """(title, explanation) for the game-over screen; ``("", "")`` while the game goes on."""
    outcome = game.board.outcome()
    if outcome is None:
        return "", ""
    reasons = {
        "elimination": "Every other player has been eliminated.",
        "no players": "The last players perished together.",
        "no moves": "No player can move.",
        "draw rule": "120 turns passed with no kill and no change of control.",
        "agreement": "The players agreed a draw.",
    }
    why = reasons.get(outcome.termination.value, outcome.termination.value)
    if outcome.winner is not None:
        return f"{outcome.winner.title} wins!", why
    return "Draw", why


@dataclass(frozen=True)
class PartyInfo:
    party: Party
    state: str  # "active", "eliminated", "frozen", "hostage"
    controller: Party | None
    to_move: bool
    in_power: bool
    controls: tuple[Party, ...]  # for an active player: the parties he plays (his own first)
    seat: str

    def words(self) -> str:
        """A short description, e.g. "in power; plays Blue too" or "eliminated: Red plays it"."""
        bits = []
        if self.state == "active":
            if self.in_power:
                bits.append("in power")
            others = [p.title for p in self.controls if p != self.party]
            if others:
                bits.append("plays " + " and ".join(others) + " too")
        elif self.state == "eliminated":
            bits.append(f"eliminated; {self.controller.title} plays its pieces"
                        if self.controller is not None else "eliminated")
        elif self.state == "frozen":
            bits.append("eliminated; its pieces are frozen")
        elif self.state == "hostage":
            bits.append("hostage (no turns)")
        return "; ".join(bits)


def party_infos(game: Game) -> list[PartyInfo]:
    board = game.board
    over = board.is_game_over()
    out = []
    for party in Party:
        ctl = board.controller(party)
        if board.is_frozen(party):
            state = "frozen"
        elif ctl is None:
            state = "hostage"
        elif ctl == party:
            state = "active"
        else:
            state = "eliminated"
        if state == "eliminated" and not _has_living(board, party):
            ctl_shown = None
        else:
            ctl_shown = ctl
        out.append(PartyInfo(
            party=party,
            state=state,
            controller=ctl_shown,
            to_move=(not over and board.turn == party),
            in_power=board.ruler == party,
            controls=tuple(board.parties_of(party)) if state == "active" else (),
            seat=game.seat(party),
        ))
    return out


def _has_living(board: Board, party: Party) -> bool:
    return any(p.party == party for p in board.pieces().values())


__all__ = [
    "Game", "Loaded", "Keeper", "Storage", "MemoryStorage", "SaveError", "LinkError", "PartyInfo",
    "STORAGE_KEY", "BACKUP_KEY", "HUMAN", "SEAT_KINDS", "SEAT_LABELS", "COMPUTER_LEVELS",
    "new_game", "load", "save", "game_from_link", "position_link", "game_link", "fragment_text",
    "seats_text", "parse_seats", "SEAT_LETTERS",
    "status_text", "outcome_text", "party_infos",
]
