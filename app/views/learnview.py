"""Learning on the page: the welcome, the lessons list and a lesson being played, the piece guide,
the rules, and the piece tip (touch-and-hold, hover or keyboard focus on a board piece).

Words are in the current language: the dialogs' fixed texts come from ``index.html``
(``data-i18n``, ``app.present.statictext``), the rest is written here with ``_()``; each view's
``relabel()`` writes it again after a language switch (``Learn.relabel``), without a reload.

The words and the checks are pure modules (``guide``, ``lessons``, ``rulebook``); this one only
fills the dialogs of ``index.html`` and routes taps. A lesson plays on the page's board without
touching the saved game: ``main`` asks ``LessonMode.active`` and hands it taps and the drawing.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document, window

import camblam
from djambi import Party, square_name
from djambi.rules import STANDARD, Rules


#: Camblam's squares as the tip's square numbers (apart from Djambi's 0–80).
CAMBLAM_OFFSET = 1000

from app.learn import courses, guide
from app.games.camblam import guide as camblam_guide
from app.present import board, figures, render
from app.games.camblam import render as camblam_render
from app.games.camblam.taps import CamblamPicker
from app.present import statictext, taps
from app.present import words
from app.views import parts
from app.views.dom import absent, cancel, close_dialog, el, later, listen, on_click, open_dialog
from app.text.i18n import _, pgettext

LONG_PRESS_MS = 550


class Welcome:
    def __init__(self, on_learn, on_computer, on_pass, on_guide, on_rules) -> None:
        on_click("#welcome-learn", lambda e: (close_dialog("#welcome-dialog"), on_learn()))
        on_click("#welcome-computer", lambda e: (close_dialog("#welcome-dialog"), on_computer()))
        on_click("#welcome-pass", lambda e: (close_dialog("#welcome-dialog"), on_pass()))
        on_click("#welcome-guide", lambda e: (close_dialog("#welcome-dialog"), on_guide()))
        on_click("#welcome-rules", lambda e: (close_dialog("#welcome-dialog"), on_rules()))
        on_click("#welcome-close", lambda e: close_dialog("#welcome-dialog"))

    def open(self) -> None:
        open_dialog("#welcome-dialog")


class GuideDialog:
    """The piece guide; its sections (six board diagrams) are written when it is first opened,
    not at the page's start (issue 14: ~25 ms of a returning player's start)."""

    def __init__(self) -> None:
        self.kind_letter: str | None = None  # Djambi's "R", Camblam's "camblam-R"
        self.about: Callable[[], str] = lambda: ""
        self.built = ""  # the game whose guide is written ("" none yet)
        on_click("#guide-close", lambda e: close_dialog("#guide-dialog"))

    def build(self, game: str = "djambi") -> None:
        if game == "camblam":
            self.build_camblam()
            return
        el("#guide-dialog").dataset.game = "djambi"
        el("#guide-title").textContent = statictext.text("the-pieces")
        body = el("#guide-body")
        body.replaceChildren()
        intro = document.createElement("p")
        intro.textContent = _("Every piece moves in a straight line in any of the eight directions "
                              "and nothing jumps: living pieces and corpses block the way. A corpse "
                              "stays on the board until a necromobile moves it.")
        body.append(intro)
        for g in guide.GUIDE:
            section = document.createElement("section")
            section.id = f"guide-{g.kind.letter}"
            section.className = "guide-kind"
            section.dataset.kind = g.name
            head = document.createElement("h3")
            icon = document.createElementNS(render_ns(), "svg")
            icon.setAttribute("viewBox", "0 0 100 100")
            icon.setAttribute("class", "guide-icon pc-r")
            icon.setAttribute("aria-hidden", "true")
            use = document.createElementNS(render_ns(), "use")
            use.setAttribute("href", f"#k-{g.kind.letter}")
            use.setAttribute("class", "pc")
            icon.append(use)
            title = document.createElement("span")
            title.textContent = guide.kind_title(g.kind)
            head.append(icon, title)
            section.append(head)
            figure = document.createElement("div")
            figure.className = "guide-diagram"
            figure.innerHTML = g.diagram()  # render.diagram_svg: constants, engine enums, catalogs' label escaped
            section.append(figure)
            labels = (pgettext("piece guide", "Moves"), pgettext("piece guide", "Kills"),
                      pgettext("piece guide", "The victim"))
            labelled(section, labels, (g.moves, g.kills, g.victim))
            body.append(section)
        self.built = "djambi"
        self.mark_current()

    def build_camblam(self) -> None:
        """Camblam's nine pieces (``camblam_guide``): a figure, how it moves, how it takes, a
        diagram of its moves."""
        el("#guide-dialog").dataset.game = "camblam"
        el("#guide-title").textContent = _("Camblam's pieces")
        body = el("#guide-body")
        body.replaceChildren()
        body.insertAdjacentHTML("beforeend", camblam_render.defs_svg())  # the diagrams' figures
        intro = document.createElement("p")
        intro.textContent = _("Camblam is played by two, White and Black, on a 12×12 board; nine "
                              "kinds of piece. Dots: where the piece can go; rings: what it can "
                              "take; dashed rings: an archer's shots.")
        body.append(intro)
        labels = (pgettext("piece guide", "Moves"), pgettext("piece guide", "Takes"))
        for entry in camblam_guide.GUIDE:
            letter = entry.kind.letter
            section = document.createElement("section")
            section.id = f"guide-camblam-{letter}"
            section.className = "guide-kind"
            section.dataset.kind = camblam_render.KIND_WORDS[entry.kind]
            head = document.createElement("h3")
            icon = document.createElementNS(render_ns(), "svg")
            icon.setAttribute("viewBox", "0 0 100 100")
            icon.setAttribute("class", "guide-icon")
            icon.setAttribute("aria-hidden", "true")
            icon.innerHTML = camblam_render.camblam_piece_svg(entry.kind, camblam.Color.WHITE)
            title = document.createElement("span")
            title.textContent = camblam_guide.kind_title(entry.kind)
            head.append(icon, title)
            figure = document.createElement("div")
            figure.className = "guide-diagram"
            figure.innerHTML = entry.diagram()  # camblam_render.diagram_svg: constants, enums, escaped words
            section.append(head, figure)
            labelled(section, labels, (entry.moves, entry.takes))
            body.append(section)
        self.built = "camblam"
        self.mark_current()

    def mark_current(self) -> None:
        about = self.about()
        el("#guide-piece").textContent = about
        el("#guide-piece").hidden = not about
        for section in document.querySelectorAll(".guide-kind"):
            section.classList.toggle("current", section.id == f"guide-{self.kind_letter}")

    def relabel(self) -> None:
        """The guide again in the current language (the piece it was opened at kept), if written."""
        if self.built:
            self.build(self.built)

    def open(self, kind_letter: str | None = None, about: Callable[[], str] | None = None,
             game: str = "djambi") -> None:
        """Open ``game``'s guide, at ``kind_letter``'s section if given (Camblam's:
        ``camblam-R``); ``about`` says (in the current language, at each call) what the piece the
        player pressed is."""
        self.kind_letter = kind_letter
        self.about = about or (lambda: "")
        if self.built == game:
            self.mark_current()
        else:
            self.build(game)
        open_dialog("#guide-dialog")
        if kind_letter:
            el(f"#guide-{kind_letter}").scrollIntoView()
        else:
            el("#guide-body").scrollTop = 0


def labelled(section, labels: tuple[str, ...], texts: tuple[str, ...]) -> None:
    """Append to ``section`` one paragraph per piece-guide sentence, its label in bold before it
    ("Moves: …"); the sentences are msgids, translated here."""
    for label, text in zip(labels, texts):
        p = document.createElement("p")
        strong = document.createElement("strong")
        # Translators: a heading before a sentence of the piece guide ("Moves: …").
        strong.textContent = _("{label}: ").format(label=label)
        p.append(strong, document.createTextNode(_(text)))
        section.append(p)


def render_ns() -> str:
    return "http://www.w3.org/2000/svg"


class RulesDialog:
    """The rules of either game, a folding section per rule (``rulebook`` for Djambi,
    ``camblam_rulebook`` for Camblam, whose sections each show a diagram drawn here). A Djambi
    game not played by the standard rules marks the sections its options change
    (``rulebook.differences``): a ``differs`` class, a mark in the title and a note."""

    def __init__(self, rules_of: Callable[[], Rules] = lambda: STANDARD) -> None:
        self.built = ""  # the game whose rules are written ("" none yet)
        self.rules_of = rules_of
        self.built_for: Rules | None = None
        on_click("#rules-close", lambda e: close_dialog("#rules-dialog"))

    def build(self, opened: set[int] | None = None, game: str = "djambi") -> None:
        # the bundle's later part: only once open() has loaded it
        from app.learn import rulebook
        from app.games.camblam import rulebook as camblam_rulebook

        body = el("#rules-body")
        body.replaceChildren()
        el("#rules-dialog").dataset.game = game
        rules = self.rules_of()
        differs = {}
        if game == "camblam":
            el("#rules-title").textContent = _("The rules of Camblam")
            body.insertAdjacentHTML("beforeend", camblam_render.defs_svg())  # the diagrams' figures
            chapters = camblam_rulebook.sections()
        else:
            el("#rules-title").textContent = statictext.text("the-rules")
            chapters = rulebook.sections()
            differs = rulebook.differences(rules)
        for i, section in enumerate(chapters):
            box = document.createElement("details")
            box.id = f"rule-{i}"
            box.dataset.slug = section.slug
            if i == 0 if opened is None else i in opened:
                box.open = True
            summary = document.createElement("summary")
            summary.textContent = section.title
            box.append(summary)
            notes = (differs.get(0 if i == 0 else rulebook.section_number(section), ())
                     if differs else ())
            if notes:
                box.classList.add("differs")
                mark = document.createElement("span")
                mark.className = "differs-mark"
                mark.textContent = _("other rules in this game")
                summary.append(" ", mark)
                for note in notes:
                    para = document.createElement("p")
                    para.className = "rule-differs"
                    para.textContent = note
                    box.append(para)
            items = None
            for block in section.blocks:
                node = document.createElement("li" if block.kind == "li" else "p")
                kind = rulebook.piece_of(block) if game != "camblam" else None
                if kind is not None:  # the piece's figure, as on the board and in the guide
                    node.className = "rule-piece"
                    node.insertAdjacentHTML("beforeend", figures.icon_svg(
                        figures.DJAMBI_IDS[kind][0], Party.RED, "fig rule-icon"))
                for style, text in block.runs:
                    tag = {"b": "strong", "i": "em", "c": "code"}.get(style)
                    if tag is None:
                        node.append(document.createTextNode(text))
                    else:
                        part = document.createElement(tag)
                        part.textContent = text
                        node.append(part)
                if block.kind == "li":
                    if items is None:
                        items = document.createElement("ul")
                        box.append(items)
                    items.append(node)
                else:
                    items = None
                    box.append(node)
            if game == "camblam":
                figure = document.createElement("div")
                figure.className = "rules-diagram"
                # camblam_render.diagram_svg: constants, engine enums and escaped words only
                figure.innerHTML = camblam_render.diagram_svg(
                    section.board(), camblam_rulebook.diagram_label(section),
                    camblam_render.Marks(check=camblam_render.check_square(section.board())))
                box.append(figure)
            body.append(box)
        self.built = game
        self.built_for = rules

    def open(self, game: str = "djambi") -> None:
        """Open the rules of ``game``; on their first opening the dialog says "Loading…" until
        the rules text (the bundle's later part) has arrived."""
        def build() -> None:
            if self.built != game or self.built_for != self.rules_of():
                self.build(game=game)

        parts.then(parts.LATER, build, waiting=lambda: self.say(parts.loading_text()),
                   failed=self.say)
        open_dialog("#rules-dialog")

    def say(self, text: str) -> None:
        note = document.createElement("p")
        note.className = "rules-loading"
        note.textContent = text
        el("#rules-body").replaceChildren(note)

    def relabel(self) -> None:
        """The rules in the current language; the sections the player had opened stay open."""
        if not self.built:
            return
        boxes = list(document.querySelectorAll("#rules-body details"))
        self.build({i for i, box in enumerate(boxes) if box.open}, self.built)


class PieceTip:
    """What a piece is and who plays it, over the board: on hover, keyboard focus, or (touch)
    a long press, which also opens the piece guide at that kind."""

    def __init__(self, board_of: Callable[[], object], on_long_press: Callable[[int], None],
                 cell_named: Callable[[str], int | None]) -> None:
        self.board_of = board_of
        self.on_long_press = on_long_press
        self.cell_named = cell_named  # a cell's name on the board shown → the tip's square number
        self.timer = None
        self.start = None  # (square, x, y) of the pointer held down
        self.pressed_at = 0.0  # when the last long press fired (its click is swallowed)
        svg = el("#board")
        listen(svg, "pointerdown", self.down)
        listen(svg, "pointermove", self.move)
        listen(svg, "pointerup", self.up)
        listen(svg, "pointercancel", self.up)
        listen(svg, "pointerleave", lambda e: self.hide())
        listen(svg, "contextmenu", self.context)

    def square_of(self, event) -> int | None:
        """The cell under the pointer, by the board view's geometry (its ``data-square`` name)."""
        target = event.target
        try:
            index = self.cell_named(str(target.closest("[data-square]").dataset.square))
        except Exception:  # noqa: BLE001 (not on a square)
            return None
        return index

    def show(self, sq: int) -> None:
        if sq >= CAMBLAM_OFFSET:  # Camblam's board: its piece, named ("White's archer")
            board, sq = self.board_of(), sq - CAMBLAM_OFFSET
            text = camblam_guide.tip(board, sq) if isinstance(board, camblam.Board) else ""
            tip = el("#piece-tip")
            tip.textContent = text
            if text:
                tip.dataset.edge = camblam_guide.tip_edge(board, sq)
            tip.hidden = not text
            return
        text = guide.piece_sentence(self.board_of(), sq)
        tip = el("#piece-tip")
        # Translators: the piece tip over the board, "I8: Blue's reporter, played by Green."
        tip.textContent = _("{square}: {piece}").format(square=square_name(sq), piece=text) if text else ""
        if text:  # at the edge away from the piece and its targets, so that it hides none of them
            turned = str(el("#board").getAttribute("data-rotation") or "0")
            rotation = int(turned) if turned in ("0", "1", "2", "3") else 0
            row, side, columns = guide.tip_place(self.board_of(), sq, rotation)
            tip.dataset.edge = {0: "top", 7: "bottom"}.get(row, "row")
            tip.dataset.side = side
            tip.style.setProperty("--tip-row", str(row))
            tip.style.setProperty("--tip-cols", str(columns))
        tip.hidden = not text

    def hide(self) -> None:
        el("#piece-tip").hidden = True

    def down(self, event) -> None:
        self.cancel_timer()
        sq = self.square_of(event)
        if sq is None:
            return
        self.start = (sq, float(event.clientX), float(event.clientY))
        self.timer = later(self.fire, LONG_PRESS_MS)

    def move(self, event) -> None:
        if self.start is not None:
            _, x, y = self.start
            if abs(float(event.clientX) - x) + abs(float(event.clientY) - y) > 12:
                self.cancel_timer()
        if str(event.pointerType) == "mouse":
            sq = self.square_of(event)
            if sq is not None:
                self.show(sq)

    def up(self, event) -> None:
        self.cancel_timer()

    def cancel_timer(self) -> None:
        if self.timer is not None:
            cancel(self.timer)
            self.timer = None
        self.start = None

    def fire(self) -> None:
        self.timer = None
        if self.start is None:
            return
        sq = self.start[0]
        self.start = None
        if sq >= CAMBLAM_OFFSET:  # Camblam: its piece's tip and guide
            board = self.board_of()
            if not isinstance(board, camblam.Board) or board.piece_at(sq - CAMBLAM_OFFSET) is None:
                return
            self.pressed_at = float(window.performance.now())
            self.show(sq)
            self.on_long_press(sq)
            return
        if self.board_of().piece_at(sq) is None:
            return
        self.pressed_at = float(window.performance.now())
        self.show(sq)
        self.on_long_press(sq)

    def context(self, event) -> None:
        event.preventDefault()  # a long press is ours: no context menu over the board

    def swallow_click(self) -> bool:
        """Whether the click now is the end of a long press (not a tap)."""
        if self.pressed_at and float(window.performance.now()) - self.pressed_at < 1500:
            self.pressed_at = 0.0
            return True
        return False


class LessonMode:
    """A lesson played on the page's board, of either game (``app.learn.courses``: Djambi's
    lessons on Djambi's board and move picker, Camblam's on Camblam's); the saved game is left
    as it is."""

    def __init__(self, storage, on_draw: Callable[[], None], on_leave: Callable[[], None],
                 on_promotion: Callable[[object], None] = lambda choices: None,
                 on_camblam_rules: Callable[[], None] = lambda: None,
                 on_camblam_guide: Callable[[], None] = lambda: None) -> None:
        self.storage = storage
        self.on_draw = on_draw
        self.on_leave = on_leave
        self.on_promotion = on_promotion  # a Camblam pawn reached the far rank: ask its new piece
        self.on_camblam_rules = on_camblam_rules
        self.on_camblam_guide = on_camblam_guide
        self.course: courses.Course | None = None
        self.list_id = ""
        self.run = None  # a LessonRun of the course's game
        self.picker = None  # taps.Picker (Djambi) or CamblamPicker
        self.done = courses.load_done(storage)
        self.said: Callable[[], str] = lambda: ""
        self.said_as = ""  # the list is written each time it is opened (open_list), not at the start
        on_click("#lessons-close", lambda e: close_dialog("#lessons-dialog"))
        on_click("#lesson-hint", lambda e: self.note(lambda: _(self.run.step.hint) if self.run else ""))
        on_click("#lesson-restart", lambda e: self.restart())
        on_click("#lesson-next", lambda e: self.next_lesson())
        on_click("#lesson-list", lambda e: self.open_list())
        on_click("#lesson-leave", lambda e: self.leave())

    @property
    def active(self) -> bool:
        return self.run is not None

    @property
    def game(self) -> str:
        """The game of the lesson being played ("" if none)."""
        return self.course.game if self.run is not None and self.course is not None else ""

    # ------------------------------------------------------------------ the list
    def group(self, course: courses.Course):
        """The list's part for ``course``: a heading and an ``<ol>`` (Djambi's is index.html's
        ``#lesson-list-items``; the others are made here, once)."""
        if course.game == "djambi":
            box = el("#lesson-list-items")
            head = document.querySelector("#lessons-djambi")
            if absent(head):
                head = document.createElement("h3")
                head.id = "lessons-djambi"
                head.className = "lesson-group"
                box.before(head)
            head.textContent = _(course.heading)
            return box
        section = document.querySelector(f"#lessons-{course.game}")
        if absent(section):
            section = document.createElement("section")
            section.id = f"lessons-{course.game}"
            section.className = "lesson-course"
            el("#lesson-list-items").after(section)
        section.replaceChildren()
        head = document.createElement("h3")
        head.className = "lesson-group"
        head.textContent = _(course.heading)
        tools = document.createElement("div")
        tools.className = "tools"
        for name, text, action in (("rules", _("The rules of Camblam"), self.on_camblam_rules),
                                   ("guide", _("Camblam's pieces"), self.on_camblam_guide)):
            button = document.createElement("button")
            button.type = "button"
            button.id = f"lessons-{course.game}-{name}"
            button.textContent = text
            listen(button, "click", lambda e, act=action: (close_dialog("#lessons-dialog"), act()))
            tools.append(button)
        box = document.createElement("ol")
        box.id = f"{course.game}-lesson-items"
        box.className = "lesson-items"
        section.append(head, tools, box)
        return box

    def build_list(self) -> None:
        for course, items in courses.listed():
            box = self.group(course)
            box.replaceChildren()
            for number, (list_id, lesson) in enumerate(items, 1):
                box.append(self.list_item(list_id, lesson, number))

    def list_item(self, list_id: str, lesson, number: int):
        li = document.createElement("li")
        li.dataset.lesson = list_id
        button = document.createElement("button")
        button.type = "button"
        button.className = "lesson-item"
        title = document.createElement("span")
        title.className = "lesson-name"
        title.textContent = _("{number}. {title}").format(number=number, title=_(lesson.title))
        about = document.createElement("span")
        about.className = "lesson-about"
        about.textContent = _(lesson.about)
        mark = document.createElement("span")
        mark.className = "lesson-mark"
        if list_id in self.done:
            li.classList.add("done")
            # Translators: the mark of a finished lesson in the list.
            mark.textContent = _("✓ Done")
        button.append(title, mark, about)
        listen(button, "click", lambda e, lid=list_id: (close_dialog("#lessons-dialog"), self.start(lid)))
        li.append(button)
        return li

    def open_list(self, game: str = "djambi") -> None:
        """Open the list; ``game``'s lessons are scrolled into view."""
        self.build_list()
        open_dialog("#lessons-dialog")
        if game != "djambi":
            section = document.querySelector(f"#lessons-{game}")
            if not absent(section):
                section.scrollIntoView()

    # ------------------------------------------------------------------ playing
    def start(self, list_id: str) -> None:
        self.course, lesson = courses.find(list_id)
        self.list_id = list_id
        self.run = self.course.run(lesson)
        self.picker = self.new_picker()
        document.body.classList.add("learning")
        el("#lesson-box").hidden = False
        el("#lesson-box").dataset.game = self.course.game
        self.note(None)
        self.draw()

    def new_picker(self):
        if self.course.game == "camblam":
            return CamblamPicker(self.run.board)
        return taps.Picker(self.run.board)

    def restart(self) -> None:
        if self.run is None:
            return
        self.run.restart()
        self.picker.reset(self.run.board)
        self.note(None)
        self.draw()

    def next_lesson(self) -> None:
        if self.run is None:
            return
        following = courses.next_id(self.list_id)
        if following is not None:
            self.start(following)
        else:
            self.open_list(self.game)

    def leave(self) -> None:
        self.run = None
        self.picker = None
        self.course = None
        document.body.classList.remove("learning")
        el("#lesson-box").hidden = True
        self.on_leave()

    def cancel(self) -> None:
        if self.picker is not None:
            self.picker.cancel()
            self.draw()

    def tap(self, sq: int) -> None:
        if self.run is None or self.picker is None:
            return
        if self.run.finished:
            step = self.run.step
            self.note(lambda: _("Lesson finished. {done}").format(done=_(step.done)))
            return
        self.step(self.picker.tap(sq))

    def promote(self, kind) -> None:
        """The piece chosen for a Camblam pawn on the far rank (the promotion chooser)."""
        if self.run is not None and isinstance(self.picker, CamblamPicker) and not self.run.finished:
            self.step(self.picker.promote(kind))

    def step(self, result) -> None:
        """What the picker answered to a tap: a move is checked against the lesson's goal."""
        if result.kind == "play" and result.move is not None:
            answer = self.run.answer(result.move)
            self.picker.reset(self.run.board)
            if answer.kind == "wrong":
                self.note(lambda: answer.text, wrong=True)
            else:
                if answer.kind == "done":
                    self.finish()
                self.note(lambda: self.answer_text(answer), good=True)
        elif result.message:
            message = result.message
            self.note(lambda: message)
        elif result.kind == "step" and getattr(self.picker, "promoting", None) is not None:
            self.on_promotion(self.picker.promotion_choices())
        self.draw()

    @staticmethod
    def answer_text(answer) -> str:
        """A right move's words: what it did, the replies played, whether the lesson is done."""
        text = answer.text
        if answer.replies:
            said = words.sentences(e for _m, events in answer.replies for e in events)
            if said:
                text += " " + _("Then: {moves}").format(moves=" ".join(said))
        if answer.kind == "done":
            text = _("Lesson finished. {done}").format(done=text)
        return text

    def finish(self) -> None:
        self.done.add(self.list_id)
        problem = courses.save_done(self.storage, self.done)
        if problem:
            self.note(lambda: problem, wrong=True)

    # ------------------------------------------------------------------ drawing
    def note(self, said: Callable[[], str] | None, wrong: bool = False, good: bool = False) -> None:
        """Show what ``said`` says (called again after a language switch); None: nothing."""
        self.said = said or (lambda: "")
        self.said_as = "wrong" if wrong else ("good" if good else "")
        self.show_note()

    def show_note(self) -> None:
        text = self.said()
        box = el("#lesson-note")
        box.textContent = text
        box.className = self.said_as
        box.hidden = not text

    def relabel(self) -> None:
        """The lessons list (if open) and the lesson being played in the current language."""
        if bool(el("#lessons-dialog").open):
            self.build_list()
        if self.run is not None:
            self.show_note()
            self.draw()

    def picture(self, cursor: int | None = None) -> board.Picture:
        """The lesson's board for the board view: a Camblam lesson's with the keyboard's square
        (``cursor``), a Djambi lesson's squares."""
        if isinstance(self.picker, CamblamPicker):
            return camblam_render.picture(self.run.board, self.camblam_marks(cursor))
        return render.picture(self.views())

    def views(self) -> list[render.SquareView]:
        """A Djambi lesson's squares."""
        run, picker = self.run, self.picker
        return render.cell_views(run.board, render.picker_marks(picker), preview=picker.preview(),
                                 show_mine=not run.finished)

    def camblam_marks(self, cursor: int | None = None) -> camblam_render.Marks:
        """A Camblam lesson's marks: the picker's (none once it is finished), the last move, check."""
        board = self.run.board
        extra = {"last": camblam_render.last_move_squares(board),
                 "check": camblam_render.check_square(board), "cursor": cursor}
        if self.run.finished:
            return camblam_render.Marks(**extra)
        return self.picker.marks(**extra)

    def draw(self) -> None:
        run = self.run
        if run is None:
            return
        lesson, course = run.lesson, self.course
        number, total = course.number(self.list_id), len(course.lessons)
        if course.game == "camblam":
            el("#lesson-count").textContent = _("Camblam: lesson {number} of {total}").format(
                number=number, total=total)
        else:
            el("#lesson-count").textContent = _("Lesson {number} of {total}").format(
                number=number, total=total)
        el("#lesson-title").textContent = _(lesson.title)
        el("#lesson-about").textContent = _(lesson.about)
        steps = len(lesson.steps)
        task = _(run.step.task)
        if steps > 1:
            task = _("Step {number} of {total}: {task}").format(number=run.step_index + 1,
                                                                total=steps, task=task)
        el("#lesson-task").textContent = task
        el("#lesson-prompt").textContent = "" if run.finished else self.picker.prompt()
        el("#lesson-next").hidden = not run.finished
        el("#lesson-box").dataset.lesson = self.list_id
        el("#lesson-box").dataset.state = "done" if run.finished else "playing"
        self.on_draw()


__all__ = ["Welcome", "GuideDialog", "RulesDialog", "PieceTip", "LessonMode"]
