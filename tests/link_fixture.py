"""Links of every kind, and what each opens: the fixture of links made by earlier versions
(``tests/data/links-v1.json``, kept so that they open the same forever) and the games the link
fuzz test damages.

``python tests/link_fixture.py`` (from the repository's root, with the set-up's .venv) writes the
fixture from the current code; it was written before links carried a check (issue 37), by the
code of the ``shell`` branch at 47c3f70. Never rewrite it: it is the record of old links.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.state import linking, session  # noqa: E402
from app.state.seating import format_steps  # noqa: E402

BASE = "https://example.org/djambi/"
FIXTURE = Path(__file__).parent / "data" / "links-v1.json"

#: Djambi rule sets: every preset and every option value that is not the standard one.
DJAMBI_RULES = ("", "bga", "classic-online", "two-by-two", "players=3", "kill-own=vassals",
                "kill-own=except-chief", "reporter=must", "reporter=all",
                "walled-in=any-necromobile", "walled-in=throne-access", "walled-in=strict",
                "walled-in=loose", "come-back=allowed", "provocateur-own=vassals", "skips=0",
                "skips=2", "kill-own=vassals,reporter=all,come-back=allowed,skips=1")
DJAMBI_SEATS = (["human", "normal", "easy", "hard"], ["human", "human", "human", "human"],
                ["random", "human", "hard", "human"])
CAMBLAM_SEATS = (["human", "easy"], ["hard", "human"], ["human", "human"])


def _play(game: session.Game, rng: random.Random, plies: int) -> session.Game:
    board = game.board
    for _ in range(plies):
        if board.is_game_over():
            break
        moves = board.generate_legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return game


def sample_games() -> list[tuple[str, session.Game]]:
    """(label, game): Djambi under every rule set, with and without moves, a draw agreed;
    Camblam with and without moves, a draw, each side's resignation. Seeded: always the same."""
    rng = random.Random(37)
    out: list[tuple[str, session.Game]] = []
    for i, rules in enumerate(DJAMBI_RULES):
        for plies in ((0, 9, 33) if not rules else (0, 17)):
            game = session.new_game(seats=list(DJAMBI_SEATS[(i + plies) % 3]), rules=rules or None)
            game.name = "" if plies == 0 else f"Game {i}; Ann & Zoë"
            _play(game, rng, plies)
            out.append((f"djambi {rules or 'standard'} {plies} plies", game))
    hostage = session.new_game(hostage=True, seats=["human", "hard", "normal", "human"])
    out.append(("djambi hostage 12 plies", _play(hostage, rng, 12)))
    drawn = _play(session.new_game(seats=["human", "human", "easy", "easy"]), rng, 14)
    drawn.board.agree_draw()
    out.append(("djambi draw agreed", drawn))
    for plies in (0, 11, 50):
        game = session.new_game(seats=list(CAMBLAM_SEATS[plies % 3]), kind="camblam")
        game.name = "" if plies == 0 else "Camblam à deux"
        out.append((f"camblam {plies} plies", _play(game, rng, plies)))
    for ending in ("draw", "w-resigns", "b-resigns"):
        game = _play(session.new_game(seats=["human", "normal"], kind="camblam"), rng, 8)
        if ending == "draw":
            game.board.agree_draw()
        else:
            game.board.resign(0 if ending == "w-resigns" else 1)
        game.name = f"Camblam {ending}"
        out.append((f"camblam {ending}", game))
    return out


def make_links(game: session.Game) -> dict[str, str]:
    """Every link the app makes of a game: position, game, move link (fragments, no base)."""
    def frag(link: str) -> str:
        return "#" + link.split("#", 1)[1]
    return {"position": frag(linking.position_link(BASE, game)),
            "game": frag(linking.game_link(BASE, game)),
            "move": frag(linking.move_link(BASE, game))}


def opened(fragment: str) -> dict | None:
    """What a link opens, as plain data: the game, its whole history, the seats, id and name
    (``None`` for a link that opens nothing); ``LinkError`` raised if refused."""
    linked = linking.read_link(fragment)
    if linked is None:
        return None
    game = linked.game
    return {"kind": game.rules.key,
            "game": game.rules.format_game_code(game.board),
            "position": game.rules.format_position(game.board),
            "over": game.board.is_game_over(),
            "seats": list(game.seats), "name": game.name,
            "shared": linked.shared, "id": game.id if linked.shared else None,
            # seats that changed hands (issue 37), only where there are some: the fixture's
            # links, made before, have none
            **({"seat_steps": format_steps(game.seat_steps, game.seat_letter)} if game.seat_steps else {})}


def old_links() -> list[dict]:
    """The links of today's (pre-check) code, with the long ``G1`` code's game link and some
    percent-encoded and seatless forms, each with what it opens."""
    rows = []
    for label, game in sample_games():
        links = make_links(game)
        code = game.rules.format_game_code(game.board)
        seats = links["game"].split(";seats=", 1)[1]
        links["game-long"] = f"#{code};seats={seats}"
        links["game-no-seats"] = links["game"].split(";", 1)[0]
        links["move-encoded"] = links["move"].replace(";", "%3B").replace("=", "%3D")
        for link_kind, fragment in links.items():
            rows.append({"label": label, "link": link_kind, "fragment": fragment,
                         "opens": opened(fragment)})
    return rows


def main() -> None:
    FIXTURE.parent.mkdir(exist_ok=True)
    rows = old_links()
    FIXTURE.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rows)} links written to {FIXTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
