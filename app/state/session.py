"""The game being played in the page: the board, who sits where (``seats``), undo and redo, and the
game as saved (``to_json``/``from_json``; storage itself is ``store``, links ``links``). Pure Python.

Saved game (one JSON object per game, under a key of its own: see ``app.state.library``)::

    {"format": "djambi-save", "version": 2, "game": "G1~start~C7-F4", "seats": [...4 seat kinds],
     "redo": ["A3-B4", ...], "id": "k3Jd9aQx", "name": "Game 2", "here": "rg",
     "made_here": true, "updated": "<ISO time>", "position": "P1.…"}

A Camblam game adds ``"kind": "camblam"`` (``app.games``), has two seats (White, Black; ``here``
letters ``w``/``b``) and its own codes (``C1~start~f3f6``, ``C1.…``); a save without ``kind`` is
Djambi's.

``id`` names the game across devices (links carry it), ``here`` lists the human seats played at
this device (the others are *remote*: people on other devices), ``made_here`` says the game was
started here (so computers moving before any human play here). Version 1 (without those) is still
read: every seat here.

``position`` is the current position text (``board.code()``), informative: the page paints the
saved game's pieces from it before Python runs (index.html); reading the save uses ``game`` only.

``redo`` holds the moves undone, the next one first, as move texts played from the current
position.

Seats that changed hands (issue 37): ``"seat_steps": "4b:hd.9b:dh"`` lists the changes made
(``app.state.seating.format_steps``: after 4 moves Blue went from human to hard, after 9 back),
``"seat_redo"`` those undone (the next first); ``seats`` and ``here`` are the seats now. Both keys
are left out when empty, and a reader without them (an older page) reads the seats as they are
now: the version stays 2. Anything else under the key — not JSON, another shape, an illegal move — is set aside
under ``BACKUP_KEY`` (never deleted) and a new game starts, with a message saying so.
"""


from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field

from djambi import Board, Move, Party, Termination
from djambi.rules import STANDARD, TEAMS, Rules

from gamekit.review import Review

from app import games

from app.text.i18n import _
from app.state.seating import (ALL_SEATS, COMPUTER_LEVELS, HUMAN, REMOTE, SEAT_KINDS, SeatStep,
                               SeatStepError, apply_step, clean_name, format_steps, kind_of,
                               new_id, parse_steps, start_seats, valid_id)

SAVE_FORMAT = "djambi-save"
SAVE_VERSION = 2
READ_VERSIONS = (1, 2)
MAX_SAVE = 400_000  # characters

#: Every change to any game takes the next number: a search started for one revision can never be
#: mistaken for one of another game (see ``app.state.loop``).
_REVISIONS = itertools.count(1)


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
    #: The game's kind (``app.games``): its codes, narration and computer players.
    rules: games.Game = field(default_factory=games.get, compare=False, repr=False)
    #: The finished game's review (``gamekit.review``, ``docs/review.md``), saved with it.
    review: Review | None = field(default=None, compare=False, repr=False)

    def reviewed(self) -> Review | None:
        """The review of the game as it stands (None when there is none, or the game has moved)."""
        review = self.review
        if review is None or review.game != self.rules.key or len(review.plies) != len(self.board.move_stack):
            return None
        return review
    #: The seats' changes of hands made (``SeatStep``s, in order; each after ``ply`` moves) and
    #: those undone (the next to redo first): steps of the game's history, as its moves are.
    seat_steps: list[SeatStep] = field(default_factory=list)
    seat_redo: list[SeatStep] = field(default_factory=list)

    @property
    def rule_set(self) -> "Rules | None":
        """The game's rule options (a ``djambi.rules.Rules``), or None for a game without any
        (Camblam): what names the players and marks the rules."""
        return self.rules.rule_set(self.board)

    def touch(self) -> None:
        """Note a change (every method that changes the game calls it)."""
        self.revision = next(_REVISIONS)

    # ------------------------------------------------------------------ seats
    def seat(self, player: Party | int) -> str:
        return self.seats[int(player)]

    def is_computer(self, player: Party | int) -> bool:
        return self.seat(player) != HUMAN

    def has_computers(self) -> bool:
        return any(self.is_computer(p) for p in self.rules.active_players(self.board))

    def is_here(self, player: Party | int) -> bool:
        """A human seat played at this device."""
        return not self.is_computer(player) and int(player) in self.here

    def is_remote(self, player: Party | int) -> bool:
        """A human seat played on another device."""
        return not self.is_computer(player) and int(player) not in self.here

    def remote_seats(self) -> list[Party]:
        """The seats played on other devices (never a hostage: it does not play)."""
        idle = self.rules.idle_seats(self.board)
        return [p for p in self.rules.parties if self.is_remote(p) and p not in idle]

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

    # ------------------------------------------------------------------ seats changing hands
    def seat_kind(self, player: Party | int) -> str:
        """``human`` (played here), ``remote`` (a person on another device) or a level."""
        return kind_of(self.seats, self.here, int(player))

    def seat_choices(self) -> list[str]:
        """What a seat can be handed to: a person here, or one of the game's computer levels
        (``app.games``' ``levels``), weakest first, ``random`` last."""
        return [HUMAN, *(level for level in COMPUTER_LEVELS if level in self.rules.levels)]

    def can_change_seat(self, player: Party | int) -> bool:
        """A seat of a game going on that still plays (not out, not the hostage)."""
        board = self.board
        return (not board.is_game_over() and player in self.rules.active_players(board)
                and player not in self.rules.idle_seats(board))

    def team(self, player: Party | int) -> tuple[int, ...]:
        """The seats that change hands together: a two-by-two player's two armies, else one."""
        rule_set = self.rule_set
        if rule_set is not None and getattr(rule_set, "two_by_two", False):
            return next(t for t in TEAMS if int(player) in t)
        return (int(player),)

    def change_seat(self, player: Party | int, kind: str) -> SeatStep | None:
        """Hand ``player``'s seat to ``kind`` (``human``: a person at this device; or a computer
        level), as a new step of the history (the redo list is dropped, as after a new move).
        ``None`` if nothing changes; ``ValueError`` for a seat that cannot change or a kind the
        game does not offer."""
        if kind not in self.seat_choices() or not self.can_change_seat(player):
            raise ValueError(f"seat {int(player)} cannot be handed to {kind!r}")
        seats = self.team(player)
        before = self.seat_kind(seats[0])
        if before == kind:
            return None
        step = SeatStep(len(self.board.move_stack), seats, before, kind)
        self.here = apply_step(self.seats, self.here, step)
        self.seat_steps.append(step)
        self.redo_moves.clear()
        self.seat_redo.clear()
        self.touch()
        if self.is_computer(self.board.turn) and int(self.board.turn) in seats:
            self.play_here_once()  # handed over here: its computer plays here, now
        return step

    def steps_after(self, ply: int) -> list[SeatStep]:
        """The seat steps made after ``ply`` moves (before the next move)."""
        return [s for s in self.seat_steps if s.ply == ply]

    def _seat_step_last(self) -> bool:
        return bool(self.seat_steps) and self.seat_steps[-1].ply == len(self.board.move_stack)

    def _seat_step_next(self) -> bool:
        return bool(self.seat_redo) and self.seat_redo[0].ply == len(self.board.move_stack)

    def _undo_step(self) -> "Move | SeatStep":
        """Take back the last step: a seat step made after the last move, else the last move."""
        if self._seat_step_last():
            step = self.seat_steps.pop()
            self.here = apply_step(self.seats, self.here, step.reverse())
            self.seat_redo.insert(0, step)
            return step
        move = self.board.pop()
        self.redo_moves.insert(0, move)
        return move

    def _redo_step(self) -> "Move | SeatStep":
        if self._seat_step_next():
            step = self.seat_redo.pop(0)
            self.here = apply_step(self.seats, self.here, step)
            self.seat_steps.append(step)
            return step
        move = self.redo_moves.pop(0)
        self.board.push(move)
        return move

    def play_here_once(self) -> None:
        """A player chose to make the waiting move at this device (until the game changes)."""
        self.override = self.revision

    # ------------------------------------------------------------------ moves
    def play(self, move: Move | str) -> Move:
        """Play a legal move (``IllegalMoveError`` otherwise). The redo list survives only if
        this is the move it held next."""
        seat_next = self._seat_step_next()
        move = self.board.play(move)
        if self.redo_moves and self.redo_moves[0] == move and not seat_next:
            self.redo_moves.pop(0)
        else:
            self.redo_moves.clear()
            self.seat_redo.clear()
        self.touch()
        return move

    def can_undo(self) -> bool:
        return bool(self.board.move_stack or self.seat_steps) or self.ended_by_players()

    def can_redo(self) -> bool:
        return (bool(self.redo_moves) or self._seat_step_next()) and not self.board.is_game_over()

    def ended_by_players(self) -> bool:
        """The game ended here by the players' word, not by a move: a draw agreed, or (Camblam)
        a side resigned; undo takes that back first."""
        outcome = self.board.outcome()
        return (outcome is not None and outcome.termination.value in ("agreement", "resignation")
                and bool(self.board.move_stack or self.board.root().outcome() is None))

    def undo(self) -> "list[Move | SeatStep]":
        """Undo the last step of the history, then any before it while a computer is to move,
        so that a human is to move again (or the game is back at its start). A step is a move or
        a seat that changed hands (``SeatStep``): a seat change undone first stands alone (the
        seat's previous player is back, paused if a computer); one reached while undoing a
        computer's moves is undone with them (the human who handed the seat over is back). A draw
        agreement or a resignation is undone first, alone. Returns what was undone, in order."""
        self.touch()
        if self.ended_by_players():
            self.board = _replay(self.board.root(), self.board.move_stack)
            return []
        if not (self.board.move_stack or self.seat_steps):
            return []
        undone = [self._undo_step()]
        if isinstance(undone[0], SeatStep):
            return undone
        while self.board.move_stack or self._seat_step_last():
            if not any(s == HUMAN for s in self.seats) or not self.is_computer(self.board.turn):
                break
            undone.append(self._undo_step())
        return undone

    def redo(self) -> "list[Move | SeatStep]":
        """Redo the next undone step (a move or a seat change), then any that follow it while a
        computer is to move."""
        self.touch()
        done: list = []
        while (self.redo_moves or self._seat_step_next()) and not self.board.is_game_over():
            done.append(self._redo_step())
            if not any(s == HUMAN for s in self.seats) or not self.is_computer(self.board.turn):
                break
        return done

    def agree_draw(self) -> None:
        self.board.agree_draw()
        self.redo_moves.clear()
        self.seat_redo.clear()
        self.touch()

    def can_resign(self) -> bool:
        """A game whose players may resign (``Game.can_resign``: Camblam; Djambi has no
        resignation) going on, its side to move a human of this device. In a game played by link
        the resignation then travels in the link of the last move (``remote.continue_with``)."""
        return (self.rules.can_resign and not self.board.is_game_over()
                and self.is_here(self.board.turn))

    def resign(self) -> None:
        """The side to move resigns: the other side wins."""
        self.board.resign(self.board.turn)
        self.redo_moves.clear()
        self.seat_redo.clear()
        self.touch()

    def unfinished(self) -> bool:
        """A game worth asking about before replacing it: moves played and not over."""
        return bool(self.board.move_stack) and not self.board.is_game_over()

    # ------------------------------------------------------------------ text
    def game_code(self) -> str:
        return self.rules.format_game_code(self.board)

    def position_code(self) -> str:
        """The position as a link writes it (Djambi ``P1.…``, Camblam ``C1.…``)."""
        return self.rules.format_position(self.board)

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
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_code(),
            "seats": list(self.seats),
            "redo": redo_texts,
            "id": self.id,
            "name": self.name,
            "here": "".join(self.rules.party_letter(i) for i in sorted(self.here)
                            if i < len(self.rules.parties)),
            "made_here": self.made_here,
            "updated": self.updated,
            "position": self.position_code(),
        }
        if self.rules.key != games.DEFAULT:
            data["kind"] = self.rules.key  # Djambi's saves name no game, as they always did
        if self.seat_steps:
            data["seat_steps"] = format_steps(self.seat_steps, self.seat_letter)
        if self.seat_redo:
            data["seat_redo"] = format_steps(self.seat_redo, self.seat_letter)
        if self.reviewed() is not None:
            data["review"] = self.review.to_json()
        return json.dumps(data, separators=(",", ":"))

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
        kind = data.get("kind", games.DEFAULT)
        if kind not in games.MODULES:
            raise SaveError(_("the saved game is of an unknown kind ({kind})").format(
                kind=repr(str(kind)[:20])))
        rules = games.get(kind)
        if not isinstance(game_text, str):
            raise SaveError(_("the saved data holds no game code"))
        if (not isinstance(seats, list) or len(seats) != len(rules.parties)
                or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats)):
            raise SaveError(_("the saved seats are not {count} of {kinds}").format(
                count=len(rules.parties), kinds=", ".join(SEAT_KINDS)))
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            raise SaveError(_("the saved redo list is not a list of moves"))
        try:
            board = rules.parse_game_code(game_text)
            replay = board.copy()
            redo_moves = [replay.play(text) for text in redo]
        except rules.error as exc:
            # Translators: {detail} is the rules engine's explanation, in English.
            raise SaveError(_("the saved game cannot be replayed: {detail}").format(
                detail=exc)) from None
        game = cls(board, list(seats), redo_moves, rules=rules)
        if version >= 2:
            letters = {rules.party_letter(p): int(p) for p in rules.parties}
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
        steps, steps_redo = data.get("seat_steps", ""), data.get("seat_redo", "")
        try:
            if not isinstance(steps, str) or not isinstance(steps_redo, str):
                raise SeatStepError("not text")
            game.set_seat_steps(parse_steps(steps, game.seat_letters()),
                                parse_steps(steps_redo, game.seat_letters()))
        except SeatStepError as exc:
            raise SaveError(_("the saved seat changes cannot be read ({detail})").format(
                detail=exc)) from None
        game.review = read_review(data.get("review"))
        game.review = game.reviewed()
        return game

    # ------------------------------------------------------------------ seat steps as text
    def seat_letter(self, seat: int) -> str:
        return self.rules.party_letter(self.rules.parties[seat])

    def seat_letters(self) -> dict[str, int]:
        return {self.rules.party_letter(p): int(p) for p in self.rules.parties}

    def set_seat_steps(self, steps: list[SeatStep], redo: list[SeatStep] = ()) -> None:
        """Take ``steps`` (made) and ``redo`` (undone) as the game's seat history, the seats now
        being ``seats``/``here``; ``SeatStepError`` if they do not fit the game (a step after
        more moves than were played, a redo step before the current move, a seat that does not
        play, steps that do not lead to the seats as they are)."""
        plies = len(self.board.move_stack)
        idle = {int(p) for p in self.rules.idle_seats(self.board)}
        for step in [*steps, *redo]:
            if any(seat in idle for seat in step.seats):
                raise SeatStepError(f"seat step at move {step.ply} changes a seat that never plays")
        if steps and steps[-1].ply > plies:
            raise SeatStepError(f"seat step at move {steps[-1].ply} is after the last move")
        if redo and redo[0].ply < plies:
            raise SeatStepError(f"seat step to redo at move {redo[0].ply} is before this move")
        if redo and redo[-1].ply > plies + len(self.redo_moves):
            raise SeatStepError(f"seat step to redo at move {redo[-1].ply} is after the last move")
        start_seats(self.seats, self.here, steps)  # raises if they do not lead here
        seats, here = list(self.seats), self.here
        for step in redo:
            if any(kind_of(seats, here, seat) != step.before for seat in step.seats):
                raise SeatStepError(f"seat step to redo at move {step.ply} does not match the seats")
            here = apply_step(seats, here, step)
        self.seat_steps, self.seat_redo = list(steps), list(redo)


def _replay(start: Board, moves: list[Move]) -> Board:
    board = start
    for move in moves:
        board.push(move)
    return board


def new_game(hostage: bool = False, seats: list[str] | None = None,
             rules: Rules | str | None = None, kind: str = games.DEFAULT) -> Game:
    """A new game of ``kind`` (``app.games``: Djambi by default, or Camblam); a seat may be
    ``REMOTE`` (a human on another device).

    Djambi: four seats; ``rules`` is the rule set (a ``Rules`` or its text,
    ``docs/rules-options.md``; ``RulesError`` if bad), standard by default; ``players=3`` is the
    hostage game. Two players × two armies (``players=2x2``): player One sits in Red's seat and
    leads Red and Yellow, player Two in Blue's and leads Blue and Green, so Yellow's seat takes
    Red's kind and Green's takes Blue's (the dialog's Yellow and Green choices are not used).

    Camblam: two seats (White, Black); it has no hostage and no rule options (``ValueError`` if
    either is asked for)."""
    game_kind = games.get(kind)
    count = len(game_kind.parties)
    seats = list(seats) if seats else [HUMAN] * count
    if len(seats) != count or any(s not in (*SEAT_KINDS, REMOTE) for s in seats):
        raise ValueError(f"seats must be {count} of {(*SEAT_KINDS, REMOTE)}")
    if isinstance(rules, str):
        rules = Rules.parse(rules)
    if kind != "djambi":
        if hostage or (rules is not None and rules != STANDARD):
            raise ValueError(f"{game_kind.title} has no hostage game and no rule options")
        board = game_kind.new_board()
    else:
        rules = rules or STANDARD
        hostage = (hostage and not rules.two_by_two) or rules.players == "3"  # 2x2: no hostage
        if rules.two_by_two:
            for one, two in TEAMS:
                seats[two] = seats[one]
        board = game_kind.new_board(hostage=hostage, rules=rules)
    for party in game_kind.idle_seats(board):
        seats[int(party)] = HUMAN  # the hostage never plays
    here = frozenset(i for i, s in enumerate(seats) if s != REMOTE)
    seats = [HUMAN if s == REMOTE else s for s in seats]
    return Game(board, seats, here=here, rules=game_kind)


def read_review(data: object) -> Review | None:
    """A saved review, or None: a review that does not read is dropped, the game never is."""
    if data is None:
        return None
    try:
        return Review.from_json(data)
    except ValueError:
        return None
