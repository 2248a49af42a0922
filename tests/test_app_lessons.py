"""The lessons (app/learn/lessons.py) are plain data checked against the engine: every solution is legal
and reaches its goal, every goal is reachable and not met by every move, replies stay legal after
any accepted move, wrong moves are answered with the step's hint, finished lessons are kept."""

import pytest

from djambi import Kind, parse_square
from djambi.narrate import describe_move

from app.learn import lessons
from app.learn.lessons import LESSONS, LessonError, LessonRun, meets, parse_goal, parse_position
from app.state.saving import MemoryStorage, STORAGE_KEY


def accepted(board, step):
    """The legal moves that meet the step's goal."""
    out = []
    for move in board.generate_legal_moves():
        after = board.copy()
        after.push(move)
        if meets(step.goal, board, move, describe_move(board, move), after):
            out.append(move)
    return out


def test_at_least_twelve_lessons_with_distinct_ids():
    assert len(LESSONS) >= 12
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)


def test_the_lessons_cover_every_piece_and_the_rules_the_issue_names():
    ids = {lesson.id for lesson in LESSONS}
    assert {k.title.lower() for k in Kind} <= ids
    assert {"maze", "extra-turns", "walled-in", "control", "frozen", "hostage", "end"} <= ids


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_solution_is_legal_and_reaches_its_goal(lesson):
    run = LessonRun(lesson)
    for number, step in enumerate(lesson.steps):
        assert run.step_index == number
        move = run.board.parse_move(step.solution)  # raises if illegal
        answer = run.answer(move)
        assert answer.kind in ("next", "done"), answer.text
    assert run.finished


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_goal_is_reachable_and_some_move_misses_it(lesson):
    """From every position a step can start in (whatever accepted move came before), the goal is
    reachable; every step has wrong moves too (it teaches something), and replies stay legal."""
    boards = [lesson.board()]
    for step in lesson.steps:
        nxt = []
        for board in boards:
            good = accepted(board, step)
            assert good, f"{lesson.id}: no move reaches {step.goal!r}"
            assert len(good) < len(board.generate_legal_moves())
            for move in good[:40]:
                after = board.copy()
                after.push(move)
                lessons.play_replies(after, step.replies)  # raises if no candidate is legal
                nxt.append(after)
        boards = nxt


def test_wrong_move_is_taken_back_with_the_hint_saying_why():
    lesson = lessons.BY_ID["militant"]
    run = LessonRun(lesson)
    before = run.board.copy()
    answer = run.answer(run.board.parse_move("D5-D6"))
    assert answer.kind == "wrong"
    assert run.board == before and run.step_index == 0 and not run.finished
    assert "Red moved the militant from D5 to D6." in answer.text
    assert lesson.steps[0].hint in answer.text


def test_a_kill_by_the_wrong_piece_is_wrong():
    run = LessonRun(lessons.BY_ID["chief"])
    assert run.answer(run.board.parse_move("C3xC8@A9")).kind == "done"
    run = LessonRun(lessons.BY_ID["provocateur"])
    # The chief stepping aside makes him safe, but the lesson is about the provocateur.
    assert run.answer(run.board.parse_move("A5-A6")).kind == "wrong"
    # The assassin put where it still sees the chief (row 5) is no answer either.
    assert run.answer(run.board.parse_move("C1-E1@H5")).kind == "wrong"
    assert run.answer(run.board.parse_move("C1-E1@I1")).kind == "done"


def test_a_two_step_lesson_plays_the_replies_between_steps():
    run = LessonRun(lessons.BY_ID["extra-turns"])
    answer = run.answer(run.board.parse_move("D4-E5"))
    assert answer.kind == "next" and len(answer.replies) == 1
    reply, events = answer.replies[0]
    assert run.board.move_text(reply) == "I8-H8" or events
    assert run.board.is_extra_turn and run.board.turn.letter == "r"
    assert run.answer(run.board.parse_move("C3xC5@A1")).kind == "done"


def test_restart_goes_back_to_the_lesson_position():
    lesson = lessons.BY_ID["control"]
    run = LessonRun(lesson)
    run.answer(run.board.parse_move("B8xF8"))
    run.restart()
    assert run.board == lesson.board() and run.step_index == 0 and not run.finished


def test_positions_parse_and_errors_name_the_bad_part():
    board = parse_position("D5=rM xM=E1".replace("xM=E1", "E1=xM"), "rbrr", "r")
    assert board.piece_at(parse_square("D5")).symbol() == "rM"
    assert board.piece_at(parse_square("E1")).symbol() == "xM"
    assert board.active_players == [0, 1]
    for text, part in (("D5rM", "D5rM"), ("Z5=rM", "Z5=rM"), ("D5=qM", "D5=qM"), ("D5=rM D5=bM", "D5=bM")):
        with pytest.raises(LessonError, match=part):
            parse_position(text)
    with pytest.raises(LessonError, match="control"):
        parse_position("D5=rM", "rbq")


def test_goals_parse_and_errors_name_the_bad_condition():
    assert parse_goal("kill bC by A, extra") == (("kill", "bC", "by", "A"), ("extra",))
    for bad in ("win r", "kill", "kill bC with A", "power", "reach A5 Q9"):
        with pytest.raises(LessonError, match="bad goal condition"):
            parse_goal(bad)


def test_finished_lessons_are_remembered_and_bad_storage_loses_nothing():
    storage = MemoryStorage()
    assert lessons.load_done(storage) == set()
    assert lessons.save_done(storage, {"militant", "chief"}) == ""
    assert lessons.load_done(storage) == {"militant", "chief"}
    storage.set(lessons.DONE_KEY, "{not json")
    assert lessons.load_done(storage) == set()
    storage.set(lessons.DONE_KEY, '["militant", 3, "no-such-lesson"]')
    assert lessons.load_done(storage) == {"militant"}


def test_first_visit_until_welcomed_and_never_with_a_saved_game():
    storage = MemoryStorage()
    assert lessons.first_visit(storage)
    lessons.mark_welcomed(storage)
    assert not lessons.first_visit(storage)
    played = MemoryStorage({STORAGE_KEY: "{}"})
    assert not lessons.first_visit(played)


# ---------------------------------------------------------------------------- in French and Czech
@pytest.mark.parametrize("code", ["fr", "cs"])
def test_every_lessons_words_are_translated_and_the_checks_do_not_change(in_language, code):
    """Titles, texts, tasks, hints and answers in the player's language; solutions and goals are
    the same data in every language (the checks above hold whatever language is on)."""
    from app.text.i18n import _

    in_language(code)
    for lesson in LESSONS:
        texts = [lesson.title, lesson.about] + [t for s in lesson.steps for t in (s.task, s.hint, s.done)]
        for text in texts:
            assert _(text) != text, f"{lesson.id}: not translated into {code}: {text!r}"
        run = LessonRun(lesson)
        for step in lesson.steps:
            answer = run.answer(run.board.parse_move(step.solution))
            assert answer.kind in ("next", "done") and answer.text == _(step.done)
        assert run.finished


def test_a_wrong_move_is_answered_in_the_players_language_and_follows_a_switch(in_language):
    lesson = lessons.BY_ID["militant"]
    run = LessonRun(lesson)
    answer = run.answer(run.board.parse_move("D5-D6"))
    in_language("fr")
    assert answer.text == ("Pas celui-là, le coup est annulé. Rouge a déplacé son militant de D5 "
                           "en D6. Votre militant en D5 atteint D7 : deux cases tout droit vers le "
                           "haut. Touchez le militant, puis D7.")
    in_language("cs")
    assert answer.text.startswith("Tento ne, tah se vrací. ")
    assert answer.text.endswith("Ťukněte na militanta a pak na D7.")
