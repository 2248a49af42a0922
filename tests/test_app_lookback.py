"""Looking back through the game (app/state/lookback.py) and the panel's turn words
(app/present/prompts.py): which ply is shown, which buttons are off, why a tap is not played."""

from app.present import prompts
from app.state import lookback
from app.state.loop import Loop
from app.state.session import new_game


def test_clamp_past_the_end_is_the_game_and_before_the_start_is_the_start():
    assert lookback.clamp(None, 5) is None
    assert lookback.clamp(5, 5) is None and lookback.clamp(9, 5) is None
    assert lookback.clamp(-1, 5) == 0
    assert lookback.clamp(0, 5) == 0 and lookback.clamp(4, 5) == 4
    assert lookback.clamp(0, 0) is None  # no moves: the start is the game


def test_steps_go_from_the_ply_shown_and_stop_at_the_start():
    assert lookback.stepped(None, 5, -1) == 4
    assert lookback.stepped(2, 5, -1) == 1
    assert lookback.stepped(0, 5, -1) == 0
    assert lookback.stepped(4, 5, 1) == 5  # then clamp makes it the game
    assert lookback.clamp(lookback.stepped(4, 5, 1), 5) is None


def test_navigation_buttons_are_off_at_the_start_and_at_the_game():
    assert lookback.nav(None, 3) == lookback.Nav(first=False, prev=False, next=True, last=True)
    assert lookback.nav(0, 3) == lookback.Nav(first=True, prev=True, next=False, last=False)
    assert lookback.nav(1, 3) == lookback.Nav(first=False, prev=False, next=False, last=False)
    assert lookback.nav(None, 0) == lookback.Nav(first=True, prev=True, next=True, last=True)


def test_a_tap_is_refused_while_looking_back_with_the_position_named():
    game = new_game()
    assert "the start" in prompts.tap_refusal(game, "idle", 0, 4)
    assert "move 2 of 4" in prompts.tap_refusal(game, "idle", 2, 4)
    assert prompts.browse_text(0, 4) == "The start"
    assert prompts.browse_text(3, 4) == "Move 3 of 4"


def test_a_tap_goes_to_the_picker_only_when_a_human_here_is_to_move():
    humans = new_game()
    assert prompts.tap_refusal(humans, Loop().state(humans), None, 0) is None
    computers = new_game(seats=["easy", "human", "human", "human"])
    loop = Loop()
    assert prompts.tap_refusal(computers, loop.state(computers), None, 0) == "It is the computer's turn."
    loop.stop()
    assert "Let it play" in prompts.tap_refusal(computers, loop.state(computers), None, 0)
    remote = new_game(seats=["remote", "human", "human", "human"])
    assert Loop().state(remote) == "waiting"
    refusal = prompts.tap_refusal(remote, "waiting", None, 0)
    assert refusal and "Red" in refusal


def test_the_turn_prompt_follows_the_loop_and_the_picker():
    game = new_game(seats=["easy", "human", "human", "human"])
    assert prompts.turn_prompt(game, "thinking", "picker") == "The computer is thinking."
    assert "Let it play" in prompts.turn_prompt(game, "paused", "picker")
    assert prompts.turn_prompt(new_game(), "idle", "Choose a piece") == "Choose a piece"
    game = new_game()
    game.agree_draw()
    assert prompts.tap_refusal(game, "idle", None, 0) == "The game is over. Undo, or start a new game."
    assert prompts.turn_prompt(game, "idle", "picker") != "picker"
