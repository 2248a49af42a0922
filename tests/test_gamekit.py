"""The engines' shared kit (``gamekit``), and both engines speaking through it: outcomes,
repetitions, narration events, the legal-moves view, perft, record headers, the command lines'
flags; and Djambi's one walk (``djambi.squares.walk``)."""

import random
from enum import Enum

import pytest

import camblam
import djambi
import gamekit
from gamekit import cli, records
from djambi.squares import LINES, walk
from djambi.threats import scan


class _T(Enum):
    AGREED = gamekit.AGREEMENT
    MATE = "mate"


def test_outcome_base_and_both_engines_outcomes():
    assert gamekit.Outcome(_T.AGREED).is_draw and gamekit.Outcome(_T.AGREED).by_players
    assert not gamekit.Outcome(_T.MATE, "x").by_players
    with pytest.raises(NotImplementedError):
        gamekit.Outcome(_T.MATE).result()
    board = camblam.Board()
    board.resign(camblam.Color.WHITE)
    out = board.outcome()
    assert isinstance(out, gamekit.Outcome) and out.by_players and out.result() == "0-1"
    assert repr(out) == "Outcome(termination=<Termination.RESIGNATION: 'resignation'>, winner=Color.BLACK)"
    d = djambi.Board()
    d.agree_draw()
    assert d.outcome().by_players and d.outcome().is_draw and d.outcome().result() == "draw"
    assert djambi.Termination.AGREEMENT.value == camblam.Termination.AGREEMENT.value == gamekit.AGREEMENT


def test_repetitions_count_the_same_side_to_move_within_the_reversible_plies():
    assert gamekit.repetitions(["a"], 0) == 1
    assert gamekit.repetitions(["a", "b", "a", "b", "a"], 4) == 3
    assert gamekit.repetitions(["a", "b", "a", "b", "a"], 2) == 2  # older plies cannot repeat
    assert gamekit.repetitions(["a", "a", "a"], 2) == 2  # every other ply: the same side to move
    board = camblam.Board.from_code("r10k/" + "12/" * 10 + "R10K w 0 1")
    for text in ["l1k1", "l12k12", "k1l1", "k12l12"] * 2:
        board.play(text)
    assert board.repetitions() == 3 and board.outcome().termination == camblam.Termination.REPETITION


def test_events_of_both_engines_share_the_base():
    event = djambi.describe_move(djambi.Board(), djambi.Move.parse("C7-F4"))[0]
    assert isinstance(event, gamekit.EventBase) and isinstance(event, tuple)
    assert repr(event) == "Event('move', player=Party.RED, piece=Piece.from_symbol('rN'), square=56, to=32)"
    assert str(event) == "move player=Red piece=rN square=C7 to=F4"
    assert event._replace(to=33).to == 33 and type(event._replace(to=33)) is djambi.Event
    shot = camblam.Event("take", color=camblam.Color.BLACK, square=0)
    assert str(shot) == "take color=Black square=a1" and repr(shot) == "Event('take', color=Color.BLACK, square=0)"
    with pytest.raises(AttributeError):
        shot.extra = 1  # no instance dict: still a small frozen value


def test_legal_moves_views():
    for board, move, text in ((djambi.Board(), djambi.Move.parse("C7-F4"), "C7-F4"),
                              (camblam.Board(), camblam.Move.parse("f3f6"), "f3f6")):
        moves = board.legal_moves
        assert isinstance(moves, gamekit.LegalMoves) and bool(moves)
        assert len(moves) == len(list(moves)) and move in moves and "C7-F4" not in moves
        assert text in repr(moves)


def test_perft_and_divide_through_the_kit():
    board = camblam.Board()
    assert gamekit.perft(board, 2) == board.perft(2) == 1296
    assert sum(n for _, n in gamekit.divide(board, 2)) == 1296 and board == camblam.Board()
    assert djambi.Board().perft(2) == gamekit.perft(djambi.Board(), 2)
    assert gamekit.perft(board, 0) == 1


@pytest.mark.parametrize("value", ['plain', 'quote " and \\ backslash', 'a\\"b', "\\", ""])
def test_header_escaping_round_trips(value):
    line = records.header_lines({"White": value})[0]
    assert records.read_header(line) == ("White", value)
    assert records.read_header('[White "x"') is None
    assert records.escape("two\nlines") == "two lines"


def test_move_lines_pattern():
    assert records.move_line_re(["White", "Black"]).fullmatch("3. White f3-f6").groups() == ("3", "White", "f3-f6")
    assert records.move_line_re(["White", "Black"]).fullmatch("3. Red f3-f6") is None
    assert records.move_line_re().fullmatch("12. Blue A7xB5@C4")


def test_both_command_lines_take_the_position_flag(capsys):
    from camblam.__main__ import main as camblam_main
    from djambi.__main__ import main as djambi_main

    text = camblam.Board().code()
    assert camblam_main(["perft", "1", "--position", text]) == 0
    assert camblam_main(["perft", "1", "--fen", text]) == 0  # the older spelling
    assert djambi_main(["perft", "1", "--position", "hostage"]) == 0
    assert capsys.readouterr().out.split() == ["36", "36", str(djambi.Board(hostage=True).count_legal_moves())]
    with pytest.raises(SystemExit) as info:
        camblam_main(["show", "--position", "nonsense"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m camblam show: error: bad position text")
    parser = cli.Parser(prog="x")
    cli.position_flag(parser, "--old")
    assert parser.parse_args(["--old", "p"]).position == "p"


def _positions(n=30, seed=3):
    rng = random.Random(seed)
    for _ in range(n):
        board = djambi.Board(hostage=rng.random() < 0.3)
        for _ in range(rng.randint(0, 150)):
            moves = board.generate_legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        yield board


def test_the_walk_stops_at_the_first_piece_of_each_line():
    for board in _positions():
        cells = board.cells_view
        for s, code in enumerate(cells):
            if not 0 < code < 65:
                continue
            kind = (code - 1) & 7
            squares, met = walk(cells, s, kind)
            expected, stops = [], []
            for line in LINES[kind][s]:
                for t in line:
                    expected.append(t)
                    if cells[t]:
                        stops.append(t)
                        break
            assert (squares, met) == (expected, stops)


def test_the_scan_agrees_with_the_legal_moves():
    """Every piece the legal moves kill by taking its square, the scan (the same walk) marks as
    killable by that player."""
    for board in _positions(12, seed=8):
        if board.is_game_over():
            continue
        player = board.player_to_move
        found = scan(board.cells_view, board.control_view, rules=board.rules)
        kills = {m.to for m in board.generate_legal_moves() if board.is_kill(m)}
        marked = {sq for sq, bits in enumerate(found.kill) if bits >> player & 1}
        assert kills <= marked
