"""State invariants of Aeolis, checked after every phase; the first violation is kept."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import params as P
from sim.jit import kernel

# V_NO_SEARCH_ENTRY: a searching team's game started without the search entry in its state;
# V_NO_BOT_ENTRY: a decision asked in a game started without the team's entry.
(V_OK, V_NEGATIVE, V_MORALE, V_UNITS, V_ROUNDS, V_SPHERES, V_FAITH, V_NO_SEARCH_ENTRY,
 V_NO_BOT_ENTRY) = range(9)
VIOLATION_NAMES = ("ok", "negative", "morale", "units", "rounds", "spheres", "faith",
                   "no_search_entry", "no_bot_entry")


@kernel
def record(s, T):
    """Keep the first violated invariant's code (``check_state``) in ``VIOLATION``."""
    if s[L.VIOLATION] == V_OK:
        s[L.VIOLATION] = check_state(s, T)


@kernel
def check_state(s, T):
    for r in range(L.N_RES):
        if s[L.RES + r] < 0:
            return V_NEGATIVE
    if s[L.WORKERS] < 0 or s[L.RESEARCH] < 0 or s[L.WORKERS] > T.params[P.MAX_WORKERS]:
        return V_NEGATIVE
    for h in range(2 * L.N_HEX):
        if s[L.STOCK + h] < 0:
            return V_NEGATIVE
    if not T.params[P.MORALE_MIN] <= s[L.MORALE] <= T.params[P.MORALE_MAX]:
        return V_MORALE
    for k in range(L.N_UNITS):
        if not 0 <= s[L.UNITS + k] <= T.params[P.MAX_UNITS]:
            return V_UNITS
    if not 0 <= s[L.ROUND] <= s[L.N_ROUNDS]:
        return V_ROUNDS
    cap = T.form_capacity[s[L.LEVEL + L.B_ORACLE]]
    for sp in range(1, L.N_SPHERES):
        if not 0 <= s[L.SPHERE_N + sp] <= cap:
            return V_SPHERES
    for d in range(L.N_FAITH):
        if not 1 <= s[L.FAITH + d] <= T.params[P.FAITH_MAX]:
            return V_FAITH
    return V_OK
