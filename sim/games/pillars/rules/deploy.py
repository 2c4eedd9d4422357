"""The Deploy action (p. 10): Units from the Player board onto the map for the Resources
printed under them; a Hoplite where the seat has a City or Citadel, a Worker where it has
a City or Agora, a Ship in a Sea next to, or the Port of, a Land where it has a City or
Temple (one Ship per Port, p. 9); in Symmachia the partner's Cities count as the seat's
own (p. 15). An emptied row gains a Helmet Strategy tile. A Hoplite
Deployed with Archery Mastery held lets the Hoplites of its Land aim again (p. ~14).

With Legendary Heroes the action may also Deploy the seat's Hero Unit from its tile, for
2 Gold, to a Land holding one of the seat's Cities (p. 16; decision 45): it is no row's
Unit, so it empties no row."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_DEPLOY, D_DEPLOY_SPACE, SHIP_SPACE
from sim.games.pillars.events import EV_DEPLOY, EV_HERO_DEPLOY
from sim.games.pillars.rules.archery import aim_archers
from sim.games.pillars.rules.board import (
    SECTION_DEPLOY,
    own_building,
    place_on_land,
    row_emptied,
    usable_land,
)
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.heroes import GOLD, HERO_GOLD
from sim.games.pillars.rules.removal import take_from_row
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize
from sim.games.pillars.rules.status import project_ship
from sim.games.pillars.rules.teams import deploy_city
from sim.jit import compiled_in_caller, kernel

# the Building that lets each Unit kind be Deployed beside it (content.UNITS order)
UNIT_BUILDING = (L.B_TEMPLE, L.B_AGORA, L.B_CITADEL)
UNIT_HERO = L.N_UNIT_KINDS  # a deploy option's Unit kind for the Hero Unit (p. 16)


@kernel
def port_free(s, land):
    for k in range(L.MAX_PLAYERS * L.MAX_SHIPS):
        if s[L.SHIP_SPACE + k] == L.PORT + land:
            return False
    return True


@kernel
def deploy_spaces(s, T, seat, unit, opts):
    """The spaces a Unit of that kind may be Deployed to (column 1 marks a Ship's space,
    column 2 holds the Unit kind); returns how many."""
    side = s[L.SIDE]
    n = 0
    if unit == UNIT_HERO:
        for land in range(s[L.LAND_END]):
            if usable_land(s, T, land) and deploy_city(s, seat, land):
                n = option(opts, n, land, 0, unit, 0)
        return n
    building = UNIT_BUILDING[unit]
    if unit != L.U_SHIP:
        for land in range(s[L.LAND_END]):
            if usable_land(s, T, land) and (deploy_city(s, seat, land)
                                            or own_building(s, seat, land) == building):
                n = option(opts, n, land, 0, unit, 0)
        return n
    for sea in range(T.n_seas[side]):
        for land in range(s[L.LAND_END]):
            if (T.land_sea[side, land, sea] == 1 and usable_land(s, T, land)
                    and (deploy_city(s, seat, land) or own_building(s, seat, land) == building)):
                n = option(opts, n, sea, SHIP_SPACE, unit, 0)
                break
    for land in range(s[L.LAND_END]):
        if (T.land_port[side, land] >= 0 and usable_land(s, T, land) and port_free(s, land)
                and (deploy_city(s, seat, land) or own_building(s, seat, land) == building)):
            n = option(opts, n, L.PORT + land, SHIP_SPACE, unit, 0)
    return n


@kernel
def set_unit_cost(T, work, row, unit):
    """The Resources under the Unit's slot of that row; the Hero's 2 Gold (p. 16)."""
    for r in range(L.N_RESOURCES):
        if unit == UNIT_HERO:
            work[W_COST + r] = HERO_GOLD if r == GOLD else 0
        else:
            work[W_COST + r] = T.deploy_cost[row, unit, r]


@kernel
def deploy_choices(s, T, seat, work, opts):
    """Stop, or a Unit still on a Deploy row (or the Hero Unit on its tile) whose cost the
    seat can pay and which has a space to go to; returns how many."""
    n = option(opts, 0, -1, 0, 0, 0)
    wild = summarize(s, T, seat, work)
    for unit in range(L.N_UNIT_KINDS):
        for row in range(T.deploy_cost.shape[0]):
            if s[L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + unit] == 0:
                continue
            set_unit_cost(T, work, row, unit)
            if not covered(work, wild):
                continue
            if deploy_spaces(s, T, seat, unit, opts[n:]) > 0:
                n = option(opts, n, unit, row, 0, 0)
    if s[L.HERO + seat] >= 0 and s[L.HERO_AT + seat] < 0:
        set_unit_cost(T, work, 0, UNIT_HERO)
        if covered(work, wild) and deploy_spaces(s, T, seat, UNIT_HERO, opts[n:]) > 0:
            n = option(opts, n, UNIT_HERO, 0, 0, 0)
    return n


@kernel
def place_unit(s, T, W, ev, seat, unit, row, space, opts, rng):
    """The Unit from that Deploy row onto ``space`` (p. 10); an emptied row gains its
    Strategy tile (p. 6). A Unit of its kind waiting beside the board fills the slot
    (p. 15)."""
    take_from_row(s, seat, SECTION_DEPLOY, unit, row)
    if unit == L.U_SHIP:
        piece = seat * L.MAX_SHIPS
        while s[L.SHIP_SPACE + piece] >= 0:
            piece += 1
        s[L.SHIP_SPACE + piece] = space
        project_ship(s, T, W, seat, piece, opts, rng)
    else:
        k = space * L.MAX_PLAYERS + seat
        if unit == L.U_HOPLITE:
            s[L.LAND_HOPLITES + k] += 1
            aim_archers(s, T, W, seat, space, opts, rng)
        else:
            s[L.LAND_WORKERS + k] += 1
        place_on_land(s, T, ev, seat, space)
    emit(s, ev, seat, EV_DEPLOY, unit, space, row)
    row_emptied(s, T, W, ev, seat, SECTION_DEPLOY, row, opts, rng)


@compiled_in_caller
def deploy_action(s, T, W, ev, seat, work, opts, rng):
    """Deploy one Unit after another until the seat stops (p. 10)."""
    while True:
        n = deploy_choices(s, T, seat, work, opts)
        k = decide(s, T, W, opts, n, seat, D_DEPLOY, rng)
        unit, row = opts[k, 0], opts[k, 1]
        if unit < 0:
            return
        n = deploy_spaces(s, T, seat, unit, opts)
        space = opts[decide(s, T, W, opts, n, seat, D_DEPLOY_SPACE, rng), 0]
        set_unit_cost(T, work, row, unit)
        pay(s, T, W, ev, seat, work, opts, rng)
        if unit == UNIT_HERO:
            s[L.HERO_AT + seat] = space
            place_on_land(s, T, ev, seat, space)
            emit(s, ev, seat, EV_HERO_DEPLOY, s[L.HERO + seat], space, 0)
        else:
            place_unit(s, T, W, ev, seat, unit, row, space, opts, rng)
