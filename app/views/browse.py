"""Drawing and looking back: the board and the panel drawn from the game's state, and browsing the
history (a past position shown read-only).

A part of the page's controller (``app.main.App`` mixes it in): it works on the ``App``'s
attributes and carries out what the pure layers decide."""

from __future__ import annotations

from pyscript import document

from app.present import prompts, render
from app.games.camblam import render as camblam_render
from app.games.camblam import threats as camblam_threats
from app.state import lookback, settings as prefs
from app.views import remote
from app.views.dom import el


class BrowseControl:
    def refresh(self) -> None:
        self.history.update(self.game.board)
        self.moves.draw(self.history.plies)
        self.draw_board()
        self.draw_panel()
        self.review.on_view(self.viewing)  # a reviewed move's better move, drawn on the board
        if remote.CHANNEL is not None:
            # The panel around the lists is drawn: the lists that follow the game show their end,
            # in the same batch of the page's changes (with Python in a worker, the later task of
            # MoveList.draw can come long after the page has drawn the move; on the page it is
            # the next task, and this would lay the page out once more in every draw).
            self.moves.keep_end()

    def shown_board(self):
        if self.viewing is None:
            return self.game.board
        return self.history.board_at(self.viewing)

    def draw_board(self) -> None:
        """The board shown (the game, or a past position), in the one board view: the game's
        renderer makes its picture from the position and the marks, the view draws it turned."""
        if self.learn.draws_board():  # a lesson is shown, on its own game's board
            return
        rotation = prefs.board_rotation(self.game, self.settings.rotate, self.board_view.rotation)
        browsing = self.viewing is not None
        if self.game.rules.key == "camblam":
            picture = self.camblam_picture()
        else:
            picture = self.djambi_picture()
        self.board_view.show(picture, rotation)
        document.body.classList.toggle("browsing", browsing)
        el("#browse-bar").hidden = not browsing
        if browsing:
            el("#browse-text").textContent = prompts.browse_text(self.viewing, len(self.history.plies))
        self.moves.mark_viewed(self.viewing)

    def djambi_picture(self):
        """Djambi's board: the players' latest moves, the threat view and a suggested move
        (``self.learn``), and while a human here is to move, the move picker's marks."""
        game, picker = self.game, self.picker
        tags = render.move_marks((p.player, p.move) for p in self.history.recent(self.viewing))
        tags = self.learn.marks(tags)
        if self.viewing is not None:
            return render.picture(render.square_views(self.shown_board(), show_mine=False, marks=tags))
        human = self.loop.state(game) == "idle"
        return render.picture(render.cell_views(game.board, render.picker_marks(picker, cursor=self.cursor, tags=tags),
                                                preview=picker.preview(), show_mine=human))

    def camblam_picture(self):
        """Camblam's board: the position shown, its last move and check, the threat view and a
        suggested move (``self.learn``'s switches, as for Djambi), and while a human here is to
        move, the move picker's marks."""
        board = self.shown_board()
        browsing = self.viewing is not None
        focused = document.activeElement == el("#board")
        extra = {"last": camblam_render.last_move_squares(board),
                 "check": camblam_render.check_square(board),
                 "cursor": self.cursor if focused and not browsing else None}
        learn, note = self.learn, el("#threat-note")
        if learn.suggested is not None:
            game, revision, move = learn.suggested
            if game is self.game and revision == self.game.revision and not browsing:
                extra["suggested"] = camblam_threats.suggestion_squares(move)
            else:
                learn.suggested = None
        if learn.threats_on and not browsing and not board.is_game_over():
            view = camblam_threats.threat_view(board, board.turn)
            extra.update(threatened=view.threatened, attackers=view.attackers)
            note.textContent = view.words
            note.hidden = False
        else:
            note.hidden = True
            note.textContent = ""
        if browsing or self.loop.state(self.game) != "idle":
            marks = camblam_render.Marks(**extra)
        else:
            marks = self.picker.marks(**extra)
        return camblam_render.picture(board, marks)

    def draw_panel(self) -> None:
        game, picker = self.game, self.picker
        over = game.board.is_game_over()
        state = self.loop.state(game)
        prompt = prompts.turn_prompt(game, state, picker.prompt())
        self.panel.draw_turn(game, prompt, state, picker.active, picker.can_skip())
        self.panel.draw_players(game)
        self.panel.draw_notices(game, self.history.plies, self.computer.pace_ms == 0)
        el("#btn-undo").disabled = not game.can_undo()
        el("#btn-redo").disabled = not game.can_redo()
        el("#btn-draw").disabled = over or not self.human_players()
        el("#btn-resign").hidden = not game.rules.can_resign
        el("#btn-resign").disabled = not game.can_resign()
        nav = lookback.nav(self.viewing, len(self.history.plies))
        el("#btn-first").disabled = nav.first
        el("#btn-prev").disabled = nav.prev
        el("#btn-next").disabled = nav.next
        el("#btn-last").disabled = nav.last
        # The panel's parts above the lists may have grown (a player out, a notice): the lists
        # that follow the game show their end again.
        self.moves.keep_end()

    def browse_to(self, ply: int | None) -> None:
        """Show the board after ``ply`` moves (read-only); ``None`` or the last ply: the game."""
        ply = lookback.clamp(ply, len(self.history.plies))
        if ply == self.viewing:
            return
        self.viewing = ply
        self.board_view.finish()
        if ply is not None:
            self.picker.reset(self.game.board)
        self.refresh()

    def browse_step(self, step: int) -> None:
        self.browse_to(lookback.stepped(self.viewing, len(self.history.plies), step))
