"""Text formats: the position text, the game code, and the game record file.

One grammar each, with a parser and a formatter, and strict errors (``ValueError`` subclasses) that
say which part is wrong and why. ``docs/formats.md`` describes them with examples.

Position text (URL-safe, no escaping needed in a URL fragment)::

    P1.<row 9>/<row 8>/…/<row 1>.<control>.<turn>.<quiet>[.draw][.p<passes>][.<rules>]

* a row lists its squares from A to I: ``rC`` a living piece (party letter r/b/y/g + kind letter
  C/A/R/P/N/M), ``xM`` a corpse (``x`` + kind), a digit 1–9 a run of empty squares;
* control: for Red, Blue, Yellow, Green in turn, who controls that party's living pieces: a player's
  letter (in ``players=2x2``: the party whose chief holds it), ``f`` frozen, ``h`` hostage, an
  upper-case letter: out with that party's walled-in chief (``come-back``);
* turn: the player to move; for the ruler's extra turn ``g*r`` (Green's extra turn, the seat order
  standing at Red);
* quiet: turns since the last kill or change of control (the draw counter, 0–120);
* ``.draw`` when the active players agreed a draw;
* ``.p<passes>``: under ``skips=N``, each player's passes so far (one digit 0–9 or ``a`` for 10),
  written once a player has passed;
* the rule set's options text (``djambi.rules``) when it is not the standard game (``players=3``
  and ``4`` are not written: the hostage shows).

On the hexagon (``docs/hex.md``) the text names the board after the version, ``P1.hex.``; its
rows list their 5 to 9 cells (row 9, C9–G9, first) and control has three letters (Red, Blue,
Yellow)::

    P1.hex.2bMbRbC/3bMbPbA/rM3bNbMbM/rArM6/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rby.r.0

Game code: ``G1~<start>~<move>~<move>…[~draw]`` where start is ``start`` (four players),
``hostage`` (three players), ``hex`` (three players on the hexagon) or a position text; ``start`` and ``hostage`` may be followed by ``.``
and a rule text (``start.kill-own=except-chief``). Compact game code (for links):
``G2~<start>~<count>.<number>[~draw]``: each move is its index among the legal moves sorted by
their squares, and the indices of the ``count`` moves make one mixed-radix number (the first move
the lowest digit) written in base 64 (``A``–``Z a``–``z 0``–``9 - _``, most significant first).
Game record: ``[Header "value"]`` lines, a blank
line, then one numbered move a line (``12. Blue A7xB5@C4``).
"""

from __future__ import annotations

import re
from collections import Counter

from gamekit import records

from .board import DRAW_TURNS, FROZEN, HOSTAGE, OUT, Board
from .geometry import BOARDS, SQUARE
from .queries import ABSENT
from .move import DjambiError, IllegalMoveError, InvalidMoveError
from .pieces import DEAD, PARTY_SIZE, Kind, Party, Piece
from .rules import PRESETS, STANDARD, Rules, RulesError
from .squares import MAZE, square_name
from .geometry import NAMES
from .turns import Turn

POSITION_PREFIX = "P1."
GAME_PREFIX = "G1~"
COMPACT_PREFIX = "G2~"
#: The digits of the compact game code's number, 0 to 63 (URL-safe base 64).
B64_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
MAX_INPUT = records.MAX_INPUT  # characters; longer input is refused before it is read


class InvalidPositionError(DjambiError):
    """A position text that is malformed, or describes a position that cannot occur."""


class InvalidGameError(DjambiError):
    """A game code or record that is malformed or holds an illegal move."""


def _shown(text: str, limit: int = 120) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


# ---------------------------------------------------------------------------- position text
_SYMBOLS = {p.code: p.symbol() for p in [Piece(k, party) for k in Kind for party in (*Party, None)]}
_CODES = {symbol: code for code, symbol in _SYMBOLS.items()}

def format_position(board: Board) -> str:
    rows = []
    cells = board.cells
    geo = board.geometry
    for row in geo.rows:
        out, run = [], 0
        for sq in row:
            code = cells[sq]
            if code == 0:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(_SYMBOLS[code])
        if run:
            out.append(str(run))
        rows.append("".join(out))
    control = "".join(
        "f" if c == FROZEN else "h" if c == HOSTAGE else Party(c - OUT).letter.upper() if c >= OUT
        else Party(c).letter for p, c in enumerate(board.control_codes) if p in geo.parties
    )
    turn = board.turn_state
    turn_text = Party(turn.player).letter + (f"*{Party(turn.seat).letter}" if turn.extra else "")
    board_name = "" if geo is SQUARE else geo.name + "."
    fields = [POSITION_PREFIX + board_name + "/".join(rows), control, turn_text, str(board.quiet_turns)]
    if board.draw_agreed:
        fields.append("draw")
    if any(board.passes):
        fields.append("p" + "".join(_PASS_DIGITS[n] for n in board.passes))
    rules = rules_field(board.rules)
    if rules:
        fields.append(rules)
    return ".".join(fields)


_PASS_DIGITS = "0123456789a"


def rules_field(rules: Rules) -> str:
    """A rule set as position texts and game codes write it: its options text without
    ``players=3`` (the hostage shows in the position); ``''`` for the standard game."""
    if rules.players == "3":
        rules = rules.with_(players="4")
    return rules.options_text()


def _read_rules(text: str, bad) -> Rules:
    try:
        return Rules.parse(text)
    except RulesError as exc:
        raise bad(f"its rules: {exc}") from None


_ROW_TOKEN = re.compile(r"[1-9]|[rbygx][CARPNM]")
_TURN_RE = re.compile(r"([rbyg])(?:\*([rbyg]))?")
# Compiled at import (so into the start-up snapshot), not at a page's first parse.
_CONTROL_RE = re.compile(r"[rbygfhRBYG]{4}")
_HEX_CONTROL_RE = re.compile(r"[rbyf]{3}")
_PASSES_RE = re.compile(r"p[0-9a]{4}")
_QUIET_RE = re.compile(r"0|[1-9]\d{0,2}")


def parse_position(text: str) -> Board:
    """Read a position text; ``InvalidPositionError`` says what is wrong."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position text must be a string, not {type(text).__name__}")

    def bad(why: str) -> InvalidPositionError:
        return InvalidPositionError(f"bad position {_shown(text)}: {why}")

    if len(text) > MAX_INPUT:
        raise bad("too long")
    text = text.strip()
    if not text.startswith(POSITION_PREFIX):
        if re.match(r"P\d+\.", text):
            raise bad(f"format version {text.split('.')[0]!r} is not known (this program reads P1)")
        raise bad("it must start with 'P1.'")
    fields = text[len(POSITION_PREFIX):].split(".")
    geo = SQUARE
    if fields and "/" not in fields[0] and fields[0].isalpha():
        if fields[0] not in BOARDS or fields[0] == "square":
            raise bad(f"unknown board {fields[0]!r} after 'P1.' (expected 'hex.', or the square "
                      f"board's rows)")
        geo = BOARDS[fields.pop(0)]
    parties = [Party(p) for p in geo.parties]
    after = "'P1.'" if geo is SQUARE else f"'P1.{geo.name}.'"
    if len(fields) < 4:
        raise bad(f"expected 4 fields (board.control.turn.quiet) after {after}, found {len(fields)}")
    board_text, control_text, turn_text, quiet_text = fields[:4]
    rest = fields[4:]
    draw = bool(rest) and rest[0] == "draw"
    if draw:
        rest.pop(0)
    passes = (0, 0, 0, 0)
    if rest and _PASSES_RE.fullmatch(rest[0]):
        passes = tuple(_PASS_DIGITS.index(c) for c in rest.pop(0)[1:])
    rules = STANDARD
    if rest and ("=" in rest[0] or rest[0] in PRESETS):
        rules = _read_rules(rest.pop(0), bad)
    if rest:
        raise bad(f"unexpected field {rest[0]!r} after the draw counter (only 'draw', the passes "
                  f"'p…' and a rule text may follow)")
    if geo is not SQUARE and (rules != STANDARD or any(passes)):
        raise bad(f"the {geo.title} plays the standard rules only (no rule options, no passes "
                  f"counted)")
    if rules.players == "4" and "h" in control_text:
        rules = rules.with_(players="3")
    if rules.players == "2x2" and "h" in control_text:
        raise bad("a two-by-two game (players=2x2) has no hostage")
    if any(n > (rules.skips or 0) for n in passes):
        raise bad(f"passes {''.join(map(str, passes))}: more than the rules' skips allow")
    if any(c.isupper() for c in control_text) and rules.come_back != "allowed":
        raise bad(f"control {control_text!r} has a party out (upper case), which only "
                  f"come-back=allowed allows")

    # The board.
    rows = board_text.split("/")
    if len(rows) != 9:
        raise bad(f"the board must have 9 rows separated by '/', found {len(rows)}")
    cells = [0] * 81
    for i, row_text in enumerate(rows):
        row = 8 - i
        row_cells = geo.rows[i]
        width = len(row_cells)
        col = 0
        pos = 0
        while pos < len(row_text):
            m = _ROW_TOKEN.match(row_text, pos)
            if not m:
                raise bad(f"row {row + 1} ({row_text!r}): cannot read {row_text[pos:pos + 2]!r} "
                          f"(expected a digit 1-9 or a piece like rC, xM)")
            token = m.group()
            pos = m.end()
            if token.isdigit():
                col += int(token)
            else:
                if token[0] == "g" and 3 not in geo.parties:
                    raise bad(f"row {row + 1} ({row_text!r}): {token!r} is Green's, and Green has "
                              f"no army on the {geo.title}")
                if col < width:
                    cells[row_cells[col]] = _CODES[token]
                col += 1
        if col != width:
            where = "" if geo is SQUARE else f" ({NAMES[row_cells[0]]}-{NAMES[row_cells[-1]]})"
            unit = "squares" if geo is SQUARE else "cells"
            raise bad(f"row {row + 1} ({row_text!r}) covers {col} {unit}, not {width}{where}")

    # What stands on it.
    living = Counter()  # (party, kind) -> n
    kinds = Counter()  # kind -> n, dead or alive
    for sq, code in enumerate(cells):
        if code:
            piece = Piece.from_code(code)
            kinds[piece.kind] += 1
            if piece.alive:
                living[piece.party, piece.kind] += 1
    for (party, kind), n in sorted(living.items()):
        if n > PARTY_SIZE[kind]:
            raise bad(f"{n} living {party.title} {kind.name.lower()}s; a party has {PARTY_SIZE[kind]}")
    for kind in Kind:
        if kinds[kind] != len(parties) * PARTY_SIZE[kind]:
            raise bad(f"{kinds[kind]} {kind.name.lower()}s on the board, dead or alive; "
                      f"there are always {len(parties) * PARTY_SIZE[kind]}")
    maze = cells[MAZE]
    if maze and Piece.from_code(maze).kind != Kind.CHIEF:
        raise bad(f"a {Piece.from_code(maze).kind.name.lower()}{' corpse' if maze > DEAD else ''} "
                  f"in the maze (E5): only a chief, living or dead, may be there")

    # Control.
    if geo is not SQUARE:
        if not _HEX_CONTROL_RE.fullmatch(control_text):
            raise bad(f"control {control_text!r} must be 3 letters (r, b, y, f for frozen), one "
                      f"for each of Red, Blue, Yellow")
        control_text += "-"
    elif not _CONTROL_RE.fullmatch(control_text):
        raise bad(f"control {control_text!r} must be 4 letters (r, b, y, g, f for frozen, "
                  f"h for hostage), one for each of Red, Blue, Yellow, Green")
    control = [FROZEN if c == "f" else HOSTAGE if c == "h" else ABSENT if c == "-"
               else OUT + "RBYG".index(c) if c.isupper() else "rbyg".index(c) for c in control_text]
    control_text = control_text.rstrip("-")
    for party in parties:
        ctl = control[party]
        chief_alive = living[party, Kind.CHIEF] > 0
        if ctl < 4 and control[ctl] != ctl:
            raise bad(f"control {control_text!r} gives {party.title}'s pieces to "
                      f"{Party(ctl).title}, who is eliminated")
        if ctl >= OUT and control[ctl - OUT] != ctl:
            raise bad(f"control {control_text!r} puts {party.title}'s pieces out with "
                      f"{Party(ctl - OUT).title}'s chief, who is not out")
        if ctl in (party, OUT + party) and not chief_alive:
            raise bad(f"{party.title} is in the game (controls his own party) but his chief is dead")
        if ctl not in (party, OUT + party, HOSTAGE) and chief_alive:
            raise bad(f"{party.title}'s chief is alive, so {party.title} must control his own "
                      f"party (control {control_text!r})")
        if ctl == HOSTAGE and party != Party.GREEN:
            raise bad(f"only Green can be the hostage party, not {party.title}")
    board = Board.from_parts(cells, control, Turn.regular(0), 0, draw, rules, passes, geo)
    active = [int(p) for p in board.active_players]
    ruler = board.ruler
    if FROZEN in control and ruler is not None:
        raise bad(f"a party is frozen although {ruler.title} is in power: "
                  f"the ruler takes frozen parties")

    # The turn.
    m = _TURN_RE.fullmatch(turn_text)
    if not m:
        raise bad(f"turn {turn_text!r} must be a player letter (r, b, y, g), or e.g. 'g*r' "
                  f"for the ruler's extra turn")
    player = "rbyg".index(m.group(1))
    if active and player not in active:
        raise bad(f"turn {turn_text!r}: {Party(player).title} is not in the game")
    if m.group(2):
        seat = "rbyg".index(m.group(2))
        if player != ruler:
            raise bad(f"turn {turn_text!r}: only the player in power gets extra turns, and "
                      f"{Party(player).title} is not in power")
        if seat == player and len(active) != 2:
            raise bad(f"turn {turn_text!r}: an extra turn after one's own regular turn "
                      f"happens only with two players")
        turn = Turn(player, seat, True)
    else:
        turn = Turn.regular(player)

    # The draw counter.
    if not _QUIET_RE.fullmatch(quiet_text) or int(quiet_text) > DRAW_TURNS:
        raise bad(f"draw counter {quiet_text!r} must be a whole number from 0 to {DRAW_TURNS}")
    board = Board.from_parts(cells, control, turn, int(quiet_text), draw, rules, passes, geo)

    # A walled-in chief would already have perished (or gone out); an out one come back.
    for p in range(4):
        if control[p] not in (p, OUT + p):
            continue
        sq = cells.index(Piece(Kind.CHIEF, Party(p)).code)
        walled = board.is_walled_in(p)
        if control[p] == p and walled:
            if rules.walled_in == "own-necromobile":
                raise bad(f"{Party(p).title}'s chief on {square_name(sq)} is walled in by corpses "
                          f"with no necromobile: he would have perished")
            raise bad(f"{Party(p).title}'s chief on {square_name(sq)} is walled in "
                      f"(walled-in={rules.walled_in}): he would have "
                      + ("gone out" if rules.come_back == "allowed" else "perished"))
        if control[p] == OUT + p and not walled:
            raise bad(f"{Party(p).title}'s chief on {square_name(sq)} is out but no longer walled "
                      f"in: he would have come back")
    return board


# ---------------------------------------------------------------------------- game code
_STARTS = {"start": lambda: Board(), "hostage": lambda: Board(hostage=True)}
#: Starts on other boards, by the board's name (no rule options there).
_BOARD_STARTS = {name: geo for name, geo in BOARDS.items() if geo is not SQUARE}


def _start_parts(board: Board) -> tuple[str, str]:
    """The game's start as a game code names it (``start``, ``hostage`` or a position text),
    and its rules field (``''`` for standard rules, or when the position text holds them)."""
    root = board.root()
    if root.geometry is not SQUARE:
        return (root.geometry.name if root == Board(board=root.geometry) else root.code()), ""
    rules = root.rules
    field = rules_field(rules)
    if rules.players != "2x2" and root == Board(hostage=True, rules=rules):
        return "hostage", field
    if rules.players != "3" and root == Board(rules=rules):
        return "start", field
    return root.code(), ""


def _start_name(board: Board) -> str:
    name, field = _start_parts(board)
    return f"{name}.{field}" if field else name


def format_game_code(board: Board) -> str:
    """The whole game — its start and every move — as one URL-safe code."""
    parts = [GAME_PREFIX + _start_name(board)]
    replay = board.root()
    for move in board.move_stack:
        parts.append(replay.move_text(move))
        replay.push(move)
    if board.draw_agreed and not board.root().draw_agreed:
        parts.append("draw")
    return "~".join(parts)


def _replay(start: Board, moves: list[tuple[str, str]], bad) -> Board:
    """Play ``(label, move text)`` pairs from ``start``; ``bad(why)`` makes the error."""
    board = start
    for label, text in moves:
        try:
            board.play(text)
        except IllegalMoveError as exc:
            raise bad(f"{label} ({text}) is illegal: {str(exc).split(': ', 1)[-1]} "
                      f"(position {board.code()})") from None
        except InvalidMoveError as exc:
            raise bad(f"{label} ({text!r}) is not a move: {str(exc).split(': ', 1)[-1]}") from None
    return board


def _read_start(start: str, bad) -> Board:
    name, dot, rules_text = start.partition(".")
    if name in _BOARD_STARTS:
        geo = _BOARD_STARTS[name]
        if dot:
            raise bad(f"its start {name!r} takes no rule text ({rules_text!r}): the {geo.title} "
                      f"plays the standard rules only")
        return Board(board=geo)
    if name in _STARTS:
        rules = _read_rules(rules_text, bad) if dot else STANDARD
        if rules.players == "2x2" and name == "hostage":
            raise bad("its start 'hostage' cannot be played two by two (players=2x2)")
        if rules.players == "3" and name == "start":
            name = "hostage"
        return Board(hostage=name == "hostage", rules=rules)
    try:
        return parse_position(start)
    except InvalidPositionError as exc:
        raise bad(f"its start position is wrong: {str(exc).split(': ', 1)[-1]}") from None


def parse_game_code(text: str) -> Board:
    """Replay a game code; the board keeps the moves (``move_stack``) so they can be undone."""
    if not isinstance(text, str):
        raise InvalidGameError(f"a game code must be a string, not {type(text).__name__}")

    def bad(why: str) -> InvalidGameError:
        return InvalidGameError(f"bad game code {_shown(text)}: {why}")

    if len(text) > MAX_INPUT:
        raise bad("too long")
    text = text.strip()
    if text.startswith(COMPACT_PREFIX):
        return _parse_compact(text, bad)
    if not text.startswith(GAME_PREFIX):
        if re.match(r"G\d+~", text):
            raise bad(f"format version {text.split('~')[0]!r} is not known "
                      f"(this program reads G1 and G2)")
        raise bad("it must start with 'G1~' or 'G2~'")
    parts = text[len(GAME_PREFIX):].split("~")
    draw = parts[-1] == "draw"
    if draw:
        parts.pop()
    board = _read_start(parts[0], bad)
    board = _replay(board, [(f"move {i}", m) for i, m in enumerate(parts[1:], 1)], bad)
    if draw:
        if board.is_game_over():
            raise bad("it ends with a draw agreement after the game was already over")
        board.agree_draw()
    return board


# ---------------------------------------------------------------------------- compact game code
def _move_key(move) -> tuple[int, ...]:
    """The canonical order of moves: by their squares (never by the generator's order)."""
    return tuple(-1 if v is None else v for v in (move.piece, move.to, move.exit, move.place,
                                                  move.victim))


def canonical_moves(board: Board) -> list:
    """The legal moves of ``board`` in the compact code's order (``[pass]`` when stuck)."""
    return sorted(board.generate_legal_moves(), key=_move_key)


def format_compact_game(board: Board) -> str:
    """The whole game as a compact game code (``G2~``): about 1.2 characters a move."""
    replay = board.root()
    number, weight = 0, 1
    for move in board.move_stack:
        moves = canonical_moves(replay)
        number += moves.index(move) * weight
        weight *= len(moves)
        replay.push(move)
    digits = []
    while number:
        number, digit = divmod(number, 64)
        digits.append(B64_DIGITS[digit])
    parts = [COMPACT_PREFIX + _start_name(board),
             f"{len(board.move_stack)}.{''.join(reversed(digits)) or 'A'}"]
    if board.draw_agreed and not board.root().draw_agreed:
        parts.append("draw")
    return "~".join(parts)


def _parse_compact(text: str, bad) -> Board:
    parts = text[len(COMPACT_PREFIX):].split("~")
    draw = len(parts) == 3 and parts[2] == "draw"
    if len(parts) != (3 if draw else 2):
        raise bad("a compact game code has two parts after 'G2~' (start, moves), and maybe 'draw'")
    board = _read_start(parts[0], bad)
    count_text, dot, digits = parts[1].partition(".")
    if not dot or not count_text.isdigit() or not digits:
        raise bad(f"its moves {_shown(parts[1], 40)} should read <count>.<base-64 number>")
    count = int(count_text)
    if count > MAX_INPUT:
        raise bad(f"{count} moves is too many")
    number = 0
    for i, char in enumerate(digits):
        value = B64_DIGITS.find(char)
        if value < 0:
            raise bad(f"character {i + 1} of its moves ({char!r}) is not a base-64 digit")
        number = number * 64 + value
    for ply in range(1, count + 1):
        if board.is_game_over():
            raise bad(f"move {ply} comes after the game was already over")
        moves = canonical_moves(board)
        number, index = divmod(number, len(moves))
        board.push(moves[index])
    if number:
        raise bad(f"its number holds more than {count} moves")
    if draw:
        if board.is_game_over():
            raise bad("it ends with a draw agreement after the game was already over")
        board.agree_draw()
    return board


# ---------------------------------------------------------------------------- game record file
_MOVE_LINE_RE = records.move_line_re()


def format_record(board: Board, headers: dict[str, str] | None = None) -> str:
    """The game as a text file: headers, a blank line, one numbered move a line."""
    outcome = board.outcome()
    start, rules = _start_parts(board)
    fixed = {"Game": "Djambi", "Start": start}
    if rules:
        fixed["Rules"] = rules
    merged = {**fixed, **(headers or {})}
    merged["Start"] = fixed["Start"]
    if rules:
        merged["Rules"] = rules
    else:
        merged.pop("Rules", None)
    merged["Result"] = "*" if outcome is None else outcome.result()
    if outcome is not None:
        merged["Termination"] = outcome.termination.value
    else:
        merged.pop("Termination", None)
    lines = records.header_lines(merged)
    lines.append("")
    lines += records.move_lines(board)
    if board.draw_agreed and not board.root().draw_agreed:
        lines.append("draw agreed")
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[Board, dict[str, str]]:
    """Read a game record file: the replayed board and the headers."""
    if not isinstance(text, str):
        raise InvalidGameError(f"a game record must be a string, not {type(text).__name__}")

    def bad(why: str) -> InvalidGameError:
        return InvalidGameError(f"bad game record: {why}")

    if len(text) > MAX_INPUT:
        raise bad("too long")
    headers: dict[str, str] = {}
    moves: list[tuple[str, str]] = []
    draw = False
    expected_players: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            if headers:
                in_moves = True
            continue
        if not in_moves and line.startswith("["):
            header = records.read_header(line)
            if header is None:
                raise bad(f'line {number} ({line[:60]!r}) is not a header like [Date "2026.11.22"]')
            if header[0] in headers:
                raise bad(f"line {number}: header {header[0]} is given twice")
            headers[header[0]] = header[1]
            continue
        in_moves = True
        if draw:
            raise bad(f"line {number} ({line[:60]!r}) comes after 'draw agreed', which ends the game")
        if line == "draw agreed":
            draw = True
            continue
        m = _MOVE_LINE_RE.fullmatch(line)
        if not m:
            raise bad(f"line {number} ({line[:60]!r}) is not a move line like '12. Blue A7xB5@C4'")
        if int(m.group(1)) != len(moves) + 1:
            raise bad(f"line {number}: move number {m.group(1)} should be {len(moves) + 1}")
        moves.append((f"move {m.group(1)}", m.group(3)))
        expected_players.append((len(moves), m.group(2)))
    if headers.get("Game", "Djambi") != "Djambi":
        raise bad(f"it is a record of {headers['Game']!r}, not of Djambi")
    start = headers.get("Start", "start")
    rules_text = headers.get("Rules")
    if rules_text is not None and (start in _STARTS or start in _BOARD_STARTS):
        start = f"{start}.{rules_text}"
    board = _read_start(start, bad)
    if rules_text is not None and rules_field(board.rules) != rules_field(_read_rules(rules_text, bad)):
        raise bad(f"header Rules {rules_text!r} is not the rule set of its start position "
                  f"({board.rules})")
    for (label, move_text), (_, player) in zip(moves, expected_players):
        if player.lower() != board.turn.title.lower():
            raise bad(f"{label} ({move_text}) is marked {player}, but {board.turn.title} is to move "
                      f"(position {board.code()})")
        _replay(board, [(label, move_text)], bad)
    if draw:
        if board.is_game_over():
            raise bad("'draw agreed' comes after the game was already over")
        board.agree_draw()
    result = headers.get("Result")
    if result is not None:
        outcome = board.outcome()
        actual = "*" if outcome is None else outcome.result()
        if result != actual:
            raise bad(f"header Result is {result!r} but the moves give {actual!r}")
    return board, headers


__all__ = [
    "InvalidPositionError", "InvalidGameError", "format_position", "parse_position",
    "format_game_code", "parse_game_code", "format_record", "parse_record",
    "POSITION_PREFIX", "GAME_PREFIX", "COMPACT_PREFIX", "format_compact_game", "canonical_moves",
    "rules_field",
]
