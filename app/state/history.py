"""The game's moves as the page shows them: one ``Ply`` per move, and the board at any ply.

Pure Python. For every move played: who played it, its text with the piece's letter, whether it
killed, which round it belongs to, whether it was the ruler's extra turn, and what it did
(``djambi.narrate`` events, which the page turns into sentences). ``History.update`` keeps the
entries of the moves the game still shares with the last call and works out only the new ones, so a
move costs one replay step, not a replay of the whole game.

Rounds: a round starts whenever the seat order starts again (a regular turn whose player does not
come after the previous regular turn's player in seat order). Extra turns belong to the round they
are played in.
"""

from __future__ import annotations

from dataclasses import dataclass

from djambi import Board, Kind, Move, Party
from djambi.rules import Rules
from djambi.narrate import KILL, Event

from app import games

#: How a kill is marked in the move list (after the move text).
KILL_MARK = "†"


@dataclass(frozen=True)
class Ply:
    """One move as played: ``index`` counts from 1."""

    index: int
    player: Party
    move: Move
    text: str  # the move text, e.g. ``C7xD6@A1``
    letter: str  # the moving piece's kind letter (C A R P N M), "" for a pass
    round: int
    extra: bool  # the ruler's extra turn
    events: tuple[Event, ...]
    #: The game's rule set (a two-by-two game names its players with their armies).
    rules: Rules | None = None

    @property
    def kill(self) -> bool:
        return any(e.kind == KILL for e in self.events)

    def label(self) -> str:
        """``M C7xD6@A1 †``: the piece's letter, the move, a kill mark."""
        out = f"{self.letter} {self.text}" if self.letter else self.text
        return f"{out} {KILL_MARK}" if self.kill else out


class History:
    """The plies of a game, kept up to date with ``update(board)``."""

    def __init__(self, rules: games.Game | None = None) -> None:
        self.rules = rules or games.get()  # the game's narration and start position
        self.root: Board | None = None
        self.plies: list[Ply] = []
        self._board: Board | None = None  # the replay, at the end of ``plies``
        self._seat: int | None = None

    def update(self, board: Board) -> list[Ply]:
        """The plies of ``board.move_stack``; returns those that are new since the last call."""
        root = board.root()
        stack = board.move_stack
        if self.root is None or root != self.root:
            self.root, self.plies, self._board, self._seat = root, [], root.copy(), None
        keep = 0
        for ply, move in zip(self.plies, stack):
            if ply.move != move:
                break
            keep += 1
        if keep < len(self.plies):
            self._rewind(keep)
        new = []
        replay = self._board
        assert replay is not None
        for move in stack[keep:]:
            ply = self._ply(replay, move)
            replay.push(move)
            self.plies.append(ply)
            new.append(ply)
        return new

    def _rewind(self, keep: int) -> None:
        board = self.root.copy() if self.root is not None else self.rules.new_board()
        self._seat = None
        plies, self.plies = self.plies[:keep], []
        for ply in plies:
            self._note_seat(board)
            board.push(ply.move)
            self.plies.append(ply)
        self._board = board

    def _note_seat(self, board: Board) -> bool:
        """Record the seat of the turn about to be played; ``True`` if a new round starts."""
        state = getattr(board, "turn_state", None)
        if state is None:  # two sides alternating: a round is White's move and Black's
            new_round = board.turn == 0 or self._seat is None
            self._seat = int(board.turn)
            return new_round
        if state.extra:
            return False
        new_round = self._seat is None or state.seat <= self._seat
        self._seat = state.seat
        return new_round

    def _ply(self, board: Board, move: Move) -> Ply:
        player = board.turn
        extra = getattr(board, "is_extra_turn", False)
        starts = self._note_seat(board)
        previous = self.plies[-1].round if self.plies else 0
        number = previous + 1 if (starts or not self.plies) else previous
        letter = self.rules.ply_letter(board, move)
        return Ply(
            index=len(self.plies) + 1,
            player=player,
            move=move,
            text=board.move_text(move),
            letter=letter,
            round=number,
            extra=extra,
            events=self.rules.describe_move(board, move),
            rules=self.rules.rule_set(board),
        )

    # ------------------------------------------------------------------ reading
    def board_at(self, ply: int) -> Board:
        """The board after ``ply`` moves (0: the start), with those moves on its stack."""
        board = self.root.copy() if self.root is not None else self.rules.new_board()
        for entry in self.plies[:ply]:
            board.push(entry.move)
        return board

    def recent(self, ply: int | None = None, count: int = 4) -> list[Ply]:
        """The latest move of each player up to ``ply`` (default: all), most recent first."""
        end = len(self.plies) if ply is None else ply
        seen: set[Party] = set()
        out = []
        for entry in reversed(self.plies[:end]):
            if entry.player in seen or (hasattr(entry.move, "is_pass") and entry.move.is_pass()):
                seen.add(entry.player)
                continue
            seen.add(entry.player)
            out.append(entry)
            if len(out) == count:
                break
        return out


def piece_letter(kind: Kind) -> str:
    return kind.letter.upper()


__all__ = ["History", "Ply", "KILL_MARK"]
