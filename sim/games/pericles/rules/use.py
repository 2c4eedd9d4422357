"""The play profile's counts (``pericles.profile``), kept as the events are emitted.

Every event passes here, traced or not, so a run counts what its trace would show: the
count of a mechanism is a function of the game's event rows alone.
"""

import numpy as np

from sim.games.pericles import layout as L
from sim.games.pericles.events import EV_KNOCK_OUT, EV_MAIN_ACTION, EV_ROLE, EVENT_NAMES
from sim.games.pericles.profile import EVENT_MECHANISMS, N_USE, USE
from sim.jit import inline_kernel

U_MAIN_FIRST = USE["main_activate_unit"]  # the Main Actions follow in ops.ACTION_NAMES order
U_DAY = USE["day_action"]
U_NIGHT = USE["night_action"]
U_KNOCK_OUT_OWN = USE["knock_out_own"]
U_KNOCK_OUT_RIVAL = USE["knock_out_rival"]
# per event code: the mechanism one such event is a use of, or -1
ONE_USE = np.full(len(EVENT_NAMES), -1, np.int32)
for _event, _name in EVENT_MECHANISMS.items():
    ONE_USE[EVENT_NAMES.index(_event)] = USE[_name]


@inline_kernel
def bump(s, seat, use):
    s[L.USE + seat * N_USE + use] += 1


@inline_kernel
def count_use(s, seat, code, a, b, c):
    """Count the event (``seat`` acting or concerned, ``a``, ``b``, ``c`` its arguments)
    for the mechanism it shows, if any."""
    if ONE_USE[code] >= 0:
        bump(s, seat, ONE_USE[code])
    elif code == EV_MAIN_ACTION:
        bump(s, seat, U_MAIN_FIRST + a)
    elif code == EV_ROLE:
        bump(s, seat, U_DAY if a == 0 else U_NIGHT)
    elif code == EV_KNOCK_OUT:
        # ``c`` placed the Diplomat that pushed ``b``'s off the 6
        bump(s, c, U_KNOCK_OUT_OWN if c == b else U_KNOCK_OUT_RIVAL)
