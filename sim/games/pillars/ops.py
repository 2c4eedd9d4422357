"""Effect opcodes of Pillars of Heracles abilities: the Character, Monument and Kingdom of
Egypt cards (played in an Advance Turn, part A, p. 8), the Mythology cards (Invoked as a
Free Action, p. 8) and the City-state tiles (at their trigger, p. 6).
``rules/abilities.run_ability`` executes them.

Each code is an existing rule of the game applied as a bonus. The rulebook prints no card
or tile text (docs/content/pillars.md), so the steps are assumed content; the codes for
Okeanos, Gorgon, Gaia, Hyperion, Iapetos, the Sphinx and Perseus follow the Card Ability
Appendix (p. 31).

An ability is a row of up to ``MAX_STEPS`` steps ``(op, a, b)``; a step's code is its row
in ``OP_TABLE``. A content file writes a step as ``["op", a, b]`` with the arguments the
table names: "n" a count, the others words (content.ABILITY_WORDS; "any": the seat's
choice).
"""

from sim.games.effect_ops import Op, op_names

OP_TABLE = (
    Op("none", (), "no step (fills an ability row; content never writes it)", ""),
    Op("draw", ("n",), "draw n Action cards, the discard pile reshuffled when the draw pile "
       "runs out", "p. 9"),
    Op("resource", ("resource", "n"), "n of the Resource to spend this turn; what is not spent "
       "is lost at its end", "p. 7"),
    Op("step", ("track",), "one step up the track (any: the seat's choice) with its reward, "
       "never past the last step", "p. 7"),
    Op("deploy", ("unit",), "a Unit of that kind from a Deploy row for free, where the Deploy "
       "action may put it; an emptied row gains its Strategy tile", "pp. 6, 10"),
    Op("build", ("building",), "a Building of that kind from a Build row for free, where the "
       "Build action may put it; an emptied row gains its Strategy tile", "pp. 6, 10"),
    Op("move", ("n",), "a block of n Movements now, by the Movement rules; no combat", "pp. 9, 31"),
    Op("power", ("n",), "n Power more on a Land where the seat has Power, until the turn ends",
       "p. 6"),
    Op("energise", ("n",), "Energise up to n of the seat's other Invoked Mythology cards for "
       "free", "pp. 7-8"),
    Op("mythology", ("deck",), "a Mythology card from the deck as a track reward gives one "
       "(draw 2 keep 1, or a free Energise)", "p. 7"),
    Op("send_back", ("piece",), "a Unit or Building of another seat from the map back to an "
       "empty slot of its Player board (Hyperion, Iapetos)", "p. 31"),
    Op("halt", ("what",), "until the turn ends another seat's Ships (ships: Okeanos) or one of "
       "its Units (unit: the Gorgon, whose tile marks it) cannot be moved", "p. 31"),
    Op("swap", (), "swap one of the seat's Mythology cards, this one included, with another "
       "seat's; each slot keeps its state (Gaia)", "p. 31"),
    Op("egypt", (), "a Kingdom of Egypt card lying beside the board into hand for free "
       "(Memphis)", "p. ~4"),
    Op("sphinx", (), "the Sphinx tile onto an open Land; another seat moving a Unit there "
       "discards a card", "p. 31"),
    Op("perseus", (), "a random Mythology card of a chosen other seat removed from the game; "
       "its ability may then be used (Perseus)", "p. 31"),
)
OP_NAMES = op_names(OP_TABLE)
OPS = {name: i for i, name in enumerate(OP_NAMES)}
(OP_NONE, OP_DRAW, OP_RESOURCE, OP_STEP, OP_DEPLOY, OP_BUILD, OP_MOVE, OP_POWER, OP_ENERGISE,
 OP_MYTHOLOGY, OP_SEND_BACK, OP_HALT, OP_SWAP, OP_EGYPT, OP_SPHINX, OP_PERSEUS) = range(
    len(OP_NAMES))
# Codes a Mythology card may use on another seat's turn: "unless otherwise specified" a card
# is used at any time (p. 8); Resources and track steps are specified as the holder's own
# turn, since credit outlives no turn and a step's reward may ask for a payment (p. 7).
# Perseus is too, as the ability it takes may be one of those.
OWN_TURN_ONLY = frozenset({OP_RESOURCE, OP_STEP, OP_DEPLOY, OP_BUILD, OP_PERSEUS})

MAX_N = 9  # the largest count an "n" argument takes
ANY = -1  # the code of "any" in a track, unit or building argument
PIECE_UNIT, PIECE_BUILDING = 0, 1
HALT_SHIPS, HALT_UNIT = 0, 1
# the words of the argument kinds only abilities use, coded by position; the others
# ("resource", "track", "unit", "building", "deck") take the content's own words
ARG_WORDS = {"piece": ("unit", "building"), "what": ("ships", "unit")}
ANY_ARGS = frozenset({"track", "unit", "building"})  # kinds that also take "any"
MAX_STEPS = 3
FX_WIDTH = 1 + 3 * MAX_STEPS  # n_steps, then (op, a, b) per step
