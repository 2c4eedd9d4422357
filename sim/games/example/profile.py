"""Dice Race's play profile: the mechanisms a seat uses, counted per player-game."""

from sim.games.play_profile import Mechanism

PROFILE = (
    Mechanism("rolls", "times the seat rolled the die", "rules §2"),
    Mechanism("busts", "turns the seat lost to a bust face", "rules §2"),
    Mechanism("holds", "turns the seat banked its turn total", "rules §3"),
)
N_USE = len(PROFILE)
U_ROLLS, U_BUSTS, U_HOLDS = range(N_USE)
