"""The shell's game interface (app/games): Djambi behind it gives the engine's own codes,
records, narration, squares and computer moves, and the session goes through it."""

import pytest

from djambi import Board, DjambiError, describe_move, format_game_code, parse_square

from app import games
from app.state import linking, session


def test_the_registry_gives_djambi_by_default_and_refuses_an_unknown_game():
    djambi = games.get()
    assert djambi is games.get("djambi") and djambi.key == games.DEFAULT == "djambi"
    with pytest.raises(KeyError):
        games.get("chess")


def test_djambi_codes_round_trip_through_the_interface():
    rules = games.get()
    board = rules.new_board(hostage=True)
    assert board.is_hostage_game and board == Board(hostage=True)
    board.push(list(board.legal_moves)[0])
    code = rules.format_game_code(board)
    assert code == format_game_code(board) and code.startswith(rules.game_prefix)
    assert rules.parse_game_code(code) == board
    assert rules.parse_game_code(rules.format_compact_game(board)) == board
    position = rules.parse_position(board.code())
    assert position.code() == board.code()
    text = rules.format_record(board, {"Date": "2026.11.25"})
    again, headers = rules.parse_record(text)
    assert again == board and headers["Date"] == "2026.11.25"
    with pytest.raises(rules.error) as bad:
        rules.parse_game_code("G1~nonsense")
    assert isinstance(bad.value, DjambiError)


def test_squares_and_narration_are_the_engines():
    rules = games.get()
    assert rules.parse_square("E5") == parse_square("E5") and rules.square_name(parse_square("E5")) == "E5"
    board = rules.new_board()
    move = list(board.legal_moves)[0]
    assert rules.describe_move(board, move) == describe_move(board, move)


def test_a_computer_search_through_the_interface_finds_a_legal_move():
    rules = games.get()
    board = rules.new_board()
    search = rules.search(board, "easy", 7)
    while not search.step(50):
        pass
    assert search.best_move() in list(board.legal_moves)
    assert rules.accepts_draw(board, board.turn, "easy") in (True, False)


def test_the_session_links_and_saves_carry_the_game_kind():
    game = session.new_game(seats=["human", "easy", "human", "human"])
    assert game.rules is games.get()
    game.play(list(game.board.legal_moves)[0])
    again = session.Game.from_json(game.to_json())
    assert again.rules is games.get() and again.board == game.board
    linked = linking.read_link(linking.game_link("https://x/", game).split("#", 1)[1])
    assert linked.game.rules is games.get() and linked.game.board == game.board


def test_resignation_is_a_capability_of_the_game():
    """The menu's Resign shows by the game's word (``Game.can_resign``), never by probing its board."""
    djambi, camblam = games.get("djambi"), games.get("camblam")
    assert not djambi.can_resign and not hasattr(djambi.new_board(), "resign")
    assert camblam.can_resign
    board = camblam.new_board()
    board.resign(camblam.parties[0])
    assert board.is_game_over() and board.outcome().winner == camblam.parties[1]
