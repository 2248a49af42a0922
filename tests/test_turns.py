"""Turn order by tables (rulings §6): ``next_turn`` is one pure function; each row is a sequence of
turns played with a fixed ruler, or with power gained and lost mid-cycle."""

from __future__ import annotations

import pytest

from djambi.turns import Turn, next_active, next_turn

r, b, y, g = 0, 1, 2, 3
NAMES = "RBYG"


def show(turn: Turn) -> str:
    return NAMES[turn.player] + ("*" if turn.extra else "")


def run(
    start: Turn,
    active: list[int],
    rulers: list[int | None],
    n: int | None = None,
    ruler_before: int | None = None,
) -> str:
    """Play turns from ``start``; ``rulers[i]`` is the ruler after turn i (the last one repeats),
    ``ruler_before`` the ruler when ``start`` began."""
    turn, out = start, [show(start)]
    steps = n if n is not None else len(rulers)
    for i in range(steps):
        ruler_after = rulers[min(i, len(rulers) - 1)]
        turn = next_turn(turn, ruler_before, ruler_after, active)
        ruler_before = ruler_after
        out.append(show(turn))
    return " ".join(out)


@pytest.mark.parametrize(
    "active, ruler, start, expected",
    [
        # no ruler: plain seat order
        ([r, b, y, g], None, r, "R B Y G R B Y G R"),
        ([r, y, g], None, r, "R Y G R Y G R"),
        ([b, g], None, b, "B G B G B"),
        # 4 players with a ruler (the rulings' example, Green in power)
        ([r, b, y, g], g, r, "R G* B G* Y G R G* B G* Y G R"),
        ([r, b, y, g], r, r, "R B R* Y R* G R B R* Y R* G R"),
        ([r, b, y, g], b, r, "R B Y B* G B* R B Y B*"),
        ([r, b, y, g], y, y, "Y G Y* R Y* B Y G Y*"),
        # 3 players with a ruler
        ([r, b, y], y, r, "R Y* B Y R Y* B Y R"),
        ([r, y, g], r, r, "R Y R* G R Y R* G R"),
        # 2 players: the ruler plays his regular turn, then an extra one
        ([r, b], r, b, "B R R* B R R* B"),
        ([b, g], g, b, "B G G* B G G* B"),
    ],
)
def test_fixed_ruler_tables(active, ruler, start, expected):
    n = len(expected.split()) - 1
    assert run(Turn.regular(start), active, [ruler], n, ruler_before=ruler) == expected


@pytest.mark.parametrize(
    "active, start, rulers, expected",
    [
        # Green enters the maze on his own turn: no extra turn at once (Red plays next, then Green*).
        ([r, b, y, g], Turn.regular(g), [g, g, g, g], "G R G* B G*"),
        # Red enters on his turn: Blue, then Red*.
        ([r, b, y, g], Turn.regular(r), [r, r, r], "R B R* Y"),
        # Blue's provocateur drops Yellow's chief in the maze: Yellow plays right after Blue
        # (his own regular turn, he is next) ...
        ([r, b, y, g], Turn.regular(b), [y, y, y, y], "B Y G Y* R"),
        # ... and Red's provocateur drops Yellow there: Yellow plays at once, an extra turn.
        ([r, b, y, g], Turn.regular(r), [y, y, y, y], "R Y* B Y G"),
        # Power ends on the ruler's extra turn: the seat order goes on after the last regular turn.
        ([r, b, y, g], Turn.regular(r), [g, None, None, None], "R G* B Y G"),
        # Power ends on another player's regular turn: no extra turn is owed.
        ([r, b, y, g], Turn.regular(r), [None, None, None], "R B Y G"),
        # Power ends on the ruler's own regular turn.
        ([r, b, y, g], Turn.regular(g), [None, None], "G R B"),
        # Power gained and lost mid-cycle (Blue takes the maze, leaves it on his extra turn), then
        # Green's provocateur drops Yellow's chief into the maze: Yellow plays at once (extra).
        ([r, b, y, g], Turn.regular(r), [None, b, b, None, y, y], "R B Y B* G Y* R"),
        # 2 players: a chief entering on his own turn gets no extra turn at once.
        ([r, b], Turn.regular(r), [r, r, r, r], "R B R R* B"),
        # 2 players: power lost on the extra turn; the other player goes on.
        ([r, b], Turn.regular(b), [r, r, None, None], "B R R* B R"),
        # 2 players: power lost on the ruler's regular turn: no extra turn.
        ([r, b], Turn.regular(b), [r, None, None], "B R B R"),
    ],
)
def test_power_gained_and_lost_tables(active, start, rulers, expected):
    assert run(start, active, rulers) == expected


def test_two_player_ruler_gets_the_extra_only_if_in_power_when_his_turn_began():
    # Red (not in power) takes the maze on his regular turn: Blue plays next.
    assert show(next_turn(Turn.regular(r), None, r, [r, b])) == "B"
    # Red in power before and after: an extra turn.
    assert show(next_turn(Turn.regular(r), r, r, [r, b])) == "R*"


def test_active_players_are_counted_after_the_move():
    # Three players, Green in power on an extra turn kills Blue's chief: two remain, and the seat
    # order goes on after Red (the last regular turn) -- which is Green's regular turn.
    turn = next_turn(Turn(g, r, True), g, g, [r, g])
    assert show(turn) == "G"
    # then, two players, in power when that turn began: an extra turn.
    assert show(next_turn(turn, g, g, [r, g])) == "G*"


def test_eliminated_players_have_no_turns():
    assert next_active(r, [r, y]) == y
    assert next_active(y, [r, y]) == r
    # The seat holder himself perished during his turn: the next active player goes on.
    assert show(next_turn(Turn.regular(b), None, None, [r, y, g])) == "Y"


def test_nobody_plays_a_regular_turn_twice_in_a_row_because_power_ended():
    for active in ([r, b, y, g], [r, b, y], [r, b]):
        for ruler in active:
            for mover in active:
                for extra in (False, True):
                    if extra and mover != ruler:
                        continue
                    for seat in active:
                        if not extra and seat != mover:
                            continue
                        if extra and seat == mover and len(active) != 2:
                            continue
                        turn = Turn(mover, seat, extra)
                        after = next_turn(turn, ruler, None, active)
                        assert not after.extra
                        assert after.player != seat  # never the last regular player again
