"""The command line: ``python -m camblam perft|moves|play|show``.

Positions are given with ``--fen TEXT`` (a position text, see ``docs/formats.md``; the opening
position if left out); moves in either notation. A bad argument exits with status 2 and a one-line
message on stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Sequence

from .board import Board
from .move import CamblamError
from .notation import parse_position


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def _describe(board: Board) -> str:
    lines = [board.diagram()]
    outcome = board.outcome()
    if outcome is not None:
        winner = "draw" if outcome.winner is None else f"{outcome.winner.title} wins"
        lines.append(f"game over: {winner} ({outcome.termination.value}), {outcome.result()}")
    else:
        lines.append(f"{board.turn.title} to move" + (", in check" if board.is_check() else ""))
    lines.append(f"half-move clock: {board.halfmove_clock}")
    lines.append(board.code())
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m camblam", description="Camblam rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("perft", help="count the move sequences of DEPTH moves")
    p.add_argument("depth", type=int)
    p.add_argument("--fen", default=None, help="position text (the opening position if left out)")
    p.add_argument("--divide", action="store_true", help="list the count under each first move")

    p = sub.add_parser("moves", help="list the legal moves in coordinate notation, sorted")
    p.add_argument("--fen", default=None)

    p = sub.add_parser("play", help="play moves and print the position text after them")
    p.add_argument("moves", nargs="*")
    p.add_argument("--fen", default=None)

    p = sub.add_parser("show", help="draw a position as text")
    p.add_argument("--fen", default=None)

    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        board = Board() if args.fen is None else parse_position(args.fen)
        if args.command == "perft":
            if args.depth < 0:
                parser.error(f"argument depth: must be 0 or more, not {args.depth}")
            started = time.perf_counter()
            if args.divide and args.depth >= 1:
                total = 0
                for move in sorted(board.generate_legal_moves(), key=lambda m: m.text()):
                    board.push(move)
                    n = board.perft(args.depth - 1)
                    board.pop()
                    print(f"{move.text()}: {n}")
                    total += n
            else:
                total = board.perft(args.depth)
            seconds = time.perf_counter() - started
            print(f"depth {args.depth}: {total} in {seconds:.2f} s", file=sys.stderr)
            print(total)
        elif args.command == "moves":
            for text in sorted(m.text() for m in board.generate_legal_moves()):
                print(text)
        elif args.command == "play":
            for text in args.moves:
                board.play(text)
            print(board.code())
        elif args.command == "show":
            print(_describe(board))
    except CamblamError as exc:
        parser.exit(2, f"{parser.prog} {args.command}: error: {exc}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
