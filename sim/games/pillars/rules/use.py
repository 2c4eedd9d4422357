"""The play profile's counts (``pillars.profile``), kept as the events are emitted.

Every event passes here, traced or not, so a run counts what its trace would show: the
count of a mechanism is a function of the game's event rows alone.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.events import (
    CITY_TRACK_5,
    EV_BUILD,
    EV_CITY_EVALUATION,
    EV_GAIN_CITY,
    EV_INVOKE_END,
    EV_SETTLE,
    EV_SIEGE,
    EV_TURN,
    EVENT_NAMES,
    TURN_ADVANCE,
)
from sim.games.pillars.profile import EVENT_MECHANISMS, N_USE, USE
from sim.games.play_profile import one_use_table
from sim.jit import inline_kernel

U_RONDEL_FIRST = USE["rondel_procure"]  # the sections follow in content.RONDEL order
U_REPLENISH = USE["replenish_turn"]
U_BUILD_FIRST = USE["build_temple"]  # the Buildings follow in content.BUILDINGS order
N_BUILDINGS = 3
U_PILLAR = USE["pillar_placed"]
U_SIEGE_WON = USE["siege_won"]
U_SIEGE_LOST = USE["siege_lost"]
U_CITY_OWN = USE["city_own_step"]
U_CITY_RIVAL = USE["city_to_rival"]
U_CITY_END = USE["city_track_end"]
U_INVOKE_EFFECT = USE["invoke_effect"]
U_INVOKE_IDLE = USE["invoke_idle"]
ONE_USE = one_use_table(EVENT_NAMES, EVENT_MECHANISMS, USE)


@inline_kernel
def count_use(s, seat, code, a, b, c):
    """Add the event to the counts of the mechanisms it shows: ``seat`` is the seat
    acting or concerned, ``a``, ``b`` and ``c`` the event's arguments."""
    at = L.USE + seat * N_USE  # the seat's counts
    if ONE_USE[code] >= 0:
        s[at + ONE_USE[code]] += 1
    if code == EV_TURN:
        s[at + (U_RONDEL_FIRST + b if a == TURN_ADVANCE else U_REPLENISH)] += 1
    elif code == EV_BUILD and 0 <= a < N_BUILDINGS:
        s[at + U_BUILD_FIRST + a] += 1
    elif code == EV_SETTLE and c == 1:
        s[at + U_PILLAR] += 1
    elif code == EV_SIEGE:
        s[at + (U_SIEGE_WON if b == 1 else U_SIEGE_LOST)] += 1
    elif code == EV_CITY_EVALUATION and b >= 0:
        # ``seat`` stepped onto step 3, ``b`` won the Region's City
        s[at + (U_CITY_OWN if b == seat else U_CITY_RIVAL)] += 1
    elif code == EV_GAIN_CITY and b == CITY_TRACK_5:
        s[at + U_CITY_END] += 1
    elif code == EV_INVOKE_END:
        s[at + (U_INVOKE_EFFECT if c == 1 else U_INVOKE_IDLE)] += 1
