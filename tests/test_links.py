"""Links that travel: the compact game code (``G2~``) round-trips over random games, keeps a
200-move four-player game in a URL that messaging apps keep whole, and today's links keep opening."""

from __future__ import annotations

import random
import statistics

from hypothesis import given
from hypothesis import strategies as st

from playouts import random_game, scaled
from djambi import Board, format_compact_game, format_game_code, parse_game_code
from djambi.notation import canonical_moves

from app.state import session
from app.state import linking

BASE = "https://example.org/djambi/"
#: What messaging apps and browsers keep whole without question (the old IE limit is 2083; many
#: chat apps cut or fold past about 1000 characters). A 200-move game's link must stay far below.
TRAVEL_LIMIT = 500


@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 220), hostage=st.booleans(),
       draw=st.booleans())
@scaled(0.3)
def test_compact_code_round_trip_over_random_games(seed, plies, hostage, draw):
    board = random_game(seed, plies, hostage=hostage)
    if draw and not board.is_game_over():
        board.agree_draw()
    code = format_compact_game(board)
    again = parse_game_code(code)
    assert again.move_stack == board.move_stack
    assert again.code() == board.code()
    assert again.root() == board.root()
    assert format_compact_game(again) == code
    # the same game in today's code gives the same board
    assert parse_game_code(format_game_code(board)).code() == board.code()


def test_compact_code_from_a_set_up_position():
    start = random_game(7, 30)
    board = Board.from_code(start.code())
    random_game_moves = random.Random(3)
    for _ in range(20):
        if board.is_game_over():
            break
        board.push(random_game_moves.choice(board.generate_legal_moves()))
    code = format_compact_game(board)
    assert code.startswith("G2~P1.")
    assert parse_game_code(code).move_stack == board.move_stack


def test_a_200_move_game_link_travels():
    """Measure: today's code against the compact one, and the whole move link, over 200-move games."""
    old, new, links = [], [], []
    seed = 0
    while len(new) < 12:
        board = random_game(seed, 200)
        seed += 1
        if len(board.move_stack) < 200:
            continue  # a game that ended early is shorter
        game = session.Game(board, ["human", "human", "normal", "human"], name="Friday game")
        old.append(len(format_game_code(board)))
        new.append(len(format_compact_game(board)))
        link = linking.move_link(BASE, game)
        links.append(len(link))
        assert linking.read_link(link.split("#", 1)[1]).game.board.move_stack == board.move_stack
    print(f"200 moves: G1 code {statistics.mean(old):.0f} chars (max {max(old)}), "
          f"G2 code {statistics.mean(new):.0f} (max {max(new)}), move link max {max(links)}")
    assert max(links) <= TRAVEL_LIMIT
    assert max(old) > 2 * TRAVEL_LIMIT  # why the compact code exists
    assert statistics.mean(new) * 5 < statistics.mean(old)


def test_the_order_of_moves_is_the_squares_not_the_generator():
    board = random_game(11, 40)
    moves = canonical_moves(board)
    assert sorted(moves, key=lambda m: tuple(-1 if v is None else v for v in
                                             (m.piece, m.to, m.exit, m.place, m.victim))) == moves
    assert set(moves) == set(board.generate_legal_moves())


def test_todays_links_keep_opening():
    for fragment in ("#G1~start~C7-F4~I7-I6;seats=hhhh", "#G1~start~C7-F4~I7-I6",
                     "#G1~start~C7-F4~I7-I6%3Bseats%3Dhnhh"):
        game = linking.game_from_link(fragment)
        assert [m.text() for m in game.board.move_stack] == ["C7-F4", "I7-I6"]
    assert linking.game_from_link("#G1~start~C7-F4~I7-I6%3Bseats%3Dhnhh").seats[1] == "normal"


def test_move_links_carry_id_name_and_seats():
    game = session.new_game(seats=["human", "remote", "easy", "remote"])
    game.name = "Tom; Ann & me"
    game.play("C7-F4")
    link = linking.move_link(BASE, game)
    assert link.startswith(BASE + "#L1.G2~start~1.")
    linked = linking.read_link(link.split("#", 1)[1])
    assert linked.shared and linked.game.id == game.id and linked.game.name == "Tom; Ann & me"
    assert linked.game.seats == ["human", "human", "easy", "human"]
    assert linked.game.board.move_stack == game.board.move_stack
    plain = linking.read_link(linking.game_link(BASE, game).split("#", 1)[1])
    assert not plain.shared


def test_a_bad_id_in_a_link_is_named():
    try:
        linking.read_link("#G2~start~0.A;id=<b>")
    except linking.LinkError as exc:
        assert "game id" in str(exc)
    else:
        raise AssertionError("accepted a bad id")


def test_the_documented_example():
    assert format_compact_game(parse_game_code("G1~start~C7-F4~G7-D4")) == "G2~start~2.K"
    assert [m.text() for m in parse_game_code("G2~start~2.K").move_stack] == ["C7-F4", "G7-D4"]
