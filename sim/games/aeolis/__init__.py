"""Aeolis: the co-operative game of the simulator (players against the game)."""
