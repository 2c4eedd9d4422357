"""Integer vocabulary shared by Age of Pericles content and rules kernels.

Content files name these codes in words; ``content.py`` turns the words into the
integers below, and the njit kernels dispatch on the integers. Adding a card never
needs a new code unless it does something no card has done before.
"""

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

# Effect opcodes: one (op, arg) pair is one step of a card, tile, space or reward.
# PAY_* steps are costs: an effect list is only resolved when all its costs can be paid.
OP_NONE = 0
OP_GLORY = 1          # gain arg Glory
OP_SILVER = 2         # gain arg Silver from the Reserve
OP_AMPHORA = 3        # gain arg Amphoras from the Reserve
OP_TROPHY = 4         # gain arg Trophies from the Reserve
OP_ATHENA = 5         # draw arg Athena cards into hand
OP_MISSION = 6        # draw arg Mission cards
OP_PLACE_MILITARY = 7  # arg Military icon placements
OP_PLACE_ECONOMY = 8   # arg Economy icon placements
OP_PLACE_CULTURE = 9   # arg Culture icon placements
OP_PLACE_UNIVERSAL = 10  # arg placements on a row of the player's choice
OP_CORRUPTION = 11    # move arg Silver from the Reserve to the Corruption offer
OP_MOVE_CITY = 12     # move a City-state arg times
OP_ADVANCE_RIVALS = 13  # advance the Rivals arg times
OP_BUILD_COLUMN = 14  # build arg columns and score the row, as a free reward (no Skill)
OP_ATHENS_BUILDS = 15  # Athens builds arg columns
OP_BRING_HOME = 16    # bring home arg ostracized pieces (Unit first, else Diplomat)
OP_UPGRADE = 17       # the Citizen acting here takes both Main Actions (p. 24)
OP_PAY_SILVER = 18
OP_PAY_AMPHORA = 19
OP_PAY_TROPHY = 20
OP_PAY_ATHENA = 21    # discard arg Athena cards of any icon
OP_PAY_GLORY = 22
OP_REFILL_MARKET = 23  # fill every empty Market space from the Reserve, no rewards
N_OPS = 24

OP_NAMES = (
    "none", "glory", "silver", "amphora", "trophy", "athena", "mission",
    "place_military", "place_economy", "place_culture", "place_universal",
    "corruption", "move_city", "advance_rivals", "build_column", "athens_builds",
    "bring_home", "upgrade", "pay_silver", "pay_amphora", "pay_trophy", "pay_athena",
    "pay_glory", "refill_market",
)
FIRST_COST_OP = OP_PAY_SILVER
LAST_COST_OP = OP_PAY_GLORY

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
