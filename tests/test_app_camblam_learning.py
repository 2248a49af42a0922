"""Camblam's learning in the app, decided in pure Python: which lessons the Learn list offers and
under which ids (``app.learn.courses``), a Camblam lesson run through the same interface as
Djambi's, the finished lessons kept per game, the piece guide (``camblam_guide``: its marks are
the engine's moves) and the rules pages with their diagrams (``camblam_rulebook``,
``camblam_render.diagram_svg``)."""

from __future__ import annotations

import re

import pytest

from camblam import Board, Kind, parse_position, parse_square

from app.learn import courses, lessons
from app.games.camblam import guide as camblam_guide
from app.games.camblam import lessons as camblam_lessons
from app.games.camblam import rulebook as camblam_rulebook
from app.games.camblam import render as camblam_render
from app.text import i18n
from app.state.saving import MemoryStorage


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# ---------------------------------------------------------------------------- the list
def test_the_list_offers_both_games_lessons_under_their_headings_with_distinct_ids():
    listed = courses.listed()
    assert [course.game for course, _items in listed] == ["djambi", "camblam"]
    assert [c.game for c, _i in courses.listed("camblam")] == ["camblam", "djambi"]
    ids = [list_id for _c, items in listed for list_id, _l in items]
    assert len(ids) == len(set(ids)) == len(lessons.LESSONS) + len(camblam_lessons.LESSONS)
    djambi, camblam = (dict(items) for _c, items in listed)
    assert list(djambi) == [lesson.id for lesson in lessons.LESSONS]  # Djambi's ids unchanged
    assert list(camblam)[0] == "camblam-pawn"
    assert all(i.startswith("camblam-") for i in camblam) and len(camblam) == 11
    assert [c.heading for c, _i in listed] == ["Djambi", "Camblam"]


def test_a_list_id_finds_its_course_and_lesson_and_the_next_one():
    course, lesson = courses.find("camblam-rook")
    assert (course.game, lesson.id, course.number("camblam-rook")) == ("camblam", "rook", 6)
    assert courses.find("militant")[0].game == "djambi"
    for bad in ("camblam-militant", "rook", "nothing"):
        with pytest.raises(KeyError, match=bad):
            courses.find(bad)
    assert courses.next_id("camblam-rook") == "camblam-bishop"
    assert courses.next_id("camblam-check") is None  # the last of its course, not Djambi's first
    assert courses.next_id(lessons.LESSONS[-1].id) is None


def test_camblam_lessons_cover_every_piece_and_check():
    movers = set()
    for lesson in camblam_lessons.LESSONS:
        board = lesson.board()
        movers.add(board.piece_at(board.parse_move(lesson.steps[0].solution).from_square).kind)
    assert movers == set(Kind)
    assert any(lesson.board().is_check() for lesson in camblam_lessons.LESSONS)


# ---------------------------------------------------------------------------- a lesson run
def test_a_camblam_lesson_through_the_course_wrong_then_right():
    course, lesson = courses.find("camblam-rook")
    run = course.run(lesson)
    before = run.board.code()
    answer = run.answer(run.board.parse_move("a5d5"))  # one pawn of three
    assert answer.kind == "wrong" and run.board.code() == before
    assert answer.text == "Not this one, the move is taken back. " + lesson.steps[0].hint
    answer = run.answer(run.board.parse_move("a5f5"))
    assert answer.kind == "done" and run.finished
    assert [run.board.piece_at(parse_square(s)) for s in ("d5", "e5")] == [None, None]


def test_the_failure_and_success_words_in_french_and_czech():
    course, lesson = courses.find("camblam-archer")
    for code, wrong in (("fr", "Pas celui-là"), ("cs", "Tento ne")):
        i18n.set_language(code)
        run = course.run(lesson)
        said = run.answer(run.board.parse_move("e4e5")).text
        assert said.startswith(wrong) and i18n._(lesson.steps[0].hint) in said
        assert i18n._(lesson.steps[0].hint) != lesson.steps[0].hint
        assert run.answer(run.board.parse_move("e4e8")).text == i18n._(lesson.steps[0].done)


def test_finished_lessons_kept_per_game_and_bad_storage_loses_nothing():
    storage = MemoryStorage()
    assert courses.load_done(storage) == set()
    assert courses.save_done(storage, {"militant", "camblam-rook", "camblam-archer"}) == ""
    assert storage.get(lessons.DONE_KEY) == '["militant"]'  # Djambi's as before
    assert storage.get(camblam_lessons.DONE_KEY) == '["archer", "rook"]'
    assert courses.load_done(storage) == {"militant", "camblam-rook", "camblam-archer"}
    storage.set(camblam_lessons.DONE_KEY, "{not json")
    assert courses.load_done(storage) == {"militant"}
    storage.set(camblam_lessons.DONE_KEY, '["rook", 3, "militant", "no-such"]')
    assert courses.load_done(storage) == {"militant", "camblam-rook"}


# ---------------------------------------------------------------------------- the piece guide
def test_the_guide_has_each_of_the_nine_pieces_and_marks_its_legal_moves():
    assert [entry.kind for entry in camblam_guide.GUIDE] == list(Kind)
    for entry in camblam_guide.GUIDE:
        board, sq = entry.board(), parse_square(entry.square)
        assert board.piece_at(sq).kind == entry.kind and board.piece_at(sq).color == board.turn
        marks = entry.marks()
        targets = {m.to_square for m in board.generate_legal_moves(sq)}
        assert marks.targets | marks.captures | marks.shots == targets and targets
        svg = entry.diagram()
        assert "data-square" not in svg and 'role="img"' in svg
        assert svg.count('class="pc" href="#cb-') == len(board.pieces())
    archer = camblam_guide.BY_KIND[Kind.ARCHER].marks()
    assert archer.shots == {parse_square("e8")} and not archer.captures  # k10: six squares away
    knight = camblam_guide.BY_KIND[Kind.KNIGHT].marks()
    assert knight.captures == {parse_square("b8")}  # the leaps to the queen pass over the g6 pawn


def test_the_tip_names_the_piece_and_how_it_moves_in_the_players_language():
    board = Board()
    assert camblam_guide.tip(board, parse_square("f2")) == (
        "f2: White's archer — moves like a queen onto empty squares; shoots the nearest enemy "
        "within five squares and stays.")
    assert camblam_guide.tip(board, parse_square("e5")) == ""
    i18n.set_language("cs")
    assert camblam_guide.tip(board, parse_square("b2")).startswith("b2: jezdec Bílého — skáče")
    assert camblam_guide.tip_edge(board, parse_square("b2")) == "top"
    assert camblam_guide.tip_edge(board, parse_square("b11")) == "bottom"


# ---------------------------------------------------------------------------- the rules
@pytest.mark.parametrize("code", ["en", "fr", "cs"])
def test_the_rules_pages_have_every_section_with_text_and_a_diagram(code):
    sections = camblam_rulebook.sections(camblam_rulebook.text_in(code))
    english = camblam_rulebook.sections(camblam_rulebook.text_in("en"))
    assert len(sections) == 11
    assert [s.diagram for s in sections] == [s.diagram for s in english]  # the same diagrams
    for section in sections:
        assert section.title and section.blocks
        assert "Diagram" not in " ".join(t for b in section.blocks for _s, t in b.runs)
        board = section.board()
        svg = camblam_render.diagram_svg(board, camblam_rulebook.diagram_label(section))
        assert svg.count('class="pc" href="#cb-') == len(board.pieces())
        assert re.search(r'aria-label="[^"]+"', svg)
    assert sections[0].board() == Board()  # the start


def test_the_rules_follow_the_players_language():
    i18n.set_language("fr")
    assert camblam_rulebook.sections()[2].title == "Le pion"
    assert camblam_rulebook.diagram_label(camblam_rulebook.sections()[2]) == "Diagramme : Le pion"
    i18n.set_language("de")  # no such catalog: English
    assert camblam_rulebook.sections()[2].title == "The pawn"
