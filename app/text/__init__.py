"""Translation: the player's language and the game's words in it, below every other layer of
the app (``state``, ``present``, ``learn`` and the views all read it; it reads no layer of the app)."""
