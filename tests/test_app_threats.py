"""The threat view (app/present/threats.py) shows what the engine's threat function computes: expected
threats come from the engine's legal moves of each enemy on positions with known threats."""

from diagrams import board_from, with_pieces

from djambi import Party, Piece, parse_square, square_name
from djambi.threats import threats

from app.present.threats import suggestion_marks, threat_marks
from test_threats import kills_from_moves


def sq(name):
    return parse_square(name)


def classes(marks, name):
    return set(marks.get(sq(name), "").split())


KNOWN = with_pieces(A9="rC", A5="rM", E1="bA", I9="bC", C3="rR", G7="bM", H1="yC", D9="gC")


def test_threat_marks_are_the_engines_threats_from_legal_moves():
    board = board_from(KNOWN)
    expected = kills_from_moves(board, 0)
    assert threats(board, Party.RED) == expected
    marks, words = threat_marks(board, Party.RED)
    threatened = {s for s, c in marks.items() if "threat" in c.split()}
    attackers = {s for s, c in marks.items() if "attacker" in c.split()}
    assert threatened == set(expected) and threatened
    assert attackers == {a for att in expected.values() for a in att}
    assert f"{len(expected)} of Red's pieces can be killed next turn" in words


def test_known_position_the_assassin_threatens_the_militant():
    # Blue's assassin on E1 sees A5 along the diagonal; nothing else threatens Red.
    board = board_from(with_pieces(A9="rC", A5="rM", E1="bA", I9="bC"), control="rbrr")
    marks, words = threat_marks(board, Party.RED)
    assert classes(marks, "A5") == {"threat"} and classes(marks, "E1") == {"attacker"}
    assert "militant A5 (by assassin E1)" in words


def test_selecting_an_enemy_shows_its_reach_and_kills():
    board = board_from(with_pieces(A9="rC", A5="rM", E1="bA", I9="bC"), control="rbrr")
    marks, words = threat_marks(board, Party.RED, focus=sq("E1"))
    reach = {square_name(s) for s, c in marks.items() if "reach" in c.split()}
    kills = {square_name(s) for s, c in marks.items() if "reach-kill" in c.split()}
    blue = board_from(with_pieces(A9="rC", A5="rM", E1="bA", I9="bC"), control="rbrr", turn="b")
    legal = {square_name(m.to) for m in blue.generate_legal_moves(sq("E1"))}
    assert reach | kills == legal and kills == {"A5"}
    assert "could kill: militant A5" in words


def test_a_move_being_chosen_shows_what_it_leaves_exposed():
    # Red's militant on B8 stands between Blue's assassin on D6 and Red's chief on A9 (the
    # diagonal D6-C7-B8-A9): the assassin threatens the militant; lifting it opens the chief.
    board = board_from(with_pieces(A9="rC", B8="rM", D6="bA", I1="bC"), control="rbrr")
    assert threats(board, Party.RED) == {sq("B8"): (sq("D6"),)}
    marks, words = threat_marks(board, Party.RED, selected=sq("B8"))
    assert "exposed" in classes(marks, "A9") and "attacker" in classes(marks, "D6")
    assert "chief A9" in words
    # Moving it onto the diagonal again (to C7) keeps the chief covered; the militant itself on C7
    # is then next to the assassin's line and open to it.
    marks, words = threat_marks(board, Party.RED, selected=sq("B8"),
                                preview={sq("B8"): None, sq("C7"): Piece.from_symbol("rM")})
    assert "exposed" not in classes(marks, "A9")
    assert "exposed" in classes(marks, "C7")


def test_suggestion_marks_the_moves_squares():
    board = board_from(KNOWN)
    move = board.parse_move("A5-A4")
    marks = suggestion_marks(move, {sq("A4"): "lm"})
    assert classes(marks, "A5") == {"suggest"} and classes(marks, "A4") == {"lm", "suggest"}


def test_the_threat_view_speaks_french_and_czech():
    from app.text import i18n

    board = board_from(with_pieces(A9="rC", A5="rM", E1="bA", I2="bC"), control="rbrr")
    try:
        i18n.set_language("fr")
        _marks, words = threat_marks(board, Party.RED)
        assert words == ("Vue des menaces : 1 pièce de Rouge peut être tuée au prochain tour : "
                         "militant A5 (par assassin E1).")
        _marks, words = threat_marks(board, Party.RED, focus=sq("E1"))
        assert words.startswith("Vue des menaces : l'assassin de Bleu, en E1, peut aller sur ")
        i18n.set_language("cs")
        _marks, words = threat_marks(board, Party.RED)
        assert words == ("Hrozby: 1 figurka Červeného může být v příštím tahu zabita: "
                         "militant A5 (hrozí vrah E1).")
        _marks, words = threat_marks(board, Party.RED, selected=sq("A5"))
        assert words == "Tento tah nevystaví zabití žádnou další vaši figurku."
    finally:
        i18n.set_language("en")
