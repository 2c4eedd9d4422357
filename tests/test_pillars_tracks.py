"""Progressing on the Region tracks during play, the step rewards and Gaining Cities
(p. 7): sim/games/pillars/rules/rewards.py and cities.py on hand-built states."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import DECKS, TRACKS
from sim.games.pillars.events import (
    CAUSE_ASCEND,
    EV_CITY_EVALUATION,
    EV_ENERGISE,
    EV_GAIN_CITY,
    EV_MERCENARY,
    EV_MYTHOLOGY_GAIN,
    EV_SPEND,
    EV_TRACK_STEP,
)
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED
from sim.games.pillars.rules.cities import CITY_TRACK_3, CITY_TRACK_5, evaluation_winner
from sim.games.pillars.rules.power import NOBODY
from sim.games.pillars.rules.rewards import mercenary, mythology_reward, progress, reward_card
from sim.games.pillars.rules.spend import SRC_CARD
from tests.pillars_fixtures import (
    CONTENT,
    IRON,
    T,
    events,
    game,
    hand,
    kit,
    land,
    put,
    region,
    script,
    set_hand,
    set_step,
    starting,
)

MILITARY, MERCENARY, TITAN = (TRACKS.index(t) for t in ("military", "mercenary", "titan"))
DEMIGOD = DECKS.index("demigod")


@pytest.fixture
def s():
    # Sparta (Peloponnesos), Athenai (Sterea Ellada), Troia (Lydia); Iona is blocked
    s = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    assert s[L.REGION_BLOCKED + region("iona")] == 1
    s[L.REGION_TRACK:L.REGION_TRACK + L.N_REGIONS] = -1
    s[L.REGION_TRACK + region("kyklades")] = MILITARY
    s[L.REGION_TRACK + region("iona")] = MERCENARY
    others = [t for t in range(L.N_TRACKS) if t not in (MILITARY, MERCENARY)]
    for r in range(L.N_REGIONS):
        if s[L.REGION_TRACK + r] < 0:
            s[L.REGION_TRACK + r] = others.pop()
    return s


def step3(s, W, seat=0, track=MILITARY):
    ev, work, opts, rng = kit()
    set_step(s, seat, track, 2)
    progress(s, T, W, ev, seat, track, CAUSE_ASCEND, True, work, opts, rng)
    return ev


def test_step3_city_goes_to_the_most_power_in_the_region_p7(s):
    naxos, rhodos = land("naxos"), land("rhodos")
    put(s, naxos, 1, hoplites=1)  # 2 Power, no Control needed (p. 7)
    s[L.LAND_POP_UP + naxos] = 0
    ev = step3(s, script(rhodos))
    assert events(s, ev, EV_TRACK_STEP) == [(MILITARY, 3, CAUSE_ASCEND)]
    assert events(s, ev, EV_CITY_EVALUATION) == [(MILITARY, 1, rhodos)]
    assert s[L.LAND_CITY + rhodos] == L.CITY_COMMON and s[L.LAND_CITY_MARKER + rhodos] == 1
    assert s[L.TRACK_CITY + MILITARY * 2] == 0
    assert s[L.LAND_RES_UP + rhodos] == 1 and s[L.LAND_POP_UP + rhodos] == 1  # explored
    assert events(s, ev, EV_GAIN_CITY) == [(rhodos, CITY_TRACK_3, 2)]
    assert check_state(s, T) == V_OK
    ev = step3(s, script(), seat=2)  # the City is gone: the next arrival gains nothing
    assert events(s, ev, EV_CITY_EVALUATION) == []


def test_power_ties_go_to_the_marker_ahead_p7(s):
    naxos, delos = land("naxos"), land("delos")
    put(s, naxos, 1, hoplites=1)
    put(s, delos, 2, workers=2)
    set_step(s, 1, MILITARY, 1)
    set_step(s, 2, MILITARY, 1)  # on top of the stack: ahead (p. 6)
    assert evaluation_winner(s, T, region("kyklades"), MILITARY) == 2
    set_step(s, 1, MILITARY, 0)
    set_step(s, 2, MILITARY, 0)
    # tied on step 0 with the arriver behind on Power: nobody; the City goes below Build
    before = s[L.CITIES_BUILD]
    ev = step3(s, script())
    assert events(s, ev, EV_CITY_EVALUATION) == [(MILITARY, NOBODY, -1)]
    assert s[L.CITIES_BUILD] == before + 1
    assert check_state(s, T) == V_OK


def test_arriver_wins_a_tie_of_zero_power_decision6(s):
    assert evaluation_winner(s, T, region("kyklades"), MILITARY) == NOBODY  # all on step 0
    ev = step3(s, script(land("delos")))
    assert events(s, ev, EV_CITY_EVALUATION) == [(MILITARY, 0, land("delos"))]


def test_a_forbidden_domain_city_goes_to_another_region_p7(s):
    ev, work, opts, rng = kit()
    set_step(s, 0, MERCENARY, 2)
    W = script(land("naxos"))
    progress(s, T, W, ev, 0, MERCENARY, CAUSE_ASCEND, True, work, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    (track, winner, where), = events(s, ev, EV_CITY_EVALUATION)
    assert winner == 0 and where == land("naxos")
    assert T.land_region[1, where] != region("iona")


def test_step5_city_goes_to_the_arriver_or_aside_p7(s):
    ev, work, opts, rng = kit()
    set_step(s, 1, TITAN, 4)
    progress(s, T, script(land("delos")), ev, 1, TITAN, CAUSE_ASCEND, True, work, opts, rng)
    assert s[L.LAND_CITY_MARKER + land("delos")] == 1 and s[L.TRACK_CITY + TITAN * 2 + 1] == 0
    assert events(s, ev, EV_GAIN_CITY) == [(land("delos"), CITY_TRACK_5, 2)]
    set_step(s, 2, MILITARY, 4)
    for where in range(L.N_LANDS):  # no open Land without a City left
        if s[L.LAND_CITY + where] < 0:
            s[L.LAND_CITY + where] = L.CITY_COMMON
    progress(s, T, script(), ev, 2, MILITARY, CAUSE_ASCEND, True, work, opts, rng)
    assert s[L.CITIES_ASIDE + 2] == 1


def test_mythology_reward_keep_one_or_energise_p7(s):
    ev, work, opts, rng = kit()
    base = L.MYTH_DECK + DEMIGOD * L.MAX_MYTH_DECK
    n = s[L.MYTH_N + DEMIGOD]
    top, under = int(s[base + n - 1]), int(s[base + n - 2])
    # draw (0), keep the second drawn (1) in the free slot
    W = script(0, 1)
    mythology_reward(s, T, W, ev, 0, DEMIGOD, opts, rng)
    assert s[L.MYTH_SLOT + 0] == under and s[L.MYTH_INVOKED + 0] == 0
    assert s[L.MYTH_N + DEMIGOD] == n - 1 and s[base] == top  # the other at the bottom
    assert events(s, ev, EV_MYTHOLOGY_GAIN) == [(under, 0, 0)]
    # full (1 slot, no Temple): keep a new one by discarding the old one, or Energise
    s[L.MYTH_INVOKED + 0] = 1
    mythology_reward(s, T, script(1), ev, 0, DEMIGOD, opts, rng)
    assert s[L.MYTH_INVOKED + 0] == 0 and events(s, ev, EV_ENERGISE) == [(0, under, 1)]
    W = script(0, 0)
    mythology_reward(s, T, W, ev, 0, DEMIGOD, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert s[L.MYTH_SLOT + 0] != under and s[L.MYTH_N + DEMIGOD] == n - 1
    assert check_state(s, T) == V_OK


def test_mercenary_hoplite_for_iron_or_lost_p7(s):
    ev, work, opts, rng = kit()
    home = land("lakonia")
    mercs = s[L.MERCENARIES + 0]
    set_hand(s, 0, [])
    mercenary(s, T, script(home), ev, 0, True, work, opts, rng)  # no Iron: the chance is lost
    assert s[L.MERCENARIES + 0] == mercs
    set_hand(s, 0, [starting(IRON)])
    mercenary(s, T, script(home, SRC_CARD), ev, 0, True, work, opts, rng)
    assert s[L.MERCENARIES + 0] == mercs - 1 and hand(s, 0) == []
    assert s[L.LAND_HOPLITES + home * L.MAX_PLAYERS + 0] == 2
    assert events(s, ev, EV_MERCENARY) == [(home, 0, 0)] and len(events(s, ev, EV_SPEND)) == 1
    mercenary(s, T, script(-1), ev, 0, False, work, opts, rng)  # declined
    assert s[L.MERCENARIES + 0] == mercs - 1
    mercenary(s, T, script(home), ev, 0, False, work, opts, rng)  # step 4: free
    assert s[L.MERCENARIES + 0] == mercs - 2
    assert check_state(s, T) == V_OK


def test_card_reward_takes_a_face_up_card_and_flips_the_next_p7(s):
    ev, work, opts, rng = kit()
    slot = 4
    n = s[L.PROC_N + slot]
    top = int(s[L.PROC_DECK + slot * L.MAX_PROC_DECK + n - 1])
    before = hand(s, 1)
    reward_card(s, T, script(slot), 1, opts, rng)
    assert hand(s, 1) == sorted(before + [top])
    assert s[L.PROC_N + slot] == n - 1 and s[L.PROC_UP + slot] == 1
    assert check_state(s, T) == V_OK
    assert np.all(s[L.PROC_UP:L.PROC_UP + L.N_PROC] == 1)
    assert CONTENT  # the content the fixture loaded
