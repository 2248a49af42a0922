"""A scenario for every rule and ruling (rulings §1–§9, docs/rules.md), on small diagrams."""

from __future__ import annotations

import pytest

from diagrams import at, board_from, destinations, moves, play, with_pieces
from scenarios import (
    ASSASSIN_AND_PREY,
    ASSASSIN_AND_RULER,
    BLUE_CHIEF_WITH_SATELLITE,
    CHIEF_AND_PREY,
    CHIEF_AND_RULER,
    FOUR_CHIEFS,
    FROZEN_GREEN,
    FROZEN_GREEN_AND_PROVOCATEUR,
    GREEN_CHIEF_WALLED_IN_BUT_ONE,
    GREEN_CHIEF_WALLED_IN_UNDER_BLUE,
    GREEN_RULES,
    HOSTAGE_CHIEF_AND_PREY,
    HOSTAGE_CHIEF_NEAR_THE_MAZE,
    LAST_DUEL,
    MILITANT_AND_PREY,
    NECROMOBILE_AND_CORPSE,
    NECROMOBILE_AND_MAZE_CORPSE,
    POCKET_FOR_RED_CHIEF,
    PROVOCATEUR_AND_CHIEF,
    PROVOCATEUR_AND_PREY,
    PROVOCATEUR_AND_RULER,
    RED_CHIEF_BESIDE_A_POCKET,
    RED_CHIEF_NEAR_THE_MAZE,
    RED_MUST_PASS,
    REPORTER_AND_PREY,
    REPORTER_AND_RULER,
    TWO_PLAYERS_RED_RULES,
)
from djambi import Board, IllegalMoveError, Move, Party, Termination
from djambi.squares import parse_square

R, B, Y, G = Party


# ---------------------------------------------------------------------------- §1 board and start
def test_start_layout_matches_rulings_1():
    board = Board()
    expected = {
        "A9": "rC", "B9": "rA", "A8": "rR", "B8": "rP", "C7": "rN",
        "C9": "rM", "C8": "rM", "A7": "rM", "B7": "rM",
        "I9": "bC", "H9": "bA", "I8": "bR", "H8": "bP", "G7": "bN",
        "G9": "bM", "G8": "bM", "I7": "bM", "H7": "bM",
        "I1": "yC", "H1": "yA", "I2": "yR", "H2": "yP", "G3": "yN",
        "G1": "yM", "G2": "yM", "I3": "yM", "H3": "yM",
        "A1": "gC", "B1": "gA", "A2": "gR", "B2": "gP", "C3": "gN",
        "C1": "gM", "C2": "gM", "A3": "gM", "B3": "gM",
    }
    assert {sq: at(board, sq) for sq in expected} == expected
    assert len(board.pieces()) == 36
    assert at(board, "E5") == "."
    assert board.turn == R and board.ruler is None
    assert board.active_players == [R, B, Y, G]


def test_red_has_30_moves_at_start_as_rulings_9_counts():
    board = Board()
    all_moves = moves(board)
    assert len(all_moves) == 30 == len(board.legal_moves)
    by_piece = {sq: len(moves(board, sq)) for sq in ("A7", "B7", "C8", "C9", "C7")}
    assert sorted(by_piece[sq] for sq in ("A7", "B7", "C8", "C9")) == [4, 4, 5, 5]
    assert by_piece["C7"] == 12
    assert "C7-F4" in all_moves  # through the empty maze


# ---------------------------------------------------------------------------- §2 moving
def test_militant_moves_one_or_two_squares_in_eight_directions():
    board = board_from(with_pieces(C3="rM", I9="bC", A9="rC", I1="yC", A1="gC"))
    # E5, two steps away, is the maze: no stop there. A1 holds Green's chief: a kill.
    assert destinations(board, "C3") == {
        "C4", "C5", "C2", "C1", "B3", "A3", "D3", "E3", "D4", "B2", "A1", "B4", "A5", "D2", "E1",
    }
    assert "C3xA1@E9" in moves(board, "C3")


def test_no_piece_jumps_over_a_living_piece_or_a_corpse():
    board = board_from(with_pieces(A5="rA", C5="xM", A7="rM", I9="bC", A9="rC", I1="yC", A1="gC"))
    dest = destinations(board, "A5")
    assert "B5" in dest and "C5" not in dest and "D5" not in dest  # the corpse blocks
    assert "A6" in dest and "A7" not in dest and "A8" not in dest  # own militant blocks


def test_pieces_pass_through_the_empty_maze_but_only_a_chief_stops_there():
    board = board_from(with_pieces(C5="rA", D5="rC", I9="bC", I1="yC", A1="gC"))
    assert "E5" in destinations(board, "D5")
    board = board_from(with_pieces(D5="rA", A9="rC", I9="bC", I1="yC", A1="gC"))
    dest = destinations(board, "D5")
    assert "E5" not in dest and {"F5", "G5", "I5"} <= dest
    board = board_from(with_pieces(D5="rM", A9="rC", I9="bC", I1="yC", A1="gC"))
    assert destinations(board, "D5") == {"C5", "B5", "D6", "D7", "D4", "D3", "C6", "B7", "C4", "B3", "E6", "F7", "E4", "F3", "F5"}


def test_an_occupied_maze_blocks_the_way():
    board = board_from(with_pieces(D5="rA", E5="xC", A9="rC", I9="bC", I1="yC", A1="gC"))
    dest = destinations(board, "D5")
    assert not dest & {"E5", "F5", "G5"}


def test_a_move_ends_on_an_occupied_square_only_to_act_on_an_enemy():
    board = board_from(with_pieces(D4="rM", D5="rA", D3="xM", A9="rC", I9="bC", I1="yC", A1="gC"))
    assert not {"D5", "D3"} & destinations(board, "D4")  # own piece, corpse: never


# ---------------------------------------------------------------------------- §3 the pieces' actions
def test_militant_kill_places_the_corpse_on_any_empty_square_but_the_maze():
    board = MILITANT_AND_PREY.board()
    kills = [m for m in board.generate_legal_moves(parse_square("D4")) if m.to == parse_square("D6")]
    places = {m.place for m in kills}
    empty = {sq for sq in range(81) if board.piece_at(sq) is None and sq != parse_square("E5")}
    assert places == empty | {parse_square("D4")}  # the militant's own start square counts as empty
    assert parse_square("D4") in places and parse_square("E5") not in places
    play(board, "D4xD6@D4")
    assert at(board, "D6") == "rM" and at(board, "D4") == "xM"


def test_militant_may_not_kill_the_chief_in_the_maze():
    board = board_from(with_pieces(D4="rM", E5="bC", A9="rC", I1="yC", A1="gC"))
    assert "E5" not in destinations(board, "D4")


def test_chief_kills_at_any_distance_and_places_the_corpse():
    board = CHIEF_AND_PREY.board()
    assert "A9xA2@A9" in moves(board, "A9")
    play(board, "A9xA2@E9")
    assert at(board, "A2") == "rC" and at(board, "E9") == "xM"


def test_chief_who_kills_the_chief_in_the_maze_stays_there_in_power():
    board = CHIEF_AND_RULER.board()
    assert board.ruler == B
    kill = {m for m in moves(board, "A9") if m.startswith("A9xE5")}
    assert "A9xE5@A9" in kill and not any(m.endswith("@E5") for m in kill)
    play(board, "A9xE5@B9")
    assert at(board, "E5") == "rC" and at(board, "B9") == "xC"
    assert board.ruler == R
    assert not board.is_active(B) and board.controller(B) == R


def test_assassin_leaves_the_corpse_on_its_starting_square():
    board = ASSASSIN_AND_PREY.board()
    assert {m for m in moves(board, "B9") if "B4" in m} == {"B9xB4"}
    play(board, "B9xB4")
    assert at(board, "B4") == "rA" and at(board, "B9") == "xR"


def test_reporter_moves_then_may_kill_an_orthogonal_neighbour():
    board = REPORTER_AND_PREY.board()
    at_d5 = {m for m in moves(board, "A5") if m.startswith("A5-D5")}
    assert at_d5 == {"A5-D5", "A5-D5xD6"}  # the kill is optional
    # C6 is next to D6 (orthogonal) and to C7 (orthogonal): two possible victims
    assert {m for m in moves(board, "A5") if m.startswith("A5-C5")} == {"A5-C5"}
    play(board, "A5-D5xD6")
    assert at(board, "D5") == "rR" and at(board, "D6") == "xM"


def test_reporter_never_kills_diagonally_nor_without_moving():
    board = board_from(with_pieces(B5="rR", B6="bM", C6="bM", A9="rC", I9="bC", I1="yC", A1="gC"))
    assert not any("xB6" in m for m in moves(board, "B5") if m.startswith("B5-B4"))
    assert "B5-C5xC6" in moves(board, "B5")
    assert "B5-A5xB6" not in moves(board, "B5")  # B6 is diagonal to A5
    assert all(m.startswith("B5-") for m in moves(board, "B5"))  # every move moves first


def test_reporter_that_kills_the_chief_in_the_maze_leaves_his_corpse_there():
    board = REPORTER_AND_RULER.board()
    play(board, "D9-D5xE5")
    assert at(board, "E5") == "xC" and board.ruler is None
    assert not board.is_active(B) and board.controller(B) == R
    assert at(board, "B1") == "bM"


def test_provocateur_moves_an_enemy_living_piece_alive_to_any_empty_square():
    board = PROVOCATEUR_AND_PREY.board()
    provoke = {m for m in moves(board, "B8") if m.startswith("B8-D6")}
    assert "B8-D6@B8" in provoke and "B8-D6@A1" not in provoke
    assert not any(m.endswith("@E5") for m in provoke)  # the maze is only for a chief
    assert "D7" not in destinations(board, "B8")  # never its own side's pieces
    play(board, "B8-D6@H2")
    assert at(board, "D6") == "rP" and at(board, "H2") == "bM"


def test_provocateur_may_drop_an_enemy_chief_into_the_maze():
    board = PROVOCATEUR_AND_CHIEF.board()
    assert "B8-D6@E5" in moves(board, "B8")
    play(board, "B8-D6@E5")
    assert at(board, "E5") == "yC" and board.ruler == Y


def test_provocateur_acting_on_the_maze_exits_then_places_the_chief_outside():
    board = PROVOCATEUR_AND_RULER.board()
    maze_moves = {m for m in moves(board, "B8") if m.startswith("B8-E5")}
    assert maze_moves
    assert not any(m.endswith("@E5") for m in maze_moves)
    play(board, "B8-E5-E4@I9")
    assert at(board, "E5") == "." and at(board, "E4") == "rP" and at(board, "I9") == "bC"
    assert board.ruler is None


def test_necromobile_moves_any_corpse_to_an_empty_field_square():
    board = NECROMOBILE_AND_CORPSE.board()
    nec = {m for m in moves(board, "C7") if m.startswith("C7-C5")}
    assert "C7-C5@C7" in nec and not any(m.endswith("@E5") for m in nec)
    play(board, "C7-C5@I5")
    assert at(board, "C5") == "rN" and at(board, "I5") == "xA"


def test_corpses_are_never_killed_again():
    board = board_from(with_pieces(C4="rM", C5="xA", A9="rC", I9="bC", I1="yC", A1="gC"))
    assert "C5" not in destinations(board, "C4")


# ---------------------------------------------------------------------------- §4 acting on the maze
def test_assassin_in_the_maze_kills_exits_and_leaves_the_corpse_at_home():
    board = ASSASSIN_AND_RULER.board()
    maze = {m for m in moves(board, "C5") if m.startswith("C5xE5")}
    exits = {m.split("-")[1] for m in maze}
    # may pass over C5 (empty then) but not stop there; D5 is between
    assert "C5" not in exits and "D5" in exits and "B5" in exits and "A5" in exits
    assert "H5" in exits and "I5" not in exits  # Blue's militant on I5 blocks
    play(board, "C5xE5-A5")
    assert at(board, "A5") == "rA" and at(board, "C5") == "xC" and at(board, "E5") == "."
    assert board.controller(B) == R


def test_necromobile_removes_the_chiefs_corpse_from_the_maze():
    board = NECROMOBILE_AND_MAZE_CORPSE.board()
    maze = [m for m in board.generate_legal_moves(parse_square("C7")) if m.to == parse_square("E5")]
    assert maze and all(m.exit is not None and m.place is not None for m in maze)
    assert all(m.place != m.exit and m.place != parse_square("E5") for m in maze)
    play(board, "C7-E5-D6@C7")
    assert at(board, "E5") == "." and at(board, "D6") == "rN" and at(board, "C7") == "xC"


def test_a_chief_taken_from_the_maze_by_a_provocateur_cannot_be_put_back():
    board = board_from(with_pieces(C5="rP", E5="bC", A9="rC", I1="yC", A1="gC"))
    assert not any(m.endswith("@E5") for m in moves(board, "C5"))


# ---------------------------------------------------------------------------- §5 control and death
def test_killing_a_chief_takes_all_his_players_pieces_satellites_included():
    # Blue already controls Yellow (Yellow's chief is dead): Red kills Blue's chief.
    board = BLUE_CHIEF_WITH_SATELLITE.board()
    play(board, "B9xB8@C9")
    assert board.controller(B) == R and board.controller(Y) == R
    assert board.active_players == [R, G]
    assert board.parties_of(R) == [R, B, Y]
    assert board.quiet_turns == 0


def test_surrounded_chief_without_necromobile_perishes_and_his_pieces_freeze():
    # Green's chief A2 has neighbours A3 B3 B2 A1 B1: B1 is a corpse after Red's necromobile acts.
    board = GREEN_CHIEF_WALLED_IN_BUT_ONE.board()
    # Red's necromobile moves the corpse C1 onto B1: Green's chief is walled in.
    play(board, "C2-C1@B1")
    assert at(board, "A2") == "xC"
    assert not board.is_active(G)
    assert board.is_frozen(G) and board.controller(G) is None
    assert board.quiet_turns == 0
    # Frozen pieces cannot move, be killed or be moved.
    assert at(board, "G8") == "gM"


def test_frozen_pieces_cannot_be_killed_or_moved():
    board = board_from(with_pieces(A9="rC", F8="rM", G8="gM", I9="bC", I1="yC", A1="xC"),
                       control="rbyf")
    assert "G8" not in destinations(board, "F8")


def test_a_necromobile_saves_a_walled_in_chief():
    board = board_from(with_pieces(A2="gC", A3="xM", B3="xM", B2="xM", A1="xM", C1="xA",
                                   C2="rN", G1="rC", I9="bC", I2="yC", G8="gN"))
    play(board, "C2-C1@B1")
    assert at(board, "A2") == "gC" and board.is_active(G)


def test_pieces_of_a_perished_chief_go_to_the_ruler_when_there_is_one():
    board = GREEN_CHIEF_WALLED_IN_UNDER_BLUE.board()
    play(board, "C2-C1@B1")
    assert not board.is_active(G) and board.controller(G) == B


def test_frozen_parties_go_to_the_next_chief_who_takes_the_maze_and_stay_with_him():
    board = FROZEN_GREEN.board()
    play(board, "A9-E5")
    assert board.controller(G) == R and board.quiet_turns == 0
    play(board, "I9-H9")
    play(board, "E5-E4")  # Red's extra turn: he leaves the maze and keeps Green's pieces
    assert board.controller(G) == R


def test_frozen_parties_go_to_a_chief_dropped_into_the_maze():
    board = FROZEN_GREEN_AND_PROVOCATEUR.board()
    play(board, "B8-D6@E5")
    assert board.ruler == B and board.controller(G) == B


def test_the_surround_check_covers_the_movers_own_chief():
    # Red's chief kills on A9 and drops the corpse where he stood: walled in by his own act, with
    # no necromobile, he perishes.
    board = RED_CHIEF_BESIDE_A_POCKET.board()
    assert board.is_active(R)
    play(board, "B9xA9@B9")
    assert at(board, "A9") == "xC" and not board.is_active(R) and board.is_frozen(R)
    assert board.turn == B


def test_with_a_living_necromobile_the_movers_chief_survives_the_pocket():
    board = board_from(with_pieces(B9="rC", A9="bM", A8="xM", B8="xM",
                                   I9="bC", I1="yC", A1="gC", G5="rN"))
    play(board, "B9xA9@B9")
    assert at(board, "A9") == "rC" and board.is_active(R)


def test_a_chief_dropped_into_a_pocket_of_corpses_perishes():
    board = POCKET_FOR_RED_CHIEF.board()
    play(board, "D7-B5@A9")  # Blue drops Red's chief on A9, walled in by A8, B8, B9
    assert at(board, "A9") == "xC" and not board.is_active(R)
    assert board.is_frozen(R)


def test_the_chief_in_the_maze_is_never_walled_in():
    board = board_from(with_pieces(E5="rC", D4="xM", D5="xM", D6="xM", E4="xM", E6="xM", F4="xM",
                                   F5="xM", F6=".", G7="xA", H8="rM", I9="bC", I1="yC", A1="gC"))
    assert board.ruler == R
    play(board, "H8-G8")
    assert board.is_active(R)


def test_a_player_who_perishes_is_eliminated_even_when_it_is_his_turn_next():
    board = board_from(with_pieces(A2="gC", A3="xM", B3="xM", B2="xM", A1="xM", C1="xA",
                                   C2="yN", G1="rC", I9="bC", I2="yC"), turn="y")
    play(board, "C2-C1@B1")
    assert not board.is_active(G)
    assert board.turn == R  # Green, eliminated, has no turn


# ---------------------------------------------------------------------------- §6 power and turns (in play)
def test_chief_entering_the_maze_gets_no_extra_turn_at_once():
    board = RED_CHIEF_NEAR_THE_MAZE.board()
    play(board, "C7-E5")
    assert board.ruler == R and board.turn == B and not board.is_extra_turn
    play(board, "I8-H8")
    assert board.turn == R and board.is_extra_turn
    play(board, "E5-D5")  # Red leaves the maze: power ends, the seat order goes on after Blue
    assert board.ruler is None and board.turn == Y and not board.is_extra_turn


def test_ruler_plays_after_every_other_players_turn():
    board = GREEN_RULES.board()
    seq = []
    for text in ["A7-A6", "A3-A4", "I7-I6", "A4-B4", "I3-I4", "B4-C4", "A6-A5", "C4-D4"]:
        seq.append((board.turn.title[0], board.is_extra_turn))
        board.play(text)
    assert seq == [
        ("R", False), ("G", True), ("B", False), ("G", True), ("Y", False), ("G", False),
        ("R", False), ("G", True),
    ]


def test_two_players_the_ruler_plays_twice_after_the_others_turn():
    board = TWO_PLAYERS_RED_RULES.board()
    seq = []
    for text in ["I7-I6", "A7-A6", "A6-A5", "I6-I5", "A5-A4", "A4-A3"]:
        seq.append((board.turn.title[0], board.is_extra_turn))
        board.play(text)
    assert seq == [("B", False), ("R", False), ("R", True), ("B", False), ("R", False), ("R", True)]


def test_a_player_with_no_legal_move_passes_and_the_pass_counts():
    board = board_from(with_pieces(A9="rC", A8="xM", B8="xM", B9="xM", C7="rN", C8="xA", C9="xR",
                                   B7="xP", A7="xM", C6="xM", D6="xM", D7="xM", D8="xM", B6="xM",
                                   I9="bC", I1="yC", A1="gC", A2="gM"))
    # Red's necromobile C7 is walled in too but can take the corpses around it (not a pass).
    assert board.count_legal_moves() > 1
    board = board_from(with_pieces(A9="rC", A8="rM", B8="rM", B9="rM", I9="bC", I1="yC", A1="gC",
                                   A7="bM", B7="bM", C7="bM", C8="bM", C9="bM"))
    # Every Red piece is boxed in by its own pieces and Blue's militants... which Red can kill.
    assert board.count_legal_moves() > 1
    board = RED_MUST_PASS.board()
    assert [str(m) for m in board.legal_moves] == ["pass"]
    assert board.perft(1) == 1
    play(board, "pass")
    assert board.turn == B and board.quiet_turns == 1


# ---------------------------------------------------------------------------- §7 end of the game
def test_last_active_player_wins():
    board = LAST_DUEL.board()
    play(board, "A4xA2@A3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == R and outcome.termination == Termination.ELIMINATION
    assert board.is_game_over() and list(board.legal_moves) == []
    assert board.returns() == [1.0, 0.0, 0.0, 0.0]


def test_draw_after_120_quiet_turns():
    board = FOUR_CHIEFS.board(quiet=118)
    play(board, "A9-A8")
    assert board.outcome() is None and board.quiet_turns == 119
    play(board, "I9-I8")
    assert board.outcome().termination == Termination.DRAW_RULE
    assert board.outcome().winner is None
    board.pop()
    assert board.outcome() is None


def test_draw_when_no_player_can_move():
    board = board_from(with_pieces(
        A9="rC", A8="rN", B8="xM", B9="xM", A7="xM", B7="xM",
        I9="bC", I8="bN", H8="xM", H9="xM", I7="xM", H7="xM"), control="rbbr")
    # Necromobiles can take adjacent corpses, so they can move: not a dead end yet.
    assert board.outcome() is None
    board = board_from(with_pieces(
        A9="rC", A8="rM", B8="rM", B9="rM", A7="xM", B7="xM", C7="xM", C8="xM", C9="xM",
        I9="bC", I8="bM", H8="bM", H9="bM", I7="xM", H7="xM", G7="xM", G8="xM", G9="xM"),
        control="rbbr")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.NO_MOVES
    assert list(board.legal_moves) == [] and board.is_game_over()


def test_draw_by_agreement():
    board = Board()
    board.agree_draw()
    assert board.outcome().termination == Termination.AGREEMENT
    assert board.returns() == [0.25] * 4


# ---------------------------------------------------------------------------- §8 the hostage game
def test_hostage_game_green_has_no_turns():
    board = Board(hostage=True)
    assert board.active_players == [R, B, Y] and board.hostage == G
    play(board, "C7-C6", "G7-G6", "G3-G4")
    assert board.turn == R


def test_anyone_may_kill_or_move_hostage_pieces_and_killing_its_chief_takes_them():
    board = HOSTAGE_CHIEF_AND_PREY.board()
    assert "B2xA1@B2" in moves(board, "B2")
    play(board, "B2xA1@D4")
    assert board.controller(G) == R and board.hostage is None


def test_a_hostage_chief_in_the_maze_gives_no_power_but_occupies_it():
    board = HOSTAGE_CHIEF_NEAR_THE_MAZE.board()
    play(board, "B8-D6@E5")
    assert at(board, "E5") == "gC" and board.ruler is None
    assert board.turn == B and not board.is_extra_turn
    assert "F5" not in destinations(board, "A5")  # the occupied maze blocks Blue's assassin
    assert any(m.startswith("A5xE5") for m in moves(board, "A5"))  # but he may act on it


# ---------------------------------------------------------------------------- illegal input
def test_illegal_moves_are_refused_with_the_move_and_the_position():
    board = Board()
    with pytest.raises(IllegalMoveError) as info:
        board.play("C7-F5")
    assert "C7-F5" in str(info.value) and board.code() in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(IllegalMoveError):
        board.play(Move(parse_square("I3"), parse_square("I4")))
    with pytest.raises(IllegalMoveError):
        board.play("pass")
    assert board.move_stack == []


def test_a_move_with_a_wrong_choice_is_refused():
    board = MILITANT_AND_PREY.board()
    for bad in ["D4xD6", "D4xD6@E5", "D4xD6@A9", "D4xD6@D6"]:
        with pytest.raises(IllegalMoveError, match="wrong choices|cannot go"):
            board.play(bad)
