"""Dice Race: the example game, the template a studio copies to add a game (docs/engine.md)."""
