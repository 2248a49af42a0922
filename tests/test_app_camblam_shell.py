"""The game shell serving Camblam as it serves Djambi (issue 26, point 3): the new game without
Djambi's rule options, the drawn figures, the threat view and the hint, draw offers, the other-tab
guard, history browsing and the notices, decided in CPython."""

import pytest

from camblam import Board, Color, Move, parse_square, square_name
from camblam.threats import threats

from app import games
from app.present import notices, standings
from app.games.camblam import render as camblam_render
from app.games.camblam import threats as camblam_threats
from app.text.i18n import set_language
from app.state import lookback, saving, session
from app.state.history import History
from app.state.saving import STORAGE_KEY, MemoryStorage
from djambi.rules import Rules

CHAIN = "6k5/12/12/12/12/12/ppp1Q7/12/12/12/12/6K5 w 0 1"  # White's queen e6, Black's pawns a6-c6


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def names(squares) -> set[str]:
    return {square_name(sq) for sq in squares}


def linked(code: str, seats=("human", "human")) -> session.Game:
    """A Camblam game from position text, as a link opens it."""
    board = games.get("camblam").parse_position("C1." + code.replace(" ", "."))
    return session.Game(board, list(seats), rules=games.get("camblam"))


# ---------------------------------------------------------------------------- a new game
def test_a_camblam_game_carries_no_djambi_rules():
    game = session.new_game(seats=["human", "easy"], kind="camblam")
    assert game.rules.key == "camblam" and not hasattr(game.board, "rules")
    with pytest.raises(ValueError, match="no hostage game and no rule options"):
        session.new_game(seats=["human", "easy"], kind="camblam", rules="players=3")
    with pytest.raises(ValueError, match="no hostage game"):
        session.new_game(True, ["human", "easy"], kind="camblam")
    # the standard rule set is no option: what the dialog may pass along is accepted
    assert session.new_game(seats=["human", "human"], rules=Rules(), kind="camblam").rules.key == "camblam"
    # Djambi's rules still go with a Djambi game
    djambi = session.new_game(seats=["human"] * 4, rules="players=3")
    assert djambi.board.rules.players == "3" and djambi.board.root().is_hostage_game


# ---------------------------------------------------------------------------- the figures
def test_the_board_draws_the_figures_and_the_letters_look():
    svg = camblam_render.board_svg(Board())
    for letter in "KQRBNCAHP":  # the nine drawn figures of app/present/figures.py …
        assert f'<symbol id="c-{letter}"' in svg
        for side in "wb":  # … used by every piece of both sides, with the letter look beside
            symbol = svg[svg.index(f'<symbol id="cb-{side}{letter}"'):]
            symbol = symbol[:symbol.index("</symbol>")]
            assert f'<g class="pv-f cb-{side}"><use href="#c-{letter}"' in symbol
            assert '<g class="pv-l">' in symbol and f">{letter}</text>" in symbol
    assert ".cb-w {" in svg and ".pieces-letters {" in svg  # the colours and the look's switch
    assert svg.count('class="pc" href="#cb-w') == 36 and svg.count('class="pc" href="#cb-b') == 36


# ---------------------------------------------------------------------------- the threat view
def test_threats_are_captures_chains_and_shots_of_the_other_side():
    board = Board.from_code(CHAIN)
    assert {square_name(v): names(by) for v, by in threats(board, Color.BLACK).items()} == {
        "a6": {"e6"}, "b6": {"e6"}, "c6": {"e6"}}  # one chain takes all three
    assert threats(board, Color.WHITE) == {}
    assert threats(Board(), Color.WHITE) == {} and threats(Board(), Color.BLACK) == {}
    # an archer shoots without moving: the pawn two squares ahead is threatened
    shot = Board.from_code("6k5/12/12/12/12/12/12/4p7/12/4A7/12/6K5 b 0 1")
    assert {square_name(v): names(by) for v, by in threats(shot, Color.BLACK).items()} == {"e5": {"e3"}}


def test_the_threat_view_marks_and_says_what_can_be_taken():
    board = Board.from_code(CHAIN.replace(" w ", " b "))
    view = camblam_threats.threat_view(board, Color.BLACK)
    assert names(view.threatened) == {"a6", "b6", "c6"} and names(view.attackers) == {"e6"}
    assert view.words == ("Threat view: 3 of Black's pieces can be taken next move: pawn a6 (by "
                          "queen e6); pawn b6 (by queen e6); pawn c6 (by queen e6).")
    svg = camblam_render.board_svg(board, camblam_render.Marks(threatened=view.threatened,
                                                               attackers=view.attackers))
    assert svg.count('class="thr"') == 3 and svg.count('class="atk"') == 1
    assert 'class="sq attacker" data-square="e6"' in svg
    calm = camblam_threats.threat_view(Board(), Color.WHITE)
    assert calm.threatened == frozenset() and calm.words == (
        "Threat view: none of White's pieces can be taken next move.")
    set_language("fr")
    assert camblam_threats.threat_view(board, Color.BLACK).words.startswith(
        "Vue des menaces : 3 pièces de Noir peuvent être prises au prochain coup : pion a6")
    set_language("cs")
    assert camblam_threats.threat_view(board, Color.BLACK).words.startswith(
        "Hrozby: 3 figurky Černého lze příštím tahem vzít: pěšec a6")
    assert camblam_threats.threat_view(Board(), Color.WHITE).words == (
        "Hrozby: žádnou figurku Bílého nelze příštím tahem vzít.")


def test_the_hint_is_a_legal_move_marked_on_two_squares():
    board = Board.from_code(CHAIN)
    search = games.get("camblam").search(board.copy(), "normal", 7)  # the hint's level
    while not search.step(20):
        pass
    move = search.best_move()
    assert move in board.generate_legal_moves()
    assert move == Move.parse("e6a6")  # the chain takes three pawns
    squares = camblam_threats.suggestion_squares(move)
    svg = camblam_render.board_svg(board, camblam_render.Marks(suggested=squares))
    assert svg.count('class="sug"') == 2 and 'class="sq suggest" data-square="a6"' in svg


# ---------------------------------------------------------------------------- draw offers
def test_a_draw_offer_to_a_computer_and_an_agreed_draw_undone():
    ahead = "6k5/12/12/12/12/12/4Q7/12/12/12/12/6K5 w 0 1"  # White has a queen more
    game = linked(ahead, ("human", "normal"))
    kind = game.rules
    assert not kind.accepts_draw(game.board, Color.WHITE, "normal")  # the side ahead refuses
    assert kind.accepts_draw(game.board, Color.BLACK, "normal")  # the side behind accepts
    assert kind.accepts_draw(Board(), Color.BLACK, "hard")  # an even start: accepted
    game.play("e6e7")
    game.agree_draw()
    assert game.board.outcome().termination.value == "agreement" and game.board.is_game_over()
    assert game.can_undo() and not game.can_redo()
    assert game.undo() == [] and not game.board.is_game_over()  # the agreement alone is undone
    assert game.board.move_stack == [Move.parse("e6e7")]


# ---------------------------------------------------------------------------- other tabs, history
def test_the_other_tab_guard_keeps_a_camblam_game():
    storage = MemoryStorage()
    mine, theirs = saving.Keeper(storage), saving.Keeper(storage)
    mine.load()
    theirs.load()
    game_a = session.new_game(seats=["human", "easy"], kind="camblam")
    game_a.play("f3f6")
    assert mine.save(game_a) == ""
    game_b = session.new_game(seats=["human"] * 4)
    assert theirs.noticed() and theirs.save(game_b) == "" and theirs.conflict
    taken = theirs.take_theirs().game  # the other tab's game, Camblam, loaded here
    assert taken.rules.key == "camblam" and taken.board.move_stack == [Move.parse("f3f6")]
    assert taken.seats == ["human", "easy"]
    assert session.Game.from_json(storage.get(STORAGE_KEY)).rules.key == "camblam"


def test_history_browsing_shows_each_past_position():
    game = session.new_game(seats=["human", "human"], kind="camblam")
    for move in ("f3f6", "f10f7", "g3g6", "g10g7"):
        game.play(move)
    history = History(game.rules)
    history.update(game.board)
    assert [p.round for p in history.plies] == [1, 1, 2, 2]
    assert [p.player for p in history.plies] == [Color.WHITE, Color.BLACK] * 2
    assert history.board_at(0) == Board()
    after_two = history.board_at(2)
    assert after_two.move_stack == [Move.parse("f3f6"), Move.parse("f10f7")]
    assert after_two.piece_at(parse_square("f7")) is not None and after_two.turn == Color.WHITE
    assert lookback.stepped(None, 4, -1) == 3 and lookback.clamp(4, 4) is None
    nav = lookback.nav(0, 4)
    assert nav.first and nav.prev and not nav.next and not nav.last
    # undo through the session shortens the history the same way
    game.undo()
    assert history.update(game.board) == [] and len(history.plies) == 3


# ---------------------------------------------------------------------------- notices, sound
def test_notices_and_sounds_of_a_camblam_game():
    game = session.new_game(seats=["human", "easy"], kind="camblam")
    history = History(game.rules)
    game.play("f3f6")
    game.play("f10f7")  # the computer's reply
    new = history.update(game.board)
    assert notices.out_notice(game, history.plies) is None  # no one is ever out in Camblam
    assert notices.your_turn(game, history.plies) == "Your turn, White"
    assert notices.sound_for(new[-1:], game) == "turn"
    chain = linked(CHAIN)
    plies = History(chain.rules)
    chain.play("e6a6")
    assert notices.sound_for(plies.update(chain.board), chain) == "kill"  # a chain took three
    shot = linked("6k5/12/12/12/12/12/12/4p7/12/4A7/12/6K5 w 0 1")
    plies = History(shot.rules)
    shot.play("e3e5")
    assert notices.sound_for(plies.update(shot.board), shot) == "kill"  # a shot takes too


# ---------------------------------------------------------------------------- resign, and the code
def test_resigning_ends_the_game_and_undo_takes_it_back():
    game = session.new_game(seats=["human", "easy"], kind="camblam")
    assert game.can_resign()  # White, a human here, to move
    game.play("f3f6")
    assert not game.can_resign()  # the computer's turn
    game.play("f10f7")
    game.resign()
    outcome = game.board.outcome()
    assert outcome.termination.value == "resignation" and outcome.winner == Color.BLACK
    assert not game.can_resign() and game.can_undo() and not game.can_redo()
    # the end names the side that resigned, whichever device reads it
    assert standings.outcome_text(game) == ("Black wins!", "White resigned.")
    set_language("fr")
    assert standings.outcome_text(game) == ("Noir gagne !", "Blanc a abandonné.")
    set_language("en")
    code = game.game_code()
    assert code == "C1~start~f3f6~f10f7~w-resigns"
    again = session.Game.from_json(game.to_json())  # saved and read back: still resigned
    assert again.board.outcome() == outcome
    assert game.undo() == [] and not game.board.is_game_over()  # the resignation alone
    assert len(game.board.move_stack) == 2
    # Djambi has no resignation; in a game by link, only the side to move, if it plays here
    assert not session.new_game().can_resign()
    by_link = session.new_game(seats=["human", "remote"], kind="camblam")
    assert by_link.can_resign()  # White, here, to move
    by_link.play("f3f6")
    assert not by_link.can_resign()  # Black, on the other device, to move


def test_a_game_code_keeps_an_agreed_draw_or_a_resignation():
    from app.games import camblam as cg

    board = Board()
    board.play("f3f6")
    board.agree_draw()
    assert cg.format_game_code(board) == "C1~start~f3f6~draw"
    assert cg.parse_game_code("C1~start~f3f6~draw").outcome().termination.value == "agreement"
    black = cg.parse_game_code("C1~start~b-resigns").outcome()
    assert black.termination.value == "resignation" and black.winner == Color.WHITE
    bare = "C1." + "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1".replace(" ", ".")
    assert cg.parse_position_code(bare).is_game_over()  # only the two kings: a draw already
    with pytest.raises(cg.CamblamCodeError, match="'draw' after the end of the game"):
        cg.parse_game_code(f"C1~{bare}~draw")
