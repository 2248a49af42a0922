"""The lessons of both games as one list: which lessons the page's Learn list offers, under which
heading, under which ids (``data-lesson``), which game's board and move picker each one plays on,
and which are finished.

Pure Python. A *course* is one game's lessons (``app.learn.lessons`` for Djambi,
``app.games.camblam.lessons`` for Camblam); both modules have the same shape (``Lesson`` data and a
``LessonRun`` that checks the learner's moves), so the page's one lesson runner
(``app.views.learnview.LessonMode``) plays either. Djambi's ids are its lessons' own (``militant``);
Camblam's carry the prefix ``camblam-`` (``camblam-rook``), so that no id is shared.
Finished lessons are kept per game, under each game's own storage key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import ModuleType

from app.learn import lessons
from app.games.camblam import lessons as camblam_lessons
from app.text.i18n import N_, _


@dataclass(frozen=True)
class Course:
    """One game's lessons: ``game`` is the game's key (``djambi``, ``camblam``), ``heading`` the
    list's heading (a msgid), ``prefix`` what the game's lesson ids get in the list."""

    game: str
    heading: str
    prefix: str
    module: ModuleType

    @property
    def lessons(self) -> tuple:
        return self.module.LESSONS

    def list_id(self, lesson) -> str:
        return self.prefix + lesson.id

    def ids(self) -> list[str]:
        return [self.list_id(lesson) for lesson in self.lessons]

    def number(self, list_id: str) -> int:
        """The lesson's number in its course, from 1."""
        return self.ids().index(list_id) + 1

    def run(self, lesson):
        """A new ``LessonRun`` of ``lesson`` (its game's)."""
        return self.module.LessonRun(lesson)


COURSES: tuple[Course, ...] = (
    Course("djambi", N_("Djambi"), "", lessons),
    Course("camblam", N_("Camblam"), "camblam-", camblam_lessons),
)
BY_GAME = {course.game: course for course in COURSES}


def find(list_id: str) -> tuple[Course, object]:
    """The course and the lesson of a list id; ``KeyError`` naming it if there is none."""
    for course in COURSES:
        if list_id.startswith(course.prefix):
            lesson = course.module.BY_ID.get(list_id[len(course.prefix):])
            if lesson is not None:
                return course, lesson
    raise KeyError(f"no lesson {list_id!r}")


def next_id(list_id: str) -> str | None:
    """The next lesson of the same course, or None after its last."""
    course, _lesson = find(list_id)
    ids = course.ids()
    at = ids.index(list_id)
    return ids[at + 1] if at + 1 < len(ids) else None


def listed(first: str = "djambi") -> list[tuple[Course, list[tuple[str, object]]]]:
    """The Learn list: each course with its (id, lesson) pairs; ``first`` is the game whose
    lessons come first (the game being played)."""
    order = sorted(COURSES, key=lambda c: c.game != first)
    return [(course, [(course.list_id(lesson), lesson) for lesson in course.lessons])
            for course in order]


def load_done(storage) -> set[str]:
    """The list ids of the finished lessons of every course (nothing for unreadable data)."""
    done = set(lessons.load_done(storage))
    try:
        text = storage.get(camblam_lessons.DONE_KEY)
        data = json.loads(text) if text else []
    except Exception:  # noqa: BLE001 (unreadable storage: start afresh, lose nothing else)
        data = []
    if isinstance(data, list):
        course = BY_GAME["camblam"]
        done |= {course.prefix + x for x in data if isinstance(x, str) and x in camblam_lessons.BY_ID}
    return done


def save_done(storage, done: set[str]) -> str:
    """Remember the finished lessons, each game's under its key; a problem comes back as a
    message ("" if none)."""
    djambi_done = {x for x in done if x in lessons.BY_ID}
    problem = lessons.save_done(storage, djambi_done)
    if problem:
        return problem
    prefix = BY_GAME["camblam"].prefix
    camblam_done = sorted(x[len(prefix):] for x in done
                          if x.startswith(prefix) and x[len(prefix):] in camblam_lessons.BY_ID)
    try:
        storage.set(camblam_lessons.DONE_KEY, json.dumps(camblam_done))
    except Exception:  # noqa: BLE001 (quota, private mode: the browser's words stay out)
        return _(lessons.DONE_REFUSED)
    return ""


__all__ = ["Course", "COURSES", "BY_GAME", "find", "next_id", "listed", "load_done", "save_done"]
