"""The decisions the engine asks a policy to make, and the option buffer they share.

At each decision the engine writes the legal options as rows of ``opts`` (up to
``OPT_WIDTH`` integers each, meaning given per kind below), then asks the seat's policy
for an index. A kernel copies the chosen row into locals before it asks again.
"""

import numpy as np

MAX_OPTIONS = 128
OPT_WIDTH = 4

DECISION_FIELDS = (
    # name, meaning of the option columns
    ("keep_mission", "mission id"),
    ("draft_role", "role id"),
    ("starting_skill", "skill id"),
    ("place", "space, size (1 Small, 2 Large)"),
    ("space_action", "kind (0 skip, 1 Mission, 2 City-state), mission id, side (0 Sparta, 1 Persia)"),
    ("main_actions", "first action, second action (-1 none)"),
    ("activate_unit", "kind (0 send, 1 recall), unit type (3 = Diplomat), target"),
    ("sell_mission", "mission id, or -1 to stop"),
    ("market_column", "column"),
    ("athena_offer", "offer slot"),
    ("build_cost", "cost kind (0 same icon, 1 different icons, 2 Amphoras, 3 Trophies), "
                   "Military, Economy and Culture cards paid (the rest of a card cost in "
                   "Universal cards)"),
    ("build_piece", "row, piece"),
    ("house_track", "0 Unit track, 1 Household"),
    ("role_side", "0 Day, 1 Night"),
    ("day_payment", "goods spent (the rest in Silver)"),
    ("discard_athena", "icon"),
    ("ostracize_unit", "unit type"),
    ("placement_row", "row"),
    ("compensation_good", "row whose good is taken"),
    ("defend", "row, or -1 to hold back"),
    ("economy_completion", "0 nothing, 1 Units to Piraeus, 2 Diplomats to the Stoa"),
    ("culture_completion", "Agora space of a Small Citizen to retrieve, or -1 for the Glory"),
    ("keep_skill", "skill id"),
    ("tuck_skill", "skill id"),
    ("office_reward", "0 the Glory, 1 an ostracized Diplomat home"),
    ("integrate_space", "Agora space"),
    ("universal_row", "row"),
    ("universal_half", "piece"),
    ("unit_home", "unit type"),
)
DECISION_NAMES = tuple(name for name, _ in DECISION_FIELDS)

(D_KEEP_MISSION, D_DRAFT_ROLE, D_STARTING_SKILL, D_PLACE, D_SPACE_ACTION, D_MAIN_ACTIONS,
 D_ACTIVATE_UNIT, D_SELL_MISSION, D_MARKET_COLUMN, D_ATHENA_OFFER, D_BUILD_COST,
 D_BUILD_PIECE, D_HOUSE_TRACK, D_ROLE_SIDE, D_DAY_PAYMENT, D_DISCARD_ATHENA,
 D_OSTRACIZE_UNIT, D_PLACEMENT_ROW, D_COMPENSATION_GOOD, D_DEFEND, D_ECONOMY_COMPLETION,
 D_CULTURE_COMPLETION, D_KEEP_SKILL, D_TUCK_SKILL, D_OFFICE_REWARD, D_INTEGRATE_SPACE,
 D_UNIVERSAL_ROW, D_UNIVERSAL_HALF, D_UNIT_HOME) = (np.int32(k) for k in range(len(DECISION_FIELDS)))
# np.int32, not int: Numba types a plain int global as a literal and would compile the
# policy, and the heuristic under it, once per decision kind passed to it.
N_DECISIONS = len(DECISION_FIELDS)
