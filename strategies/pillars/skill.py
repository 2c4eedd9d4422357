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

from dataclasses import dataclass

import numpy as np

from strategies.pillars.entry import SEAT_HEURISTIC, SEAT_RANDOM, SEAT_SEARCH
from strategies.pillars.features import NF
from strategies.pillars.presets import PRESET_NAMES, PRESETS
from strategies.skill_levels import DEFAULT_SKILL, SKILLS  # noqa: F401  (DEFAULT_SKILL: the runner's)

SKILL_PRESET = "balanced"  # the weights a seat named by its skill plays
RANDOM = "random"
# The first name is the default strategy of a plain `sim run`.
STRATEGY_NAMES = PRESET_NAMES + tuple(SKILLS) + (RANDOM,)
DEFAULT_SAMPLES = 2
DEFAULT_HORIZON = 2


@dataclass(frozen=True)
class SeatBot:
    code: int  # entry.SEAT_*
    weights: np.ndarray  # features.NF weights
    mistakes: float  # share of decisions taken at random
    samples: int  # play-outs per option of a searching seat, else 0


def seat_bot(name: str, skill: str, samples: int) -> SeatBot:
    """The bot of a seat playing strategy ``name`` (a preset, a skill name or ``random``) in
    a run at ``skill`` with a search budget of ``samples`` play-outs per option."""
    if name == RANDOM:
        return SeatBot(SEAT_RANDOM, np.zeros(NF), 0.0, 0)
    level = SKILLS[name] if name in SKILLS else SKILLS[skill]
    weights = PRESETS[SKILL_PRESET if name in SKILLS else name]
    if level.search > 0:
        return SeatBot(SEAT_SEARCH, weights, level.mistakes, max(1, round(samples * level.search)))
    return SeatBot(SEAT_HEURISTIC, weights, level.mistakes, 0)
