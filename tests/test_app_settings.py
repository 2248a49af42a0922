"""Pass-and-play settings (app/state/settings.py): storage, the hand-over rule, the board's rotation."""

import json

import pytest
from diagrams import board_from

from djambi import Party, parse_square
from app.present import render
from app.state import session
from app.state import saving
from app.state import seating
from app.state.settings import (PIECE_LOOKS, SETTINGS_KEY, Settings, board_rotation, handover_to, human_to_move,
                          load_settings, save_settings)

R, B, Y, G = Party.RED, Party.BLUE, Party.YELLOW, Party.GREEN
H = seating.HUMAN


# ---------------------------------------------------------------------------- storage
def test_defaults_are_off_and_round_trip():
    storage = saving.MemoryStorage()
    assert load_settings(storage) == Settings(handover=False, rotate=False)
    assert save_settings(storage, Settings(handover=True, rotate=False)) == ""
    data = json.loads(storage.get(SETTINGS_KEY))
    assert data == {"format": "djambi-settings", "version": 1, "handover": True, "rotate": False,
                    "language": "", "pieces": "figures", "sound": False, "theme": "system"}
    assert load_settings(storage) == Settings(handover=True, rotate=False)
    # Apart from the saved game.
    assert SETTINGS_KEY != saving.STORAGE_KEY and saving.load(storage).resumed is False


@pytest.mark.parametrize("text", [
    None, "", "not json", "[]", "null", '"x"', "{}", '{"format": "djambi-save", "version": 1}',
    '{"format": "djambi-settings", "version": 2, "handover": true}',
    '{"format": "djambi-settings", "version": "1", "handover": true}',
    '{"format": "djambi-settings", "version": 1, "handover": 1, "rotate": "yes"}',
    '{"format": "djambi-settings", "version": 1, "handover": true' + " " * 20_000 + "}",
])
def test_bad_data_gives_the_defaults(text):
    storage = saving.MemoryStorage({} if text is None else {SETTINGS_KEY: text})
    assert load_settings(storage) == Settings()


def test_good_fields_survive_beside_bad_ones_and_unknown_fields_are_ignored():
    text = '{"format": "djambi-settings", "version": 1, "handover": "on", "rotate": true, "x": 3}'
    assert load_settings(saving.MemoryStorage({SETTINGS_KEY: text})) == Settings(rotate=True)


def test_a_storage_that_fails_gives_the_defaults_and_a_message():
    class Broken:
        def get(self, key):
            raise RuntimeError("denied")

        def set(self, key, value):
            raise RuntimeError("quota")

    assert load_settings(Broken()) == Settings()
    message = save_settings(Broken(), Settings(rotate=True))
    assert message.startswith("The settings could not be saved") and "quota" not in message


# ---------------------------------------------------------------------------- hand-over
def test_handover_between_two_humans_only():
    game = session.new_game()
    assert handover_to(game, None) is None  # nobody has moved yet (a fresh page)
    assert handover_to(game, R) is None  # Red again
    game.play("C7-F4")
    assert handover_to(game, R) == B
    assert handover_to(game, B) is None


def test_no_handover_to_a_computer_and_none_from_it_back_to_the_same_human():
    game = session.new_game(seats=[H, "easy", H, "easy"])
    game.play("C7-F4")
    assert human_to_move(game) is None and handover_to(game, R) is None  # Blue is the computer
    game.play("I7-I6")
    # Yellow (human) follows Blue (computer): the tablet passes from Red to Yellow.
    assert handover_to(game, R) == Y
    # One human against computers never sees the screen.
    solo = session.new_game(seats=[H, "easy", "easy", "easy"])
    for text in ("C7-F4", "I7-I6", "I3-I4", "A3-A4"):
        solo.play(text)
    assert handover_to(solo, R) is None


def test_no_handover_for_the_rulers_consecutive_turns():
    # Two players left (Red plays Yellow's and Green's pieces), Red's chief in the maze: his
    # regular turn is followed at once by his extra turn.
    board = board_from("""
        . . . . . . . . bC
        rM . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . rC . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        yM . . . . . . . gM
    """, control="rbrr", turn="r")
    game = session.Game(board, [H] * 4)
    game.play("A8-A7")
    assert game.board.turn == R and game.board.is_extra_turn
    assert handover_to(game, R) is None
    game.play("A7-A6")
    assert handover_to(game, R) == B


def test_no_handover_when_the_game_is_over():
    game = session.new_game()
    game.play("C7-F4")
    game.agree_draw()
    assert handover_to(game, R) is None


# ---------------------------------------------------------------------------- rotation
def test_each_players_corner_comes_to_the_bottom_left():
    corners = {R: "A9", B: "I9", Y: "I1", G: "A1"}
    bottom_left = (render.MARGIN, 8 * render.CELL)
    for party, corner in corners.items():
        assert render.square_origin(parse_square(corner), render.PARTY_ROTATION[party]) == bottom_left


def test_board_rotation_follows_the_human_to_move_when_on():
    game = session.new_game(seats=[H, "easy", H, H])
    assert board_rotation(game, False, 3) == 0
    assert board_rotation(game, True, 0) == render.PARTY_ROTATION[R] == 1
    game.play("C7-F4")  # Blue, a computer: the board stays as it was
    assert board_rotation(game, True, 1) == 1
    game.play("I7-I6")
    assert board_rotation(game, True, 1) == render.PARTY_ROTATION[Y] == 3
    game.agree_draw()  # over: stays
    assert board_rotation(game, True, 3) == 3


def test_seat_order_turns_the_board_a_quarter_each_time():
    rotations = [render.PARTY_ROTATION[p] for p in (R, B, Y, G)]
    assert [(b - a) % 4 for a, b in zip(rotations, rotations[1:] + rotations[:1])] == [1, 1, 1, 1]


def test_arrow_keys_follow_the_board_as_seen():
    for rotation in render.ROTATIONS:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            dc, dr = render.board_step(dx, dy, rotation)
            a = parse_square("E5")
            b = a + dc + 9 * dr
            (ax, ay), (bx, by) = render.square_origin(a, rotation), render.square_origin(b, rotation)
            assert (bx - ax, ay - by) == (dx * render.CELL, dy * render.CELL)


def test_coord_labels_and_transforms_match_the_drawn_board():
    import re
    from djambi import square_name
    for rotation in render.ROTATIONS:
        markup = render.board_svg(rotation)
        texts = re.findall(r'<text class="coord"[^>]*>([^<]*)</text>', markup)
        inner = re.findall(r'<text class="coord-in"[^>]*>([^<]*)</text>', markup)
        # The labels name the squares where they stand: along the bottom edge left to right, then
        # down the left edge, the letter or digit those squares share.
        origins = {sq: render.square_origin(sq, rotation) for sq in range(81)}
        bottom = sorted((xy[0], sq) for sq, xy in origins.items() if xy[1] == max(y for _, y in origins.values()))
        left = sorted((xy[1], sq) for sq, xy in origins.items() if xy[0] == min(x for x, _ in origins.values()))
        def shared(squares):
            names = [square_name(sq) for sq in squares]
            return names[0][0] if len({n[0] for n in names}) == 1 else None
        bottom_texts = [square_name(sq)[0] if shared([s for _, s in bottom]) is None else square_name(sq)[1:]
                        for _, sq in bottom]
        left_texts = [square_name(sq)[0] if shared([s for _, s in left]) is None else square_name(sq)[1:]
                      for _, sq in left]
        assert texts == inner == bottom_texts + left_texts
        x, y = render.square_origin(parse_square("B3"), rotation)
        assert f'data-square="B3" transform="translate({x},{y})"' in markup


def test_the_language_is_remembered_and_a_foreign_one_ignored():
    storage = saving.MemoryStorage()
    assert save_settings(storage, Settings(language="cs")) == ""
    assert load_settings(storage).language == "cs"
    for bad in ("xx", 3, None, "FR"):
        text = json.dumps({"format": "djambi-settings", "version": 1, "rotate": True, "language": bad})
        assert Settings.from_json(text) == Settings(rotate=True, language="")


def test_the_pieces_look_is_remembered_figures_by_default_and_a_foreign_one_ignored():
    storage = saving.MemoryStorage()
    assert load_settings(storage).pieces == "figures" == PIECE_LOOKS[0]
    assert save_settings(storage, Settings(pieces="letters")) == ""
    assert json.loads(storage.get(SETTINGS_KEY))["pieces"] == "letters"
    assert load_settings(storage) == Settings(pieces="letters")
    for bad in ("Letters", "shapes", 1, None, ["letters"]):
        text = json.dumps({"format": "djambi-settings", "version": 1, "handover": True, "pieces": bad})
        assert Settings.from_json(text) == Settings(handover=True, pieces="figures")
    # Settings saved before the choice existed keep working, with figures.
    old = json.dumps({"format": "djambi-settings", "version": 1, "rotate": True, "language": "fr"})
    assert Settings.from_json(old) == Settings(rotate=True, language="fr", pieces="figures")


def test_sound_and_theme_are_remembered_and_bad_values_give_the_defaults():
    storage = saving.MemoryStorage()
    assert load_settings(storage).sound is False and load_settings(storage).theme == "system"
    for sound, theme in ((True, "dark"), (False, "light"), (True, "system")):
        chosen = Settings(sound=sound, theme=theme, language="fr")
        assert save_settings(storage, chosen) == ""
        assert load_settings(storage) == chosen
    text = Settings(sound=True, theme="dark").to_json()
    assert Settings.from_json(text.replace('"dark"', '"purple"')) == Settings(sound=True)
    assert Settings.from_json(text.replace("true", '"yes"')) == Settings(theme="dark")
