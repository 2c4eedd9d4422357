"""Archery Mastery (p. ~14): a holder's Hoplites may each give 1 Power to an adjacent Land
instead of their own Power on theirs. Like a Sea Ship's Land (p. 6, decision 1) it is a
choice of the turn: per Land, the seat picks one adjacent open Land and how many of its
Hoplites there aim at it (decision 18). ``rules.power.land_power`` counts the result."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_ARCHERS, D_ARCHERY
from sim.games.pillars.rules.core import decide, option
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.strategy import ARCHERY_MASTERY, holds
from sim.jit import kernel


@kernel
def aim_archers(s, T, W, seat, land, opts, rng):
    """The seat's Hoplites on ``land`` choose again: none aim, or some aim at one adjacent
    open Land for the rest of the turn."""
    if not holds(s, seat, ARCHERY_MASTERY):
        return
    k = land * L.MAX_PLAYERS + seat
    s[L.ARCHERY_TO + k] = -1
    s[L.ARCHERS + k] = 0
    hoplites = s[L.LAND_HOPLITES + k]
    if hoplites == 0:
        return
    n = option(opts, 0, -1, land, 0, 0)
    for target in range(s[L.LAND_END]):
        if T.land_land[s[L.SIDE], land, target] == 1 and open_land(s, T, target):
            n = option(opts, n, target, land, 0, 0)
    if n == 1:
        return
    target = opts[decide(s, T, W, opts, n, seat, D_ARCHERY, rng), 0]
    if target < 0:
        return
    n = 0
    for count in range(1, hoplites + 1):
        n = option(opts, n, count, target, 0, 0)
    s[L.ARCHERY_TO + k] = target
    s[L.ARCHERS + k] = opts[decide(s, T, W, opts, n, seat, D_ARCHERS, rng), 0]


@kernel
def aim_all_archers(s, T, W, seat, opts, rng):
    """At the start of its turn the seat chooses afresh for every Land of its Hoplites."""
    if not holds(s, seat, ARCHERY_MASTERY):
        return
    for land in range(s[L.LAND_END]):
        aim_archers(s, T, W, seat, land, opts, rng)
