"""Camblam in the app (app/games/camblam/): a new game, moves through the session, undo/redo,
links, files and saves that name their game, the Games list entry, and Djambi's unchanged."""

import json
from datetime import datetime

import pytest

from camblam import Board, CamblamError, Color, Move

from app import games
from app.games import camblam as cg
from app.present import standings
from app.present import gameslist, remotewords
from app.text.i18n import party_name, set_language
from app.state import gamefile, library, linking, session
from app.state.history import History
from app.state.saving import MemoryStorage


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def played(moves=("f3f6", "f10f7", "g3g6")) -> session.Game:
    game = session.new_game(seats=["human", "easy"], kind="camblam")
    for move in moves:
        game.play(move)
    return game


def test_the_registry_has_camblam_and_codes_say_the_game():
    rules = games.get("camblam")
    assert rules.key == "camblam" and rules.parties == (Color.WHITE, Color.BLACK)
    assert games.for_code("C1~start") is rules and games.for_code("G1~start") is games.get()
    assert games.for_code("P1.whatever") is games.get()
    assert games.for_record('[Game "Camblam"]\n') is rules
    assert games.for_record('[Game "Djambi"]\n') is games.get()


def test_a_new_game_has_two_seats_and_white_to_move():
    game = session.new_game(seats=["human", "hard"], kind="camblam")
    assert game.rules is games.get("camblam") and game.seats == ["human", "hard"]
    assert game.board == Board() and game.board.turn == Color.WHITE
    assert not game.computer_to_move() and game.here_to_move()
    assert standings.status_text(game) == "White to move"
    with pytest.raises(ValueError):
        session.new_game(seats=["human"] * 4, kind="camblam")


def test_moves_through_the_session_and_undo_redo_by_computer_seats():
    game = played()
    assert [text for _, text in game.move_list()] == ["f3-f6", "f10-f7", "g3-g6"]
    assert game.board.turn == Color.BLACK and game.computer_to_move()
    assert game.undo() == [Move.parse("g3g6")]
    assert game.board.turn == Color.WHITE and game.here_to_move()
    # undoing White's first move also takes back Black's (a computer's) reply before it
    assert game.undo() == [Move.parse("f10f7"), Move.parse("f3f6")]
    assert game.board.move_stack == [] and game.can_redo()
    assert game.redo() == [Move.parse("f3f6"), Move.parse("f10f7")]
    assert game.redo() == [Move.parse("g3g6")] and not game.can_redo()
    with pytest.raises(CamblamError):
        game.play("a1a2")


def test_link_round_trip_keeps_game_seats_and_position():
    game = played()
    link = linking.game_link("https://x.test/", game)
    assert "#L1.C1~start~f3f6~f10f7~g3g6;seats=he;ck=" in link
    again = linking.game_from_link(link.split("#", 1)[1])
    assert again.rules.key == "camblam" and again.seats == ["human", "easy"]
    assert again.board.move_stack == game.board.move_stack and again.board == game.board
    position = linking.position_link("https://x.test/", game)
    assert position.split("#")[1].startswith("L1.C1.")
    opened = linking.game_from_link(position.split("#", 1)[1])
    assert opened.board.code() == game.board.code() and opened.board.move_stack == []
    assert linking.is_game_link("#" + position.split("#")[1])


def test_any_position_text_opens_as_a_link():
    text = "6k5/12/12/12/12/12/12/12/12/12/4Q7/6K5 w 0 1"
    opened = linking.game_from_link("#C1." + text.replace(" ", "."))
    assert opened.board.code() == text and opened.rules.key == "camblam"


def test_bad_links_say_what_is_wrong():
    with pytest.raises(linking.LinkError) as info:
        linking.read_link("#C1~start~f3f6~zz")
    assert "move 2" in info.value.details and "move 2" not in str(info.value)
    with pytest.raises(linking.LinkError, match="seats cannot be read") as info:
        linking.read_link("#C1~start;seats=hhhh")
    assert info.value.details == "seats=hhhh"
    with pytest.raises(linking.LinkError):
        linking.read_link("#C1.nonsense.w.0.1")


def test_djambi_links_and_saves_open_as_before():
    djambi = session.new_game(seats=["human", "easy", "human", "human"])
    djambi.play(list(djambi.board.legal_moves)[0])
    data = json.loads(djambi.to_json())
    assert "kind" not in data
    link = linking.game_link("https://x.test/", djambi)
    assert link.split("#")[1].startswith("L1.G2~")
    again = linking.game_from_link(link.split("#", 1)[1])
    assert again.rules.key == "djambi" and again.board == djambi.board


def test_file_round_trip_names_the_game():
    game = played(("f3f6", "f10f7"))
    when = datetime(2026, 11, 25, 16, 5)
    text = gamefile.record_text(game, when)
    assert text.startswith('[Game "Camblam"]') and '[White "Human"]' in text
    assert '[Black "Computer (easy)"]' in text and "1. White f3-f6" in text
    assert gamefile.file_name(game, when) == "camblam-2026-11-25-1605.camblam.txt"
    again = gamefile.game_from_file(text)
    assert again.rules.key == "camblam" and again.board == game.board
    assert again.seats == ["human", "easy"]
    with pytest.raises(gamefile.FileError) as info:
        gamefile.game_from_file(text.replace("2. Black", "3. Black"))
    assert "move number" in info.value.details


def test_a_finished_game_round_trips_with_its_result():
    game = played(("f3f6",))
    game.board.resign(Color.BLACK)
    text = gamefile.record_text(game, datetime(2026, 11, 25))
    assert '[Result "1-0"]' in text and text.rstrip().endswith("Black resigns")
    again = gamefile.game_from_file(text)
    assert again.board.outcome().winner == Color.WHITE


def test_saved_state_round_trip():
    game = played()
    game.undo()
    data = json.loads(game.to_json())
    assert data["kind"] == "camblam" and data["here"] == "wb" and data["game"] == "C1~start~f3f6~f10f7"
    again = session.Game.from_json(game.to_json())
    assert again.rules.key == "camblam" and again.board == game.board
    assert again.redo_moves == [Move.parse("g3g6")] and again.seats == game.seats
    data["kind"] = "chess"
    with pytest.raises(session.SaveError, match="unknown kind"):
        session.Game.from_json(json.dumps(data))


def test_history_names_moves_and_rounds():
    game = played()
    history = History(game.rules)
    plies = history.update(game.board)
    assert [p.label() for p in plies] == ["f3-f6", "f10-f7", "g3-g6"]
    assert [p.round for p in plies] == [1, 1, 2]
    assert plies[0].player == Color.WHITE and party_name(plies[1].player) == "Black"
    assert history.board_at(1).move_stack == [Move.parse("f3f6")]


def test_the_games_list_entry():
    game = played(("f3f6",))
    storage = MemoryStorage()
    games_list = library.Library(storage)
    storage.set(library.game_key("slot1"), game.to_json())
    assert games_list.listed("slot1") == ""
    [entry] = gameslist.entries(games_list)
    assert entry.readable and entry.status == "Black to move" and entry.last_move == "White f3-f6"
    assert games_list.read("slot1").rules.key == "camblam"


# ---------------------------------------------------------------------------- the board and taps
from camblam import Kind, parse_square  # noqa: E402

from app.present import words
from app.games.camblam import render as camblam_render  # noqa: E402
from app.games.camblam.taps import CamblamPicker  # noqa: E402

CHAIN = "6k5/12/12/12/12/12/ppp1Q7/12/12/12/12/6K5 w 0 1"


def test_the_board_has_every_square_named_and_labels():
    svg = camblam_render.board_svg(Board())
    for name in ("a1", "l1", "a12", "l12", "f6"):
        assert f'data-square="{name}"' in svg
    assert svg.count("data-square=") == 144
    assert 'aria-label="g1, White: king"' in svg and 'aria-label="f6, empty"' in svg
    assert svg.count('class="coord"') == 24


def test_a_chain_capture_shows_what_it_takes_before_it_is_played():
    board = Board.from_code(CHAIN)
    picker = CamblamPicker(board)
    assert picker.tap(parse_square("e6")).kind == "select"
    assert picker.marks().captures == {parse_square(s) for s in ("a6", "b6", "c6")}
    step = picker.tap(parse_square("a6"))
    assert step.kind == "step" and step.move is None
    assert set(picker.taken()) == {parse_square(s) for s in ("a6", "b6", "c6")}
    assert "takes 3 pieces" in picker.prompt()
    svg = camblam_render.board_svg(board, picker.marks())
    assert svg.count('class="took"') == 3
    # a single capture is played at once; tapping a6 again plays the chain
    assert picker.tap(parse_square("a6")) == type(step)("play", move=Move.parse("e6a6"))


def test_an_archer_shot_is_marked_apart_and_a_promotion_offers_seven_pieces():
    board = Board.from_code("6k5/12/12/12/12/12/12/4p7/12/4A7/12/6K5 w 0 1")
    picker = CamblamPicker(board)
    picker.tap(parse_square("e3"))
    marks = picker.marks()
    assert marks.shots == {parse_square("e5")} and parse_square("e5") not in marks.captures
    assert "shoot" in picker.prompt()
    board = Board.from_code("6k5/P11/12/12/12/12/12/12/12/12/12/6K5 w 0 1")
    picker = CamblamPicker(board)
    picker.tap(parse_square("a11"))
    assert picker.tap(parse_square("a12")).kind == "step" and picker.promoting == parse_square("a12")
    assert picker.promote(Kind.ARCHER).move == Move.parse("a11a12a")


def test_check_and_last_move_are_marked():
    board = Board.from_code(CHAIN)
    board.play("e6a6")
    assert camblam_render.check_square(board) is None or board.is_check()
    assert camblam_render.last_move_squares(board) == (parse_square("e6"), parse_square("a6"))


def test_narration_says_what_a_chain_took_in_three_languages():
    board = Board.from_code(CHAIN)
    events = games.get("camblam").describe_move(board, Move.parse("e6a6"))
    said = words.sentences(events)
    assert said[0] == "White's queen moves from e6 to a6."
    assert said[1:4] == ["Taken on c6: Black's pawn.", "Taken on b6: Black's pawn.",
                         "Taken on a6: Black's pawn."]
    set_language("fr")
    assert words.sentences(events)[0] == "Dame de Blanc : de e6 à a6."
    set_language("cs")
    assert words.sentences(events)[1] == "Vzato na c6: pěšec Černého."


def test_remote_play_by_link_between_two_devices():
    from app.state import remote

    mine = session.new_game(seats=["human", "remote"], kind="camblam")
    mine.play("f3f6")
    assert mine.remote_to_move() and remote.should_send(mine, moved_here=True)
    link = linking.move_link("https://x.test/", mine)
    assert f";id={mine.id}" in link and "#L1.C1~start~f3f6;seats=hh" in link
    linked = linking.read_link(link.split("#", 1)[1])
    theirs = linked.game
    assert linked.shared and remote.seats_to_ask(theirs) == [Color.WHITE, Color.BLACK]
    remote.join(theirs, [Color.BLACK])
    assert theirs.here_to_move() and remotewords.whose_turn(theirs) == (
        "Your move as Black: play it, then send the link back to White.")
    theirs.play("f10f7")
    back = linking.read_link(linking.move_link("https://x.test/", theirs).split("#", 1)[1]).game
    arrival = remote.arrival(back, [("slot1", mine)])
    assert arrival.kind == remote.EXTENDS
    remote.continue_with(mine, back)
    assert mine.board.move_stack == [Move.parse("f3f6"), Move.parse("f10f7")]
    assert "Black's pawn moves from f10 to f7." in remotewords.continued(mine, 1)
