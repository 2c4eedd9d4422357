"""Movement (p. 9): the allowance by Navigation, Ships between Seas, Ports and the
whirlwind pair, Land Units across Lands, bridges and the seat's own Ships, Forbidden
Domains closed (p. 6), exploring (p. 7). sim/games/pillars/rules/movement.py."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.events import EV_EXPLORE, EV_MOVE
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED
from sim.games.pillars.rules.movement import (
    MOVE_HOPLITE,
    MOVE_SHIP,
    allowance,
    land_moves,
    movement_block,
    ship_moves,
    unit_choices,
)
from tests.pillars_fixtures import (
    T,
    clear_board,
    events,
    game,
    kit,
    land,
    put,
    region,
    script,
    set_step,
    ship_to,
)

MED = "mediterranean"
NAVIGATION = 2


def med(name):
    return land(name, MED)


def sea(number):
    return number - 1


@pytest.fixture
def m():
    """Sparta (Lakonia), Troia (Troas), Syrakusai (Trinakria), Massalia: 4 players."""
    s = game(MED, 4, city_states=("sparta", "troia", "miletos", "phokaia"))
    s[L.ROUND] = 1
    return s


def reach():
    return np.zeros(L.MAX_SEAS, np.int32)


def listed(n, opts):
    return sorted(int(opts[k, 0]) for k in range(n))


def test_movement_example_ship_then_hoplite_via_the_ship_to_kyrene_p9(m):
    trinakria, kyrene = med("trinakria"), med("kyrene")
    seat = 2  # Syrakusai: a Hoplite in Trinakria, a Ship in Sea 4
    piece = seat * L.MAX_SHIPS
    assert m[L.SHIP_SPACE + piece] == sea(4)
    assert m[L.LAND_POP_UP + kyrene] == 0
    ev, work, opts, rng = kit()
    W = script(MOVE_SHIP, sea(6), kyrene,  # the Ship into Sea 6 (its Power to Kyrene)
               MOVE_HOPLITE, kyrene)  # the Hoplite over the Ship to Kyrene
    used = movement_block(m, T, W, ev, seat, reach(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and used == 2
    assert events(m, ev, EV_MOVE) == [(MOVE_SHIP, sea(4), sea(6)),
                                      (MOVE_HOPLITE, trinakria, kyrene)]
    assert m[L.LAND_HOPLITES + kyrene * L.MAX_PLAYERS + seat] == 1
    assert m[L.LAND_POP_UP + kyrene] == 1 and m[L.LAND_RES_UP + kyrene] == 1
    assert events(m, ev, EV_EXPLORE) == [(kyrene, 0, 0)]
    assert check_state(m, T) == V_OK


def test_allowance_2_3_4_by_navigation_p9(m):
    assert allowance(m, T, 0) == 2 or m[L.TRACK_STEP + NAVIGATION] > 0
    set_step(m, 0, NAVIGATION, 0)
    assert allowance(m, T, 0) == 2
    set_step(m, 0, NAVIGATION, 2)
    assert allowance(m, T, 0) == 3
    set_step(m, 0, NAVIGATION, 4)
    assert allowance(m, T, 0) == 4


def test_a_block_stops_at_the_allowance_p9(m):
    set_step(m, 2, NAVIGATION, 0)
    ev, work, opts, rng = kit()
    W = script(MOVE_SHIP, sea(6), med("kyrene"), MOVE_SHIP, sea(4), med("trinakria"), MOVE_SHIP)
    assert movement_block(m, T, W, ev, 2, reach(), opts, rng) == 2
    assert W[0, 1] == 6  # the seventh entry was never asked


def test_ships_sea_to_sea_whirlwind_and_ports_p9(m):
    _, _, opts, _ = kit()
    piece = ship_to(m, 0, sea(1))  # Fortunate Isles
    # Sea 2 beside it, the Black Sea by the whirlwind, Thartessos's Port in Sea 1
    assert listed(ship_moves(m, T, piece, opts), opts) == sorted(
        [sea(2), sea(12), L.PORT + med("thartessos")])
    m[L.SHIP_SPACE + piece] = L.PORT + med("thartessos")
    assert listed(ship_moves(m, T, piece, opts), opts) == [sea(1)]  # out to its Sea only
    other = ship_to(m, 1, sea(1))
    assert L.PORT + med("thartessos") not in listed(ship_moves(m, T, other, opts), opts)


def test_land_units_bridges_and_own_ships_p9(m):
    _, _, opts, _ = kit()
    trinakria, bruttion = med("trinakria"), med("bruttion")
    seat = 1  # Troia's Ship sits in Sea 9, far from Trinakria
    # Trinakria has no land neighbour but the bridge to Bruttion
    assert listed(land_moves(m, T, seat, trinakria, opts, reach()), opts) == [bruttion]
    # with Ships in Seas 7 and 6 (next to each other): on to every Land of both Seas
    ship_to(m, seat, sea(7))
    ship_to(m, seat, sea(6))
    lands = listed(land_moves(m, T, seat, trinakria, opts, reach()), opts)
    want = {bruttion} | {x for x in range(L.N_LANDS) if x != trinakria and (
        T.land_sea[0, x, sea(6)] or T.land_sea[0, x, sea(7)])}
    assert lands == sorted(want)
    assert med("lakonia") in lands and med("leptis_magna") in lands


def test_land_units_cross_the_whirlwind_on_own_ships_p9(m):
    _, _, opts, _ = kit()
    seat = 1  # Troia: its Ship in Sea 9; add one in the Black Sea and one at the Fortunate Isles
    troas = med("troas")
    assert med("thartessos") not in listed(land_moves(m, T, seat, troas, opts, reach()), opts)
    ship_to(m, seat, sea(12))
    ship_to(m, seat, sea(1))
    assert med("thartessos") in listed(land_moves(m, T, seat, troas, opts, reach()), opts)


def test_forbidden_domains_are_closed_p6():
    s = game(MED, 3, city_states=("sparta", "troia", "miletos"))
    assert s[L.REGION_BLOCKED + region("lybie", MED)] == 1
    _, _, opts, _ = kit()
    seat = 2  # Syrakusai: Hoplite in Trinakria, Ship in Sea 4 (beside Ituke)
    lands = listed(land_moves(s, T, seat, med("trinakria"), opts, reach()), opts)
    assert med("ituke") not in lands and med("kyrene") not in lands
    ship_to(s, seat, sea(6))
    lands = listed(land_moves(s, T, seat, med("trinakria"), opts, reach()), opts)
    assert not any(T.land_region[0, x] == region("lybie", MED) for x in lands)
    piece = seat * L.MAX_SHIPS + 1
    assert L.PORT + med("leptis_magna") not in listed(ship_moves(s, T, piece, opts), opts)


@pytest.mark.parametrize("board", ("mediterranean", "aegean"))
def test_units_offered_are_exactly_those_with_somewhere_to_go_p9(board):
    """The Units ``unit_choices`` offers are those ``land_moves`` or ``ship_moves`` list a
    space for (its quick checks settle most Units without the full listing): a Land Unit
    on every Land, Forbidden Domains closed, Ships in Seas and Ports."""
    s = game(board, 3)
    clear_board(s)
    seat = 0
    side = s[L.SIDE]
    for where in range(s[L.LAND_END]):
        s[L.LAND_HOPLITES + where * L.MAX_PLAYERS + seat] = 1
    ports = [L.PORT + x for x in range(s[L.LAND_END]) if T.land_port[side, x] >= 0]
    for piece, space in enumerate((sea(1), ports[0], sea(int(T.n_seas[side])))):
        s[L.SHIP_SPACE + seat * L.MAX_SHIPS + piece] = space
    _, _, opts, _ = kit()
    expected = [(-1, 0)]
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        if ship_moves(s, T, piece, opts) > 0:
            expected.append((MOVE_SHIP, piece))
    for where in range(s[L.LAND_END]):
        if land_moves(s, T, seat, where, opts, reach()) > 0:
            expected.append((MOVE_HOPLITE, where))
    n = unit_choices(s, T, seat, opts, reach())
    assert [(int(opts[k, 0]), int(opts[k, 1])) for k in range(n)] == expected
    assert len(expected) < s[L.LAND_END] + 4  # some Lands (a Forbidden Domain's) have none


def test_a_moved_land_unit_takes_its_kind_p9(m):
    put(m, med("lakonia"), 0, workers=1)
    ev, work, opts, rng = kit()
    from sim.games.pillars.rules.movement import MOVE_WORKER
    W = script(MOVE_WORKER, med("argolis"), -1)
    movement_block(m, T, W, ev, 0, reach(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert m[L.LAND_WORKERS + med("argolis") * L.MAX_PLAYERS + 0] == 1
    assert m[L.LAND_HOPLITES + med("lakonia") * L.MAX_PLAYERS + 0] == 1
    assert check_state(m, T) == V_OK
