"""Effect opcodes of Aeolis cards and Spells; ``rules/effects.run_effect`` executes them.

An effect is a row of up to ``MAX_STEPS`` steps ``(op, a, b)``; a step's code is its row
in ``OP_TABLE`` ("-": the argument is not read).
"""

from sim.games.effect_ops import Op, op_names

OP_TABLE = (
    Op("none", (), "no step (fills an effect row; content never writes it)", ""),
    Op("gain", ("resource", "amount"), "the team gains amount of a resource", "p. 9"),
    Op("lose", ("resource", "amount"), "the team loses amount of a resource (never below 0)",
       "p. 9"),
    Op("morale", ("steps", "-"), "Morale moves that many steps (negative: to the left)", "pp. 5, 15"),
    Op("workers", ("n", "-"), "n untrained workers join (negative: n are slain)", "p. 7"),
    Op("tech", ("technology", "-"), "discover the technology for free, with its own benefit",
       "pp. 15-16"),
    Op("research", ("n", "-"), "add n Research cubes", "p. 15"),
    Op("ruin_random", ("n", "-"), "destroy n Structures at random hexes (each costs "
       "1 Morale)", "pp. 35-36"),
    Op("plague_random", ("n", "-"), "place n Plague tokens, each on a D6 + D4 hex",
       "p. 36"),
    Op("inferno_random", ("n", "-"), "place n Infernos, each on a D6 + D4 hex",
       "pp. 34, 36"),
    Op("loot", ("n", "-"), "claim n Loot tokens from the pouch at once", "p. 25"),
    Op("loot_d4", ("-", "-"), "claim 1D4 Loot tokens (Astronomy)", "p. 16"),
    Op("faith", ("n", "-"), "add n Faith to every Faith Die", "p. 23"),
    Op("damage", ("die", "bonus"), "Spell: D(die) + bonus damage to the target, halved against "
       "Magic Resistance", "pp. 24, 33"),
    Op("counter", ("-", "-"), "Spell: cancel a Natural Disaster of the Spell's colour",
       "pp. 24, 34"),
    Op("cure", ("n", "-"), "Spell: remove up to n Plague tokens", "pp. 24, 34"),
    Op("kill_magi", ("n", "-"), "Backlash: n Magi units die", "p. 24"),
)
OP_NAMES = op_names(OP_TABLE)
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
