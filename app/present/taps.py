"""The click state machine: a move is built by taps, one choice at a time.

Pure Python (no browser): ``main.py`` feeds it taps and draws what it says.

A move is one whole action (rulings §9). The player picks a piece, then its destination, then,
where the move needs them, the exit square out of the maze, where the corpse or the moved piece
goes, and the reporter's victim (or none). Every step offers only choices that lead to a legal
move: the picker keeps the legal moves of the selected piece and filters them by the choices made
so far. When exactly one move is left it is the move played; ``back()`` undoes one choice and
``cancel()`` them all, so a move is never played half.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from djambi import Board, Kind, Move, Piece, square_name
from djambi.squares import MAZE

from app.text.i18n import _, piece_phrase, player_name

#: The choices of a move, in the order they are asked for.
STAGES: tuple[str, ...] = ("to", "exit", "place", "victim")

#: Option value meaning "no victim" (the reporter moves without killing).
NONE = None


@dataclass(frozen=True)
class Tap:
    """What a tap did: ``kind`` is one of

    ``select`` (a piece is selected), ``reselect`` (another piece), ``step`` (a choice was made and
    more are needed), ``play`` (``move`` is complete: play it), ``cancel`` (selection dropped),
    ``ignore`` (nothing happened; ``message`` says why, if there is something to say).
    """

    kind: str
    move: Move | None = None
    message: str = ""


@dataclass
class Picker:
    """Builds one move from taps on the board ``board`` (the position to move in)."""

    board: Board
    piece: int | None = None
    moves: list[Move] = field(default_factory=list)
    chosen: list[tuple[str, int | None]] = field(default_factory=list)

    # ------------------------------------------------------------------ state
    def reset(self, board: Board | None = None) -> None:
        if board is not None:
            self.board = board
        self.piece = None
        self.moves = []
        self.chosen = []

    @property
    def active(self) -> bool:
        return self.piece is not None

    def remaining(self) -> list[Move]:
        """The legal moves of the selected piece that agree with every choice made so far."""
        return [m for m in self.moves if all(getattr(m, f) == v for f, v in self.chosen)]

    @property
    def stage(self) -> str | None:
        """The choice asked for now: ``to``, ``exit``, ``place`` or ``victim``; ``None`` when no
        piece is selected."""
        if self.piece is None:
            return None
        done = {f for f, _ in self.chosen}
        remaining = self.remaining()
        for f in STAGES:
            if f in done:
                continue
            if any(getattr(m, f) is not None for m in remaining):
                return f
        return None  # not reached: a single remaining move is played at once

    def options(self) -> set[int | None]:
        """The values the current stage may take (``None`` = no victim, for the reporter)."""
        stage = self.stage
        if stage is None:
            return set()
        return {getattr(m, stage) for m in self.remaining()}

    def option_squares(self) -> set[int]:
        """The squares to light up now. For the reporter's "no victim" option this is the
        reporter's destination (tap the reporter again to kill nobody)."""
        out = set()
        for value in self.options():
            out.add(self._get("to") if value is None else value)
        return out

    def _get(self, f: str) -> int | None:
        for name, value in self.chosen:
            if name == f:
                return value
        return None

    def can_skip(self) -> bool:
        """Whether "no victim" is among the options now."""
        return self.stage == "victim" and None in self.options()

    def slides(self, board: Board, ply) -> list:
        """A move's glide (``ply``: ``state/history.Ply``, its narration events)."""
        from app.present import render

        return render.slides(ply.events)

    def skip_square(self) -> int | None:
        """The square a tap means "no victim" on (the landing square), while that is an option."""
        return self._get("to") if self.can_skip() else None

    # ------------------------------------------------------------------ taps
    def controls(self, sq: int) -> bool:
        """Whether the piece on ``sq`` belongs to the side to move."""
        piece = self.board.piece_at(sq)
        return bool(piece and piece.alive and self.board.controller(piece.party) == self.board.turn)

    def tap(self, sq: int) -> Tap:
        """Handle a tap on square ``sq``."""
        if self.board.is_game_over():
            return Tap("ignore", message=_("The game is over."))
        stage = self.stage
        if stage is None:
            return self._select(sq, "select")
        if stage == "victim" and sq == self._get("to") and None in self.options():
            return self._choose(None)
        if sq in self.options():
            return self._choose(sq)
        if stage == "to":
            if sq == self.piece:
                self.reset()
                return Tap("cancel")
            if self.controls(sq):
                return self._select(sq, "reselect")
            self.reset()
            return Tap("cancel")
        return Tap("ignore", message=self.prompt())

    def skip(self) -> Tap:
        """Choose "no victim" (the reporter's move without a kill)."""
        if not self.can_skip():
            return Tap("ignore")
        return self._choose(None)

    def _select(self, sq: int, kind: str) -> Tap:
        piece = self.board.piece_at(sq)
        if piece is None or not piece.alive:
            self.reset()
            return Tap("ignore" if kind == "select" else "cancel")
        if not self.controls(sq):
            self.reset()
            owner = self.board.controller(piece.party)
            turn = player_name(self.board.turn, self.board.rules)
            if owner is None and self.board.is_frozen(piece.party):
                text = _("Nobody plays the {piece} (its pieces are frozen); {player} is to move.")
            elif owner is None:
                text = _("The {piece} belongs to the hostage party; {player} is to move.")
            else:
                text = _("That {piece} is played by {controller}; {player} is to move.")
            return Tap("ignore", message=text.format(piece=piece_name(piece), player=turn,
                                                     controller=player_name(owner, self.board.rules)
                                                     if owner is not None else ""))
        moves = self.board.generate_legal_moves(sq)
        if not moves:
            self.reset()
            return Tap("ignore", message=_("The {piece} on {square} has no legal move.").format(
                piece=piece_name(piece), square=square_name(sq)))
        self.piece = sq
        self.moves = moves
        self.chosen = []
        return Tap(kind)

    def _choose(self, value: int | None) -> Tap:
        stage = self.stage
        assert stage is not None
        self.chosen.append((stage, value))
        remaining = self.remaining()
        if len(remaining) == 1:
            move = remaining[0]
            self.reset()
            return Tap("play", move)
        return Tap("step")

    def back(self) -> Tap:
        """Undo the last choice; with none left, drop the selection."""
        if self.piece is None:
            return Tap("ignore")
        if self.chosen:
            self.chosen.pop()
            return Tap("step")
        self.reset()
        return Tap("cancel")

    def cancel(self) -> Tap:
        if self.piece is None:
            return Tap("ignore")
        self.reset()
        return Tap("cancel")

    # ------------------------------------------------------------------ what to show
    def mover(self) -> Piece | None:
        return None if self.piece is None else self.board.piece_at(self.piece)

    def is_maze_act(self) -> bool:
        """The selected piece acts on the occupied maze (and must then leave it)."""
        to = self._get("to")
        mover = self.mover()
        return (
            to == MAZE and mover is not None and mover.kind != Kind.CHIEF
            and self.board.piece_at(MAZE) is not None
        )

    def preview(self) -> dict[int, Piece | None]:
        """Squares whose content differs while a move is being built: the moving piece stands
        where the choices so far have taken it."""
        if self.piece is None or not self.chosen:
            return {}
        mover = self.mover()
        to = self._get("to")
        out: dict[int, Piece | None] = {self.piece: None}
        if self.is_maze_act():
            exit_sq = self._get("exit")
            if exit_sq is not None:
                out[exit_sq] = mover
        elif to is not None:
            out[to] = mover
        return out

    def lifted_squares(self) -> set[int]:
        """Squares whose piece is in hand, waiting to be placed (what the maze held, while a
        piece acting on it leaves and places it)."""
        return {MAZE} if self.is_maze_act() else set()

    def chosen_squares(self) -> list[int]:
        return [v for _, v in self.chosen if v is not None]

    def prompt(self) -> str:
        """What to do now, in words."""
        stage = self.stage
        mover = self.mover()
        if stage is None or mover is None:
            return _("Tap a piece to move it.")
        name = piece_name(mover)
        if stage == "to":
            return _("Tap where the {piece} goes (tap it again to cancel).").format(piece=name)
        if stage == "exit":
            return _("Tap the square the {piece} leaves the maze to.").format(piece=name)
        if stage == "place":
            target = self.board.piece_at(self._get("to"))  # type: ignore[arg-type]
            if mover.kind == Kind.PROVOCATEUR and target is not None:
                return _("Tap where the {piece} is placed.").format(piece=piece_name(target))
            return _("Tap where the corpse goes.")
        if stage == "victim":
            return _("Tap an enemy next to the {piece} to kill it, or tap the {piece} (or No kill) "
                     "to kill nobody.").format(piece=name)
        return ""


def piece_name(piece: Piece) -> str:
    """``Red militant``; ``militant's corpse`` (``app.text.i18n.piece_phrase``)."""
    return piece_phrase(piece)


__all__ = ["Picker", "Tap", "STAGES", "piece_name"]
