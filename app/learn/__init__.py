"""Learning content: interactive lessons, the piece guide, the rules (a generated copy of
docs/rules*.md)."""
