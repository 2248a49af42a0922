"""Links that are whole or refused (issue 37, point 1).

Every link the app makes begins with ``L1.`` and ends with a check of its content (``;ck=``): a
link cut anywhere or altered is refused with "This link is incomplete: ask for it again", never
opened as another game; links of earlier versions (``tests/data/links-v1.json``, made by
``tests/link_fixture.py`` before the change) open as they did.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from link_fixture import BASE, FIXTURE, make_links, opened, sample_games

from app.state import linking, session

GAMES = sample_games()


def seated_games() -> list[tuple[str, session.Game]]:
    """Games whose seats changed hands on the way (issue 37): their links carry the steps."""
    djambi = session.new_game(seats=["human", "human", "easy", "remote"])
    for _ in range(3):
        djambi.play(djambi.board.generate_legal_moves()[0])
    djambi.change_seat(1, "hard")
    djambi.play(djambi.board.generate_legal_moves()[0])
    djambi.change_seat(1, "human")
    camblam = session.new_game(seats=["human", "normal"], kind="camblam")
    camblam.play(camblam.board.generate_legal_moves()[0])
    camblam.change_seat(1, "human")
    return [("djambi seats changed", djambi), ("camblam seats changed", camblam)]


SEATED = seated_games()
#: Damaged links the fuzz test tries: 12,000 in CPython; fewer inside Pyodide (its stage only
#: checks that the same code behaves the same there).
FUZZ = 1_500 if os.environ.get("HYPOTHESIS_PROFILE") == "pyodide" else 12_000
INCOMPLETE = "This link is incomplete: ask for it again."


def outcome(fragment: str) -> dict | str:
    """What a link opens, or ``"refused"`` (a ``LinkError``) or ``"nothing"`` (empty)."""
    try:
        result = opened(fragment)
    except linking.LinkError:
        return "refused"
    return "nothing" if result is None else result


def test_links_of_earlier_versions_open_exactly_as_before():
    rows = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(rows) >= 200
    assert {row["opens"]["kind"] for row in rows} == {"djambi", "camblam"}
    assert {row["link"] for row in rows} >= {"position", "game", "move", "game-long"}
    for row in rows:
        assert opened(row["fragment"]) == row["opens"], (row["label"], row["link"])


def test_every_new_link_is_marked_checked_and_opens_its_game():
    old = {(row["label"], row["link"]): row["opens"]
           for row in json.loads(FIXTURE.read_text(encoding="utf-8"))}
    for label, game in GAMES:
        for kind, fragment in make_links(game).items():
            assert fragment.startswith("#" + linking.CHECKED_MARK)
            assert fragment.rsplit(";", 1)[1].startswith("ck=")
            assert len(fragment.rsplit("=", 1)[1]) == linking.CHECK_LENGTH
            now = opened(fragment)
            if kind == "move":
                assert now["id"] == game.id and now["shared"]
            then = dict(old[(label, kind)])
            # the fixture's games were the same seeded games; only the random id differs
            assert {**now, "id": None} == {**then, "id": None}, (label, kind)


def test_an_incomplete_link_says_so_in_the_players_language(in_language):
    game = GAMES[5][1]
    fragment = make_links(game)["game"]
    with pytest.raises(linking.LinkError, match="^This link is incomplete: ask for it again.$"):
        linking.read_link(fragment[:-1])
    in_language("fr")
    with pytest.raises(linking.LinkError, match="Ce lien est incomplet"):
        linking.read_link(fragment[:40])
    in_language("cs")
    with pytest.raises(linking.LinkError, match="Tento odkaz je neúplný"):
        linking.read_link(fragment.replace(";seats=", ";seats=h", 1))


def test_a_cut_106_character_game_link_opened_another_game_and_now_is_refused():
    """The defect of issue 37: a 106-character game link cut to 96 or 80 characters (as chat apps
    do) opened another game, silently. Shown on a link of the old form; the new form refuses."""
    rng = random.Random(2026)
    game = session.new_game(seats=["human", "normal", "normal", "normal"])
    while True:
        game.board.push(rng.choice(game.board.generate_legal_moves()))
        old = linking.game_link("", game).split(";ck=")[0].replace(linking.CHECKED_MARK, "", 1)
        if len(old) >= 76:
            break
    base = "http://127.0.0.1:8000/" + "x" * (106 - 23 - len(old)) + "/"
    old_link = base + old
    assert len(old_link) == 106
    original = opened(old)
    for cut in (96, 80):
        # the old form opened something else, with no word of it: at 96 the seats are lost (all
        # human: the computers never play), at 80 the game itself is another one
        then = outcome(old_link[:cut].split("#", 1)[1])
        assert isinstance(then, dict) and then != original
    assert outcome(old_link[:80].split("#", 1)[1])["game"] != original["game"]
    new_link = linking.game_link(base, game)
    assert opened(new_link.split("#", 1)[1]) == original
    for cut in (96, 80, *range(len(base) + 2, len(new_link))):
        with pytest.raises(linking.LinkError, match=INCOMPLETE):
            linking.read_link(new_link[:cut].split("#", 1)[1])


ALPHABET = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~;=%#! "
            "éë123LPGC")


def damage(fragment: str, rng: random.Random) -> tuple[str, str]:
    """One damaged copy of a link: cut, a character dropped, a run dropped, changed, inserted,
    two changed, or the end cut and a character changed."""
    body = fragment[1:]
    n = len(body)
    how = rng.choice(("cut", "drop", "drop-run", "change", "insert", "change-2", "cut-change"))
    i = rng.randrange(n)
    if how == "cut":
        out = body[:i]
    elif how == "drop":
        out = body[:i] + body[i + 1:]
    elif how == "drop-run":
        out = body[:i] + body[i + rng.randint(2, 12):]
    elif how == "insert":
        out = body[:i] + rng.choice(ALPHABET) + body[i:]
    else:
        chars = list(body if how != "cut-change" else body[:max(1, i)])
        for _ in range(2 if how == "change-2" else 1):
            j = rng.randrange(len(chars))
            chars[j] = rng.choice(ALPHABET.replace(chars[j], ""))
        out = "".join(chars)
    return how, "#" + out


def test_no_damaged_link_opens_another_game_or_position():
    """12,000 damaged links of every kind of both games (position, game, move; every rule set,
    two-by-two, three players, ended games): each is refused or opens exactly the original."""
    rng = random.Random(37)
    links = [(label, kind, fragment, opened(fragment))
             for label, game in GAMES + SEATED for kind, fragment in make_links(game).items()]
    assert sum("seat_steps" in original for _, _, _, original in links) >= 4  # game and move links
    assert {(label.split()[0], kind) for label, kind, _, _ in links} == {
        (g, k) for g in ("djambi", "camblam") for k in ("position", "game", "move")}
    tally: Counter = Counter()
    wrong = []
    rounds = FUZZ // len(links) + 1
    for label, kind, fragment, original in links:
        for _ in range(rounds):
            how, damaged = damage(fragment, rng)
            if damaged == fragment:
                continue
            result = outcome(damaged)
            if isinstance(result, dict):
                tally["opened the original"] += 1
                if result != original:
                    wrong.append((label, kind, how, damaged))
            else:
                tally[result] += 1
    assert sum(tally.values()) >= min(FUZZ, 10_000)
    assert not wrong, wrong[:5]
    # nearly all are refused; the few that open are harmless (e.g. an unknown parameter added)
    assert tally["refused"] > 0.97 * sum(tally.values()), tally
