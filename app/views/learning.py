"""The learning features wired into the page's controller (``main.App``) with a few calls: the
welcome on a first visit and from the Learn button, ``#learn`` (the lessons list), ``#guide``
and ``#rules``, lessons on the board, the piece tip, the threat view and "Suggest a move".

``App`` asks: ``takes_tap`` (a lesson, the end of a long press, an enemy piece tapped in the
threat view), ``draws_board`` (a lesson is shown), ``marks`` (the threat view's and the
suggestion's square classes added to the latest moves'), ``on_key``. The words and the data come
from pure modules (``guide``, ``lessons``, ``rulebook``, ``threats``).
"""

from __future__ import annotations

import asyncio
import random

from pyscript import document

import camblam

from djambi.rules import STANDARD

from app.learn import guide
from app.games.camblam import guide as camblam_guide
from app.learn import lessons
from app.state import session
from app.state import seating
from app.present import statictext
from app.present import notices, threats
from app.views.dom import el, on_click
from app.text.i18n import _
from app.views.learnview import CAMBLAM_OFFSET, GuideDialog, LessonMode, PieceTip, RulesDialog, Welcome

SUGGEST_STEP_MS = 20.0
SUGGEST_LEVEL = "normal"


class Learn:
    def __init__(self, app) -> None:
        self.app = app
        self.welcome_dialog = Welcome(self.open_lessons, self.play_computer, self.pass_and_play,
                                      lambda: self.open_guide(), lambda: self.open_rules())
        self.guide = GuideDialog()
        self.rules = RulesDialog(lambda: self.app.game.rule_set or STANDARD)
        self.tipper = PieceTip(self.board_shown, self.long_press, self.tip_cell)
        self.lesson = LessonMode(app.keeper.storage, self.lesson_drawn, self.lesson_left,
                                 on_promotion=lambda choices: app.promotion.ask(choices),
                                 on_camblam_rules=lambda: self.rules.open("camblam"),
                                 on_camblam_guide=lambda: self.guide.open(game="camblam"))
        self.threats_on = False
        self.focus: int | None = None  # the enemy piece the threat view shows
        self.suggested: tuple[object, int, object] | None = None  # (game, revision, move)
        self.searching: tuple[object, int] | None = None
        self.paused_for_lesson = False
        self.tasks: set = set()
        on_click("#btn-learn", lambda e: self.welcome())
        on_click("#btn-threats", lambda e: self.toggle_threats())
        on_click("#btn-suggest", lambda e: self.suggest())

    # ------------------------------------------------------------------ welcome and fragments
    def first_visit(self) -> bool:
        return lessons.first_visit(self.app.keeper.storage)

    def welcome(self) -> None:
        lessons.mark_welcomed(self.app.keeper.storage)
        self.welcome_dialog.open()

    def open_fragment(self, fragment: str) -> bool:
        """``#learn``, ``#guide`` and ``#rules`` open those views for the game being played,
        ``#camblam-learn``, ``#camblam-guide`` and ``#camblam-rules`` Camblam's (never a game
        link)."""
        name = fragment.lstrip("#").strip().lower()
        game = None
        if name.startswith("camblam-"):
            game, name = "camblam", name[len("camblam-"):]
        if name not in ("learn", "guide", "rules"):
            return False
        lessons.mark_welcomed(self.app.keeper.storage)
        {"learn": self.open_lessons, "guide": self.open_guide, "rules": self.open_rules}[name](game)
        return True

    def game_played(self) -> str:
        """The game of the saved game ("djambi", "camblam")."""
        return self.app.game.rules.key

    def shown_game(self) -> str:
        """The game whose board is shown: the lesson's, or the game's."""
        return self.lesson.game or self.game_played()

    def open_lessons(self, game: str | None = None) -> None:
        self.lesson.open_list(game or self.shown_game())

    def open_guide(self, game: str | None = None) -> None:
        self.guide.open(game=game or self.shown_game())

    def open_rules(self, game: str | None = None) -> None:
        self.rules.open(game or self.shown_game())

    def play_computer(self) -> None:
        seats = [seating.HUMAN] + [SUGGEST_LEVEL] * 3
        self.leave_lesson_quietly()
        self.app.offer_game(session.new_game(False, seats), _("Start a game against the computer?"),
                            statictext.text("welcome-computer"),
                            statictext.text("welcome-computer-note"), _("Kept your game."))

    def pass_and_play(self) -> None:
        self.leave_lesson_quietly()
        game = self.app.game
        if not game.board.move_stack and not game.has_computers() and not game.rules.idle_seats(game.board):
            self.app.panel.say(statictext.text("welcome-pass-note"))
            return
        self.app.offer_game(session.new_game(False), _("Start a game for four players?"),
                            statictext.text("welcome-pass"), statictext.text("welcome-pass-note"),
                            _("Kept your game."))

    def relabel(self) -> None:
        """After a language switch: the lesson, the lessons list, the guide and the rules again
        in the new language (the welcome's words are static: ``statictext.apply``)."""
        self.tipper.hide()
        self.lesson.relabel()
        self.guide.relabel()
        self.rules.relabel()

    # ------------------------------------------------------------------ lessons
    def leave_lesson_quietly(self) -> None:
        if self.lesson.active:
            self.lesson.leave()

    def lesson_drawn(self) -> None:
        app = self.app
        if not self.paused_for_lesson and app.loop.state(app.game) == "thinking":
            app.loop.stop()
            self.paused_for_lesson = True
            app.computer.run(app.loop.sync(app.game), app.game)
        app.panel.dismiss()
        self.tipper.hide()
        self.draw_lesson()

    def draw_lesson(self) -> None:
        """The lesson's board, in the one board view (never turned)."""
        app = self.app
        board = el("#board")  # the keyboard's square once the keyboard moved it (not after a tap)
        keyed = document.activeElement == board and bool(board.matches(":focus-visible"))
        app.board_view.show(self.lesson.picture(app.cursor if keyed else None), 0)

    def lesson_left(self) -> None:
        if self.paused_for_lesson:
            self.paused_for_lesson = False
            self.app.loop.resume()
        self.app.sync_loop()

    def draws_board(self) -> bool:
        if not self.lesson.active:
            return False
        self.draw_lesson()
        return True

    # ------------------------------------------------------------------ taps and keys
    def board_shown(self):
        if self.lesson.active:
            return self.lesson.run.board
        return self.app.shown_board()

    def long_press(self, sq: int) -> None:
        board = self.board_shown()
        if sq >= CAMBLAM_OFFSET:  # Camblam's board: its guide, at the piece's kind
            sq -= CAMBLAM_OFFSET
            piece = board.piece_at(sq) if isinstance(board, camblam.Board) else None
            if piece is not None:
                self.guide.open(f"camblam-{piece.kind.letter}",
                                lambda: camblam_guide.tip(board, sq), game="camblam")
            return
        piece = board.piece_at(sq)
        if piece is None:
            return
        self.guide.open(piece.kind.letter, lambda: guide.piece_sentence(board, sq))

    def tip(self, sq: int) -> None:
        """The piece tip for the keyboard's square ``sq`` on the board shown."""
        self.tipper.show(self.tip_square(sq))

    def tip_cell(self, name: str) -> int | None:
        """The piece tip's number for the cell named ``name`` on the board shown (the board
        view's geometry names it)."""
        geometry = self.app.board_view.geometry
        index = None if geometry is None else geometry.index(name)
        return None if index is None else self.tip_square(index)

    def tip_square(self, sq: int) -> int:
        """The piece tip's number for cell ``sq`` of the board shown (Camblam's offset)."""
        return sq + CAMBLAM_OFFSET if self.shown_game() == "camblam" else sq

    def takes_promotion(self, kind) -> bool:
        """The promotion chooser's answer, if a Camblam lesson asked for it."""
        if self.lesson.game != "camblam":
            return False
        self.lesson.promote(kind)
        return True

    def takes_tap(self, sq: int) -> bool:
        if self.tipper.swallow_click():
            return True
        if self.lesson.active:
            self.lesson.tap(sq)
            return True
        app = self.app
        if app.game.rules.key != "djambi":  # Camblam's threat view needs no taps
            return False
        if not self.threats_on or app.viewing is not None or app.picker.active:
            self.focus = None
            return False
        board = app.game.board
        piece = board.piece_at(sq)
        enemy = (piece is not None and piece.alive and not board.is_game_over()
                 and board.controller(piece.party) != board.turn)
        if enemy and self.focus != sq:
            self.focus = sq
            app.refresh()
            return True
        if self.focus is not None:
            self.focus = None
            app.refresh()
            return enemy
        return False

    def on_key(self, key: str) -> bool:
        if not self.lesson.active:
            if key == "Escape" and self.focus is not None:
                self.focus = None
                self.app.refresh()
                return True
            return False
        if key == "Escape":
            self.lesson.cancel()
            return True
        return False

    # ------------------------------------------------------------------ threat view, suggestion
    def toggle_threats(self) -> None:
        self.threats_on = not self.threats_on
        self.focus = None
        button = el("#btn-threats")
        button.setAttribute("aria-pressed", "true" if self.threats_on else "false")
        document.body.classList.toggle("threats-on", self.threats_on)
        self.app.refresh()

    def marks(self, marks: dict[int, str]) -> dict[int, str]:
        """The board's marks with the threat view's and the suggestion's added."""
        app = self.app
        note = el("#threat-note")
        if self.suggested is not None:
            game, revision, move = self.suggested
            if game is app.game and revision == app.game.revision and app.viewing is None:
                marks = threats.suggestion_marks(move, marks)
            else:
                self.suggested = None
        if not self.threats_on or app.viewing is not None or app.game.board.is_game_over():
            note.hidden = True
            note.textContent = ""
            return marks
        board = app.game.board
        marks, words = threats.threat_marks(
            board, board.turn, focus=self.focus, selected=app.picker.piece,
            preview=app.picker.preview(), marks=marks)
        note.textContent = words
        note.hidden = False
        return marks

    def suggest(self) -> None:
        app = self.app
        if self.lesson.active:
            return
        game = app.game
        if app.viewing is not None:
            app.browse_to(None)
        if game.board.is_game_over() or app.loop.state(game) != "idle":
            app.panel.say(_("It is not a human player's turn.") if not game.board.is_game_over()
                          else _("No move to suggest now."))
            return
        key = (game, game.revision)
        if self.searching == key:
            return
        self.searching = key
        el("#btn-suggest").setAttribute("aria-busy", "true")
        app.panel.say(_("The computer is looking for a move…"))
        task = asyncio.ensure_future(self.search(game, game.revision, game.board.copy()))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def search(self, game, revision: int, board) -> None:
        try:
            await asyncio.sleep(0)
            search = game.rules.search(board, SUGGEST_LEVEL, random.randrange(1 << 30))
            while not search.step(SUGGEST_STEP_MS):
                await asyncio.sleep(0)
                if self.app.game is not game or game.revision != revision:
                    return
            move = search.best_move()
            if self.app.game is not game or game.revision != revision:
                return
            self.suggested = (game, revision, move)
            self.app.panel.say(_(threats.SUGGESTION).format(move=board.move_text(move)))
            self.app.draw_board()
        except Exception as exc:  # noqa: BLE001 (shown; nothing is played)
            self.app.panel.say(notices.suggestion_failed(exc))
        finally:
            self.searching = None
            el("#btn-suggest").removeAttribute("aria-busy")


__all__ = ["Learn"]
