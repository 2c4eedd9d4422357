"""Free Actions (p. 8): the Siege tile, a City set aside (p. 7), Fulfilling a Prophecy at
the end of the turn at most once, and the quests of Appendix 1 (p. ~14); the Advance
Turn's parts at most once each, Movement only on the four actions (pp. 8-9).
sim/games/pillars/rules/free.py, prophecy.py and advance.py on hand-built states."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.events import EV_EXILE, EV_PROPHECY_FULFILLED, EV_SIEGE_PLACE
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, pair
from sim.games.pillars.rules.advance import part_choices
from sim.games.pillars.rules.free import (
    FREE_CITY,
    FREE_PROPHECY,
    FREE_SIEGE,
    free_actions,
    free_choices,
)
from sim.games.pillars.rules.prophecy import quest_done
from sim.games.pillars.rules.turn import SEC_ASCEND, SEC_SETTLE
from tests.pillars_fixtures import (
    CARD,
    T,
    aegean_first_round,
    events,
    kit,
    land,
    no_population,
    pillar,
    put,
    region,
    script,
    set_hand,
    ship_to,
    turn_scratch,
)

# Prophecy rows of the shipped content (prophecies.cards, numbered from 1)
PILLARS_2, BUILDING_CITADEL, PORT_SHIPS_1, EXILE_CHARACTER, STRATEGY_1 = 0, 1, 3, 6, 7
CONTROL_ALL = 19


@pytest.fixture
def a():
    return aegean_first_round()


def top(s, where, card):
    """Make ``card`` the face-up Prophecy of Region ``where``."""
    for k in range(L.N_REGIONS * L.N_ERAS):
        if s[L.REGION_PROPHECY + k] == card:
            s[L.REGION_PROPHECY + k] = -2
    n = s[L.REGION_PROPHECY_N + where]
    old = s[L.REGION_PROPHECY + where * L.N_ERAS + n - 1]
    for k in range(L.N_REGIONS * L.N_ERAS):
        if s[L.REGION_PROPHECY + k] == -2:
            s[L.REGION_PROPHECY + k] = old
    s[L.REGION_PROPHECY + where * L.N_ERAS + n - 1] = card
    s[L.REGION_PROPHECY_UP + where] = 1


def offered(s, seat, at_end):
    _, _, opts, _ = kit()
    n = free_choices(s, T, seat, at_end, np.zeros(4, np.int32), opts)
    return [tuple(int(x) for x in opts[k, :2]) for k in range(n)]


def test_siege_tile_needs_control_a_land_unit_and_a_rival_piece_p8(a):
    naxos = land("naxos")
    no_population(a, naxos)
    pillar(a, 1, naxos)
    assert (FREE_SIEGE, naxos) not in offered(a, 0, False)
    put(a, naxos, 0, hoplites=1)  # 2 against the Pillar's 1
    assert (FREE_SIEGE, naxos) in offered(a, 0, False)
    ev, work, opts, rng = kit()
    free_actions(a, T, script(FREE_SIEGE, -1), ev, 0, False, work, turn_scratch(), opts, rng)
    assert a[L.SIEGE_AT + 0] == naxos and events(a, ev, EV_SIEGE_PLACE) == [(naxos, 0, 0)]
    assert all(kind != FREE_SIEGE for kind, _ in offered(a, 0, False))  # one tile


def test_prophecy_only_at_the_end_of_the_turn_and_once_p8(a):
    kyk = region("kyklades")
    naxos, delos = land("naxos"), land("delos")
    top(a, kyk, PILLARS_2)
    pillar(a, 0, naxos)
    assert not quest_done(a, T, 0, PILLARS_2, kyk, np.zeros(4, np.int32))
    pillar(a, 0, delos)
    assert quest_done(a, T, 0, PILLARS_2, kyk, np.zeros(4, np.int32))
    assert (FREE_PROPHECY, kyk) not in offered(a, 0, False)
    assert (FREE_PROPHECY, kyk) in offered(a, 0, True)
    n = a[L.REGION_PROPHECY_N + kyk]
    ev, work, opts, rng = kit()
    free_actions(a, T, script(pair(FREE_PROPHECY, kyk), -1), ev, 0, True, work, turn_scratch(), opts, rng)
    assert a[L.PROPHECY_OWNER + PILLARS_2] == 0
    assert a[L.REGION_PROPHECY_N + kyk] == n - 1 and a[L.REGION_PROPHECY_UP + kyk] == 1
    assert events(a, ev, EV_PROPHECY_FULFILLED) == [(PILLARS_2, kyk, 1)]
    assert all(kind != FREE_PROPHECY for kind, _ in offered(a, 0, True))  # at most 1 a turn
    assert check_state(a, T) == V_OK


def test_quests_of_appendix_1(a):
    kyk = region("kyklades")
    naxos, delos, rhodos = land("naxos"), land("delos"), land("rhodos")
    powers = np.zeros(4, np.int32)
    done = lambda card, seat=0: quest_done(a, T, seat, card, kyk, powers)  # noqa: E731
    assert not done(BUILDING_CITADEL)
    put(a, naxos, 0, workers=1, building=L.B_CITADEL)
    assert done(BUILDING_CITADEL)
    assert not done(PORT_SHIPS_1)
    ship_to(a, 0, L.PORT + naxos)
    assert done(PORT_SHIPS_1)
    assert not done(STRATEGY_1)
    a[L.STRATEGY_SLOT + 0] = 0
    assert done(STRATEGY_1)
    no_population(a, naxos, delos, rhodos)
    assert not done(CONTROL_ALL)
    put(a, delos, 0, workers=1)
    put(a, rhodos, 0, hoplites=1)
    assert done(CONTROL_ALL) and not done(CONTROL_ALL, seat=1)


def test_exile_quest_exiles_the_card_p14(a):
    kyk = region("kyklades")
    top(a, kyk, EXILE_CHARACTER)
    set_hand(a, 0, [CARD["oracle"]])
    assert (FREE_PROPHECY, kyk) in offered(a, 0, True)
    ev, work, opts, rng = kit()
    W = script(pair(FREE_PROPHECY, kyk), 0, -1)
    free_actions(a, T, W, ev, 0, True, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert events(a, ev, EV_EXILE) == [(CARD["oracle"], 0, 0)] and a[L.EXILED_N + 0] == 1
    assert a[L.PROPHECY_OWNER + EXILE_CHARACTER] == 0


def test_a_city_set_aside_is_placed_in_the_turn_p7(a):
    a[L.CITIES_ASIDE + 0] = 1
    a[L.TRACK_CITY + 0] = 0
    assert (FREE_CITY, 0) in offered(a, 0, False)
    ev, work, opts, rng = kit()
    free_actions(a, T, script(FREE_CITY, land("delos"), -1), ev, 0, False, work, turn_scratch(),
                 opts, rng)
    assert a[L.LAND_CITY_MARKER + land("delos")] == 0 and a[L.CITIES_ASIDE + 0] == 0
    assert check_state(a, T) == V_OK


def test_advance_parts_once_each_movement_not_on_ascend_p8_p9(a):
    _, _, opts, _ = kit()
    parts = lambda section: [int(opts[k, 0]) for k in range(part_choices(a, section, opts))]  # noqa: E731
    a[L.TURN_DONE] = 0
    assert parts(SEC_SETTLE) == [-1, L.DONE_MOVEMENT, L.DONE_ACTION]
    assert parts(SEC_ASCEND) == [-1, L.DONE_ACTION]
    a[L.TURN_DONE] = L.DONE_ACTION
    assert parts(SEC_SETTLE) == [-1, L.DONE_MOVEMENT]
    a[L.TURN_DONE] = L.DONE_ACTION | L.DONE_MOVEMENT
    assert parts(SEC_SETTLE) == [-1]


def test_invariants_catch_a_stray_depletion_and_a_slot_beyond_the_temples(a):
    from sim.games.pillars.invariants import V_LAND, V_MYTHOLOGY
    s = a.copy()
    s[L.LAND_PILLAR_ON_RES + land("naxos")] = 1  # no Pillar there
    assert check_state(s, T) == V_LAND
    s = a.copy()
    deck = s[L.MYTH_N + 0] - 1
    s[L.MYTH_SLOT + 1] = s[L.MYTH_DECK + deck]  # the second slot, with no Temple
    s[L.MYTH_DECK + deck] = -1
    s[L.MYTH_N + 0] = deck
    assert check_state(s, T) == V_MYTHOLOGY
