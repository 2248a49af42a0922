"""The read-only half of ``Board``: what stands where, who controls what, who is in power,
which players are in the game, and whether a chief is walled in (by the rule set's
``walled-in`` mode). ``Board`` (``djambi.board``) adds the moves and their playing.

A party's control code (``Board.control_codes``) is the player who controls it (0–3; in
``players=2x2`` the party whose chief holds it), ``FROZEN``, ``HOSTAGE``, or ``OUT + chief``.
"""

from __future__ import annotations

from .pieces import CHIEF, DEAD, NECROMOBILE, Party, Piece, living_code
from .rules import Rules
from .geometry import Geometry
from .squares import MAZE, Square
from .turns import Turn

#: Control values for a party other than a player: frozen (its chief perished with nobody in
#: power), or hostage (the idle fourth party of a three-player game).
FROZEN = 4
HOSTAGE = 5
#: The control value of a party that is not on the board (Green on the hexagon).
ABSENT = 6
#: ``OUT + c``: the party is held by chief ``c`` (a party 0–3), who is walled in and out of the
#: game for now (``come-back=allowed``): its pieces have no turns and are everybody's enemies.
OUT = 8


class Queries:
    """What a position tells, read from the board's state (``Board`` holds it)."""

    _cells: list[int]
    _control: list[int]
    _turn: Turn
    _rules: Rules
    _geo: Geometry
    _quiet: int
    _draw_agreed: bool

    def piece_at(self, sq: Square) -> Piece | None:
        code = self._cells[sq]
        return Piece.from_code(code) if code else None

    def pieces(self) -> dict[Square, Piece]:
        """Every piece on the board, living or dead, by square (cell)."""
        return {sq: Piece.from_code(c) for sq, c in enumerate(self._cells) if c}

    @property
    def turn(self) -> Party:
        """The player to move."""
        return Party(self._turn.player)

    @property
    def turn_state(self) -> Turn:
        return self._turn

    @property
    def is_extra_turn(self) -> bool:
        return self._turn.extra

    @property
    def cells(self) -> tuple[int, ...]:
        """The 81 squares' piece codes (``Piece.from_code``; 0 for an empty square), A1 first."""
        return tuple(self._cells)

    @property
    def control_codes(self) -> tuple[int, ...]:
        """For Red, Blue, Yellow, Green: the player (0–3) who controls that party's living
        pieces, or ``FROZEN`` or ``HOSTAGE``."""
        return tuple(self._control)

    @property
    def draw_agreed(self) -> bool:
        """Whether the players agreed a draw (``agree_draw``)."""
        return self._draw_agreed

    @property
    def quiet_turns(self) -> int:
        """Turns played since the last kill or change of control (the draw counter)."""
        return self._quiet

    @property
    def hostage(self) -> Party | None:
        """The hostage party of a three-player game, if it is still held hostage."""
        for party, ctl in enumerate(self._control):
            if ctl == HOSTAGE:
                return Party(party)
        return None

    @property
    def is_hostage_game(self) -> bool:
        return self.hostage is not None

    def controller(self, party: Party | int) -> Party | None:
        """The player who controls ``party``'s living pieces; ``None`` if frozen, hostage or out."""
        ctl = self._control[party]
        if ctl >= 4:
            return None
        return Party(ctl & 1) if self._rules.players == "2x2" else Party(ctl)

    def holder(self, party: Party | int) -> Party | None:
        """The party whose chief holds ``party`` (its pieces go with that chief), out or not;
        ``None`` if frozen or hostage."""
        ctl = self._control[party]
        if ctl >= OUT:
            return Party(ctl - OUT)
        return Party(ctl) if ctl < 4 else None

    def is_out(self, party: Party | int) -> bool:
        """Whether ``party``'s pieces are out with their walled-in chief (``come-back``)."""
        return self._control[party] >= OUT

    @property
    def out_players(self) -> list[Party]:
        """Players out of the game for now (every chief of theirs walled in, ``come-back``), in
        seat order."""
        active = self._active()
        out = {self._rules.player_of(c - OUT) for c in self._control if c >= OUT}
        return [Party(p) for p in sorted(out) if p not in active]

    def _player_of(self, ctl: int) -> int:
        """The player who moves the pieces of a party with control code ``ctl`` (-1: nobody)."""
        if ctl >= 4:
            return -1
        return ctl & 1 if self._rules.players == "2x2" else ctl

    def is_frozen(self, party: Party | int) -> bool:
        return self._control[party] == FROZEN

    def parties_of(self, player: Party | int) -> list[Party]:
        """The parties that ``player`` controls, in seat order."""
        return [Party(p) for p, ctl in enumerate(self._control) if self._player_of(ctl) == player]

    @property
    def active_players(self) -> list[Party]:
        """Players still in the game, in seat order."""
        return [Party(p) for p in self._active()]

    def _active(self) -> list[int]:
        control = self._control
        if self._rules.players == "2x2":
            return [t for t in (0, 1) if control[t] == t or control[t + 2] == t + 2]
        return [p for p in range(4) if control[p] == p]

    def is_active(self, player: Party | int) -> bool:
        if self._rules.players == "2x2":
            return player in self._active()
        return self._control[player] == player

    def _ruler_chief(self) -> int | None:
        """The party of the chief in power (in the maze, holding his own party), if any."""
        code = self._cells[MAZE]
        if 0 < code < DEAD and (code - 1) & 7 == CHIEF:
            party = (code - 1) >> 3
            if self._control[party] == party:
                return party
        return None

    def _ruler(self) -> int | None:
        chief = self._ruler_chief()
        if chief is None or self._rules.players != "2x2":
            return chief
        return chief & 1

    @property
    def ruler(self) -> Party | None:
        """The player in power: the one whose living chief holds the maze."""
        ruler = self._ruler()
        return None if ruler is None else Party(ruler)

    def chief_square(self, party: Party | int) -> Square | None:
        """Where ``party``'s living chief stands, or ``None`` if he is dead."""
        code = living_code(CHIEF, party)
        try:
            return self._cells.index(code)
        except ValueError:
            return None

    # ------------------------------------------------------------------ what a player may act on
    def _enemy_table(self, player: int, provoke: bool = False) -> list[bool]:
        """enemy[code]: may ``player`` kill (``provoke``: move, with his provocateur) a living
        piece with this code. Enemies are the living pieces he does not control and that are not
        frozen; ``kill-own`` and ``provocateur-own`` add some of his own."""
        control = self._control
        rules = self._rules
        table = [False] * 72
        if rules.players != "2x2" and rules.kill_own == "never" and rules.provocateur_own == "never":
            for code in range(1, 31):
                ctl = control[(code - 1) >> 3]
                table[code] = ctl != player and ctl != FROZEN
            return table
        own = rules.provocateur_own if provoke else rules.kill_own
        start = rules.starting_parties(player)
        for code in range(1, 31):
            party = (code - 1) >> 3
            ctl = control[party]
            if ctl == FROZEN:
                continue
            if self._player_of(ctl) != player:
                table[code] = True
            elif own == "vassals":
                table[code] = party not in start
            elif own == "except-chief":
                table[code] = (code - 1) & 7 != CHIEF
        return table

    def _mine(self, player: int) -> list[bool]:
        """mine[party]: whether ``player`` moves that party's living pieces."""
        return [self._player_of(ctl) == player for ctl in self._control]

    # ------------------------------------------------------------------ walled-in chiefs
    def _walled_in(self, p: int, sq: int) -> bool:
        """Whether chief ``p`` on ``sq`` (not the maze) is walled in, by the ``walled-in`` mode."""
        cells = self._cells
        mode = self._rules.walled_in
        neighbours = self._geo.neighbours
        if sq == MAZE:
            return False
        if mode == "own-necromobile":
            return all(cells[n] > DEAD for n in neighbours[sq]) and not self._has_necromobile(
                self._rules.player_of(p))
        if mode == "any-necromobile":
            return all(cells[n] > DEAD for n in neighbours[sq]) and not any(
                living_code(NECROMOBILE, q) in cells for q in range(4))
        if mode in ("strict", "loose"):
            control = self._control
            in_game = {self._rules.player_of(c) for c in range(4)
                       if control[c] == c or control[c] == OUT + c}
            if self._rules.players == "2x2" or len(in_game) <= 2:
                mode = "throne-access"
        if mode != "strict" and self._has_necromobile(self._rules.player_of(p)):
            return False
        seen = {sq}
        todo = [sq]
        while todo:
            for n in neighbours[todo.pop()]:
                if n in seen:
                    continue
                c = cells[n]
                if mode == "throne-access":
                    if n == MAZE:
                        return False  # the maze always counts as reached
                    if c > DEAD:
                        continue
                else:  # strict, loose: the group of living pieces touches an empty square
                    if c == 0:
                        return False
                    if c > DEAD:
                        continue
                seen.add(n)
                todo.append(n)
        return True

    def is_walled_in(self, party: Party | int) -> bool:
        """Whether ``party``'s living chief is walled in, by the rule set's ``walled-in`` mode
        (``False`` if he is dead or in the maze)."""
        sq = self.chief_square(party)
        return sq is not None and self._walled_in(int(party), sq)

    def has_necromobile(self, player: Party | int) -> bool:
        """Whether ``player`` controls a living necromobile (a chief walled in by corpses then
        does not perish)."""
        return self._has_necromobile(int(player))

    def _has_necromobile(self, player: int) -> bool:
        control = self._control
        return any(
            self._player_of(control[q]) == player and living_code(NECROMOBILE, q) in self._cells
            for q in range(4)
        )


__all__ = ["Queries", "FROZEN", "HOSTAGE", "OUT", "ABSENT"]
