"""The command line: ``python -m camblam perft|moves|play|show``.

Positions are given with ``--position TEXT`` (a position text, see ``docs/formats.md``; the
opening position if left out; ``--fen`` is its older spelling, still read), as ``python -m djambi``
does; moves in either notation. A bad argument exits with status 2 and a one-line
message on stderr.
"""

from __future__ import annotations

import sys
from typing import Sequence

from gamekit.cli import Parser, perft_command, position_flag, run, run_perft

from .board import Board
from .move import CamblamError, Move
from .notation import parse_position


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
    parser = Parser(prog="python -m camblam", description="Camblam rules engine")
    sub = parser.commands()
    position_help = "position text (the opening position if left out)"

    p = perft_command(sub.add_parser("perft", help="count the move sequences of DEPTH moves"))
    position_flag(p, "--fen", help=position_help)

    p = sub.add_parser("moves", help="list the legal moves in coordinate notation, sorted")
    position_flag(p, "--fen", help=position_help)

    p = sub.add_parser("play", help="play moves and print the position text after them")
    p.add_argument("moves", nargs="*")
    position_flag(p, "--fen", help=position_help)

    p = sub.add_parser("show", help="draw a position as text")
    position_flag(p, "--fen", help=position_help)

    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))

    def command() -> None:
        board = Board() if args.position is None else parse_position(args.position)
        if args.command == "perft":
            run_perft(parser, board, args.depth, args.divide, Move.text,
                      order=lambda moves: sorted(moves, key=Move.text))
        elif args.command == "moves":
            for text in sorted(m.text() for m in board.generate_legal_moves()):
                print(text)
        elif args.command == "play":
            for text in args.moves:
                board.play(text)
            print(board.code())
        elif args.command == "show":
            print(_describe(board))

    return run(parser, args.command, command, CamblamError)


if __name__ == "__main__":
    sys.exit(main())
