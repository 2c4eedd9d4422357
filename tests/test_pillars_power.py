"""Power and Control (p. 6) with the Military track's extra Power (p. 7):
sim/games/pillars/rules/power.py on hand-built states, including the Power totals of the
Settle (p. ~11) and Skirmish (p. 16) examples."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import TRACKS, load_content
from sim.games.pillars.rules.power import (
    NOBODY,
    city_controller,
    land_controller,
    land_power,
    region_controller,
    region_power,
    sea_power,
)
from sim.games.pillars.start import new_game

CONTENT = load_content()
T = CONTENT.tables
AEGEAN = 1
MILITARY = TRACKS.index("military")


def land(name):
    return CONTENT.names["lands.aegean"].index(name)


def sea(number):
    return number - 1


@pytest.fixture
def s():
    """Four players on the Aegean side, none starting in the Kyklades or Makedonia."""
    return new_game(CONTENT, "aegean", 4, seed=3,
                    city_states=("sparta", "athenai", "troia", "miletos"))


def put(s, where, seat, hoplites=0, workers=0, building=-1, pillar=False):
    k = where * L.MAX_PLAYERS + seat
    s[L.LAND_HOPLITES + k] += hoplites
    s[L.LAND_WORKERS + k] += workers
    if building >= 0:
        s[L.LAND_BUILDING + k] = building
    if pillar:
        s[L.LAND_PILLAR + where] = seat


def ship(s, seat, k, space, project=-1):
    s[L.SHIP_SPACE + seat * L.MAX_SHIPS + k] = space
    s[L.SHIP_PROJECT + seat * L.MAX_SHIPS + k] = project


def population(s, where, power, face_up=True):
    tile = next(t for t in range(T.population.shape[0])
                if T.population[t, 1] == power and T.population[t, 0] == T.land_icon[AEGEAN, where])
    s[L.LAND_POP + where] = tile
    s[L.LAND_POP_UP + where] = int(face_up)


def powers():
    return np.zeros(L.MAX_PLAYERS, np.int32)


def test_settle_example_naxos_6_beats_5(s):
    # p. ~11: 1 Hoplite, 1 Worker, 1 Ship in the Port and 1 in an adjacent Sea: 6 > 5
    naxos = land("naxos")
    put(s, naxos, 1, hoplites=1, workers=1)
    ship(s, 1, 1, L.PORT + naxos)
    ship(s, 1, 2, sea(6), project=naxos)
    population(s, naxos, 5)
    assert land_power(s, T, naxos, 1) == 6
    assert land_controller(s, T, naxos, powers()) == 1
    population(s, naxos, 5, face_up=False)  # unexplored: nobody (decision 5)
    assert land_controller(s, T, naxos, powers()) == NOBODY


def test_skirmish_example_thraki_11_and_8(s):
    # p. 16: red 2 Hoplites, a Pillar, a Port Ship and a Sea Ship; green a Citadel, a
    # Hoplite, a Worker and a Sea Ship; with Military step 2 each (Pillars, Hoplites +1)
    thraki = land("thraki")
    s[L.LAND_POP + thraki] = -1
    put(s, thraki, 0, hoplites=2, pillar=True)
    ship(s, 0, 1, L.PORT + thraki)
    ship(s, 0, 2, sea(11), project=thraki)
    put(s, thraki, 1, hoplites=1, workers=1, building=L.B_CITADEL)
    ship(s, 1, 1, sea(8), project=thraki)
    for seat in (0, 1):
        s[L.TRACK_STEP + seat * L.N_TRACKS + MILITARY] = 2
    assert land_power(s, T, thraki, 0) == 11 and land_power(s, T, thraki, 1) == 8
    assert land_power(s, T, thraki, 0) + 6 == 17 and land_power(s, T, thraki, 1) + 7 == 15
    assert land_controller(s, T, thraki, powers()) == 0


def test_piece_values_p6(s):
    delos = land("delos")
    put(s, delos, 2, workers=2, building=L.B_AGORA, pillar=True)
    assert land_power(s, T, delos, 2) == 4
    s[L.LAND_BUILDING + delos * L.MAX_PLAYERS + 2] = L.B_TEMPLE
    assert land_power(s, T, delos, 2) == 4
    s[L.LAND_BUILDING + delos * L.MAX_PLAYERS + 2] = L.B_CITADEL
    assert land_power(s, T, delos, 2) == 6
    s[L.LAND_CITY + delos] = L.CITY_COMMON
    s[L.LAND_CITY_MARKER + delos] = 2
    assert land_power(s, T, delos, 2) == 7
    assert land_power(s, T, delos, 3) == 0


def test_a_sea_ship_projects_to_one_land_only(s):
    naxos, rhodos = land("naxos"), land("rhodos")
    ship(s, 3, 1, sea(4), project=naxos)
    assert land_power(s, T, naxos, 3) == 1 and land_power(s, T, rhodos, 3) == 0
    assert sea_power(s, T, sea(4), 3) == 1
    s[L.SHIP_PROJECT + 3 * L.MAX_SHIPS + 1] = rhodos  # a later turn's choice
    assert land_power(s, T, naxos, 3) == 0 and land_power(s, T, rhodos, 3) == 1


def test_military_ship_step_adds_to_sea_and_land_p7(s):
    naxos = land("naxos")
    ship(s, 3, 1, sea(4), project=naxos)
    ship(s, 3, 2, L.PORT + naxos)
    s[L.TRACK_STEP + 3 * L.N_TRACKS + MILITARY] = 4
    assert sea_power(s, T, sea(4), 3) == 2
    assert land_power(s, T, naxos, 3) == 2 + 3  # the Port Ship's extra only on its Land


def test_ties_go_to_the_marker_ahead_p6(s):
    delos = land("delos")
    s[L.LAND_POP + delos] = -1
    put(s, delos, 0, hoplites=1)
    put(s, delos, 1, hoplites=1)
    track = s[L.REGION_TRACK + T.land_region[AEGEAN, delos]]
    step = L.TRACK_STEP + track
    s[step] = s[step + L.N_TRACKS] = 0
    assert land_controller(s, T, delos, powers()) == NOBODY  # both on step 0
    s[step + L.N_TRACKS] = 2
    assert land_controller(s, T, delos, powers()) == 1
    s[step] = 2
    s[L.TRACK_HEIGHT + track] = 1
    s[L.TRACK_HEIGHT + L.N_TRACKS + track] = 0
    assert land_controller(s, T, delos, powers()) == 0  # higher in the stack


def test_power_must_exceed_the_population_p6(s):
    delos = land("delos")
    put(s, delos, 0, hoplites=1)
    population(s, delos, 2)
    assert land_controller(s, T, delos, powers()) == NOBODY
    put(s, delos, 0, workers=1)
    assert land_controller(s, T, delos, powers()) == 0


def test_region_power_and_control_p6(s):
    region = T.land_region[AEGEAN, land("naxos")]
    lands = [x for x in range(L.N_LANDS) if T.land_region[AEGEAN, x] == region]
    for x in lands:
        population(s, x, 2)
    put(s, lands[0], 2, hoplites=2)
    put(s, lands[1], 2, workers=3)
    assert region_power(s, T, region, 2) == 7
    assert region_controller(s, T, region, powers()) == 2  # 7 > 2 + 2 + 2
    s[L.LAND_POP_UP + lands[2]] = 0
    assert region_controller(s, T, region, powers()) == NOBODY  # a tile still face down


def test_city_control_p6(s):
    home = T.city_start[AEGEAN, s[L.CITY_STATE + 1]]
    assert city_controller(s, home) == 1
    s[L.LAND_CITY_MARKER + home] = 3  # taken in a Siege
    assert city_controller(s, home) == 3
    assert city_controller(s, land("delos")) == NOBODY
