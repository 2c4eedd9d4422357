"""The skill levels of the bots, with one meaning in every game.

``novice`` and ``casual`` play the game's default heuristic with a share of mistakes: that
share of the decisions with two or more options is taken uniformly at random among them,
drawn from the seat's (or team's) own random stream; ``default`` is the heuristic;
``strong`` plays the game's search bot with half the run's ``samples``, ``expert`` with all
of them. Each game's ``skill.py`` maps these onto its bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.policies import DEFAULT_SKILL  # noqa: F401  (the games' setups default to it)


@dataclass(frozen=True)
class Skill:
    mistakes: float  # share of decisions taken at random (0: none)
    search: float  # share of the run's play-outs per option (0: no search)


SKILLS = {
    "novice": Skill(mistakes=0.25, search=0.0),
    "casual": Skill(mistakes=0.08, search=0.0),
    "default": Skill(mistakes=0.0, search=0.0),
    "strong": Skill(mistakes=0.0, search=0.5),
    "expert": Skill(mistakes=0.0, search=1.0),
}
