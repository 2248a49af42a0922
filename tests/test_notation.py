"""Text formats: round trips over random playouts, strict errors, and fuzzing of every parser."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from playouts import random_game, scaled
from djambi import (
    START_CODE,
    Board,
    DjambiError,
    IllegalMoveError,
    InvalidGameError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    format_game_code,
    format_record,
    parse_game_code,
    parse_position,
    parse_record,
)

URL_SAFE = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*")  # needs no escaping in a URL fragment


# ---------------------------------------------------------------------------- moves
squares = st.integers(0, 80)
maybe = st.one_of(st.none(), squares)


@given(piece=squares, to=squares, place=maybe, victim=maybe, exit=maybe, kill=st.booleans())
def test_move_text_round_trips(piece, to, place, victim, exit, kill):
    assume(piece != to and not (victim is not None and (place is not None or exit is not None)))
    move = Move(piece, to, place, victim, exit)
    text = move.text(kill=kill)
    assert Move.parse(text) == move
    assert Move.parse(text.lower()) == move
    assert eval(repr(move), {"Move": Move}) == move  # the repr pastes back in
    assert URL_SAFE.fullmatch(text)


def test_move_texts_read_like_the_game():
    board = Board()
    assert [board.move_text(m) for m in board.generate_legal_moves(parse("C7"))][:3] == [
        "C7-D7", "C7-E7", "C7-F7"]
    assert Move.parse("pass") == Move.null() and str(Move.null()) == "pass"
    assert Move.parse("A7xB5@C4") == Move(parse("A7"), parse("B5"), place=parse("C4"))
    assert Move.parse("B8-D6xD7") == Move(parse("B8"), parse("D6"), victim=parse("D7"))
    assert Move.parse("B9xE5-F6") == Move(parse("B9"), parse("E5"), exit=parse("F6"))
    assert Move.parse("C7-E5-F6@G4") == Move(parse("C7"), parse("E5"), place=parse("G4"), exit=parse("F6"))


def test_a_move_lands_on_its_exit_after_the_maze_else_on_its_target():
    assert Move.parse("B9xE5-F6").lands == parse("F6")  # the assassin leaves the maze to F6
    assert Move.parse("A7xB5@C4").lands == parse("B5")
    assert Move.parse("B8-D6xD7").lands == parse("D6")  # the reporter stays where it kills from


def parse(name: str) -> int:
    from djambi import parse_square

    return parse_square(name)


@pytest.mark.parametrize("text, why", [
    ("", "bad move text"),
    ("A7", "bad move text"),
    ("A7-A7", "must leave its square"),
    ("J1-A2", "bad move text"),
    ("A0-A2", "bad move text"),
    ("A7-A6@", "bad move text"),
    ("B8-D6xD7@C3", "bad move text"),
    ("A7-A6xB5@C3", "bad move text"),
    ("A7xA6-B5xC3", "only a reporter names a victim"),
])
def test_bad_move_texts_are_refused_with_a_reason(text, why):
    with pytest.raises(InvalidMoveError, match=why) as info:
        Move.parse(text)
    assert repr(text) in str(info.value)


# ---------------------------------------------------------------------------- positions
def test_start_position_text():
    assert Board().code() == START_CODE
    assert parse_position(START_CODE) == Board()
    assert len(START_CODE) <= 160 and URL_SAFE.fullmatch(START_CODE)
    hostage = Board(hostage=True).code()
    assert hostage.endswith(".rbyh.r.0") and parse_position(hostage) == Board(hostage=True)


@scaled(2)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 400), hostage=st.booleans())
def test_position_text_round_trips_along_random_games(seed, plies, hostage):
    board = random_game(seed, plies, hostage)
    text = board.code()
    assert URL_SAFE.fullmatch(text)
    assert len(text) <= 160
    again = parse_position(text)
    assert again == board and again.code() == text
    assert [again.move_text(m) for m in again.legal_moves] == [board.move_text(m) for m in board.legal_moves]


@scaled(1)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300), hostage=st.booleans(),
       draw=st.booleans())
def test_game_code_and_record_replay_to_the_same_position(seed, plies, hostage, draw):
    board = random_game(seed, plies, hostage)
    if draw and not board.is_game_over():
        board.agree_draw()
    code = format_game_code(board)
    assert URL_SAFE.fullmatch(code)
    replayed = parse_game_code(code)
    assert replayed == board and replayed.move_stack == board.move_stack
    record = format_record(board, {"Date": "2026.11.22", "Red": "Ann", "Blue": 'Bob "the" cat'})
    again, headers = parse_record(record)
    assert again == board and again.move_stack == board.move_stack
    assert headers["Blue"] == 'Bob "the" cat' and headers["Date"] == "2026.11.22"
    outcome = board.outcome()
    assert headers["Result"] == ("*" if outcome is None else outcome.result())


def test_game_code_from_another_start_position():
    start = random_game(7, 40)
    board = parse_position(start.code())
    board.play(board.move_text(board.generate_legal_moves()[0]))
    code = format_game_code(board)
    assert code.startswith("G1~P1.")
    assert parse_game_code(code) == board


def test_game_record_text_is_readable():
    board = Board()
    board.play("C7-F4")
    board.play("G7-D4")
    text = format_record(board, {"Date": "2026.11.22"})
    assert text == (
        '[Game "Djambi"]\n[Start "start"]\n[Date "2026.11.22"]\n[Result "*"]\n\n'
        "1. Red C7-F4\n2. Blue G7-D4\n"
    )


# ---------------------------------------------------------------------------- strict errors
def swap(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text
    return text.replace(old, new, count)


@pytest.mark.parametrize("text, part", [
    ("hello", "must start with 'P1.'"),
    ("P2.whatever", "format version 'P2' is not known"),
    (START_CODE[:-2], "expected 4 fields"),
    (START_CODE + ".x", "unexpected field 'x'"),
    (swap(START_CODE, "/9/9/9/", "/9/9/"), "9 rows"),
    (swap(START_CODE, "/9/9/9/", "/9/8/9/"), "row 5 ('8') covers 8 squares"),
    (swap(START_CODE, "rM3bM", "rM3qM"), "row 9 ('rCrArM3qMbAbC'): cannot read 'qM'"),
    # two red chiefs: Red's assassin replaced by a chief
    (swap(START_CODE, "rCrA", "rCrC"), "2 living Red chiefs; a party has 1"),
    # more pieces than a party has: a fifth Red militant where Blue's was
    (swap(START_CODE, "3bMbAbC", "3rMbAbC"), "5 living Red militants; a party has 4"),
    # a piece missing: 35 on the board
    (swap(START_CODE, "rCrArM3", "rCrA4"), "15 militants on the board, dead or alive; there are always 16"),
    # a militant's corpse in the maze (taken from Red's C9 militant)
    (swap(swap(START_CODE, "rCrArM3", "rCrA4"), "/9/9/9/", "/9/4xM4/9/"), "militant corpse in the maze"),
    (swap(START_CODE, ".rbyg.", ".rbyx."), "control 'rbyx' must be 4 letters"),
    (swap(START_CODE, ".rbyg.", ".rbyb."), "Green's chief is alive, so Green must control"),
    (swap(START_CODE, ".rbyg.", ".rbhg."), "only Green can be the hostage party"),
    (swap(START_CODE, ".r.0", ".q.0"), "turn 'q' must be a player letter"),
    (swap(START_CODE, ".r.0", ".r*b.0"), "only the player in power gets extra turns"),
    (swap(START_CODE, ".r.0", ".r.121"), "draw counter '121' must be a whole number from 0 to 120"),
    (swap(START_CODE, ".r.0", ".r.007"), "draw counter '007'"),
])
def test_impossible_positions_are_refused_naming_the_part(text, part):
    with pytest.raises(InvalidPositionError) as info:
        parse_position(text)
    assert part in str(info.value)
    assert str(info.value).startswith("bad position ")


def test_control_given_to_an_eliminated_player_is_refused():
    # Green's chief dead (a corpse on A1), Green's pieces controlled by Blue... then given to Green.
    dead_green = START_CODE.replace("gCgAgM3", "xCgAgM3")
    assert parse_position(dead_green.replace(".rbyg.", ".rbyb.")).controller(3) == 1
    with pytest.raises(InvalidPositionError, match="gives Yellow's pieces to Green, who is eliminated"):
        parse_position(dead_green.replace(".rbyg.", ".rbgb."))


def test_an_illegal_move_in_a_record_is_named_with_its_number():
    board = random_game(3, 16)
    moves = [m.strip() for m in format_game_code(board).split("~")[2:]]
    code = "~".join(["G1", "start", *moves, "C7-F5"])
    with pytest.raises(InvalidGameError, match=r"move 17 \(C7-F5\) is illegal") as info:
        parse_game_code(code)
    assert "position P1." in str(info.value)
    record = format_record(board) + "17. " + board.turn.title + " C7-F5\n"
    record = record.replace('[Result "*"]\n', "")
    with pytest.raises(InvalidGameError, match=r"move 17 \(C7-F5\) is illegal"):
        parse_record(record)


@pytest.mark.parametrize("text, part", [
    ("G3~start", "format version 'G3' is not known"),
    ("G2~start", "two parts after 'G2~'"),
    ("G2~start~2.A!", "is not a base-64 digit"),
    ("G2~start~x.AB", "should read <count>.<base-64 number>"),
    ("G2~start~0.B", "holds more than 0 moves"),
    ("start~C7-F4", "must start with 'G1~'"),
    ("G1~begin~C7-F4", "its start position is wrong"),
    ("G1~start~C7-F4~nonsense", "move 2 ('nonsense') is not a move"),
])
def test_bad_game_codes_are_refused(text, part):
    with pytest.raises(InvalidGameError, match=re.escape(part)):
        parse_game_code(text)


@pytest.mark.parametrize("text, part", [
    ('[Game "Chess"]\n\n1. Red C7-F4\n', "not of Djambi"),
    ('[Date 2026]\n', "is not a header"),
    ('[Date "1"]\n[Date "2"]\n', "given twice"),
    ('[Game "Djambi"]\n\n2. Red C7-F4\n', "move number 2 should be 1"),
    ('[Game "Djambi"]\n\n1. Blue C7-F4\n', "marked Blue, but Red is to move"),
    ('[Game "Djambi"]\n\n1. Red C7-F4 and more\n', "is not a move line"),
    ('[Game "Djambi"]\n[Result "Red"]\n\n1. Red C7-F4\n', "header Result is 'Red'"),
])
def test_bad_records_are_refused(text, part):
    with pytest.raises(InvalidGameError, match=re.escape(part)):
        parse_record(text)


# ---------------------------------------------------------------------------- fuzzing
VALID = [START_CODE, random_game(11, 150).code(), random_game(12, 250, True).code()]
GAMES = [format_game_code(random_game(13, 30)), format_game_code(random_game(14, 12, True))]
RECORDS = [format_record(random_game(15, 20), {"Date": "2026.11.22"})]
ALPHABET = "P1.G~/rbygxCARPNM0123456789-@*hf draw\n[]\"ABCDEFGHI"


def mutate(text: str, data) -> str:
    ops = data.draw(st.lists(st.tuples(st.sampled_from("dirts"), st.integers(0, 10**6),
                                       st.sampled_from(ALPHABET)), min_size=1, max_size=4))
    chars = list(text)
    for op, pos, ch in ops:
        if not chars:
            break
        i = pos % len(chars)
        if op == "d":
            del chars[i]
        elif op == "i":
            chars.insert(i, ch)
        elif op == "r":
            chars[i] = ch
        elif op == "t":
            chars = chars[:i]
        else:  # swap two neighbours
            j = min(i + 1, len(chars) - 1)
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def exercise(board: Board) -> None:
    """An accepted position must be fully usable: moves, play, undo, text round trip."""
    moves = board.generate_legal_moves()
    assert len(moves) == board.count_legal_moves()
    board.outcome()
    if moves:
        board.push(moves[len(moves) // 2])
        board.code()
        board.pop()
    assert parse_position(board.code()) == board


@scaled(5)
@given(st.text(alphabet=ALPHABET, max_size=200) | st.text(max_size=50))
def test_fuzz_random_strings(text):
    for parser in (parse_position, parse_game_code, Move.parse, lambda t: parse_record(t)[0]):
        try:
            result = parser(text)
        except DjambiError:
            continue
        if isinstance(result, Board):
            exercise(result)


@scaled(10)
@given(data=st.data(), which=st.integers(0, len(VALID) - 1))
def test_fuzz_mutated_positions(data, which):
    text = mutate(VALID[which], data)
    try:
        board = parse_position(text)
    except InvalidPositionError:
        return
    exercise(board)


@scaled(5)
@given(data=st.data(), which=st.integers(0, len(GAMES) - 1))
def test_fuzz_mutated_game_codes(data, which):
    text = mutate(GAMES[which], data)
    try:
        board = parse_game_code(text)
    except InvalidGameError:
        return
    exercise(board)


@scaled(3)
@given(data=st.data())
def test_fuzz_mutated_records(data):
    text = mutate(RECORDS[0], data)
    try:
        board, _ = parse_record(text)
    except InvalidGameError:
        return
    exercise(board)


@pytest.mark.parametrize("source", [*VALID, *GAMES])
def test_every_truncation_is_refused_or_usable(source):
    for cut in range(len(source)):
        text = source[:cut]
        for parser in (parse_position, parse_game_code):
            try:
                board = parser(text)
            except DjambiError:
                continue
            exercise(board)


def test_illegal_moves_raise_the_declared_error_type():
    board = Board()
    with pytest.raises(IllegalMoveError):
        board.play("I3-I4")
    with pytest.raises(InvalidMoveError):
        board.play("I3--I4")
    assert issubclass(InvalidPositionError, ValueError) and issubclass(InvalidGameError, ValueError)


def test_the_examples_in_docs_formats_are_true():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text()
    codes = [c for c in re.findall(r"`(P1\.[^`…]+)`", text)]
    assert len(codes) >= 4
    for code in codes:
        assert parse_position(code).code() == code
    games = re.findall(r"`(G1~[^`…]+)`", text)
    assert games and all(format_game_code(parse_game_code(g)) == g for g in games)
    ruler = parse_position(codes[2])
    assert ruler.ruler is not None and ruler.is_extra_turn
    frozen = parse_position(codes[3])
    assert any(frozen.is_frozen(p) for p in range(4))


def test_a_board_rebuilt_from_its_public_parts_is_the_same_position():
    """notation.py reads and builds boards through public accessors only (no private fields)."""
    from playouts import random_game

    for seed in range(8):
        board = random_game(seed, 25 * seed, hostage=seed % 2 == 1)
        if seed == 3 and not board.is_game_over():
            board.agree_draw()
        rebuilt = Board.from_parts(board.cells, board.control_codes, board.turn_state,
                                   board.quiet_turns, board.draw_agreed)
        assert rebuilt == board and rebuilt.code() == board.code()
        assert board.has_necromobile(board.turn) == any(
            p.kind.letter == "N" and p.party is not None and board.controller(p.party) == board.turn
            for p in board.pieces().values())
    source = open(__import__("djambi.notation").notation.__file__).read()
    assert "._" not in source.replace("__", ""), "notation.py must not reach into private fields"
