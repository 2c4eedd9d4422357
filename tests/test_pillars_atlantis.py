"""Atlantis (Appendix 4, p. 15): where the tile lies at each player count, the space that is
a Sea and a Land (Movement onto it, Ships giving it Power, Deploying there), the Settle
that needs Control and 10 Power and moves the marker, its Wild Resource, its ties without
a Region track, its place among the Cities, the Barbarians razing it, and the mode refused
on the Aegean side. sim/games/pillars/rules/atlantis.py on hand-built states."""

import numpy as np
import pyarrow.parquet as pq
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import ATLANTIS_NAMES, BOARD_LANDS, load_content
from sim.games.pillars.events import EV_GAIN_CITY, EV_PIECE_REMOVED, EV_SETTLE
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.modes import ModeError, check_board
from sim.games.pillars.policy import SCRIPT_MISSED
from sim.games.pillars.rules.ascend import agora_discounts
from sim.games.pillars.rules.atlantis import ATLANTIS_POWER, setup_atlantis
from sim.games.pillars.rules.barbarians import raid, setup_barbarians
from sim.games.pillars.rules.cities import CITY_ATLANTIS_SETTLED, cities_of
from sim.games.pillars.rules.deploy import deploy_spaces
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.movement import land_moves
from sim.games.pillars.rules.power import city_controller, land_controller, land_power
from sim.games.pillars.rules.removal import PIECE_CITY
from sim.games.pillars.rules.settle import settle_action, settle_choices
from sim.games.pillars.rules.spend import SRC_PILLAR, pay, pay_options, summarize
from sim.games.pillars.rules.status import project_ship
from sim.games.pillars.rules.strategy import STRATEGIC_INITIATIVE
from tests.cli_process import error_line, sim
from tests.pillars_fixtures import (
    CONTENT,
    T,
    cost,
    events,
    game,
    give_tile,
    kit,
    pillar,
    plain_run_lacks,
    put,
    script,
    set_hand,
    ship_to,
)

MED = 0
SLOT_MANY, SLOT_TWO = L.ATLANTIS_SLOT_MANY, L.ATLANTIS_SLOT_TWO
WINE, MARBLE, GOLD, IRON, WOOD = range(5)
SEA_1, SEA_2, SEA_3, SEA_4 = range(4)  # Sea numbers 1-4 as indices: 1 is the Fortunate Isles


def med(name):
    return CONTENT.names["lands.mediterranean"].index(name)


THARTESSOS, EMPORION, ITUKE, MASSALIA = (med(n) for n in ("thartessos", "emporion", "ituke",
                                                          "massalia"))


def atlantis_game(players=3):
    # Sparta (seat 0, Lakonia), Kyrene (seat 1) and at 3-4 players Emporion (seat 2), at 4
    # Troia (seat 3); Atlantis on the Mediterranean side
    picks = ("sparta", "kyrene", "emporion", "troia")[:players]
    s = game("mediterranean", players, city_states=picks)
    s[L.ROUND] = 2
    s[L.ADDONS] = L.ADDON_ATLANTIS
    setup_atlantis(s)
    return s


@pytest.fixture
def s():
    return atlantis_game()


def offered(n, opts):
    return [int(opts[k, 0]) for k in range(n)]


def test_the_tile_lies_on_the_fortunate_isles_or_east_of_them_at_2_players_p15():
    assert tuple(T.atlantis[MED]) == (SEA_1, SEA_2)  # the Fortunate Isles; the Sea east of them
    assert tuple(T.atlantis[1]) == (-1, -1)  # no Atlantis Sea on the Aegean side (decision 13)
    assert CONTENT.names["lands.mediterranean"][BOARD_LANDS:] == ATLANTIS_NAMES
    for players, slot in ((2, SLOT_TWO), (3, SLOT_MANY), (4, SLOT_MANY)):
        s = atlantis_game(players)
        assert s[L.ATLANTIS] == slot and s[L.LAND_CITY + slot] == L.CITY_ATLANTIS
        assert s[L.LAND_CITY_MARKER + slot] == -1 and city_controller(s, slot) == -1
        assert s[L.LAND_POP + slot] == -1 and s[L.LAND_RES + slot] == -1  # no tiles there
        assert open_land(s, T, slot) and not open_land(s, T, SLOT_MANY + SLOT_TWO - slot)
        assert check_state(s, T) == V_OK
    plain = game("mediterranean", 3, city_states=("sparta", "kyrene", "emporion"))
    assert plain[L.ATLANTIS] == -1
    assert not open_land(plain, T, SLOT_MANY) and not open_land(plain, T, SLOT_TWO)


def test_the_space_is_a_sea_and_a_land_p15():
    # at 3-4 players the Fortunate Isles: beside Thartessos, touching Seas 1 and 2
    assert np.flatnonzero(T.land_land[MED, SLOT_MANY]).tolist() == [THARTESSOS]
    assert np.flatnonzero(T.land_sea[MED, SLOT_MANY]).tolist() == [SEA_1, SEA_2]
    # at 2 players the Sea east of them: beside its three Lands, touching Seas 1 to 4
    assert sorted(np.flatnonzero(T.land_land[MED, SLOT_TWO])) == sorted([EMPORION, THARTESSOS, ITUKE])
    assert np.flatnonzero(T.land_sea[MED, SLOT_TWO]).tolist() == [SEA_1, SEA_2, SEA_3, SEA_4]
    assert T.land_region[MED, SLOT_MANY] == -1 and T.land_port[MED, SLOT_MANY] == -1


def test_land_units_walk_or_sail_onto_atlantis_p9_p15(s):
    _, _, opts, _ = kit()
    reach = np.zeros(L.MAX_SEAS, np.int32)
    put(s, THARTESSOS, 2, hoplites=1)
    assert SLOT_MANY in offered(land_moves(s, T, 2, THARTESSOS, opts, reach), opts)
    put(s, MASSALIA, 2, hoplites=1)  # Massalia touches Seas 3 and 5, not the tile's
    assert SLOT_MANY not in offered(land_moves(s, T, 2, MASSALIA, opts, reach), opts)
    ship_to(s, 2, SEA_3)
    ship_to(s, 2, SEA_2)  # across the seat's Ships in Seas 3 and 2, next to Atlantis
    assert SLOT_MANY in offered(land_moves(s, T, 2, MASSALIA, opts, reach), opts)
    s[L.ADDONS] = 0
    s[L.ATLANTIS] = -1
    s[L.LAND_CITY + SLOT_MANY] = -1
    assert SLOT_MANY not in offered(land_moves(s, T, 2, THARTESSOS, opts, reach), opts)


def test_a_ship_in_its_sea_gives_atlantis_its_power_p6_p15(s):
    _, _, opts, rng = kit()
    ship = ship_to(s, 1, SEA_1)
    piece = 1 * L.MAX_SHIPS + ship
    project_ship(s, T, script(SLOT_MANY), 1, piece, opts, rng)
    assert s[L.SHIP_PROJECT + piece] == SLOT_MANY and land_power(s, T, SLOT_MANY, 1) == 1


def test_a_seat_deploys_on_the_atlantis_it_controls_p10(s):
    _, _, opts, _ = kit()
    assert SLOT_MANY not in offered(deploy_spaces(s, T, 2, L.U_HOPLITE, opts), opts)
    s[L.LAND_CITY_MARKER + SLOT_MANY] = 2
    s[L.MARKERS_LEFT + 2] -= 1
    assert SLOT_MANY in offered(deploy_spaces(s, T, 2, L.U_HOPLITE, opts), opts)
    ships = offered(deploy_spaces(s, T, 2, L.U_SHIP, opts), opts)
    assert SEA_1 in ships and SEA_2 in ships


def test_settling_atlantis_needs_control_and_10_power_p15(s):
    _, _, opts, _ = kit()
    powers = np.zeros(4, np.int32)
    put(s, SLOT_MANY, 2, hoplites=4)  # 8 Power, alone there: Control, but short of 10
    assert land_controller(s, T, SLOT_MANY, powers) == 2
    assert SLOT_MANY not in offered(settle_choices(s, T, 2, 0, powers, opts), opts)
    put(s, SLOT_MANY, 2, workers=2)  # 10 Power
    assert land_power(s, T, SLOT_MANY, 2) == ATLANTIS_POWER
    assert SLOT_MANY in offered(settle_choices(s, T, 2, 0, powers, opts), opts)
    put(s, SLOT_MANY, 1, hoplites=5)  # a rival with 10 as well: nobody Controls a tie
    assert land_controller(s, T, SLOT_MANY, powers) == -1
    assert SLOT_MANY not in offered(settle_choices(s, T, 2, 0, powers, opts), opts)


def test_a_settle_puts_the_marker_on_the_tile_and_a_pillar_beside_p15(s):
    put(s, SLOT_MANY, 2, hoplites=5)
    markers = s[L.MARKERS_LEFT + 2]
    cities = cities_of(s, 2)
    ev, work, opts, rng = kit()
    W = script(SLOT_MANY, SLOT_MANY, -1)  # Settle Atlantis, place a Pillar, stop
    settle_action(s, T, W, ev, 2, work, np.zeros(64, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert s[L.LAND_CITY_MARKER + SLOT_MANY] == 2 and city_controller(s, SLOT_MANY) == 2
    assert s[L.MARKERS_LEFT + 2] == markers - 1 and cities_of(s, 2) == cities + 1
    assert s[L.LAND_PILLAR + SLOT_MANY] == 2
    assert events(s, ev, EV_GAIN_CITY) == [(SLOT_MANY, CITY_ATLANTIS_SETTLED, cities + 1)]
    assert events(s, ev, EV_SETTLE) == [(SLOT_MANY, -1, 1)]
    assert check_state(s, T) == V_OK


def test_a_settle_replaces_another_marker_which_goes_home_p15(s):
    s[L.LAND_CITY_MARKER + SLOT_MANY] = 1
    s[L.MARKERS_LEFT + 1] -= 1
    pillar(s, 1, SLOT_MANY)
    put(s, SLOT_MANY, 2, hoplites=5)  # 10 against Kyrene's 1 (its Pillar) + 1 (its City)
    back = s[L.MARKERS_LEFT + 1]
    ev, work, opts, rng = kit()
    W = script(SLOT_MANY, -1)  # a Pillar is there already
    settle_action(s, T, W, ev, 2, work, np.zeros(64, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert s[L.LAND_CITY_MARKER + SLOT_MANY] == 2 and s[L.MARKERS_LEFT + 1] == back + 1
    assert s[L.LAND_PILLAR + SLOT_MANY] == 1  # the other seat's Pillar stays
    assert check_state(s, T) == V_OK
    # its own marker there and a Pillar: nothing left to Settle
    powers = np.zeros(4, np.int32)
    assert SLOT_MANY not in offered(settle_choices(s, T, 2, 0, powers, opts), opts)


def test_a_tie_on_atlantis_goes_to_strategic_initiative_only_decision_41(s):
    powers = np.zeros(4, np.int32)
    put(s, SLOT_MANY, 1, hoplites=5)
    put(s, SLOT_MANY, 2, hoplites=5)
    assert land_controller(s, T, SLOT_MANY, powers) == -1
    give_tile(s, 2, "strategic_initiative")
    assert STRATEGIC_INITIATIVE >= 0 and land_controller(s, T, SLOT_MANY, powers) == 2


def test_its_pillar_pays_any_one_resource_as_a_wild_tile_p7_p15(s):
    pillar(s, 2, SLOT_MANY)
    s[L.LAND_CITY_MARKER + SLOT_MANY] = 2
    s[L.MARKERS_LEFT + 2] -= 1
    set_hand(s, 2, [])
    ev, work, opts, rng = kit()
    assert summarize(s, T, 2, work) == 1
    for resource in range(5):
        cost(work, **{("wine", "marble", "gold", "iron", "wood")[resource]: 1})
        n = pay_options(s, T, 2, work, resource, 0, opts)
        assert (SRC_PILLAR, SLOT_MANY) in [(int(opts[k, 0]), int(opts[k, 1])) for k in range(n)]
    give_tile(s, 2, "vintners_guild")  # a Guild doubles its own Resource's tile, not a Wild one
    cost(work, wine=1)
    pay(s, T, script(SRC_PILLAR), ev, 2, work, opts, rng)
    assert s[L.LAND_PILLAR_ON_RES + SLOT_MANY] == 1
    assert s[L.CREDIT + 2 * L.N_RESOURCES + WINE] == 0
    assert summarize(s, T, 2, work) == 0  # depleted until the Pillar is replenished
    assert check_state(s, T) == V_OK


def test_an_agora_on_atlantis_discounts_any_resource_decision_43(s):
    put(s, SLOT_MANY, 2, workers=1, building=L.B_AGORA)
    assert agora_discounts(s, T, 2) == (1,) * L.N_RESOURCES


def test_atlantis_counts_among_the_cities_p13_p15(s):
    before = cities_of(s, 2)
    s[L.LAND_CITY_MARKER + SLOT_MANY] = 2
    assert cities_of(s, 2) == before + 1


def test_the_barbarians_raze_an_atlantis_that_is_not_the_only_city_p15(s):
    ev, _, opts, rng = kit()
    s[L.ADDONS] |= L.ADDON_BARBARIANS
    setup_barbarians(s, T, rng)
    s[L.BARB_N] -= 1  # the top tile of the stack onto Atlantis
    tile = s[L.BARB_STACK + s[L.BARB_N]]
    s[L.BARB_STACK + s[L.BARB_N]] = -1
    s[L.BARB_AT + tile] = SLOT_MANY
    s[L.LAND_CITY_MARKER + SLOT_MANY] = 2
    s[L.MARKERS_LEFT + 2] -= 1
    markers = s[L.MARKERS_LEFT + 2]
    assert cities_of(s, 2) == 2 and land_power(s, T, SLOT_MANY, 2) < T.barbarians[tile, 1]
    raid(s, T, script(), ev, opts, rng)
    assert events(s, ev, EV_PIECE_REMOVED) == [(SLOT_MANY, PIECE_CITY, 0)]
    assert s[L.LAND_CITY + SLOT_MANY] == -1 and s[L.LAND_CITY_MARKER + SLOT_MANY] == -1
    assert s[L.MARKERS_LEFT + 2] == markers + 1
    assert s[L.STARTING_OUT] == 0 and s[L.CITIES_RAZED] == 0  # the tile leaves uncounted
    assert check_state(s, T) == V_OK


def test_atlantis_is_refused_on_a_side_without_its_sea_decision_13():
    with pytest.raises(ModeError, match="atlantis needs a board side with an Atlantis Sea"):
        check_board("atlantis", T, "aegean")
    check_board("atlantis", T, "mediterranean")
    check_board("skirmish", T, "aegean")
    studio = load_content(overrides={"boards.aegean.atlantis": {"seas": [1, 2],
                                                                 "source": "assumed: a test"}})
    check_board("atlantis", studio.tables, "aegean")


def test_the_command_refuses_atlantis_on_the_aegean_side(tmp_path):
    out = tmp_path / "run"
    line = error_line(sim("run", "--game", "pillars", "--players", 3, "--mode", "atlantis",
                          "--set", "board=aegean", "--n", 10, "--out", out, cwd=tmp_path))
    assert "atlantis needs a board side with an Atlantis Sea" in line
    assert line.endswith("use --set board=mediterranean") and not out.exists()


def test_sim_run_records_who_holds_atlantis(tmp_path):
    out = tmp_path / "atlantis"
    done = sim("run", "--game", "pillars", "--players", 3, "--mode", "atlantis", "--n", 200,
               "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    df = pq.read_table(out / "data").to_pandas()
    assert set(df["mode"]) == {"atlantis"} and df["holds_atlantis"].notna().all()
    assert (df.groupby("game")["holds_atlantis"].sum() <= 1).all()
    assert df["holds_atlantis"].any()  # the bots do claim it
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Win share by Atlantis held at the end" in page and "held Atlantis at the end" in page
    plain_run_lacks(tmp_path, "holds_atlantis", "Win share by Atlantis")
