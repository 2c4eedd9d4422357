"""Player Phase: every Hero acts; the engine asks in a fixed order (p. 11: any order)."""

from sim.games.aeolis import layout as L
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
from sim.games.aeolis.rules.core import group_units
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
from sim.jit import njit


@njit
def new_round(s):
    """Per-round limits start afresh."""
    s[L.DIPLOMACY_LEFT] = 3 if s[L.LEVEL + L.B_TEMPLE] == 2 else 1
    s[L.RANGED_DONE] = 0
    s[L.ENGAGED] = 0
    s[L.LEATHER_HELD] = s[L.RES + L.R_LEATHER]
    s[L.BLESSED] = 0
    s[L.BLESS_GROUPS] = 0
    for d in range(L.N_FAITH):
        s[L.FAITH_USED + d] = 0
    for k in range(L.MAX_SPELLS):
        s[L.SPELL_CAST + k] = 0
    for h in range(L.N_HEX):
        s[L.AURA + h] = 0
    for sp in range(L.N_SPHERES):
        s[L.SPHERE_MOVED + sp] = 0


@njit
def hazards(s, T):
    """A unit starting its turn on a Plague or Inferno hex takes 1 damage (p. 34)."""
    for g in range(L.N_GROUPS):
        h = s[L.POS + g]
        if h >= 0 and group_units(s, g) > 0 and (s[L.PLAGUE + h] == 1 or s[L.INFERNO + h] == 1):
            lose_one(s, T, g)


@njit
def player_phase(s, T, W, opts, rng, ev):
    s[L.PHASE] = L.PHASE_PLAYER
    new_round(s)
    hazards(s, T)
    feed(s, T, W, opts, rng, ev)
    research(s, T, W, opts, rng, ev)
    build(s, T, W, opts, rng, ev)
    upgrade_buildings(s, T, W, opts, rng, ev)
    trade(s, T, W, opts, rng, ev)
    merchant_collect(s, T, W, opts, rng, ev)
    foreign_trade(s, T, W, opts, rng, ev)
    arena(s, T, W, opts, rng, ev)
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
    draw_spells(s, T, W, opts, rng)
    flow(s, T, W, opts, rng)
    cast(s, T, W, opts, rng, ev)
    alchemy(s, T, W, opts, rng, ev)
    diplomacy(s, T, W, opts, rng, ev)
    explore(s, T, W, opts, rng, ev)
    destroy_plagued(s, T, W, opts, rng, ev)
