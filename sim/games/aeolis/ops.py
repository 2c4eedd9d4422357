"""Effect opcodes of Aeolis cards and Spells; ``rules/effects.run_effect`` executes them.

An effect is a row of up to ``MAX_STEPS`` steps ``(op, a, b)``.
"""

OP_NAMES = (
    "none",
    "gain",            # a resource, b amount
    "lose",            # a resource, b amount (never below 0)
    "morale",          # a steps (negative: to the left)
    "workers",         # a untrained workers (negative: slain)
    "tech",            # a technology, free (p. 15)
    "research",        # a Research cubes
    "ruin_random",     # a Structures destroyed, chosen at random
    "plague_random",   # a Plague tokens placed by D6 + D4 (p. 36)
    "inferno_random",  # a Infernos placed by D6 + D4
    "loot",            # a Loot tokens claimed from the pouch at once
    "loot_d4",         # 1D4 Loot tokens (Astronomy, p. 16)
    "faith",           # a Faith added to every Faith Die
    "damage",          # Spell: D(a) + b damage to the target (half against Magic Resistance)
    "counter",         # Spell: cancel a Natural Disaster of the Spell's colour
    "cure",            # Spell: remove up to a Plague tokens
    "kill_magi",       # Backlash: a Magi units die
)
OPS = {name: i for i, name in enumerate(OP_NAMES)}
(OP_NONE, OP_GAIN, OP_LOSE, OP_MORALE, OP_WORKERS, OP_TECH, OP_RESEARCH, OP_RUIN_RANDOM,
 OP_PLAGUE_RANDOM, OP_INFERNO_RANDOM, OP_LOOT, OP_LOOT_D4, OP_FAITH, OP_DAMAGE, OP_COUNTER,
 OP_CURE, OP_KILL_MAGI) = range(len(OP_NAMES))
RESOURCE_ARG = {OP_GAIN, OP_LOSE}  # ops whose first argument names a resource
TECH_ARG = {OP_TECH}
MAX_STEPS = 3
FX_WIDTH = 1 + 3 * MAX_STEPS  # n_steps, then (op, a, b) per step

CARD_KINDS = ("blessing", "disaster", "plague", "unrest", "plunder", "raid", "invasion",
              "heroic")
(K_BLESSING, K_DISASTER, K_PLAGUE, K_UNREST, K_PLUNDER, K_RAID, K_INVASION,
 K_HEROIC) = range(len(CARD_KINDS))
DECKS = ("b", "c1", "c2", "i1", "i2", "h")
(DECK_B, DECK_C1, DECK_C2, DECK_I1, DECK_I2, DECK_H) = range(len(DECKS))
COLORS = ("light", "void", "fire", "ice")
