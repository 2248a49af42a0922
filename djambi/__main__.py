"""The command line: ``python -m djambi perft|show|moves|play …`` (tournaments between the
computer levels: ``python -m bench.tournament``).

Positions are position texts (``P1.…``), game codes or ``start`` / ``hostage``, given as the first
argument of ``show``, ``moves`` and ``play`` or with ``--position`` (the flag ``perft`` takes, and
``python -m camblam`` too: ``gamekit.cli``); ``--rules`` gives a rule
set (a preset name or ``name=value,…``, ``docs/rules-options.md``); ``--board hex`` plays on the
hexagon (``docs/hex.md``: its start, or a position text of that board; ``hex`` names its start
too). A bad argument exits with status 2 and a one-line message on stderr.
"""

from __future__ import annotations

import sys
from typing import Sequence

from gamekit.cli import Parser, perft_command, position_flag, run, run_perft

from .board import Board
from .geometry import BOARDS
from .move import DjambiError
from .notation import parse_game_code, parse_position, rules_field
from .pieces import Party
from .rules import Rules


_STARTS = ("start", "hostage", *BOARDS)


def _position(text: str, rules_text: str | None = None, board_name: str | None = None) -> Board:
    if board_name is not None and text in ("start", board_name):
        text = board_name
    rules = None if rules_text is None else Rules.parse(rules_text)
    if text in BOARDS and text != "square":
        if rules is not None:
            raise DjambiError(f"--rules {rules}: the {BOARDS[text].title} plays the standard rules only")
        board = Board(board=text)
    else:
        board = _read(text, rules)
    if board_name is not None and board.geometry.name != board_name:
        raise DjambiError(f"the position is on the {board.geometry.title}, not --board {board_name}")
    return board


def _read(text: str, rules: Rules | None) -> Board:
    if text == "start" or text == "square":
        return Board(rules=rules)
    if text == "hostage":
        return Board(hostage=True, rules=rules)
    if text.startswith("G"):
        board = parse_game_code(text).copy(stack=False)
    else:
        board = parse_position(text)
    if rules is not None and rules_field(board.rules) != rules_field(rules):
        raise DjambiError(f"the position's rules ({board.rules}) are not --rules {rules}")
    return board


def _describe(board: Board) -> str:
    lines = [board.diagram()]
    outcome = board.outcome()
    if outcome is not None:
        lines.append(f"game over: {outcome.result()} ({outcome.termination.value})")
    else:
        extra = " (extra turn)" if board.is_extra_turn else ""
        lines.append(f"{board.turn.title} to move{extra}; controls "
                     + ", ".join(p.title for p in board.parties_of(board.turn)))
    ruler = board.ruler
    lines.append(f"in power: {ruler.title if ruler is not None else 'nobody'}")
    two_by_two = board.rules.players == "2x2"
    for party in (Party(p) for p in board.geometry.parties):
        if board.is_frozen(party):
            lines.append(f"frozen: {party.title}")
        elif two_by_two and party >= 2 or board.is_out(party):
            continue  # players are Red (One) and Blue (Two); out parties are listed below
        elif not board.is_active(party) and board.hostage != party and board.controller(party) is not None:
            lines.append(f"eliminated: {party.title} (pieces with {board.controller(party).title})")
    if board.hostage is not None:
        lines.append(f"hostage: {board.hostage.title}")
    for party in board.out_players:
        lines.append(f"out: {party.title}")
    if not board.rules.is_standard:
        lines.append(f"rules: {board.rules}")
    lines.append(f"draw counter: {board.quiet_turns}")
    lines.append(board.code())
    return "\n".join(lines)


def board_flag(parser) -> None:
    """``--board square|hex``: the board the position is on (its start if no position is given)."""
    parser.add_argument("--board", choices=list(BOARDS), help="the board: square (default) or hex")


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m djambi", description="Djambi rules engine")
    sub = parser.commands()

    p = perft_command(sub.add_parser("perft", help="count the move sequences of DEPTH complete moves"))
    position_flag(p, default="start", help="position text, 'start' or 'hostage'")
    p.add_argument("--rules", help="a rule set: a preset name or name=value,…")
    board_flag(p)

    p = sub.add_parser("show", help="draw a position (or a game code's final position)")
    p.add_argument("code", nargs="?", help="position text, game code, 'start' or 'hostage'")
    position_flag(p, help="the position, as a flag (instead of CODE)")
    p.add_argument("--rules", help="a rule set: a preset name or name=value,…")
    board_flag(p)

    p = sub.add_parser("moves", help="list the legal moves of a position in move text")
    p.add_argument("code", nargs="?", help="position text, game code, 'start' or 'hostage'")
    position_flag(p, help="the position, as a flag (instead of CODE)")
    p.add_argument("--rules", help="a rule set: a preset name or name=value,…")
    board_flag(p)

    p = sub.add_parser("play", help="play moves from a position and print the resulting position")
    p.add_argument("code", nargs="?", help="position text, game code, 'start' or 'hostage'")
    p.add_argument("moves", nargs="*")
    position_flag(p, help="the position, as a flag (then every argument is a move)")
    p.add_argument("--rules", help="a rule set: a preset name or name=value,…")
    board_flag(p)

    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.command != "perft":
        # The position is the first argument (CODE) or --position, as in ``python -m camblam``.
        if args.position is not None:
            if args.command != "play" and args.code is not None:
                sub.choices[args.command].error(f"the position is given twice ({args.code!r} and --position)")
            if args.command == "play" and args.code is not None:
                args.moves.insert(0, args.code)
            args.code = args.position
        elif args.board is not None and (args.code is None or not (
                args.code in _STARTS or args.code[:1] in ("P", "G"))):
            # --board alone names the position: that board's start (the first argument, if any,
            # is then a move of ``play``).
            if args.code is not None:
                if args.command != "play":
                    sub.choices[args.command].error(f"argument code: {args.code!r} is not a position")
                args.moves.insert(0, args.code)
            args.code = args.board
        elif args.code is None:
            sub.choices[args.command].error("the following arguments are required: code")

    def command() -> None:
        if args.command == "perft":
            if args.depth < 0:
                parser.error(f"argument depth: must be 0 or more, not {args.depth}")
            board = _position(args.position, args.rules, args.board)
            run_perft(parser, board, args.depth, args.divide, board.move_text)
        elif args.command == "show":
            print(_describe(_position(args.code, args.rules, args.board)))
        elif args.command == "moves":
            board = _position(args.code, args.rules, args.board)
            for move in board.generate_legal_moves():
                print(board.move_text(move))
        elif args.command == "play":
            board = _position(args.code, args.rules, args.board)
            for text in args.moves:
                board.play(text)
            print(board.code())

    return run(parser, args.command, command, DjambiError)


if __name__ == "__main__":
    sys.exit(main())
