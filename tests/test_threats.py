"""The threat view (djambi.threats): checked against the engine's legal moves, with each enemy
set up to move; and the computer players use it (issue 11)."""

import random

from diagrams import board_from

from djambi import Board, Turn, parse_square, square_name
from djambi.ai import random_move
from djambi.threats import reach, scan, threats

KILLERS = (0, 1, 5)  # chief, assassin, militant: they kill by taking the square


def with_turn(board: Board, player: int) -> Board:
    return Board.from_parts(board.cells, board.control_codes, Turn.regular(player), 0)


def kills_from_moves(board: Board, player: int) -> dict[int, tuple[int, ...]]:
    """The expected threats: for each enemy, the kills among his legal moves were he to move."""
    found: dict[int, set[int]] = {}
    for enemy in board.active_players:
        if enemy == player:
            continue
        for m in with_turn(board, enemy).generate_legal_moves():
            if m.is_pass():
                continue
            if m.victim is not None:
                victim = m.victim
            elif board.is_kill(m):
                victim = m.to
            else:
                continue
            code = board._cells[victim]
            if board._control[(code - 1) >> 3] == player:
                found.setdefault(victim, set()).add(m.piece)
    return {v: tuple(sorted(s)) for v, s in sorted(found.items())}


def positions(n_games=4, every=7, plies=240):
    rng = random.Random(21)
    for seed in range(n_games):
        board = Board(hostage=seed % 3 == 2)
        for ply in range(plies):
            if board.is_game_over():
                break
            if ply % every == 3:
                yield board.copy(stack=False)
            board.push(random_move(board, rng))


def test_threats_match_the_engines_kills():
    checked = 0
    for board in positions():
        for player in board.active_players:
            assert threats(board, player) == kills_from_moves(board, player), (board.code(), player)
            checked += 1
    assert checked > 100


def test_reach_matches_the_engines_moves():
    for board in positions(n_games=3, every=11):
        for sq, piece in board.pieces().items():
            if not piece.alive or board.controller(piece.party) is None:
                assert reach(board, sq) == (frozenset(), frozenset())
                continue
            player = int(board.controller(piece.party))
            moves = with_turn(board, player).generate_legal_moves(sq)
            expected_to = {m.to for m in moves}
            expected_kills = {m.victim if m.victim is not None else m.to for m in moves
                              if m.victim is not None or board.is_kill(m)}
            got = reach(board, sq)
            assert set(got.moves) == expected_to, (board.code(), square_name(sq))
            assert set(got.kills) == expected_kills, (board.code(), square_name(sq))


def test_a_hand_made_position():
    # Blue's assassin on A5 sees Red's chief on A1; Yellow's reporter on C2 can step to B1 and
    # kill him, or to C4 or D3 and kill Red's militant on D4.
    board = board_from("""
    9 . . . . . . . bC .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 bA . . . # . . . .
    4 . . . rM . . . . .
    3 . . . . . . . . .
    2 . . yR . . . . . .
    1 rC . . . . . . . .
    """.replace("2 . . yR . . . . . .", "2 . . yR . . . . . yC"))
    A1, A5, D4, C2 = (parse_square(s) for s in ("A1", "A5", "D4", "C2"))
    assert threats(board, 0) == {A1: (C2, A5), D4: (C2,)}
    assert A1 in reach(board, A5).kills and D4 in reach(board, C2).kills
    assert parse_square("C4") in reach(board, C2).moves


def test_the_computer_players_use_the_threat_view():
    import djambi.ai.evaluation as evaluation
    import djambi.threats as t

    assert evaluation.Scan is t.Scan and evaluation.scan_position is t.scan
    board = Board()
    assert scan(board._cells, board._control).kill == [0] * 81  # nothing can kill at the start


def test_threats_with_changes_are_the_threats_of_the_changed_position():
    """``threats(board, player, changes)`` (what a move being chosen would leave exposed) equals
    the threats of the position with those squares changed, checked by the legal moves."""
    from djambi import Piece

    board = board_from("""
    9 rC .  .  .  .  .  .  .  bC
    8 .  rM .  .  .  .  .  .  .
    7 .  .  .  .  .  .  .  .  .
    6 .  .  .  bA .  .  .  .  .
    5 .  .  .  .  #  .  .  .  .
    4 .  .  .  .  .  .  .  .  .
    3 .  .  .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .  .  .
    """, control="rbrr")
    b8, c7, a9, d6 = (parse_square(n) for n in ("B8", "C7", "A9", "D6"))
    for changes in ({b8: None}, {b8: None, c7: Piece.from_symbol("rM")}, {}):
        cells = list(board._cells)
        for s, piece in changes.items():
            cells[s] = 0 if piece is None else piece.code
        changed = Board._from_parts(cells, board._control, board.turn_state, 0)
        assert threats(board, 0, changes) == kills_from_moves(changed, 0)
    assert threats(board, 0, {b8: None}) == {a9: (d6, parse_square("I9"))}  # and along row 9
