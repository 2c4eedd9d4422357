"""The Rondel actions Procure, Deploy, Build, Settle and Ascend (pp. 10-12) with their
costs, discounts and limits, the Population tile rewards (p. ~11) and the Strategy tile of
an emptied row (p. 6), on hand-built states: sim/games/pillars/rules/procure.py,
deploy.py, build.py, settle.py, ascend.py. The worked examples of pp. 10-12 are played
as scripts of the seat's choices."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_KIND, POPULATION_REWARDS, TRACKS
from sim.games.pillars.events import (
    EV_ASCEND,
    EV_BUILD,
    EV_CITY_EVALUATION,
    EV_DEPLOY,
    EV_EXILE,
    EV_EXPLORE,
    EV_POPULATION_REWARD,
    EV_PROCURE,
    EV_SETTLE,
    EV_SPEND,
    EV_STRATEGY_TILE,
    EV_TRACK_STEP,
    EV_TRADE,
)
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, pair
from sim.games.pillars.rules.ascend import AFTER_PILLARS, ascend_action, ascend_choices
from sim.games.pillars.rules.build import BUILD_CITY, build_action, build_choices
from sim.games.pillars.rules.deploy import deploy_action, deploy_choices, deploy_spaces
from sim.games.pillars.rules.procure import procure_action
from sim.games.pillars.rules.settle import settle_action, settle_choices
from sim.games.pillars.rules.spend import SRC_CARD, SRC_CREDIT, SRC_PILLAR, SRC_TRADE
from tests.pillars_fixtures import (
    CARD,
    GOLD,
    IRON,
    MARBLE,
    WINE,
    WOOD,
    T,
    aegean_first_round,
    events,
    game,
    hand,
    kit,
    land,
    no_population,
    pillar,
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

MED = "mediterranean"
CIVILISATION, MERCENARY, NAVIGATION, OLYMPIAN, MILITARY, TITAN = range(6)
assert TRACKS[TITAN] == "titan"
SHIP, WORKER, HOPLITE = L.U_SHIP, L.U_WORKER, L.U_HOPLITE


def med(name):
    return land(name, MED)


@pytest.fixture
def m():
    """Four players on the Mediterranean side (no Forbidden Domain): Sparta (Lakonia),
    Troia (Troas), Syrakusai (Trinakria), Massalia (Massalia)."""
    s = game(MED, 4, city_states=("sparta", "troia", "miletos", "phokaia"))
    s[L.ROUND] = 1
    return s


@pytest.fixture
def a():
    return aegean_first_round()


def run(kernel, s, W, seat=0, scratch=True):
    ev, work, opts, rng = kit()
    if scratch:
        kernel(s, T, W, ev, seat, work, np.zeros(64, np.int32), opts, rng)
    else:
        kernel(s, T, W, ev, seat, work, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED, f"script entry {W[0, 1] - 1} ({W[0, int(W[0, 1]) + 1]}) not offered"
    return ev


def city(s, seat, where):
    s[L.LAND_CITY + where] = L.CITY_COMMON
    s[L.LAND_CITY_MARKER + where] = seat
    s[L.CITIES_BUILD] -= 1
    s[L.MARKERS_LEFT + seat] -= 1


# ---- Deploy (p. 10) ----------------------------------------------------------------------

def test_deploy_example_worker_to_ituke_ship_by_leptis_magna_p10(m):
    ituke, leptis = med("ituke"), med("leptis_magna")
    put(m, ituke, 0, building=L.B_AGORA)
    city(m, 0, leptis)
    pillar_on(m, 0, leptis, IRON)
    m[L.LAND_PILLAR_ON_RES + med("lakonia")] = 1  # the starting Pillar is not used here
    set_hand(m, 0, [starting(GOLD), starting(WINE), starting(WOOD)])
    W = script(WORKER, ituke, SRC_CARD, SRC_CARD,  # Worker: Gold and Wine cards
               SHIP, 5, SRC_PILLAR, SRC_CARD,  # Ship to Sea 6: Iron by the Pillar, Wood
               leptis,  # the Sea Ship gives its Power to Leptis Magna this turn
               -1)
    ev = run(deploy_action, m, W, scratch=False)
    assert events(m, ev, EV_DEPLOY) == [(WORKER, ituke, 0), (SHIP, 5, 0)]
    assert m[L.LAND_WORKERS + ituke * L.MAX_PLAYERS + 0] == 1
    assert 5 in m[L.SHIP_SPACE:L.SHIP_SPACE + L.MAX_SHIPS]
    assert m[L.LAND_PILLAR_ON_RES + leptis] == 1 and hand(m, 0) == []
    assert m[L.LAND_RES_UP + ituke] == 1  # the Worker explored Ituke
    assert check_state(m, T) == V_OK


def test_deploy_needs_the_matching_building_or_a_city_p10(m):
    _, work, opts, _ = kit()
    lakonia, argolis = med("lakonia"), med("argolis")
    spaces = lambda unit: sorted(opts[k, 0] for k in range(deploy_spaces(m, T, 0, unit, opts)))  # noqa: E731
    assert spaces(HOPLITE) == [lakonia] and spaces(WORKER) == [lakonia]
    put(m, argolis, 0, workers=1, building=L.B_CITADEL)
    assert spaces(HOPLITE) == sorted([argolis, lakonia]) and spaces(WORKER) == [lakonia]
    # Ships: the Seas next to Lakonia (7, 8); its Port only if it has one
    assert spaces(SHIP) == [6, 7]
    set_hand(m, 0, [])
    assert deploy_choices(m, T, 0, work, opts) == 1  # nothing payable: stop only


def test_one_ship_per_port_p9(a):
    _, _, opts, _ = kit()
    attika = land("attika")  # seat 1's Starting City; its Port is in Sea 1
    ports = lambda: [opts[k, 0] for k in range(deploy_spaces(a, T, 1, SHIP, opts)) if opts[k, 0] >= L.PORT]  # noqa: E731
    assert ports() == [L.PORT + attika]
    ship_to(a, 0, L.PORT + attika)
    assert ports() == []


def test_emptied_deploy_row_gains_a_helmet_strategy_tile_p10(m):
    ship_to(m, 0, 6)  # the bottom row keeps only its Hoplite
    put(m, med("lakonia"), 0, workers=1)
    set_hand(m, 0, [starting(IRON), starting(GOLD), starting(MARBLE)])
    helmet_stack = 0  # ICONS: helmet first; stacks type * 2 + k
    tile = int(m[L.STRATEGY_STACK + helmet_stack * 3 + 2])
    W = script(pair(HOPLITE, 1), med("lakonia"), SRC_CARD, SRC_CARD, SRC_CARD, helmet_stack, -1)
    ev = run(deploy_action, m, W, scratch=False)
    assert events(m, ev, EV_DEPLOY) == [(HOPLITE, med("lakonia"), 1)]
    assert events(m, ev, EV_STRATEGY_TILE) == [(tile, 0 * L.MAX_ROWS + 1, 0)]
    assert m[L.STRATEGY_SLOT + 1] == tile and m[L.STRATEGY_N + helmet_stack] == 2
    assert T.strategy[tile, 0] == 0  # a Helmet tile
    assert m[L.EFFECTS_HELD + T.strategy[tile, 1]] == 1  # its effect holds from now on
    assert check_state(m, T) == V_OK


# ---- Build (p. 10) -----------------------------------------------------------------------

def test_build_example_citadel_in_attika_p10(a):
    attika = land("attika")
    set_hand(a, 1, [starting(WOOD), starting(MARBLE)])
    a[L.LAND_PILLAR_ON_RES + attika] = 1
    ev = run(build_action, a, script(L.B_CITADEL, attika, SRC_CARD, SRC_CARD, -1), seat=1,
             scratch=False)
    assert events(a, ev, EV_BUILD) == [(L.B_CITADEL, attika, 0)]
    assert a[L.LAND_BUILDING + attika * L.MAX_PLAYERS + 1] == L.B_CITADEL and hand(a, 1) == []
    assert check_state(a, T) == V_OK


def test_build_needs_a_worker_one_own_building_and_no_type_twice_p10(a):
    _, work, opts, _ = kit()
    lakonia, argolis = land("lakonia"), land("argolis")
    set_hand(a, 0, [starting(r, p) for r in range(5) for p in (1, 2)])
    a[L.LAND_PILLAR_ON_RES + lakonia] = 1

    def lands(building):
        n = build_choices(a, T, 0, work, opts)
        return n, [opts[k, 0] for k in range(n)].count(building)

    assert lands(L.B_TEMPLE)[1] == 2  # both rows, on Lakonia (the only Land with a Worker)
    put(a, lakonia, 0, building=L.B_AGORA)
    assert lands(L.B_TEMPLE)[1] == 0  # one own Building per Land
    put(a, argolis, 0, workers=1)
    put(a, argolis, 1, building=L.B_TEMPLE)
    from sim.games.pillars.rules.build import build_lands
    assert [opts[k, 0] for k in range(build_lands(a, T, 0, L.B_TEMPLE, -1, opts))] == []
    assert [opts[k, 0] for k in range(build_lands(a, T, 0, L.B_CITADEL, -1, opts))] == [argolis]


def test_build_a_city_for_four_resources_p10(a):
    argolis = land("argolis")
    put(a, argolis, 0, workers=1)
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    set_hand(a, 0, [starting(WINE), starting(MARBLE), starting(GOLD), starting(IRON)])
    supply = a[L.CITIES_BUILD]
    ev = run(build_action, a, script(BUILD_CITY, argolis, SRC_CARD, SRC_CARD, SRC_CARD,
                                     SRC_CARD, -1), scratch=False)
    assert a[L.LAND_CITY + argolis] == L.CITY_COMMON and a[L.LAND_CITY_MARKER + argolis] == 0
    assert a[L.CITIES_BUILD] == supply - 1 and hand(a, 0) == []
    assert a[L.LAND_POP_UP + argolis] == 1 and events(a, ev, EV_EXPLORE) == []
    assert check_state(a, T) == V_OK


def test_with_no_building_left_one_is_moved_for_the_top_row_cost_p10(a):
    lakonia, argolis = land("lakonia"), land("argolis")
    put(a, lakonia, 0, building=L.B_TEMPLE)
    for row in range(2):
        for b in range(3):
            a[L.BUILD_LEFT + (0 * L.MAX_ROWS + row) * 3 + b] = 0
    put(a, argolis, 0, workers=1)
    a[L.LAND_PILLAR_ON_RES + lakonia] = 1
    set_hand(a, 0, [starting(MARBLE), starting(WINE)])  # the Temple's top-row cost
    _, work, opts, _ = kit()
    n = build_choices(a, T, 0, work, opts)
    assert [tuple(opts[k, :3]) for k in range(n)] == [(-1, 0, 0), (L.B_TEMPLE, -1, lakonia)]
    run(build_action, a, script(L.B_TEMPLE, argolis, SRC_CARD, SRC_CARD, -1), scratch=False)
    assert a[L.LAND_BUILDING + argolis * L.MAX_PLAYERS + 0] == L.B_TEMPLE
    assert a[L.LAND_BUILDING + lakonia * L.MAX_PLAYERS + 0] == -1


# ---- Settle and Population tiles (p. ~11) ------------------------------------------------

def population_tile(s, where, power, reward, board=1):
    """Put the Population tile of that Power and reward (or the closest in Power) on
    ``where``, swapping it with wherever it lay."""
    icon = T.land_icon[board, where]
    rows = [t for t in range(T.population.shape[0]) if T.population[t, 0] == icon
            and POPULATION_REWARDS[T.population[t, 2]] == reward]
    tile = min(rows, key=lambda t: abs(T.population[t, 1] - power))
    lands = list(s[L.LAND_POP:L.LAND_POP + L.N_LANDS])
    if tile in lands:
        s[L.LAND_POP + lands.index(tile)] = s[L.LAND_POP + where]
    s[L.LAND_POP + where] = tile
    s[L.LAND_POP_UP + where] = 1
    return tile


def test_settle_example_naxos_camp_steps_the_track_then_a_pillar_p11(a):
    naxos = land("naxos")
    a[L.REGION_TRACK:L.REGION_TRACK + 6] = [CIVILISATION, MERCENARY, NAVIGATION, MILITARY,
                                            OLYMPIAN, TITAN]
    assert a[L.REGION_TRACK + region("kyklades")] == MILITARY
    tile = population_tile(a, naxos, 5, "camp")
    power = T.population[tile, 1]
    put(a, naxos, 2, hoplites=1, workers=1)  # 6 Power with a Port Ship and a Sea Ship
    ship_to(a, 2, L.PORT + naxos)
    ship_to(a, 2, 5, project=naxos)
    assert power <= 5
    ev = run(settle_action, a, script(naxos, 0, naxos, -1), seat=2)  # card slot 0 for step 1
    assert events(a, ev, EV_POPULATION_REWARD) == [(naxos, tile, POPULATION_REWARDS.index("camp"))]
    assert events(a, ev, EV_TRACK_STEP)[0][:2] == (MILITARY, 1)
    assert a[L.LAND_PILLAR + naxos] == 2 and a[L.LAND_POP + naxos] == -1
    assert events(a, ev, EV_SETTLE) == [(naxos, tile, 1)]
    assert check_state(a, T) == V_OK


def test_settle_needs_control_p11(a):
    naxos = land("naxos")
    population_tile(a, naxos, 5, "camp")
    put(a, naxos, 2, hoplites=1)  # 2 Power, not more than the tile's
    _, _, opts, _ = kit()
    powers = np.zeros(4, np.int32)
    offered = lambda: [opts[k, 0] for k in range(settle_choices(a, T, 2, 0, powers, opts))]  # noqa: E731
    assert offered() == [-1]
    put(a, naxos, 2, hoplites=2)
    assert offered() == [-1, naxos]
    a[L.LAND_POP_UP + naxos] = 0  # unexplored: nobody Controls it (decision 5)
    assert offered() == [-1]


def test_population_rewards_wild_card_mythology_p11(a):
    naxos, delos, rhodos = land("naxos"), land("delos"), land("rhodos")
    for where, reward in ((naxos, "wild"), (delos, "card"), (rhodos, "demigod")):
        population_tile(a, where, 1, reward)  # Powers 2, 3, 3
    put(a, naxos, 2, hoplites=1, workers=1)
    put(a, delos, 2, hoplites=2)
    put(a, rhodos, 2, hoplites=2)
    cards = a[L.HAND_N + 2]
    myth = a[L.MYTH_N + 0]
    # Settle Naxos (Wild tile, Pillar), Delos (card at the end, Pillar), Rhodos (draw 2,
    # keep the first; no Pillar), stop; then the card: slot 3, no Exile
    W = script(naxos, naxos, delos, delos, rhodos, 0, 0, -1, -1, 3, -1)
    ev = run(settle_action, a, W, seat=2)
    assert a[L.WILD_TILES + 2] == 1
    assert a[L.HAND_N + 2] == cards + 1
    assert a[L.MYTH_SLOT + 2 * L.MAX_MYTH_SLOTS] >= 0 and a[L.MYTH_N + 0] == myth - 1
    assert a[L.LAND_PILLAR + rhodos] == -1 and a[L.LAND_PILLAR + delos] == 2
    assert len(events(a, ev, EV_POPULATION_REWARD)) == 3
    assert check_state(a, T) == V_OK


def test_emptied_settle_row_strategy_tile_and_moving_a_pillar_p11(a):
    naxos, delos = land("naxos"), land("delos")
    no_population(a, naxos, delos)
    put(a, naxos, 2, hoplites=1)
    put(a, delos, 2, hoplites=1)
    for row in range(2):
        a[L.SETTLE_LEFT + 2 * L.MAX_ROWS + row] = 0
    a[L.SETTLE_LEFT + 2 * L.MAX_ROWS + 1] = 1
    corn = 1 * 2  # the first cornucopia stack (type 1, two stacks per type)
    ev = run(settle_action, a, script(naxos, naxos, corn, delos, land("troas"), -1), seat=2)
    assert events(a, ev, EV_STRATEGY_TILE)[0][1:] == (1 * L.MAX_ROWS + 1 + L.MAX_ROWS, 2)
    assert a[L.LAND_PILLAR + naxos] == 2 and a[L.LAND_PILLAR + delos] == 2
    assert a[L.LAND_PILLAR + land("troas")] == -1  # moved from the Starting City
    a[L.SETTLE_LEFT + 2 * L.MAX_ROWS + 0] = 5  # pieces back for the invariant check
    a[L.LAND_PILLAR + land("troas")] = 2
    a[L.SETTLE_LEFT + 2 * L.MAX_ROWS + 0] = 4
    assert check_state(a, T) == V_OK


# ---- Ascend (p. 12) ----------------------------------------------------------------------

def test_ascend_example_military_titan_navigation_p12(a):
    # Yellow (seat 0) on Military 1, Civilisation 1, Titan 2, the rest 0
    set_step(a, 0, MILITARY, 1)
    set_step(a, 0, CIVILISATION, 1)
    set_step(a, 0, TITAN, 2)
    for track in (OLYMPIAN, NAVIGATION, MERCENARY):
        set_step(a, 0, track, 0)
    a[L.REGION_TRACK:L.REGION_TRACK + 6] = [CIVILISATION, MERCENARY, NAVIGATION, TITAN,
                                            OLYMPIAN, MILITARY]  # Titan in the Kyklades
    naxos, delos, korinthia = land("naxos"), land("delos"), land("korinthia")
    pillar_on(a, 0, naxos, IRON)  # an Iron to deplete
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    put(a, korinthia, 0, workers=1, building=L.B_AGORA)  # an Agora on a Wood Land ...
    pillar(a, 0, korinthia)
    resource_tile(a, korinthia, WOOD)
    a[L.LAND_PILLAR_ON_RES + korinthia] = 1  # ... whose Pillar is already depleted
    set_hand(a, 0, [starting(IRON), CARD["diplomat"], starting(MARBLE, 1), starting(MARBLE, 2),
                    starting(WOOD)])
    W = script(MILITARY, SRC_CARD, SRC_PILLAR,  # step 2: an Iron card and the Pillar
               pair(TITAN, GOLD), SRC_CARD, SRC_CREDIT, SRC_TRADE, SRC_CARD, SRC_CARD,  # step 3:
               # the double Gold card (its second Gold kept as credit), 2 Marble traded
               NAVIGATION, NAVIGATION, SRC_CARD,  # steps 1 (free) and 2 (one Wood)
               -1)
    ev = run(ascend_action, a, W)  # past the script: rewards and the hand, first options
    assert [e[:2] for e in events(a, ev, EV_ASCEND)] == [(MILITARY, 2), (TITAN, 3),
                                                      (NAVIGATION, 1), (NAVIGATION, 2)]
    assert events(a, ev, EV_TRADE) == [(MARBLE, GOLD, 0)]
    assert len(events(a, ev, EV_SPEND)) == 2 + 2 + 2 + 1
    # Titan step 3 evaluates the Kyklades: nobody has Power there, the arriver wins the tie
    assert events(a, ev, EV_CITY_EVALUATION) == [(TITAN, 0, delos)]
    assert a[L.LAND_PILLAR_ON_RES + korinthia] == 1
    assert a[L.TRACK_STEP + 0 * 6 + NAVIGATION] == 2


def test_ascend_costs_the_step_number_and_titan_keeps_one_type_p12(a):
    _, work, opts, _ = kit()
    set_hand(a, 0, [starting(GOLD, 1), starting(GOLD, 2), starting(WINE)])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    set_step(a, 0, MERCENARY, 1)  # step 2 costs 2 Gold
    n = ascend_choices(a, T, 0, -1, work, opts)
    offered = {(opts[k, 0], opts[k, 1]) for k in range(1, n)}
    assert (MERCENARY, GOLD) in offered and (OLYMPIAN, WINE) in offered
    assert {(TITAN, GOLD), (TITAN, WINE)} <= offered
    n = ascend_choices(a, T, 0, GOLD, work, opts)  # Titan paid in Gold already this action
    assert (TITAN, WINE) not in {(opts[k, 0], opts[k, 1]) for k in range(1, n)}
    set_step(a, 0, MERCENARY, 2)  # step 3: 3 Gold, not affordable
    n = ascend_choices(a, T, 0, -1, work, opts)
    assert (MERCENARY, GOLD) not in {(opts[k, 0], opts[k, 1]) for k in range(1, n)}


def test_ascend_by_exiling_three_characters_then_pillars_p12(a):
    chars = [c for c in range(T.cards.shape[0]) if T.cards[c, C_KIND] == 1][:3]
    set_hand(a, 0, chars)
    lakonia = land("lakonia")
    a[L.LAND_PILLAR_ON_RES + lakonia] = 1
    W = script(pair(MILITARY, -1), 0, 0, 0, -1, 0, AFTER_PILLARS, -1)
    ev = run(ascend_action, a, W)
    assert events(a, ev, EV_ASCEND) == [(MILITARY, 1, -1)]
    assert sorted(e[0] for e in events(a, ev, EV_EXILE)) == sorted(chars)
    assert a[L.EXILED_N + 0] == 3 and len(hand(a, 0)) == 1  # Military step 1's card
    assert a[L.LAND_PILLAR_ON_RES + lakonia] == 0  # Pillars replenished
    assert check_state(a, T) == V_OK


# ---- Procure (p. 10) ---------------------------------------------------------------------

def test_procure_example_oracle_exiles_its_merchant_then_theatre_p10(m):
    # Oracle (Gold) paid with a Merchant, which is then Exiled from the discard pile;
    # Theatre (Iron + Wine + Wood or Marble): the Massalia Pillar's Iron, 2 Wood traded
    # for Wine, a Marble card (p. 10)
    massalia = med("massalia")
    seat = 3  # Massalia's own seat
    oracle, theatre = CARD["oracle"], CARD["theatre"]
    for card, slot in ((oracle, 3), (theatre, 0)):  # each on top of a deck, face up
        for sl in range(L.N_PROC):
            deck = [int(x) for x in m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + m[L.PROC_N + sl]]]
            if card in deck:
                deck.remove(card)
                m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + 16] = -1
                m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + len(deck)] = deck
                m[L.PROC_N + sl] = len(deck)
        n = m[L.PROC_N + slot]
        m[L.PROC_DECK + slot * 16 + n] = card
        m[L.PROC_N + slot] = n + 1
    pillar_on(m, seat, massalia, IRON)
    merchant = starting(GOLD)
    set_hand(m, seat, [merchant, starting(WOOD, 1), starting(WOOD, 2), starting(MARBLE)])
    exiled_where = 1  # from the discard pile
    W = script(3, SRC_CARD, exiled_where,  # Oracle: the Merchant, then Exile it
               0, SRC_TRADE, SRC_CARD, SRC_CARD, SRC_CARD, SRC_PILLAR,  # Theatre
               -1)
    W_rows = W.copy()
    ev, work, opts, rng = kit()
    procure_action(m, T, W_rows, ev, seat, work, np.zeros(64, np.int32), opts, rng)
    assert W_rows[0, 0] != SCRIPT_MISSED
    assert [e[:2] for e in events(m, ev, EV_PROCURE)] == [(oracle, 3), (theatre, 0)]
    assert events(m, ev, EV_EXILE) == [(merchant, 1, 0)]
    assert sorted(hand(m, seat)) == sorted([oracle, theatre])
    assert m[L.PROC_UP + 0] == 1 and m[L.PROC_UP + 3] == 1  # new tops revealed after
    assert check_state(m, T) == V_OK


def test_procure_offers_each_payment_and_one_card_per_deck_p10(m):
    from sim.games.pillars.rules.procure import procure_choices
    _, work, opts, _ = kit()
    either = CARD["character_6"]  # Wine / Gold
    slot = 3
    for sl in range(L.N_PROC):  # put it on top of deck 3, face up
        deck = [int(x) for x in m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + m[L.PROC_N + sl]]]
        if either in deck:
            deck.remove(either)
            m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + 16] = -1
            m[L.PROC_DECK + sl * 16:L.PROC_DECK + sl * 16 + len(deck)] = deck
            m[L.PROC_N + sl] = len(deck)
    m[L.PROC_DECK + slot * 16 + m[L.PROC_N + slot]] = either
    m[L.PROC_N + slot] += 1
    m[L.LAND_PILLAR_ON_RES + med("lakonia")] = 1
    set_hand(m, 0, [starting(WINE), starting(GOLD), starting(WOOD), starting(MARBLE)])
    n = procure_choices(m, T, 0, work, opts)
    rows = {tuple(int(x) for x in opts[k, :3]) for k in range(1, n)}
    assert (slot, WINE, -1) in rows and (slot, GOLD, -1) in rows  # either Resource of a "/"
    monuments = {r for r in rows if r[0] < 3}
    assert all(r[2] in (WOOD, MARBLE) for r in monuments)  # the Monument's extra Wood or Marble
    ev, work, opts, rng = kit()
    W = script(pair(slot, WINE), SRC_CARD, -1, -1)  # buy it with Wine, no Exile, stop
    procure_action(m, T, W, ev, 0, work, np.zeros(64, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and either in hand(m, 0)
    # while buying, the deck's new top stayed face down: only revealed after stopping
    assert m[L.PROC_UP + slot] == (1 if m[L.PROC_N + slot] > 0 else 0)


def test_deploy_pays_the_row_printed_under_the_unit_p10(m):
    set_hand(m, 0, [starting(IRON), starting(GOLD), starting(MARBLE)])
    m[L.LAND_PILLAR_ON_RES + med("lakonia")] = 1
    _, work, opts, _ = kit()
    n = deploy_choices(m, T, 0, work, opts)
    rows = {(int(opts[k, 0]), int(opts[k, 1])) for k in range(1, n)}
    assert (HOPLITE, 0) in rows and (HOPLITE, 1) in rows  # Iron + Gold, or + Marble
    ev = run(deploy_action, m, script(pair(HOPLITE, 1), med("lakonia"), SRC_CARD, SRC_CARD,
                                      SRC_CARD, -1), scratch=False)
    assert events(m, ev, EV_DEPLOY) == [(HOPLITE, med("lakonia"), 1)] and hand(m, 0) == []


def test_agora_discount_counts_for_the_titan_type_p12(a):
    from sim.games.pillars.rules.ascend import agora_discounts
    korinthia = land("korinthia")
    put(a, korinthia, 0, workers=1, building=L.B_AGORA)
    resource_tile(a, korinthia, GOLD)
    discounts = agora_discounts(a, T, 0)
    assert discounts[GOLD] == 1 and discounts[WOOD] == 0
    _, work, opts, _ = kit()
    set_hand(a, 0, [])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    set_step(a, 0, TITAN, 0)
    n = ascend_choices(a, T, 0, -1, work, opts)
    assert (TITAN, GOLD) in {(int(opts[k, 0]), int(opts[k, 1])) for k in range(1, n)}  # 1 - 1 = 0
