"""Dice Race's tunable numbers, each declared once with its range (``params.NAME`` overrides)."""

from sim.games.tunables import Param, index_of

PARAMS = (
    Param("target", 100, 10, 500, "assumed: the race length of the folk game Pig"),
    Param("max_rolls", 30, 1, 100, "assumed: rolls a turn may take before the seat must bank"),
)
PARAM_INDEX = index_of(PARAMS)
P_TARGET, P_MAX_ROLLS = (PARAM_INDEX[p.name] for p in PARAMS)
