"""The engines' command lines, one shape for every game: ``python -m <game> perft|show|moves|play``.

- ``perft DEPTH [--divide]``, ``show``, ``moves``, ``play MOVES…``; where a command takes a
  position it is ``--position TEXT`` (``position_flag``; a game may keep an older spelling as an
  alias, and may take the position as the first argument too);
- a bad argument or bad input exits with status 2 and one line on stderr
  (``python -m djambi show: error: …``): ``Parser`` for the arguments, ``run`` for what the
  engine refuses.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable, Iterable

POSITION_FLAG = "--position"


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2 (subcommands too)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")

    def commands(self) -> Any:
        """The subcommands (``perft``, ``show``, …), each parsed by a ``Parser``."""
        return self.add_subparsers(dest="command", required=True, parser_class=Parser)


def position_flag(parser: argparse.ArgumentParser, *aliases: str, default: str | None = None,
                  help: str | None = None) -> None:
    """``--position TEXT`` (and ``aliases``, older spellings) into ``args.position``."""
    parser.add_argument(POSITION_FLAG, *aliases, dest="position", default=default, help=help)


def perft_command(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The ``perft DEPTH [--divide]`` subcommand's arguments (the game adds its position's)."""
    parser.add_argument("depth", type=int)
    parser.add_argument("--divide", action="store_true", help="list the count under each first move")
    return parser


def run_perft(parser: argparse.ArgumentParser, board: Any, depth: int, divide: bool,
              text: Callable[[Any], str], order: Callable[[Iterable[Any]], Iterable[Any]] = list) -> None:
    """Print the perft of ``board`` (after each first move's, written ``text``, in ``order``, with
    ``divide``); its time on stderr. A negative depth is an argument error."""
    from .perft import divide as per_move

    if depth < 0:
        parser.error(f"argument depth: must be 0 or more, not {depth}")
    started = time.perf_counter()
    if divide and depth >= 1:
        total = 0
        for move, n in per_move(board, depth, order):
            print(f"{text(move)}: {n}")
            total += n
    else:
        total = board.perft(depth)
    seconds = time.perf_counter() - started
    print(f"depth {depth}: {total} in {seconds:.2f} s", file=sys.stderr)
    print(total)


def run(parser: argparse.ArgumentParser, command: str, action: Callable[[], None],
        errors: type[Exception] | tuple[type[Exception], ...]) -> int:
    """Do ``action``; the engine's ``errors`` end the program with status 2 and their one line."""
    try:
        action()
    except errors as exc:
        parser.exit(2, f"{parser.prog} {command}: error: {exc}\n")
    return 0


__all__ = ["Parser", "POSITION_FLAG", "position_flag", "perft_command", "run_perft", "run"]
