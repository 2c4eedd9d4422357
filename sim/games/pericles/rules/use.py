"""The play profile's counts (``pericles.profile``), kept as the events are emitted.

Every event passes here, traced or not, so a run counts what its trace would show: the
count of a mechanism is a function of the game's event rows alone.
"""

from sim.games.pericles import layout as L
from sim.games.pericles.events import EV_KNOCK_OUT, EV_MAIN_ACTION, EV_ROLE, EVENT_NAMES
from sim.games.pericles.profile import EVENT_MECHANISMS, N_USE, USE
from sim.games.play_profile import one_use_table
from sim.jit import inline_kernel

U_MAIN_FIRST = USE["main_activate_unit"]  # the Main Actions follow in ops.ACTION_NAMES order
U_DAY = USE["day_action"]
U_NIGHT = USE["night_action"]
U_KNOCK_OUT_OWN = USE["knock_out_own"]
U_KNOCK_OUT_RIVAL = USE["knock_out_rival"]
ONE_USE = one_use_table(EVENT_NAMES, EVENT_MECHANISMS, USE)


@inline_kernel
def count_use(s, seat, code, a, b, c):
    """Count the event (``seat`` acting or concerned, ``a``, ``b``, ``c`` its arguments)
    for the mechanism it shows, if any."""
    at = L.USE + seat * N_USE  # the seat's counts
    if ONE_USE[code] >= 0:
        s[at + ONE_USE[code]] += 1
    elif code == EV_MAIN_ACTION:
        s[at + U_MAIN_FIRST + a] += 1
    elif code == EV_ROLE:
        s[at + (U_DAY if a == 0 else U_NIGHT)] += 1
    elif code == EV_KNOCK_OUT:
        # ``c`` placed the Diplomat that pushed ``b``'s off the 6
        s[L.USE + c * N_USE + (U_KNOCK_OUT_OWN if c == b else U_KNOCK_OUT_RIVAL)] += 1
