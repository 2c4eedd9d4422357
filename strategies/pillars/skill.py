"""Skill levels of the Pillars of Heracles bots, and the strategy names a seat may play.

One setting, ``skill``, sets how well every heuristic seat plays, from ``novice`` to
``expert``, with the meaning the other games give it; a skill name given as a seat's
strategy plays ``balanced`` at that level, so one table can mix levels
(``expert,default,default``). Below the default the heuristic makes mistakes
(``strategies.skill_levels``): that share of the decisions with two or more options is
taken uniformly at random among them, drawn from the seat's own random stream.
``strong`` and ``expert`` plan their turns with the search bot (``search.py``),
``strong`` with half the run's ``samples``. docs/bots.md has the measured ladder.
"""

from __future__ import annotations

import numpy as np

from sim.games.pillars.game import DEFAULT_HORIZON as DEFAULT_HORIZON  # the runner's
from sim.games.pillars.game import DEFAULT_SAMPLES as DEFAULT_SAMPLES
from sim.games.pillars.game import FIRST
from sim.games.pillars.policy import FIRST_OPTION
from strategies.kit import RANDOM, skill_row
from strategies.pillars.features import HORIZON, MISTAKES, ROW, SAMPLES
from strategies.pillars.policy import HEURISTIC, RANDOM_LEGAL, SEARCH
from strategies.pillars.presets import PRESET_NAMES, PRESETS
from strategies.skill_levels import SKILLS

# The first name is the default strategy of a plain `sim run`.
STRATEGY_NAMES = PRESET_NAMES + tuple(SKILLS) + (RANDOM,)


def seat_bot(name: str, skill: str, samples: int, horizon: int) -> tuple[int, np.ndarray]:
    """(policy code, row of ``features.ROW`` weights) of a seat playing ``name`` at
    ``skill`` (``strategies.kit.skill_row``); a searching seat plays ``samples`` play-outs
    per candidate turn, each ``horizon`` rounds long. The rules' own ``first`` option
    takes no weights."""
    if name == FIRST:
        return FIRST_OPTION, np.zeros(ROW)
    return skill_row(name, skill, samples, horizon, PRESETS, ROW, (MISTAKES, SAMPLES, HORIZON),
                     (RANDOM_LEGAL, HEURISTIC, SEARCH))
