"""Games across devices (app.state.remote, the remote seats of session.Game, app.state.loop's waiting state)
and several games in storage (app.state.library): migration, the index, the quota, delete and undo."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playouts import scaled
from djambi import Party
from app.state import library
from app.present import gameslist, remotewords
from app.state import remote
from app.state import session
from app.state import linking
from app.state import saving
from app.state.loop import Cancel, Loop, Start

BASE = "https://example.org/"


def link_of(game: session.Game) -> session.Game:
    """The game as another device reads it from the move link."""
    linked = linking.read_link(linking.move_link(BASE, game).split("#", 1)[1])
    assert linked.shared
    return linked.game


def two_devices():
    """Red here on device A; Blue remote (device B); Yellow a computer; Green remote (device B)."""
    a = session.new_game(seats=["human", "remote", "easy", "remote"])
    a.name = "Friday"
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    return a, b


def test_a_remote_seat_is_neither_a_computer_nor_playable_here():
    a, _ = two_devices()
    loop = Loop()
    assert a.here_to_move() and not a.remote_to_move() and loop.state(a) == "idle"
    a.play("C7-F4")  # Red, here
    assert a.remote_to_move() and not a.computer_to_move() and not a.here_to_move()
    assert loop.sync(a) is None and loop.state(a) == "waiting"
    assert remote.should_send(a, moved_here=True) and not remote.should_send(a, moved_here=False)
    a.play_here_once()  # the deliberate override
    assert a.here_to_move() and not a.remote_to_move() and loop.state(a) == "idle"
    a.touch()
    assert a.remote_to_move()


def test_computers_play_on_the_device_of_the_player_before_them():
    a, b = two_devices()
    a.play("C7-F4")  # Red on A
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    assert b.here_to_move()  # Blue's turn on B
    b.play("G7-D4")  # Blue on B: next is Yellow, a computer, played on B
    assert b.computer_to_move() and isinstance(Loop().sync(b), Start)
    back = link_of(b)
    arrived = remote.arrival(back, [("slotA", a)])
    assert arrived.kind == remote.EXTENDS
    remote.continue_with(a, back)
    assert not a.computer_to_move() and a.remote_to_move()  # A waits: B plays Yellow
    assert Loop().state(a) == "waiting"


def test_a_computer_moving_first_plays_where_the_game_started():
    a = session.new_game(seats=["normal", "remote", "human", "remote"])
    assert a.computer_to_move()
    b = remote.join(link_of(a), [Party.BLUE])
    assert not b.computer_to_move() and b.remote_to_move()


def test_arrivals_new_extends_same_older_diverges():
    a, b = two_devices()
    assert remote.arrival(link_of(a), []).kind == remote.NEW
    a.play("C7-F4")
    old = link_of(a)
    assert remote.arrival(old, [("A", a)]).kind == remote.SAME
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    b.play("G7-D4")
    newer = link_of(b)
    assert remote.arrival(newer, [("A", a)]) == remote.Arrival(remote.EXTENDS, "A", 1)
    remote.continue_with(a, newer)
    assert remote.arrival(old, [("A", a)]).kind == remote.OLDER
    # someone else played Blue from the same position: a different move
    fork = link_of(b)
    fork.board.pop()
    fork.board.push(fork.board.parse_move("I7-I6"))
    arrived = remote.arrival(fork, [("A", a)])
    assert arrived == remote.Arrival(remote.DIVERGES, "A", 1)
    name = remote.version_name(a.name, [a.name])
    text = remotewords.divergence(a, fork, arrived.common, name)
    assert "from move 2" in text and "Blue I7-I6" in text and "Blue G7-D4" in text
    assert "Friday (version 2)" in text and "Both versions are kept" in text
    kept = remote.other_version(a, fork, name)
    assert kept.id == a.id and kept.here == a.here and kept.name == "Friday (version 2)"
    # a later link extending the fork continues the fork, not the original
    fork_next = link_of(kept)
    fork_next.board.push(fork_next.board.generate_legal_moves()[0])
    assert remote.arrival(fork_next, [("A", a), ("F", kept)]).slot == "F"


def test_a_game_of_another_id_is_new():
    a, _ = two_devices()
    other = session.new_game()
    assert remote.arrival(link_of(other), [("A", a)]).kind == remote.NEW


def test_the_narration_says_who_moved_and_whose_turn_it_is():
    a, b = two_devices()
    a.play("C7-F4")
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    text = remotewords.continued(b, 0)
    assert text == ("Your move as Blue: play it, then send the link back to Red. "
                    "Red moved the necromobile from C7 to F4.")  # what to do first
    assert remotewords.continued(b, 0, opened="Game 1").startswith(
        "Your move as Blue: play it, then send the link back to Red. Opened “Game 1”. Red moved")
    b.play("G7-D4")
    text = remotewords.continued(b, 1)
    assert "Blue moved" in text and "on the other device" not in text  # Yellow plays here
    assert remotewords.whose_turn(a) == "Blue is to move on the other device: wait for their link."


def test_joining_asks_only_for_human_seats_and_keeps_the_hostage_here():
    game = session.new_game(hostage=True, seats=["human", "remote", "hard", "human"])
    assert remote.seats_to_ask(link_of(game)) == [Party.RED, Party.BLUE]
    joined = remote.join(link_of(game), [Party.BLUE])
    assert joined.here == frozenset({int(Party.BLUE), int(Party.GREEN)})
    assert joined.remote_seats() == [Party.RED]


def test_save_keeps_id_name_and_seats_here():
    a, b = two_devices()
    again = session.Game.from_json(b.to_json())
    assert (again.id, again.name, again.here, again.made_here) == (b.id, "Friday", b.here, False)
    assert again.remote_seats() == [Party.RED]


# ---------------------------------------------------------------------------- storage
class SmallStorage(saving.MemoryStorage):
    """A storage with a quota, like localStorage's."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded.")
        super().set(key, value)


def test_the_single_saved_game_is_migrated_without_loss():
    storage = saving.MemoryStorage()
    old = session.new_game(seats=["human", "hard", "human", "human"])
    old.play("C7-F4")
    storage.set(saving.STORAGE_KEY, old.to_json().replace('"version":2', '"version":1'))
    lib = library.Library(storage)
    slot, keeper, loaded = lib.open()
    assert loaded.game.game_code() == "G1~start~C7-F4" and loaded.game.seats[1] == "hard"
    assert loaded.game.name == "Game 1" and not loaded.message
    assert storage.get(saving.STORAGE_KEY) is None
    assert lib.slots() == [slot] and lib.current() == slot
    assert session.Game.from_json(storage.get(library.game_key(slot))).game_code() == "G1~start~C7-F4"


def test_migration_that_does_not_fit_keeps_the_old_game():
    old = session.new_game()
    old.play("C7-F4")
    text = old.to_json()
    storage = SmallStorage(len(text) + len(saving.STORAGE_KEY) + 10)
    storage.set(saving.STORAGE_KEY, text)
    _, _, loaded = library.Library(storage).open()
    assert "kept where it was" in loaded.message
    assert storage.get(saving.STORAGE_KEY) == text


def test_bad_old_data_is_set_aside_in_the_games_list():
    storage = saving.MemoryStorage({saving.STORAGE_KEY: "{not json"})
    lib = library.Library(storage)
    _, _, loaded = lib.open()
    assert "could not be read, so a new game started. It is kept, set aside" in loaded.message
    [(slot, found)] = lib.read_all()
    assert found.aside and found.text == "{not json" and storage.get(saving.STORAGE_KEY) is None
    assert "{not json" not in loaded.message and "djambi." not in loaded.message  # no raw text, no key


def test_a_camblam_resignation_travels_in_the_last_link():
    """Black resigns on device B: the link of that end tells A, whose copy ends the same way
    (a resignation, White the winner), not as a draw."""
    a = session.new_game(seats=["human", "remote"], kind="camblam")
    a.play("f3f6")
    b = remote.join(link_of(a), [1])
    assert b.can_resign() and not a.can_resign()
    b.resign()
    assert remote.should_send(b, moved_here=True)
    assert remotewords.send_texts(b)[0] == "Send the last move"
    incoming = link_of(b)
    assert incoming.game_code() == "C1~start~f3f6~b-resigns"
    assert remote.arrival(incoming, [("A", a)]) == remote.Arrival(remote.EXTENDS, "A", 1)
    remote.continue_with(a, incoming)
    outcome = a.board.outcome()
    assert outcome.termination.value == "resignation" and int(outcome.winner) == 0
    assert a.game_code() == "C1~start~f3f6~b-resigns"
    assert remotewords.continued(a, 1) == "Game over: White wins."
    assert remote.arrival(incoming, [("A", a)]).kind == remote.SAME  # opened again: nothing new


def test_a_link_that_ends_the_game_tells_the_end_once():
    """The mating move's narration says the end; nothing repeats it after."""
    start = "C1." + "k11/10R1/12/12/12/12/12/12/12/12/12/6K4R w 0 1".replace(" ", ".")
    a = session.new_game(seats=["human", "remote"], kind="camblam")
    a.board = a.rules.parse_position(start)
    b = remote.join(link_of(a), [1])
    a.play("l1l12")  # mate
    assert remote.should_send(a, moved_here=True)
    remote.continue_with(b, link_of(a))
    text = remotewords.continued(b, 0)
    assert text == "White's rook moves from l1 to l12. Black is in check. Checkmate: White wins."


def three_games(storage):
    lib = library.Library(storage)
    slots = []
    for i, seats in enumerate((["human"] * 4, ["human", "remote", "easy", "remote"], ["human"] * 4)):
        slot = library.new_slot()
        game = session.new_game(seats=seats)
        game.name = lib.next_name()
        game.updated = f"2026-01-0{i + 1}T10:00:00"
        if i == 1:
            game.play("C7-F4")
        if i == 2:
            game.agree_draw()
        assert lib.keeper(slot).save(game) == ""
        slots.append(slot)
    return lib, slots


def test_the_games_list_with_three_games():
    storage = saving.MemoryStorage()
    lib, slots = three_games(storage)
    entries = gameslist.entries(lib, "unfinished")
    assert [e.name for e in entries] == ["Game 2", "Game 1", "Game 3"]  # in progress, newest first
    assert entries[0].status == "Blue to move (on another device)" and entries[0].waiting
    assert entries[0].last_move == "Red C7-F4"
    assert entries[2].over and entries[2].status.startswith("Game over: draw")
    assert lib.rename(slots[0], "  Sunday\n  game ") == ""
    assert lib.read(slots[0]).name == "Sunday game"
    deleted = lib.delete(slots[1])
    assert [e.name for e in gameslist.entries(lib, "unfinished")] == ["Sunday game", "Game 3"]
    assert storage.get(library.game_key(slots[1])) is None
    assert lib.restore(deleted) == ""
    assert lib.slots() == slots[::-1] or set(lib.slots()) == set(slots)
    assert lib.read(slots[1]).game_code() == "G1~start~C7-F4"


def test_an_unreadable_game_gets_a_human_name_and_no_internal_id():
    storage = saving.MemoryStorage()
    lib, slots = three_games(storage)
    storage.set(library.game_key(slots[1]), "{broken")
    broken = [e for e in gameslist.entries(lib) if not e.readable]
    assert len(broken) == 1 and broken[0].slot == slots[1]
    assert broken[0].name == "Game 2"  # as the games index knows it
    assert broken[0].status == "Could not be read." and broken[0].problem
    for text in (broken[0].name, broken[0].status):
        assert slots[1] not in text and library.game_key(slots[1]) not in text and "djambi." not in text


def test_a_bad_save_message_names_no_storage_key():
    storage = saving.MemoryStorage()
    storage.set(saving.STORAGE_KEY, "{broken")
    loaded = saving.load(storage)
    assert "could not be loaded" in loaded.message and "kept aside" in loaded.message
    assert "djambi." not in loaded.message and saving.BACKUP_KEY not in loaded.message
    assert storage.get(saving.BACKUP_KEY) == "{broken"


def test_an_unreadable_index_is_rebuilt_from_the_game_keys():
    storage = saving.MemoryStorage()
    lib, slots = three_games(storage)
    storage.set(library.INDEX_KEY, "garbage")
    assert sorted(lib.slots()) == sorted(slots)
    assert storage.get(library.INDEX_KEY + ".backup") == "garbage"


def test_a_full_storage_says_so_and_loses_nothing():
    storage = SmallStorage(2_000)
    lib = library.Library(storage)
    slot, keeper, loaded = lib.open()
    game = loaded.game
    assert keeper.save(game) == ""
    saved = storage.get(library.game_key(slot))
    storage.set("filler", "x" * (2_000 - sum(len(k) + len(v) for k, v in storage.data.items()) - 10))
    for move in ("C7-F4", "G7-D4", "I3-I4"):
        game.play(move)
    problem = keeper.save(game)
    assert "storage for the page is full" in problem and "Nothing is lost" in problem
    assert storage.get(library.game_key(slot)) == saved  # the last saved copy is kept
    assert len(game.board.move_stack) == 3  # and the game is still here
    storage.remove("filler")
    assert keeper.save(game) == ""
    assert lib.read(slot).game_code() == "G1~start~C7-F4~G7-D4~I3-I4"


def test_two_tabs_on_one_game_never_overwrite_each_other():
    storage = saving.MemoryStorage()
    lib = library.Library(storage)
    slot, mine, loaded = lib.open()
    assert mine.save(loaded.game) == ""
    _, theirs, their_loaded = lib.open(slot)
    their_loaded.game.play("C7-F4")
    assert theirs.save(their_loaded.game) == ""
    loaded.game.play("A7-A6")
    assert mine.save(loaded.game) == "" and mine.conflict
    assert lib.read(slot).game_code() == "G1~start~C7-F4"
    other_slot, other, other_loaded = lib.open(library.new_slot())
    assert other.save(other_loaded.game) == "" and not other.conflict  # another game: no conflict


@pytest.mark.parametrize("text", [
    json.dumps({"format": "djambi-save", "version": 2, "game": "G1~start", "seats": ["human"] * 4,
                "id": "<x>", "here": "rbyg"}),
    json.dumps({"format": "djambi-save", "version": 2, "game": "G1~start", "seats": ["human"] * 4,
                "id": "abcdefgh", "here": "rq"}),
])
def test_bad_version_2_saves_are_refused(text):
    with pytest.raises(session.SaveError):
        session.Game.from_json(text)


# ---------------------------------------------------------------------------- the loop, with remote seats
@given(seed=st.integers(0, 2**20),
       seats=st.lists(st.sampled_from(["human", "remote", "easy"]), min_size=4, max_size=4),
       actions=st.lists(st.sampled_from(["here", "link", "search", "override", "undo"]), max_size=40))
@scaled(0.5)
def test_the_loop_never_thinks_for_another_device(seed, seats, actions):
    """Whatever happens, a search runs exactly when a computer of this device is to move; while
    another device is to move the state is ``waiting`` and nothing runs."""
    rng = random.Random(seed)
    game = session.new_game(seats=seats)
    loop, running = Loop(), set()

    def run(command) -> None:
        if isinstance(command, Start):
            running.add(command.token)
        elif isinstance(command, Cancel):
            running.discard(command.token)

    run(loop.sync(game))
    for action in actions:
        legal = game.board.generate_legal_moves() if not game.board.is_game_over() else []
        if action == "here" and not game.board.is_game_over() and loop.state(game) == "idle":
            game.play(rng.choice(legal))
            loop.human_moved()
        elif action == "link" and game.remote_to_move():  # the other device's move arrives
            incoming = session.Game(game.board.copy(), list(game.seats), id=game.id)
            incoming.board.push(rng.choice(legal))
            assert remote.arrival(incoming, [("s", game)]).kind == remote.EXTENDS
            remote.continue_with(game, incoming)
            loop.human_moved()
        elif action == "search" and running:
            token = running.pop()
            if loop.finished(token, game):
                game.play(rng.choice(legal))
        elif action == "override" and loop.state(game) == "waiting":
            game.play_here_once()
        elif action == "undo" and game.can_undo():
            game.undo()
            loop.undone(game)
        run(loop.sync(game))
        state = loop.state(game)
        assert (state == "waiting") == game.remote_to_move()
        assert (loop.searching is not None) == (game.computer_to_move() and not loop.paused)
        if game.remote_to_move():
            assert loop.searching is None and not game.here_to_move()


# ---------------------------------------------------------------------------- keeping up (issue 37)
def test_a_dialog_about_a_move_is_overtaken_by_a_move_an_undo_another_game_or_a_link():
    a, _ = two_devices()
    a.play("C7-F4")
    about = remote.moment(a, "slotA")
    assert not remote.overtaken(about, remote.moment(a, "slotA"))
    assert not remote.overtaken(None, remote.moment(a, "slotA"), link_opened=True)  # no dialog
    assert remote.overtaken(about, remote.moment(a, "slotA"), link_opened=True)  # a newer link
    assert remote.overtaken(about, remote.moment(a, "slotB"))  # another stored game (a version)
    assert remote.overtaken(about, remote.moment(session.new_game(), "slotA"))  # a new game
    back = link_of(a)
    back.board.play("G7-D4")  # the reply came
    remote.continue_with(a, back)
    assert remote.overtaken(about, remote.moment(a, "slotA"))
    a.undo()
    assert not remote.overtaken(about, remote.moment(a, "slotA"))  # back at the same move
    a.undo()
    assert remote.overtaken(about, remote.moment(a, "slotA"))  # an undo
    a.redo()
    assert not remote.overtaken(about, remote.moment(a, "slotA"))
    other = session.new_game(seats=["human", "remote", "human", "human"])
    other.id = a.id
    other.play("C7-D6")  # the same id and move count, another move: another game
    assert remote.overtaken(about, remote.moment(other, "slotA"))
    a.agree_draw()  # the game ended without a move
    assert remote.overtaken(about, remote.moment(a, "slotA"))


def test_a_link_identical_but_for_its_seats_is_the_stored_game():
    stored = session.new_game()
    for move in ("C7-F4", "G7-D4"):
        stored.play(move)
    fresh = session.new_game()
    link = linking.read_link(linking.game_link(BASE, stored).split("#", 1)[1]).game
    link.seats = ["human", "human", "easy", "hard"]
    assert remote.saved_copy(link, [("new", fresh), ("old", stored)]) == "old"
    revision = stored.revision
    assert remote.reseat(stored, link.seats) and stored.seats == ["human", "human", "easy", "hard"]
    assert stored.revision != revision and stored.is_computer(Party.GREEN)
    assert not remote.reseat(stored, link.seats)  # nothing more to change
    longer = session.Game(link.board.copy(), link.seats)
    longer.play("I3-I4")
    assert remote.saved_copy(longer, [("old", stored)]) is None  # more moves: another game
    position = linking.read_link(linking.position_link(BASE, stored).split("#", 1)[1]).game
    assert remote.saved_copy(position, [("old", stored)]) is None  # a position has no moves
    hostage = session.new_game(hostage=True)
    hostage.play("C7-F4")
    seats = ["easy", "human", "human", "easy"]
    assert remote.reseat(hostage, seats) and hostage.seats[int(Party.GREEN)] == "human"


def test_whoever_receives_a_link_reads_what_to_do_next():
    a, b = two_devices()  # Red on A; Blue and Green on B; Yellow a computer
    a.play("C7-F4")
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    step = remote.next_step(b)
    assert step == remote.NextStep(remote.YOURS, Party.BLUE, Party.RED, back=True)
    assert remotewords.whose_turn(b) == "Your move as Blue: play it, then send the link back to Red."
    assert remotewords.whose_turn(a) == "Blue is to move on the other device: wait for their link."
    b.play("G7-D4")  # Yellow, the computer, plays on B
    assert remote.next_step(b) == remote.NextStep(remote.COMPUTER, Party.YELLOW, computer=True)
    assert remotewords.whose_turn(b) == "Yellow (computer) is to move: it plays on this device."
    back = link_of(b)
    remote.continue_with(a, back)
    assert remotewords.whose_turn(a) == "Yellow (computer) moves on the other device: wait for its link."
    # Three devices: Blue sends on to Green's device, not back to Red's.
    three = session.new_game(seats=["human", "remote", "remote", "remote"])
    three.play("C7-F4")
    blue = remote.join(link_of(three), [Party.BLUE])
    assert remotewords.whose_turn(blue) == "Your move as Blue: play it, then send the link to Yellow."
    # A game link (every seat on this device), and a game over.
    alone = session.new_game(seats=["human", "human", "easy", "human"])
    alone.name = "Sunday"
    assert remotewords.whose_turn(alone) == "Red is to move: play the move on this device."
    alone.agree_draw()
    assert remote.next_step(alone).kind == remote.OVER
    assert remotewords.reopened(alone, True).startswith(
        "“Sunday” is already in your games: it is open with the link's seats, nothing was copied.")


def test_what_to_do_next_in_french_and_czech():
    from app.text import i18n

    a, b = two_devices()
    a.play("C7-F4")
    b = remote.join(link_of(a), [Party.BLUE, Party.GREEN])
    try:
        i18n.set_language("fr")
        assert remotewords.whose_turn(b) == ("À vous de jouer pour Bleu : jouez votre coup, "
                                             "puis renvoyez le lien à Rouge.")
        assert remotewords.whose_turn(a) == ("Bleu est au trait sur l'autre appareil : "
                                             "attendez son lien.")
        i18n.set_language("cs")
        assert remotewords.whose_turn(b) == ("Hrajete za Modrého: zahrajte svůj tah a pak pošlete "
                                             "odkaz zpět pro Červeného.")
        assert remotewords.whose_turn(a) == "Na tahu je Modrý na druhém zařízení: počkejte na jeho odkaz."
    finally:
        i18n.set_language("en")
