"""The Camblam lessons (app/games/camblam/lessons.py) and rules pages (docs/camblam-rules*.md) are data
checked against the Camblam engine: every lesson position parses, every solution is legal and reaches
its goal while some other legal move does not, the check lesson has one way out, wrong moves are
answered with the hint, and the three rules pages have the same sections with diagrams that parse."""

from pathlib import Path

import pytest

from camblam import Kind, Move, parse_position
from camblam.narrate import describe_move

from app.games.camblam.lessons import (LESSONS, LessonError, LessonRun, meets, parse_goal, parse_rules)

ROOT = Path(__file__).resolve().parent.parent
RULES = {"en": "camblam-rules.md", "fr": "camblam-rules.fr.md", "cs": "camblam-rules.cs.md"}


def accepted(board, step):
    """The legal moves that meet the step's goal."""
    return [m for m in board.generate_legal_moves() if meets(step.goal, board, m, describe_move(board, m))]


def test_a_lesson_per_piece_and_one_on_check_with_distinct_ids():
    ids = [lesson.id for lesson in LESSONS]
    assert len(set(ids)) == len(ids)
    assert {k.title.lower() for k in Kind} <= set(ids)
    assert {"check", "promotion"} <= set(ids)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_lesson_position_parses_and_round_trips(lesson):
    board = lesson.board()
    assert board.code() == lesson.position
    assert board.outcome() is None


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_solution_is_legal_reaches_its_goal_and_finishes_the_lesson(lesson):
    run = LessonRun(lesson)
    for number, step in enumerate(lesson.steps):
        move = run.board.parse_move(step.solution)
        answer = run.answer(move)
        last = number == len(lesson.steps) - 1
        assert answer.kind == ("done" if last else "next"), (lesson.id, step.solution)
    assert run.finished


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_the_goal_is_not_met_by_just_any_move(lesson):
    board = lesson.board()
    step = lesson.steps[0]
    moves = list(board.generate_legal_moves())
    good = accepted(board, step)
    assert Move.parse(step.solution) in good
    if len(moves) == 1:
        # "find the only move out of check": the king is in check, and its side has other moves
        # that would be legal but for the check
        assert board.is_check()
        assert len(board.pseudo_moves(board.turn)) > 3
    else:
        assert len(good) < len(moves), f"{lesson.id}: every legal move meets {step.goal!r}"


def test_the_check_lesson_has_exactly_one_way_out():
    board = next(l for l in LESSONS if l.id == "check").board()
    assert board.is_check() and len(board.legal_moves) == 1


@pytest.mark.parametrize("lesson", [l for l in LESSONS if l.id != "check"], ids=lambda l: l.id)
def test_a_wrong_move_is_taken_back_with_the_hint(lesson):
    run = LessonRun(lesson)
    before = run.board.code()
    step = lesson.steps[0]
    wrong = [m for m in run.board.generate_legal_moves() if m not in accepted(run.board, step)]
    answer = run.answer(wrong[0])
    assert answer.kind == "wrong" and step.hint in answer.text
    assert run.board.code() == before and not run.finished


def test_the_rook_lesson_wants_the_whole_chain():
    rook = next(l for l in LESSONS if l.id == "rook")
    board = rook.board()
    partial = Move.parse("a5d5")  # takes only the first pawn of the chain
    assert board.is_legal(partial)
    assert not meets(rook.steps[0].goal, board, partial, describe_move(board, partial))


@pytest.mark.parametrize("text, why", [("fly", "one of"), ("take", "number of words"),
                                       ("take z", "count or a piece letter"), ("by X", "no piece letter"),
                                       ("to m13", "'m13'")])
def test_bad_goals_are_named(text, why):
    with pytest.raises(LessonError, match=why):
        parse_goal(text)


def test_goal_words_parse():
    assert parse_goal("take 3, by R") == (("take", "3"), ("by", "R"))
    assert parse_goal("shot,take b") == (("shot",), ("take", "b"))


# ---------------------------------------------------------------------------- the rules pages
def sections(lang):
    return parse_rules((ROOT / "docs" / RULES[lang]).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", RULES)
def test_every_rules_diagram_parses(lang):
    found = sections(lang)
    assert len(found) >= 8
    for section in found:
        board = parse_position(section.diagram)
        assert board.code() == section.diagram, section.title
        assert section.text, section.title


def test_the_three_rules_pages_have_the_same_sections_in_the_same_order():
    en = sections("en")
    for lang in ("fr", "cs"):
        other = sections(lang)
        assert [s.diagram for s in other] == [s.diagram for s in en], lang
        assert len({s.title for s in other}) == len(other)


def test_a_section_without_a_diagram_is_named():
    with pytest.raises(LessonError, match="'Pawn': 0 diagram lines"):
        parse_rules("# Rules\n\n## Pawn\nIt moves.\n")


def test_the_apps_copy_of_the_rules_pages_is_current():
    import importlib.util

    from app.games.camblam.rules_text import CAMBLAM_RULES

    spec = importlib.util.spec_from_file_location("gen_camblam_rules", ROOT / "scripts" / "gen_camblam_rules.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert CAMBLAM_RULES == gen.read_all(), "app/games/camblam/rules_text.py is out of date: run scripts/gen_camblam_rules.py"
    assert gen.module_text(CAMBLAM_RULES) == (ROOT / "app" / "games" / "camblam" / "rules_text.py").read_text(encoding="utf-8")
