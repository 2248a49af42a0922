"""The notices that leave nobody wondering (app/present/notices.py): a human put out of a game
that goes on, why, whether only computers are left, and "your turn" after computers moved."""

from __future__ import annotations

import random

from djambi import Board, Party
from djambi.narrate import ELIMINATED, KILL, PERISH
from djambi.pieces import Kind

from app.present import notices
from app.text import i18n
from app.state.history import History
from app.state.session import HUMAN, Game


def first_elimination(seed: int) -> tuple[Board, Party]:
    """A seeded random game played until its first player is out (the game going on)."""
    rng = random.Random(seed)
    board = Board()
    history = History()
    while True:
        move = rng.choice(list(board.legal_moves))
        board.play(move)
        if board.is_game_over():
            raise AssertionError("the game ended before anyone was out alone")
        ply = history.update(board)[-1]
        out = [e.player for e in ply.events if e.kind == ELIMINATED]
        if out:
            return board, out[0]


def game_with(board: Board, humans: set[Party]) -> Game:
    return Game(board=board, seats=[HUMAN if p in humans else "normal" for p in Party])


def eliminated_games():
    found = []
    for seed in range(60):
        try:
            found.append(first_elimination(seed))
        except AssertionError:
            continue
        if len(found) >= 6:
            break
    assert found
    return found


def setup_module():
    i18n.set_language("en")


def test_a_human_out_of_a_going_game_is_told_who_and_why():
    for board, party in eliminated_games():
        game = game_with(board, {party})
        plies = History().update(board)
        note = notices.out_notice(game, plies)
        assert note is not None and note.out == (party,)
        assert note.only_computers
        name = i18n.party_name(party)
        assert note.text.startswith(f"{name} is out of the game.")
        last = plies[-1].events
        if any(e.kind == KILL and e.piece.party == party and e.piece.kind == Kind.CHIEF for e in last):
            assert f"{name}'s chief was killed by" in note.text
        elif any(e.kind == PERISH and e.party == party for e in last):
            assert "walled in by corpses" in note.text
        assert "Only computers are left" in note.text


def test_no_notice_while_every_human_plays_or_for_a_computer_out():
    board, party = eliminated_games()[0]
    plies = History().update(board)
    others = {p for p in board.active_players}
    assert notices.out_notice(game_with(board, others), plies) is None
    both = notices.out_notice(game_with(board, others | {party}), plies)
    assert both is not None and not both.only_computers
    assert "Only computers" not in both.text
    assert notices.out_notice(game_with(Board(), set(Party)), []) is None


def test_the_notice_speaks_french():
    board, party = eliminated_games()[0]
    i18n.set_language("fr")
    try:
        note = notices.out_notice(game_with(board, {party}), History().update(board))
        assert note is not None and "est hors jeu" in note.text
    finally:
        i18n.set_language("en")


def test_your_turn_is_said_after_a_computer_moved():
    board = Board()
    game = game_with(board, {Party.BLUE})
    assert notices.your_turn(game, []) == ""
    history = History()
    move = next(iter(board.legal_moves))
    board.play(move)  # Red (a computer) moved: Blue's turn
    plies = history.update(board)
    assert notices.your_turn(game, plies) == "Your turn, Blue"
    everyone = game_with(board, set(Party))
    assert notices.your_turn(everyone, plies) == ""  # after a human's move, the status says it


def test_one_sound_for_the_new_moves():
    from djambi.narrate import POWER

    assert notices.sound_for([], game_with(Board(), set(Party))) == ""
    board = Board()
    history = History()
    board.play(next(iter(board.legal_moves)))
    plies = history.update(board)
    assert notices.sound_for(plies, game_with(board, set(Party))) == "move"
    assert notices.sound_for(plies, game_with(board, {Party.BLUE})) == "turn"  # after a computer
    for board, party in eliminated_games():
        plies = History().update(board)
        last = [plies[-1]]
        events = [e.kind for e in last[0].events]
        expected = "maze" if POWER in events else "kill"
        assert notices.sound_for(last, game_with(board, set(Party))) == expected
        assert expected in notices.SOUNDS
