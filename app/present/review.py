"""A game's review as a player sees it (``docs/review.md``): the chart of each player's chances
along the game (SVG text, one line per player in his colour, the turning points marked), the
turning points and the humans' mistakes in words, and the progress line. Pure: the review itself
is the engine's (``gamekit.review``), the page's view is ``app/views/reviewview.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from gamekit.review import Mistake, Review, TurningPoint, mistakes, turning_points

from app.games import Game
from app.state.seating import COMPUTER_LEVELS, seat_label
from app.text import i18n
from app.text.i18n import _

#: The chart's drawing size (SVG user units; the view scales it to the width it has).
WIDTH = 320
HEIGHT = 120
#: Room round the plot for the 0%/100% labels and the markers.
PAD = 6


@dataclass(frozen=True)
class Shown:
    """What the review dialog shows: the chart, the turning points and the mistakes in words
    (each with the move's index, to select it in the move list), and the heading."""

    chart: str
    turns: tuple[tuple[int, str], ...]
    mistakes: tuple[tuple[int, str], ...]
    summary: str


def human_players(seats: Sequence[str], parties: Sequence) -> set[int]:
    """The review's players (indexes of ``parties``) whose seat is not a computer's."""
    return {i for i, party in enumerate(parties) if seats[int(party)] not in COMPUTER_LEVELS}


def _x(k: int, plies: int) -> float:
    return round(PAD + (WIDTH - 2 * PAD) * (k / plies if plies else 0.0), 1)


def _y(v: float) -> float:
    return round(PAD + (HEIGHT - 2 * PAD) * (1.0 - v), 1)


def chart(review: Review, colours: Sequence[str], turns: Sequence[TurningPoint] = (),
          names: Sequence[str] = ()) -> str:
    """The SVG of each player's outlook along the game: a line per player in ``colours``
    (a light colour gets a dark edge), the even-game line, and a ring on each turning point."""
    plies = len(review.plies)
    series = review.series()
    even = 1.0 / review.players
    label = _esc(_("Each player’s chances along the game"))
    out = [f'<svg class="review-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'preserveAspectRatio="none" aria-label="{label}">',
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="var(--review-bg, #fbf8f1)"/>',
           f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{_y(even)}" y2="{_y(even)}" '
           'stroke="#999" stroke-dasharray="3 3" stroke-width="0.8"/>']
    for p, values in enumerate(series):
        points = " ".join(f"{_x(k, plies)},{_y(v)}" for k, v in enumerate(values))
        colour = colours[p] if p < len(colours) else "#555"
        title = f"<title>{_esc(names[p])}</title>" if p < len(names) else ""
        if _light(colour):
            out.append(f'<polyline points="{points}" fill="none" stroke="#1b1b1b" stroke-width="3.2" '
                       'stroke-linejoin="round" vector-effect="non-scaling-stroke"/>')
        out.append(f'<polyline class="review-line" data-player="{p}" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2" stroke-linejoin="round" '
                   f'vector-effect="non-scaling-stroke">{title}</polyline>')
    for t in turns:
        out.append(f'<circle class="review-turn" data-ply="{t.ply}" cx="{_x(t.ply + 1, plies)}" '
                   f'cy="{_y(series[t.player][t.ply + 1])}" r="4" fill="none" stroke="#b00" stroke-width="1.5"/>')
    out.append("</svg>")
    return "".join(out)


def _light(colour: str) -> bool:
    return colour.startswith("#") and len(colour) == 7 and int(colour[1:3], 16) > 0xd0


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def percent(v: float) -> str:
    return f"{round(100 * v)}%"


def turn_words(t: TurningPoint, review: Review, name: str) -> str:
    before = review.series()[t.player][t.ply]
    after = review.series()[t.player][t.ply + 1]
    return _("Move {number} ({move}): {player}’s chances fell from {before} to {after}.").format(
        number=t.ply + 1, move=review.plies[t.ply].played, player=name, before=percent(before),
        after=percent(after))


def mistake_words(m: Mistake, name: str) -> str:
    if m.blunder:
        text = _("Move {number}, {player}: {played} was a blunder ({loss} of the chances lost); "
                 "better was {best}.")
    else:
        text = _("Move {number}, {player}: {played} was a mistake ({loss} of the chances lost); "
                 "better was {best}.")
    return text.format(number=m.ply + 1, player=name, played=m.played, best=m.best, loss=percent(m.loss))


def reviewer_words(review: Review) -> str:
    """Who reviewed the game: the computer level whose search ran."""
    return _("Reviewed by: {computer}.").format(computer=seat_label(review.level))


def progress_words(done: int, total: int) -> str:
    return _("Reviewing: position {done} of {total}…").format(done=done, total=total)


def names_of(game: Game, board, parties: Sequence, possessor: bool = False) -> list[str]:
    """The review's players' names: as subjects, or as possessors (``possessor``: Czech genitive)."""
    rules = game.rule_set(board)
    name = i18n.player_of if possessor else i18n.player_name
    return [name(party, rules) for party in parties]


def shown(review: Review, game: Game, board, seats: Sequence[str]) -> Shown:
    """Everything the review dialog shows for ``review`` of the game in ``board`` (``seats``: who
    played each seat, so that only the humans' moves are called mistakes)."""
    parties = game.review_parties(board)
    names = names_of(game, board, parties)
    owners = names_of(game, board, parties, possessor=True)
    turns = turning_points(review)
    found = mistakes(review, human_players(seats, parties))
    summary = (_("No human move lost much against the computer’s choice.") if not found else
               i18n.ngettext("{count} human move lost much: tap it to see the better move on the board.",
                             "{count} human moves lost much: tap one to see the better move on the board.",
                             len(found)).format(count=len(found)))
    return Shown(chart(review, game.review_colours(board), turns, names),
                 tuple((t.ply, turn_words(t, review, owners[t.player])) for t in turns),
                 tuple((m.ply, mistake_words(m, names[m.player])) for m in found),
                 summary)


__all__ = ["Shown", "human_players", "chart", "turn_words", "mistake_words", "progress_words", "reviewer_words", "shown",
           "percent", "names_of"]
