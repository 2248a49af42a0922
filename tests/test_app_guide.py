"""The piece guide (app/learn/guide.py): each text checked against the engine — where the diagram's
piece can go and what it could kill are the engine's reach, and where its victim goes is what the
engine does with a kill from the diagram — and the sentence naming a piece and its player."""

import re

import pytest

from diagrams import board_from, with_pieces

from djambi import Kind, parse_square
from djambi.narrate import CORPSE, KILL, PLACE, describe_move
from djambi.squares import MAZE

from app.learn import guide
from app.present import render
from app.text.i18n import _
from app.learn.guide import GUIDE, piece_sentence


def test_every_kind_has_its_guide():
    assert [g.kind for g in GUIDE] == list(Kind)
    for g in GUIDE:
        assert g.name == g.kind.title.lower()
        for text in (g.moves, g.kills, g.victim):
            assert text.endswith(".") and len(text) > 30


@pytest.mark.parametrize("g", GUIDE, ids=lambda g: g.name)
def test_the_diagram_marks_what_the_engine_allows(g):
    board = g.board()
    sq = parse_square(g.square)
    legal = board.generate_legal_moves(sq)
    assert g.reach().moves == {m.to for m in legal}
    svg = g.diagram()
    dots = set(re.findall(r'<g class="([^"]*)" transform', svg))
    shown = len([c for c in re.findall(r'<g class="([^"]*)"', svg) if " opt" in f" {c}"])
    c0, c1 = g.columns
    r0, r1 = g.rows
    inside = {t for t in g.reach().moves if c0 <= t % 9 <= c1 and r0 <= t // 9 <= r1}
    assert shown == len(inside) and dots
    assert svg.count("<g ") == (c1 - c0 + 1) * (r1 - r0 + 1)
    assert 'class="sq' in svg and f'href="#k-{g.kind.letter}"' in svg


@pytest.mark.parametrize("g", GUIDE, ids=lambda g: g.name)
def test_where_the_victim_goes_is_what_the_engine_does(g):
    board = g.board()
    sq = parse_square(g.square)
    acting = [m for m in board.generate_legal_moves(sq)
              if any(e.kind in (KILL, PLACE, CORPSE) for e in describe_move(board, m))]
    assert acting, g.name
    ends = set()
    for move in acting:
        for e in describe_move(board, move):
            if e.kind in (KILL, PLACE, CORPSE):
                ends.add((e.kind, e.square, e.to))
    kinds = {k for k, _, _ in ends}
    if g.victim_goes == guide.START:
        assert kinds == {KILL} and {to for _, _, to in ends} == {sq}
        assert "came from" in g.victim
    elif g.victim_goes == guide.STAYS:
        assert kinds == {KILL} and all(at == to for _, at, to in ends)
        assert "stays" in g.victim
    elif g.victim_goes == guide.CHOSEN:
        assert kinds == {KILL} and len({to for _, _, to in ends}) > 10
        assert MAZE not in {to for _, _, to in ends} and "not the maze" in g.victim
    elif g.victim_goes == guide.ALIVE:
        assert kinds == {PLACE} and "alive" in g.victim
    else:
        assert kinds == {CORPSE} and "corpse" in g.victim.lower()
    assert (g.reach().kills != frozenset()) == (g.victim_goes in (guide.START, guide.STAYS, guide.CHOSEN))


def test_piece_sentence_says_what_a_piece_is_and_who_plays_it():
    board = board_from(with_pieces(A9="rC", B5="bR", C5="yM", D5="xA", E5="gC", I1="bC"),
                       control="rgyg")
    assert piece_sentence(board, parse_square("B5")) == "Blue's reporter, played by Green."
    assert piece_sentence(board, parse_square("A9")) == "Red's chief, played by Red."
    assert piece_sentence(board, parse_square("D5")) == (
        "Assassin's corpse: it blocks the way, and only a necromobile can move it.")
    assert "Green is in power" in piece_sentence(board, MAZE)
    assert piece_sentence(board, parse_square("F5")) == ""
    frozen = board_from(with_pieces(A9="rC", B5="bR"), control="rfyg")
    assert "frozen" in piece_sentence(frozen, parse_square("B5"))
    hostage = board_from(with_pieces(A9="rC", B5="gM"), control="rbyh")
    assert "hostage" in piece_sentence(hostage, parse_square("B5"))


def test_the_diagram_is_drawn_by_the_boards_renderer():
    """The same layers as a square of board_svg(): the cut-out reuses the board's markup."""
    g = guide.BY_KIND[Kind.MILITANT]
    svg = g.diagram()
    board_square = re.search(r'<g class="sq dark" data-square="A1"[^>]*>(.*?)</g>', render.board_svg()).group(1)
    layers = re.sub(r'href="[^"]*"', 'href=""', board_square)
    first = re.search(r'<g class="[^"]*" transform="translate\(0,500\)">(.*?)</g>', svg).group(1)
    assert re.sub(r'href="[^"]*"', 'href=""', first) == layers


def test_the_guide_in_french_and_czech(in_language):
    """The guide's words and the piece sentence follow the language; the checks above (English
    msgids) do not change with it."""
    board = board_from(with_pieces(A9="rC", B5="bR", D5="xA", E5="gC", I1="bC"), control="rgyg")
    militant = guide.BY_KIND[Kind.MILITANT]
    in_language("fr")
    assert _(militant.moves).startswith("Un militant avance d'une ou deux cases")
    assert guide.kind_title(Kind.NECROMOBILE) == "Nécromobile"
    assert piece_sentence(board, parse_square("B5")) == "Le reporter de Bleu, joué par Vert."
    assert piece_sentence(board, parse_square("D5")).startswith("Le cadavre d'un assassin : ")
    assert piece_sentence(board, MAZE).endswith("Il tient le labyrinthe : Vert est au pouvoir.")
    assert 'aria-label="Militant : petit plateau' in militant.diagram()
    in_language("cs")
    assert _(militant.kills) == "Zabíjí tak, že vstoupí na pole nepřátelské figurky, nikdy však náčelníka v bludišti."
    assert piece_sentence(board, parse_square("B5")) == "Reportér Modrého, hraje za něj Zelený."
    assert piece_sentence(board, parse_square("D5")).startswith("Mrtvola vraha: ")
    assert guide.kind_title(Kind.CHIEF) == "Náčelník"
    for g in GUIDE:
        for text in (g.moves, g.kills, g.victim):
            assert _(text) != text and _(text).endswith(".")


def test_the_piece_tip_goes_to_the_edge_away_from_the_piece_and_its_targets():
    from djambi import Board, parse_square
    from app.learn.guide import tip_edge
    from app.present import render
    from djambi.threats import reach

    board = Board()
    for name, rotation in (("A9", 0), ("B7", 0), ("I1", 0), ("A1", 0), ("A9", 2), ("E5", 1)):
        sq = parse_square(name)
        edge = tip_edge(board, sq, rotation)
        rows = [render.square_origin(s, rotation)[1] // render.CELL
                for s in (sq, *reach(board, sq).moves, *reach(board, sq).kills)]
        covered = [r for r in rows if (r <= 1 if edge == "top" else r >= 7)]
        other = [r for r in rows if (r >= 7 if edge == "top" else r <= 1)]
        assert len(covered) <= len(other), (name, rotation, edge, rows)
    assert tip_edge(board, parse_square("A9")) == "bottom"  # Red's corner, at the top
    assert tip_edge(board, parse_square("A1")) == "top"  # Green's corner, at the bottom
    assert tip_edge(board, parse_square("A9"), 2) == "top"  # turned: Red's corner at the bottom


def test_the_piece_tip_lies_on_rows_and_columns_free_of_the_piece_and_its_targets():
    """Every piece of a spread position and of the start, at each turn of the board: the tip's
    two rows (and, when none are free, its side) hold neither the piece nor any of its targets."""
    from djambi import Board
    from djambi.threats import reach
    from app.learn.guide import tip_place, _drawn

    far_on = Board()  # forty moves on, lines open: long moves reach both edges
    for _ in range(40):
        if not far_on.is_game_over():
            moves = sorted(far_on.legal_moves, key=str)
            far_on.push(moves[len(moves) // 2])
    boards = [Board(), far_on]
    for board in boards:
        for sq, piece in board.pieces().items():
            if piece.party is None:
                continue
            for rotation in range(4):
                row, side, columns = tip_place(board, sq, rotation)
                assert 0 <= row <= 7
                under = [_drawn(s, rotation) for s in (sq, *reach(board, sq).moves, *reach(board, sq).kills)]
                under = [(c, r) for c, r in under if r in (row, row + 1)]
                if side == "":
                    assert under == [] and columns == 9
                else:
                    free = range(columns) if side == "left" else range(9 - columns, 9)
                    assert columns >= 1 and not [c for c, _r in under if c in free], (sq, rotation)
