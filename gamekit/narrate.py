"""The base of a narration event: what a move did, as a small frozen value (a named tuple).

An engine declares its event's fields as a ``NamedTuple`` (``kind`` first, the others ``None``
where they do not apply) and its ``Event`` as ``class Event(EventBase, _Fields)``, saying which
fields hold squares and how a square and a player are written. The ``repr`` pastes back
(``Event('move', player=Party.RED, square=56, to=32)``: the fields left ``None`` are left out);
``str`` is a compact text for logs and test output (``kill player=Red piece=bM square=D6``).
"""

from __future__ import annotations

from typing import Any, ClassVar


class EventBase:
    """Mixin of an engine's ``Event`` named tuple (before the fields' class in its bases)."""

    __slots__ = ()
    #: The fields that hold a square number (written by name in ``str``).
    square_fields: ClassVar[tuple[str, ...]] = ("square", "to")
    #: The types whose values are written by their ``title`` in ``str`` (the players).
    titled: ClassVar[tuple[type, ...]] = ()

    _fields: ClassVar[tuple[str, ...]]

    @staticmethod
    def square_name(square: int) -> str:
        """The name of a square (each engine's own)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        values: Any = self
        fields = [repr(values[0])]
        fields += [f"{name}={value!r}" for name, value in zip(self._fields[1:], values[1:]) if value is not None]
        return f"{type(self).__name__}({', '.join(fields)})"

    def __str__(self) -> str:
        values: Any = self
        out = [values[0]]
        for name, value in zip(self._fields[1:], values[1:]):
            if value is None:
                continue
            if name in self.square_fields:
                text = self.square_name(value)
            elif isinstance(value, self.titled):
                text = value.title
            else:
                text = str(value)
            out.append(f"{name}={text}")
        return " ".join(out)


__all__ = ["EventBase"]
