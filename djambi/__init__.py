"""Djambi rules engine (placeholder; the engine author replaces this)."""
