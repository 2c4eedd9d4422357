"""Spaces the Tyrant's Units are sent to (Solo Mode, p. ~21): the Sea or Port beside a Land
a Ship is Relocated next to, and his City nearest a Land (where the losers of a combat go)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import FAR
from sim.games.pillars.rules.board import has_city
from sim.games.pillars.rules.deploy import port_free
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank
from sim.jit import kernel

TO_SEA, TO_PORT = 0, 1  # a Ship sent next to a Land: its Sea, or its Port if free


@kernel
def ship_target(s, T, land, where):
    """The space a Ship Relocated next to ``land`` goes to: with TO_PORT the Land's Port
    when it has one that is free, else the lowest-numbered Sea the Land touches (the Port
    lies in it: content's convention)."""
    side = s[L.SIDE]
    if where == TO_PORT and T.land_port[side, land] >= 0 and port_free(s, land):
        return L.PORT + land
    for sea in range(T.n_seas[side]):
        if T.land_sea[side, land, sea] == 1:
            return sea
    return -1


@kernel
def nearest_city(s, T, land, resource):
    """The Land of the Tyrant's City nearest to ``land`` (wheels for ties), -1."""
    side = s[L.SIDE]
    best, best_steps, best_rank = -1, FAR + 1, FAR_RANK
    for at in range(s[L.LAND_END]):
        if not has_city(s, L.TYRANT, at):
            continue
        steps = T.land_steps[side, land, at]
        rank = land_rank(s, T, at, resource)
        if steps < best_steps or (steps == best_steps and rank < best_rank):
            best, best_steps, best_rank = at, steps, rank
    return best
