"""What `sim ladder` and `sim tune` need from Pillars of Heracles bots: play games with
named strategies, some seats holding an explicit weight row instead of their preset."""

from __future__ import annotations

import functools

from sim.games.pillars import runner
from strategies.ladder import weights_player as _weights_player
from strategies.pillars.features import FEATURE_NAMES, WEIGHT_SIGNS
from strategies.pillars.presets import HAND_MADE, PRESETS, write_preset

__all__ = ["FEATURE_NAMES", "HAND_MADE", "PRESETS", "WEIGHT_SIGNS", "write_preset", "weights_player"]
STAND_IN = "balanced"  # a heuristic preset whose weights an explicit row replaces
weights_player = functools.partial(_weights_player, runner, STAND_IN)
