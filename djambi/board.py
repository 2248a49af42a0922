"""The game state and its rules: what stands where, who controls what, who is in power,
whose turn it is; legal moves, ``push``/``pop``, and ``outcome()``.

Rules are those of ``docs/rules.md`` (rulings §1–§9), with the options of a ``Rules`` value
(``docs/rules-options.md``) that the board keeps for the whole game. The read-only queries
(control, power, players, walled-in chiefs) are ``djambi.queries``. Inside, a square holds a small int
(0 empty, 1–30 a living piece, 65–70 a corpse; see ``pieces``); the public API speaks in
``Piece``, ``Party``, ``Move`` and square numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable

import gamekit
from gamekit import AGREEMENT

from .move import IllegalMoveError, Move
from .pieces import (ASSASSIN, CHIEF, DEAD, MILITANT, NECROMOBILE, PROVOCATEUR, REPORTER, Kind, Party,
                     Piece, corpse_code, living_code)
from .geometry import NAMES, SQUARE, Geometry
from .queries import ABSENT, FROZEN, HOSTAGE, OUT, Queries
from .rules import STANDARD, Rules
from .squares import MAZE, Square, square_name
from .turns import Turn, next_turn

#: Turns with no kill and no change of control after which the game is drawn (rulings §7).
DRAW_TURNS = 120

_CHIEF_CORPSE = corpse_code(CHIEF)

class Termination(Enum):
    """How a game ended."""

    ELIMINATION = "elimination"  # one active player is left: he wins
    NO_PLAYERS = "no players"  # the last players perished together: a draw
    NO_MOVES = "no moves"  # no active player can move: a draw
    DRAW_RULE = "draw rule"  # 120 turns with no kill and no change of control: a draw
    AGREEMENT = AGREEMENT  # all active players agreed to a draw


@dataclass(frozen=True)
class Outcome(gamekit.Outcome):
    """The end of a game: ``winner`` is a ``Party`` (the winning player), or ``None`` for a draw."""

    termination: Termination
    winner: Party | None = None

    def result(self) -> str:
        """``Red`` (the winner's name) or ``draw``."""
        return "draw" if self.winner is None else self.winner.title


@dataclass(frozen=True)
class _State:
    cells: tuple[int, ...]
    control: tuple[int, ...]
    turn: Turn
    quiet: int
    draw_agreed: bool
    passes: tuple[int, ...] = (0, 0, 0, 0)


class LegalMoves(gamekit.LegalMoves):
    """The legal moves of a position, computed lazily: ``len``, iteration and ``in`` work."""

    move_type = Move


class Board(Queries):
    """A Djambi position with its move stack.

    ``Board()`` is the four-player start; ``Board(hostage=True)`` the three-player start with
    Green as the hostage party; ``Board(rules=Rules.parse("bga"))`` a start with rule options
    (``players=3`` is the hostage start); ``Board(board="hex")`` the three-player game on the
    61-cell hexagon (``hex-rulings.md``; standard rules only). ``Board.from_code(text)`` reads a
    position text.

    With ``players=2x2`` the two players are named by their first party: Red (player One: Red
    and Yellow) and Blue (player Two: Blue and Green); a party's control code is then the party
    whose chief holds it.
    """

    def __init__(self, *, hostage: bool = False, rules: Rules | None = None,
                 board: "str | Geometry" = "square") -> None:
        rules = STANDARD if rules is None else rules
        geo = Geometry.named(board)
        if geo is not SQUARE and (hostage or rules != STANDARD):
            raise ValueError(f"the {geo.title} plays the standard rules only, with no hostage "
                             f"and no rule options")
        if hostage and rules.players != "3":
            if rules.players == "2x2":
                raise ValueError("a two-by-two game has no hostage")
            rules = rules.with_(players="3")
        hostage = rules.players == "3"
        self._rules: Rules = rules
        self._geo: Geometry = geo
        self._cells: list[int] = list(geo.start)
        self._control: list[int] = [
            HOSTAGE if hostage and p == 3 else p if p in geo.parties else ABSENT for p in range(4)]
        self._turn: Turn = Turn.regular(0)
        self._quiet: int = 0
        self._draw_agreed: bool = False
        self._passes: tuple[int, ...] = (0, 0, 0, 0)
        self._stack: list[tuple[Move, _State]] = []
        self._root: _State = self._state()

    # ------------------------------------------------------------------ state
    def _state(self) -> _State:
        return _State(
            tuple(self._cells), tuple(self._control), self._turn, self._quiet, self._draw_agreed,
            self._passes,
        )

    def _restore(self, state: _State) -> None:
        self._cells = list(state.cells)
        self._control = list(state.control)
        self._turn = state.turn
        self._quiet = state.quiet
        self._draw_agreed = state.draw_agreed
        self._passes = state.passes

    @classmethod
    def from_parts(
        cls, cells: list[int], control: list[int], turn: Turn, quiet: int = 0, draw_agreed: bool = False,
        rules: Rules | None = None, passes: tuple[int, ...] = (0, 0, 0, 0),
        geometry: Geometry = SQUARE,
    ) -> "Board":
        """A board from its parts, as ``cells`` and ``control_codes`` give them: 81 piece codes
        (``Piece.code``, 0 for empty), who controls each party (a player 0–3, ``FROZEN``,
        ``HOSTAGE`` or ``OUT + chief``), the turn, the draw counter, whether a draw was agreed,
        the rule set, each player's passes so far (counted under ``skips=N``) and the board
        (``djambi.geometry``; a party not on it is ``ABSENT``). No checks: the
        position text parser (``Board.from_code``) is the checked way in."""
        board = cls.__new__(cls)
        board._rules = STANDARD if rules is None else rules
        board._geo = geometry
        board._cells = list(cells)
        board._control = list(control)
        board._turn = turn
        board._quiet = quiet
        board._draw_agreed = draw_agreed
        board._passes = tuple(passes)
        board._stack = []
        board._root = board._state()
        return board

    _from_parts = from_parts  # the old private name, kept for callers not yet moved

    def copy(self, *, stack: bool = True) -> "Board":
        """A copy of the position, with its move history unless ``stack=False``."""
        board = Board.from_parts(self._cells, self._control, self._turn, self._quiet, self._draw_agreed,
                                 self._rules, self._passes, self._geo)
        if stack:
            board._stack = list(self._stack)
            board._root = self._root
        return board

    def root(self) -> "Board":
        """The position the move stack starts from."""
        board = Board.__new__(Board)
        board._rules = self._rules
        board._geo = self._geo
        board._stack = []
        board._restore(self._root)
        board._root = self._root
        return board

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self._state() == other._state()
            and self._geo is other._geo
            and self._rules_key() == other._rules_key()
        )

    def __hash__(self) -> int:
        return hash(self._state())

    def _rules_key(self) -> Rules:
        # players=3 differs from 4 only in its start, which the position shows (the hostage).
        return self._rules.with_(players="4") if self._rules.players == "3" else self._rules

    @property
    def geometry(self) -> Geometry:
        """The board the game is played on (``Geometry.SQUARE`` or ``Geometry.HEX``)."""
        return self._geo

    @property
    def rules(self) -> Rules:
        """The game's rule set (fixed when it starts)."""
        return self._rules

    @property
    def passes(self) -> tuple[int, ...]:
        """For each player, the passes he has made (counted only under ``skips=N``)."""
        return self._passes

    def key(self) -> _State:
        """A hashable value equal for equal positions (history aside)."""
        return self._state()

    @property
    def move_stack(self) -> list[Move]:
        return [move for move, _ in self._stack]

    # ------------------------------------------------------------------ move generation
    def _walk(
        self, player: int, out: list[Move] | None, only: Square | None = None
    ) -> int:
        """Generate (into ``out``) or count the legal moves of ``player``, pass excluded.

        Counting does not build the moves: where a move ends in a choice of squares, it counts
        the choices. ``only``: just the moves of the piece on that square.
        """
        cells = self._cells
        rules = self._rules
        geo = self._geo
        walk, beside = geo.walk, geo.beside
        mine = self._mine(player)
        enemy = self._enemy_table(player)
        provoke = enemy if rules.provocateur_own == "never" and rules.kill_own == "never" else (
            self._enemy_table(player, provoke=True))
        report = rules.reporter  # may, must or all
        empty_field: list[int] | None = None  # empty field squares, computed when first needed
        n_empty = 0
        total = 0
        squares: Iterable[int] = geo.cells if only is None else (only,)
        for s in squares:
            code = cells[s]
            if code == 0 or code > DEAD or not mine[(code - 1) >> 3]:
                continue
            kind = (code - 1) & 7
            for t in walk(cells, s, kind)[0]:
                target = cells[t]
                if target == 0:
                    if t == MAZE:
                        if kind == CHIEF:
                            total += 1
                            if out is not None:
                                out.append(Move(s, t))
                        continue  # everybody may pass through the empty maze
                    if kind == REPORTER:
                        if report == "all":  # kills every killable neighbour: no choice
                            total += 1
                            if out is not None:
                                out.append(Move(s, t))
                            continue
                        victims = [  # never itself: under kill-own a vassal reporter is killable
                            v for v in beside[t] if enemy[cells[v]] and v != s
                        ]
                        spare = report == "may" or not victims
                        total += spare + len(victims)
                        if out is not None:
                            if spare:
                                out.append(Move(s, t))
                            for v in victims:
                                out.append(Move(s, t, victim=v))
                    else:
                        total += 1
                        if out is not None:
                            out.append(Move(s, t))
                    continue
                # An occupied square: act on it or stop before it.
                if empty_field is None:
                    empty_field = [q for q in geo.field if cells[q] == 0]
                    n_empty = len(empty_field)
                if t == MAZE:
                    total += self._maze_act(
                        s, kind, target, provoke if kind == PROVOCATEUR else enemy,
                        empty_field, n_empty, out,
                    )
                elif target > DEAD:
                    if kind == NECROMOBILE:
                        total += n_empty + 1
                        if out is not None:
                            for p in sorted(empty_field + [s]):
                                out.append(Move(s, t, place=p))
                elif provoke[target] if kind == PROVOCATEUR else enemy[target]:
                    if kind == MILITANT or kind == CHIEF:
                        # The corpse goes to any empty field square; the piece's start
                        # square is empty now (unless it is the maze).
                        total += n_empty + (s != MAZE)
                        if out is not None:
                            places = empty_field + [s] if s != MAZE else empty_field
                            for p in sorted(places):
                                out.append(Move(s, t, place=p))
                    elif kind == ASSASSIN:
                        total += 1
                        if out is not None:
                            out.append(Move(s, t))
                    elif kind == PROVOCATEUR:
                        # The living piece goes to any empty square: the maze only for a
                        # chief (who then holds power), and only if the maze is empty.
                        to_maze = (target - 1) & 7 == CHIEF and cells[MAZE] == 0
                        total += n_empty + 1 + to_maze
                        if out is not None:
                            places = empty_field + [s] + ([MAZE] if to_maze else [])
                            for p in sorted(places):
                                out.append(Move(s, t, place=p))
        return total

    def _maze_act(
        self,
        s: int,
        kind: int,
        target: int,
        enemy: list[bool],
        empty_field: list[int],
        n_empty: int,
        out: list[Move] | None,
    ) -> int:
        """Moves of the piece on ``s`` acting on what holds the maze (rulings §3, §4)."""
        if kind == CHIEF:
            if target < DEAD and enemy[target]:  # kill the chief there and stay, in power
                total = n_empty + 1
                if out is not None:
                    for p in sorted(empty_field + [s]):
                        out.append(Move(s, MAZE, place=p))
                return total
            return 0
        if kind == ASSASSIN or kind == PROVOCATEUR:
            if not (target < DEAD and enemy[target]):
                return 0
        elif kind == NECROMOBILE:
            if target < DEAD:
                return 0
        else:
            return 0  # militants may not kill the chief in the maze; reporters act from beside
        exits = self._geo.maze_exits(self._cells, s, kind)
        if kind == ASSASSIN:
            if out is not None:
                for x in exits:
                    out.append(Move(s, MAZE, exit=x))
            return len(exits)
        # Provocateur and necromobile: exit, then place the chief or corpse on any empty field
        # square: those empty now, plus the start square, less the exit square.
        if out is not None:
            places = sorted(empty_field + [s])
            for x in exits:
                for p in places:
                    if p != x:
                        out.append(Move(s, MAZE, place=p, exit=x))
        return len(exits) * n_empty

    def _over(self) -> bool:
        """The game is over for a reason that needs no move generation."""
        return len(self._active()) <= 1 or self._draw_agreed or self._quiet >= DRAW_TURNS

    def _others_can_move(self) -> bool:
        player = self._turn.player
        return any(self._walk(p, None) for p in self._active() if p != player)

    def generate_legal_moves(self, from_square: Square | None = None) -> list[Move]:
        """All legal moves of the player to move (``[Move.null()]`` if he must pass);
        with ``from_square``, just those of the piece there."""
        if self._over():
            return []
        moves: list[Move] = []
        self._walk(self._turn.player, moves, from_square)
        if not moves and from_square is None and self._others_can_move():
            moves.append(Move.null())
        return moves

    def count_legal_moves(self) -> int:
        """``len(legal_moves)`` without building the moves."""
        if self._over():
            return 0
        n = self._walk(self._turn.player, None)
        if n == 0 and self._others_can_move():
            return 1
        return n

    def has_legal_moves(self) -> bool:
        """Whether the player to move has a legal move (a pass included)."""
        return self.count_legal_moves() > 0

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def has_moves(self, player: Party | int) -> bool:
        """Whether ``player`` has any move other than a pass."""
        return self._walk(int(player), None) > 0

    def is_legal(self, move: Move) -> bool:
        if self.is_game_over():
            return False
        if move.piece < 0:
            return move == Move.null() and self._walk(self._turn.player, None) == 0
        if not self._geo.is_cell(move.piece):
            return False
        return move in self.generate_legal_moves(move.piece)

    # ------------------------------------------------------------------ playing
    def play(self, move: Move | str) -> Move:
        """Play a legal move (a ``Move`` or a move text); ``IllegalMoveError`` otherwise."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not self.is_legal(move):
            raise IllegalMoveError(
                f"illegal move {move.text()} in position {self.code()}: {self.why_illegal(move)}"
            )
        self.push(move)
        return move

    def push(self, move: Move) -> None:
        """Play ``move``, which must be legal (``play`` checks; ``push`` trusts)."""
        self._stack.append((move, self._state()))
        cells = self._cells
        control = self._control
        player = self._turn.player
        ruler_before = self._ruler()
        eventful = False  # a kill, a perished chief, or a change of control
        taker = player  # the chief who takes what the move's kills take: his piece's holder

        def kill_chief(party: int) -> None:
            # Whoever kills a chief takes every living piece that chief held.
            owner = control[party]
            for q in range(4):
                if control[q] == owner:
                    control[q] = taker

        if move.is_pass():
            if self._rules.skips is not None:
                passes = list(self._passes)
                if passes[player] < self._rules.skips:
                    passes[player] += 1
                    self._passes = tuple(passes)
                else:  # his pass eliminates him, as if his chiefs had perished (skips=N)
                    for c in range(4):
                        if control[c] in (c, OUT + c) and self._rules.player_of(c) == player:
                            self._perish(c)
                    eventful = True
                    self._settle()
        else:
            s, t = move.piece, move.to
            code = cells[s]
            taker = control[(code - 1) >> 3]
            kind = (code - 1) & 7
            target = cells[t]
            cells[s] = 0
            if t == MAZE and target and kind != CHIEF:
                # Act on the maze, leave it, then place what was there (rulings §4).
                cells[move.exit] = code  # type: ignore[index]
                if kind == ASSASSIN:
                    cells[s] = _CHIEF_CORPSE
                    kill_chief((target - 1) >> 3)
                    eventful = True
                else:
                    cells[move.place] = target  # type: ignore[index]
                cells[MAZE] = 0
            else:
                cells[t] = code
                if target and target < DEAD:
                    victim_kind = (target - 1) & 7
                    if kind == PROVOCATEUR:
                        cells[move.place] = target  # type: ignore[index]
                    else:
                        eventful = True
                        cells[s if kind == ASSASSIN else move.place] = corpse_code(victim_kind)  # type: ignore[index]
                        if victim_kind == CHIEF:
                            kill_chief((target - 1) >> 3)
                elif target:
                    cells[move.place] = target  # type: ignore[index]  # necromobile
                if move.victim is not None:
                    victim = cells[move.victim]
                    cells[move.victim] = corpse_code((victim - 1) & 7)
                    eventful = True
                    if (victim - 1) & 7 == CHIEF:
                        kill_chief((victim - 1) >> 3)
                elif kind == REPORTER and self._rules.reporter == "all":
                    # Every killable neighbour dies at once; each chief's death passes control
                    # as a separate kill, in the order N, E, S, W.
                    enemy = self._enemy_table(player)
                    victims = [v for v in self._geo.beside[t] if enemy[cells[v]]]
                    for v in victims:
                        victim = cells[v]
                        cells[v] = corpse_code((victim - 1) & 7)
                        eventful = True
                        if (victim - 1) & 7 == CHIEF:
                            kill_chief((victim - 1) >> 3)
            eventful |= self._settle()
        active = self._active()
        if active:
            self._turn = next_turn(self._turn, ruler_before, self._ruler(), active)
        self._quiet = 0 if eventful else self._quiet + 1

    def _settle(self) -> bool:
        """After a move: walled-in chiefs perish (or go out, ``come-back``), out chiefs no longer
        walled in come back, frozen parties go to a new ruler. Returns whether a chief perished
        or control changed (going out and coming back do not count, ``come-back``)."""
        cells = self._cells
        control = self._control
        come_back = self._rules.come_back == "allowed"
        happened = False
        again = True
        while again:  # a chief who perishes is a corpse that may wall in another
            again = False
            for p in range(4):
                if control[p] != p:
                    continue
                sq = cells.index(living_code(CHIEF, p))
                if sq == MAZE:
                    continue
                if self._walled_in(p, sq):
                    if come_back:  # he stays where he is, out, with the parties he holds
                        for q in range(4):
                            if control[q] == p:
                                control[q] = OUT + p
                    else:
                        self._perish(p)
                        happened = True
                    again = True
        if come_back:
            for p in range(4):
                if control[p] == OUT + p and not self._walled_in(p, cells.index(living_code(CHIEF, p))):
                    for q in range(4):
                        if control[q] == OUT + p:
                            control[q] = p
        ruler = self._ruler_chief()
        if ruler is not None and FROZEN in control:
            for q in range(4):
                if control[q] == FROZEN:
                    control[q] = ruler
            happened = True
        return happened

    def _perish(self, p: int) -> None:
        """Chief ``p`` dies where he stands; what he held goes to the ruler, or freezes."""
        control = self._control
        self._cells[self._cells.index(living_code(CHIEF, p))] = _CHIEF_CORPSE
        ruler = self._ruler_chief()
        heir = FROZEN if ruler is None else ruler
        for q in range(4):
            if control[q] == p or control[q] == OUT + p:
                control[q] = heir

    def pop(self) -> Move:
        """Undo the last move and return it."""
        move, state = self._stack.pop()
        self._restore(state)
        return move

    def undo(self) -> Move:
        """Undo the last move (``IndexError`` if there is none)."""
        return self.pop()

    def agree_draw(self) -> None:
        """Record a draw agreed by all active players: the game ends."""
        self._draw_agreed = True

    # ------------------------------------------------------------------ the end
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        active = self._active()
        if len(active) == 1:
            return Outcome(Termination.ELIMINATION, Party(active[0]))
        if not active:
            return Outcome(Termination.NO_PLAYERS)
        if self._draw_agreed:
            return Outcome(Termination.AGREEMENT)
        if self._quiet >= DRAW_TURNS:
            return Outcome(Termination.DRAW_RULE)
        if not any(self._walk(p, None) for p in active):
            return Outcome(Termination.NO_MOVES)
        return None

    def is_game_over(self) -> bool:
        if self._over():
            return True
        return self._walk(self._turn.player, None) == 0 and not self._others_can_move()

    # ------------------------------------------------------------------ for searches
    # Views without copies and the one write a search needs (``djambi.ai``): ``cells`` and
    # ``control_codes`` copy, these do not, so never write into what they return. The lines a
    # piece walks: ``squares.LINES``; the ways out of the maze: ``squares.maze_exits``.
    @property
    def cells_view(self) -> list[int]:
        """The 81 piece codes as the board holds them (read only: ``cells`` is the copy)."""
        return self._cells

    @property
    def control_view(self) -> list[int]:
        """Who controls each party, as the board holds it (read only: ``control_codes`` copies).
        In a two-by-two game (``players=2x2``), a copy naming each party's player (0 One,
        1 Two) instead of the chief who holds it, so that a search reads players as in the
        other games."""
        if self._rules.players == "2x2":
            return [c & 1 if c < 4 else c for c in self._control]
        return self._control

    def enemy_table(self, player: int, provoke: bool = False) -> list[bool]:
        """table[code]: whether ``player`` may kill (``provoke``: move with a provocateur) a
        living piece with this cell code, by the rule set (his enemies; some of his own pieces
        under ``kill-own`` and ``provocateur-own``)."""
        return self._enemy_table(player, provoke)

    def mine_table(self, player: int) -> list[bool]:
        """mine[party]: whether ``player`` moves that party's living pieces."""
        return self._mine(player)

    @property
    def player_to_move(self) -> int:
        """The player to move, as an int (``turn`` gives the ``Party``)."""
        return self._turn.player

    @property
    def ply(self) -> int:
        """How many moves the move stack holds (``len(move_stack)`` without the list)."""
        return len(self._stack)

    #: The player in power as an int (``ruler`` gives the ``Party``), or ``None``.
    ruler_index = Queries._ruler
    #: Players still in the game as ints, in seat order (``active_players`` gives Parties).
    active_indices = Queries._active
    #: Whether the game is over for a reason that needs no move generation (one player or none
    #: left, a draw agreed, the 120-turn rule): ``is_game_over`` without the walk.
    is_decided = _over

    def set_turn(self, turn: Turn) -> None:
        """Give the move to ``turn`` (a search asking what a player could do were it his move);
        ``push`` records it and ``pop`` restores it like any other state."""
        self._turn = turn

    # ------------------------------------------------------------------ text
    def is_kill(self, move: Move) -> bool:
        """Whether ``move`` kills by taking the square (written ``x``)."""
        if move.is_pass():
            return False
        code, target = self._cells[move.piece], self._cells[move.to]
        kind = (code - 1) & 7
        return 0 < target < DEAD and kind in (MILITANT, CHIEF, ASSASSIN)

    def move_text(self, move: Move) -> str:
        """The move's text as written in a move list (``x`` for a kill by taking the square)."""
        return move.text(kill=self.is_kill(move))

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; ``InvalidMoveError`` or ``IllegalMoveError`` otherwise."""
        move = Move.parse(text)
        for sq in move:
            if sq is not None and sq >= 0 and not self._geo.is_cell(sq):
                raise IllegalMoveError(f"illegal move {text.strip()!r}: {NAMES[sq]} is not a cell of "
                                       f"the {self._geo.title} ({self._geo.span()})")
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"illegal move {text.strip()!r} in position {self.code()}: {self.why_illegal(move)}"
            )
        return move

    def why_illegal(self, move: Move) -> str:
        """A short reason why ``move`` is not legal here (for error messages)."""
        if self.is_game_over():
            return "the game is over"
        if move.is_pass():
            return f"{self.turn.title} has moves, so may not pass"
        piece = self.piece_at(move.piece)
        if piece is None:
            return f"no piece on {square_name(move.piece)}"
        if not piece.alive:
            return f"the piece on {square_name(move.piece)} is a corpse"
        if self._player_of(self._control[piece.party]) != self._turn.player:  # type: ignore[index]
            return f"{self.turn.title} does not control the {piece.party.title} {piece.kind.name.lower()} on {square_name(move.piece)}"  # type: ignore[union-attr]
        same_way = [m for m in self.generate_legal_moves(move.piece) if m.to == move.to]
        if not same_way:
            return f"the {piece.kind.name.lower()} on {square_name(move.piece)} cannot go to {square_name(move.to)}"
        return (
            f"wrong choices after {square_name(move.piece)}-{square_name(move.to)}; legal: "
            + ", ".join(self.move_text(m) for m in same_way[:6])
            + (" …" if len(same_way) > 6 else "")
        )

    def code(self) -> str:
        """The position text (see ``docs/formats.md``)."""
        from .notation import format_position

        return format_position(self)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Read a position text; ``InvalidPositionError`` if malformed or impossible."""
        from .notation import parse_position

        return parse_position(text)

    def diagram(self) -> str:
        """The board drawn as text, row 9 at the top (``.`` empty, ``#`` the empty maze); the
        hexagon's rows shifted as ``hex-rulings.md`` draws them, each row's cells named."""
        if self._geo is not SQUARE:
            lines = []
            for row in self._geo.rows:
                texts = [Piece.from_code(self._cells[sq]).symbol() if self._cells[sq]
                         else ("##" if sq == MAZE else "..") for sq in row]
                lines.append(f"{row[0] // 9 + 1} " + "  " * (9 - len(row)) + "  ".join(texts)
                             + "  " * (9 - len(row)) + f"   {NAMES[row[0]]}-{NAMES[row[-1]]}")
            return "\n".join(lines)
        lines = []
        for row in range(8, -1, -1):
            cells = []
            for col in range(9):
                sq = row * 9 + col
                code = self._cells[sq]
                cells.append(Piece.from_code(code).symbol() if code else ("##" if sq == MAZE else " ."))
            lines.append(f"{row + 1} " + " ".join(cells))
        lines.append("   " + "  ".join("ABCDEFGHI"))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        return f"Board.from_code({self.code()!r})"

    # ------------------------------------------------------------------ perft
    def perft(self, depth: int) -> int:
        """The number of distinct sequences of ``depth`` complete moves (rulings §9)."""
        return gamekit.perft(self, depth)

    # ------------------------------------------------------------------ game-state view (OpenSpiel)
    def current_player(self) -> int:
        """The player to move (0–3), or -1 when the game is over."""
        return -1 if self.is_game_over() else self._turn.player

    def legal_actions(self) -> list[Move]:
        return self.generate_legal_moves()

    def apply(self, move: Move) -> None:
        self.push(move)

    def child(self, move: Move) -> "Board":
        board = self.copy(stack=False)
        board.push(move)
        return board

    def returns(self) -> list[float]:
        """Per player: 1 for the winner, 0 for the others; 1/n to each active player on a draw;
        all zero while the game goes on."""
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * 4
        if outcome.winner is not None:
            return [1.0 if p == outcome.winner else 0.0 for p in range(4)]
        active = self._active() or []
        return [1.0 / len(active) if p in active else 0.0 for p in range(4)] if active else [0.0] * 4


__all__ = ["Board", "Outcome", "Termination", "LegalMoves", "FROZEN", "HOSTAGE", "DRAW_TURNS"]
