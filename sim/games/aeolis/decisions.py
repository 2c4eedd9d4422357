"""The decisions the Aeolis engine asks the team policy to make, and their option columns.

At each decision the engine writes the legal options as rows of ``opts`` and asks the
policy for an index. Option 0 is always the "do nothing / stop" choice where one exists.
"""

import numpy as np

MAX_OPTIONS = 64
OPT_WIDTH = 4

DECISION_FIELDS = (
    ("allocate_worker", "hero that takes an unused Hero's worker (p. 7)"),
    ("train", "unit kind to train one untrained worker into, -1 keep it (p. 9)"),
    ("production_die", "0 produce normally, 1 roll the Production Die (p. 10)"),
    ("feed", "food spent for workers: -1 stop, else resource (p. 12)"),
    ("build", "-1 stop, else structure, hex (p. 11)"),
    ("upgrade_building", "-1 stop, else building (pp. 12-28)"),
    ("discover", "-1 stop, else technology (p. 15)"),
    ("army_upgrade", "-1 stop, else army kind, upgrade bit; kind -2 casts Bronze (p. 19)"),
    ("trade", "wheel step: -1 none, else 0 sell / 1 buy / 2 alms, resource, price (p. 13)"),
    ("collect", "-1 stop, else hex the Merchant collects from (p. 14)"),
    ("foreign_trade", "0 no, 1 establish the trade route (p. 16)"),
    ("move", "destination hex of the group being moved"),
    ("charax", "-1 stop, else hex for a Charax token (p. 20)"),
    ("ranged", "-1 none, else enemy slot fired at (pp. 20, 25)"),
    ("diplomacy", "-1 stop, else active-event slot targeted, with Proselytize or without "
                  "(pp. 23, 32)"),
    ("unrest_combat", "0 no, 1 fight the Unrest in the active-event slot (p. 35)"),
    ("keep_spell", "-1 stop, else spell kept (p. 23)"),
    ("flow", "-1 stop, else from sphere, to sphere, colour (p. 23)"),
    ("cast", "-1 stop, else spell, sphere, target (enemy slot or event slot) (p. 24)"),
    ("priestess", "-1 none, else ability slot, Faith, target hex or Curse deck, Curse cards seen "
                  "(pp. 22-23, 27)"),
    ("explore", "-1 stop, 0 roll for loot, 1 draw into an empty slot, 2 replace slot b (p. 25)"),
    ("alchemist", "-1 stop, else action (0 Midas, 1 Transmute, 2 Immolate, 3 Weather), a, b (p. 26)"),
    ("casualty", "army kind that loses the unit after a won combat (p. 30)"),
    ("pillage", "resource (or -1 for a worker, -2 a trained unit of kind b) given up (p. 35)"),
    ("destroy_plagued", "-1 stop, else hex whose plagued Structure is destroyed (p. 34)"),
    ("alchemists", "how many Philosophers become Alchemists (p. 26)"),
    ("arrange", "card put next on top of its deck by Divination / Divine Intervention (pp. 23, 27)"),
    ("intervene", "-1 none, else card removed from play, its deck, position, 0; then card "
                  "brought in, -1, -1, 1 (p. 27)"),
    ("aura", "-1 stop, else hex shielded by the Aura of Protection for 1 Light Crystal (p. 27)"),
    ("lay_on_hands", "units saved from dying in combat, 1 Light Crystal each (p. 27)"),
    ("frost_blast", "Ice Crystals the Galleys spend on Frost Blast before the roll (p. 28)"),
    ("claim", "Compass slot of the token an Explore roll claims, any one it reaches (p. 25)"),
    ("phase_order", "0 the city acts before the miniatures move, 1 after, with what they "
                    "collected (p. 5)"),
)
DECISION_NAMES = tuple(name for name, _ in DECISION_FIELDS)
# np.int32, not int: Numba types a global int as a literal, so every decision kind would
# compile its own copy of decide -> choose -> the whole team policy.
(D_ALLOCATE, D_TRAIN, D_PRODUCTION_DIE, D_FEED, D_BUILD, D_UPGRADE_BUILDING, D_DISCOVER,
 D_ARMY_UPGRADE, D_TRADE, D_COLLECT, D_FOREIGN_TRADE, D_MOVE, D_CHARAX, D_RANGED, D_DIPLOMACY,
 D_UNREST_COMBAT, D_KEEP_SPELL, D_FLOW, D_CAST, D_PRIESTESS, D_EXPLORE, D_ALCHEMIST,
 D_CASUALTY, D_PILLAGE, D_DESTROY_PLAGUED, D_ALCHEMISTS, D_ARRANGE, D_INTERVENE, D_AURA,
 D_LAY_ON_HANDS, D_FROST_BLAST, D_CLAIM, D_PHASE_ORDER) = (
    np.int32(k) for k in range(len(DECISION_FIELDS)))
N_DECISIONS = len(DECISION_FIELDS)
