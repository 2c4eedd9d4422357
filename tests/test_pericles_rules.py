"""Unit tests of the Age of Pericles rules kernels on hand-built fixture states.

One section per module of sim/games/pericles/rules/. Each test builds a state with
tests/pericles_fixtures.py, calls the njit kernel directly and checks what the rulebook
page it cites says must happen. Every test ends with the invariant checker.
"""

import numpy as np
import pytest
from pericles_fixtures import LARGE, MISSION, ROLE, SKILL, SMALL, Fx, T, neutral

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.content import load_content
from sim.games.pericles.events import (
    EV_ATHENS_BUILD,
    EV_BATTLE,
    EV_CITY_STATE_MOVE,
    EV_INTEGRATE,
    EV_KNOCK_OUT,
    EV_SKILL_GAIN,
)
from sim.games.pericles.invariants import V_GLORY_SOURCES, V_SILVER, V_UNITS, check_state
from sim.games.pericles.rules import (
    actions,
    assembly,
    board,
    governance,
    parthenon,
    pieces,
    progress,
)
from sim.games.pericles.rules.build import build_and_score, piece_options
from sim.games.pericles.rules.core import draw_athena, gain_athena
from sim.games.pericles.rules.demagogue import (
    demagogue_citizen_size,
    demagogue_citizens,
    demagogue_turn,
)
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.scoring import final_scoring, goods_glory, rank_players
from sim.games.pericles.rules.skills import fire_skills, gain_skill_from_build, take_skill

MIL, ECO, CUL, UNI = O.MILITARY, O.ECONOMY, O.CULTURE, O.UNIVERSAL


def place(fx, seat, row):
    progress.place_diplomat(*fx.a, seat, row, fx.rng, fx.ev)


# ---------------------------------------------------------------- progress.py (p. 10)


def test_new_diplomat_enters_at_4_and_pushes_left():
    fx = neutral()
    for seat in (0, 1, 2):
        place(fx, seat, MIL)
    assert fx.row(MIL) == [0, 1, 2]
    assert fx[L.DIPS_STOA + 0] == 7
    assert fx.check() == 0


def test_push_stops_at_the_first_gap():
    fx = neutral()
    fx.put_row(ECO, [1, -1, 2])
    place(fx, 0, ECO)
    assert fx.row(ECO) == [1, 2, 0]
    fx2 = neutral()
    fx2.put_row(ECO, [1, -1, -1])
    place(fx2, 0, ECO)
    assert fx2.row(ECO) == [1, -1, 0]


@pytest.mark.parametrize("row,good_field", [(MIL, L.TROPHIES), (ECO, L.AMPHORAS)])
def test_knock_out_day_compensation(row, good_field):
    fx = neutral()
    fx.put_row(row, [1, 2, 0])
    place(fx, 2, row)
    assert fx.row(row) == [2, 0, 2]
    assert fx[L.DIPS_HOME + 1] == 1  # back to the Household
    assert fx.glory(1, L.SRC_COMPENSATION) == 2
    assert fx[L.SILVER + 1] == 1 and fx[good_field + 1] == 1
    assert fx.glory(1, L.SRC_ROW) == 0  # never its slot's Glory
    assert len(fx.events(code=EV_KNOCK_OUT)) == 1
    assert fx.check() == 0


def test_knock_out_culture_day_gives_an_athena_card():
    fx = neutral()
    fx.put_row(CUL, [1, 2, 0])
    place(fx, 0, CUL)
    assert fx[L.HAND_ICONS + 1 * 4 + 0] + fx[L.HAND_ICONS + 4 + 1] + fx[L.HAND_ICONS + 4 + 2] \
        + fx[L.HAND_ICONS + 4 + 3] == 1
    assert fx.check() == 0


def test_knock_out_night_compensation_is_5_glory():
    fx = neutral()
    fx.s[L.NIGHT + 1] = 1
    fx.s[L.CORRUPT] = 1
    fx.put_row(MIL, [1, 2, 0])
    place(fx, 0, MIL)
    assert fx.glory(1, L.SRC_COMPENSATION) == 5
    assert fx[L.SILVER + 1] == 0 and fx[L.TROPHIES + 1] == 0
    assert fx.check() == 0


def test_empty_stoa_loses_the_placement():
    fx = neutral()
    fx.diplomats(0, home=8, stoa=0)
    place(fx, 0, MIL)
    assert fx.row(MIL) == [-1, -1, -1]


def test_demagogue_diplomat_knocked_out_earns_nothing():
    fx = neutral(players=2)
    dem = fx[L.DEMAGOGUE]
    assert dem == 2
    fx.put_row(MIL, [dem, 0, 1])
    before = fx[L.DEM_DIPLOMATS]
    place(fx, 0, MIL)
    assert fx[L.DEM_DIPLOMATS] == before + 1
    assert fx.glory(0) == 0 and fx.glory(1) == 0
    assert fx.check() == 0


# ---------------------------------------------------------------- actions.py: Market (p. 11)


def test_fill_market_rewards_per_row_and_corruption():
    fx = neutral()
    fx.empty_market_column(1)
    reserve = fx[L.RESERVE_AMPHORAS]
    actions.fill_market(*fx.a, 0, fx.rng, fx.ev)  # the only column with room: no decision
    assert [fx[L.MARKET + r * 3 + 1] for r in range(3)] == [1, 1, 1]
    assert fx[L.AMPHORAS + 0] == 1  # top row
    assert fx[L.SILVER + 0] == 2  # bottom row
    assert fx[L.CORRUPTION] == 2  # top and bottom each put 1 Silver into Corruption
    assert sum(fx.row(r).count(0) for r in range(3)) == 1  # middle: a Universal placement
    assert fx[L.RESERVE_AMPHORAS] == reserve - 4
    assert fx.check() == 0


def test_fill_market_only_empty_spaces_and_needs_the_reserve():
    fx = neutral()
    fx.empty_market_column(2, rows=(1,))
    actions.fill_market(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.AMPHORAS + 0] == 0 and fx[L.SILVER + 0] == 0 and fx[L.CORRUPTION] == 0
    fx.empty_market_column(0)
    fx.s[L.AMPHORAS + 1] += fx.s[L.RESERVE_AMPHORAS]
    fx.s[L.RESERVE_AMPHORAS] = 0
    assert actions.market_options(fx.s, fx.opts) == 0
    assert fx.check() == 0


def test_night_takes_all_corruption_silver():
    fx = neutral()
    fx.s[L.CORRUPTION] = 4
    fx.s[L.RESERVE_SILVER] -= 4
    fx.stack_missions([MISSION["thasian_mines"], MISSION["congress_decree"]])
    fx.all_units(0, home=(0, 1, 0), port=(2, 1, 2))
    actions.night_side(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.CORRUPTION] == 0 and fx[L.SILVER + 0] == 4
    assert fx.check() == 0


# ---------------------------------------------------------------- actions.py: Athena (p. 11)


def _only_offer_slot_0(fx):
    fx.empty_market_column(1)
    fx.empty_market_column(2)


def test_send_athena_pays_bottom_amphora_places_card_and_diplomat():
    fx = neutral()
    _only_offer_slot_0(fx)
    card = fx[L.ATHENA_OFFER + 0]
    col = T.offer_columns[0]
    actions.send_athena(*fx.a, 0, fx.rng, fx.ev)
    assert [fx[L.MARKET + r * 3 + col] for r in range(3)] == [1, 1, 0]
    assert fx[L.DIPLO_CARD + 0] == card and fx[L.DIPLO_OWNER + 0] == 0
    assert fx[L.ATHENA_LOC + card] == L.LOC_TRACK and fx[L.ATHENA_OFFER + 0] == -1
    assert fx[L.DIPS_STOA + 0] <= 7
    assert fx.check() == 0


def test_send_athena_with_empty_stoa_gains_3_glory():
    fx = neutral()
    _only_offer_slot_0(fx)
    fx.diplomats(0, home=8, stoa=0)
    before = fx.glory(0, L.SRC_EFFECTS)
    card = fx[L.ATHENA_OFFER + 0]
    actions.send_athena(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.DIPLO_OWNER + 0] == -1
    card_glory = sum(T.fx[T.athena[card, 2], 2 + 2 * i] for i in range(T.fx[T.athena[card, 2], 0])
                     if T.fx[T.athena[card, 2], 1 + 2 * i] == O.OP_GLORY)
    assert fx.glory(0, L.SRC_EFFECTS) - before == 3 + card_glory
    assert fx.check() == 0


def test_send_athena_leftmost_free_space_skips_the_city_state_and_full_track():
    fx = neutral()
    fx.card_on_track(0, fx.athena_of(MIL)[0])
    fx.activate_city(1)
    assert actions.free_diplomacy_space(fx.s, T) == 2
    for d in range(2, T.params[P.DIPLOMACY_SPACES]):
        fx.card_on_track(d, fx.athena_of(ECO)[0] if d < 6 else fx.athena_of(CUL)[0])
    assert actions.athena_options(fx.s, T, fx.opts) == 0
    assert fx.check() == 0


def test_send_athena_needs_an_amphora_in_the_nearest_column():
    fx = neutral()
    fx.empty_market_column(T.offer_columns[1])
    n = actions.athena_options(fx.s, T, fx.opts)
    assert n == 2 and 1 not in list(fx.opts[:n, 0])


# ---------------------------------------------------------------- build.py / parthenon.py (p. 12)


def test_cost_options_every_complete_cost():
    fx = neutral()
    fx.give_athena(0, MIL, 3)
    fx.give_athena(0, ECO, 1)
    fx.give_athena(0, UNI, 1)
    fx.set_goods(0, amphoras=3, trophies=2)
    n = actions.cost_options(fx.s, T, 0, fx.opts)
    got = {tuple(fx.opts[k]) for k in range(n)}
    # (kind, Military, Economy, Culture paid; the rest Universal): 3 Military, 2 Military
    # + Universal, Military + Economy + Universal (as Culture); 3 Amphoras; not 2 Trophies,
    # not 2 Military + Economy (neither one icon nor three)
    assert got == {(0, 3, 0, 0), (0, 2, 0, 0), (1, 1, 1, 0), (2, 0, 0, 0)}


@pytest.mark.parametrize("mil,uni", [(2, 1), (1, 2), (0, 3)])
def test_universal_card_is_any_icon_in_a_build_payment(mil, uni):
    # p. 24: a Universal icon is any one of the three; p. 12: 3 cards of one icon pay
    fx = neutral()
    ids = fx.give_athena(0, MIL, mil) + fx.give_athena(0, UNI, uni)
    assert actions.can_build(fx.s, T, 0, fx.opts)
    actions.build(*fx.a, 0, fx.rng, fx.ev)
    assert sum(fx[L.HAND_ICONS + i] for i in range(4)) == 0
    assert all(fx[L.ATHENA_LOC + c] == L.LOC_DISCARD for c in ids)
    assert sum(fx[L.PARTHENON + k] for k in range(L.N_PIECE_KINDS)) == 1
    assert fx.check() == 0


def test_two_of_one_icon_and_one_other_pay_nothing():
    fx = neutral()  # p. 12: neither 3 of one icon nor 3 different icons
    fx.give_athena(0, MIL, 2)
    fx.give_athena(0, CUL, 1)
    assert actions.cost_options(fx.s, T, 0, fx.opts) == 0


def test_build_next_column_then_universal_when_the_type_is_full():
    fx = neutral()
    n = parthenon.column_options(fx.s, MIL, fx.opts, 0)
    assert n == 1 and fx.opts[0, 1] == L.PIECE_MILITARY
    fx.s[L.PARTHENON + L.PIECE_MILITARY] = 4
    n = parthenon.column_options(fx.s, MIL, fx.opts, 0)
    assert sorted(fx.opts[:n, 1]) == [L.PIECE_UNIVERSAL_UPPER, L.PIECE_UNIVERSAL_LOWER]
    fx.s[L.PARTHENON + L.PIECE_ECONOMY_UPPER] = 2
    n = parthenon.column_options(fx.s, ECO, fx.opts, 0)
    assert list(fx.opts[:n, 1]) == [L.PIECE_ECONOMY_LOWER]
    fx.s[L.PARTHENON + L.PIECE_UNIVERSAL_UPPER] = 4
    fx.s[L.PARTHENON + L.PIECE_UNIVERSAL_LOWER] = 4
    assert parthenon.column_options(fx.s, MIL, fx.opts, 0) == 0


@pytest.mark.parametrize("pick,half", [(0, L.PIECE_ECONOMY_UPPER), (1, L.PIECE_ECONOMY_LOWER)])
def test_economy_column_goes_to_the_half_its_builder_chooses(pick, half):
    # p. 12: 2 Economy columns stand in each half; which one a build takes is chosen (the
    # First Player's choice for an Athens build), recorded in docs/rules/pericles.md
    fx = neutral()
    n = parthenon.column_options(fx.s, ECO, fx.opts, 0)
    assert list(fx.opts[:n, 1]) == [L.PIECE_ECONOMY_UPPER, L.PIECE_ECONOMY_LOWER]
    fx.steer(fx[L.FIRST], [(2, pick)])
    parthenon.athens_builds_row(*fx.a, ECO, fx.rng, fx.ev)
    assert fx[L.PARTHENON + half] == 1
    assert fx[L.PARTHENON + L.PIECE_ECONOMY_UPPER] + fx[L.PARTHENON + L.PIECE_ECONOMY_LOWER] == 1
    assert fx.check() == 0


def test_roof_eligible_only_when_its_half_stands():
    fx = neutral()
    p = L.PARTHENON
    fx.s[p + L.PIECE_CULTURE] = 4
    fx.s[p + L.PIECE_UNIVERSAL_UPPER] = 4
    fx.s[p + L.PIECE_ECONOMY_UPPER] = 1
    assert not parthenon.roof_eligible(fx.s, L.PIECE_ROOF_UPPER)
    fx.s[p + L.PIECE_ECONOMY_UPPER] = 2
    assert parthenon.roof_eligible(fx.s, L.PIECE_ROOF_UPPER)
    assert not parthenon.roof_eligible(fx.s, L.PIECE_ROOF_LOWER)
    n = piece_options(fx.s, fx.opts, True)
    assert sum(1 for k in range(n) if fx.opts[k, 1] == L.PIECE_ROOF_UPPER) == 3  # scored on any row
    fx.s[p + L.PIECE_ROOF_UPPER] = 1
    assert not parthenon.roof_eligible(fx.s, L.PIECE_ROOF_UPPER)


def test_builder_reward_counts_matching_cards_and_every_diplomat_is_paid():
    fx = neutral()
    fx.put_row(MIL, [1, -1, 2])
    uni = fx.athena_of(UNI)[0]
    eco = fx.athena_of(ECO)[0]
    fx.card_on_track(0, uni, owner=1)
    fx.card_on_track(1, eco, owner=2)
    fx.steer(0, [(4, 0)])  # options: Military, Economy upper, Economy lower, Culture
    assert build_and_score(*fx.a, 0, 3, fx.rng, fx.ev) == 1
    assert fx[L.PARTHENON + L.PIECE_MILITARY] == 1
    assert fx.glory(0, L.SRC_BUILDER) == 3 + 3  # 2 in slots + the Universal card
    assert fx.glory(1, L.SRC_ROW) == 6 + T.athena[uni, 1]
    assert fx.glory(2, L.SRC_ROW) == 4
    assert fx.row(MIL) == [-1, -1, -1]
    assert fx[L.DIPLO_OWNER + 0] == -1 and fx[L.DIPLO_CARD + 0] == uni  # card stays
    assert fx[L.DIPLO_OWNER + 1] == 2  # the Economy card is not scored
    assert fx[L.DIPS_HOME + 1] == 2 and fx[L.DIPS_HOME + 2] == 1
    assert fx.check() == 0


def test_military_completion():
    fx = neutral()
    fx.s[L.PARTHENON + L.PIECE_MILITARY] = 3
    fx.hoplite(1, 0)
    fx.hoplite(2, 1)
    fx.s[L.RIVAL_POS] = 3
    fx.s[L.RIVAL_POS + 1] = 2
    fx.steer(0, [(4, 0)])
    build_and_score(*fx.a, 0, 3, fx.rng, fx.ev)
    assert fx[L.RIVAL_POS] == 0 and fx[L.RIVAL_POS + 1] == 0
    assert all(fx[L.BATTLE_HOPLITE + k] == -1 for k in range(12))
    assert fx[L.UNITS_HOME + 1 * 3 + O.HOPLITE] == 1 and fx[L.UNITS_HOME + 2 * 3 + O.HOPLITE] == 1
    assert fx[L.PENDING_MOVES] == 2
    settle(*fx.a, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY] >= 0 and fx[L.ACTIVE_CITY_POS] == T.params[P.DIPLOMACY_SPACES] - 2
    assert fx.check() == 0


def test_build_draws_skills_after_the_completion_moves():
    # p. 12: the completion effect applies now, then the builder draws Skills
    fx = neutral(skills=True)
    fx.s[L.PARTHENON + L.PIECE_MILITARY] = 3
    fx.set_goods(0, trophies=3)
    fx.steer(0, [(4, 0)])
    actions.build(*fx.a, 0, fx.rng, fx.ev)
    rows = fx.events()
    moves = np.flatnonzero(rows[:, 3] == EV_CITY_STATE_MOVE)
    gains = np.flatnonzero((rows[:, 3] == EV_SKILL_GAIN) & (rows[:, 2] == 0))
    assert len(moves) == 2 and len(gains) >= 1 and gains[-1] > moves[-1]
    assert fx[L.PENDING_MOVES] == 0
    assert fx.check() == 0


def test_economy_completion_refills_the_market():
    fx = neutral()
    fx.s[L.PARTHENON + L.PIECE_ECONOMY_UPPER] = 2
    fx.s[L.PARTHENON + L.PIECE_ECONOMY_LOWER] = 1
    fx.empty_market_column(0)
    fx.empty_market_column(2)
    parthenon.athens_builds_row(*fx.a, ECO, fx.rng, fx.ev)
    assert all(fx[L.MARKET + m] == 1 for m in range(9))
    assert fx.check() == 0


def test_culture_completion_small_citizen_or_10_glory():
    fx = neutral()
    fx.s[L.PARTHENON + L.PIECE_CULTURE] = 3
    for seat in range(3):
        fx.place(seat, seat, SMALL)
    parthenon.athens_builds_row(*fx.a, CUL, fx.rng, fx.ev)
    for seat in range(3):
        took = fx.glory(seat, L.SRC_COMPLETION) == 10
        back = fx[L.SMALL_PLACED + seat] == 0 and fx[L.AGORA_CITIZEN + seat * 5 + seat] == 0
        assert took != back
    assert fx.check() == 0


def test_culture_completion_small_citizen_taken_back_is_not_unused():
    # p. 12: the Small Citizen comes back and may go out again; p. 17: only Citizens not
    # placed this round score as unused, and this one was placed
    fx = neutral()
    fx.s[L.PARTHENON + L.PIECE_CULTURE] = 3
    fx.place(0, 0, SMALL)
    fx.place(0, 1, SMALL)
    fx.steer(0, [(3, 0)])  # retrieve the one on space 0
    parthenon.athens_builds_row(*fx.a, CUL, fx.rng, fx.ev)
    assert fx[L.SMALL_PLACED] == 1 and fx[L.SMALL_BACK] == 1
    assert assembly.citizens_left(fx.s, 0) == (1, 0)
    assert fx.check() == 0
    final_scoring(fx.s, T)
    assert fx.glory(0, L.SRC_END_CITIZENS) == 0


def test_athens_builds_scores_nothing_and_diplomats_stay():
    fx = neutral()
    fx.put_row(MIL, [0, 1, 2])
    card = fx.athena_of(MIL)[0]
    fx.stack_athena([card])
    parthenon.athens_builds(*fx.a, fx.rng, fx.ev)
    assert fx[L.PARTHENON + L.PIECE_MILITARY] == 1
    assert fx[L.ATHENA_LOC + card] == L.LOC_DISCARD
    assert fx.row(MIL) == [0, 1, 2]
    assert all(fx.glory(seat) == 0 for seat in range(3))
    assert fx.check() == 0


def test_athens_raises_nothing_when_the_row_is_full_and_never_a_roof():
    fx = neutral()
    for piece in range(6):
        fx.s[L.PARTHENON + piece] = L.PIECE_CAPACITY[piece]
    parthenon.athens_builds_row(*fx.a, MIL, fx.rng, fx.ev)
    assert list(fx.s[L.PARTHENON:L.PARTHENON + 8]) == [4, 2, 2, 4, 4, 4, 0, 0]
    assert fx[L.GAME_OVER] == 0


def test_last_roof_ends_the_game_after_scoring():
    fx = neutral()
    for piece in range(7):
        fx.s[L.PARTHENON + piece] = L.PIECE_CAPACITY[piece]
    fx.put_row(CUL, [-1, -1, 1])
    n = piece_options(fx.s, fx.opts, True)
    assert n == 3
    fx.steer(0, [(3, CUL)])
    build_and_score(*fx.a, 0, 2, fx.rng, fx.ev)
    assert fx[L.GAME_OVER] == 1 and fx[L.END_REASON] == L.END_PARTHENON
    assert fx.glory(1, L.SRC_ROW) == 4 and fx.glory(0, L.SRC_BUILDER) == 4


# ---------------------------------------------------------------- actions.py: House (p. 13)


def test_activate_house_unit_track_resolves_every_space_skipping_unpayable():
    fx = neutral()
    fx.all_units(0, home=(1, 1, 0), port=(1, 1, 2))
    fx.steer(0, [(2, 0)])  # the Unit track
    actions.activate_house(*fx.a, 0, fx.rng, fx.ev)
    # +1 Silver, +1 Amphora, pay 1 Silver: Universal placement, +1 Trophy,
    # pay 2 Silver: cannot (skipped), pay 1 Amphora: 3 Glory
    assert fx[L.SILVER] == 0 and fx[L.AMPHORAS] == 0 and fx[L.TROPHIES] == 1
    assert fx[L.MISSIONS_HELD] == 0
    assert fx.glory(0, L.SRC_EFFECTS) == 3
    assert sum(fx.row(r).count(0) for r in range(3)) == 1
    assert [fx[L.UNITS_PORT + u] for u in range(3)] == [2, 2, 2]
    assert fx[L.PENDING_MOVES] == 1
    assert fx.check() == 0


def test_activate_house_household():
    fx = neutral()
    fx.diplomats(0, home=3, stoa=5)
    fx.give_athena(0, ECO, 1)
    fx.steer(0, [(2, 1)])
    actions.activate_house(*fx.a, 0, fx.rng, fx.ev)
    # +1 Glory, +1 Silver, +1 Athena, pay 1 Silver: placement, +2 Glory, no Amphora: skip,
    # no Silver: skip, pay 1 Athena card: 4 Glory
    assert fx.glory(0, L.SRC_EFFECTS) == 1 + 2 + 4
    assert fx[L.SILVER] == 0 and fx[L.TROPHIES] == 0
    assert sum(fx.s[L.HAND_ICONS:L.HAND_ICONS + 4]) == 1
    assert fx[L.DIPS_HOME] == 0 and fx[L.DIPS_STOA] == 7
    assert fx.check() == 0


def test_full_track_dump():
    fx = neutral()
    fx.all_units(0, home=(2, 2, 1), port=(0, 0, 0), camp=(0, 0, 1))
    pieces.bring_home_from_camp(fx.s, T, 0, O.HOPLITE)
    assert [fx[L.UNITS_HOME + u] for u in range(3)] == [0, 0, 0]
    assert [fx[L.UNITS_PORT + u] for u in range(3)] == [2, 2, 2]
    fx.diplomats(1, home=7, stoa=0, camp=1)
    pieces.bring_home_from_camp(fx.s, T, 1, 3)
    assert fx[L.DIPS_HOME + 1] == 0 and fx[L.DIPS_STOA + 1] == 8
    assert fx.check() == 0


# ---------------------------------------------------------------- actions.py: Role (p. 13)


def test_day_cost_silver_substitution():
    fx = neutral()  # seat 0 is the Veteran: 3 Trophies
    fx.set_goods(0, silver=4, trophies=1)
    n = actions.day_payment_options(fx.s, T, 0, fx.opts)
    assert list(fx.opts[:n, 0]) == [1]  # 1 Trophy + 4 Silver; 6 Silver is too much
    fx.set_goods(0, silver=6, trophies=3)
    n = actions.day_payment_options(fx.s, T, 0, fx.opts)
    assert list(fx.opts[:n, 0]) == [3, 2, 1, 0]
    fx.set_goods(0, silver=1, trophies=2)
    assert actions.day_payment_options(fx.s, T, 0, fx.opts) == 0


def test_day_side_pays_and_places_one_on_each_row():
    fx = neutral()
    fx.set_goods(0, silver=2, trophies=2)
    actions.day_side(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.SILVER] == 0 and fx[L.TROPHIES] == 0
    assert [fx.row(r)[2] for r in range(3)] == [0, 0, 0]
    assert fx[L.PENDING_MOVES] == 1
    assert fx.check() == 0


def test_night_single_corrupt_rivals_then_mandatory_ostracism_from_the_track():
    fx = neutral()
    fx.s[L.NIGHT + 1] = 1
    fx.s[L.CORRUPT] = 1
    quiet = [MISSION["thasian_mines"], MISSION["congress_decree"]]
    fx.stack_missions(quiet)
    fx.all_units(0, home=(0, 1, 0), port=(2, 1, 2))
    actions.night_side(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.CORRUPT] == 0 and fx[L.NIGHT + 0] == 1 and fx[L.NIGHT + 1] == 0
    assert all(fx[L.MISSION_LOC + m] == L.LOC_DISCARD for m in quiet)
    assert fx[L.UNITS_CAMP + O.SHIP] == 1 and fx[L.UNITS_HOME + O.SHIP] == 0  # from the track
    assert sum(fx.row(r).count(0) for r in range(3)) == 2
    assert fx[L.MISSIONS_HELD] == 1
    assert fx.check() == 0


def test_night_ostracizes_from_piraeus_only_when_the_track_is_empty():
    fx = neutral()
    fx.stack_missions([MISSION["thasian_mines"], MISSION["congress_decree"]])
    fx.all_units(0, home=(0, 0, 0), port=(0, 0, 1), camp=(2, 2, 1))
    actions.night_side(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.UNITS_CAMP + O.HOPLITE] == 2
    fx2 = neutral()
    fx2.stack_missions([MISSION["thasian_mines"], MISSION["congress_decree"]])
    fx2.all_units(0, port=(0, 0, 0), camp=(2, 2, 2))
    actions.night_side(*fx2.a, 0, fx2.rng, fx2.ev)
    assert fx2[L.MISSIONS_HELD] == 0 and sum(fx2.row(r).count(0) for r in range(3)) == 0
    assert fx2.check() == 0


def test_no_night_side_with_the_demagogue():
    fx = neutral(players=2)
    fx.set_goods(0, silver=0, trophies=0)
    assert actions.role_options(fx.s, T, 0, fx.opts) == 0


# ---------------------------------------------------------------- actions.py: Recall (pp. 10, 14)


def test_recall_rewards_sale_flips_to_day_and_rivals_advance():
    fx = neutral()
    fx.s[L.NIGHT] = 1
    fx.s[L.CORRUPT] = 0
    fx.all_units(0, port=(1, 2, 2), camp=(1, 0, 0))
    fx.give_mission(0, MISSION["helot_revolt"])  # unfulfilled
    fx.stack_missions([MISSION["cyprus_campaign"]])  # 0 Spartan, 1 Persian disc
    fx.steer(0, [(2, 0)])  # sell it (options: the Mission, stop)
    actions.recall(*fx.a, 0, O.WORKER, fx.rng, fx.ev)
    assert fx[L.UNITS_CAMP] == 0 and fx[L.UNITS_HOME] == 1
    assert fx[L.SILVER] == 2 + 3
    assert fx[L.NIGHT] == 0 and fx[L.CORRUPT] == -1
    assert fx[L.RIVAL_POS] == 0 and fx[L.RIVAL_POS + 1] == 1
    assert fx.check() == 0


def test_recall_without_sale_keeps_night_and_hoplite_reward():
    fx = neutral()
    fx.s[L.NIGHT] = 1
    fx.s[L.CORRUPT] = 0
    fx.all_units(0, port=(2, 2, 1), camp=(0, 0, 1))
    fx.stack_missions([MISSION["thasian_mines"]])
    actions.recall(*fx.a, 0, O.HOPLITE, fx.rng, fx.ev)  # no Mission to sell: no decision
    assert fx.glory(0, L.SRC_EFFECTS) == 2 and fx[L.NIGHT] == 1
    assert fx.check() == 0


def test_fulfilled_mission_cannot_be_sold_and_diplomat_recall():
    fx = neutral()
    fx.give_mission(0, MISSION["thasian_mines"])  # no ostracized piece: fulfilled
    n = actions.unit_options(fx.s, T, 0, fx.opts)
    assert all(fx.opts[k, 0] == 0 for k in range(n))  # nothing to recall
    fx.diplomats(0, stoa=7, camp=1)
    n = actions.unit_options(fx.s, T, 0, fx.opts)
    assert (1, 3) in {tuple(fx.opts[k, :2]) for k in range(n)}
    fx.stack_missions([MISSION["congress_decree"]])
    fx.all_units(0, port=(2, 2, 2))
    silver, glory = fx[L.SILVER], fx.glory(0)
    actions.recall(*fx.a, 0, 3, fx.rng, fx.ev)
    assert fx[L.DIPS_CAMP] == 0 and fx[L.DIPS_HOME] == 1 and fx[L.MISSIONS_HELD] == 1
    # p. 10: the rewards and the Mission sale follow a Unit brought home, not a Diplomat
    assert fx[L.SILVER] == silver and fx.glory(0) == glory
    assert fx.check() == 0


def test_rival_reaching_the_end_queues_its_battle():
    fx = neutral()
    fx.s[L.RIVAL_POS] = T.params[P.BATTLE_TRACK_LENGTH] - 1
    fx.stack_missions([MISSION["cyprus_campaign"], MISSION["battle_of_tanagra"]])
    board.advance_rivals(fx.s, T, 1, True, fx.rng, fx.ev)
    assert fx[L.PENDING_BATTLE] == 0 and fx[L.PENDING_BATTLE + 1] == 0
    board.advance_rivals(fx.s, T, 1, True, fx.rng, fx.ev)
    assert fx[L.PENDING_BATTLE] == 1 and fx[L.RIVAL_POS] == T.params[P.BATTLE_TRACK_LENGTH]


# ---------------------------------------------------------------- actions.py: send units (p. 10)


def test_send_units():
    fx = neutral()
    fx.activate_city(5)
    fx.s[L.ACTIVE_WORKER] = 1
    fx.units(1, O.WORKER, port=1)
    actions.send_unit(*fx.a, 0, O.WORKER, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_WORKER] == 0 and fx[L.UNITS_HOME + 3 + O.WORKER] == 1
    assert fx[L.MARKET + T.board[12 + O.WORKER]] == 0  # the topmost Amphora
    assert sum(fx.s[L.HAND_ICONS:L.HAND_ICONS + 4]) == 1
    actions.send_unit(*fx.a, 0, O.SHIP, T.wayposts[0], fx.rng, fx.ev)
    assert fx[L.WAYPOST_SHIP + T.wayposts[0]] == 0 and fx[L.SILVER] == 1
    assert actions.free_waypost(fx.s, T) == T.wayposts[1]
    actions.send_unit(*fx.a, 0, O.HOPLITE, 1, fx.rng, fx.ev)
    assert fx[L.BATTLE_HOPLITE + L.MAX_HOPLITE_SPACES] == 0 and fx[L.TROPHIES] == 1
    assert fx.check() == 0


# ---------------------------------------------------------------- board.py: Battle (p. 15)


def _battle_fixture(icons):
    fx = neutral()
    fx.stack_athena([fx.athena_of(icon, skip=i)[0] for i, icon in enumerate(icons)])
    return fx


def test_battle_attacked_rows_defence_compensation_hoplites_home_one_rival_resets():
    fx = _battle_fixture([MIL, ECO])
    fx.put_row(MIL, [0, -1, 1])
    fx.put_row(ECO, [-1, -1, 1])
    fx.put_row(CUL, [-1, 2, -1])
    fx.hoplite(0, 0)
    fx.s[L.RIVAL_POS] = 5
    fx.s[L.RIVAL_POS + 1] = 3
    fx.s[L.ACTIVE] = 0
    fx.steer(0, [(3, 0)])  # seat 0's Hoplite defends Military (options Mil, Eco, hold)
    board.battle(*fx.a, 0, fx.rng, fx.ev)
    assert fx.glory(0, L.SRC_BATTLE) == 6
    assert fx.glory(1, L.SRC_COMPENSATION) == 4  # two undefended Diplomats, Day: 2 Glory each
    assert fx[L.SILVER + 1] == 2 and fx[L.TROPHIES + 1] == 1 and fx[L.AMPHORAS + 1] == 1
    assert fx.row(MIL) == [-1, -1, -1] and fx.row(ECO) == [-1, -1, -1]
    assert fx.row(CUL) == [-1, 2, -1]
    assert fx[L.UNITS_HOME + O.HOPLITE] == 1
    assert fx[L.RIVAL_POS] == 0 and fx[L.RIVAL_POS + 1] == 3
    assert len(fx.events(code=EV_ATHENS_BUILD)) == 1  # Athens rebuilds (p. 15)
    assert fx.check() == 0


def test_battle_universal_attacks_all_rows():
    fx = _battle_fixture([UNI, MIL])
    for row in range(3):
        fx.put_row(row, [-1, -1, 1])
    board.battle(*fx.a, 1, fx.rng, fx.ev)
    assert all(fx.row(r) == [-1, -1, -1] for r in range(3))
    assert fx.glory(1, L.SRC_COMPENSATION) == 6


def test_battle_universal_card_resolved_once_and_defended_by_any_defence():
    fx = _battle_fixture([MIL, MIL])
    uni = fx.athena_of(UNI)[0]
    fx.card_on_track(3, uni, owner=1)
    fx.hoplite(1, 1)
    fx.steer(1, [(2, 0)])  # defend Military (options Mil, hold)
    board.battle(*fx.a, 1, fx.rng, fx.ev)
    assert fx.glory(1, L.SRC_BATTLE) == T.athena[uni, 1]
    assert fx[L.DIPLO_OWNER + 3] == -1 and fx[L.DIPLO_CARD + 3] == uni


def test_battle_undefended_universal_card_owner_chooses_the_good():
    fx = _battle_fixture([CUL, CUL])
    uni = fx.athena_of(UNI)[0]
    fx.card_on_track(3, uni, owner=2)
    board.battle(*fx.a, 0, fx.rng, fx.ev)
    assert fx.glory(2, L.SRC_COMPENSATION) == 2
    assert fx[L.TROPHIES + 2] + fx[L.AMPHORAS + 2] + sum(fx.s[L.HAND_ICONS + 8:L.HAND_ICONS + 12]) == 1
    assert fx.check() == 0


def test_battle_demagogue_hoplites_go_back_and_never_defend():
    fx = neutral(players=2)
    fx.stack_athena([fx.athena_of(MIL)[0], fx.athena_of(MIL)[1]])
    fx.hoplite(2, 0)
    fx.put_row(MIL, [-1, -1, 2])
    board.battle(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.DEM_HOPLITES] == 2 and fx[L.DEM_DIPLOMATS] == 8
    assert fx.check() == 0


# ---------------------------------------------------------------- board.py: City-states (p. 10)


def test_city_state_activation_move_waypost_ship_and_card_collision():
    fx = neutral()
    last = T.params[P.DIPLOMACY_SPACES] - 1
    top = fx[L.CITY_STACK + fx[L.CITY_STACK_N] - 1]
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY] == top and fx[L.ACTIVE_CITY_POS] == last
    wp = max(w for w in T.wayposts if w < last)
    fx.s[L.ACTIVE_CITY_POS] = wp + 1
    fx.units(1, O.SHIP, port=1)
    fx.s[L.WAYPOST_SHIP + wp] = 1
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY_POS] == wp and fx[L.WAYPOST_SHIP + wp] == -1
    assert fx[L.UNITS_HOME + 3 + O.SHIP] == 1
    card = fx.athena_of(ECO)[0]
    fx.card_on_track(wp - 1, card, owner=2)
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.DIPLO_CARD + wp - 1] == -1 and fx[L.ATHENA_LOC + card] == L.LOC_DISCARD
    assert fx[L.DIPS_HOME + 2] == 1 and fx.glory(2, L.SRC_COMPENSATION) == 2
    assert fx[L.AMPHORAS + 2] == 1  # Day Compensation with the card's row good
    assert fx.check() == 0


def test_activation_is_the_whole_move_with_no_collision():
    # p. 10: with no active tile the move puts the top tile on the rightmost space, and
    # that is the whole move: a card (and its Diplomat) or a Ship there stays
    fx = neutral()
    last = T.params[P.DIPLOMACY_SPACES] - 1
    card = fx.athena_of(ECO)[0]
    fx.card_on_track(last, card, owner=1)
    fx.units(2, O.SHIP, port=1)
    fx.s[L.WAYPOST_SHIP + last] = 2
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY_POS] == last
    assert fx[L.DIPLO_CARD + last] == card and fx[L.DIPLO_OWNER + last] == 1
    assert fx[L.WAYPOST_SHIP + last] == 2 and fx.glory(1) == 0
    assert fx.check() == 0


def test_integration_worker_home_athens_builds_and_delian_league():
    fx = neutral()
    tile = fx.activate_city(0)
    fx.s[L.ACTIVE_WORKER] = 2
    fx.units(2, O.WORKER, port=1)
    for space in range(8):
        fx.s[L.AGORA_TILE + space] = 100 + space  # eight spaces tiled: one free
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY] == -1 and fx[L.AGORA_TILE + 8] == tile
    assert fx[L.UNITS_HOME + 6 + O.WORKER] == 1
    assert fx[L.GAME_OVER] == 1 and fx[L.END_REASON] == L.END_DELIAN_LEAGUE
    assert len(fx.events(code=EV_ATHENS_BUILD)) == 0  # the game ended with the placement (p. 17)


def test_battle_rebuild_comes_before_the_second_battle_and_can_cancel_it():
    # p. 15: a Battle ends with Athens rebuilding; p. 12: a Military completion resets both
    # Rivals, so the Persian Battle triggered with the Spartan one is not fought
    fx = neutral()
    fx.s[L.PARTHENON + L.PIECE_MILITARY] = 3
    length = T.params[P.BATTLE_TRACK_LENGTH]
    for rival in range(2):
        fx.s[L.RIVAL_POS + rival] = length
        fx.s[L.PENDING_BATTLE + rival] = 1
    fx.stack_athena(fx.athena_of(ECO)[:2] + fx.athena_of(MIL)[:1])  # 2 attack, 1 rebuilds
    settle(*fx.a, fx.rng, fx.ev)
    assert len(fx.events(code=EV_BATTLE)) == 1
    assert fx[L.PARTHENON + L.PIECE_MILITARY] == 4
    assert fx[L.RIVAL_POS] == 0 and fx[L.RIVAL_POS + 1] == 0
    assert fx[L.PENDING_BATTLE] == 0 and fx[L.PENDING_BATTLE + 1] == 0
    assert fx.check() == 0


def test_integration_athens_builds_before_the_next_queued_move():
    # p. 10: past the last space the tile integrates "and Athens builds"; the move after it
    # (here the second of two) starts only then
    fx = neutral()
    fx.activate_city(0)
    fx.stack_athena(fx.athena_of(CUL)[:1])
    board.queue_city_moves(fx.s, 0, 2)
    settle(*fx.a, fx.rng, fx.ev)
    codes = [int(c) for c in fx.events()[:, 3] if c in (EV_INTEGRATE, EV_ATHENS_BUILD,
                                                           EV_CITY_STATE_MOVE)]
    assert codes == [EV_INTEGRATE, EV_ATHENS_BUILD, EV_CITY_STATE_MOVE]
    assert fx[L.PARTHENON + L.PIECE_CULTURE] == 1 and fx[L.ACTIVE_CITY] >= 0
    assert fx.check() == 0


def test_move_with_no_active_tile_and_empty_stack_does_nothing():
    fx = neutral()
    fx.s[L.CITY_STACK_N] = 0
    board.move_city_once(*fx.a, 0, fx.rng, fx.ev)
    assert fx[L.ACTIVE_CITY] == -1


# ---------------------------------------------------------------- governance.py (pp. 16, 21)


def _row_of(office):
    return [r for r in range(3) if T.board[r] == office][0]


def _col_of(office):
    return [c for c in range(3) if T.board[3 + c] == office][0]


def test_majority_counts_large_as_two_and_detects_ties():
    fx = neutral()
    r = _row_of(O.STRATEGOS)
    fx.place(0, r * 3 + 0, LARGE)
    fx.place(0, r * 3 + 1, SMALL)
    fx.place(1, r * 3 + 2, LARGE)
    assert governance.majority(fx.s, governance.LINE_ROW, r) == (1, False)
    fx.place(1, r * 3 + 0, SMALL)
    holders, tie = governance.majority(fx.s, governance.LINE_ROW, r)
    assert holders == 0b11 and tie
    assert governance.majority(fx.s, governance.LINE_ROW, (r + 1) % 3) == (0, False)


@pytest.mark.parametrize("office,unit,glory", [(O.TAMIAS, O.WORKER, 2), (O.TRIERARCH, O.SHIP, 1),
                                               (O.STRATEGOS, O.HOPLITE, 5)])
def test_row_officials_majority(office, unit, glory):
    fx = neutral()
    fx.units(0, unit, port=1, camp=1)
    governance.row_official(*fx.a, office, 0b001, False, fx.rng)
    assert fx[L.UNITS_CAMP + unit] == 0 and fx[L.UNITS_HOME + unit] == 1
    assert fx.glory(0) == 0
    governance.row_official(*fx.a, office, 0b010, False, fx.rng)  # nothing ostracized
    assert fx.glory(1, L.SRC_OFFICES) == glory
    assert fx.check() == 0


def test_row_official_may_bring_home_a_diplomat_instead():
    fx = neutral()
    fx.diplomats(0, stoa=7, camp=1)
    fx.steer(0, [(2, 1)])
    governance.row_official(*fx.a, O.STRATEGOS, 0b001, False, fx.rng)
    assert fx[L.DIPS_CAMP] == 0 and fx.glory(0) == 0


def test_row_official_ties():
    fx = neutral()
    governance.row_official(*fx.a, O.TAMIAS, 0b011, True, fx.rng)
    assert fx[L.SILVER + 0] == 2 and fx[L.SILVER + 1] == 2 and fx[L.SILVER + 2] == 0
    governance.row_official(*fx.a, O.TRIERARCH, 0b110, True, fx.rng)
    assert fx[L.MISSIONS_HELD + 1] == 1 and fx[L.MISSIONS_HELD + 2] == 1
    governance.row_official(*fx.a, O.STRATEGOS, 0b101, True, fx.rng)
    assert fx.glory(0, L.SRC_OFFICES) == 2 and fx.glory(2, L.SRC_OFFICES) == 2
    assert fx.check() == 0


def test_column_officials():
    fx = neutral()
    governance.column_official(fx.s, T, O.ECCLESIA, 0b001, False, fx.rng)
    governance.column_official(fx.s, T, O.ARCHON, 0b010, False, fx.rng)
    governance.column_official(fx.s, T, O.BOULE, 0b100, False, fx.rng)
    assert fx[L.AMPHORAS] == 2 and sum(fx.s[L.HAND_ICONS + 4:L.HAND_ICONS + 8]) == 2
    assert fx[L.TROPHIES + 2] == 2
    governance.column_official(fx.s, T, O.ECCLESIA, 0b011, True, fx.rng)
    governance.column_official(fx.s, T, O.BOULE, 0b110, True, fx.rng)
    assert fx[L.AMPHORAS] == 3 and fx[L.AMPHORAS + 1] == 1
    assert fx[L.TROPHIES + 1] == 1 and fx[L.TROPHIES + 2] == 3
    assert fx.check() == 0


def test_first_player_majority_and_tie_rule():
    fx = neutral()
    fx.place(2, 0, LARGE)
    governance.first_player_token(fx.s)
    assert fx[L.FIRST] == 2
    fx2 = neutral()  # first player 0; seats 0 and 2 tie: seat 1 is not tied, seat 2 is next
    fx2.place(0, 0, SMALL)
    fx2.place(2, 4, SMALL)
    governance.first_player_token(fx2.s)
    assert fx2[L.FIRST] == 2
    fx3 = neutral()
    fx3.s[L.FIRST] = 1
    fx3.place(0, 0, SMALL)
    fx3.place(1, 8, SMALL)
    governance.first_player_token(fx3.s)
    assert fx3[L.FIRST] == 0  # after seat 1 comes seat 2 (not tied), then seat 0
    fx4 = neutral()
    fx4.s[L.FIRST] = 1
    governance.first_player_token(fx4.s)
    assert fx4[L.FIRST] == 1  # nobody on the diagonal: the token stays


def test_demagogue_in_governance():
    fx = neutral(players=2)
    dem = 2
    r = _row_of(O.STRATEGOS)
    fx.place(dem, r * 3, LARGE)
    fx.place(0, r * 3 + 1, SMALL)
    holders, tie = governance.majority(fx.s, governance.LINE_ROW, r)
    assert holders == 1 << dem and not tie
    governance.row_official(*fx.a, O.STRATEGOS, holders, tie, fx.rng)
    assert fx.glory(0) == 0 and fx.glory(1) == 0  # an Office it wins rewards no one
    governance.row_official(*fx.a, O.STRATEGOS, (1 << dem) | 1, True, fx.rng)
    assert fx.glory(0, L.SRC_OFFICES) == 2  # only the tied real player
    fx2 = neutral(players=2)
    fx2.s[L.FIRST] = 0
    fx2.place(dem, 0, LARGE)
    fx2.place(1, 4, SMALL)
    governance.first_player_token(fx2.s)
    assert fx2[L.FIRST] == 1  # it holds the diagonal: the real player with the most there


def test_governance_end_of_round_returns_citizens_athens_builds_integrates_unlocks():
    fx = neutral()
    for seat in range(3):
        fx.place(seat, seat * 4, SMALL)
        fx.place(seat, (seat * 4 + 1) % 9, SMALL)
    stack = fx[L.CITY_STACK_N]
    built = int(fx.s[L.PARTHENON:L.PARTHENON + 8].sum())
    governance.governance(*fx.a, fx.rng, fx.ev)
    assert fx.s[L.AGORA_CITIZEN:L.AGORA_CITIZEN + 45].sum() == 0
    assert all(fx[L.SMALL_PLACED + seat] == 0 for seat in range(3))
    assert int(fx.s[L.PARTHENON:L.PARTHENON + 8].sum()) == built + 1
    assert fx[L.CITY_STACK_N] == stack - 1
    assert sum(1 for k in range(9) if fx[L.AGORA_TILE + k] >= 0) == 1
    assert all(fx[L.LARGE_UNLOCKED + seat] == 1 for seat in range(3))
    assert fx.check() == 0
    fx.s[L.ROUND] = 2
    governance.unlock_citizens(fx.s, T, fx.ev)
    assert all(fx[L.SMALL_UNLOCKED + seat] == 3 for seat in range(3))


# ---------------------------------------------------------------- demagogue.py (p. 21)


def test_demagogue_citizen_schedule():
    assert [demagogue_citizens(r) for r in (1, 2, 3, 7)] == [2, 3, 4, 4]
    fx = neutral(players=2)
    assert demagogue_citizen_size(fx.s) == SMALL
    fx.s[L.ROUND] = 2
    assert demagogue_citizen_size(fx.s) == LARGE
    fx.s[L.DEM_PLACED] = 1
    assert demagogue_citizen_size(fx.s) == SMALL


def test_demagogue_places_on_its_card_space_or_the_next_in_reading_order():
    fx = neutral(players=2)
    dem = 2
    card = fx[L.DEM_DECK + 0]
    space = T.demagogue[card, 0]
    fx.place(dem, space, SMALL)
    fx.s[L.DEM_PLACED] = 1
    fx.s[L.ACTIVE] = dem
    demagogue_turn(*fx.a, fx.rng, fx.ev)
    assert fx[L.AGORA_CITIZEN + ((space + 1) % 9) * 5 + dem] == SMALL
    assert fx[L.DEM_NEXT] == 1 and fx[L.DEM_PLACED] == 2
    assert fx.check() == 0


# ---------------------------------------------------------------- scoring.py (p. 17)


def test_setup_bonus_comes_before_the_pieces_are_set_out():
    # p. 5: step 10 gains the Setup bonus, step 11 places the pieces; a bonus that brings a
    # piece home therefore finds the Veteran's Setup-card Diplomat not yet in the Camp
    content = load_content(overrides={"roles.veteran.bonus": [["bring_home", 1]]})
    fx = Fx(content=content)
    assert fx[L.ROLE] == ROLE["veteran"]
    assert fx[L.DIPS_CAMP] == content.packed[0].roles[ROLE["veteran"], 6] == 1
    assert fx.check() == 0


def test_final_scoring_lines():
    fx = neutral()
    fx.all_units(0, home=(1, 0, 0), port=(1, 1, 0), camp=(0, 1, 2))
    fx.diplomats(0, home=2, stoa=5, camp=1)  # 4 pieces ostracized: -16
    fx.set_goods(0, silver=14, amphoras=3, trophies=2)
    fx.give_athena(0, CUL, 1)
    for m in ("thasian_mines", "helot_revolt", "archidamos", "sacred_war", "egyptian_expedition",
              "boiotian_league"):
        fx.give_mission(0, MISSION[m])
    fx.s[L.SMALL_UNLOCKED] = 3
    fx.s[L.LARGE_UNLOCKED] = 1
    fx.place(0, 0, SMALL)
    final_scoring(fx.s, T)
    g = fx.glory
    assert g(0, L.SRC_END_HOME) == 3
    assert g(0, L.SRC_END_OSTRACISM) == -16
    assert g(0, L.SRC_END_CITIZENS) == 2 * 10 + 20
    assert g(0, L.SRC_END_MISSIONS) == 10  # 6 Missions, at most 10
    assert g(0, L.SRC_END_SILVER) == 10
    assert g(0, L.SRC_END_GOODS) == 10 + 4 + 1
    assert fx.check() == 0


def test_goods_scale():
    assert [goods_glory(T, n) for n in range(6)] == [0, 1, 4, 10, 10, 10]


def test_citizens_returned_by_governance_count_as_used():
    fx = neutral()
    fx.s[L.PHASE] = L.PHASE_GOVERNANCE
    final_scoring(fx.s, T)
    assert fx.glory(0, L.SRC_END_CITIZENS) == 0


def test_tie_breaks():
    fx = neutral()
    ranks = np.zeros(5, np.int32)
    won = np.zeros(5, np.int32)
    fx.s[L.GLORY:L.GLORY + 3] = [30, 30, 20]
    fx.set_goods(0, silver=3)
    fx.set_goods(1, silver=5)
    rank_players(fx.s, ranks, won)
    assert list(won[:3]) == [0, 1, 0] and list(ranks[:3]) == [2, 1, 3]
    fx.set_goods(0, silver=5)
    rank_players(fx.s, ranks, won)
    assert list(won[:3]) == [1, 1, 0]  # shared victory


# ---------------------------------------------------------------- core.py: decks (p. 9)


def test_athena_deck_reshuffles_its_discard_and_skips_when_both_are_empty():
    fx = neutral()
    n = fx[L.ATHENA_DECK_N]
    for _ in range(n):
        c = draw_athena(fx.s, T, fx.rng)
        fx.s[L.ATHENA_LOC + c] = L.LOC_DISCARD
    assert fx[L.ATHENA_DECK_N] == 0
    discard = int((fx.s[L.ATHENA_LOC:L.ATHENA_LOC + T.athena.shape[0]] == L.LOC_DISCARD).sum())
    c = draw_athena(fx.s, T, fx.rng)
    assert c >= 0 and fx[L.ATHENA_DECK_N] == discard - 1  # the whole discard reshuffled
    assert fx[L.ATHENA_LOC + c] == L.LOC_DECK  # the caller decides where it goes
    fx.s[L.ATHENA_LOC + c] = 1
    fx.s[L.HAND_ICONS + 4 + T.athena[c, 0]] += 1
    while fx[L.ATHENA_DECK_N] > 0:
        gain_athena(fx.s, T, 1, 1, fx.rng)
    held = sum(fx.s[L.HAND_ICONS + 4:L.HAND_ICONS + 8])
    gain_athena(fx.s, T, 1, 2, fx.rng)  # deck and discard empty: the draw is skipped
    assert sum(fx.s[L.HAND_ICONS + 4:L.HAND_ICONS + 8]) == held
    assert fx.check() == 0


# ---------------------------------------------------------------- skills.py (p. 19)


def test_build_skill_draw_n_plus_1_keep_1_once_per_round():
    fx = neutral(skills=True)
    deck = fx[L.SKILL_DECK_N]
    up = fx[L.SKILLS_UP]
    gain_skill_from_build(*fx.a, 0, 1, fx.rng, fx.ev)
    assert fx[L.SKILL_DECK_N] == deck - 2
    assert fx[L.SKILLS_UP] == up + 1
    discarded = [k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == L.LOC_DISCARD]
    assert len(discarded) == 1
    gain_skill_from_build(*fx.a, 0, 1, fx.rng, fx.ev)  # a second Skill this round: none
    assert fx[L.SKILL_DECK_N] == deck - 2
    fx.s[L.ROUND] = 2
    gain_skill_from_build(*fx.a, 0, 1, fx.rng, fx.ev)
    assert fx[L.SKILLS_UP] == up + 2
    assert fx.check() == 0


def test_fourth_skill_tucks_one_and_tucked_still_scores():
    fx = neutral(skills=True)
    seat = 0
    held = [k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == seat]
    spare = [k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == L.LOC_DECK]
    for k in spare[:3]:
        n = fx[L.SKILL_DECK_N]
        deck = [x for x in fx.s[L.SKILL_DECK:L.SKILL_DECK + n] if x != k]
        fx.s[L.SKILL_DECK:L.SKILL_DECK + n - 1] = deck
        fx.s[L.SKILL_DECK_N] = n - 1
        take_skill(*fx.a, seat, k, fx.rng, fx.ev)
    mine = held + spare[:3]
    assert fx[L.SKILLS_UP] == 3
    tucked = [k for k in mine if fx[L.SKILL_TUCKED + k] == 1]
    assert len(tucked) == 1
    assert fx.check() == 0
    final_scoring(fx.s, T)
    assert fx.glory(seat, L.SRC_END_SKILLS) == sum(T.skills[k, 2] for k in mine)


def test_tucked_skill_power_is_off():
    fx = neutral(skills=True)
    k = SKILL["phalanx"]  # send_hoplite: +1 Glory
    fx.s[L.SKILL_LOC + k] = 1
    fx.s[L.SKILLS_UP + 1] += 1
    fire_skills(fx.s, T, 1, O.TRIG_SEND_HOPLITE, fx.rng)
    assert fx.glory(1, L.SRC_EFFECTS) == 1
    fx.s[L.SKILL_TUCKED + k] = 1
    fx.s[L.SKILLS_UP + 1] -= 1
    fire_skills(fx.s, T, 1, O.TRIG_SEND_HOPLITE, fx.rng)
    assert fx.glory(1, L.SRC_EFFECTS) == 1


# ---------------------------------------------------------------- invariants.py


def test_check_state_detects_broken_states():
    fx = neutral()
    assert check_state(fx.s, T) == 0
    fx.s[L.SILVER] += 1
    assert check_state(fx.s, T) == V_SILVER
    fx = neutral()
    fx.s[L.GLORY] += 1
    assert check_state(fx.s, T) == V_GLORY_SOURCES
    fx = neutral()
    fx.s[L.UNITS_PORT] += 1
    assert check_state(fx.s, T) == V_UNITS
    fx2 = Fx()
    fx2.s[L.NIGHT + 1] = 1
    assert check_state(fx2.s, T) != 0


def test_only_unfulfilled_missions_score_at_the_end():
    fx = neutral()
    fx.set_goods(0, amphoras=3)
    fx.give_mission(0, MISSION["persian_gold"])  # Sparta side: 3 Amphoras -> fulfilled
    fx.give_mission(0, MISSION["helot_revolt"])  # neither side met
    final_scoring(fx.s, T)
    assert fx.glory(0, L.SRC_END_MISSIONS) == 2


def test_free_column_reward_never_raises_a_roof():
    fx = neutral()
    for piece in range(6):
        fx.s[L.PARTHENON + piece] = L.PIECE_CAPACITY[piece]
    assert build_and_score(*fx.a, 0, -1, fx.rng, fx.ev) == 0
    assert fx[L.PARTHENON + L.PIECE_ROOF_UPPER] == 0 and fx[L.PARTHENON + L.PIECE_ROOF_LOWER] == 0
    assert piece_options(fx.s, fx.opts, True) == 6  # a Build action may raise either roof
