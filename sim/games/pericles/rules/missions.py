"""Mission cards (pp. 14, 18): whether a side's condition holds for its holder."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.rules.core import hand_size
from sim.games.pericles.rules.pieces import camp_count
from sim.jit import kernel


@kernel
def condition_met(s, T, seat, cond, arg, large):
    """True when ``seat`` meets condition ``cond`` with amount ``arg``.

    ``large``: the Citizen revealing it is Large (needed by Large -> Small, p. 24).
    """
    if cond == O.COND_NONE:
        return True
    if cond == O.COND_SILVER:
        return s[L.SILVER + seat] >= arg
    if cond == O.COND_AMPHORA:
        return s[L.AMPHORAS + seat] >= arg
    if cond == O.COND_TROPHY:
        return s[L.TROPHIES + seat] >= arg
    if cond == O.COND_ATHENA:
        return hand_size(s, seat) >= arg
    if cond <= O.COND_DIPLOMATS_PROGRESS:
        n = 0
        for row in range(3):
            if cond == O.COND_DIPLOMATS_PROGRESS or cond - O.COND_DIPLOMATS_MILITARY == row:
                for slot in range(3):
                    if s[L.PROGRESS + row * 3 + slot] == seat:
                        n += 1
        return n >= arg
    if cond == O.COND_DIPLOMATS_CARDS:
        n = 0
        for d in range(T.params[P.DIPLOMACY_SPACES]):
            if s[L.DIPLO_OWNER + d] == seat:
                n += 1
        return n >= arg
    if cond == O.COND_HOPLITES_SPARTA or cond == O.COND_HOPLITES_PERSIA:
        track = cond - O.COND_HOPLITES_SPARTA
        n = 0
        for k in range(T.params[P.HOPLITE_SPACES]):
            if s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k] == seat:
                n += 1
        return n >= arg
    if cond == O.COND_SHIPS:
        n = 0
        for d in range(T.params[P.DIPLOMACY_SPACES]):
            if s[L.WAYPOST_SHIP + d] == seat:
                n += 1
        return n >= arg
    if cond == O.COND_WORKER:
        return s[L.ACTIVE_WORKER] == seat
    if cond == O.COND_NO_OSTRACIZED:
        return camp_count(s, seat) == 0
    if cond == O.COND_LARGE_TO_SMALL:
        return large
    return False


@kernel
def side_fulfilled(s, T, seat, m, side, large):
    return condition_met(s, T, seat, T.missions[m, 3 * side], T.missions[m, 3 * side + 1], large)


@kernel
def mission_fulfilled(s, T, seat, m):
    """A Mission is fulfilled when either side's condition holds (it can no longer be sold).

    Large -> Small depends on the Citizen revealing it, so it never blocks a sale.
    """
    return side_fulfilled(s, T, seat, m, 0, False) or side_fulfilled(s, T, seat, m, 1, False)
