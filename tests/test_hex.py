"""Djambi on the 61-cell hexagon (``/work/shared/hex-rulings.md``, ``docs/hex.md``).

A second, naive move generator written here from the rulings alone shares nothing with the
engine's geometry (``djambi.geometry``): it builds the cells and their names from the rulings'
formula in doubled coordinates, tries every cell as a destination for every piece, and walks the
cells between square by square. It is compared with ``Board`` on every position to depth 2 from
the hexagonal start (so on perft 3) and on positions from seeded random games. The positions the
rulings single out (the reporter's six neighbours, a chief walled in on the rim) are built from
their text, and every text form round-trips on the hexagon.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from djambi import (Board, IllegalMoveError, InvalidGameError, InvalidPositionError, Kind, Move,
                    Party, Piece, format_compact_game, format_game_code, format_record,
                    parse_game_code, parse_position, parse_record)

# ---------------------------------------------------------------------------- the rulings' board
# hex-rulings §1: letter index x (A = 1), row y, doubled h = 2x + (y even); a cell exists iff
# |y - 5| <= 4 and |h - 10| + |y - 5| <= 8. A cell's number is the engine's public one,
# (y - 1) * 9 + (x - 1), so that moves compare; nothing else is taken from the engine.
CELLS: dict[tuple[int, int], int] = {}
for _y in range(1, 10):
    for _x in range(1, 10):
        _h = 2 * _x + (1 if _y % 2 == 0 else 0)
        if abs(_y - 5) <= 4 and abs(_h - 10) + abs(_y - 5) <= 8:
            CELLS[_h, _y] = (_y - 1) * 9 + (_x - 1)
COORD = {sq: hy for hy, sq in CELLS.items()}
NAME = {sq: "ABCDEFGHI"[sq % 9] + str(sq // 9 + 1) for sq in COORD}
NUMBER = {name: sq for sq, name in NAME.items()}
MAZE = NUMBER["E5"]
SIX = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # E W NE NW SE SW (§2)
C, A, R, P, N, M = Kind.CHIEF, Kind.ASSASSIN, Kind.REPORTER, Kind.PROVOCATEUR, Kind.NECROMOBILE, Kind.MILITANT


def neighbours(sq: int) -> list[int]:
    h, y = COORD[sq]
    return [CELLS[h + dh, y + dy] for dh, dy in SIX if (h + dh, y + dy) in CELLS]


def between(s: int, t: int) -> list[int] | None:
    """Cells strictly between s and t along one of the six directions, or None."""
    (hs, ys), (ht, yt) = COORD[s], COORD[t]
    for dh, dy in SIX:
        for k in range(1, 9):
            if (hs + k * dh, ys + k * dy) == (ht, yt):
                return [CELLS[hs + i * dh, ys + i * dy] for i in range(1, k)]
    return None


def exits(pieces: dict[int, Piece], s: int, kind: Kind) -> list[int]:
    """Cells out of the maze along its lines over empty cells (``s`` is empty now); an
    assassin passes over his start cell but may not stop there (rulings §4)."""
    out = []
    for t in COORD:
        path = between(MAZE, t)
        if path is None or t == MAZE or (t in pieces and t != s):
            continue
        if any(q in pieces and q != s for q in path):
            continue
        if kind == A and t == s:
            continue
        out.append(t)
    return out


def naive_moves(board: Board) -> set[Move]:
    """The legal moves of the player to move, pass excluded, from the rulings."""
    pieces = board.pieces()
    player = board.turn

    def enemy(piece: Piece | None) -> bool:
        return (piece is not None and piece.alive and board.controller(piece.party) != player
                and not board.is_frozen(piece.party))

    empty_field = [sq for sq in COORD if sq != MAZE and sq not in pieces]
    out: set[Move] = set()
    for s, piece in pieces.items():
        if not piece.alive or board.controller(piece.party) != player:
            continue
        kind = piece.kind
        for t in COORD:
            if t == s:
                continue
            path = between(s, t)
            if path is None or (kind == M and len(path) > 1) or any(q in pieces for q in path):
                continue
            target = pieces.get(t)
            here = sorted(empty_field + [s])  # the start cell is empty after the move
            if target is None:
                if t == MAZE:
                    if kind == C:
                        out.add(Move(s, t))
                    continue
                out.add(Move(s, t))
                if kind == R:  # §5: any of the six neighbours, the maze included
                    for v in neighbours(t):
                        if v != s and enemy(pieces.get(v)):
                            out.add(Move(s, t, victim=v))
            elif t == MAZE:  # §6: act, exit, place
                if kind == C and enemy(target):
                    out.update(Move(s, t, place=p) for p in here)
                elif kind == A and enemy(target):
                    out.update(Move(s, t, exit=x) for x in exits(pieces, s, kind))
                elif (kind == P and enemy(target)) or (kind == N and not target.alive):
                    for x in exits(pieces, s, kind):
                        out.update(Move(s, t, place=p, exit=x) for p in here if p != x)
            elif not target.alive:
                if kind == N:
                    out.update(Move(s, t, place=p) for p in here)
            elif enemy(target):
                if kind in (M, C):
                    places = here if s != MAZE else empty_field
                    out.update(Move(s, t, place=p) for p in places)
                elif kind == A:
                    out.add(Move(s, t))
                elif kind == P:
                    places = here + ([MAZE] if target.kind == C and MAZE not in pieces else [])
                    out.update(Move(s, t, place=p) for p in places)
    return out


def engine_moves(board: Board) -> set[Move]:
    return {m for m in board.generate_legal_moves() if not m.is_pass()}


# ---------------------------------------------------------------------------- the start
START = {  # hex-rulings §3, kind by kind
    Party.RED: ("A5", "A6", "A4", "B5", "C5", "B3 B4 B6 B7"),
    Party.BLUE: ("G9", "G8", "F9", "F8", "F7", "E8 E9 G7 H7"),
    Party.YELLOW: ("G1", "F1", "G2", "F2", "F3", "E1 E2 G3 H3"),
}


def start_layout() -> dict[str, str]:
    return {name: Piece(kind, party).symbol() for party, army in START.items()
            for kind, names in zip(Kind, army) for name in names.split()}


def position(layout: dict[str, str], control: str = "rby", turn: str = "r") -> str:
    """A position text from a layout {cell name: symbol}, written as docs/formats.md and
    docs/hex.md say (rows 9 to 1, each from its first cell; digits for runs of empty cells)."""
    rows = []
    for y in range(9, 0, -1):
        row, run = "", 0
        for sq in sorted(sq for sq in COORD if sq // 9 + 1 == y):
            symbol = layout.get(NAME[sq])
            if symbol is None:
                run += 1
                continue
            row += (str(run) if run else "") + symbol
            run = 0
        rows.append(row + (str(run) if run else ""))
    return f"P1.hex.{'/'.join(rows)}.{control}.{turn}.0"


def test_the_board_is_the_rulings_61_cells_with_e5_the_maze():
    assert len(COORD) == 61
    board = Board(board="hex")
    assert board.geometry.name == "hex" and board.geometry.size == 61
    assert sorted(board.geometry.cells) == sorted(COORD)
    assert NAME[MAZE] == "E5" and board.geometry.field == tuple(sorted(set(COORD) - {MAZE}))
    rims = sorted(len(neighbours(sq)) for sq in COORD)
    assert rims.count(3) == 6 and rims.count(4) == 18 and rims.count(6) == 37
    for sq in COORD:
        assert sorted(board.geometry.neighbours[sq]) == sorted(neighbours(sq))


def test_the_start_is_the_rulings_table_and_red_has_27_moves():
    board = Board(board="hex")
    assert {NAME[sq]: p.symbol() for sq, p in board.pieces().items()} == start_layout()
    assert board.code() == position(start_layout())
    assert board.turn == Party.RED and board.active_players == [Party.RED, Party.BLUE, Party.YELLOW]
    moves = board.generate_legal_moves()
    assert len(moves) == board.perft(1) == 27
    by_piece = {}
    for m in moves:
        by_piece[NAME[m.piece]] = by_piece.get(NAME[m.piece], 0) + 1
    assert by_piece == {"C5": 11, "B3": 4, "B4": 4, "B6": 4, "B7": 4}  # §9
    assert engine_moves(board) == naive_moves(board)


def test_no_vertex_moves_and_militants_pass_through_the_empty_maze():
    layout = start_layout()
    layout["D4"] = layout.pop("B4")  # Red's militant to D4: D4-E5-E6 passes the maze
    board = parse_position(position(layout))
    targets = {NAME[m.to] for m in board.generate_legal_moves(NUMBER["D4"])}
    assert "E6" in targets and "E5" not in targets
    assert "D6" not in targets and "F5" not in targets  # through a corner: not a move (§2)
    assert targets == {NAME[m.to] for m in naive_moves(board) if m.piece == NUMBER["D4"]}


def test_perft_to_depth_3_agrees_with_the_naive_generator_at_every_node():
    board = Board(board="hex")
    total = 0
    counts = [0, 0, 0]

    def visit(depth: int) -> int:
        naive = naive_moves(board)
        engine = engine_moves(board)
        assert naive == engine, (board.code(), sorted(naive ^ engine))
        counts[2 - depth] += 1
        if depth == 0:
            return len(naive) or 1
        n = 0
        for move in sorted(naive) or [Move.null()]:
            board.push(move)
            n += visit(depth - 1)
            board.pop()
        return n

    total = visit(2)
    assert total == board.perft(3)
    assert board.perft(2) == sum(len(naive_moves(board.child(m))) for m in board.generate_legal_moves())
    assert counts[0] == 1 and counts[1] == 27


def playout_positions(games: int, plies: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = Board(board="hex")
        for _ in range(plies):
            if board.is_game_over():
                break
            moves = board.generate_legal_moves()
            # Biased toward the maze and kills, so that power, maze acts and deaths come often.
            maze = [m for m in moves if m.to == MAZE]
            kills = [m for m in moves if m.place is not None or m.victim is not None]
            pick = rng.random()
            board.push(rng.choice(maze if maze and pick < 0.3 else kills if kills and pick < 0.6 else moves))
            out.append(board.copy(stack=False))
    return out


def test_thousands_of_random_playout_positions_agree_with_the_naive_generator():
    positions = playout_positions(games=36, plies=160, seed=38)
    assert len(positions) >= 2000
    seen = {"maze act": 0, "victim": 0, "in power": 0, "eliminated": 0}
    for board in positions:
        if board.is_game_over():
            continue
        naive, engine = naive_moves(board), engine_moves(board)
        assert naive == engine, (board.code(), sorted(naive ^ engine))
        if not engine:
            assert board.generate_legal_moves() == [Move.null()]
        seen["maze act"] += any(m.exit is not None for m in engine)
        seen["victim"] += any(m.victim is not None for m in engine)
        seen["in power"] += board.ruler is not None
        seen["eliminated"] += len(board.active_players) < 3
    assert min(seen.values()) >= 20, seen  # the positions reach the maze, power, the reporter, deaths


# ---------------------------------------------------------------------------- what the board changes
def test_the_reporter_kills_on_any_of_its_six_neighbours():
    # Red's reporter B5 moves through C5 to D5, whose neighbours are D6, E5, D4, C4, C5, C6:
    # enemies stand on five of them (Blue's chief in the maze), C5 is the cell it came through.
    layout = start_layout()
    for name in ("B5", "C5", "A4", "B3", "B4", "B6", "B7", "E8", "E9", "E1", "E2", "G9"):
        layout.pop(name)
    layout.update({"B5": "rR", "A4": "rP", "B3": "rN", "B4": "rM", "B6": "rM", "B7": "rM", "E8": "rM",
                   "D6": "bM", "C6": "bM", "E5": "bC", "D4": "yM", "C4": "yM"})
    board = parse_position(position(layout))
    to_d5 = [m for m in board.generate_legal_moves(NUMBER["B5"]) if m.to == NUMBER["D5"]]
    assert sorted(NAME[m.victim] if m.victim is not None else "-" for m in to_d5) == [
        "-", "C4", "C6", "D4", "D6", "E5"]
    assert set(to_d5) == {m for m in naive_moves(board) if m.to == NUMBER["D5"]}
    board.push(Move.parse("B5-D5xE5"))  # the chief in the maze: his corpse stays there
    assert board.piece_at(MAZE) == Piece.corpse(C) and board.controller(Party.BLUE) == Party.RED
    assert Board.from_code(board.code()) == board.copy(stack=False)


@pytest.mark.parametrize("chief, walls, last", [
    ("G1", ["F1", "F2"], "G2"),          # a corner: three neighbours
    ("D1", ["C1", "C2", "D2"], "E1"),    # the rim: four neighbours
])
def test_a_chief_walled_in_on_the_rim_perishes(chief, walls, last):
    board = _rim_position(chief, walls, yellow_necromobile=False)
    assert sorted(NAME[q] for q in neighbours(NUMBER[chief])) == sorted(walls + [last])
    move = Move(NUMBER["C3"], NUMBER["D3"], place=NUMBER[last])
    assert move in board.generate_legal_moves() and move in naive_moves(board)
    board.push(move)
    assert board.piece_at(NUMBER[chief]) == Piece.corpse(C)
    assert Party.YELLOW not in board.active_players and board.is_frozen(Party.YELLOW)
    assert Board.from_code(board.code()) == board.copy(stack=False)
    # With his own living necromobile he lives on (rulings §5, hex-rulings §7).
    saved = _rim_position(chief, walls, yellow_necromobile=True)
    saved.push(move)
    assert saved.piece_at(NUMBER[chief]) == Piece(C, Party.YELLOW)
    assert Party.YELLOW in saved.active_players


def _rim_position(chief: str, walls: list[str], yellow_necromobile: bool) -> Board:
    """Yellow's chief on ``chief`` with corpses on ``walls`` (Yellow's own pieces, killed), one
    neighbour left empty; Red's necromobile on C3 beside a corpse on D3 that it can carry to
    that neighbour. Every piece of the start is somewhere: the text is a whole position."""
    layout = start_layout()
    layout["C3"] = layout.pop("C5")
    kinds = [layout.pop(name)[1] for name in ("E1", "E2", "G3", "H3", "F1", "F2", "G2")]
    layout.pop("G1")
    layout[chief] = "yC"
    for wall in walls:
        layout[wall] = "x" + kinds.pop()
    layout["D3"] = "x" + kinds.pop()
    if not yellow_necromobile:
        layout["F3"] = "xN"
    free = [name for name in ("H4", "G4", "F4", "H5", "G5") if name not in layout]
    for kind in kinds:
        layout[free.pop(0)] = "y" + kind
    return parse_position(position(layout))


# ---------------------------------------------------------------------------- text forms
def test_every_text_form_round_trips_on_the_hexagon():
    for board in playout_positions(games=3, plies=90, seed=7)[::15] + [Board(board="hex")]:
        text = board.code()
        assert text.startswith("P1.hex.")
        assert Board.from_code(text) == board
        assert eval(repr(board), {"Board": Board}) == board
    rng = random.Random(5)
    game = Board(board="hex")
    for _ in range(60):
        if game.is_game_over():
            break
        game.push(rng.choice(game.generate_legal_moves()))
    for text in (format_game_code(game), format_compact_game(game)):
        assert text.split("~")[1] == "hex"
        again = parse_game_code(text)
        assert again.move_stack == game.move_stack and again.geometry.name == "hex"
    record = format_record(game)
    assert '[Start "hex"]' in record
    again, headers = parse_record(record)
    assert again.move_stack == game.move_stack and headers["Start"] == "hex"
    for move in game.move_stack:
        assert Move.parse(str(move)) == move and eval(repr(move), {"Move": Move}) == move
    # A game from a hexagonal position names it in full.
    later = Board(board="hex")
    for move in game.move_stack[:20]:
        later.push(move)
    later = Board.from_code(later.code())
    later_move = later.generate_legal_moves()[0]
    later.push(later_move)
    assert parse_game_code(format_game_code(later)).move_stack == [later_move]
    assert format_game_code(later).startswith("G1~P1.hex.")


@pytest.mark.parametrize("text, part", [
    ("P1.hex.2bMbRbC/3bMbPbA/rM3bNbMbM/rArM6/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rbyg.r.0",
     "control 'rbyg' must be 3 letters"),
    ("P1.hexagon.x", "unknown board 'hexagon'"),
    ("P1.hex.2bMbRbC/3bMbPbA/rM3bNbMbM/rArM7/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rby.r.0",
     "row 6 ('rArM7') covers 9 cells, not 8 (A6-H6)"),
    ("P1.hex.2bMbRbC/3bMbPbA/rM3bNbMbM/rArM6/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rby.g.0",
     "turn 'g'"),
    ("P1.hex.2bMbRgC/3bMbPbA/rM3bNbMbM/rArM6/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rby.r.0",
     "'gC' is Green's"),
    ("P1.hex.2bMbRbC/3bMbPbA/rM3bNbMbM/rArM6/rCrPrN6/rRrM6/rM3yNyMyM/3yMyPyR/2yMyAyC.rby.r.0.bga",
     "standard rules only"),
])
def test_bad_hexagonal_positions_name_the_bad_part(text, part):
    with pytest.raises(InvalidPositionError) as error:
        parse_position(text)
    assert part in str(error.value)


@pytest.mark.parametrize("text, part", [
    ("G1~hex.bga", "its start 'hex' takes no rule text"),
    ("G1~hex~A3-A4", "A3 is not a cell of the hexagonal board"),
    ("G1~hex~C5-E5", "move 1 (C5-E5) is illegal"),
    ("G2~hex~1.zz", "its number holds more than 1 moves"),
])
def test_bad_hexagonal_games_name_the_bad_part(text, part):
    with pytest.raises(InvalidGameError) as error:
        parse_game_code(text)
    assert part in str(error.value)


def test_the_hexagon_refuses_rule_options_and_off_board_cells():
    with pytest.raises(ValueError, match="standard rules only"):
        Board(board="hex", hostage=True)
    with pytest.raises(ValueError, match="unknown board 'round'"):
        Board(board="round")
    board = Board(board="hex")
    with pytest.raises(IllegalMoveError, match="I4 is not a cell of the hexagonal board"):
        board.play("H4-I4")
    assert not board.is_legal(Move(NUMBER["B4"], 9 * 3 + 8))


# ---------------------------------------------------------------------------- the command line
def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "djambi", *args], capture_output=True, text=True,
                          timeout=120)


def test_cli_plays_the_hexagon():
    done = run_cli("perft", "2", "--board", "hex")
    assert done.returncode == 0 and done.stdout.split()[-1] == str(Board(board="hex").perft(2))
    shown = run_cli("show", "--board", "hex")
    assert shown.returncode == 0 and "rC" in shown.stdout and "A5-I5" in shown.stdout
    moves = run_cli("moves", "--board", "hex")
    assert moves.returncode == 0 and len(moves.stdout.split()) == 27
    played = run_cli("play", "--board", "hex", "B4-C4", "H7-G5")
    assert played.returncode == 0 and "P1.hex." in played.stdout
    for args in (("perft", "1", "--board", "round"), ("play", "--board", "hex", "A3-A4"),
                 ("show", "--board", "hex", "--rules", "bga")):
        bad = run_cli(*args)
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, (args, bad.stderr)
