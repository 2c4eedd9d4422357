"""Skill levels of the Age of Pericles bots, and the strategy names a seat may play.

One setting, ``skill``, sets how well every heuristic seat plays, from ``novice`` to
``expert``; a skill name given as a seat's strategy plays ``balanced`` at that level, so
one table can mix levels (``expert,default,default``). The levels mean the same in every
game (``strategies.skill_levels``): below the default the heuristic makes mistakes, that
share of its decisions taken uniformly at random from the seat's own random stream;
``strong`` and ``expert`` play the search bot (``search.py``), ``strong`` with half the
run's ``samples``. docs/bots.md has the measured ladder.
"""

from __future__ import annotations

import numpy as np

from sim.games.pericles.game import DEFAULT_HORIZON, DEFAULT_SAMPLES, DEFAULT_SKILL
from strategies.pericles.features import HORIZON, MISTAKES, NF, ROW, SAMPLES
from strategies.pericles.policy import HEURISTIC, RANDOM_LEGAL, SEARCH
from strategies.pericles.presets import PRESET_NAMES, PRESETS
from strategies.skill_levels import SKILLS

SKILL_PRESET = "balanced"  # the weights a seat named by its skill plays
RANDOM = "random"
# The first name is the default strategy of a plain `sim run`.
STRATEGY_NAMES = PRESET_NAMES + tuple(SKILLS) + (RANDOM,)
__all__ = ["DEFAULT_HORIZON", "DEFAULT_SAMPLES", "DEFAULT_SKILL", "SKILLS", "STRATEGY_NAMES",
           "seat_bot"]


def seat_bot(name: str, skill: str, samples: int, horizon: int) -> tuple[int, np.ndarray]:
    """(policy code, weight row of ``ROW`` columns) of a seat playing strategy ``name`` in a
    run at ``skill`` with a search budget of ``samples`` play-outs per option, ``horizon``
    Governances ahead."""
    row = np.zeros(ROW, np.float64)
    if name == RANDOM:
        return RANDOM_LEGAL, row
    level = SKILLS[name] if name in SKILLS else SKILLS[skill]
    row[:NF] = PRESETS[SKILL_PRESET if name in SKILLS else name]
    row[MISTAKES] = level.mistakes
    row[SAMPLES] = max(1, round(samples * level.search))
    row[HORIZON] = horizon
    return (SEARCH if level.search > 0 else HEURISTIC), row
