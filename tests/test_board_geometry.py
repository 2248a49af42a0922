"""The one board view's pure decisions (app/present/board.py): geometries as data (squares and a
hexagon), turning, labels, the arrow keys' neighbours by geometry, the neutral marks, and the SVG
drawn from any picture."""

from __future__ import annotations

import re

from app.present import board

HEX_ROWS = {1: "CDEFG", 2: "BCDEFG", 3: "BCDEFGH", 4: "ABCDEFGH", 5: "ABCDEFGHI",
            6: "ABCDEFGH", 7: "BCDEFGH", 8: "BCDEFG", 9: "CDEFG"}


def hex_names() -> set[str]:
    return {f"{letter}{row}" for row, letters in HEX_ROWS.items() for letter in letters}


def test_the_hexagon_has_the_61_cells_the_rulings_name():
    hexagon = board.hexagon(5)
    names = [c.name for c in hexagon.cells]
    assert len(names) == 61 == len(set(names))
    assert set(names) == hex_names()
    assert [sum(1 for n in names if n[1:] == str(row)) for row in range(1, 10)] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert hexagon.turns == 6 and not hexagon.labels
    # rows are horizontal, row 9 on top, even rows shifted half a cell right
    c = {name: board.centre(hexagon, hexagon.index(name)) for name in names}
    assert c["E9"][1] < c["E5"][1] < c["E1"][1]
    assert c["A5"][1] == c["I5"][1] and c["A5"][0] < c["I5"][0]
    assert abs(c["E5"][0] - c["E9"][0]) < 1e-6 and c["E4"][0] > c["E5"][0]
    assert abs(c["E5"][0] - hexagon.pivot[0]) < 1e-6 and abs(c["E5"][1] - hexagon.pivot[1]) < 1e-6


def test_the_hexagon_drawn_has_a_named_hexagon_per_cell():
    hexagon = board.hexagon(5)
    marks = board.Marks(selected=hexagon.index("E5"), targets=frozenset(board.cells_named(hexagon, ["F5", "D5"])),
                        cursor=hexagon.index("A5"))
    text = board.svg(board.plain(hexagon, marks, {hexagon.index("E5"): "#k-C"}))
    groups = re.findall(r'<g class="([^"]*)" data-square="([A-Z]\d)" transform="translate\(([-\d.]+),([-\d.]+)\)"', text)
    assert {name for _cls, name, _x, _y in groups} == hex_names() and len(groups) == 61
    paths = re.findall(r'<path class="cell" d="M([^"]*) Z"/>', text)
    assert len(paths) == 61 and all(p.count(" L") == 5 for p in paths)  # six corners each
    classes = {name: cls.split() for cls, name, _x, _y in groups}
    assert "selected" in classes["E5"] and "option" in classes["F5"] and "option" in classes["D5"]
    assert "cursor" in classes["A5"] and classes["B5"] == ["sq"]
    assert 'href="#k-C"' in text and text.count('href=""') == 60
    assert "<text" not in text  # no grid labels on the hexagon
    for _cls, _name, x, y in groups:  # every cell inside the picture
        assert 0 <= float(x) and float(x) + hexagon.size <= hexagon.width
        assert 0 <= float(y) and float(y) + hexagon.size <= hexagon.height


def test_the_hexagon_turns_by_sixths_about_its_centre():
    hexagon = board.hexagon(5)
    at = lambda name, turn: board.centre(hexagon, hexagon.index(name), turn)
    near = lambda p, q: abs(p[0] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01
    # the six corners follow each other round: A5 (left) → C1 (lower left) → G1 → I5 → G9 → C9
    corners = ["A5", "C1", "G1", "I5", "G9", "C9"]
    for turn in range(6):
        for i, name in enumerate(corners):
            assert near(at(name, turn), at(corners[(i + turn) % 6], 0)), (name, turn)
    assert near(at("E5", 3), at("E5", 0))
    assert all(near(at(n, 6), at(n, 0)) for n in hex_names())
    # a turned hexagon is still drawn on the same 61 spots
    spots = {tuple(round(v, 1) for v in at(n, 0)) for n in hex_names()}
    assert {tuple(round(v, 1) for v in at(n, 2)) for n in hex_names()} == spots
    text = board.svg(board.plain(hexagon), 1)
    first = re.search(r'data-square="A5" transform="translate\(([-\d.]+),([-\d.]+)\)"', text)
    x, y = board.origin(hexagon, hexagon.index("C1"), 0)
    assert abs(float(first.group(1)) - x) < 0.01 and abs(float(first.group(2)) - y) < 0.01


def test_the_arrow_keys_move_to_the_neighbouring_hexagon_as_seen():
    hexagon = board.hexagon(5)
    step = lambda name, dx, dy, turn=0: hexagon.cells[board.neighbour(hexagon, hexagon.index(name), dx, dy, turn)].name
    assert step("E5", 1, 0) == "F5" and step("E5", -1, 0) == "D5"
    # up: one of the two upper neighbours (the left one on a tie), never the cell two rows up
    assert step("E5", 0, 1) == "D6" and step("E5", 0, -1) == "D4"
    assert step("E4", 0, 1) == "E5" and step("E4", 0, -1) == "E3"
    assert step("I5", 1, 0) == "I5" and step("C9", 0, 1) == "C9"  # the rim stops the cursor
    # turned half round, right on the screen is left on the board
    assert step("E5", 1, 0, 3) == "D5" and step("E5", 0, 1, 3) == "E4"  # D4 and E4 below, E4 seen left
    # every arrow from every cell lands on a neighbour (one of the six) or stays
    for cell in hexagon.cells:
        here = board.centre(hexagon, hexagon.index(cell.name))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            there = board.centre(hexagon, board.neighbour(hexagon, hexagon.index(cell.name), dx, dy))
            distance = ((here[0] - there[0]) ** 2 + (here[1] - there[1]) ** 2) ** 0.5
            assert distance < 1e-6 or abs(distance - hexagon.size) < 0.01


def test_squares_step_straight_and_turn_by_quarters():
    grid = board.square_grid("t", "ABC", ["1", "2", "3"], cell=100, margin=40)
    name = lambda i: grid.cells[i].name
    b2 = grid.index("B2")
    assert [name(board.neighbour(grid, b2, *d)) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))] == ["C2", "A2", "B3", "B1"]
    assert name(board.neighbour(grid, grid.index("C3"), 1, 0)) == "C3"  # no diagonal at the edge
    assert name(board.neighbour(grid, grid.index("C2"), 1, 0)) == "C2"
    # a quarter turn counter-clockwise: A1 (bottom-left) comes to the bottom-right
    assert board.transform(grid, grid.index("A1"), 1) == board.transform(grid, grid.index("C1"), 0)
    assert name(board.neighbour(grid, b2, 1, 0, 1)) == "B1"  # rank 1 is now the right edge
    texts = [label.text for label in board.labels(grid, 0) if label.cls == "coord"]
    assert texts == ["A", "B", "C", "3", "2", "1"]
    texts = [label.text for label in board.labels(grid, 1) if label.cls == "coord"]
    assert texts == ["3", "2", "1", "C", "B", "A"]  # A1 bottom-right, C3 top-left


def test_the_marks_are_one_small_frozen_value():
    marks = board.Marks(selected=3, captures=frozenset({4}), shots=frozenset({5}), chain=frozenset({6}),
                        last=(1, 2), check=7, tags=((8, "lm lm-r age0"),))
    assert marks == eval(repr(marks), {"Marks": board.Marks, "frozenset": frozenset})
    assert board.mark_classes(marks, 3) == ["selected"]
    assert board.mark_classes(marks, 4) == ["option", "capture"]
    assert board.mark_classes(marks, 5) == ["option", "shot"]
    assert board.mark_classes(marks, 6) == ["taken"] and board.mark_classes(marks, 1) == ["last"]
    assert board.mark_classes(marks, 7) == ["check"] and board.mark_classes(marks, 8) == ["lm lm-r age0"]
    try:
        marks.selected = 1
    except AttributeError:
        pass
    else:
        raise AssertionError("Marks is frozen")
