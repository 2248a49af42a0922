"""Tournaments between AI levels: ``python -m bench.tournament --games N --players a,b,c,d``.

Four names: a four-player game; three names: a three-player game with Green as the hostage; two
names: a two-by-two game (``players=2x2``). ``--rules`` gives the rule options
(``docs/rules-options.md``). Seats
rotate between games (game g puts the name listed i-th in seat (i + g) mod n), so over a multiple
of n games every name sits in every seat equally often.

Scoring: one line per distinct level. A level listed in k seats plays k seat-games per game; its
line counts the wins of all its seats, out of games × k (so three ``random`` seats are scored out
of 3 × games, and a level's fair share is k / n). A drawn game counts one draw for each of the
level's seats. The 95% interval is Wilson's score interval of the win rate.

A game ends by the engine's rules (one player left; no player can move; 120 turns with no kill and
no change of control). As a safety net a game is also stopped, and counted as a draw, after
``--max-plies`` plies (default 3000), which the 120-turn rule makes practically unreachable.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Callable, Sequence

from bench.ai_experiments import EXPERIMENTAL_LEVELS, ExperimentalSearch
from djambi.ai import LEVELS
from djambi.board import Board
from djambi.move import Move
from djambi.rules import STANDARD, Rules

DEFAULT_MAX_PLIES = 3000

#: Players other than the AI levels, by name: ``f(board, seed) -> Move``. The command line fills
#: in the yardsticks of ``bench.peer`` (``peer``, ``killer``: ``bench.peer.register``).
EXTRA_PLAYERS: dict[str, Callable[[Board, int], Move]] = {}


def _load_extra_players() -> None:
    from bench.peer import register

    register()


def player_names() -> tuple[str, ...]:
    return (*LEVELS, *EXPERIMENTAL_LEVELS, *EXTRA_PLAYERS)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for ``wins`` successes out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(players: Sequence[str], game: int) -> list[str]:
    """The level in each seat (Red, Blue, Yellow[, Green]) for game number ``game``."""
    n = len(players)
    seats = [""] * n
    for i, name in enumerate(players):
        seats[(i + game) % n] = name
    return seats


def play_game(seats: Sequence[str], seed: int, max_plies: int = DEFAULT_MAX_PLIES,
              rules: Rules = STANDARD) -> dict:
    """Play one game; returns ``{"winner": seat index or None, "plies": n, "reason": text,
    "time": {level: [seconds, moves]}}``. Two seats: a two-by-two game (``players=2x2``, seat 0
    player One, seat 1 player Two)."""
    if len(seats) == 2:
        rules = rules.with_(players="2x2")
    elif len(seats) == 3:
        rules = rules.with_(players="3")
    board = Board(rules=rules)
    timing: dict[str, list[float]] = {}
    ply = 0
    while not board.is_game_over():
        if ply >= max_plies:
            return {"winner": None, "plies": ply, "reason": "ply cap", "time": timing}
        player = board.turn
        level = seats[player]
        t0 = time.perf_counter()
        move_seed = seed * 100003 + ply
        extra = EXTRA_PLAYERS.get(level)
        move = extra(board, move_seed) if extra is not None else ExperimentalSearch(board, level, move_seed).run()
        spent = timing.setdefault(level, [0.0, 0])
        spent[0] += time.perf_counter() - t0
        spent[1] += 1
        board.push(move)
        ply += 1
    outcome = board.outcome()
    winner = None if outcome is None or outcome.winner is None else int(outcome.winner)
    reason = outcome.termination.value if outcome else "?"
    return {"winner": winner, "plies": ply, "reason": reason, "time": timing}


def _play_indexed(args: tuple) -> tuple[int, dict]:
    g, seats, seed, max_plies, rules = args
    return g, play_game(seats, seed, max_plies, rules)


def _progress(done: int, total: int, started: float, out) -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
              f"{elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
    out.flush()


def run(players: Sequence[str], games: int, seed: int, jobs: int = 1,
        max_plies: int = DEFAULT_MAX_PLIES, progress=None, rules: Rules = STANDARD,
        log=None, done: dict[int, dict] | None = None) -> list[str]:
    """Play the tournament and return the report lines. ``log``: a file that gets one JSON line
    per game as it ends (its seats and result), so that a long run can be read while it plays.
    ``done``: results of games already played (by game number, read back from a log by
    :func:`read_log`); those games are counted, not played again."""
    all_tasks = [(g, seating(players, g), seed * 7919 + g, max_plies, rules) for g in range(games)]
    results: dict[int, dict] = {g: res for g, res in (done or {}).items() if g < games}
    tasks = [t for t in all_tasks if t[0] not in results]
    started = time.perf_counter()
    if progress is not None:
        _progress(0, games, started, progress)
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            seats_of = {t[0]: t[1] for t in tasks}
            for g, res in pool.map(_play_indexed, tasks):
                results[g] = res
                if log is not None:
                    log.write(json.dumps({"game": g, "seats": seats_of[g], **res}) + "\n")
                    log.flush()
                if progress is not None:
                    _progress(len(results), games, started, progress)
    else:
        for task in tasks:
            g, res = _play_indexed(task)
            results[g] = res
            if log is not None:
                log.write(json.dumps({"game": g, "seats": task[1], **res}) + "\n")
                log.flush()
            if progress is not None:
                _progress(len(results), games, started, progress)
    if progress is not None:
        progress.write("\n")
        progress.flush()

    lines = []
    order = list(dict.fromkeys(players))
    for level in order:
        wins = draws = total = 0
        seconds = 0.0
        moves = 0
        for g, (_, seats, _, _, _) in enumerate(all_tasks):
            res = results[g]
            for seat, name in enumerate(seats):
                if name != level:
                    continue
                total += 1
                if res["winner"] is None:
                    draws += 1
                elif res["winner"] == seat:
                    wins += 1
            t = res["time"].get(level)
            if t:
                seconds += t[0]
                moves += t[1]
        lo, hi = wilson(wins, total)
        pct = 100.0 * wins / total if total else 0.0
        line = (f"{level}: {wins}/{total} wins ({pct:.1f}%), {draws} draw{'s' if draws != 1 else ''}, "
                f"95% CI {100 * lo:.0f}–{100 * hi:.0f}%")
        if moves:
            line += f", {1000 * seconds / moves:.0f} ms/move"
        lines.append(line)
    return lines


def read_log(path: str, players: Sequence[str], games: int) -> dict[int, dict]:
    """The finished games of an earlier run's ``--log`` that belong to this tournament: game
    numbers below ``games`` whose seats are the ones ``seating(players, g)`` gives (a log of
    another match is not counted). A missing file is an empty log; a cut last line is ignored."""
    done: dict[int, dict] = {}
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.readlines()
    except FileNotFoundError:
        return done
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        g = entry.get("game")
        if not isinstance(g, int) or not 0 <= g < games:
            continue
        if entry.get("seats") != list(seating(players, g)):
            continue
        done[g] = {k: v for k, v in entry.items() if k not in ("game", "seats")}
    return done


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.tournament",
        description=(
            "Play games between AI levels and report each level's wins. Four names: a four-player "
            "game; three: a three-player game, Green held hostage. Seats rotate between games so "
            "each name sits in each seat equally often (over a multiple of the seat count)."
        ),
        epilog=(
            "Scoring: one line per distinct level. A level listed in k seats is scored out of "
            "games × k seat-games: its line sums the wins of its seats (a seat's fair share is "
            "1/n), and a drawn game counts one draw per seat of that level. The interval is the "
            "Wilson 95%% score interval of the win rate. Games end by the rules (120 turns without "
            "a kill or change of control is a draw); a game still running after --max-plies plies "
            "is stopped and counted as a draw (a safety net only)."
        ),
    )
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--players", default="normal,random,random,random",
                        help=f"3 or 4 comma-separated levels from {', '.join(LEVELS)}, or the "
                             "yardsticks of bench/ (peer: the sparring partner; killer: a random "
                             "mover that kills whenever it can) (default normal,random,random,random)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES,
                        help=f"safety cap on a game's length, counted as a draw (default {DEFAULT_MAX_PLIES})")
    parser.add_argument("--rules", default="standard",
                        help="the rule set (docs/rules-options.md): a preset or name=value,...; with "
                             "two names, a two-by-two game (default standard)")
    parser.add_argument("--log", help="append one JSON line per finished game to this file")
    parser.add_argument("--resume", action="store_true",
                        help="with --log: count the games the log already holds for these players "
                             "and play only the others (a long run continued over several sittings)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits on --help and on errors
        return int(exc.code or 0)
    _load_extra_players()
    players = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    names = player_names()
    bad = [p for p in players if p not in names]
    if bad:
        print(f"tournament: unknown level {bad[0]!r}: expected {', '.join(names)}", file=sys.stderr)
        return 2
    if len(players) not in (2, 3, 4):
        print("tournament: --players needs 2 (two-by-two), 3 or 4 levels", file=sys.stderr)
        return 2
    try:
        rules = Rules.parse(args.rules)
    except ValueError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tournament: --games must be at least 1", file=sys.stderr)
        return 2
    if args.resume and not args.log:
        print("tournament: --resume needs --log", file=sys.stderr)
        return 2
    done = read_log(args.log, players, args.games) if args.resume else None
    progress = None if args.quiet else sys.stderr
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    if log is not None and log.tell() > 0:
        with open(args.log, "rb") as fh:  # a run cut mid-line: start the next line afresh
            fh.seek(-1, 2)
            if fh.read(1) != b"\n":
                log.write("\n")
    try:
        for line in run(players, args.games, args.seed, max(1, args.jobs), args.max_plies,
                        progress, rules, log, done):
            print(line)
    finally:
        if log is not None:
            log.close()
    return 0


__all__ = ["main", "run", "read_log", "play_game", "seating", "wilson", "EXTRA_PLAYERS", "player_names"]


if __name__ == "__main__":
    from bench.tournament import main as _main  # the module itself, not __main__: what peer.register fills

    raise SystemExit(_main(sys.argv[1:]))
