"""Player Phase: every Hero acts, in an order the team chooses (p. 5: any order)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import params as P
from sim.games.aeolis.decisions import D_PHASE_ORDER
from sim.games.aeolis.rules.alchemy import alchemy
from sim.games.aeolis.rules.city import (
    build,
    diplomacy,
    feed,
    foreign_trade,
    merchant_collect,
    trade,
    upgrade_buildings,
)
from sim.games.aeolis.rules.companion import aura
from sim.games.aeolis.rules.core import decide, group_units
from sim.games.aeolis.rules.heroes import (
    arena,
    blessings,
    charax,
    destroy_plagued,
    explore,
    ranged,
    research,
    temple,
)
from sim.games.aeolis.rules.magi import cast, draw_spells, flow
from sim.games.aeolis.rules.movement import lose_one, move_group
from sim.jit import compiled_in_caller, kernel

ORDER_CITY_FIRST, ORDER_MOVE_FIRST = 0, 1  # options of the phase-order decision


@kernel
def new_round(s):
    """Per-round limits start afresh."""
    s[L.DIPLOMACY_LEFT] = 3 if s[L.LEVEL + L.B_TEMPLE] == 2 else 1
    s[L.RANGED_DONE] = 0
    s[L.ENGAGED] = 0
    s[L.LEATHER_HELD] = s[L.RES + L.R_LEATHER]
    s[L.BLESSED] = 0
    s[L.BLESS_GROUPS] = 0
    s[L.COMPANION_USED] = 0
    for d in range(L.N_FAITH):
        s[L.FAITH_USED + d] = 0
    for k in range(L.MAX_SPELLS):
        s[L.SPELL_CAST + k] = 0
    for h in range(L.N_HEX):
        s[L.AURA + h] = 0
    for sp in range(L.N_SPHERES):
        s[L.SPHERE_MOVED + sp] = 0


@kernel
def hazards(s, T):
    """A unit starting its turn on a Plague hex takes 1 damage (p. 34); an Inferno hurts
    only the units that move through it (p. 8), not those that start there."""
    for g in range(L.N_GROUPS):
        h = s[L.POS + g]
        if h >= 0 and group_units(s, g) > 0 and s[L.PLAGUE + h] == 1:
            lose_one(s, T, g)


@compiled_in_caller
def city_steps(s, T, W, opts, rng, ev):
    """Feed, research, build, upgrade buildings, trade, collect, Foreign Trade, the Arena."""
    feed(s, T, W, opts, rng, ev)
    research(s, T, W, opts, rng, ev)
    build(s, T, W, opts, rng, ev)
    upgrade_buildings(s, T, W, opts, rng, ev)
    trade(s, T, W, opts, rng, ev)
    merchant_collect(s, T, W, opts, rng, ev)
    foreign_trade(s, T, W, opts, rng, ev)
    arena(s, T, W, opts, rng, ev)


@compiled_in_caller
def field_steps(s, T, W, opts, rng, ev):
    """The Temple (a Bless comes before the moves, p. 22), ranged fire before and after
    moving, every miniature's move (collecting on the way, p. 10), Aura, Blessings, Charax
    (after the Hoplite moves, p. 20)."""
    temple(s, T, W, opts, rng, ev)
    ranged(s, T, W, opts, rng, ev, L.G_TOXOTAI)
    ranged(s, T, W, opts, rng, ev, L.G_SHIP)
    for g in range(L.N_GROUPS):
        move_group(s, T, W, opts, rng, ev, g)
    aura(s, T, W, opts, rng, ev)
    blessings(s, T, ev, rng)
    ranged(s, T, W, opts, rng, ev, L.G_TOXOTAI)
    ranged(s, T, W, opts, rng, ev, L.G_SHIP)
    charax(s, T, W, opts, rng)


@compiled_in_caller
def player_phase(s, T, W, opts, rng, ev):
    """The team picks whether the city acts before the miniatures move (option 0) or after,
    with what they collected on the way (option 1), unless the setting ``phase_order``
    fixes it; Spells, Diplomacy, Explore and burning plagued Structures follow (p. 5)."""
    s[L.PHASE] = L.PHASE_PLAYER
    new_round(s)
    hazards(s, T)
    opts[0, 0], opts[1, 0] = ORDER_CITY_FIRST, ORDER_MOVE_FIRST
    fixed = T.params[P.PHASE_ORDER]  # 0: the team chooses; 1 or 2 fix the order (a setting)
    order = fixed - 1 if fixed > 0 else opts[decide(s, T, W, opts, 2, D_PHASE_ORDER, rng), 0]
    for first in (True, False):  # one call of each, so each is compiled in once
        if first == (order == ORDER_CITY_FIRST):
            city_steps(s, T, W, opts, rng, ev)
        else:
            field_steps(s, T, W, opts, rng, ev)
    draw_spells(s, T, W, opts, rng)
    flow(s, T, W, opts, rng)
    cast(s, T, W, opts, rng, ev)
    alchemy(s, T, W, opts, rng, ev)
    diplomacy(s, T, W, opts, rng, ev)
    explore(s, T, W, opts, rng, ev)
    destroy_plagued(s, T, W, opts, rng, ev)
