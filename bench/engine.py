"""Engine benchmarks: legal-move generation, perft and the computer players' time per move.

Standard library only, so the same file runs in CPython and inside Pyodide (``bench/pyodide.mjs``
runs it under Node with the repository mounted at /repo). It prints one JSON object on its last
line; ``bench/run.py`` reads it and makes the table.

    python bench/engine.py [--parts movegen,perft,ai] [--perft 3,4] [--levels random,easy,normal,hard,peer]
                           [--ai-positions N] [--ai-extra N] [--seconds S]

Positions are made reproducibly from the start by seeded "grouped" random games: at every ply a
random (piece, destination) pair is chosen among the legal moves sorted by text, then a random
completion of it (placement, victim, exit). Choosing uniformly among whole moves would favour
kills (a kill has a move for every square its corpse can go to) and empty the board within a few
dozen plies; choosing the pair first keeps a mid-game board full of live pieces and corpses.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `djambi` importable from the repository
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from djambi import Board, square_name  # noqa: E402

#: The busy position: game seed, and the plies among which the one with most legal moves is taken.
BUSY_SEED = 2
BUSY_PLIES = (60, 80)
#: The AI positions: the start, and plies of seeded grouped random games.
AI_GAMES = ((11, 12), (12, 24), (13, 36), (14, 48), (15, 60), (BUSY_SEED, None))
#: And a two-player ending, where ``normal`` and ``hard`` search two plies (tests/test_finish.py).
AI_ENDINGS = (("two players (fortress)", "P1.xCxM5bR1/xMxMrMxM1bM3/3bA5/1bN6xM/xM1xMxPbC2bPxP/"
               "1xMxAxRxMxA3/xMrR2xM3xC/gRxPxM3yNxN1/gCgAxM2xN1xM1.bbbg.b.16"),)


def random_game(seed: int, plies: int):
    """Yield (ply, board) after each ply of a seeded grouped random game (the same board object)."""
    board = Board()
    rng = random.Random(seed)
    for ply in range(1, plies + 1):
        moves = sorted(board.generate_legal_moves(), key=str)
        if not moves:
            return
        pairs = sorted({(m.piece, m.to) for m in moves})
        pair = rng.choice(pairs)
        board.push(rng.choice([m for m in moves if (m.piece, m.to) == pair]))
        yield ply, board


def busy_position(seed: int = BUSY_SEED, plies: tuple[int, int] = BUSY_PLIES) -> tuple[Board, int]:
    """The position with the most legal moves among plies ``plies`` of game ``seed``, and its ply."""
    best = None
    for ply, board in random_game(seed, plies[1]):
        if ply >= plies[0] and not board.is_game_over():
            n = board.count_legal_moves()
            if best is None or n > best[0]:
                best = (n, ply, board.copy(stack=False))
    assert best is not None, "the random game ended too early"
    return best[2], best[1]


def ai_positions(count: int | None = None, extra: int = 0) -> list[tuple[str, Board]]:
    """The fixed set of positions the computer players are timed on: (label, board); ``extra``
    more from seeded grouped random games (seed 31 on, plies 6 to 90 in turn), for a median."""
    out = [("start", Board())]
    for seed, ply in AI_GAMES:
        if ply is None:
            board, at = busy_position(seed)
            out.append((f"busy (game {seed}, ply {at})", board))
            continue
        board = None
        for _, board in random_game(seed, ply):
            pass
        if board is not None and not board.is_game_over():
            out.append((f"game {seed}, ply {ply}", board.copy(stack=False)))
    out += [(label, Board.from_code(code)) for label, code in AI_ENDINGS]
    out = out[:count] if count else out
    for i in range(extra):
        seed, ply = 31 + i, 6 + (12 * i) % 85
        board = None
        for _, board in random_game(seed, ply):
            pass
        if board is not None and not board.is_game_over():
            out.append((f"game {seed}, ply {ply}", board.copy(stack=False)))
    return out


def timed(fn, min_seconds: float, min_reps: int = 3, min_batch: float = 0.005) -> tuple[float, int, list[float]]:
    """Run ``fn`` until ``min_seconds`` have passed (and at least ``min_reps`` samples).

    A sample times a batch of calls lasting at least ``min_batch`` seconds, since a browser's
    clock is coarse (Chromium rounds ``performance.now()`` to 0.1 ms without cross-origin
    isolation). Returns (best seconds per call, calls, per-call time of each sample). The best
    (minimum) is reported: on a shared machine the noise only ever adds time."""
    times = []
    calls = 0
    inner = 1
    start = time.perf_counter()
    while len(times) < min_reps or time.perf_counter() - start < min_seconds:
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        dt = time.perf_counter() - t
        calls += inner
        if dt < min_batch and inner < 1 << 20:
            inner *= 2  # too short to time: calibrating, not a sample
            continue
        times.append(dt / inner)
    return min(times), calls, times


def bench_movegen(seconds: float) -> dict:
    board, ply = busy_position()
    moves = board.generate_legal_moves()
    n = len(moves)
    gen_s, reps, times = timed(board.generate_legal_moves, seconds)
    count_s, _, _ = timed(board.count_legal_moves, seconds / 2)
    # Moves of one piece, as the page asks on a tap: the piece with the most moves.
    by_piece: dict[int, int] = {}
    for m in moves:
        by_piece[m.piece] = by_piece.get(m.piece, 0) + 1
    square = max(sorted(by_piece), key=lambda s: by_piece[s])
    piece_s, _, _ = timed(lambda: board.generate_legal_moves(square), seconds / 2)
    live = sum(1 for p in board.pieces().values() if p.alive)
    return {
        "position": board.code(),
        "ply": ply,
        "seed": BUSY_SEED,
        "live_pieces": live,
        "legal_moves": n,
        "gen_ms": gen_s * 1000,
        "gen_ms_median": sorted(times)[len(times) // 2] * 1000,
        "gen_reps": reps,
        "moves_per_s": n / gen_s,
        "count_ms": count_s * 1000,
        "piece_square": square_name(square),
        "piece_moves": by_piece[square],
        "piece_ms": piece_s * 1000,
    }


def bench_perft(depths: list[int]) -> dict:
    out = {}
    for depth in depths:
        board = Board()
        gc.collect()
        # Short runs are repeated (best of them) so one scheduling hiccup does not decide.
        counts = []
        s, _, _ = timed(lambda: counts.append(board.perft(depth)), min_seconds=1.0 if depth <= 3 else 0.0,
                        min_reps=1)
        leaves = counts[0]
        out[str(depth)] = {"leaves": leaves, "seconds": s, "leaves_per_s": leaves / s}
    return out


def _cpu_clock():
    """The process's CPU seconds: ``time.process_time`` in CPython; under Node, Node's
    ``process.cpuUsage()`` (Pyodide's own clock there is the wall clock). On a loaded machine
    this is what a move costs with a core to itself. ``None`` in a browser."""
    if sys.platform != "emscripten":
        return time.process_time
    try:
        from js import process  # Pyodide under Node (bench/pyodide.mjs)

        process.cpuUsage()
    except Exception:
        return None

    def node_cpu() -> float:
        use = process.cpuUsage()
        return (use.user + use.system) / 1e6

    return node_cpu


def bench_ai(levels: list[str], count: int | None, seed: int = 1, extra: int = 0) -> dict:
    from djambi.ai import Search

    positions = ai_positions(count, extra)
    out = {"positions": [label for label, _ in positions], "levels": {}}
    cpu = _cpu_clock()
    for level in levels:
        times, nodes, cpus = [], [], []
        for _, board in positions:
            gc.collect()
            c = cpu() if cpu else 0.0
            t = time.perf_counter()
            if level == "peer":  # the sparring partner of issue 13 (bench/peer.py)
                from bench.peer import choose_move

                choose_move(board, seed)
                n = 0
            else:
                search = Search(board, level, seed)
                search.run()
                n = search.nodes
            times.append(time.perf_counter() - t)
            cpus.append(cpu() - c if cpu else 0.0)
            nodes.append(n)
        out["levels"][level] = {
            "ms": [x * 1000 for x in times],
            "nodes": nodes,
            "mean_ms": sum(times) / len(times) * 1000,
            "median_ms": sorted(times)[len(times) // 2] * 1000,
            "max_ms": max(times) * 1000,
        }
        if cpu:
            out["levels"][level]["cpu_ms"] = [x * 1000 for x in cpus]
            out["levels"][level]["cpu_median_ms"] = sorted(cpus)[len(cpus) // 2] * 1000
            out["levels"][level]["cpu_max_ms"] = max(cpus) * 1000
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="movegen,perft,ai")
    parser.add_argument("--perft", default="3,4", help="perft depths from the start (default 3,4)")
    parser.add_argument("--levels", default="random,easy,normal,hard")
    parser.add_argument("--ai-positions", type=int, default=0, help="use only the first N positions")
    parser.add_argument("--ai-extra", type=int, default=0,
                        help="N more positions from seeded random games (a median over more)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per move-generation figure")
    parser.add_argument("--show-position", action="store_true", help="print the busy position and exit")
    args = parser.parse_args(argv)

    if args.show_position:
        board, ply = busy_position()
        print(f"game seed {BUSY_SEED}, ply {ply}, {board.count_legal_moves()} legal moves")
        print(board.diagram())
        print(board.code())
        return 0

    parts = [p for p in args.parts.split(",") if p]
    result: dict = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
    }
    if "movegen" in parts:
        result["movegen"] = bench_movegen(args.seconds)
    if "perft" in parts:
        result["perft"] = bench_perft([int(d) for d in args.perft.split(",") if d])
    if "ai" in parts:
        levels = [x for x in args.levels.split(",") if x]
        result["ai"] = bench_ai(levels, args.ai_positions or None, extra=args.ai_extra)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
