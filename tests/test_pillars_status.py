"""The Status Check (p. 8): Siege with Tactical Card Support, Domination, Consolidation,
at most one step per track and never beyond step 4; the Sea Ships' Land for the turn
(p. 6). sim/games/pillars/rules/status.py on hand-built states."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import TRACKS
from sim.games.pillars.events import (
    EV_CONSOLIDATION,
    EV_DOMINATION,
    EV_SIEGE,
    EV_TACTICAL_SUPPORT,
    EV_TRACK_STEP,
)
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, SCRIPT_ROWS
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.status import (
    WIN_CITY,
    WIN_REPLACE,
    project_ships,
    siege_controller,
    siege_targets,
    status_check,
)
from sim.games.pillars.rules.support import SCRATCH, support_limit, tactical_support
from sim.games.pillars.rules.turn import start_turn
from tests.pillars_fixtures import (
    CARD,
    T,
    events,
    game,
    hand,
    kit,
    land,
    no_population,
    pillar,
    put,
    region,
    script,
    set_hand,
    set_step,
    ship_to,
    starting,
)

CIVILISATION, MERCENARY, NAVIGATION, OLYMPIAN, MILITARY, TITAN = range(6)
assert TRACKS[MILITARY] == "military" and TRACKS[MERCENARY] == "mercenary"


@pytest.fixture
def s():
    # Sparta (seat 0, Lakonia), Athenai (seat 1, Attika), Troia (seat 2, Troas); Iona blocked
    s = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    order = {"kyklades": MILITARY, "makedonia": CIVILISATION, "iona": MERCENARY,
             "lydia": NAVIGATION, "peloponnesos": OLYMPIAN, "sterea_ellada": TITAN}
    for name, track in order.items():
        s[L.REGION_TRACK + region(name)] = track
    s[L.ROUND] = 1
    return s


def check(s, W, seat=0):
    ev, work, opts, rng = kit()
    status_check(s, T, W, ev, seat, work, np.zeros(SCRATCH, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    return ev


def steps(s, seat):
    return [int(s[L.TRACK_STEP + seat * L.N_TRACKS + t]) for t in range(L.N_TRACKS)]


def test_domination_steps_up_the_region_track_p8(s):
    naxos = land("naxos")
    no_population(s, naxos)
    pillar(s, 1, naxos)  # a rival's Pillar in a space seat 0 Controls
    put(s, naxos, 0, hoplites=1)
    before = steps(s, 0)
    ev = check(s, script(1, 0, mode=SCRIPT_ROWS))  # yes; the card reward's first slot
    assert events(s, ev, EV_DOMINATION) == [(region("kyklades"), MILITARY, before[MILITARY] + 1)]
    assert steps(s, 0)[MILITARY] == before[MILITARY] + 1
    assert check_state(s, T) == V_OK


def test_no_domination_without_control_or_a_rival_piece_p8(s):
    naxos = land("naxos")
    no_population(s, naxos)
    put(s, naxos, 0, hoplites=1)  # Controlled, but no rival piece
    assert events(s, check(s, script(1, mode=SCRIPT_ROWS)), EV_DOMINATION) == []
    pillar(s, 1, naxos)
    put(s, naxos, 1, hoplites=1)  # 2 against 2 + 1: seat 1 Controls
    assert events(s, check(s, script(1, mode=SCRIPT_ROWS)), EV_DOMINATION) == []


def test_never_beyond_step_4_p8(s):
    naxos = land("naxos")
    no_population(s, naxos)
    pillar(s, 1, naxos)
    put(s, naxos, 0, hoplites=1)
    set_step(s, 0, MILITARY, 4)
    assert events(s, check(s, script(1, mode=SCRIPT_ROWS)), EV_DOMINATION) == []
    assert steps(s, 0)[MILITARY] == 4


def test_consolidation_one_of_the_icons_two_tracks_p8(s):
    rhodos, thraki = land("rhodos"), land("thraki")  # with Lakonia: 3 helmet Lands
    no_population(s, rhodos, thraki)
    put(s, rhodos, 0, hoplites=1)
    put(s, thraki, 0, workers=1)
    ev = check(s, script(MERCENARY, -1))  # Mercenary track; its Hoplite declined
    assert events(s, ev, EV_CONSOLIDATION) == [(0, MERCENARY, 1)]  # icon 0 = helmet
    assert steps(s, 0)[MERCENARY] == 1 and steps(s, 0)[MILITARY] == 0


def test_one_step_per_track_in_a_status_check_p8(s):
    # Domination in the Kyklades steps up Military; Consolidation of the helmets then
    # offers Mercenary only
    naxos, rhodos, thraki = land("naxos"), land("rhodos"), land("thraki")
    no_population(s, naxos, rhodos, thraki)
    pillar(s, 1, naxos)
    put(s, naxos, 0, hoplites=1)
    put(s, rhodos, 0, hoplites=1)
    put(s, thraki, 0, workers=1)
    W = script(1, 0, 1, 1, mode=SCRIPT_ROWS)  # dominate, card slot 0, then row 1 = Mercenary
    ev = check(s, W)
    assert [e[0] for e in events(s, ev, EV_TRACK_STEP)] == [MILITARY, MERCENARY]
    assert events(s, ev, EV_CONSOLIDATION) == [(0, MERCENARY, 1)]


def siege_scene(s):
    """Seat 0 besieges Naxos, where seat 1 has a Pillar and a Hoplite: 2 against 3."""
    naxos = land("naxos")
    no_population(s, naxos)
    pillar(s, 1, naxos)
    put(s, naxos, 1, hoplites=1)
    put(s, naxos, 0, hoplites=1)
    s[L.SIEGE_AT + 0] = naxos
    set_hand(s, 0, [starting(0, 2), starting(1, 1)])
    set_hand(s, 1, [starting(0, 2), starting(2, 2)])
    return naxos


def test_won_siege_replaces_the_pillar_and_skips_the_rest_p8(s):
    naxos = siege_scene(s)
    rhodos, thraki = land("rhodos"), land("thraki")  # a Consolidation that must not happen
    no_population(s, rhodos, thraki)
    put(s, rhodos, 0, hoplites=1)
    put(s, thraki, 0, workers=1)
    wine2 = starting(0, 2)
    settle_0 = s[L.SETTLE_LEFT + 0] + s[L.SETTLE_LEFT + 1]
    # seat 0 places its Power-2 Wine card (4 > 3), seat 1 places nothing; replace the Pillar
    ev = check(s, script(0, -1, WIN_REPLACE))
    assert events(s, ev, EV_TACTICAL_SUPPORT) == [(naxos, 1, 2)]
    assert events(s, ev, EV_SIEGE) == [(naxos, 1, WIN_REPLACE)]
    assert s[L.LAND_PILLAR + naxos] == 0 and s[L.SIEGE_AT + 0] == -1
    assert s[L.SETTLE_LEFT + 0] + s[L.SETTLE_LEFT + 1] == settle_0 - 1
    assert wine2 not in hand(s, 0) and len(hand(s, 1)) == 2  # seat 1 placed nothing
    assert events(s, ev, EV_CONSOLIDATION) == [] and events(s, ev, EV_TRACK_STEP) == []
    assert check_state(s, T) == V_OK


def test_a_lost_siege_ends_the_status_check_too_p8_p15(s):
    """p. 8 removes the Siege tile "in any case"; p. 15 has Domination and Consolidation
    performed only "if there is no Siege or Skirmish": a lost Siege skips them as a won
    one does."""
    naxos = siege_scene(s)
    rhodos, thraki = land("rhodos"), land("thraki")  # a Consolidation that must not happen
    no_population(s, rhodos, thraki)
    put(s, rhodos, 0, hoplites=1)
    put(s, thraki, 0, workers=1)
    # both place a Power-2 card: 4 against 5; seat 0 loses and redraws one card (the last
    # entry would step up the Military track, were Consolidation reached)
    ev = check(s, script(0, 0, MILITARY))
    assert events(s, ev, EV_SIEGE) == [(naxos, 0, -1)]
    assert s[L.SIEGE_AT + 0] == -1 and s[L.LAND_PILLAR + naxos] == 1
    assert len(hand(s, 0)) == 2 and len(hand(s, 1)) == 1
    assert events(s, ev, EV_CONSOLIDATION) == [] and events(s, ev, EV_TRACK_STEP) == []
    assert check_state(s, T) == V_OK


def test_siege_takes_a_city_but_never_an_only_city_p8(s):
    naxos = land("naxos")
    no_population(s, naxos)
    s[L.LAND_CITY + naxos] = L.CITY_COMMON
    s[L.LAND_CITY_MARKER + naxos] = 1
    s[L.CITIES_BUILD] -= 1
    put(s, naxos, 0, hoplites=1)
    assert siege_targets(s, naxos, 0) == 2
    s[L.SIEGE_AT + 0] = naxos
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    markers = s[L.MARKERS_LEFT + 1]
    ev = check(s, script(-1, WIN_CITY))  # no card to place; take the City
    assert events(s, ev, EV_SIEGE) == [(naxos, 1, WIN_CITY)]
    assert s[L.LAND_CITY_MARKER + naxos] == 0 and s[L.MARKERS_LEFT + 1] == markers + 1
    # seat 1 is left with its Starting City only: the City is no target, its Pillar is
    attika = land("attika")
    assert siege_targets(s, attika, 0) == 1
    s[L.LAND_PILLAR + attika] = -1
    assert siege_targets(s, attika, 0) == 0


def test_tactical_support_skirmish_example_17_beats_15_p16(s):
    # p. 16: red 11 Power and two Power-3 cards, green 8 and a Power-3 and a Power-4 card
    thraki = land("thraki")
    no_population(s, thraki)
    pillar(s, 0, thraki)
    put(s, thraki, 0, hoplites=2)
    ship_to(s, 0, L.PORT + thraki)
    ship_to(s, 0, 10, project=thraki)  # Sea 11
    put(s, thraki, 1, hoplites=1, workers=1, building=L.B_CITADEL)
    ship_to(s, 1, 7, project=thraki)  # Sea 8
    for seat in (0, 1):
        set_step(s, seat, MILITARY, 2)
    set_hand(s, 0, [CARD["spy"], CARD["olympic_athlete"], starting(0, 1)])
    set_hand(s, 1, [CARD["character_8"], CARD["diplomat"]])
    ev, work, opts, rng = kit()
    scratch = np.zeros(SCRATCH, np.int32)
    W = script(0, 1, 0, 1)  # hand indices: each seat's first two cards
    tactical_support(s, T, W, ev, 0, -1, thraki, scratch, opts, rng)
    assert events(s, ev, EV_TACTICAL_SUPPORT) == [(thraki, 2, 6), (thraki, 2, 7)]
    assert siege_controller(s, T, thraki, scratch) == 0
    assert list(scratch[:2]) == [17, 15]
    assert hand(s, 0) == [starting(0, 1)] and hand(s, 1) == []


def test_each_sea_ship_projects_to_one_adjacent_land_p6(s):
    assert s[L.SHIP_SPACE + 0] == 1  # the starting Ship in Sea 2: Argolis, Lakonia, Delos
    k = ship_to(s, 0, 5)  # Sea 6: Chios, Delos, Naxos, Euboia
    ev, work, opts, rng = kit()
    project_ships(s, T, script(land("argolis"), land("naxos")), 0, opts, rng)
    assert s[L.SHIP_PROJECT + 0] == land("argolis") and s[L.SHIP_PROJECT + k] == land("naxos")
    W = script(land("argolis"), land("lakonia"))  # Lakonia is not next to Sea 6
    project_ships(s, T, W, 0, opts, rng)
    assert W[0, 0] == SCRIPT_MISSED


def test_every_seat_chooses_its_sea_ships_lands_at_the_start_of_every_turn_p6(s):
    """p. 6: a Land chosen for a Sea Ship's Power holds for the turn it is chosen in; in any
    later turn, another seat's too, its owner may choose again when Power is counted. Each
    seat, the active one first and then clockwise, chooses its Ships' last Land here."""
    ship_to(s, 0, 5)  # a second Ship of seat 0, in Sea 6
    rows, chosen = [], {}
    for seat in (1, 2, 0):
        for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
            sea = s[L.SHIP_SPACE + piece]
            if not 0 <= sea < L.PORT:
                continue
            s[L.SHIP_PROJECT + piece] = -1
            lands = [x for x in range(s[L.LAND_END])
                     if T.land_sea[s[L.SIDE], x, sea] == 1 and open_land(s, T, x)]
            rows.append(len(lands) - 1)
            chosen[piece] = lands[-1]
    assert len(chosen) == 4
    W = script(*rows, mode=SCRIPT_ROWS)
    ev, work, opts, rng = kit()
    start_turn(s, T, W, ev, 1, work, np.zeros(SCRATCH, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert {piece: int(s[L.SHIP_PROJECT + piece]) for piece in chosen} == chosen


def test_a_citadel_adds_a_support_card_p8(s):
    naxos = land("naxos")
    put(s, naxos, 1, hoplites=2, workers=1, building=L.B_CITADEL)
    assert support_limit(s, naxos, 1) == 3 and support_limit(s, naxos, 0) == 0


def test_consolidation_needs_three_lands_of_the_icon_p8(s):
    rhodos = land("rhodos")  # with Lakonia: only 2 helmet Lands
    no_population(s, rhodos)
    put(s, rhodos, 0, hoplites=1)
    assert events(s, check(s, script(MERCENARY)), EV_CONSOLIDATION) == []
