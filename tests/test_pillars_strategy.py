"""The Strategy tiles' effects (Appendix 2, p. ~14) on hand-built states, one test per
effect, with the choices docs/rules/pillars.md makes where the text is silent (decisions
18-28): sim/games/pillars/rules/strategy.py and the kernels each effect changes."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import SIDES, STRATEGY
from sim.games.pillars.events import (
    CAUSE_ASCEND,
    EV_MOVE,
    EV_RONDEL_DRAW,
    EV_SPEND,
    EV_STRATEGY,
    EV_STRATEGY_TILE,
    EV_TRACK_REWARD,
)
from sim.games.pillars.game import PillarsSetup, play_traced
from sim.games.pillars.invariants import V_OK, V_TILES, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, pair
from sim.games.pillars.rules.advance import TURN_SCRATCH, rondel_action
from sim.games.pillars.rules.archery import aim_archers
from sim.games.pillars.rules.cities import evaluation_winner
from sim.games.pillars.rules.discount import discount_choices
from sim.games.pillars.rules.end import better, final_scoring
from sim.games.pillars.rules.free import FREE_LIGHTHOUSE, free_actions, free_choices
from sim.games.pillars.rules.movement import (
    MOVE_ALL,
    MOVE_SHIP,
    movement_block,
    ship_moves,
    unit_choices,
)
from sim.games.pillars.rules.power import NOBODY, controller, land_controller, land_power, region_power
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.spend import SRC_CARD, SRC_CREDIT, SRC_PILLAR, can_pay, pay
from sim.games.pillars.rules.tracks import (
    CIVILISATION,
    MERCENARY,
    MILITARY,
    NAVIGATION,
    OLYMPIAN,
    TITAN,
)
from sim.games.pillars.rules.turn import (
    SEC_BUILD,
    SEC_DEPLOY,
    SEC_PROCURE,
    SEC_SETTLE,
    end_turn,
    play_and_advance,
    replenish_turn,
)
from tests.pillars_fixtures import (
    CONTENT,
    GOLD,
    IRON,
    MARBLE,
    WINE,
    WOOD,
    T,
    aegean_first_round,
    cost,
    events,
    give_tile,
    hand,
    kit,
    land,
    no_population,
    pillar_on,
    put,
    region,
    resource_tile,
    script,
    set_hand,
    set_step,
    ship_to,
    starting,
)

EFFECT = {name: code for code, name in enumerate(STRATEGY)}


@pytest.fixture
def a():
    """Sparta (seat 0, Lakonia), Athenai (seat 1, Attika), Troia (seat 2, Troas); Iona is
    a Forbidden Domain."""
    return aegean_first_round()


def sea(number):
    return number - 1


def listed(n, opts, column=0):
    return sorted(int(opts[k, column]) for k in range(n))


def act(s, section, W, seat=0):
    """The Rondel action of ``section`` and what follows it, played by script ``W``."""
    ev, work, opts, rng = kit()
    rondel_action(s, T, W, ev, seat, section, work, np.zeros(TURN_SCRATCH, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED, f"script entry {W[0, 1] - 1} ({W[0, int(W[0, 1]) + 1]}) not offered"
    return ev


def step(s, seat, track):
    return int(s[L.TRACK_STEP + seat * L.N_TRACKS + track])


def test_a_gained_tile_counts_its_effect_and_the_invariant_checks_it_p6(a):
    tile = give_tile(a, 0, "vintners_guild")
    assert a[L.EFFECTS_HELD + EFFECT["vintners_guild"]] == 1 and a[L.GUILDS + WINE] == 1
    assert a[L.STRATEGY_SLOT + 0] == tile and check_state(a, T) == V_OK
    a[L.EFFECTS_HELD + EFFECT["library"]] = 1  # an effect without its tile
    assert check_state(a, T) == V_TILES


def test_archery_mastery_hoplites_give_1_power_to_an_adjacent_land_p14(a):
    argolis, korinthia = land("argolis"), land("korinthia")
    put(a, argolis, 0, hoplites=2)
    ev, work, opts, rng = kit()
    aim_archers(a, T, script(korinthia, 1), 0, argolis, opts, rng)  # no tile: nothing asked
    assert a[L.ARCHERS + argolis * L.MAX_PLAYERS] == 0 and land_power(a, T, korinthia, 0) == 0
    give_tile(a, 0, "archery_mastery")
    W = script(korinthia, 1)  # one of the two Hoplites aims at Korinthia
    aim_archers(a, T, W, 0, argolis, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert land_power(a, T, argolis, 0) == 2 and land_power(a, T, korinthia, 0) == 1
    set_step(a, 0, MILITARY, 2)  # Hoplites 3 each, but an archer gives at most 1
    assert land_power(a, T, argolis, 0) == 3 and land_power(a, T, korinthia, 0) == 1
    W = script(land("attika"))  # neither adjacent nor bridged: not offered
    aim_archers(a, T, W, 0, argolis, opts, rng)
    assert W[0, 0] == SCRIPT_MISSED
    aim_archers(a, T, script(korinthia, 2), 0, argolis, opts, rng)
    a[L.LAND_HOPLITES + argolis * L.MAX_PLAYERS] = 1  # one leaves: archers count up to those left
    a[L.LAND_HOPLITES + korinthia * L.MAX_PLAYERS] = 1
    assert land_power(a, T, argolis, 0) == 0 and land_power(a, T, korinthia, 0) == 3 + 1
    final_scoring(a, T, script(), ev, np.zeros(4, np.int32), opts, rng)  # aims lapse at the end
    assert land_power(a, T, argolis, 0) == 3 and land_power(a, T, korinthia, 0) == 3


def test_olympic_games_discounted_step_after_a_deploy_action_p14(a):
    give_tile(a, 0, "olympic_games")
    set_step(a, 0, MILITARY, 3)  # step 4 costs 4 - 3 = 1 Iron
    set_hand(a, 0, [starting(IRON)])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    ev = act(a, SEC_DEPLOY, script(-1, pair(MILITARY, IRON), SRC_CARD))
    assert step(a, 0, MILITARY) == 4 and starting(IRON) not in hand(a, 0)
    assert events(a, ev, EV_STRATEGY) == [(EFFECT["olympic_games"], MILITARY, 4)]
    assert (MILITARY, 4, T.track_steps[MILITARY, 3, 0]) in events(a, ev, EV_TRACK_REWARD)
    ev = act(a, SEC_PROCURE, script(-1))  # other Rondel actions give nothing
    assert events(a, ev, EV_STRATEGY) == []
    assert check_state(a, T) == V_OK


def test_architects_of_prosperity_discounted_step_after_a_build_action_p14(a):
    give_tile(a, 0, "architects_of_prosperity")
    ev = act(a, SEC_BUILD, script(-1, pair(CIVILISATION, -1)))  # step 1 is free
    assert step(a, 0, CIVILISATION) == 1
    assert events(a, ev, EV_STRATEGY) == [(EFFECT["architects_of_prosperity"], CIVILISATION, 1)]
    _, work, opts, _ = kit()
    set_step(a, 0, CIVILISATION, 3)  # step 4 owes 1 Marble, offered only when payable
    set_hand(a, 0, [])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    n = discount_choices(a, T, 0, CIVILISATION, NAVIGATION, work, opts)
    assert [tuple(opts[k, :3]) for k in range(n)] == [(-1, 0, 0), (NAVIGATION, -1, 0)]
    set_hand(a, 0, [starting(MARBLE)])
    n = discount_choices(a, T, 0, CIVILISATION, NAVIGATION, work, opts)
    assert (CIVILISATION, MARBLE, 1) in [tuple(opts[k, :3]) for k in range(n)]
    ev = act(a, SEC_BUILD, script(-1, -1))  # the seat may decline
    assert events(a, ev, EV_STRATEGY) == [] and step(a, 0, CIVILISATION) == 3


def test_divine_ascent_each_tile_a_discounted_step_after_a_settle_action_p14(a):
    give_tile(a, 0, "divine_ascent")
    give_tile(a, 0, "divine_ascent")  # the content has two
    set_step(a, 0, TITAN, 3)  # step 4 owes 1 Resource of any one type
    set_hand(a, 0, [starting(GOLD)])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    W = script(-1,  # Settle nothing
               pair(OLYMPIAN, -1), 0, 0,  # Olympian 0 -> 1 free; its Demigod kept
               pair(TITAN, GOLD), SRC_CARD)  # Titan 3 -> 4 for one Gold
    ev = act(a, SEC_SETTLE, W)
    assert step(a, 0, OLYMPIAN) == 1 and step(a, 0, TITAN) == 4 and hand(a, 0) == []
    effect = EFFECT["divine_ascent"]
    assert events(a, ev, EV_STRATEGY) == [(effect, OLYMPIAN, 1), (effect, TITAN, 4)]
    assert check_state(a, T) == V_OK


def test_council_of_elders_draws_two_on_the_landing_section_p14(a):
    ev, work, opts, rng = kit()
    start = a[L.RONDEL_POS + 0]
    a[L.RONDEL_POS + 1] = 2  # seat 1 waits on Deploy
    give_tile(a, 1, "council_of_elders")
    set_hand(a, 0, [starting(GOLD, 2)])
    W = script(0, 2, 1)  # one card is no longer the choice: none or two
    play_and_advance(a, T, W, ev, 0, opts, rng)
    assert W[0, 0] == SCRIPT_MISSED
    a[L.RONDEL_POS + 0] = start
    set_hand(a, 0, [starting(WINE, 2)])
    before = a[L.HAND_N + 1]
    play_and_advance(a, T, script(0, 2, 2), ev, 0, opts, rng)
    assert a[L.HAND_N + 1] == before + 2
    assert len(events(a, ev, EV_RONDEL_DRAW)) == 2
    assert check_state(a, T) == V_OK


def test_fortifications_each_building_one_more_power_p14(a):
    delos, naxos, lakonia = land("delos"), land("naxos"), land("lakonia")
    put(a, delos, 0, workers=1, building=L.B_AGORA)
    put(a, naxos, 0, building=L.B_CITADEL)
    assert land_power(a, T, delos, 0) == 2 and land_power(a, T, naxos, 0) == 3
    before = land_power(a, T, lakonia, 0)
    give_tile(a, 0, "fortifications")
    assert land_power(a, T, delos, 0) == 3 and land_power(a, T, naxos, 0) == 4
    assert land_power(a, T, lakonia, 0) == before  # no Building there


def test_a_guild_doubles_its_pillars_production_within_the_turn_p14(a):
    lakonia = land("lakonia")
    pillar_on(a, 0, lakonia, WINE)
    set_hand(a, 0, [])
    ev, work, opts, rng = kit()
    cost(work, wine=2)
    assert not can_pay(a, T, 0, work)
    give_tile(a, 0, "vintners_guild")
    assert can_pay(a, T, 0, work)
    pay(a, T, script(), ev, 0, work, opts, rng)
    assert events(a, ev, EV_SPEND) == [(WINE, SRC_PILLAR, lakonia), (WINE, SRC_CREDIT, WINE)]
    a[L.LAND_PILLAR_ON_RES + lakonia] = 0
    cost(work, wine=1)
    pay(a, T, script(), ev, 0, work, opts, rng)  # the second Wine waits for later this turn
    assert a[L.CREDIT + WINE] == 1
    end_turn(a, 0)  # and is lost with the turn
    assert a[L.CREDIT + WINE] == 0
    pillar_on(a, 0, lakonia, GOLD)  # the Vintners double Wine only
    cost(work, gold=2)
    assert not can_pay(a, T, 0, work)


def test_heroic_epic_each_city_two_more_power_p14(a):
    lakonia = land("lakonia")
    before = land_power(a, T, lakonia, 0)
    give_tile(a, 0, "heroic_epic")
    assert land_power(a, T, lakonia, 0) == before + 2
    assert land_power(a, T, land("argolis"), 0) == 0


def test_library_draws_two_for_a_step_from_behind_once_a_turn_p14(a):
    ev, work, opts, rng = kit()
    give_tile(a, 0, "library")
    set_step(a, 1, MERCENARY, 1)
    held = a[L.HAND_N + 0]
    progress(a, T, script(), ev, 0, MERCENARY, CAUSE_ASCEND, False, work, opts, rng)
    assert a[L.HAND_N + 0] == held  # level with seat 2 on step 0: not behind all
    set_step(a, 2, MILITARY, 1)
    set_step(a, 1, MILITARY, 2)
    progress(a, T, script(), ev, 0, MILITARY, CAUSE_ASCEND, False, work, opts, rng)
    assert a[L.HAND_N + 0] == held + 2
    assert events(a, ev, EV_STRATEGY) == [(EFFECT["library"], MILITARY, 2)]
    set_step(a, 1, TITAN, 1)
    set_step(a, 2, TITAN, 1)
    progress(a, T, script(), ev, 0, TITAN, CAUSE_ASCEND, False, work, opts, rng)
    assert a[L.HAND_N + 0] == held + 2  # once per turn
    a[L.TILES_USED] = 0  # a new turn (rules.turn.start_turn)
    progress(a, T, script(), ev, 0, MILITARY, CAUSE_ASCEND, False, work, opts, rng)
    assert a[L.HAND_N + 0] == held + 2  # step 1, seat 2 on 1: counted before the step
    set_step(a, 2, OLYMPIAN, 2)
    progress(a, T, script(), ev, 0, OLYMPIAN, CAUSE_ASCEND, False, work, opts, rng)
    assert a[L.HAND_N + 0] == held + 4
    assert check_state(a, T) == V_OK


def test_lighthouse_gives_each_port_ships_resource_once_a_turn_p14(a):
    lakonia = land("lakonia")
    a[L.SHIP_SPACE + 0] = L.PORT + lakonia
    resource_tile(a, lakonia, WOOD)
    ev, work, opts, rng = kit()
    powers = np.zeros(4, np.int32)

    def offered(at_end=False):
        n = free_choices(a, T, 0, at_end, powers, opts)
        return [int(opts[k, 0]) for k in range(n)]

    assert FREE_LIGHTHOUSE not in offered()
    give_tile(a, 0, "lighthouse")
    assert FREE_LIGHTHOUSE in offered() and FREE_LIGHTHOUSE not in offered(at_end=True)
    free_actions(a, T, script(FREE_LIGHTHOUSE, -1), ev, 0, False, work,
                 np.zeros(L.MAX_SEAS, np.int32), opts, rng)
    assert a[L.CREDIT + WOOD] == 1
    assert events(a, ev, EV_STRATEGY) == [(EFFECT["lighthouse"], -1, 1)]
    assert FREE_LIGHTHOUSE not in offered()  # once per turn
    set_hand(a, 0, [])
    a[L.LAND_PILLAR_ON_RES + lakonia] = 1
    cost(work, wood=1)
    assert can_pay(a, T, 0, work)  # spent like any Resource of the turn
    a[L.TILES_USED] = 0
    a[L.LAND_RES_UP + lakonia] = 0  # a face-down tile gives nothing
    assert FREE_LIGHTHOUSE not in offered()


def test_naval_dominance_ships_move_two_spaces_a_movement_p14(a):
    ev, work, opts, rng = kit()
    piece = 0  # seat 0's Ship in Sea 2, beside Lakonia's Port
    one = listed(ship_moves(a, T, piece, opts), opts)
    assert one == sorted([sea(1), sea(3), sea(4), sea(12), L.PORT + land("lakonia")])
    give_tile(a, 0, "naval_dominance")
    two = listed(ship_moves(a, T, piece, opts), opts)
    assert set(one) < set(two) and sea(2) not in two
    for far in (sea(5), sea(6), sea(7), L.PORT + land("euboia"), L.PORT + land("naxos")):
        assert far in two
    assert len(two) == len(set(two))
    used = movement_block(a, T, script(pair(MOVE_SHIP, piece), sea(6), land("naxos"), -1), ev, 0,
                          np.zeros(L.MAX_SEAS, np.int32), opts, rng)
    assert used == 1 and events(a, ev, EV_MOVE) == [(MOVE_SHIP, sea(2), sea(6))]


def test_phalanx_formation_adds_2_on_its_lands_and_once_in_the_region_p14(a):
    """p. ~14: 3 Land Units in a Region "collectively contribute 2 extra Power", counted
    wherever Power is counted: on each Land where they stand, and once in the Region's
    Power. ``phalanx = "region"`` counts them in the Region's Power only."""
    pelop = region("peloponnesos")
    argolis, lakonia = land("argolis"), land("lakonia")
    before = region_power(a, T, pelop, 0)  # a Hoplite and a Worker on Lakonia
    at_lakonia = land_power(a, T, lakonia, 0)
    give_tile(a, 0, "phalanx_formation")
    assert region_power(a, T, pelop, 0) == before
    put(a, argolis, 0, workers=1)
    assert region_power(a, T, pelop, 0) == before + 1 + 2
    assert land_power(a, T, argolis, 0) == 1 + 2
    assert land_power(a, T, lakonia, 0) == at_lakonia + 2
    assert land_power(a, T, land("korinthia"), 0) == 0  # none of its Land Units there
    a[L.PHALANX_RULE] = L.PHALANX_REGION
    assert region_power(a, T, pelop, 0) == before + 1 + 2
    assert land_power(a, T, argolis, 0) == 1 and land_power(a, T, lakonia, 0) == at_lakonia


def test_polis_expansion_steps_a_port_regions_track_on_a_replenish_turn_p14(a):
    ev, work, opts, rng = kit()
    lakonia, naxos = land("lakonia"), land("naxos")
    give_tile(a, 0, "polis_expansion")
    replenish_turn(a, T, script(-1), ev, 0, work, np.zeros(TURN_SCRATCH, np.int32), opts, rng)
    assert events(a, ev, EV_STRATEGY) == []  # no Ship in a Port
    a[L.SHIP_SPACE + 0] = L.PORT + lakonia  # Peloponnesos: the Navigation track
    ship_to(a, 0, L.PORT + naxos)  # Kyklades: the Mercenary track
    assert a[L.REGION_TRACK + region("peloponnesos")] == NAVIGATION
    assert a[L.REGION_TRACK + region("kyklades")] == MERCENARY
    # keep the hand; after it and after the Pillars no Free Action, and Athenai Invokes
    # nothing; Energise nothing; then the track
    W = script(-1, -1, -1, -1, -1, -1, MERCENARY)
    replenish_turn(a, T, W, ev, 0, work, np.zeros(TURN_SCRATCH, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert step(a, 0, MERCENARY) == 1 and step(a, 0, NAVIGATION) == 1  # one step only
    assert events(a, ev, EV_STRATEGY) == [(EFFECT["polis_expansion"], MERCENARY, 1)]
    assert check_state(a, T) == V_OK


def test_siege_weapons_two_land_units_by_a_rival_building_p14(a):
    argolis, delos = land("argolis"), land("delos")
    put(a, argolis, 1, building=L.B_TEMPLE)
    put(a, argolis, 0, hoplites=1, workers=1)
    put(a, delos, 0, hoplites=2, building=L.B_AGORA)  # its own Building does not count
    give_tile(a, 0, "siege_weapons")
    assert land_power(a, T, argolis, 0) == 3 + 2 and land_power(a, T, delos, 0) == 5
    a[L.LAND_WORKERS + argolis * L.MAX_PLAYERS] = 0
    a[L.LAND_WORKERS + land("lakonia") * L.MAX_PLAYERS] += 1
    assert land_power(a, T, argolis, 0) == 2  # one Land Unit is not enough


def test_strategic_initiative_wins_every_tie_the_glory_tie_too_p14(a):
    delos = land("delos")
    kyk = region("kyklades")
    no_population(a, delos, land("naxos"), land("rhodos"))
    put(a, delos, 0, hoplites=1)
    put(a, delos, 2, hoplites=1)
    track = a[L.REGION_TRACK + kyk]
    powers = np.zeros(4, np.int32)
    assert land_controller(a, T, delos, powers) == NOBODY  # both markers on step 0
    give_tile(a, 2, "strategic_initiative")
    assert land_controller(a, T, delos, powers) == 2
    set_step(a, 0, track, 2)  # the tile beats the marker ahead
    assert land_controller(a, T, delos, powers) == 2
    assert evaluation_winner(a, T, kyk, track) == 2  # the step-3 City too
    powers[:] = [2, 0, 2, 0]
    assert controller(a, powers, 2, track) == NOBODY  # the Population must still be exceeded
    a[L.GLORY + 0] = a[L.GLORY + 2] = 9
    # "you win all ties you are involved in": the Glory tie too, before the tracks (p. 13)
    assert better(a, 2, 0) and not better(a, 0, 2)
    a[L.GLORY + 1] = 9
    assert better(a, 0, 1)  # between seats without the tile, the tracks still decide


def test_tactical_manoeuvre_moves_all_land_units_with_one_movement_p14(a):
    argolis, korinthia = land("argolis"), land("korinthia")
    put(a, argolis, 0, hoplites=2, workers=1)
    ev, work, opts, rng = kit()
    reach = np.zeros(L.MAX_SEAS, np.int32)
    n = unit_choices(a, T, 0, opts, reach)
    assert MOVE_ALL not in listed(n, opts)
    give_tile(a, 0, "tactical_manoeuvre")
    n = unit_choices(a, T, 0, opts, reach)
    assert (MOVE_ALL, argolis) in [tuple(opts[k, :2]) for k in range(n)]
    W = script(pair(MOVE_ALL, argolis), land("attika"))  # not adjacent to Argolis
    movement_block(a.copy(), T, W, ev, 0, reach, opts, rng)
    assert W[0, 0] == SCRIPT_MISSED
    W = script(pair(MOVE_ALL, argolis), korinthia, -1)
    assert movement_block(a, T, W, ev, 0, reach, opts, rng) == 1
    k = korinthia * L.MAX_PLAYERS
    assert (a[L.LAND_HOPLITES + k], a[L.LAND_WORKERS + k]) == (2, 1)
    assert a[L.LAND_HOPLITES + argolis * L.MAX_PLAYERS] + a[L.LAND_WORKERS + argolis * L.MAX_PLAYERS] == 0
    assert events(a, ev, EV_MOVE)[-1] == (MOVE_ALL, argolis, korinthia)
    assert a[L.LAND_RES_UP + korinthia] == 1  # explored
    assert check_state(a, T) == V_OK


def test_random_legal_games_gain_every_tile_and_use_the_effects_p14():
    """Random-legal games (3 players, both sides): every effect's tile is gained, the
    effects the trace reports act, Tactical Manoeuvre moves, and no invariant breaks."""
    gained, acted, moved = set(), set(), set()
    for side in SIDES:
        for index in range(40):
            state, ev = play_traced(CONTENT, PillarsSetup(players=3, board=side), 7, index)
            assert state[L.VIOLATION] == V_OK
            gained |= {STRATEGY[T.strategy[row[3], 1]] for row in ev if row[2] == EV_STRATEGY_TILE}
            acted |= {STRATEGY[row[3]] for row in ev if row[2] == EV_STRATEGY}
            moved |= {int(row[3]) for row in ev if row[2] == EV_MOVE}
    assert gained == set(STRATEGY)
    assert acted == {"olympic_games", "architects_of_prosperity", "divine_ascent", "library",
                     "lighthouse", "polis_expansion"}
    assert MOVE_ALL in moved
