"""Pure presentation: narration, board rendering decisions, the tap-by-tap move picker, threat
texts, static texts, the player's language."""
