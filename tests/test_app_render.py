"""The SVG board markup and the per-square views (app/present/render.py)."""

import xml.etree.ElementTree as ET

from diagrams import board_from

from djambi import Board, Kind, Move, Party, parse_square, square_name
from djambi.squares import SQUARES
from app.present import render
from app.present.taps import Picker

S = parse_square
SVG_NS = "{http://www.w3.org/2000/svg}"


def parse_svg(rotation=0):
    markup = render.board_svg(rotation)
    return ET.fromstring(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {render.SIZE} {render.SIZE}">{markup}</svg>')


def test_board_markup_is_well_formed_with_81_named_squares():
    root = parse_svg()
    groups = [g for g in root.iter(f"{SVG_NS}g") if "data-square" in g.attrib]
    assert sorted(g.attrib["data-square"] for g in groups) == sorted(square_name(s) for s in SQUARES)
    maze = [g for g in groups if g.attrib["data-square"] == "E5"][0]
    assert "maze" in maze.attrib["class"]
    assert all(g.find(f"{SVG_NS}use") is not None for g in groups)


def test_every_kind_has_a_living_and_a_dead_shape_with_its_letter():
    root = parse_svg()
    symbols = {s.attrib["id"]: s for s in root.iter(f"{SVG_NS}symbol")}
    for kind in Kind:
        for prefix in ("k", "d"):
            symbol = symbols[f"{prefix}-{kind.letter}"]
            letters = [t.text for t in symbol.iter(f"{SVG_NS}text")]
            assert letters == [kind.letter]


def test_coordinate_labels():
    root = parse_svg()
    labels = [t.text for t in root.iter(f"{SVG_NS}text") if t.attrib.get("class") == "coord"]
    assert labels[:9] == list("ABCDEFGHI")
    assert labels[9:] == [str(r) for r in range(9, 0, -1)]


def test_rotations_place_every_square_once_and_label_accordingly():
    for rotation in render.ROTATIONS:
        spots = {render.square_origin(sq, rotation) for sq in SQUARES}
        assert len(spots) == 81
    # Half a turn: I1 (Yellow's corner) at the top-left.
    assert render.square_origin(S("I1"), 2) == (render.MARGIN, 0)
    assert render.square_origin(S("A9"), 0) == (render.MARGIN, 0)
    labels = [t.text for t in parse_svg(1).iter(f"{SVG_NS}text") if t.attrib.get("class") == "coord"]
    assert sorted(labels[:9]) == [str(r) for r in range(1, 10)]


def test_start_views():
    views = render.square_views(Board())
    a9 = views[S("A9")]
    assert a9.href == "#k-C" and "pc-r" in a9.cls.split() and a9.label == "A9: Red chief"
    assert "mine" in a9.cls.split()  # Red is to move
    assert "mine" not in views[S("I9")].cls.split()
    assert views[S("E5")].href == "" and "maze" in views[S("E5")].cls.split()
    assert views[S("E5")].label == "E5 maze"
    assert not any("last" in v.cls.split() for v in views)


def test_corpses_last_move_and_capture_are_shown():
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
    move = board.play("D6xE6@A5")
    views = render.square_views(board, marks=render.move_marks([(Party.RED, move)]))
    corpse = views[S("A5")]
    assert corpse.href == "#d-C" and "pc-x" in corpse.cls.split() and "corpse" in corpse.label
    for sq in ("D6", "E6"):
        assert {"lm", "lm-r", "age0"} <= set(views[S(sq)].cls.split())
        assert "aux" not in views[S(sq)].cls.split()
    assert {"lm", "lm-r", "age0", "aux"} <= set(views[S("A5")].cls.split())
    blue = views[S("I2")]  # Blue's militant now plays for Red
    assert {"pc-b", "captured", "ctl-r"} <= set(blue.cls.split()) and "played by Red" in blue.label


def test_each_players_latest_move_is_marked_in_his_colour_older_fainter():
    board = Board()
    played = [(board.turn, board.play(text)) for text in ("C7-F4", "G7-D4", "G3-G4", "C3-C4", "A7-A6")]
    recent = [played[4], played[3], played[2], played[1]]  # Red's second move replaces his first
    marks = render.move_marks(recent)
    assert marks[S("A7")] == "lm lm-r age0" and marks[S("A6")] == "lm lm-r age0"
    assert marks[S("C3")] == "lm lm-g age1" and marks[S("C4")] == "lm lm-g age1"
    assert marks[S("G3")] == "lm lm-y age2" and marks[S("D4")] == "lm lm-b age3"
    assert S("C7") not in marks and S("F4") not in marks  # Red's older move is not marked
    # A square two moves touched shows the most recent one.
    assert render.move_marks([(Party.BLUE, Move.parse("A6-A5")), played[4]])[S("A6")] == "lm lm-b age0"


def test_picker_state_is_drawn():
    board = Board()
    picker = Picker(board)
    picker.tap(S("A7"))
    views = render.square_views(board, selected=picker.piece, options=picker.option_squares())
    assert "sel" in views[S("A7")].cls.split()
    for name in ("A6", "A5", "B6", "C5"):
        assert "opt" in views[S(name)].cls.split()
        assert "occ" not in views[S(name)].cls.split()
    # While a piece is selected the other pieces are not marked as playable.
    assert "mine" not in views[S("B7")].cls.split()


def test_preview_moves_the_piece():
    board = Board()
    preview = {S("A7"): None, S("A6"): board.piece_at(S("A7"))}
    views = render.square_views(board, preview=preview, options=[S("A6")], lifted=[S("A9")],
                                cursor=S("E5"))
    assert "lifted" in views[S("A9")].cls.split() and "cursor" in views[S("E5")].cls.split()
    assert views[S("A7")].href == ""
    assert views[S("A6")].href == "#k-M" and "occ" in views[S("A6")].cls.split()


def test_ruler_and_frozen_are_marked():
    board = board_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . rC . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . bC
    """)
    views = render.square_views(board)
    assert "ruler" in views[S("E5")].cls.split()
    assert views[S("E5")].label == "E5 maze: Red chief"
