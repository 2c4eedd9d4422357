"""Barbarian Hordes (Appendix 4, p. 15): the stack, when the Barbarians act (the First
Player's marker crossing the line after the first turn), their raid (Building, then
Pillar, then a City that is not the only one), their moves toward the nearest target with
the tie-breaks, the tiles placed on face-up camps, and a Settle that must beat them.
sim/games/pillars/rules/barbarians.py on hand-built states."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import P_NUMBER, POPULATION_REWARDS
from sim.games.pillars.events import (
    EV_BARBARIAN_DEFEATED,
    EV_BARBARIAN_MOVE,
    EV_BARBARIAN_PHASE,
    EV_BARBARIAN_PLACE,
    EV_PIECE_REMOVED,
    EV_RONDEL_MOVE,
)
from sim.games.pillars.game import PillarsSetup, simulate
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.modes import canonical
from sim.games.pillars.rules.advance import advance_turn
from sim.games.pillars.rules.barbarians import (
    S_DIST,
    SCRATCH,
    barbarian_power,
    distances,
    march,
    raid,
    reinforce,
    setup_barbarians,
)
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.prophecy import top_prophecy
from sim.games.pillars.rules.removal import PIECE_BUILDING, PIECE_CITY, PIECE_PILLAR
from sim.games.pillars.rules.settle import settle_action, settle_choices
from sim.games.pillars.rules.turn import crosses_line
from tests.pillars_fixtures import (
    CONTENT,
    T,
    common_city,
    events,
    game,
    hand,
    kit,
    land,
    no_population,
    pillar,
    put,
    random_legal,
    script,
    set_hand,
    starting,
    turn_scratch,
)

CAMP = POPULATION_REWARDS.index("camp")
CAVALRY_5, INFANTRY_3, INFANTRY_4, INFANTRY_5, SHIP_5 = 3, 5, 6, 7, 11
assert [tuple(T.barbarians[t]) for t in (CAVALRY_5, INFANTRY_3, INFANTRY_5, SHIP_5)] == [
    (0, 5), (1, 3), (1, 5), (2, 5)]


@pytest.fixture
def s():
    # Sparta (seat 0, Lakonia), Athenai (seat 1, Attika), Troia (seat 2, Troas) on the
    # Aegean side in round 2; Barbarian Hordes
    s = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    s[L.ROUND] = 2
    s[L.ADDONS] = L.ADDON_BARBARIANS
    setup_barbarians(s, T, kit()[3])
    return s


def barbarian(s, tile, at):
    """The tile from the stack onto the space ``at`` (layout.BARB_AT codes)."""
    stack = [int(x) for x in s[L.BARB_STACK:L.BARB_STACK + s[L.BARB_N]]]
    stack.remove(tile)
    s[L.BARB_STACK:L.BARB_STACK + L.MAX_BARBARIANS] = -1
    s[L.BARB_STACK:L.BARB_STACK + len(stack)] = stack
    s[L.BARB_N] = len(stack)
    s[L.BARB_AT + tile] = at


def removed(s, ev):
    return [(int(r[1]), int(r[3]), int(r[4])) for r in ev[:s[L.EVENTS]] if r[2] == EV_PIECE_REMOVED]


def test_the_tiles_wait_in_a_stack_only_in_the_mode_p15(s):
    assert s[L.BARB_N] == T.barbarians.shape[0] == 12
    assert sorted(s[L.BARB_STACK:L.BARB_STACK + 12]) == list(range(12))
    assert (s[L.BARB_AT:L.BARB_AT + 12] == -1).all() and check_state(s, T) == V_OK
    plain = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    assert plain[L.BARB_N] == 0 and check_state(plain, T) == V_OK


def test_the_line_lies_between_ascend_and_procure_p15():
    # content.rondel: Ascend (0), Procure, Deploy, Build, Settle
    assert crosses_line(T, 0, 1) and crosses_line(T, 4, 2) and crosses_line(T, 2, 5)
    assert not crosses_line(T, 1, 4) and not crosses_line(T, 1, 3)


def test_the_raid_takes_a_building_then_a_pillar_p15(s):
    thessalia = land("thessalia")
    no_population(s, thessalia)
    put(s, thessalia, 1, workers=1, building=L.B_CITADEL)
    pillar(s, 0, thessalia)
    put(s, thessalia, 2, hoplites=3)
    barbarian(s, INFANTRY_5, thessalia)
    assert barbarian_power(s, T, thessalia) == 5
    assert land_power(s, T, thessalia, 0) < 5 and land_power(s, T, thessalia, 1) < 5
    assert land_power(s, T, thessalia, 2) >= 5
    ev, _, opts, rng = kit()
    raid(s, T, script(), ev, opts, rng)
    assert sorted(removed(s, ev)) == [(0, thessalia, PIECE_PILLAR), (1, thessalia, PIECE_BUILDING)]
    assert s[L.LAND_BUILDING + thessalia * L.MAX_PLAYERS + 1] == -1
    assert s[L.LAND_PILLAR + thessalia] == -1 and s[L.LAND_HOPLITES + thessalia * L.MAX_PLAYERS + 2] == 3
    assert check_state(s, T) == V_OK


def test_the_raid_never_takes_an_only_city_p15(s):
    troas, mysia = land("troas"), land("mysia")
    for tile in (CAVALRY_5, INFANTRY_5, INFANTRY_4):
        barbarian(s, tile, troas)
    assert land_power(s, T, troas, 2) < barbarian_power(s, T, troas) == 14
    ev, _, opts, rng = kit()
    for _ in range(3):
        raid(s, T, script(), ev, opts, rng)
    # Troia loses its Building and Pillar there, never its only City
    assert PIECE_PILLAR in [r[2] for r in removed(s, ev)]
    assert PIECE_CITY not in [r[2] for r in removed(s, ev)]
    assert s[L.LAND_CITY + troas] == 2
    # with a second City, the Starting City goes, out of the game
    common_city(s, 2, mysia)
    ev, _, opts, rng = kit()
    raid(s, T, script(), ev, opts, rng)
    assert removed(s, ev) == [(2, troas, PIECE_CITY)]
    assert s[L.LAND_CITY + troas] == -1 and s[L.STARTING_OUT] == 1 << 2
    assert check_state(s, T) == V_OK


def test_a_razed_common_city_leaves_the_game_p15(s):
    mysia = land("mysia")
    common_city(s, 2, mysia)
    markers = s[L.MARKERS_LEFT + 2]
    barbarian(s, INFANTRY_5, mysia)
    ev, _, opts, rng = kit()
    raid(s, T, script(), ev, opts, rng)
    assert removed(s, ev) == [(2, mysia, PIECE_CITY)]
    assert s[L.CITIES_RAZED] == 1 and s[L.MARKERS_LEFT + 2] == markers + 1
    assert check_state(s, T) == V_OK


def moves(s, ev):
    return events(s, ev, EV_BARBARIAN_MOVE)


def test_infantry_moves_one_land_cavalry_two_toward_the_nearest_target_p15(s):
    emathia, thraki, troas = land("emathia"), land("thraki"), land("troas")
    barbarian(s, INFANTRY_3, emathia)
    barbarian(s, CAVALRY_5, emathia)  # Troas (Troia's City) is 2 Lands away, Attika 3
    ev, _, opts, rng = kit()
    scratch = np.zeros(SCRATCH, np.int32)
    march(s, T, script(), ev, scratch, opts, rng)
    assert sorted(moves(s, ev)) == [(CAVALRY_5, emathia, troas), (INFANTRY_3, emathia, thraki)]
    march(s, T, script(), ev, scratch, opts, rng)  # at a target a tile stays
    assert moves(s, ev)[2:] == [(INFANTRY_3, thraki, troas)]
    assert check_state(s, T) == V_OK


def test_a_ship_sails_to_the_targets_port_p15(s):
    thraki, troas = land("thraki"), land("troas")
    barbarian(s, SHIP_5, thraki)
    ev, _, opts, rng = kit()
    scratch = np.zeros(SCRATCH, np.int32)
    path = []
    for _ in range(6):
        march(s, T, script(), ev, scratch, opts, rng)
        path.append(int(s[L.BARB_AT + SHIP_5]))
    assert L.BARB_SEA <= path[0] < L.BARB_PORT  # first into a Sea
    assert path[-1] == L.BARB_PORT + troas and path.count(path[-1]) >= 2  # then it stays
    assert barbarian_power(s, T, troas) == 5  # a Ship in the Port counts for the Land


def test_a_ship_never_counts_the_padding_past_the_sides_seas(s):
    # the Sea tables are as wide as the side with most Seas: the rows past a side's own
    # are no Seas, whatever memory lies beyond them
    scratch = np.zeros(SCRATCH, np.int32)
    for start in range(L.N_LANDS):
        distances(s, T, start, True, scratch)
        past = scratch[S_DIST + L.BARB_SEA + T.n_seas[s[L.SIDE]]:S_DIST + L.BARB_PORT]
        assert (past == -1).all(), start


def test_a_tie_goes_toward_the_weakest_owner_p15(s):
    korinthia, argolis, attika = land("korinthia"), land("argolis"), land("attika")
    no_population(s, argolis)
    pillar(s, 0, argolis)  # Sparta's lone Pillar, 1 Land away like Athenai's City
    barbarian(s, INFANTRY_3, korinthia)
    assert land_power(s, T, argolis, 0) < land_power(s, T, attika, 1)
    ev, _, opts, rng = kit()
    march(s, T, script(), ev, np.zeros(SCRATCH, np.int32), opts, rng)
    assert moves(s, ev) == [(INFANTRY_3, korinthia, argolis)]


def camp(s, where):
    """A face-up Barbarian camp of the Land's icon on ``where`` (swapped with the tile that
    lies there, so that each tile stays on one Land)."""
    side = s[L.SIDE]
    icon = T.land_icon[side, where]
    tile = next(t for t in range(T.population.shape[0])
                if T.population[t, 0] == icon and T.population[t, 2] == CAMP)
    pops = list(s[L.LAND_POP:L.LAND_POP + L.N_LANDS])
    if tile in pops:
        s[L.LAND_POP + pops.index(tile)] = s[L.LAND_POP + where]
    s[L.LAND_POP + where] = tile
    s[L.LAND_POP_UP + where] = 1


def test_tiles_go_on_face_up_camps_outside_starting_regions_p15(s):
    naxos, thraki, korinthia = land("naxos"), land("thraki"), land("korinthia")
    for where in (naxos, thraki, korinthia):  # Korinthia lies in Sparta's Peloponnesos
        camp(s, where)
    ev, _, _, rng = kit()
    reinforce(s, T, ev, np.zeros(SCRATCH, np.int32), rng)
    placed = sorted(lnd for _, lnd, _ in events(s, ev, EV_BARBARIAN_PLACE))
    assert placed == sorted([naxos, thraki]) and s[L.BARB_N] == 10
    assert check_state(s, T) == V_OK


def test_a_short_stack_serves_the_lowest_prophecy_first_p15(s):
    naxos, thraki = land("naxos"), land("thraki")
    for where in (naxos, thraki):
        camp(s, where)
    for _ in range(11):  # one tile left in the stack
        barbarian(s, int(s[L.BARB_STACK + s[L.BARB_N] - 1]), land("delos"))
    numbers = {w: T.prophecies[top_prophecy(s, T.land_region[1, w]), P_NUMBER] for w in (naxos, thraki)}
    first = min(numbers, key=numbers.get)
    ev, _, _, rng = kit()
    reinforce(s, T, ev, np.zeros(SCRATCH, np.int32), rng)
    assert [lnd for _, lnd, _ in events(s, ev, EV_BARBARIAN_PLACE)] == [first]


def test_a_settle_must_beat_the_barbarians_and_draws_2_each_p15(s):
    rhodos = land("rhodos")
    no_population(s, rhodos)
    put(s, rhodos, 0, hoplites=2)
    power = land_power(s, T, rhodos, 0)
    barbarian(s, INFANTRY_5, rhodos)
    _, _, opts, _ = kit()
    settle = {int(opts[k, 0]) for k in range(settle_choices(s, T, 0, 0, np.zeros(4, np.int32), opts))}
    assert (rhodos in settle) == (power > 5)
    s[L.BARB_AT + INFANTRY_5] = -1
    s[L.BARB_STACK + s[L.BARB_N]] = INFANTRY_5
    s[L.BARB_N] += 1
    barbarian(s, INFANTRY_3, rhodos)
    assert power > 3
    set_hand(s, 0, [starting(0, 1)])
    ev, work, opts, rng = kit()
    settle_action(s, T, script(rhodos, -1), ev, 0, work, np.zeros(8, np.int32), opts, rng)
    assert events(s, ev, EV_BARBARIAN_DEFEATED) == [(INFANTRY_3, rhodos, 0)]
    assert s[L.BARB_AT + INFANTRY_3] == -1 and s[L.BARB_STACK] == INFANTRY_3  # under the stack
    assert len(hand(s, 0)) == 3 and check_state(s, T) == V_OK


@pytest.mark.parametrize("seat, rnd, acts", [(0, 2, True), (0, 1, False), (1, 2, False)])
def test_the_first_players_crossing_after_the_first_turn_wakes_them_p15(s, seat, rnd, acts):
    s[L.ROUND] = rnd
    s[L.RONDEL_POS + seat] = 4  # Settle: a Power-2 card crosses the line
    set_hand(s, seat, [starting(0, 2)])
    ev, work, opts, rng = kit()
    W = random_legal(s)
    advance_turn(s, T, W, ev, seat, work, turn_scratch(), opts, rng)
    assert s[L.CROSSED] == 1
    codes = [int(r[2]) for r in ev[:s[L.EVENTS]]]
    assert (EV_BARBARIAN_PHASE in codes) == acts
    if acts:  # right after the marker's move, before anything else the seat does
        assert codes[codes.index(EV_RONDEL_MOVE) + 1] == EV_BARBARIAN_PHASE
    assert check_state(s, T) == V_OK


def test_the_mode_combines_with_every_end_mode_tutorial_too_p15():
    """p. 15: the gameplay modes "can be combined"; with the Tutorial Game the game ends only
    when a seat Controls 4 Cities, which razed Cities may put off, up to the engine's
    safety limit on rounds."""
    assert canonical("barbarian_hordes+short") == "short+barbarian_hordes"
    assert canonical("skirmish+barbarian_hordes+symmachia") == "symmachia+skirmish+barbarian_hordes"
    assert canonical("barbarian_hordes+tutorial") == "tutorial+barbarian_hordes"
    setup = PillarsSetup(players=3, board="mediterranean", mode="tutorial+barbarian_hordes",
                         check_turns=True)
    out = simulate(CONTENT, setup, 3, 0, 12)
    assert not out["violation"].any()
    assert {L.END_REASON_NAMES[r] for r in out["end_reason"]} <= {"cities", "round_limit"}
    assert (out["won"][:, :3].sum(axis=1) >= 1).all()
