"""Trace event codes: one per kind of thing that happens in a game.

The kernels write events as integer rows; ``trace.py`` names them and their arguments.
"""

import numpy as np

EVENT_FIELDS = (
    # code name, names of the arguments a, b, c
    ("round_start", ()),
    ("draft", ("role", "skill")),
    ("keep_mission", ("mission",)),
    ("place_citizen", ("space", "size")),
    ("reveal_mission", ("mission", "side")),
    ("city_state_action", ("city_state",)),
    ("main_action", ("action",)),
    ("send_unit", ("unit", "target")),
    ("recall", ("piece",)),
    ("sell_mission", ("mission",)),
    ("fill_market", ("column", "filled")),
    ("send_athena", ("card", "space")),
    ("build", ("row", "cost", "piece")),
    ("athens_build", ("row", "piece")),
    ("score_row", ("row", "diplomats")),
    ("knock_out", ("row", "owner", "by")),  # by: whose placement pushed it off
    ("role", ("side",)),
    ("ostracize", ("piece",)),
    ("integrate", ("city_state", "space")),
    ("city_state_move", ("city_state", "position")),
    ("rivals", ("sparta", "persia")),
    ("battle", ("rival", "rows")),
    ("office", ("office", "holders", "tie")),
    ("first_player", ()),
    ("skill_gain", ("skill",)),
    ("skill_tuck", ("skill",)),
    ("completion", ("row",)),
    ("activate_house", ("track",)),
    ("demagogue_card", ("card", "space")),
    ("unlock", ("citizen",)),
    ("game_end", ("reason",)),
    ("evaluate", ("diplomats",)),
    ("athena_reveal", ("card",)),
    ("home", ("piece",)),
)
EVENT_NAMES = tuple(name for name, _ in EVENT_FIELDS)
EVENT_ARGS = dict(EVENT_FIELDS)

(EV_ROUND_START, EV_DRAFT, EV_KEEP_MISSION, EV_PLACE_CITIZEN, EV_REVEAL_MISSION,
 EV_CITY_STATE_ACTION, EV_MAIN_ACTION, EV_SEND_UNIT, EV_RECALL, EV_SELL_MISSION,
 EV_FILL_MARKET, EV_SEND_ATHENA, EV_BUILD, EV_ATHENS_BUILD, EV_SCORE_ROW, EV_KNOCK_OUT,
 EV_ROLE, EV_OSTRACIZE, EV_INTEGRATE, EV_CITY_STATE_MOVE, EV_RIVALS, EV_BATTLE, EV_OFFICE,
 EV_FIRST_PLAYER, EV_SKILL_GAIN, EV_SKILL_TUCK, EV_COMPLETION, EV_ACTIVATE_HOUSE,
 EV_DEMAGOGUE_CARD, EV_UNLOCK, EV_GAME_END, EV_EVALUATE, EV_ATHENA_REVEAL,
 EV_HOME) = (np.int32(k) for k in range(len(EVENT_FIELDS)))
# np.int32, not int, so ``emit`` compiles once, not once per event code (see decisions.py).

# An event row: round, phase, seat, code, a, b, c, then every seat's Glory after it.
EV_COLS = 7
