"""The review as a player sees it (``app/present/review.py``): the chart's lines in the players'
colours, the turning points and only the humans' mistakes in words, in every language; and the
games' review hooks (``app.games``: ``reviewer``, ``review_parties``, ``review_colours``)."""

from __future__ import annotations

import re

import camblam
import djambi
from app import games
from app.present import review as words
from app.text import i18n
from djambi.rules import PRESETS
from gamekit.review import PlyReview, Review


def _review(game="djambi"):
    n = 4 if game == "djambi" else 2
    even = (1 / n,) * n
    down = (0.05,) + (0.95 / (n - 1),) * (n - 1)  # the first player's chances collapse
    return Review(game, "expert", 100, even, (
        PlyReview(0, "A3-B4", "B3-B4", down, even),
        PlyReview(1, "B1-B2", "B1-B3", down, down),
    ))


def test_the_chart_has_a_line_per_player_in_his_colour_and_marks_the_turning_point():
    game = games.get("djambi")
    board = djambi.Board()
    shown = words.shown(_review(), game, board, ["human", "hard", "hard", "hard"])
    lines = re.findall(r'<polyline class="review-line" data-player="(\d)" points="([^"]+)"[^>]*stroke="([^"]+)"',
                       shown.chart)
    assert [(p, c) for p, _, c in lines] == [("0", "var(--red)"), ("1", "var(--blue)"), ("2", "var(--yellow)"),
                                             ("3", "var(--green)")]
    assert all(len(points.split()) == 3 for _, points, _ in lines)  # the start and two moves
    assert shown.chart.count('class="review-turn"') == 1 and 'data-ply="0"' in shown.chart
    assert shown.turns == ((0, "Move 1 (A3-B4): Red’s chances fell from 25% to 5%."),)
    # Red is human: his move lost 20% against B3-B4; Blue's move was a computer's.
    assert shown.mistakes == ((0, "Move 1, Red: A3-B4 was a mistake (20% of the chances lost); better was B3-B4."),)
    assert "1 human move lost much" in shown.summary
    computers = words.shown(_review(), game, board, ["easy", "hard", "hard", "hard"])
    assert computers.mistakes == () and "No human move" in computers.summary


def test_two_by_two_and_camblam_name_their_players_and_colour_their_lines():
    game = games.get("djambi")
    board = djambi.Board(rules=PRESETS["two-by-two"])
    assert game.review_parties(board) == (djambi.Party.RED, djambi.Party.BLUE)
    shown = words.shown(_review("camblam"), game, board, ["human"] * 4)
    assert "Player 1 (Red + Yellow)" in shown.mistakes[0][1]
    cgame = games.get("camblam")
    cshown = words.shown(_review("camblam"), cgame, camblam.Board(), ["human", "hard"])
    assert "White" in cshown.mistakes[0][1] and cshown.chart.count("<polyline") == 3  # White's edge


def test_the_review_speaks_french_and_czech():
    game = games.get("djambi")
    try:
        i18n.set_language("fr")
        shown = words.shown(_review(), game, djambi.Board(), ["human"] * 4)
        assert shown.turns[0][1] == "Coup 1 (A3-B4) : les chances de Rouge sont tombées de 25% à 5%."
        assert words.progress_words(3, 10) == "Analyse : position 3 sur 10…"
        i18n.set_language("cs")
        shown = words.shown(_review(), game, djambi.Board(), ["human"] * 4)
        assert shown.mistakes[0][1].startswith("Tah 1, Červený: A3-B4 byla chyba")
        assert words.progress_words(3, 10) == "Rozbor: pozice 3 z 10…"
    finally:
        i18n.set_language("en")


def test_each_game_gives_the_app_a_reviewer_to_step():
    board = djambi.Board()
    board.push(board.generate_legal_moves()[0])
    reviewer = games.get("djambi").reviewer(board)
    while not reviewer.step(50):
        pass
    assert reviewer.result().game == "djambi" and len(reviewer.result().plies) == 1
    cboard = camblam.Board()
    cboard.push(cboard.generate_legal_moves()[0])
    creviewer = games.get("camblam").reviewer(cboard)
    assert creviewer.run().players == 2


def _reviewed_game(key: str):
    """A short finished game of ``key`` with its review (small budgets)."""
    from app.state.session import Game
    from camblam.ai import review as creview
    from djambi.ai import review as dreview
    if key == "camblam":
        board = camblam.Board()
        for text in ("f3-f5", "f10-f7"):
            board.play(board.parse_move(text))
        board.resign(camblam.Color.WHITE)
        review = creview.review(board, nodes=100)
        return Game(board, ["human", "hard"], rules=games.get("camblam")), review
    board = djambi.Board()
    for _ in range(3):
        board.push(board.generate_legal_moves()[0])
    return Game(board, ["human", "hard", "hard", "hard"]), dreview.review(board, nodes=100)


def test_the_review_is_saved_with_the_game_and_travels_in_its_file_not_its_link():
    from datetime import datetime

    from app.state import gamefile, linking
    from app.state.session import Game
    for key in ("djambi", "camblam"):
        game, review = _reviewed_game(key)
        game.review = review
        again = Game.from_json(game.to_json())
        assert again.reviewed() == review
        text = gamefile.record_text(game, datetime(2026, 11, 28))
        assert "[Review " in text
        assert gamefile.game_from_file(text).reviewed() == review
        assert "review" not in game.game_code().lower()  # a link carries the moves only
        # A review of another game state is not the game's: one more move and it is gone.
        game.review = review
        game.board.push(game.board.generate_legal_moves()[0]) if not game.board.is_game_over() else None
        if not game.board.is_game_over():
            assert game.reviewed() is None and "review" not in game.to_json()


def test_a_damaged_review_is_dropped_and_the_game_kept():
    import json

    from app.state import gamefile
    from app.state.session import Game
    game, review = _reviewed_game("djambi")
    game.review = review
    data = json.loads(game.to_json())
    data["review"]["plies"][0][3] = [2, 0, 0, 0]
    again = Game.from_json(json.dumps(data))
    assert again.reviewed() is None and again.board == game.board
    from datetime import datetime
    text = gamefile.record_text(game, datetime(2026, 11, 28)).replace('plies', 'pliez', 1)
    opened = gamefile.game_from_file(text)
    assert opened.reviewed() is None and opened.board.move_stack == game.board.move_stack


def test_who_reviewed_is_said_in_the_players_language():
    review = _review()
    assert words.reviewer_words(review) == "Reviewed by: Computer (expert)."
    try:
        i18n.set_language("cs")
        assert words.reviewer_words(review).startswith("Rozbor: Počítač")
    finally:
        i18n.set_language("en")
