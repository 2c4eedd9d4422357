"""Skill levels of the Aeolis team, and the strategy names a team may play.

One setting, ``skill``, sets how well the team plays, from ``novice`` to ``expert``; a
skill name given as the strategy plays ``survival`` at that level. The team's heuristic
picks its options by rules of thumb, not by scores, so the levels below the default make
mistakes (``strategies.skill_levels``): that share of the decisions with two or more
options is taken uniformly at random, drawn from the team's own stream. ``strong`` and
``expert`` play the search bot (``search.py``), ``strong`` with half the run's
``samples``. docs/bots.md has the measured ladder.
"""

from __future__ import annotations

import numpy as np

from sim.games.aeolis.game import DEFAULT_HORIZON, DEFAULT_SAMPLES, DEFAULT_SKILL
from strategies.aeolis.policy import STRATEGY_CODES, W_HORIZON, W_MISTAKES, W_SAMPLES
from strategies.aeolis.styles import weights
from strategies.skill_levels import SKILLS

SKILL_STYLE = "survival"  # the style a team named by its skill plays
RANDOM = "random"
# The first name is the default team of `sim run`, `sim trace` and the presets.
STRATEGY_NAMES = tuple(STRATEGY_CODES) + tuple(SKILLS)
__all__ = ["DEFAULT_HORIZON", "DEFAULT_SAMPLES", "DEFAULT_SKILL", "SKILLS", "STRATEGY_NAMES",
           "team_weights"]


def team_weights(name: str, skill: str, samples: int, horizon: int, tech_names: tuple[str, ...],
                 structure_names: tuple[str, ...]) -> np.ndarray:
    """The weight vector of a team playing strategy ``name`` in a run at ``skill`` with a
    search budget of ``samples`` play-outs per option, ``horizon`` rounds ahead."""
    if name == RANDOM:
        return weights(name, tech_names, structure_names)
    level = SKILLS[name] if name in SKILLS else SKILLS[skill]
    W = weights(SKILL_STYLE if name in SKILLS else name, tech_names, structure_names)
    W[W_MISTAKES] = level.mistakes
    W[W_SAMPLES] = max(1, round(samples * level.search)) if level.search > 0 else 0
    W[W_HORIZON] = horizon
    return W
