"""Team styles as weight vectors for ``policy.choose`` (military-first, economy-first)."""

import numpy as np

from sim.games.aeolis import layout as L
from strategies.aeolis.policy import (
    STRATEGY_CODES,
    W_BOLDNESS,
    W_ROLL_DIE,
    W_STYLE,
    W_TARGETS,
    W_TECH,
    empty_weights,
)

STYLES = {
    "military": {
        "targets": {"hoplite": 5, "philosopher": 2, "merchant": 1, "hippeis": 2, "toxotai": 2,
                    "companion": 2, "magi": 2, "ship": 1, "priestess": 1},
        "techs": ["copper_working", "wood_cutting", "agriculture", "bronze_working", "democracy",
                  "masonry", "hunting", "monarchy", "iron_working", "fletching", "horse_breeding",
                  "warcraft"],
        "roll_die": 0, "boldness": 1,
    },
    "economy": {
        "targets": {"philosopher": 3, "merchant": 2, "hoplite": 4, "magi": 2, "hippeis": 1,
                    "ship": 1, "priestess": 1, "toxotai": 1, "companion": 1},
        "techs": ["agriculture", "wood_cutting", "democracy", "masonry", "copper_working",
                  "monarchy", "commerce", "bronze_working", "hunting", "engineering",
                  "horse_breeding", "iron_working", "warcraft"],
        "roll_die": 1, "boldness": 0,
    },
}


def weights(name: str, tech_names: tuple[str, ...]) -> np.ndarray:
    """The weight vector of a strategy name (``random`` leaves style 0)."""
    W = empty_weights()
    W[W_STYLE] = STRATEGY_CODES[name]
    style = STYLES.get(name)
    if style is None:
        return W
    W[W_ROLL_DIE] = style["roll_die"]
    W[W_BOLDNESS] = style["boldness"]
    for unit, n in style["targets"].items():
        W[W_TARGETS + L.UNIT_KINDS.index(unit)] = n
    ranked = style["techs"]
    for t, name_t in enumerate(tech_names):
        W[W_TECH + t] = len(ranked) - ranked.index(name_t) if name_t in ranked else 0
    return W
