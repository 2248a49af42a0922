"""The computer loop never gets stuck (issue 10): ``app.state.loop`` on real games, by tables and by
random sequences of every action a player can take, in any order."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.state import session
from app.state import linking
from app.state import seating
from app.state.loop import Cancel, Loop, Start

HUMAN, NORMAL = seating.HUMAN, "normal"


class Page:
    """The page's side of the loop, without a browser: it runs what the loop commands, plays a
    random legal move when a search 'finishes', and applies the buttons the way ``app.main`` does."""

    def __init__(self, seats: list[str], seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.loop = Loop()
        self.game = session.new_game(False, seats)
        self.running: set[int] = set()  # searches under way (their tokens)
        self.played_by_computer = 0
        self.loop.reset()
        self.run(self.loop.sync(self.game))

    def run(self, command) -> None:
        if isinstance(command, Start):
            self.running.add(command.token)
        elif isinstance(command, Cancel):
            self.running.discard(command.token)

    # the actions
    def search_done(self) -> None:
        if not self.running:
            return
        token = self.rng.choice(sorted(self.running))
        self.running.discard(token)
        if self.loop.finished(token, self.game):
            self.game.play(self.rng.choice(self.game.board.generate_legal_moves()))
            self.played_by_computer += 1
        self.run(self.loop.sync(self.game))

    def search_fails(self) -> None:
        if self.running:
            token = max(self.running)
            self.running.discard(token)
            self.loop.failed(token)
            self.run(self.loop.sync(self.game))

    def human_move(self) -> None:
        if self.game.board.is_game_over() or self.game.computer_to_move():
            return  # the page refuses taps then
        self.game.play(self.rng.choice(self.game.board.generate_legal_moves()))
        self.loop.human_moved()
        self.run(self.loop.sync(self.game))

    def undo(self) -> None:
        if self.game.can_undo():
            self.game.undo()
            self.loop.undone(self.game)
            self.run(self.loop.sync(self.game))

    def redo(self) -> None:
        if self.game.can_redo():
            self.game.redo()
            self.run(self.loop.sync(self.game))

    def new_game(self) -> None:
        seats = [self.rng.choice([HUMAN, NORMAL, "easy"]) for _ in range(4)]
        self.game = session.new_game(self.rng.random() < 0.3, seats)
        self.loop.reset()
        self.run(self.loop.sync(self.game))

    def open_link(self) -> None:
        link = linking.game_link("http://x/", self.game)
        game = linking.game_from_link("#" + link.split("#", 1)[1])
        assert game is not None
        self.game = game
        self.loop.reset()
        self.run(self.loop.sync(self.game))

    def stop(self) -> None:
        self.loop.stop()
        self.run(self.loop.sync(self.game))

    def resume(self) -> None:
        self.loop.resume()
        self.run(self.loop.sync(self.game))

    def setting(self) -> None:
        self.run(self.loop.sync(self.game))

    def draw(self) -> None:
        if not self.game.board.is_game_over():
            self.game.agree_draw()
            self.run(self.loop.sync(self.game))

    # what must hold after every action
    def check(self) -> None:
        wants = self.game.computer_to_move() and not self.loop.paused
        current = self.loop.searching == self.game.revision
        assert wants == (self.loop.searching is not None), (wants, self.loop)
        if wants:
            assert current and self.game.revision in self.running, "a computer is to move and nothing thinks"
        assert self.loop.state(self.game) in ("idle", "thinking", "paused")
        if self.loop.state(self.game) == "paused":
            assert self.loop.paused and self.game.computer_to_move()


ACTIONS = ["search_done", "search_done", "search_done", "search_fails", "human_move", "human_move",
           "undo", "redo", "new_game", "open_link", "stop", "resume", "setting", "draw"]


@settings(max_examples=150)
@given(seed=st.integers(0, 2**20), actions=st.lists(st.sampled_from(ACTIONS), max_size=60),
       seats=st.lists(st.sampled_from([HUMAN, NORMAL]), min_size=4, max_size=4))
def test_the_loop_never_waits_for_a_search_nobody_started(seed, actions, seats):
    page = Page(seats, seed)
    page.check()
    for action in actions:
        getattr(page, action)()
        page.check()


def test_the_stall_of_issue_10_undo_while_a_computer_thinks_then_redo():
    page = Page([HUMAN, NORMAL, NORMAL, NORMAL])
    page.game.play("C7-F4")
    page.loop.human_moved()
    page.run(page.loop.sync(page.game))
    assert page.loop.state(page.game) == "thinking" and page.running
    page.undo()  # while Blue thinks
    assert page.loop.state(page.game) == "idle" and page.loop.searching is None
    page.redo()
    assert page.loop.state(page.game) == "thinking", "Blue must think again after Redo"
    page.check()
    page.search_done()  # Blue's search was for the position after Redo: its move is played
    assert len(page.game.board.move_stack) == 2
    page.check()


def test_a_stale_search_is_never_played():
    page = Page([HUMAN, NORMAL, HUMAN, HUMAN])
    page.game.play("C7-F4")
    page.loop.human_moved()
    page.run(page.loop.sync(page.game))
    stale = page.loop.searching
    page.undo()
    page.redo()
    assert page.loop.searching != stale
    assert page.loop.finished(stale, page.game) is False  # its move is for an older revision
    page.check()


def test_undo_in_an_all_computer_game_pauses_and_let_it_play_resumes():
    page = Page([NORMAL] * 4)
    for _ in range(3):
        page.search_done()
    assert len(page.game.board.move_stack) == 3
    page.undo()
    assert page.loop.state(page.game) == "paused" and not page.running
    page.resume()
    assert page.loop.state(page.game) == "thinking" and page.running
    page.check()


def test_stop_then_new_game_plays_on():
    page = Page([NORMAL, HUMAN, HUMAN, HUMAN])
    assert page.loop.state(page.game) == "thinking"
    page.stop()
    assert page.loop.state(page.game) == "paused" and page.loop.searching is None
    page.new_game()
    page.check()
    assert not page.loop.paused


def test_a_failed_search_pauses_instead_of_hanging():
    page = Page([NORMAL, HUMAN, HUMAN, HUMAN])
    page.search_fails()
    assert page.loop.state(page.game) == "paused"
    page.resume()
    assert page.loop.state(page.game) == "thinking"
    page.check()


def test_revisions_are_unique_across_games():
    a, b = session.new_game(), session.new_game()
    assert a.revision != b.revision
    before = a.revision
    a.play("C7-F4")
    assert a.revision > before and a.revision != b.revision
