"""What a move did, as events (djambi.narrate): one scenario per rule, on the shared scenario
positions (tests/scenarios.py), and properties over random games."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import djambi.narrate
from diagrams import board_from, with_pieces
from playouts import play_randomly, random_game, scaled
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
    Scenario,
)
from djambi import Board, IllegalMoveError, Kind, Move, Party, Piece, Termination
from djambi.narrate import (
    ARMY,
    CORPSE,
    ELIMINATED,
    END,
    EXTRA_TURN,
    KILL,
    KINDS,
    MOVE,
    PASS,
    PERISH,
    PLACE,
    POWER,
    POWER_LOST,
    THAW,
    Event,
    describe_game,
    describe_move,
    piece_letter,
)
from djambi.squares import MAZE, parse_square

R, B, Y, G = Party


def sq(name: str) -> int:
    return parse_square(name)


def narrate(board: Board, text: str) -> list[str]:
    """The events of the move ``text`` (as ``str(event)``), then play it."""
    before = board.key()
    events = describe_move(board, board.parse_move(text))
    assert board.key() == before
    board.play(text)
    return [str(e) for e in events]


# ---------------------------------------------------------------------------- the pieces' actions
def test_a_militant_kill_names_the_victim_and_where_its_corpse_lies():
    board = MILITANT_AND_PREY.board()
    assert describe_move(board, Move.parse("D4xD6@D4")) == (
        Event(MOVE, player=R, piece=Piece(Kind.MILITANT, R), square=sq("D4"), to=sq("D6")),
        Event(KILL, player=R, piece=Piece(Kind.MILITANT, B), square=sq("D6"), to=sq("D4"), by=B),
    )


def test_a_chief_kills_at_any_distance():
    assert narrate(CHIEF_AND_PREY.board(), "A9xA2@E9") == [
        "move player=Red piece=rC square=A9 to=A2",
        "kill player=Red piece=bM square=A2 to=E9 by=Blue",
    ]


def test_an_assassins_victim_lies_on_his_start_square():
    assert narrate(ASSASSIN_AND_PREY.board(), "B9xB4") == [
        "move player=Red piece=rA square=B9 to=B4",
        "kill player=Red piece=yR square=B4 to=B9 by=Yellow",
    ]


def test_a_reporter_moves_and_may_kill_a_neighbour_whose_corpse_stays():
    board = REPORTER_AND_PREY.board()
    assert [str(e) for e in describe_move(board, Move.parse("A5-D5"))] == [
        "move player=Red piece=rR square=A5 to=D5",
    ]
    assert narrate(board, "A5-D5xD6") == [
        "move player=Red piece=rR square=A5 to=D5",
        "kill player=Red piece=bM square=D6 to=D6 by=Blue",
    ]


def test_a_provocateur_places_a_living_piece():
    assert narrate(PROVOCATEUR_AND_PREY.board(), "B8-D6@H2") == [
        "move player=Red piece=rP square=B8 to=D6",
        "place player=Red piece=bM square=D6 to=H2",
    ]


def test_a_necromobile_moves_a_corpse():
    assert narrate(NECROMOBILE_AND_CORPSE.board(), "C7-C5@I5") == [
        "move player=Red piece=rN square=C7 to=C5",
        "corpse player=Red piece=xA square=C5 to=I5",
    ]


# ---------------------------------------------------------------------------- acting on the maze
def test_an_assassin_kills_the_ruler_in_the_maze_and_exits():
    board = ASSASSIN_AND_RULER.board()
    events = describe_move(board, Move.parse("C5xE5-A5"))
    assert events[0] == Event(
        MOVE, player=R, piece=Piece(Kind.ASSASSIN, R), square=sq("C5"), to=sq("A5"), via=MAZE
    )
    assert [str(e) for e in events] == [
        "move player=Red piece=rA square=C5 to=A5 via=E5",
        "kill player=Red piece=bC square=E5 to=C5 by=Blue",
        "power_lost player=Blue",
        "army player=Red party=Blue by=Blue",  # the militant I5
        "eliminated player=Blue",
    ]


def test_a_provocateur_moves_the_ruler_out_of_the_maze():
    assert narrate(PROVOCATEUR_AND_RULER.board(), "B8-E5-E4@I9") == [
        "move player=Red piece=rP square=B8 to=E4 via=E5",
        "place player=Red piece=bC square=E5 to=I9",
        "power_lost player=Blue",
    ]


def test_a_necromobile_removes_a_chiefs_corpse_from_the_maze():
    assert narrate(NECROMOBILE_AND_MAZE_CORPSE.board(), "C7-E5-D6@C7") == [
        "move player=Red piece=rN square=C7 to=D6 via=E5",
        "corpse player=Red piece=xC square=E5 to=C7",
    ]


def test_a_chief_who_kills_the_ruler_stays_in_the_maze_and_takes_power():
    assert narrate(CHIEF_AND_RULER.board(), "A9xE5@B9") == [
        "move player=Red piece=rC square=A9 to=E5",  # no via: he stays
        "kill player=Red piece=bC square=E5 to=B9 by=Blue",
        "power_lost player=Blue",
        "power player=Red",
        "eliminated player=Blue",  # no army: Blue had no other living piece
    ]


def test_a_reporter_who_kills_the_ruler_leaves_the_maze_to_nobody():
    assert narrate(REPORTER_AND_RULER.board(), "D9-D5xE5") == [
        "move player=Red piece=rR square=D9 to=D5",
        "kill player=Red piece=bC square=E5 to=E5 by=Blue",
        "power_lost player=Blue",
        "army player=Red party=Blue by=Blue",
        "eliminated player=Blue",
    ]


# ---------------------------------------------------------------------------- power and turns
def test_a_chief_entering_the_maze_takes_power_and_leaving_it_loses_it():
    board = RED_CHIEF_NEAR_THE_MAZE.board()
    assert narrate(board, "C7-E5") == ["move player=Red piece=rC square=C7 to=E5", "power player=Red"]
    assert narrate(board, "I8-H8") == ["move player=Blue piece=bM square=I8 to=H8", "extra_turn player=Red"]
    assert narrate(board, "E5-D5") == ["move player=Red piece=rC square=E5 to=D5", "power_lost player=Red"]


def test_a_chief_dropped_into_the_maze_takes_power_for_his_player():
    assert narrate(PROVOCATEUR_AND_CHIEF.board(), "B8-D6@E5") == [
        "move player=Red piece=rP square=B8 to=D6",
        "place player=Red piece=yC square=D6 to=E5",
        "power player=Yellow",
        "extra_turn player=Yellow",  # he plays right after Red's turn, before Blue
    ]


def test_the_ruler_gets_extra_turns_with_three_or_four_players():
    board = GREEN_RULES.board()
    extra = []
    for text in ["A7-A6", "A3-A4", "I7-I6", "A4-B4", "I3-I4", "B4-C4"]:
        extra.append([e for e in narrate(board, text) if e.startswith("extra_turn")])
    # Green's regular turn after Yellow's is no extra turn.
    assert extra == [["extra_turn player=Green"], [], ["extra_turn player=Green"], [], [], []]


def test_the_ruler_gets_an_extra_turn_after_his_own_with_two_players():
    board = TWO_PLAYERS_RED_RULES.board()
    assert narrate(board, "I7-I6") == ["move player=Blue piece=bM square=I7 to=I6"]
    assert narrate(board, "A7-A6") == ["move player=Red piece=rM square=A7 to=A6", "extra_turn player=Red"]


def test_a_player_with_no_legal_move_passes():
    board = RED_MUST_PASS.board()
    assert describe_move(board, Move.null()) == (Event(PASS, player=R),)
    assert piece_letter(board, Move.null()) == ""


# ---------------------------------------------------------------------------- control and death
def test_killing_a_chief_takes_his_army_and_the_armies_he_controlled():
    assert narrate(BLUE_CHIEF_WITH_SATELLITE.board(), "B9xB8@C9") == [
        "move player=Red piece=rM square=B9 to=B8",
        "kill player=Red piece=bC square=B8 to=C9 by=Blue",
        "army player=Red party=Blue by=Blue",
        "army player=Red party=Yellow by=Blue",
        "eliminated player=Blue",
    ]


def test_a_walled_in_chief_perishes_and_his_army_freezes_when_nobody_rules():
    board = GREEN_CHIEF_WALLED_IN_BUT_ONE.board()
    events = describe_move(board, board.parse_move("C2-C1@B1"))
    assert events[2:] == (
        Event(PERISH, player=G, party=G, square=sq("A2")),
        Event(ARMY, player=None, party=G, by=G),
        Event(ELIMINATED, player=G),
    )
    assert [str(e) for e in events[:2]] == [
        "move player=Red piece=rN square=C2 to=C1",
        "corpse player=Red piece=xA square=C1 to=B1",
    ]


def test_a_walled_in_chief_perishes_and_his_army_goes_to_the_ruler():
    assert narrate(GREEN_CHIEF_WALLED_IN_UNDER_BLUE.board(), "C2-C1@B1") == [
        "move player=Red piece=rN square=C2 to=C1",
        "corpse player=Red piece=xA square=C1 to=B1",
        "perish player=Green square=A2 party=Green",
        "army player=Blue party=Green by=Green",
        "eliminated player=Green",  # Blue, next in the seat order, plays a regular turn
    ]


def test_the_movers_own_chief_perishes_where_he_went():
    assert narrate(RED_CHIEF_BESIDE_A_POCKET.board(), "B9xA9@B9") == [
        "move player=Red piece=rC square=B9 to=A9",
        "kill player=Red piece=bM square=A9 to=B9 by=Blue",
        "perish player=Red square=A9 party=Red",
        "army party=Red by=Red",  # frozen: the militant G5
        "eliminated player=Red",
    ]


def test_a_chief_dropped_into_a_pocket_perishes_where_he_was_placed():
    assert narrate(POCKET_FOR_RED_CHIEF.board(), "D7-B5@A9") == [
        "move player=Blue piece=bP square=D7 to=B5",
        "place player=Blue piece=rC square=B5 to=A9",
        "perish player=Red square=A9 party=Red",
        "army party=Red by=Red",
        "eliminated player=Red",
    ]


def test_frozen_pieces_thaw_when_a_chief_takes_the_maze_and_stay_with_him():
    board = FROZEN_GREEN.board()
    assert narrate(board, "A9-E5") == [
        "move player=Red piece=rC square=A9 to=E5",
        "power player=Red",
        "thaw player=Red party=Green",
    ]
    narrate(board, "I9-H9")
    assert narrate(board, "E5-E4") == ["move player=Red piece=rC square=E5 to=E4", "power_lost player=Red"]


def test_frozen_pieces_thaw_for_a_chief_dropped_into_the_maze():
    assert narrate(FROZEN_GREEN_AND_PROVOCATEUR.board(), "B8-D6@E5") == [
        "move player=Red piece=rP square=B8 to=D6",
        "place player=Red piece=bC square=D6 to=E5",
        "power player=Blue",
        "thaw player=Blue party=Green",  # Blue is next in the seat order: no extra turn
    ]


def test_an_army_with_no_living_piece_passes_without_an_event():
    # Blue controls Yellow, whose pieces are all dead: only Blue's chief dies, and nothing is taken.
    board = LAST_DUEL.board()
    assert not any(e.kind == ARMY for e in describe_move(board, board.parse_move("A4xA2@A3")))


# ---------------------------------------------------------------------------- the hostage game
def test_killing_the_hostage_chief_takes_its_pieces_and_eliminates_nobody():
    assert narrate(HOSTAGE_CHIEF_AND_PREY.board(), "B2xA1@D4") == [
        "move player=Red piece=rM square=B2 to=A1",
        "kill player=Red piece=gC square=A1 to=D4",  # by nobody: the hostage has no player
        "army player=Red party=Green",
    ]


def test_a_hostage_chief_in_the_maze_gives_no_power():
    assert narrate(HOSTAGE_CHIEF_NEAR_THE_MAZE.board(), "B8-D6@E5") == [
        "move player=Red piece=rP square=B8 to=D6",
        "place player=Red piece=gC square=D6 to=E5",
    ]


# ---------------------------------------------------------------------------- the end
def test_the_last_kill_ends_the_game_by_elimination():
    board = Scenario(LAST_DUEL.diagram.replace("xC", "yM", 1), control="rbbr").board()  # + a Yellow militant
    events = describe_move(board, board.parse_move("A4xA2@A3"))
    assert [str(e) for e in events] == [
        "move player=Red piece=rM square=A4 to=A2",
        "kill player=Red piece=bC square=A2 to=A3 by=Blue",
        "army player=Red party=Yellow by=Blue",
        "eliminated player=Blue",
        "end player=Red termination=elimination",
    ]
    assert events[-1] == Event(END, player=R, termination=Termination.ELIMINATION.value)


def test_the_120th_quiet_turn_ends_the_game_in_a_draw():
    board = FOUR_CHIEFS.board(quiet=118)
    assert narrate(board, "A9-A8") == ["move player=Red piece=rC square=A9 to=A8"]
    assert narrate(board, "I9-I8") == [
        "move player=Blue piece=bC square=I9 to=I8",
        "end termination=draw rule",
    ]


def test_a_move_after_which_nobody_can_move_ends_the_game_in_a_draw():
    # Red's militant D8 kills on D9 and leaves the corpse on D8: it is walled in like the rest.
    board = board_from(with_pieces(
        A9="rC", A8="rM", B8="rM", B9="rM", A7="xM", B7="xM", C7="xM", C8="xM", C9="xM",
        D8="rM", D9="bM", E9="xM", E8="xM",
        I9="bC", I8="bM", H8="bM", H9="bM", I7="xM", H7="xM", G7="xM", G8="xM", G9="xM",
    ), control="rbbr")
    assert narrate(board, "D8xD9@D8") == [
        "move player=Red piece=rM square=D8 to=D9",
        "kill player=Red piece=bM square=D9 to=D8 by=Blue",
        "end termination=no moves",
    ]


# ---------------------------------------------------------------------------- the functions
def test_describe_move_leaves_the_board_as_it_was_and_refuses_illegal_moves():
    board = Board()
    board.play("C7-C6")
    key, stack = board.key(), board.move_stack
    describe_move(board, Move.parse("G7-G6"))
    assert board.key() == key and board.move_stack == stack
    with pytest.raises(IllegalMoveError, match="C7-C5"):
        describe_move(board, Move.parse("C7-C5"))  # Red's necromobile: not Blue's to move
    assert board.key() == key and board.move_stack == stack


def test_describe_game_replays_the_move_stack_from_the_root():
    board = FROZEN_GREEN.board()
    texts = ["A9-E5", "I9-H9", "E5-E4", "I1-H1"]
    expected = []
    for text in texts:
        expected.append(describe_move(board, board.parse_move(text)))
        board.play(text)
    assert describe_game(board) == expected
    assert describe_game(Board()) == []
    assert len(describe_game(random_game(7, 60))) == 60


def test_piece_letter_names_the_moving_piece():
    board = Board()
    assert piece_letter(board, Move.parse("C7-F4")) == "N"
    assert piece_letter(board, Move.parse("C8-D7")) == "M"
    assert piece_letter(board, Move.null()) == ""


def test_events_paste_back_and_read_as_text():
    board = ASSASSIN_AND_RULER.board()
    namespace = {"Event": Event, "Party": Party, "Piece": Piece}
    for event in describe_move(board, Move.parse("C5xE5-A5")):
        assert eval(repr(event), namespace) == event
    assert repr(Event(PASS, player=R)) == "Event('pass', player=Party.RED)"
    assert str(Event(END, termination="draw rule")) == "end termination=draw rule"
    constants = {name: value for name, value in vars(djambi.narrate).items() if name.isupper()}
    assert {constants[kind.upper()] for kind in KINDS} == set(KINDS) and len(KINDS) == 13


def test_the_module_docstring_example_holds():
    result = doctest.testmod(djambi.narrate)
    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------------------- properties
RANK = {kind: rank for rank, kind in enumerate(
    [MOVE, KILL, POWER_LOST, POWER, PERISH, ARMY, THAW, ELIMINATED, EXTRA_TURN, END]
)}
RANK.update({PASS: RANK[MOVE], PLACE: RANK[KILL], CORPSE: RANK[KILL]})


def living(board: Board) -> Counter:
    return Counter(p for p in board.pieces().values() if p.alive)


def check_events(before: Board, after: Board, move: Move, events: tuple[Event, ...]) -> None:
    kinds = [e.kind for e in events]
    by_kind: dict[str, list[Event]] = {k: [e for e in events if e.kind == k] for k in KINDS}
    mover = before.turn
    # Listed in order; one MOVE or PASS, first; at most one act on a piece.
    assert [RANK[k] for k in kinds] == sorted(RANK[k] for k in kinds), kinds
    assert kinds[0] == (PASS if move.is_pass() else MOVE) and kinds.count(MOVE) + kinds.count(PASS) == 1
    assert events[0].player == mover
    acts = by_kind[KILL] + by_kind[PLACE] + by_kind[CORPSE]
    assert len(acts) <= 1 and all(e.player == mover for e in acts)
    if not move.is_pass():
        m = events[0]
        assert before.piece_at(m.square) == m.piece and before.controller(m.piece.party) == mover
        assert after.piece_at(m.to) in (m.piece, Piece.corpse(Kind.CHIEF))
        assert (m.via == MAZE) == (move.exit is not None)
        assert m.to != MAZE or m.piece.kind == Kind.CHIEF  # only a chief ends a move in the maze
    for e in acts:
        assert before.piece_at(e.square) == e.piece
    # Every living piece lost was killed or perished: the corpses grew by exactly that many.
    lost = living(before) - living(after)
    assert sum(living(before).values()) - sum(living(after).values()) == sum(lost.values())
    dead = Counter(e.piece for e in by_kind[KILL]) + Counter(
        Piece(Kind.CHIEF, e.party) for e in by_kind[PERISH]
    )
    assert lost == dead
    for e in by_kind[KILL]:
        assert after.piece_at(e.to) == Piece.corpse(e.piece.kind)
        assert e.by == before.controller(e.piece.party)
    for e in by_kind[PLACE]:
        assert after.piece_at(e.to) in (e.piece, Piece.corpse(e.piece.kind))
    for e in by_kind[CORPSE]:
        assert e.piece.party is None and after.piece_at(e.to) == e.piece
    for e in by_kind[PERISH]:
        assert after.piece_at(e.square) == Piece.corpse(Kind.CHIEF) and e.player == e.party
    # Power: who lost it, who took it.
    changed = before.ruler != after.ruler
    assert [e.player for e in by_kind[POWER_LOST]] == ([before.ruler] if changed and before.ruler is not None else [])
    assert [e.player for e in by_kind[POWER]] == ([after.ruler] if changed and after.ruler is not None else [])
    # Control: an ARMY or THAW for every party with living pieces whose control changed.
    alive_after = {p.party for p in living(after)}
    for party in Party:
        state_before = (before.controller(party), before.is_frozen(party))
        state_after = (after.controller(party), after.is_frozen(party))
        armies = [e for e in by_kind[ARMY] + by_kind[THAW] if e.party == party]
        if party in alive_after and state_before != state_after:
            assert len(armies) == 1
            (e,) = armies
            assert e.player == after.controller(party)
            assert e.kind == (THAW if before.is_frozen(party) else ARMY)
            if e.kind == ARMY:
                assert e.by == before.controller(party)
        else:
            assert armies == []
    # Eliminated: exactly the players who left the game, each by a chief killed or perished.
    gone = [p for p in before.active_players if not after.is_active(p)]
    assert [e.player for e in by_kind[ELIMINATED]] == gone
    ends = {e.piece.party for e in by_kind[KILL] if e.piece.kind == Kind.CHIEF} | {
        e.player for e in by_kind[PERISH]
    }
    assert set(gone) <= ends
    # The turn and the end.
    over = after.is_game_over()
    assert bool(by_kind[END]) == over
    if over:
        outcome = after.outcome()
        assert kinds[-1] == END and events[-1].player == outcome.winner
        assert events[-1].termination == outcome.termination.value
        assert not by_kind[EXTRA_TURN]
    else:
        assert [e.player for e in by_kind[EXTRA_TURN]] == ([after.turn] if after.is_extra_turn else [])


@scaled(0.5)
@given(seed=st.integers(0, 2**32 - 1), hostage=st.booleans(), skip=st.integers(0, 100))
def test_events_agree_with_the_board_along_random_games(seed: int, hostage: bool, skip: int) -> None:
    """From a random point of a random game (they last about 90 moves), check 30 moves' events."""
    rng = random.Random(seed)
    board = play_randomly(Board(hostage=hostage), rng, skip)
    for _ in range(30):
        if board.is_game_over():
            break
        move = rng.choice(board.generate_legal_moves())
        key, stack = board.key(), board.move_stack
        events = describe_move(board, move)
        assert board.key() == key and board.move_stack == stack  # the board is left as it was
        after = board.copy()
        after.push(move)
        check_events(board, after, move, events)
        board.push(move)
