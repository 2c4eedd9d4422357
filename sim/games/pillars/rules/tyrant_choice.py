"""The Tyrant's choices where a rule shared with the players asks him (Solo Mode, p. ~21).

``rules.core.decide`` never asks a policy for his seat: he takes the first option
(decision 57: such choices come only from the assumed City-state abilities, whose Solo
Player aid boxes were not transcribed), except where his rules say otherwise: a City the
step-3 evaluation gives him goes where he has the most Power, ties by the wheels (p. ~24).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_RES_A, ST_RESOURCES
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank
from sim.jit import kernel


@kernel
def tyrant_resource(s, T):
    """The Resource his wheels start from: the Active card's; before one is revealed (his
    Status Check) the top card of his Basic discard pile's, as his Replenish Turn reads it;
    with that pile empty his first preferred Resource (decision 57)."""
    card = s[L.PLAYED]
    if card < 0 and s[L.DISCARD_N + L.TYRANT] > 0:
        card = s[L.DISCARD + L.TYRANT * L.MAX_PILE + s[L.DISCARD_N + L.TYRANT] - 1]
    if card >= 0:
        return T.cards[card, C_RES_A]
    return T.solo_tiles[s[L.CITY_STATE + L.TYRANT], ST_RESOURCES]


@kernel
def tyrant_city_option(s, T, opts, n):
    """The row of ``opts[:n]`` (Lands in column 0) where he puts a City he gained."""
    resource = tyrant_resource(s, T)
    best, best_power, best_rank = 0, -1, FAR_RANK
    for k in range(n):
        land = opts[k, 0]
        power = land_power(s, T, land, L.TYRANT)
        rank = land_rank(s, T, land, resource)
        if power > best_power or (power == best_power and rank < best_rank):
            best, best_power, best_rank = k, power, rank
    return best
