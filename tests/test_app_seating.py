"""Seats that change hands (issue 37, point 3): a seat handed to the computer (any level of its
game), taken back by a person here, or taken over here from a remote player, as a step of the
game's history (undone and redone), kept in saves, links and files, and narrated."""

from datetime import datetime

import pytest

from djambi import Move, Party
from app.state import gamefile, linking, remote, seating
from app.state.loop import Cancel, Loop, Start
from app.state.saving import MemoryStorage, load, save
from app.state.seating import SeatStep, SeatStepError
from app.state.session import Game, SaveError, new_game
from app.text.i18n import set_language

OPENING = ("C7-F4", "I7-I6", "I3-I4", "A3-A4")


def played(*texts, seats=None, kind="djambi", rules=None) -> Game:
    game = new_game(False, seats, rules, kind=kind)
    for text in texts:
        game.play(text)
    return game


def fragment(link: str) -> str:
    return link[link.index("#"):]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_every_level_the_game_offers_can_take_a_seat():
    from camblam import ai as camblam_ai
    from djambi import ai as djambi_ai

    djambi, camblam = new_game(), new_game(kind="camblam")
    assert set(djambi.seat_choices()) == {"human", *djambi_ai.LEVELS}
    assert set(camblam.seat_choices()) == {"human", *camblam_ai.LEVEL_NAMES}
    assert "expert" not in camblam.seat_choices()
    with pytest.raises(ValueError):
        camblam.change_seat(1, "expert")


def test_handing_the_seat_to_move_to_the_computer_starts_it_and_undo_brings_the_human_back():
    game = played(*OPENING)  # Red to move, everyone human
    loop = Loop()
    assert loop.sync(game) is None and loop.state(game) == "idle"
    step = game.change_seat(Party.RED, "hard")
    assert step == SeatStep(4, (0,), "human", "hard")
    assert game.seats == ["hard", "human", "human", "human"] and game.computer_to_move()
    assert loop.sync(game) == Start(game.revision)  # the computer starts
    game.play("A7-A6")  # its move (any legal one)
    assert game.board.turn == Party.BLUE
    undone = game.undo()  # its move and the seat change: Red's human is back, to move
    assert undone == [Move.parse("A7-A6"), step]
    assert game.seats == ["human"] * 4 and game.board.turn == Party.RED
    assert len(game.board.move_stack) == 4 and game.can_redo()
    assert game.redo() == [step, Move.parse("A7-A6")]  # both again, as they were
    assert game.seats[0] == "hard" and game.board.turn == Party.BLUE and not game.can_redo()


def test_a_seat_change_alone_is_undone_and_redone_alone():
    game = played(*OPENING)
    step = game.change_seat(Party.YELLOW, "easy")  # not Yellow's turn
    assert game.undo() == [step] and game.seats[2] == "human" and len(game.board.move_stack) == 4
    assert game.redo() == [step] and game.seats[2] == "easy"
    back = game.change_seat(Party.YELLOW, "human")
    assert back == SeatStep(4, (2,), "easy", "human") and game.seat_steps == [step, back]
    assert game.undo() == [back] and game.seats[2] == "easy"


def test_taking_a_seat_back_while_its_computer_thinks_stops_the_search():
    game = played(*OPENING, seats=["easy", "human", "human", "human"])
    loop = Loop()
    assert loop.sync(game) == Start(game.revision) and loop.state(game) == "thinking"
    game.change_seat(Party.RED, "human")
    command = loop.sync(game)
    assert isinstance(command, Cancel) and loop.searching is None
    assert loop.state(game) == "idle" and game.here_to_move()
    # undoing it leaves the computer to move, paused (the player decides)
    game.undo()
    loop.undone(game)
    assert game.seats[0] == "easy" and loop.state(game) == "paused"


def test_a_new_move_or_seat_change_drops_what_was_undone():
    game = played(*OPENING)
    game.change_seat(Party.RED, "normal")
    game.undo()
    game.play("A7-A6")  # a human move instead: the seat change to redo is gone
    assert not game.can_redo() and game.seat_redo == []
    game.undo()
    game.change_seat(Party.BLUE, "hard")
    assert game.redo_moves == [] and not game.can_redo()


def test_a_remote_seat_is_taken_over_here_and_undo_gives_it_back():
    game = new_game(seats=["human", "remote", "human", "human"])
    game.play("C7-F4")
    assert game.remote_to_move() and game.seat_kind(Party.BLUE) == "remote"
    step = game.change_seat(Party.BLUE, "human")
    assert step == SeatStep(1, (1,), "remote", "human")
    assert game.here_to_move() and not game.is_remote_game()
    game.undo()
    assert game.remote_to_move() and game.seat_kind(Party.BLUE) == "remote"
    game.redo()
    level = game.change_seat(Party.BLUE, "normal")  # and then to the computer, here
    assert level.before == "human" and game.computer_to_move()


def test_a_two_by_two_player_hands_both_armies_over():
    game = played(seats=["human"] * 4, rules="two-by-two")
    step = game.change_seat(Party.BLUE, "hard")
    assert step.seats == (1, 3) and game.seats == ["human", "hard", "human", "hard"]
    assert seating.step_sentence(step, Party.BLUE, game.rule_set) == (
        "Player 2 (Blue + Green) is now played by the computer (hard).")


def test_seats_that_cannot_change():
    game = new_game(True)  # the hostage game: Green never plays
    with pytest.raises(ValueError):
        game.change_seat(Party.GREEN, "easy")
    over = played(*OPENING)
    over.agree_draw()
    with pytest.raises(ValueError):
        over.change_seat(Party.RED, "easy")
    assert played().change_seat(Party.RED, "human") is None  # nothing changes: no step


def test_the_narration_in_every_language():
    step = SeatStep(4, (1,), "human", "hard")
    said = {}
    for lang in ("en", "fr", "cs"):
        set_language(lang)
        said[lang] = [seating.step_sentence(s, Party.BLUE) for s in (
            step, step.reverse(), SeatStep(2, (1,), "remote", "human"))]
        said[lang].append(seating.badge_text("hard"))
    assert said["en"] == ["Blue is now played by the computer (hard).",
                          "Blue is played by a person here again.",
                          "Blue is now played on this device.", "hard"]
    assert said["fr"][0] == "Bleu est désormais joué par l'ordinateur (difficile)."
    assert said["cs"][0] == "Modrého teď hraje počítač (těžký)."
    assert said["fr"][1] != said["en"][1] and said["cs"][2] != said["en"][2]


# ---------------------------------------------------------------------------- kept and carried
def stepped_game(kind="djambi") -> Game:
    if kind == "camblam":
        game = played("f3f6", kind="camblam")
        game.change_seat(1, "easy")
        game.play("f10f7")
        game.change_seat(1, "human")
        game.change_seat(0, "random")
        return game
    game = played(*OPENING)
    game.change_seat(Party.RED, "hard")
    game.play("A7-A6")
    game.change_seat(Party.YELLOW, "expert")
    game.change_seat(Party.RED, "human")
    return game


@pytest.mark.parametrize("kind", ["djambi", "camblam"])
def test_saves_keep_the_steps_made_and_undone(kind):
    game = stepped_game(kind)
    game.undo()
    storage = MemoryStorage()
    assert save(storage, game) == ""
    loaded = load(storage)
    assert loaded.resumed and loaded.message == ""
    back = loaded.game
    assert (back.seats, back.here, back.seat_steps, back.seat_redo) == (
        game.seats, game.here, game.seat_steps, game.seat_redo)
    assert back.redo() == game.redo() and back.seats == game.seats


def test_an_old_save_and_a_bad_steps_entry():
    game = stepped_game()
    old = game.to_json().replace(',"seat_steps":"4r:hd.5y:hx.5r:dh"', "")
    assert "seat_steps" not in old
    assert Game.from_json(old).seat_steps == [] and Game.from_json(old).seats == game.seats
    for bad in ("4r:hx", "9r:hd.9y:hx.9r:dh", "4r:hd.3y:hx", "4q:hd", "4r:hh", "4r:ho", "r:hd"):
        text = game.to_json().replace("4r:hd.5y:hx.5r:dh", bad)
        with pytest.raises(SaveError):
            Game.from_json(text)


@pytest.mark.parametrize("kind", ["djambi", "camblam"])
def test_game_and_move_links_carry_the_steps_and_refuse_them_altered(kind):
    game = stepped_game(kind)
    for link in (linking.game_link("https://x/", game), linking.move_link("https://x/", game)):
        assert ";steps=" in link
        back = linking.game_from_link(fragment(link))
        assert back.seats == game.seats and back.seat_steps == game.seat_steps
        altered = link.replace(";steps=4", ";steps=3").replace(";steps=1", ";steps=0")
        with pytest.raises(linking.LinkError, match="incomplete"):
            linking.game_from_link(fragment(altered))
        cut = link[:link.index(";steps=") + 9]
        with pytest.raises(linking.LinkError):
            linking.game_from_link(fragment(cut))
    position = linking.position_link("https://x/", game)
    assert ";steps=" not in position
    assert linking.game_from_link(fragment(position)).seats == game.seats


def test_a_link_round_trip_undoes_as_the_game_did():
    game = stepped_game()
    back = linking.game_from_link(fragment(linking.game_link("https://x/", game)))
    while game.can_undo():
        assert back.undo() == game.undo()
        assert back.seats == game.seats
    assert back.seats == ["human"] * 4 and not back.can_undo()


def test_a_link_with_steps_that_do_not_fit_is_refused():
    game = played(*OPENING)
    for bad in ("5r:hd", "4r:dh", "4q:hd", "4r:hd.3y:hx"):
        body = f"{game.rules.format_compact_game(game.board)};seats=dhhh;steps={bad}"
        with pytest.raises(linking.LinkError):
            linking.game_from_link(linking.checked(body))
    body = f"{game.rules.format_compact_game(game.board)};seats=dhhh;steps=4r:hd"
    assert linking.game_from_link(linking.checked(body)).seat_steps == [
        SeatStep(4, (0,), "human", "hard")]


def test_links_without_steps_keep_their_check():
    game = played(*OPENING, seats=["human", "easy", "human", "hard"])
    link = linking.game_link("https://x/", game)
    code, params = linking.link_parts(fragment(link)[1:])
    assert "steps" not in params
    # the content checked is what it was before steps existed: code, seats, id, name
    assert params["ck"] == linking.link_check(code, params)


def test_a_remote_seat_taken_over_travels_as_a_human_one():
    game = new_game(seats=["human", "remote", "human", "human"])
    game.play("C7-F4")
    game.change_seat(Party.BLUE, "human")
    game.change_seat(Party.BLUE, "hard")
    link = linking.move_link("https://x/", game)
    assert ";steps=1b:hd;" in link  # remote -> human is no change on another device
    back = linking.read_link(fragment(link)).game
    assert back.seat_steps == [SeatStep(1, (1,), "human", "hard")]


@pytest.mark.parametrize("kind", ["djambi", "camblam"])
def test_game_files_carry_the_steps_and_an_old_reader_sees_the_seats_now(kind):
    game = stepped_game(kind)
    text = gamefile.record_text(game, datetime(2026, 11, 27))
    assert '[SeatChanges "' in text
    back = gamefile.game_from_file(text)
    assert back.seats == game.seats and back.seat_steps == game.seat_steps
    without = "\n".join(line for line in text.splitlines() if "SeatChanges" not in line)
    old = gamefile.game_from_file(without)  # as a reader that knows no SeatChanges
    assert old.seats == game.seats and old.seat_steps == []
    bad = text.replace('[SeatChanges "', '[SeatChanges "0r:nd.')
    with pytest.raises(gamefile.FileError):
        gamefile.game_from_file(bad)


def test_a_link_continued_by_remote_play_drops_seat_steps_to_redo():
    game = stepped_game()
    game.undo()
    incoming = linking.read_link(fragment(linking.move_link("https://x/", game))).game
    incoming.play(next(iter(incoming.board.legal_moves)))
    remote.continue_with(game, incoming)
    assert not game.can_redo() and game.seat_redo == []


def test_parse_steps_errors_name_the_step():
    letters = {"r": 0, "b": 1, "y": 2, "g": 3}
    with pytest.raises(SeatStepError, match="4rr"):
        seating.parse_steps("4rr:hd", letters)
    assert seating.parse_steps("", letters) == []
    steps = [SeatStep(0, (0, 2), "human", "random"), SeatStep(12, (1,), "remote", "expert")]
    text = seating.format_steps(steps, "rbyg".__getitem__)
    assert text == "0ry:hr.12b:ox" and seating.parse_steps(text, letters) == steps
