"""What the games' rules engines share (``djambi``, ``camblam``): a small kit, standard library only.

Each engine keeps its own rules and formats; the kit holds what would otherwise be written once
per engine, in the same shape for every game (and for the games to come):

- ``gamekit.outcome``: the end of a game (``Outcome``, the terminations every game has) and the
  repetition count of a position;
- ``gamekit.narrate``: the base of an engine's narration event (its ``repr`` and log text);
- ``gamekit.moves``: the lazy ``legal_moves`` view of a board;
- ``gamekit.perft``: counting move sequences (``perft``, ``divide``);
- ``gamekit.records``: the game record file's headers (``[Name "value"]``, escaping) and move lines;
- ``gamekit.cli``: the command lines' scaffolding (``python -m <game> perft|show|moves|play``: the
  same flags, one line and exit status 2 on bad input).

The kit imports no engine (an engine imports the kit), nor ``app``, ``pyscript`` or ``js``.
"""

from .moves import LegalMoves
from .narrate import EventBase
from .outcome import AGREEMENT, RESIGNATION, Outcome, repetitions
from .perft import divide, perft

__all__ = ["LegalMoves", "EventBase", "Outcome", "AGREEMENT", "RESIGNATION", "repetitions", "perft", "divide"]
