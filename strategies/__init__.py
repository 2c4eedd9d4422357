"""Bots: njit policy functions per game and their presets."""
