"""Integer vocabulary shared by Age of Pericles content and rules kernels.

Content files name these codes in words; ``content.py`` turns the words into the
integers below, and the njit kernels dispatch on the integers. Adding a card never
needs a new code unless it does something no card has done before.
"""

from sim.games.effect_ops import Op, op_names

# Progress rows and the icons on Athena cards / City-states (pp. 10-12).
MILITARY, ECONOMY, CULTURE, UNIVERSAL = 0, 1, 2, 3
ICON_NAMES = ("military", "economy", "culture", "universal")

# Unit types (p. 10).
WORKER, SHIP, HOPLITE = 0, 1, 2
UNIT_NAMES = ("worker", "ship", "hoplite")

# Rivals (p. 14).
SPARTA, PERSIA = 0, 1
RIVAL_NAMES = ("sparta", "persia")

# Goods a Role's Day side spends (p. 13).
RES_TROPHY, RES_ATHENA, RES_AMPHORA = 0, 1, 2
RESOURCE_NAMES = ("trophy", "athena", "amphora")

# Effect opcodes: one (op, arg) pair is one step of a card, tile, space or reward, run by
# rules/effects.run_effect. A step's code is its row in this table. Cost steps (pay_*) are
# contiguous: an effect list is only resolved when all its costs can be paid (p. 20).
# Each argument is a number n; "-" marks one the step does not read.
OP_TABLE = (
    Op("none", (), "no step (fills an effect row; content never writes it)", ""),
    Op("glory", ("n",), "gain n Glory", "p. 24"),
    Op("silver", ("n",), "gain n Silver from the Reserve", "pp. 9, 24"),
    Op("amphora", ("n",), "gain n Amphoras from the Reserve", "pp. 9, 24"),
    Op("trophy", ("n",), "gain n Trophies from the Reserve", "pp. 9, 24"),
    Op("athena", ("n",), "draw n Athena cards into the hand", "pp. 9, 24"),
    Op("mission", ("n",), "draw n Mission cards", "pp. 9, 24"),
    Op("place_military", ("n",), "n Military icon placements", "pp. 10, 24"),
    Op("place_economy", ("n",), "n Economy icon placements", "pp. 10, 24"),
    Op("place_culture", ("n",), "n Culture icon placements", "pp. 10, 24"),
    Op("place_universal", ("n",), "n placements, each on a row of the player's "
       "choice", "pp. 10, 24"),
    Op("corruption", ("n",), "move n Silver from the Reserve to the Corruption offer",
       "p. 9"),
    Op("move_city", ("n",), "move a City-state n times", "pp. 10, 24"),
    Op("advance_rivals", ("n",), "advance the Rivals n times (one Mission revealed "
       "each)", "pp. 14, 24"),
    Op("build_column", ("n",), "build n columns and score their rows, free and "
       "without a Skill", "pp. 12, 24"),
    Op("athens_builds", ("n",), "Athens builds n columns (nothing is scored)",
       "pp. 12, 24"),
    Op("bring_home", ("n",), "bring n ostracized pieces home (a Unit of the player's "
       "choice, else a Diplomat)", "pp. 10, 24"),
    Op("upgrade", ("-",), "the Small Citizen acting here takes both Main Actions",
       "p. 24"),
    Op("pay_silver", ("n",), "cost: pay n Silver to the Reserve", "p. 20", cost=True),
    Op("pay_amphora", ("n",), "cost: pay n Amphoras to the Reserve", "p. 20",
       cost=True),
    Op("pay_trophy", ("n",), "cost: pay n Trophies to the Reserve", "p. 20",
       cost=True),
    Op("pay_athena", ("n",), "cost: discard n Athena cards of any icons", "p. 20",
       cost=True),
    Op("pay_glory", ("n",), "cost: lose n Glory", "p. 20", cost=True),
    Op("refill_market", ("-",), "fill every empty Market space from the Reserve, with no "
       "rewards", "p. 12"),
    Op("evaluate", ("n",), "score every Progress row and its cards n times: each "
       "Diplomat there earns its slot or card Glory and goes home; no builder reward",
       "pp. 12, 24"),
    Op("athena_reveal", ("n",), "reveal n Athena cards one by one: a placement of "
       "each card's icon, then it is discarded", "pp. 9, 10, 24"),
    Op("battle", ("n",), "n Battles against the Rival nearer Athens (Sparta when "
       "level)", "pp. 15, 24"),
    Op("ostracize_unit", ("n",), "send n own Units to the Ostracized Camp, each from "
       "the Unit track, else Piraeus; mandatory", "pp. 9, 13, 24"),
    Op("ostracize_diplomat", ("n",), "send n own Diplomats to the Ostracized Camp, "
       "each from the Household, else the Stoa; mandatory", "pp. 9, 24"),
    Op("home_unit", ("n",), "return n own Units from Piraeus to the Unit track (the "
       "player picks the type)", "pp. 10, 24"),
    Op("home_diplomat", ("n",), "return n own Diplomats from the Stoa to the "
       "Household", "pp. 10, 24"),
)
OP_NAMES = op_names(OP_TABLE)
N_OPS = len(OP_TABLE)
(OP_NONE, OP_GLORY, OP_SILVER, OP_AMPHORA, OP_TROPHY, OP_ATHENA, OP_MISSION,
 OP_PLACE_MILITARY, OP_PLACE_ECONOMY, OP_PLACE_CULTURE, OP_PLACE_UNIVERSAL, OP_CORRUPTION,
 OP_MOVE_CITY, OP_ADVANCE_RIVALS, OP_BUILD_COLUMN, OP_ATHENS_BUILDS, OP_BRING_HOME,
 OP_UPGRADE, OP_PAY_SILVER, OP_PAY_AMPHORA, OP_PAY_TROPHY, OP_PAY_ATHENA, OP_PAY_GLORY,
 OP_REFILL_MARKET, OP_EVALUATE, OP_ATHENA_REVEAL, OP_BATTLE, OP_OSTRACIZE_UNIT,
 OP_OSTRACIZE_DIPLOMAT, OP_HOME_UNIT, OP_HOME_DIPLOMAT) = range(N_OPS)
_COSTS = [code for code, op in enumerate(OP_TABLE) if op.cost]
FIRST_COST_OP, LAST_COST_OP = _COSTS[0], _COSTS[-1]
assert _COSTS == list(range(FIRST_COST_OP, LAST_COST_OP + 1)), "cost ops must be contiguous"

# Mission condition codes (p. 18): a side is fulfilled when the holder meets it.
COND_NONE = 0
COND_SILVER = 1        # holds at least arg Silver
COND_AMPHORA = 2       # holds at least arg Amphoras
COND_TROPHY = 3        # holds at least arg Trophies
COND_ATHENA = 4        # holds at least arg Athena cards
COND_DIPLOMATS_MILITARY = 5  # at least arg own Diplomats in the Military row
COND_DIPLOMATS_ECONOMY = 6
COND_DIPLOMATS_CULTURE = 7
COND_DIPLOMATS_PROGRESS = 8  # at least arg own Diplomats in any Progress row
COND_DIPLOMATS_CARDS = 9     # at least arg own Diplomats on Diplomacy-track cards
COND_HOPLITES_SPARTA = 10    # at least arg own Hoplites on Sparta's Battle track
COND_HOPLITES_PERSIA = 11
COND_SHIPS = 12              # at least arg own Ships on Wayposts
COND_WORKER = 13             # own Worker on the active City-state
COND_NO_OSTRACIZED = 14      # no own piece in the Ostracized Camp
COND_LARGE_TO_SMALL = 15     # revealed by a Large Citizen, which then takes one Main Action
N_CONDS = 16
COND_NAMES = (
    "none", "silver", "amphora", "trophy", "athena", "diplomats_military",
    "diplomats_economy", "diplomats_culture", "diplomats_progress", "diplomats_cards",
    "hoplites_sparta", "hoplites_persia", "ships", "worker", "no_ostracized",
    "large_to_small",
)

# Skill triggers (p. 19): when a face-up Skill's effect fires for its holder.
TRIG_NONE = 0          # no in-game power (game-end Glory only)
TRIG_BUILD = 1         # after the holder's Build the Parthenon action
TRIG_SEND_WORKER = 2
TRIG_SEND_SHIP = 3
TRIG_SEND_HOPLITE = 4
TRIG_FILL_MARKET = 5
TRIG_SEND_ATHENA = 6
TRIG_ROLE_DAY = 7
TRIG_ROLE_NIGHT = 8
TRIG_RECALL = 9
TRIG_BATTLE = 10       # after each Battle
TRIG_OFFICE = 11       # each Office majority the holder wins in Governance
TRIG_KNOCKED_OUT = 12  # each of the holder's Diplomats knocked off a Progress row
TRIG_ROW_SCORED = 13   # each of the holder's Diplomats scored by a row scoring
TRIG_DAY_DISCOUNT = 14  # modifier: the Day side costs arg less
TRIG_BUILDER_BONUS = 15  # modifier: the builder reward is arg higher
N_TRIGS = 16
TRIG_NAMES = (
    "none", "build", "send_worker", "send_ship", "send_hoplite", "fill_market",
    "send_athena", "role_day", "role_night", "recall", "battle", "office",
    "knocked_out", "row_scored", "day_discount", "builder_bonus",
)

# Main Actions at the row ends and column feet of the Agora (p. 9).
ACT_UNIT, ACT_MARKET, ACT_ATHENA, ACT_BUILD, ACT_HOUSE, ACT_ROLE = 0, 1, 2, 3, 4, 5
ACTION_NAMES = ("activate_unit", "fill_market", "send_athena", "build", "activate_house", "role")

# Offices (p. 16); rows are Tamias/Trierarch/Strategos, columns Ecclesia/Archon/Boule.
TAMIAS, TRIERARCH, STRATEGOS, ECCLESIA, ARCHON, BOULE = 0, 1, 2, 3, 4, 5
OFFICE_NAMES = ("tamias", "trierarch", "strategos", "ecclesia", "archon", "boule")

# Demagogue card effect codes (p. 21).
DEM_NONE = 0
DEM_PLACE = 1            # arg = row (0-2) of a placement; 3 = one on each row
DEM_ATHENS_BUILDS = 2    # Athens builds a column of row arg
DEM_DRAIN_MARKET = 3     # return up to 3 Amphoras from Market column arg to the Reserve
DEM_REVEAL_MISSION = 4   # reveal a Mission: advance the Rivals; the Mission leaves the game
DEM_MOVE_CITY = 5        # move the City-state arg times
DEM_ATHENA_DISCARD = 6   # draw and discard arg Athena cards
DEM_OSTRACIZE_EACH = 7   # each real player ostracizes one Unit
DEM_HOPLITES = 8         # one Demagogue Hoplite onto each Battle track
N_DEM = 9
DEM_NAMES = ("none", "place", "athens_builds", "drain_market", "reveal_mission",
             "move_city", "athena_discard", "ostracize_each", "hoplites")
