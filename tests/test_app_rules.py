"""Rule options in the app (issue 25, points 3 and 4): a game's rule set travels with it through
links, saved state, files, the Games list and remote play; texts made before rule options open
unchanged; a bad rule text opens nothing and names what it did not understand."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from djambi import Board, Move, Party, parse_square
from djambi.narrate import describe_move
from djambi.rules import OPTIONS, PRESETS, STANDARD, Rules
from app.learn import lessons
from app.present import ruletext, words
from app.present import gameslist
from app.state import gamefile, library, linking, remote, saving, session
from test_rules_options import OUT_RING, REPORTER_BOARD, STUCK, pos

BASE = "https://x/"

# Made by the app's state functions before rule options existed (integ2 at 1bea21e: a game of
# five moves, seats human/easy/human/normal, id k3Jd9aQx, named "Game 2"; a hostage game).
OLD_GAME_LINK = "https://x/#G2~start~5.6LaI;seats=hehn"
OLD_MOVE_LINK = "https://x/#G2~start~5.6LaI;seats=hehn;id=k3Jd9aQx;name=Game%202"
OLD_POSITION_LINK = ("https://x/#P1.rCrArM3bMbAbC/rRrPrM3bMbPbR/1rM5bMbM/rM8/9/2gNbN1rNyN2/"
                     "gMgM5yMyM/gRgPgM3yMyPyR/gCgAgM3yMyAyC.rbyg.b.5;seats=hehn")
OLD_HOSTAGE_LINK = "https://x/#G2~hostage~2.K;seats=hdhh"
OLD_G1_LINK = "https://x/#G1~start~C7-F4~G7-D4;seats=hnnn"
OLD_SAVE = (
    '{"format":"djambi-save","version":2,"game":"G1~start~C7-F4~G7-D4~G3-G4~C3-C4~A7-A6",'
    '"seats":["human","easy","human","normal"],"redo":[],"id":"k3Jd9aQx","name":"Game 2",'
    '"here":"rbyg","made_here":true,"updated":"2026-11-25T10:00:00Z","position":"P1.rCrArM3bMbAbC/'
    'rRrPrM3bMbPbR/1rM5bMbM/rM8/9/2gNbN1rNyN2/gMgM5yMyM/gRgPgM3yMyPyR/gCgAgM3yMyAyC.rbyg.b.5"}')
OLD_FILE = ('[Game "Djambi"]\n[Start "start"]\n[Date "2026.11.22"]\n[Red "Human"]\n'
            '[Blue "Computer (easy)"]\n[Yellow "Human"]\n[Green "Computer (normal)"]\n'
            '[Result "*"]\n\n1. Red C7-F4\n2. Blue G7-D4\n3. Yellow G3-G4\n4. Green C3-C4\n'
            '5. Red A7-A6\n')
OLD_MOVES = ["C7-F4", "G7-D4", "G3-G4", "C3-C4", "A7-A6"]


def fragment(link: str) -> str:
    return link.split("#", 1)[1]


def old_game() -> session.Game:
    """The game the old texts hold, played with today's code."""
    game = session.new_game(False, ["human", "easy", "human", "normal"])
    for move in OLD_MOVES:
        game.play(move)
    game.id, game.name, game.updated = "k3Jd9aQx", "Game 2", "2026-11-25T10:00:00Z"
    return game


def played(rules: str, moves: int = 6, seats: list[str] | None = None) -> session.Game:
    """A game under ``rules`` after ``moves`` moves (each the first legal move in sorted order)."""
    game = session.new_game(False, seats, rules=rules)
    for _ in range(moves):
        if game.board.is_game_over():
            break
        game.play(sorted(game.board.legal_moves, key=game.board.move_text)[0])
    return game


# ---------------------------------------------------------------------------- old texts
def test_old_links_open_as_before_with_standard_rules():
    for link in (OLD_GAME_LINK, OLD_MOVE_LINK, OLD_POSITION_LINK):
        game = linking.game_from_link(fragment(link))
        assert game.board.rules == STANDARD
        assert game.seats == ["human", "easy", "human", "normal"]
        assert game.board.code() == old_game().board.code()
    moved = linking.game_from_link(fragment(OLD_GAME_LINK))
    assert [text for _, text in moved.move_list()] == OLD_MOVES
    linked = linking.read_link(fragment(OLD_MOVE_LINK))
    assert linked.shared and (linked.game.id, linked.game.name) == ("k3Jd9aQx", "Game 2")
    hostage = linking.game_from_link(fragment(OLD_HOSTAGE_LINK))
    assert hostage.board.root().is_hostage_game and hostage.board.rules == Rules(players="3")
    assert [text for _, text in hostage.move_list()] == ["C7-F4", "G7-D4"]
    assert linking.game_from_link(fragment(OLD_G1_LINK)).board.rules == STANDARD


def test_standard_games_still_write_the_old_texts():
    game = old_game()
    # links say the same, marked at the front and checked at the end since issue 37
    assert linking.game_link(BASE, game) == BASE + linking.checked(fragment(OLD_GAME_LINK))
    assert linking.move_link(BASE, game) == BASE + linking.checked(fragment(OLD_MOVE_LINK))
    assert linking.position_link(BASE, game) == BASE + linking.checked(fragment(OLD_POSITION_LINK))
    assert game.to_json() == OLD_SAVE
    assert gamefile.record_text(game, datetime(2026, 11, 22, 14, 32)) == OLD_FILE


def test_an_old_save_and_an_old_file_open_unchanged():
    saved = session.Game.from_json(OLD_SAVE)
    assert saved.board.rules == STANDARD and saved.to_json() == OLD_SAVE
    filed = gamefile.game_from_file(OLD_FILE, "old.djambi.txt")
    assert filed.board.rules == STANDARD
    assert filed.seats == ["human", "easy", "human", "normal"]
    assert [text for _, text in filed.move_list()] == OLD_MOVES


def test_an_old_save_in_the_games_list_opens_unchanged():
    storage = saving.MemoryStorage({"djambi.game.slot0001": OLD_SAVE, "djambi.games.v1": json.dumps(
        {"format": "djambi-games", "version": 1, "slots": ["slot0001"], "current": "slot0001"})})
    slot, _keeper, loaded = library.Library(storage).open()
    assert slot == "slot0001" and loaded.game.board.rules == STANDARD
    assert loaded.game.to_json() == OLD_SAVE


# ---------------------------------------------------------------------------- bad rule texts
@pytest.mark.parametrize("rules, named", [
    ("foo=1", "unknown option 'foo'"),
    ("kill-own=sometimes", "kill-own: unknown value 'sometimes'"),
    ("bga,reporter=all", "preset 'bga' cannot be mixed with options"),
])
def test_a_link_naming_an_unknown_option_opens_nothing_and_names_it(rules, named):
    for link in (f"#G2~start.{rules}~0.A;seats=hhhh", f"#G1~start.{rules}~C7-F4",
                 f"#{Board().code()}.{rules}"):
        with pytest.raises(linking.LinkError) as err:
            linking.read_link(link)
        assert named in err.value.details and named not in str(err.value)


def test_a_file_or_save_naming_an_unknown_option_opens_nothing_and_names_it():
    text = OLD_FILE.replace('[Result "*"]', '[Rules "reporter=sometimes"]\n[Result "*"]')
    with pytest.raises(gamefile.FileError) as err:
        gamefile.game_from_file(text, "x.djambi.txt")
    assert "reporter: unknown value 'sometimes'" in err.value.details
    save = OLD_SAVE.replace('"G1~start~', '"G1~start.walls=none~')
    with pytest.raises(session.SaveError) as err:
        session.Game.from_json(save)
    assert "unknown option 'walls'" in str(err.value)


# ---------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("preset", ["bga", "classic-online", "two-by-two"])
def test_a_game_with_rules_round_trips_through_link_save_file_and_games_list(preset):
    game = played(preset, seats=["human", "easy", "normal", "hard"])
    rules = PRESETS[preset]
    assert game.board.rules == rules
    code = game.board.code()
    for link in (linking.game_link(BASE, game), linking.move_link(BASE, game),
                 linking.position_link(BASE, game)):
        again = linking.game_from_link(fragment(link))
        assert again.board.rules == rules and again.board.code() == code
        assert again.seats == game.seats
    saved = session.Game.from_json(game.to_json())
    assert saved.board.rules == rules and saved.board == game.board
    record = gamefile.record_text(game, datetime(2026, 11, 25, 16, 30))
    assert f'[Rules "{rules}"]' in record
    filed = gamefile.game_from_file(record)
    assert filed.board.rules == rules and filed.board == game.board and filed.seats == game.seats
    storage = saving.MemoryStorage()
    lib = library.Library(storage)
    lib.keeper("slot0001").save(game)
    assert lib.read("slot0001").board.rules == rules


def test_the_new_game_board_has_the_rules_given_as_value_or_text():
    assert session.new_game(rules=Rules(reporter="all")).board.rules == Rules(reporter="all")
    assert session.new_game(rules="bga").board.rules == PRESETS["bga"]
    assert session.new_game().board.rules == STANDARD
    hostage = session.new_game(True, rules="reporter=must")
    assert hostage.board.root().is_hostage_game
    assert hostage.board.rules == Rules(players="3", reporter="must")


def test_two_by_two_seats_follow_the_two_players():
    """Player One sits in Red's seat (Red and Yellow), player Two in Blue's (Blue and Green)."""
    game = session.new_game(True, ["human", "hard", "easy", "remote"], rules="two-by-two")
    assert not game.board.root().is_hostage_game
    assert game.seats == ["human", "hard", "human", "hard"]
    remote_two = session.new_game(False, ["human", "remote", "human", "human"], rules="two-by-two")
    assert remote_two.remote_seats() == [Party.BLUE, Party.GREEN]
    assert remote_two.is_remote(remote_two.board.turn) is False
    remote_two.play(sorted(remote_two.board.legal_moves, key=remote_two.board.move_text)[0])
    assert remote_two.remote_to_move()


# ---------------------------------------------------------------------------- remote play
def test_a_move_link_continues_a_game_with_the_same_rules():
    a = played("bga", moves=2, seats=["human", "remote", "human", "remote"])
    b = remote.join(linking.read_link(fragment(linking.move_link(BASE, a))).game,
                    [Party.BLUE, Party.GREEN])
    b.play(sorted(b.board.legal_moves, key=b.board.move_text)[0])
    incoming = linking.read_link(fragment(linking.move_link(BASE, b))).game
    assert incoming.board.rules == PRESETS["bga"]
    arrival = remote.arrival(incoming, [("s1", a)])
    assert arrival.kind == remote.EXTENDS
    remote.continue_with(a, incoming)
    assert a.board == b.board and a.board.rules == PRESETS["bga"]


def test_a_move_link_with_other_rules_never_mixes_with_the_stored_game():
    """The same id and the same moves under other rules: kept as another version, whole."""
    ours = played("standard", moves=2)
    theirs = session.new_game(rules="classic-online")
    for move in ours.board.move_stack:
        theirs.play(move)
    theirs.play(sorted(theirs.board.legal_moves, key=theirs.board.move_text)[0])
    theirs.id = ours.id
    incoming = linking.read_link(fragment(linking.move_link(BASE, theirs))).game
    assert incoming.board.rules == PRESETS["classic-online"]
    arrival = remote.arrival(incoming, [("s1", ours)])
    assert arrival.kind == remote.DIVERGES and arrival.common == 0
    kept = remote.other_version(ours, incoming, "Game 2 (2)")
    assert kept.board.rules == PRESETS["classic-online"] and kept.board == theirs.board
    assert ours.board.rules == STANDARD and len(ours.board.move_stack) == 2


# ---------------------------------------------------------------------------- narration
def said(board: Board, move: str) -> list[str]:
    return words.sentences(describe_move(board, Move.parse(move)))


# Sparse positions of the engine's own tests (tests/test_rules_options.py).
OWN_KILL = pos("A9=rC I9=bC I1=yC A1=gC B8=rA B9=rM A8=rR", rules="kill-own=except-chief")
REPORTER_ALL = pos(REPORTER_BOARD, rules="reporter=all")
OUT_AND_BACK = pos(OUT_RING, rules="come-back=allowed", quiet=5)


def test_an_own_piece_killed_is_said_so():
    text = said(OWN_KILL, "B8xB9")
    assert any("Red killed Red's militant on B9, a piece he controls" in s for s in text)


def test_a_reporter_killing_several_neighbours_is_counted_then_told_one_by_one():
    text = said(REPORTER_ALL, "C3-D4")
    assert text[1] == "The reporter killed 3 neighbours at once."
    assert [s.split(";")[0] for s in text[2:5]] == [
        "Red killed Blue's militant on D5", "Red killed Blue's assassin on E4",
        "Red killed Yellow's militant on D3"]


def test_a_chief_going_out_and_coming_back_is_told():
    out = said(OUT_AND_BACK, "D9-D8")
    assert ("Green's chief on A1 is walled in: he and the pieces he holds are out of the game "
            "until he is freed.") in out
    assert not any("perished" in s or "out of the game." == s[-16:] for s in out)
    board = OUT_AND_BACK.copy()
    for move in ("D9-D8", "I9-H9", "I1-H1"):
        board.play(move)
    back = said(board, "B7-B2@F8")
    assert "Green's chief on A1 is no longer walled in: Green plays again." in back


def test_a_pass_with_none_left_is_told():
    text = said(pos(STUCK, control="rbfg", turn="g", rules="skips=1", passes=(0, 0, 0, 1)), "pass")
    assert text[:2] == ["Green had no legal move and passed.",
                        "Green could not move and had no pass left: his chief perished."]
    assert "Green is out of the game." in text


def test_the_option_sentences_exist_in_french_and_czech(in_language):
    english = said(REPORTER_ALL, "C3-D4")
    for lang in ("fr", "cs"):
        in_language(lang)
        assert said(REPORTER_ALL, "C3-D4")[1] != english[1]
        assert ruletext.rules_line(PRESETS["bga"]) != "Rules: BGA (Board Game Arena)"


# ---------------------------------------------------------------------------- words for rules
def test_the_panel_line_names_the_preset_or_the_options():
    assert ruletext.rules_line(STANDARD) == ""
    assert ruletext.rules_line(Rules(players="3")) == ""  # the hostage game says so itself
    assert ruletext.rules_line(PRESETS["bga"]) == "Rules: BGA (Board Game Arena)"
    assert ruletext.rules_line(PRESETS["bga"].with_(players="3")) == "Rules: BGA (Board Game Arena)"
    assert ruletext.rules_line(Rules(reporter="all", skips=2)) == (
        "Rules: Reporter: kills every neighbour at once; Passes: 2 passes, then out")


def test_every_option_and_value_has_words_and_an_explanation():
    for option, values in ruletext.choices():
        assert ruletext.option_name(option) and ruletext.explanation(option).endswith(".")
        assert [v for v, _ in values] == list(OPTIONS[option])
        assert all(words_ for _, words_ in values)
    assert ruletext.preset_of(PRESETS["classic-online"]) == "classic-online"
    assert ruletext.preset_of(Rules(players="3")) == "standard"
    assert ruletext.preset_of(Rules(reporter="all")) == ruletext.CUSTOM
    assert set(ruletext.PRESET_NAMES) == {*PRESETS, ruletext.CUSTOM}


def test_lessons_stay_on_standard_rules():
    for lesson in lessons.LESSONS:
        assert lesson.board().rules == STANDARD, lesson.id


# ---------------------------------------------------------------------------- two-by-two names
def test_two_by_two_players_are_named_with_the_armies_they_lead(in_language):
    """The status, the players list, the move list's names and the narration say which player
    leads which armies (V§1: One leads Red and Yellow, Two Blue and Green)."""
    from app.present import notices, standings
    from app.text import i18n
    from app.state.history import History

    game = session.new_game(False, ["human", "normal", "human", "human"], rules="two-by-two")
    assert standings.status_text(game) == "Player 1 (Red + Yellow) to move"
    rows = {info.party: info for info in standings.party_infos(game)}
    assert [rows[p].name for p in Party] == ["Red (Player 1)", "Blue (Player 2)",
                                              "Yellow (Player 1)", "Green (Player 2)"]
    assert all(info.state == "active" for info in rows.values())
    assert rows[Party.RED].to_move and rows[Party.YELLOW].to_move and not rows[Party.BLUE].to_move
    # a narrow panel shows the army and a badge: the player's number in his colour (Red, Blue)
    assert [(rows[p].player, rows[p].player_colour) for p in Party] == [
        (0, Party.RED), (1, Party.BLUE), (0, Party.RED), (1, Party.BLUE)]
    assert rows[Party.YELLOW].label() == "▶ Yellow (Player 1)"
    assert rows[Party.YELLOW].label("Yellow") == "▶ Yellow" and rows[Party.BLUE].label("Blue") == "Blue"
    four = {info.party: info for info in standings.party_infos(session.new_game(False, ["human"] * 4))}
    assert four[Party.RED].player is None and four[Party.RED].label() == "▶ Red"
    game.play(Move.parse("G3-F4"))  # One moves Yellow's necromobile
    plies = History().update(game.board)
    assert plies[0].rules == game.board.rules
    assert words.sentences(plies[0].events, plies[0].rules) == [
        "Player 1 (Red + Yellow) moved Yellow's necromobile from G3 to F4."]
    assert words.announcement(plies[0].events, game.board.turn, game.board.rules).endswith(
        "Player 2 (Blue + Green) to move.")
    assert standings.status_text(game) == "Player 2 (Blue + Green) to move"
    assert notices.your_turn(game, plies) == ""  # Two's seat is a computer
    # Standard games keep their party names.
    assert standings.status_text(session.new_game()) == "Red to move"
    assert i18n.player_name(Party.BLUE) == "Blue"
    in_language("fr")
    assert "Joueur 2 (Bleu + Vert)" in standings.status_text(game)
    in_language("cs")
    assert "Hráč 2 (Modrý + Zelený)" in standings.status_text(game)
    assert i18n.player_of(Party.RED, game.board.rules) == "Hráče 1 (Červený + Žlutý)"


def test_two_by_two_a_chief_killed_names_the_player_and_his_other_army():
    # Yellow's militant kills Blue's chief: Blue's army now plays for One, Two still has Green's.
    board = pos("A9=rC I1=yC E6=bC A1=gC D6=yM B1=bM H9=gM E8=rM", rules="players=2x2")
    text = words.sentences(describe_move(board, Move.parse("D6xE6@E7")), board.rules)
    assert text[1] == "Player 1 (Red + Yellow) killed Blue's chief on E6; the corpse goes to E7."
    assert "Blue's pieces now play for Player 1 (Red + Yellow)." in text
    board.play("D6xE6@E7")
    from app.present import render, standings

    rows = {info.party: info for info in standings.party_infos(session.Game(board))}
    assert rows[Party.BLUE].state == "eliminated"
    assert rows[Party.BLUE].words() == "eliminated; Player 1 plays its pieces"  # its row: "Blue (Player 2)"
    assert rows[Party.YELLOW].state == "active" and "plays Blue too" in rows[Party.YELLOW].words()
    assert rows[Party.GREEN].state == "active" and rows[Party.GREEN].to_move
    assert standings.status_text(session.Game(board)) == "Player 2 (Blue + Green) to move"
    b1 = parse_square("B1")
    label = render.describe(b1, board.piece_at(b1), board)
    assert label.endswith("(played by Player 1 (Red + Yellow))")


# ---------------------------------------------------------------------------- the rules page
def test_the_rules_page_marks_the_sections_an_option_changes(in_language):
    from app.learn import rulebook

    assert rulebook.differences(STANDARD) == {}
    assert rulebook.differences(Rules(players="3")) == {}  # the hostage game is the rules' §8
    bga = rulebook.differences(PRESETS["bga"])
    assert set(bga) == {0, 2, 3, 5}
    assert "BGA (Board Game Arena)" in bga[0][0]
    assert bga[3] == ("In this game — Killing own pieces: any but his own chief.",)
    assert bga[5] == ("In this game — Walled-in chief: corpses all round, no necromobile on the "
                      "board.",)
    assert set(rulebook.differences(PRESETS["two-by-two"])) == {0, 1, 5, 6, 7}
    numbers = {rulebook.section_number(s) for s in rulebook.sections()}
    assert set(rulebook.CHANGED_SECTIONS["players"]) <= numbers
    for lang in ("fr", "cs"):
        in_language(lang)
        # Every marked section is a numbered section of the rules in that language too.
        numbers = {rulebook.section_number(s) for s in rulebook.sections()}
        assert {n for n in rulebook.differences(PRESETS["classic-online"]) if n} <= numbers
        assert "In this game" not in rulebook.differences(PRESETS["bga"])[3][0]


def test_two_by_two_piece_tip_and_games_list_name_the_player():
    from app.learn import guide

    board = pos("A9=rC E5=yC E6=bC A1=gC D6=yM B1=bM H9=gM", rules="players=2x2")
    maze = parse_square("E5")
    assert guide.piece_sentence(board, maze) == (
        "Yellow's chief, played by Player 1 (Red + Yellow). He holds the maze: Player 1 (Red + "
        "Yellow) is in power.")
    game = session.new_game(False, ["human", "remote", "human", "human"], rules="two-by-two")
    assert gameslist.turn_words(game) == "Your turn (Player 1 (Red + Yellow))"


def test_two_by_two_games_list_names_the_army_that_moved():
    """A two-by-two player moves either of his armies: the Games list's last move and a link's
    messages name the army that moved (Yellow's militant is not Red's), with its player."""
    game = session.new_game(False, ["human", "remote", "human", "human"], rules="two-by-two")
    game.play("G1-F1")  # Player 1 moves Yellow's militant
    assert gameslist.entry("slotAAAA", game).last_move == "Yellow (Player 1) G1-F1"
    game.play("C1-D1")  # Player 2 moves Green's militant
    assert gameslist.entry("slotAAAA", game).last_move == "Green (Player 2) C1-D1"
    assert gameslist.ply_words(game, 0) == "Yellow (Player 1) G1-F1"
    # Four players: the player who moved, as before.
    four = session.new_game(False, ["human"] * 4)
    four.play("C7-F4")
    assert gameslist.entry("slotAAAA", four).last_move == "Red C7-F4"
