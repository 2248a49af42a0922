"""Runs the computer players' searches in the page, as ``app.state.loop`` commands.

A ``Start(token)`` becomes an asyncio task that searches the current position in slices of about
``THINK_STEP_MS`` (the page paints and answers taps between slices), waits until the previous
move has been on screen for ``MOVE_PACE_MS`` (so each computer move can be seen), and hands the
move back through ``on_move(token, move)``. The task checks at every slice that the loop still
wants it (``loop.searching == token``); a ``Cancel`` or a newer ``Start`` simply makes that false.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Callable

from app.state.loop import Cancel, Command, Loop, Start

THINK_STEP_MS = 20.0
#: At least this long between two moves a person watches (the animation takes 300 ms of it).
MOVE_PACE_MS = 750.0


class Computer:
    def __init__(self, loop: Loop, on_move: Callable[[int, object], None],
                 on_error: Callable[[int, Exception], None]) -> None:
        self.loop = loop
        self.on_move = on_move
        self.on_error = on_error
        self.tasks: set = set()  # keep the tasks referenced until they end
        self.last_move_at = 0.0  # time.monotonic() of the last move shown
        self.pace_ms = MOVE_PACE_MS

    def run(self, command: Command, game) -> None:
        """Carry out a loop command for ``game`` (a ``session.Game``)."""
        if isinstance(command, Start):
            board = game.board.copy()
            level = game.seat(board.turn)
            task = asyncio.ensure_future(self.search(command.token, game.rules, board, level))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        elif isinstance(command, Cancel):
            pass  # the task sees loop.searching != token at its next slice and ends

    def moved(self) -> None:
        """A move was just shown (any player's): the next computer move waits its turn."""
        self.last_move_at = time.monotonic()

    def live(self, token: int) -> bool:
        return self.loop.searching == token

    async def search(self, token: int, rules, board, level: str) -> None:
        try:
            await asyncio.sleep(0)  # let "thinking" show first
            if not self.live(token):
                return
            search = rules.search(board, level, random.randrange(1 << 30))
            while not search.step(THINK_STEP_MS):
                await asyncio.sleep(0)
                if not self.live(token):
                    return
            move = search.best_move()
            wait = self.pace_ms / 1000 - (time.monotonic() - self.last_move_at)
            if wait > 0:
                await asyncio.sleep(wait)
            if self.live(token):
                self.on_move(token, move)
        except Exception as exc:  # noqa: BLE001 (shown to the player; the humans can go on)
            if self.live(token):
                self.on_error(token, exc)


__all__ = ["Computer", "THINK_STEP_MS", "MOVE_PACE_MS"]
