"""The Build action (p. 10): Buildings from the Player board (or, with none left there,
one moved from the map) onto Lands with one of the seat's Workers, one own Building per
Land and no type twice; Cities for Wine, Marble, Gold and Iron from the supply below the
Build section. An emptied row gains an Eagle Strategy tile."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_BUILD, D_BUILD_LAND
from sim.games.pillars.events import EV_BUILD
from sim.games.pillars.rules.board import (
    SECTION_BUILD,
    own_building,
    place_on_land,
    row_emptied,
    usable_land,
)
from sim.games.pillars.rules.cities import CITY_BUILT, put_city
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.heroes import CH_BUILDING, odysseus_challenge
from sim.games.pillars.rules.removal import take_from_row
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize
from sim.jit import compiled_in_caller, kernel

BUILD_CITY = L.N_BUILDING_KINDS  # the Build choice of a City
CITY_COST = (1, 1, 1, 1, 0)  # Wine, Marble, Gold, Iron (content.RESOURCES order)


@kernel
def building_land_ok(s, seat, land, building, moving_from):
    """A Building of that type may go on ``land``: an own Worker there, no other own
    Building (the one being moved excepted) and no Building of that type (p. 10)."""
    if s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] == 0 or land == moving_from:
        return False
    if own_building(s, seat, land) >= 0:
        return False
    for other in range(s[L.N_PLAYERS]):
        if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other] == building:
            return False
    return True


@kernel
def build_lands(s, T, seat, building, moving_from, opts):
    """The Lands the chosen Building (or City) may go to, column 2 holding it; returns how
    many."""
    n = 0
    for land in range(s[L.LAND_END]):
        if not usable_land(s, T, land):
            continue
        if building == BUILD_CITY:
            ok = (s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] > 0
                  and s[L.LAND_CITY + land] < 0)
        else:
            ok = building_land_ok(s, seat, land, building, moving_from)
        if ok:
            n = option(opts, n, land, 0, building, 0)
    return n


@kernel
def buildings_left(s, T, seat):
    n = 0
    for row in range(T.build_cost.shape[0]):
        for b in range(L.N_BUILDING_KINDS):
            n += s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + b]
    return n


@kernel
def set_build_cost(T, work, building, row):
    for r in range(L.N_RESOURCES):
        work[W_COST + r] = CITY_COST[r] if building == BUILD_CITY else T.build_cost[row, building, r]


@kernel
def build_choices(s, T, seat, work, opts):
    """Stop, a Building on a Build row, a placed Building to move (only with none left on
    the board, for the top row's cost of its type), or a City; each only when payable and
    with a Land to go to. Returns how many."""
    n = option(opts, 0, -1, 0, 0, 0)
    wild = summarize(s, T, seat, work)
    if buildings_left(s, T, seat) > 0:
        for b in range(L.N_BUILDING_KINDS):
            for row in range(T.build_cost.shape[0]):
                if s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + b] == 0:
                    continue
                set_build_cost(T, work, b, row)
                if covered(work, wild) and build_lands(s, T, seat, b, -1, opts[n:]) > 0:
                    n = option(opts, n, b, row, -1, 0)
    else:
        for land in range(s[L.LAND_END]):
            b = own_building(s, seat, land)
            if b < 0:
                continue
            set_build_cost(T, work, b, 0)
            if covered(work, wild) and build_lands(s, T, seat, b, land, opts[n:]) > 0:
                n = option(opts, n, b, -1, land, 0)
    if s[L.CITIES_BUILD] > 0:
        set_build_cost(T, work, BUILD_CITY, 0)
        if covered(work, wild) and build_lands(s, T, seat, BUILD_CITY, -1, opts[n:]) > 0:
            n = option(opts, n, BUILD_CITY, 0, -1, 0)
    return n


@kernel
def place_building(s, T, ev, seat, building, row, moving_from, land):
    """The Building from that Build row (row -1: moved from the Land ``moving_from``) onto
    ``land`` (p. 10); one of its type waiting beside the board fills the slot (p. 15). It
    is a challenge of an Odysseus token (p. 16)."""
    if moving_from >= 0:
        s[L.LAND_BUILDING + moving_from * L.MAX_PLAYERS + seat] = -1
    else:
        take_from_row(s, seat, SECTION_BUILD, building, row)
    s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] = building
    place_on_land(s, T, ev, seat, land)
    emit(s, ev, seat, EV_BUILD, building, land, row)
    odysseus_challenge(s, T, ev, seat, land, CH_BUILDING)


@compiled_in_caller
def build_action(s, T, W, ev, seat, work, opts, rng):
    """Build one Building or City after another until the seat stops (p. 10)."""
    while True:
        n = build_choices(s, T, seat, work, opts)
        k = decide(s, T, W, opts, n, seat, D_BUILD, rng)
        building, row, moving_from = opts[k, 0], opts[k, 1], opts[k, 2]
        if building < 0:
            return
        n = build_lands(s, T, seat, building, moving_from, opts)
        land = opts[decide(s, T, W, opts, n, seat, D_BUILD_LAND, rng), 0]
        set_build_cost(T, work, building, 0 if row < 0 else row)
        pay(s, T, W, ev, seat, work, opts, rng)
        if building == BUILD_CITY:
            s[L.CITIES_BUILD] -= 1
            put_city(s, T, ev, seat, land, CITY_BUILT)
            continue
        place_building(s, T, ev, seat, building, row, moving_from, land)
        if moving_from < 0:
            row_emptied(s, T, W, ev, seat, SECTION_BUILD, row, opts, rng)
