"""Dice Race bots: a heuristic with two weights, played at every skill level, and the
random-legal bot (docs/bots.md)."""
