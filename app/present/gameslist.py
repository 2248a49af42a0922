"""The Games list in words: one entry per stored game — its name, the game and its rules
("Djambi, BGA rules", "Camblam": the title is the game's own, ``app.games``), who sits where
(human, computer with its level, another device), whose turn or how it ended, the last move with
the army that made it, and when — and the orders the list can be sorted in (last played first by
default, by game, in progress first). A game whose stored entry cannot be read is an entry too,
named as far as the library's index knows it, to download or delete. Pure Python; the games are
``app.state.library``'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app import games as game_kinds
from app.present import notices, ruletext, standings
from app.state import library, saving, seating, session
from app.text.i18n import N_, _, army_name, ngettext, party_name, pgettext, player_name


@dataclass(frozen=True)
class SeatMark:
    """One seat as the list shows it: the colours of the armies it leads (CSS names such as
    ``djambi-r``, ``camblam-w``), its kind (``human``, ``computer``, ``remote``), a badge (the
    computer's level letter, else "") and its words ("Red: Computer (hard)")."""

    colours: tuple[str, ...]
    kind: str
    badge: str
    text: str


@dataclass(frozen=True)
class Entry:
    """One line of the Games list. ``name`` is the stored name (``library.shown_name`` shows it);
    ``game`` the game and its rules in words; ``last_colour`` the colour of the army that made
    the last move. An unreadable game (``readable`` false) has ``problem`` (why, for a Details
    disclosure) and ``raw`` (its stored text, to download)."""

    slot: str
    name: str
    status: str  # "Blue to move", "Game over: Red wins", or that the game cannot be read
    last_move: str  # "Blue C7-F4", or ""
    updated: str  # ISO time of the last change, or ""
    over: bool
    waiting: bool  # the move is to be made on another device
    readable: bool = True
    game: str = ""
    kind: str = ""
    seats: tuple[SeatMark, ...] = ()
    last_colour: str = ""
    moves: int = -1  # -1: unknown
    problem: str = ""
    raw: str = ""
    aside: bool = False

    @property
    def seats_text(self) -> str:
        """The seats in words (the dots' text alternative)."""
        return "; ".join(mark.text for mark in self.seats)


#: Short names of the rule presets in the Games list ("Djambi, BGA rules").
RULES_SHORT = {
    "bga": N_("BGA rules"),
    "classic-online": N_("classic online rules"),
    "two-by-two": N_("two players, two armies each"),
}

#: The orders of the list (the first is the default).
ORDERS = {
    "recent": N_("Last played"),
    "game": N_("Game and rules"),
    "unfinished": N_("In progress first"),
}
DEFAULT_ORDER = "recent"


def order_name(order: str) -> str:
    return _(ORDERS[order])


def level_badge(level: str) -> str:
    """A computer level's letter on its seat's dot."""
    # Translators: one letter per computer level on the seat dots of the Games list: Easy,
    # Normal, Hard, eXpert, random (French: F, N, D, X, ?; Czech: L, N, T, X, ?).
    letters = {"easy": pgettext("level letter", "E"), "normal": pgettext("level letter", "N"),
               "hard": pgettext("level letter", "H"), "expert": pgettext("level letter", "X"),
               "random": pgettext("level letter", "?")}
    return letters.get(level, level[:1].upper())


def rules_short(rules: Any) -> str:
    """A Djambi rule set in a few words ("BGA rules", "3 players"); "" for the standard game
    and for a game without rule options."""
    if rules is None:
        return ""
    words = []
    plain = rules
    if rules.players == "3":
        words.append(_("3 players"))
        plain = rules.with_(players="4")
    if not plain.is_standard:
        preset = plain.preset
        if preset in RULES_SHORT:
            words.append(_(RULES_SHORT[preset]))
        elif preset:
            words.append(ruletext.preset_name(preset))
        else:
            words.append(_("custom rules"))
    return ", ".join(words)


def game_words(kind: str, rules: Any) -> str:
    """The game and its rules: "Djambi", "Djambi, BGA rules", "Camblam" (the title is the
    game's, ``app.games``); "" for an unknown kind."""
    if kind not in game_kinds.MODULES:
        return ""
    if isinstance(rules, str):
        rules = ruletext.read_rules(rules)
    title = game_kinds.get(kind).title
    words = rules_short(rules)
    # Translators: the game and its rules in the Games list: "Djambi, BGA rules".
    return _("{game}, {rules}").format(game=title, rules=words) if words else title


def colour(game: session.Game, party) -> str:
    """The CSS colour name of a seat or army: ``djambi-r``, ``camblam-b``."""
    return f"{game.rules.key}-{game.rules.party_letter(party)}"


def seat_marks(game: session.Game) -> tuple[SeatMark, ...]:
    """Who sits where, as the saved game says now (a seat may change hands mid-game): one mark
    per player who plays (the hostage never does; a two-by-two player leads two armies)."""
    rules = game.rule_set
    idle = game.rules.idle_seats(game.board)
    if getattr(rules, "two_by_two", False):
        players = [(game.rules.parties[p], rules.starting_parties(p)) for p in (0, 1)]
    else:
        players = [(p, (int(p),)) for p in game.rules.parties if p not in idle]
    marks = []
    for player, armies in players:
        if game.is_computer(player):
            kind, badge, label = "computer", level_badge(game.seat(player)), game.seat(player)
        elif game.is_remote(player):
            kind, badge, label = "remote", "", seating.REMOTE
        else:
            kind, badge, label = "human", "", seating.HUMAN
        colours = tuple(colour(game, game.rules.parties[a]) for a in armies)
        # Translators: a seat in the Games list: "Red: Computer (hard)".
        text = _("{player}: {seat}").format(player=player_name(player, rules),
                                             seat=seating.seat_label(label))
        marks.append(SeatMark(colours, kind, badge, text))
    return tuple(marks)


def entries(games: library.Library, order: str = DEFAULT_ORDER) -> list[Entry]:
    """The Games list, in ``order`` (last played first by default)."""
    out = []
    for slot, game in games.read_all():
        if isinstance(game, library.Unreadable):
            out.append(unreadable_entry(game))
        else:
            out.append(entry(slot, game))
    return sort(out, order)


def sort(items: list[Entry], order: str = DEFAULT_ORDER) -> list[Entry]:
    """``recent``: last played first (games with no time last); ``game``: by game and rules
    (the registry's order, then the words), last played first within each; ``unfinished``:
    games in progress first, then finished ones, last played first in each."""
    newest = sorted(items, key=lambda e: e.updated, reverse=True)
    if order == "game":
        kinds = list(game_kinds.MODULES)
        return sorted(newest, key=lambda e: (kinds.index(e.kind) if e.kind in kinds else len(kinds),
                                             e.game))
    if order == "unfinished":
        return sorted(newest, key=lambda e: (not e.readable, e.over))
    return newest


def entry(slot: str, game: session.Game) -> Entry:
    plies = len(game.board.move_stack)
    last, army = last_move(game)
    return Entry(slot, game.name or slot, turn_words(game), last, game.updated,
                 game.board.is_game_over(), game.remote_to_move(),
                 game=game_words(game.rules.key, game.rule_set), kind=game.rules.key,
                 seats=seat_marks(game), last_colour=army, moves=plies)


def unreadable_entry(found: library.Unreadable) -> Entry:
    """A game that cannot be read: named as the index knows it, kept to download or delete."""
    about = found.about
    moves = about.get("moves") if isinstance(about.get("moves"), int) else -1
    status = (_("Could not be read: it was set aside.") if found.aside
              else _("Could not be read."))
    return Entry(found.slot, about.get("name") or _("Unreadable game"), status, "",
                 about.get("updated", ""), False, False, readable=False,
                 game=game_words(about.get("kind", ""), about.get("rules", "")),
                 kind=about.get("kind", ""), moves=moves, problem=found.problem, raw=found.text,
                 aside=found.aside)


def moves_words(entry: Entry) -> str:
    """"14 moves" ("" when unknown)."""
    if entry.moves < 0:
        return ""
    return ngettext("{n} move", "{n} moves", entry.moves).format(n=entry.moves)


def load_message(loaded: saving.Loaded) -> notices.Message:
    """What the page says when the game to open could not be (a game set aside): the sentence,
    and why it could not be read behind "Details"."""
    return notices.Message(loaded.message, details=loaded.details)


def turn_words(game: session.Game) -> str:
    """Whose turn it is, as the Games list says it: "Your turn (Red)", "Blue to move (on another
    device)", or how the game ended."""
    board = game.board
    if board.is_game_over():
        return standings.status_text(game)
    player = board.turn
    if game.remote_to_move():
        return _("{player} to move (on another device)").format(
            player=player_name(player, game.rule_set))
    if game.is_remote_game() and game.here_to_move():
        return _("Your turn ({player})").format(player=player_name(player, game.rule_set))
    return standings.status_text(game)


def last_move(game: session.Game) -> tuple[str, str]:
    """The last move in words (``ply_words``) and the colour of the army it names (the mover's;
    in a two-by-two game the army that moved); ("", "") before the first move."""
    plies = len(game.board.move_stack)
    if not plies:
        return "", ""
    words, army = _ply(game, plies - 1)
    return words, colour(game, army)


def ply_words(game: session.Game, ply: int) -> str:
    """Move ``ply`` (0-based) of the game with whoever made it: ``Blue C7-F4``; in a two-by-two
    game the army that moved with its player, ``Yellow (Player 1) G1-F1`` (a player moves either
    of his armies in his turn), or the player with his armies when he moved another army's piece."""
    return _ply(game, ply)[0]


def _ply(game: session.Game, ply: int) -> tuple[str, object]:
    """``ply_words`` and the party whose colour goes with them."""
    board = game.board.root()
    for move in game.board.move_stack[:ply]:
        board.push(move)
    move = game.board.move_stack[ply]
    player, text, rules = board.turn, board.move_text(move), game.rule_set
    if not getattr(rules, "two_by_two", False):
        return move_words(player, text), player
    army = game.rules.army_of(board, move)
    if int(army) in rules.starting_parties(int(player)):
        who, party = army_name(army, rules), army
    else:
        who, party = player_name(player, rules), player
    return pgettext("player and move", "{player} {move}").format(player=who, move=text), party


def move_words(player, move: str) -> str:
    """``Blue C7-F4``: a move of the record with its player (the move stays a code)."""
    # Translators: a move in the Games list and in link messages: the player (subject form)
    # and the move's code, e.g. "Blue C7-F4".
    return pgettext("player and move", "{player} {move}").format(player=party_name(player),
                                                                  move=move)


__all__ = ["Entry", "SeatMark", "ORDERS", "DEFAULT_ORDER", "entries", "entry", "sort",
           "unreadable_entry", "seat_marks", "game_words", "rules_short", "level_badge",
           "moves_words", "load_message", "turn_words", "last_move", "ply_words", "move_words", "order_name"]
