"""The threat view and the suggested move as square marks and words (pure Python).

Everything here is computed by the engine's threat function, ``djambi.threats`` (the one the
computer players evaluate with): which of the player's pieces an enemy could kill on his next
move and by which pieces, where a selected enemy piece can go and what it could kill, and what a
move being chosen would leave exposed. This module turns those squares into classes for
``render.square_views(marks=...)`` and into sentences in the player's language (``app.text.i18n``).
"""

from __future__ import annotations

from djambi import Board, Move, Party, Piece, square_name
from djambi.threats import reach, threats

from app.present import render
from app.text.i18n import N_, _, kind_name, list_of, ngettext, party_of, pgettext, piece_phrase


def add(marks: dict[int, str], sq: int, cls: str) -> None:
    marks[sq] = f"{marks[sq]} {cls}" if sq in marks else cls


def _name(board: Board, sq: int) -> str:
    piece = board.piece_at(sq)
    return "" if piece is None else kind_name(piece.kind)


def _at(name: str, sq: int) -> str:
    """A piece named with its square in a list: ``militant A5``."""
    # Translators: a piece in a list of the threat view, "militant A5"; {kind} is the kind alone.
    return _("{kind} {square}").format(kind=name, square=square_name(sq))


def threat_marks(board: Board, player: Party, *, focus: int | None = None,
                 selected: int | None = None, preview: dict[int, Piece | None] | None = None,
                 marks: dict[int, str] | None = None) -> tuple[dict[int, str], str]:
    """(marks, words) of the threat view for ``player`` (the player to move).

    Always: ``threat`` on each of his pieces an enemy could kill next turn, ``attacker`` on the
    enemy pieces that could. ``focus`` (an enemy piece tapped): ``focus`` on it, ``reach`` where
    it can go, ``reach-kill`` what it could kill. ``selected``/``preview`` (a move being chosen,
    as ``taps.Picker`` shows it): ``exposed`` on the pieces that move would newly leave open to a
    kill. ``marks`` (the latest moves' marks) are kept, the view's classes added to them."""
    out = dict(marks or {})
    now = threats(board, player)
    for victim, attackers in now.items():
        add(out, victim, "threat")
        for a in attackers:
            add(out, a, "attacker")
    if focus is not None:
        where = reach(board, focus)
        add(out, focus, "focus")
        for sq in where.moves - where.kills:
            add(out, sq, "reach")
        for sq in where.kills:
            add(out, sq, "reach-kill")
        piece = board.piece_at(focus)
        count = len(where.moves)
        subject = piece_phrase(piece) if piece is not None else ""
        victims = ", ".join(_at(_name(board, v), v) for v in sorted(where.kills))
        if victims:
            return out, ngettext(
                "Threat view: {piece} on {square} can go to {count} square and could kill: "
                "{victims}.",
                "Threat view: {piece} on {square} can go to {count} squares and could kill: "
                "{victims}.", count).format(piece=subject, square=square_name(focus), count=count,
                                            victims=victims)
        return out, ngettext(
            "Threat view: {piece} on {square} can go to {count} square and kill nothing.",
            "Threat view: {piece} on {square} can go to {count} squares and kill nothing.",
            count).format(piece=subject, square=square_name(focus), count=count)
    if selected is not None:
        changes: dict[int, Piece | None] = {selected: None}
        changes.update(preview or {})
        after = threats(board, player, changes)
        moved_to = [sq for sq, p in (preview or {}).items() if p is not None]
        exposed = [sq for sq in after if sq not in now or sq in moved_to]
        for sq in exposed:
            add(out, sq, "exposed")
            for a in after[sq]:
                add(out, a, "attacker")
        if exposed:
            names = ", ".join(_at(_describe(board, sq, changes), sq) for sq in exposed)
            return out, _("This move would leave open to a kill: {pieces}.").format(pieces=names)
        return out, _("This move leaves none of your pieces newly open to a kill.")
    if not now:
        return out, _("Threat view: no enemy can kill any of {player}'s pieces next turn.").format(
            player=party_of(player))
    # Translators: between the threatened pieces of the threat view ("militant A5 (by …); chief A9 …").
    names = pgettext("threats", "; ").join(
        # Translators: a threatened piece and the enemy pieces that could kill it.
        _("{piece} (by {attackers})").format(
            piece=_at(_name(board, v), v), attackers=list_of([_at(_name(board, a), a) for a in att]))
        for v, att in now.items())
    return out, ngettext(
        "Threat view: {count} of {player}'s pieces can be killed next turn: {pieces}.",
        "Threat view: {count} of {player}'s pieces can be killed next turn: {pieces}.",
        len(now)).format(player=party_of(player), count=len(now), pieces=names)


def _describe(board: Board, sq: int, changes: dict[int, Piece | None]) -> str:
    piece = changes.get(sq) if sq in changes else board.piece_at(sq)
    return "" if piece is None else kind_name(piece.kind)


def suggestion_marks(move: Move, marks: dict[int, str] | None = None) -> dict[int, str]:
    """``suggest`` on the squares of a suggested move (``suggest-aux`` where its victim or a
    placed piece goes)."""
    out = dict(marks or {})
    main, aux = render.move_squares(move)
    for sq in main:
        add(out, sq, "suggest")
    for sq in aux:
        add(out, sq, "suggest-aux")
    return out


#: The suggestion's words ({move}: the move's text, the same in every language).
SUGGESTION = N_("The computer (normal level) suggests {move}, marked in green on the board (not "
                "played).")


__all__ = ["threat_marks", "suggestion_marks", "add", "SUGGESTION"]
