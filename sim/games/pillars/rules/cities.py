"""Gaining Cities (p. 7): the step-3 evaluation of a Region, the step-5 City, placing a
Common City and exploring the Land it goes to."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_PLACE_CITY
from sim.games.pillars.events import (  # noqa: F401  (the causes: rules import them here)
    CITY_ATLANTIS_SETTLED,
    CITY_BUILT,
    CITY_TRACK_3,
    CITY_TRACK_5,
    EV_CITY_EVALUATION,
    EV_GAIN_CITY,
)
from sim.games.pillars.rules.board import explore
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.heroes import CH_CITY, odysseus_challenge
from sim.games.pillars.rules.power import (
    NOBODY,
    city_controller,
    region_power,
    same_initiative,
    wins_tie,
)
from sim.games.pillars.rules.tyrant_choice import tyrant_city_option
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import kernel


@kernel
def cities_of(s, seat):
    """Cities the seat Controls (p. 6)."""
    n = 0
    for land in range(s[L.LAND_END]):
        if s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat:
            n += 1
    return n


@kernel
def city_lands(s, T, region, opts):
    """Open Lands without a City, in ``region`` (or anywhere for region -1); the count."""
    n = 0
    for land in range(s[L.LAND_END]):
        if s[L.LAND_CITY + land] < 0 and open_land(s, T, land) and (
                region < 0 or T.land_region[s[L.SIDE], land] == region):
            n = option(opts, n, land, 0, 0, 0)
    return n


@kernel
def mark_city(s, seat, land):
    """The seat's marker onto the City on ``land``: a marker already there goes back to its
    owner, and a seat with none left uses a substitute (p. 7)."""
    old = s[L.LAND_CITY_MARKER + land]
    if old >= 0:
        s[L.MARKERS_LEFT + old] += 1
    s[L.LAND_CITY_MARKER + land] = seat
    if s[L.MARKERS_LEFT + seat] > 0:
        s[L.MARKERS_LEFT + seat] -= 1


@kernel
def capture_city(s, seat, land):
    """The seat takes Control of the City on ``land`` (a won Siege, p. 8; a won Solo
    combat, p. ~22): its marker goes there, or on its own Starting City none is needed."""
    if s[L.LAND_CITY + land] == seat:
        old = s[L.LAND_CITY_MARKER + land]
        if old >= 0:
            s[L.MARKERS_LEFT + old] += 1
        s[L.LAND_CITY_MARKER + land] = -1
    else:
        mark_city(s, seat, land)


@kernel
def put_city(s, T, ev, seat, land, cause):
    """A Common City on ``land`` under one of the seat's markers; the Land is explored
    (its Region's Odysseus token too, and the City is a challenge of one, p. 16)."""
    s[L.LAND_CITY + land] = L.CITY_COMMON
    mark_city(s, seat, land)
    explore(s, T, ev, seat, land)
    odysseus_challenge(s, T, ev, seat, land, CH_CITY)
    emit(s, ev, seat, EV_GAIN_CITY, land, cause, cities_of(s, seat))


@kernel
def region_of_track(s, track):
    for region in range(L.N_REGIONS):
        if s[L.REGION_TRACK + region] == track:
            return region
    return -1


@kernel
def evaluation_winner(s, T, region, track):
    """Who gains the step-3 City: the most Power in the Region (not Control); a tie to the
    Strategic Initiative holder (p. ~14), else to the tied marker furthest up the track,
    nobody when all tied markers are on step 0 (p. 7)."""
    best = NOBODY
    best_power = -1
    for seat in range(s[L.N_PLAYERS]):
        p = region_power(s, T, region, seat)
        if p > best_power or (p == best_power and wins_tie(s, track, seat, best)):
            best = seat
            best_power = p
    if s[L.TRACK_STEP + best * L.N_TRACKS + track] == 0:
        for seat in range(s[L.N_PLAYERS]):
            if (seat != best and region_power(s, T, region, seat) == best_power
                    and same_initiative(s, seat, best)):
                return NOBODY
    return best


@kernel
def evaluate_region(s, T, W, ev, seat, track, opts, rng):
    """Step 3 reached first on ``track`` by ``seat``: its Common City goes to the winner of the
    Region, placed in the Region if it can be, else in another Region, else it goes below
    the Build section (p. 7)."""
    s[L.TRACK_CITY + track * 2] = 0
    region = region_of_track(s, track)
    winner = evaluation_winner(s, T, region, track)
    land = -1
    if winner != NOBODY:
        n = 0
        if s[L.REGION_BLOCKED + region] == 0:
            n = city_lands(s, T, region, opts)
        if n == 0:
            n = city_lands(s, T, -1, opts)
        if n > 0 and solo_mode(s) and winner == L.TYRANT:
            land = opts[tyrant_city_option(s, T, opts, n), 0]
        elif n > 0:
            land = opts[decide(s, T, W, opts, n, winner, D_PLACE_CITY, rng), 0]
    emit(s, ev, seat, EV_CITY_EVALUATION, track, winner, land)
    if land < 0:
        s[L.CITIES_BUILD] += 1
    else:
        put_city(s, T, ev, winner, land, CITY_TRACK_3)


@kernel
def track_end_city(s, T, W, ev, seat, track, opts, rng):
    """Step 5 reached with its City still there: the arriver places it on any open Land
    without a City, or sets it aside beside the Player board (p. 7)."""
    s[L.TRACK_CITY + track * 2 + 1] = 0
    n = city_lands(s, T, -1, opts)
    if n == 0:
        s[L.CITIES_ASIDE + seat] += 1
        return
    land = opts[decide(s, T, W, opts, n, seat, D_PLACE_CITY, rng), 0]
    put_city(s, T, ev, seat, land, CITY_TRACK_5)
