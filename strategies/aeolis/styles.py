"""Team styles as weight vectors for ``policy.choose`` (military-first, economy-first,
survival)."""

import numpy as np

from sim.games.aeolis import layout as L
from strategies.aeolis.policy import (
    CARE_BUILD_WHEN_READY,
    CARE_HABITS,
    STRATEGY_CODES,
    W_BOLDNESS,
    W_CAREFUL,
    W_DIPLOMACY_ODDS,
    W_MAGI_STRUCT,
    W_MAGI_TECH,
    W_ROLL_DIE,
    W_STRUCT,
    W_STYLE,
    W_TARGETS,
    W_TECH,
    empty_weights,
)

# What a Structure is worth to any team: workers first (they become units and Structures),
# then the Wood, Copper and Stone that build and train, Gold, then the rest.
STRUCTURE_VALUES = {
    "hunters_lodge": 9, "village": 9, "fishing_boat": 8, "wheat_farm": 7, "woodcutter": 7,
    "copper_mine": 6, "quarry": 5, "watermill": 5, "iron_mine": 3, "salt_pan": 2,
    "horse_ranch": 3, "pearl_diver": 1, "algae_farm": 1, "light_field": 2, "void_field": 2,
    "fire_field": 2, "ice_field": 2, "light_altar": 2, "glacial_altar": 2, "void_altar": 2,
    "blazing_altar": 2,
}

# What a team with the Magi adds: Crystals for Spells, the Scorpio form, no Backlash (pp. 10,
# 23-24); the tech bonus puts these first.
MAGI_TECHS = {"masonry": 30, "crystal_seeding": 29, "mysticism": 28, "occult": 27, "witchcraft": 26}
MAGI_STRUCTURES = {"light_field": 7, "void_field": 7, "fire_field": 7, "ice_field": 7,
                   "light_altar": 8, "glacial_altar": 8, "void_altar": 8, "blazing_altar": 8}

STYLES = {
    "military": {
        "targets": {"hoplite": 5, "philosopher": 2, "merchant": 3, "hippeis": 2, "toxotai": 2,
                    "companion": 2, "magi": 2, "ship": 1, "priestess": 1},
        "techs": ["agriculture", "hunting", "wood_cutting", "copper_working", "democracy",
                  "masonry", "shipbuilding", "bronze_working", "monarchy", "iron_working",
                  "fletching", "warcraft", "horse_breeding", "commerce", "engineering"],
        "roll_die": 0, "boldness": -1, "careful": 0,
    },
    "economy": {
        "targets": {"philosopher": 2, "merchant": 3, "hoplite": 4, "magi": 2, "hippeis": 1,
                    "ship": 1, "priestess": 1, "toxotai": 1, "companion": 1},
        "techs": ["agriculture", "democracy", "hunting", "wood_cutting", "shipbuilding",
                  "copper_working", "masonry", "monarchy", "commerce", "bronze_working",
                  "engineering", "iron_working", "fletching", "warcraft", "horse_breeding"],
        "roll_die": 1, "boldness": -2, "careful": 0,
    },
}
# Plays to survive, kept frozen to compare with: the military style with a full army of
# six Hoplites before more Structures, sure fights only, a look at the coming Invasion,
# no risky paths, no Structure on an enemy's way, Stone only for a use, idle Gold into
# Wheat (every policy.CARE_* habit), and Diplomacy at any odds: a failed roll costs
# nothing (p. 32).
STYLES["survival-v1"] = STYLES["military"] | {
    "targets": STYLES["military"]["targets"] | {"hoplite": 6},
    "careful": sum(1 << habit for habit in CARE_HABITS),
    "diplomacy_odds": 0.0,
}
# The default team: survival-v1 with one Hoplite more than the six a kind may field (so a
# worker, Gold and Copper stay ready to replace the unit each won fight costs, p. 30), one
# Philosopher (the second one's worker joins the army), and Structures from the workers
# the army first kept once the army beats every Invasion still ahead. docs/bots.md has
# the paired games behind each.
STYLES["survival"] = STYLES["survival-v1"] | {
    "targets": STYLES["survival-v1"]["targets"] | {"hoplite": 7, "philosopher": 1},
    "careful": STYLES["survival-v1"]["careful"] | 1 << CARE_BUILD_WHEN_READY,
}


def weights(name: str, tech_names: tuple[str, ...],
            structure_names: tuple[str, ...] = ()) -> np.ndarray:
    """The weight vector of a strategy name (``random`` leaves style 0)."""
    W = empty_weights()
    W[W_STYLE] = STRATEGY_CODES[name]
    style = STYLES.get(name)
    if style is None:
        return W
    W[W_ROLL_DIE] = style["roll_die"]
    W[W_BOLDNESS] = style["boldness"]
    W[W_CAREFUL] = style["careful"]
    W[W_DIPLOMACY_ODDS] = style.get("diplomacy_odds", 0.2)
    for unit, n in style["targets"].items():
        W[W_TARGETS + L.UNIT_KINDS.index(unit)] = n
    ranked = style["techs"]
    for t, name_t in enumerate(tech_names):
        W[W_TECH + t] = len(ranked) - ranked.index(name_t) if name_t in ranked else 0
    for t, name_t in enumerate(tech_names):
        W[W_MAGI_TECH + t] = MAGI_TECHS.get(name_t, 0)
    for k, name_s in enumerate(structure_names):
        W[W_STRUCT + k] = STRUCTURE_VALUES.get(name_s, 1)
        W[W_MAGI_STRUCT + k] = MAGI_STRUCTURES.get(name_s, 0)
    return W
