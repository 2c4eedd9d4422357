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
from strategies.kit import RANDOM, skill_row
from strategies.pericles.features import HORIZON, MISTAKES, ROW, SAMPLES
from strategies.pericles.policy import HEURISTIC, RANDOM_LEGAL, SEARCH
from strategies.pericles.presets import PRESET_NAMES, PRESETS
from strategies.skill_levels import SKILLS

# The first name is the default strategy of a plain `sim run`.
STRATEGY_NAMES = PRESET_NAMES + tuple(SKILLS) + (RANDOM,)
__all__ = ["DEFAULT_HORIZON", "DEFAULT_SAMPLES", "DEFAULT_SKILL", "SKILLS", "STRATEGY_NAMES",
           "seat_bot"]


def seat_bot(name: str, skill: str, samples: int, horizon: int) -> tuple[int, np.ndarray]:
    """(policy code, weight row of ``ROW`` columns) of a seat playing strategy ``name`` in a
    run at ``skill`` with a search budget of ``samples`` play-outs per option, ``horizon``
    Governances ahead."""
    return skill_row(name, skill, samples, horizon, PRESETS, ROW, (MISTAKES, SAMPLES, HORIZON),
                     (RANDOM_LEGAL, HEURISTIC, SEARCH))
