"""The move list and narration as the page shows them (issue 10): plies with the piece's letter,
kill marks, rounds and extra turns, the board at any ply, and the events in English."""

from __future__ import annotations

from diagrams import board_from
from djambi import Board, Party
from djambi.narrate import describe_move

from app.present import figures, render
from app.present import words
from app.state.history import History


def test_plies_carry_letter_kill_mark_and_rounds():
    board = Board()
    history = History()
    texts = ["C7-F4", "G7-D4", "G3-G4", "C3-C4", "A7-A6"]
    for text in texts:
        board.play(text)
    plies = history.update(board)
    assert [p.label() for p in plies] == ["N C7-F4", "N G7-D4", "N G3-G4", "N C3-C4", "M A7-A6"]
    assert [p.player for p in plies] == [Party.RED, Party.BLUE, Party.YELLOW, Party.GREEN, Party.RED]
    assert [p.round for p in plies] == [1, 1, 1, 1, 2]
    assert not any(p.kill or p.extra for p in plies)
    assert history.update(board) == []  # nothing new
    board.pop()
    assert history.update(board) == [] and len(history.plies) == 4
    assert history.board_at(2) == _played(texts[:2])
    assert history.board_at(0) == Board()


def _played(texts):
    board = Board()
    for text in texts:
        board.play(text)
    return board


def test_a_kill_is_marked_and_told():
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . rM bC . . . .
        . . . . # . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . bM
        rC . . . gC . . . yC
    """)
    history = History()
    history.update(board)
    board.play("D6xE6@A5")
    (ply,) = history.update(board)
    assert ply.kill and ply.label() == "M D6xE6@A5 †"
    told = words.sentences(ply.events)
    assert "Red killed Blue's chief on E6; the corpse goes to A5." in told
    assert "Blue's pieces now play for Red." in told
    assert "Blue is out of the game." in told
    # The narration draws, beside each sentence about a piece, that piece: the mover, the victim.
    pictured = words.pictured_sentences(ply.events)
    assert [text for text, _piece in pictured] == told
    assert [(figures.piece_href(p), p.party) for _t, p in pictured if p is not None] == [
        ("k-M", Party.RED), ("k-C", Party.BLUE)]
    assert dict(pictured)["Blue is out of the game."] is None
    # The animation: the militant slides, then Blue's chief's corpse is carried to A5.
    slides = render.slides(ply.events)
    assert [(s.href, s.cls, s.path) for s in slides] == [
        ("#k-M", "pc-r", (_sq("D6"), _sq("E6"))),
        ("#d-C", "pc-x", (_sq("E6"), _sq("A5"))),
    ]
    assert max(s.delay + s.duration for s in slides) <= render.ANIMATION_MS


def _sq(name):
    from djambi import parse_square

    return parse_square(name)


def test_extra_turns_are_marked_and_keep_the_round():
    # Green's chief next to the maze; Green takes power, then plays after every other player.
    board = board_from("""
        rC . . . . . . . bC
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . # . . . .
        . . . gC . . . . .
        . . . . . . . . .
        . . . . . . . . .
        rM . . . . . . . yC
    """, turn="g")
    history = History()
    history.update(board)
    board.play("D4-E5")
    board.play("A1-A2")
    plies = history.update(board)
    assert any(e.kind == "power" for e in plies[0].events)
    assert "Green's chief holds the maze" in words.sentence(next(e for e in plies[0].events if e.kind == "power"))
    assert plies[1].player == Party.RED
    board.play(board.generate_legal_moves()[0])  # Green's extra turn after Red's
    (extra,) = history.update(board)
    assert extra.player == Party.GREEN and extra.extra
    assert extra.round == plies[1].round


def test_every_event_kind_has_words():
    from djambi import Piece
    from djambi.narrate import KINDS, Event

    for kind in KINDS:
        event = Event(kind, player=Party.RED, piece=Piece.from_symbol("bM"), square=10, to=20,
                      party=Party.BLUE, by=Party.BLUE, termination="elimination")
        assert words.sentence(event), kind


def test_announcement_names_the_next_player():
    board = Board()
    events = describe_move(board, board.parse_move("C7-F4"))
    assert words.announcement(events, Party.BLUE) == "Red moved the necromobile from C7 to F4. Blue to move."
