"""The game being played in the page: the board, who sits where, undo and redo, the saved game in
storage, and links. Pure Python: the browser module backs ``Storage`` with ``localStorage``.

Saved game (one JSON object per game, under a key of its own: see ``app.state.library``)::

    {"format": "djambi-save", "version": 2, "game": "G1~start~C7-F4", "seats": [...4 seat kinds],
     "redo": ["A3-B4", ...], "id": "k3Jd9aQx", "name": "Game 2", "here": "rg",
     "made_here": true, "updated": "<ISO time>", "position": "P1.…"}

``id`` names the game across devices (links carry it), ``here`` lists the human seats played at
this device (the others are *remote*: people on other devices), ``made_here`` says the game was
started here (so computers moving before any human play here). Version 1 (without those) is still
read: every seat here.

``position`` is the current position text (``board.code()``), informative: the page paints the
saved game's pieces from it before Python runs (index.html); reading the save uses ``game`` only.

``redo`` holds the moves undone, the next one first, as move texts played from the current
position. Anything else under the key — not JSON, another shape, an illegal move — is set aside
under ``BACKUP_KEY`` (never deleted) and a new game starts, with a message saying so.
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Callable, Protocol
from urllib.parse import quote, unquote

from djambi import (Board, DjambiError, Move, Party, Termination, format_compact_game,
                    format_game_code, parse_game_code)
from djambi.notation import GAME_PREFIX, POSITION_PREFIX

from app.present.i18n import N_, _, list_of, party_name, party_of

STORAGE_KEY = "djambi.save.v1"
BACKUP_KEY = "djambi.save.v1.backup"
SAVE_FORMAT = "djambi-save"
SAVE_VERSION = 2
READ_VERSIONS = (1, 2)

HUMAN = "human"
#: Not a seat kind of the game (that is ``human``) but of this device's view of it: a person
#: playing on another device. The new-game dialog offers it; ``Game.here`` records it.
REMOTE = "remote"
#: Seat kinds: a human, or the computer at one of djambi.ai's levels.
COMPUTER_LEVELS = ("easy", "normal", "hard", "random")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
#: The seat kinds' names in game files (a file format: always English) and, translated with
#: ``seat_label``, on the page.
SEAT_LABELS = {"human": N_("Human"), "easy": N_("Computer (easy)"),
               "normal": N_("Computer (normal)"), "hard": N_("Computer (hard)"),
               "random": N_("Computer (random)"), "remote": N_("Remote (another device)")}
#: One letter per seat kind, for links (``;seats=hnnd``).
SEAT_LETTERS = {"human": "h", "easy": "e", "normal": "n", "hard": "d", "random": "r"}
MAX_SAVE = 400_000  # characters
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

#: Every change to any game takes the next number: a search started for one revision can never be
#: mistaken for one of another game (see ``app.state.loop``).
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

    def keys(self) -> list[str]:
        return list(self.data)


class SaveError(ValueError):
    """Saved data that cannot be read back."""


@dataclass
class Game:
    """A game in progress: the board (with its move stack), the seats, and the redo list."""

    board: Board = field(default_factory=Board)
    seats: list[str] = field(default_factory=lambda: [HUMAN] * 4)
    redo_moves: list[Move] = field(default_factory=list)
    revision: int = field(default_factory=lambda: next(_REVISIONS))
    #: The seats played at this device (by a human here, or, for computer seats, irrelevant).
    here: frozenset[int] = ALL_SEATS
    made_here: bool = True
    id: str = field(default_factory=new_id)
    name: str = ""
    updated: str = ""
    _driver: tuple[int, bool] = field(default=(-1, True), compare=False, repr=False)
    #: The revision at which a player chose to make a remote seat's move here ("Play it here").
    override: int = field(default=-1, compare=False, repr=False)

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

    def is_here(self, player: Party | int) -> bool:
        """A human seat played at this device."""
        return not self.is_computer(player) and int(player) in self.here

    def is_remote(self, player: Party | int) -> bool:
        """A human seat played on another device."""
        return not self.is_computer(player) and int(player) not in self.here

    def remote_seats(self) -> list[Party]:
        """The seats played on other devices (never a hostage: it does not play)."""
        hostage = self.board.root().is_hostage_game
        return [p for p in Party if self.is_remote(p) and not (hostage and p == Party.GREEN)]

    def is_remote_game(self) -> bool:
        """Some seat is played on another device: moves travel by link."""
        return bool(self.remote_seats())

    def movers(self) -> list[Party]:
        """The player who made each move, in order."""
        replay = self.board.root()
        out = []
        for move in self.board.move_stack:
            out.append(replay.turn)
            replay.push(move)
        return out

    def computers_play_here(self) -> bool:
        """Whether a computer seat to move plays at this device: computers play on the device of
        the last human who moved before them (the device that started the game, before any)."""
        if not self.is_remote_game() or self.override == self.revision:
            return True
        if self._driver[0] != self.revision:
            last_human = next((p for p in reversed(self.movers()) if not self.is_computer(p)), None)
            here = self.made_here if last_human is None else int(last_human) in self.here
            self._driver = (self.revision, here)
        return self._driver[1]

    def computer_to_move(self) -> bool:
        """A computer is to move and plays at this device (``app.state.loop`` starts its search)."""
        return (not self.board.is_game_over() and self.is_computer(self.board.turn)
                and self.computers_play_here())

    def remote_to_move(self) -> bool:
        """The move is to be made on another device (a remote person, or a computer that plays
        there): this device waits for a link."""
        if self.board.is_game_over() or self.override == self.revision:
            return False
        turn = self.board.turn
        return self.is_remote(turn) or (self.is_computer(turn) and not self.computers_play_here())

    def here_to_move(self) -> bool:
        """A human of this device is to move (or a remote seat's move is made here on purpose)."""
        if self.board.is_game_over() or self.is_computer(self.board.turn):
            return False
        return self.is_here(self.board.turn) or self.override == self.revision

    def play_here_once(self) -> None:
        """A player chose to make the waiting move at this device (until the game changes)."""
        self.override = self.revision

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
            "id": self.id,
            "name": self.name,
            "here": "".join(Party(i).letter for i in sorted(self.here)),
            "made_here": self.made_here,
            "updated": self.updated,
            "position": self.position_code(),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Read a saved game; ``SaveError`` says what is wrong."""
        if not isinstance(text, str):
            raise SaveError(_("the saved data is not text"))
        if len(text) > MAX_SAVE:
            raise SaveError(_("the saved data is too long"))
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError(_("the saved data is not JSON")) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(_("the saved data is not a Djambi game"))
        version = data.get("version")
        if version not in READ_VERSIONS:
            raise SaveError(_("the saved game has format version {version}; this page reads "
                              "versions 1 and {supported}").format(version=repr(version),
                                                                   supported=SAVE_VERSION))
        game_text, seats, redo = data.get("game"), data.get("seats"), data.get("redo", [])
        if not isinstance(game_text, str):
            raise SaveError(_("the saved data holds no game code"))
        if (not isinstance(seats, list) or len(seats) != 4
                or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats)):
            raise SaveError(_("the saved seats are not four of {kinds}").format(
                kinds=", ".join(SEAT_KINDS)))
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            raise SaveError(_("the saved redo list is not a list of moves"))
        try:
            board = parse_game_code(game_text)
            replay = board.copy()
            redo_moves = [replay.play(text) for text in redo]
        except DjambiError as exc:
            # Translators: {detail} is the rules engine's explanation, in English.
            raise SaveError(_("the saved game cannot be replayed: {detail}").format(
                detail=exc)) from None
        game = cls(board, list(seats), redo_moves)
        if version >= 2:
            letters = {p.letter: int(p) for p in Party}
            here, game_id = data.get("here", ""), data.get("id")
            if not isinstance(here, str) or any(c not in letters for c in here):
                raise SaveError(_("the saved seats played here are not party letters"))
            if not valid_id(game_id):
                raise SaveError(_("the saved game's id is not 4 to 16 letters and digits"))
            game.here = frozenset(letters[c] for c in here)
            game.id = game_id
            game.name = clean_name(data.get("name") or "")
            game.made_here = bool(data.get("made_here", True))
            updated = data.get("updated", "")
            game.updated = updated if isinstance(updated, str) else ""
        return game


def _replay(start: Board, moves: list[Move]) -> Board:
    board = start
    for move in moves:
        board.push(move)
    return board


def new_game(hostage: bool = False, seats: list[str] | None = None) -> Game:
    """A new game; a seat may be ``REMOTE`` (a human on another device)."""
    seats = list(seats) if seats else [HUMAN] * 4
    if len(seats) != 4 or any(s not in (*SEAT_KINDS, REMOTE) for s in seats):
        raise ValueError(f"seats must be four of {(*SEAT_KINDS, REMOTE)}")
    if hostage:
        seats[Party.GREEN] = HUMAN  # the hostage never plays
    here = frozenset(i for i, s in enumerate(seats) if s != REMOTE)
    seats = [HUMAN if s == REMOTE else s for s in seats]
    return Game(Board(hostage=hostage), seats, here=here)


# ---------------------------------------------------------------------------- storage
@dataclass
class Loaded:
    """What ``load`` found: the game to play and, if the saved data was bad, a message."""

    game: Game
    message: str = ""
    resumed: bool = False


#: Player-facing texts (whole sentences with named placeholders, for translation).
STORAGE_FULL = N_("This browser's storage for the page is full, so the game could not be saved. "
                "Nothing is lost: it stays open here and its last saved copy is kept. Delete "
                "games you no longer need (Games); it is saved at the next move.")
STORAGE_REFUSED = N_("The game could not be saved ({detail}). It stays open here.")


def write_error(exc: Exception) -> str:
    """The message for a refused write: storage full, or another refusal."""
    detail = str(exc) or type(exc).__name__
    full = any(w in detail.lower() for w in ("quota", "full", "exceeded"))
    return _(STORAGE_FULL) if full else _(STORAGE_REFUSED).format(detail=detail)


def load(storage: Storage, key: str = STORAGE_KEY) -> Loaded:
    """The saved game, or a new one. Bad data is kept under ``<key>.backup`` and explained."""
    backup_key = BACKUP_KEY if key == STORAGE_KEY else key + ".backup"
    try:
        text = storage.get(key)
    except Exception:  # noqa: BLE001 (a storage that refuses to read: play without it)
        return Loaded(new_game(), _("The saved game could not be read (storage unavailable)."))
    if text is None:
        return Loaded(new_game())
    try:
        return Loaded(Game.from_json(text), resumed=True)
    except SaveError as exc:
        try:
            storage.set(backup_key, text)
            storage.remove(key)
            kept = True
        except Exception:  # noqa: BLE001
            kept = False
        if kept:
            text = _("The saved game could not be loaded ({problem}), so a new game started. "
                     "The unreadable data was kept under '{key}'.")
        else:
            text = _("The saved game could not be loaded ({problem}), so a new game started.")
        return Loaded(new_game(), text.format(problem=exc, key=backup_key))


def save(storage: Storage, game: Game, key: str = STORAGE_KEY) -> str:
    """Save the game; returns an error message, or "" when saved."""
    try:
        storage.set(key, game.to_json())
    except Exception as exc:  # noqa: BLE001 (quota, private mode...)
        return write_error(exc)
    return ""


class Keeper:
    """The saved game, kept in step with other tabs of the same page.

    It remembers the text it last read or wrote. Before writing it looks again: if another tab
    wrote meanwhile (or the ``storage`` event said so), it does not overwrite; ``conflict`` turns
    on and the page asks whether to load the other tab's game or keep this one. Nothing is lost:
    until the question is answered this tab's moves stay in memory, the other's in storage.
    """

    def __init__(self, storage: Storage, key: str = STORAGE_KEY,
                 after_write: "Callable[[], str] | None" = None) -> None:
        self.storage = storage
        self.key = key
        self.after_write = after_write  # e.g. list the game in the games index
        self.known: str | None = None  # the saved text as this tab last read or wrote it
        self.conflict = False

    def _read(self) -> str | None:
        try:
            return self.storage.get(self.key)
        except Exception:  # noqa: BLE001 (storage unavailable)
            return self.known

    def load(self) -> Loaded:
        loaded = load(self.storage, self.key)
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
        problem = save(self.storage, game, self.key)
        if not problem:
            self.known = self._read()
            self.conflict = False
            if self.after_write is not None:
                problem = self.after_write()
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
        raise LinkError(_("This link's seats ({seats}) should be four letters, one per player "
                          "(h human, e easy, n normal, d hard, r random).").format(
                              seats=repr(text[:12])))
    seats = []
    for party, letter in zip(Party, text):
        if letter not in kinds:
            raise LinkError(_("This link's seat for {player} ({letter}) is not one of "
                              "h (human), e, n, d, r (computer levels).").format(
                                  player=party_name(party), letter=repr(letter)))
        seats.append(kinds[letter])
    return seats


@dataclass
class Linked:
    """What a link holds: the game, and whether the link names it (``;id=``), as the links
    that carry a move of a game played across devices do."""

    game: Game
    shared: bool = False


def link_parts(fragment: str) -> tuple[str, dict[str, str]]:
    """The code and the ``;name=value`` parameters of a link fragment, percent-decoded."""
    raw = fragment[1:] if fragment.startswith("#") else fragment
    parts = raw.split(";") if ";" in raw else unquote(raw).split(";")
    params = {}
    for part in parts[1:]:
        key, _, value = part.partition("=")
        params[unquote(key).strip()] = unquote(value).strip()
    return unquote(parts[0]).strip(), params


def read_link(fragment: str) -> Linked | None:
    """The game a link opens (``None`` for an empty fragment); ``LinkError`` if it is bad.

    ``#P1.…`` is a position (no moves to undo); ``#G1~…`` or ``#G2~…`` a whole game (its moves
    can be undone). Parameters may follow: ``;seats=hnnd`` (who plays each party; links made
    before seats were written open with every seat human), ``;id=…`` (the game played across
    devices that this link continues) and ``;name=…`` (its name).
    """
    text, params = link_parts(fragment)
    if not text:
        return None
    seats = [HUMAN] * 4
    if "seats" in params:
        seats = parse_seats(params["seats"])
    game_id = params.get("id")
    if game_id is not None and not valid_id(game_id):
        raise LinkError(_("This link's game id ({id}) should be 4 to 16 letters and digits.")
                        .format(id=repr(game_id[:20])))
    try:
        if text.startswith(POSITION_PREFIX) or text.startswith("P"):
            board = Board.from_code(text)
        elif text.startswith(GAME_PREFIX) or text.startswith("G"):
            board = parse_game_code(text)
        else:
            raise LinkError(_("This link does not hold a Djambi position or game "
                              "(it should end in #P1.… or #G1~…)."))
    except DjambiError as exc:
        # Translators: {detail} is the rules engine's explanation, in English.
        raise LinkError(_("This link's game cannot be opened: {detail}").format(
            detail=exc)) from None
    if board.root().is_hostage_game:
        seats[Party.GREEN] = HUMAN  # the hostage never plays
    game = Game(board, seats, name=clean_name(params.get("name", "")))
    if game_id is not None:
        game.id = game_id
    return Linked(game, shared=game_id is not None)


def game_from_link(fragment: str) -> Game | None:
    """The game a link opens (``read_link``), or ``None`` for an empty fragment."""
    linked = read_link(fragment)
    return None if linked is None else linked.game


def position_link(base: str, game: Game, board: Board | None = None) -> str:
    """A link to the position (``board``, by default the game's current one), with the seats."""
    code = (board or game.board).code()
    return f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)}"


def game_link(base: str, game: Game) -> str:
    """A link to the whole game (its moves can be undone there), with the seats: a copy of the
    game (compact code, ``G2~``), not tied to this one."""
    code = format_compact_game(game.board)
    return f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)}"


def move_link(base: str, game: Game) -> str:
    """The link that carries the game to the other devices playing it: the whole game
    (compact), the seats, its id and its name. Opening it continues the same game there."""
    code = format_compact_game(game.board)
    name = f";name={quote(game.name, safe='')}" if game.name else ""
    return (f"{base.split('#')[0]}#{code}{SEATS_PARAM}{seats_text(game.seats)};id={game.id}"
            f"{name}")


# ---------------------------------------------------------------------------- words
def status_text(game: Game) -> str:
    """The one-line status: who is to move, or how the game ended."""
    board = game.board
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is not None:
            return _("Game over: {player} wins").format(player=party_name(outcome.winner))
        text = DRAW_STATUS.get(outcome.termination.value)
        return _(text) if text else _("Game over: draw")
    if board.is_extra_turn:
        return _("{player} to move (extra turn, in power)").format(player=party_name(board.turn))
    return _("{player} to move").format(player=party_name(board.turn))


#: The status line of a drawn game, by termination.
DRAW_STATUS = {
    "no players": N_("Game over: draw (no players)"),
    "no moves": N_("Game over: draw (no moves)"),
    "draw rule": N_("Game over: draw (draw rule)"),
    "agreement": N_("Game over: draw (agreement)"),
}

#: Why a game ended, on the game-over screen.
OUTCOME_REASONS = {
    "elimination": N_("Every other player has been eliminated."),
    "no players": N_("The last players perished together."),
    "no moves": N_("No player can move."),
    "draw rule": N_("120 turns passed with no kill and no change of control."),
    "agreement": N_("The players agreed a draw."),
}


def outcome_text(game: Game) -> tuple[str, str]:
    """(title, explanation) for the game-over screen; ``("", "")`` while the game goes on."""
    outcome = game.board.outcome()
    if outcome is None:
        return "", ""
    reason = OUTCOME_REASONS.get(outcome.termination.value)
    why = _(reason) if reason else outcome.termination.value
    if outcome.winner is not None:
        return _("{player} wins!").format(player=party_name(outcome.winner)), why
    return _("Draw"), why


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
        if self.state == "active":
            others = [party_of(p) for p in self.controls if p != self.party]
            if others and self.in_power:
                return _("in power; plays {players} too").format(players=list_of(others))
            if others:
                return _("plays {players} too").format(players=list_of(others))
            return _("in power") if self.in_power else ""
        if self.state == "eliminated":
            if self.controller is not None:
                return _("eliminated; {player} plays its pieces").format(
                    player=party_name(self.controller))
            return _("eliminated")
        if self.state == "frozen":
            return _("eliminated; its pieces are frozen")
        if self.state == "hostage":
            return _("hostage (no turns)")
        return ""


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
            seat=REMOTE if game.is_remote(party) else game.seat(party),
        ))
    return out


def _has_living(board: Board, party: Party) -> bool:
    return any(p.party == party for p in board.pieces().values())


__all__ = [
    "Game", "Loaded", "Keeper", "Storage", "MemoryStorage", "SaveError", "LinkError", "PartyInfo",
    "STORAGE_KEY", "BACKUP_KEY", "HUMAN", "SEAT_KINDS", "SEAT_LABELS", "COMPUTER_LEVELS",
    "new_game", "load", "save", "game_from_link", "position_link", "game_link", "fragment_text",
    "read_link", "Linked", "move_link", "link_parts", "REMOTE", "new_id", "valid_id", "clean_name",
    "seats_text", "parse_seats", "SEAT_LETTERS", "seat_label",
    "status_text", "outcome_text", "party_infos",
]
