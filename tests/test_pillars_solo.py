"""Solo Mode (p. ~21): the mode setting, the Tyrant's setup (his City-state, Basic deck,
gifts, wheels), how he spends, his decks, each Rondel action and its Improved version,
Relocation, his Status Check and Replenish Turn, the combats, his scoring, whole games and
the commands. sim/games/pillars/rules/{solo_setup,wheels,tyrant*,relocate,solo_combat}.py."""

import numpy as np
import pyarrow.parquet as pq
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_KIND,
    C_POWER,
    DECKS,
    P_NUMBER,
    ST_ADD,
    ST_REMOVE,
    STRATEGY,
    WILD,
    load_content,
)
from sim.games.pillars.events import EV_COMBAT, EV_PROPHECY_CLAIMED, EV_RELOCATE
from sim.games.pillars.game import PillarsSetup, simulate
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.modes import ModeError, canonical, check_players, parse_mode
from sim.games.pillars.rules.abilities import perseus
from sim.games.pillars.rules.board import SECTION_BUILD, SECTION_DEPLOY
from sim.games.pillars.rules.end import final_scoring
from sim.games.pillars.rules.prophecy import top_prophecy
from sim.games.pillars.rules.relocate import K_HOPLITE, K_WORKER, relocate_ship, relocate_units
from sim.games.pillars.rules.solo_combat import tyrant_attacks, you_may_attack
from sim.games.pillars.rules.tracks import MERCENARY, MILITARY, TITAN
from sim.games.pillars.rules.tyrant import tyrant_replenish, tyrant_status, tyrant_turn
from sim.games.pillars.rules.tyrant_actions import (
    improved_actions,
    take_piece,
    tyrant_ascend,
    tyrant_build,
    tyrant_deploy,
    tyrant_procure,
    tyrant_settle,
)
from sim.games.pillars.rules.tyrant_cards import (
    basic_to_bottom,
    can_spend,
    replenish_decks,
    reveal_active,
    to_resource_deck,
    tyrant_spend,
)
from sim.games.pillars.rules.tyrant_gains import gain_card
from sim.games.pillars.rules.tyrant_spaces import TO_PORT, TO_SEA
from sim.games.pillars.rules.wheels import land_rank, set_wheels
from tests.cli_process import error_line, sim
from tests.pillars_fixtures import (
    CARD,
    CONTENT,
    GOLD,
    IRON,
    MARBLE,
    WINE,
    WOOD,
    T,
    common_city,
    events,
    game,
    kit,
    land,
    pillar,
    put,
    region,
    script,
    turn_scratch,
)

CITY_STATES = CONTENT.names["city_states"]
TYRANT, YOU = L.TYRANT, L.SOLO_PLAYER
HELMET, CORNUCOPIA, EAGLE = range(3)
MED = "mediterranean"


def solo(board="aegean", tyrant="sparta", you="athenai", seed=5):
    """A Solo game set up, in round 2: the Tyrant (seat 0) leads ``tyrant``, you ``you``."""
    s = game(board, 2, seed=seed, mode="solo", city_states=(tyrant, you))
    s[L.ROUND] = 2
    return s


def pile(s, base, n):
    return [int(x) for x in s[base:base + n]]


def basic(s):
    return pile(s, L.DECK, s[L.DECK_N + TYRANT])


def wheel_order(s, tracks_clockwise):
    """Lay the Track tiles round the board in this clockwise order (Tables.score_order),
    then the wheels."""
    side = s[L.SIDE]
    for k, track in enumerate(tracks_clockwise):
        s[L.REGION_TRACK + T.score_order[side, k]] = track
    set_wheels(s, T)


def resource_cards(s, *names):
    """Cards into his Resource deck (out of their Procurement decks), the last on top."""
    for name in names:
        card = CARD[name]
        for slot in range(L.N_PROC):
            deck = L.PROC_DECK + slot * L.MAX_PROC_DECK
            cards = pile(s, deck, s[L.PROC_N + slot])
            if card in cards:
                cards.remove(card)
                s[deck:deck + L.MAX_PROC_DECK] = -1
                s[deck:deck + len(cards)] = cards
                s[L.PROC_N + slot] = len(cards)
        n = s[L.SOLO_RES_N]
        s[L.SOLO_RES_DECK + n] = card
        s[L.SOLO_RES_N] = n + 1


def no_basic(s):
    """His Basic deck onto its discard pile (so it pays nothing)."""
    for card in basic(s):
        s[L.DISCARD + s[L.DISCARD_N + TYRANT]] = card
        s[L.DISCARD_N + TYRANT] += 1
    s[L.DECK:L.DECK + L.MAX_PILE] = -1
    s[L.DECK_N + TYRANT] = 0


def deplete_home(s):
    """His starting Pillar onto its Resource tile (so it pays nothing)."""
    s[L.LAND_PILLAR_ON_RES + T.city_start[s[L.SIDE], s[L.CITY_STATE + TYRANT]]] = 1


def assert_consistent(s):
    assert check_state(s, T) == V_OK


# ---- the mode setting ------------------------------------------------------------------


def test_solo_is_a_two_player_standard_game_with_no_other_mode():
    assert parse_mode("solo") == ("standard", ("solo",))
    assert canonical("standard+solo") == "solo"
    for bad in ("solo+symmachia", "short+solo", "solo+atlantis"):
        with pytest.raises(ModeError, match="combines with no other mode"):
            parse_mode(bad)
    check_players("solo", 2)
    with pytest.raises(ModeError, match="played by 2 players"):
        check_players("solo", 3)


# ---- setup (p. ~21) --------------------------------------------------------------------


def test_setup_removes_the_cards_seats_the_tyrant_first_and_builds_his_basic_deck():
    s = solo(tyrant="korinthos", you="athenai")
    for name in ("spy", "diplomat", "theatre"):
        assert s[L.CARD_OUT + CARD[name]] == 1
    hestia = CONTENT.names["mythology"].index("hestia")
    assert s[L.MYTH_OUT + hestia] == 1
    for deck in range(L.N_DECKS):
        assert hestia not in pile(s, L.MYTH_DECK + deck * L.MAX_MYTH_DECK, s[L.MYTH_N + deck])
    assert s[L.FIRST] == TYRANT and CITY_STATES[s[L.CITY_STATE + TYRANT]] == "korinthos"
    assert s[L.HAND_N + TYRANT] == 0 and s[L.DECK_N + YOU] == 10 - 6  # you draw the second seat's 6
    tile = CITY_STATES.index("korinthos")
    want = list(range(10))
    for k in range(2):
        want.remove(int(T.solo_tiles[tile, ST_REMOVE + k]))
        want.append(int(T.solo_tiles[tile, ST_ADD + k]))
    assert sorted(basic(s)) == sorted(want)  # 1 Explorer, 1 Blacksmith out; 2 Merchants in
    assert s[L.SOLO_POP_N] == T.population.shape[0] - sum(
        s[L.LAND_POP + k] >= 0 for k in range(L.N_LANDS))
    assert_consistent(s)


def test_the_tyrant_starts_in_another_region_and_only_a_city_state_with_an_aid():
    for seed in range(6):
        s = game("aegean", 2, seed=seed, mode="solo", city_states=("draft", "draft"))
        side = s[L.SIDE]
        home = [T.land_region[side, T.city_start[side, s[L.CITY_STATE + seat]]] for seat in (0, 1)]
        assert home[0] != home[1]
        assert T.solo_tiles[s[L.CITY_STATE + TYRANT], 0] >= 0


def test_setup_gifts_by_face():
    s = solo("aegean", tyrant="athenai", you="sparta")
    assert s[L.EFFECTS_HELD + TYRANT * L.N_EFFECTS + STRATEGY.index("strategic_initiative")] == 1
    s = solo(MED, tyrant="larissa", you="sparta")  # Tarsos
    assert s[L.EFFECTS_HELD + TYRANT * L.N_EFFECTS + STRATEGY.index("phalanx_formation")] == 1
    s = solo(MED, tyrant="pella", you="sparta")  # Ephesos: the lower Temple at home
    home = T.city_start[s[L.SIDE], CITY_STATES.index("pella")]
    assert s[L.LAND_BUILDING + home * L.MAX_PLAYERS + TYRANT] == L.B_TEMPLE
    assert s[L.BUILD_LEFT + (0 * L.MAX_ROWS + 1) * L.N_BUILDING_KINDS + L.B_TEMPLE] == 0
    assert s[L.BUILD_LEFT + L.B_TEMPLE] == 1  # the top Temple stays: Procure not Improved
    s = solo("aegean", tyrant="korinthos", you="miletos")
    steps = s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS]
    assert sorted(steps) == [1] * L.N_TRACKS  # his start track and step 1 on all others
    for s in (solo("aegean", tyrant="athenai", you="sparta"), solo(MED, tyrant="pella", you="sparta")):
        assert_consistent(s)


def test_the_land_type_wheel_of_the_sparta_example():
    """Sparta prefers Iron then Gold and the Helmet first: with Iron beside Wild the Helmet
    goes beside Gold, then Eagle and Cornucopia clockwise (p. ~21)."""
    s = solo("aegean", tyrant="sparta", you="athenai")
    wheel_order(s, (MILITARY, TITAN, MERCENARY, 0, 2, 3))
    assert list(s[L.SOLO_WHEEL:L.SOLO_WHEEL + 3]) == [IRON, WILD, GOLD]
    assert list(s[L.SOLO_ICONS:L.SOLO_ICONS + 3]) == [CORNUCOPIA, HELMET, EAGLE]
    wheel_order(s, (MILITARY, MERCENARY, TITAN, 0, 2, 3))  # Iron apart from Wild
    assert s[L.SOLO_ICONS] == HELMET


def test_a_land_is_ranked_by_its_region_on_the_resource_wheel_then_its_icon():
    s = solo("aegean")
    resource = s[L.SOLO_WHEEL + 2]
    side = s[L.SIDE]
    first = T.score_order[side, 2]
    ranked = sorted(range(L.BOARD_LANDS), key=lambda k: land_rank(s, T, k, resource))
    assert {T.land_region[side, k] for k in ranked[:3]} == {first}
    assert T.land_icon[side, ranked[0]] == s[L.SOLO_ICONS + 1]  # the icon beside space 2


# ---- decks and spending (p. ~24) --------------------------------------------------------


def test_his_draw_moves_the_basic_discard_top_under_the_basic_deck():
    s = solo()
    top = reveal_active(s)
    assert s[L.PLAYED] == top and s[L.DECK_N + TYRANT] == 9
    s[L.DISCARD + s[L.DISCARD_N + TYRANT]] = top
    s[L.DISCARD_N + TYRANT] += 1
    assert basic_to_bottom(s) == top and basic(s)[0] == top and s[L.DISCARD_N + TYRANT] == 0
    assert basic_to_bottom(s) == -1  # an empty discard pile: nothing


def test_spending_takes_resource_cards_first_and_never_overpays_when_a_single_can_pay():
    s = solo()
    ev = kit()[0]
    resource_cards(s, "oracle", "character_8")
    assert can_spend(s, T) == 2 * 2 + 1 + 10  # two cards, his starting Pillar, his Basic deck
    assert tyrant_spend(s, T, ev, 3, WINE) == 3  # the Pillar's single, then one Resource card
    assert s[L.SOLO_RES_N] == 1 and s[L.SOLO_RES_DISCARD_N] == 1
    assert s[L.DECK_N + TYRANT] == 10 and s[L.DISCARD_N + TYRANT] == 0


def test_an_odd_count_paid_by_resource_cards_alone_overpays_by_one():
    s = solo()
    ev = kit()[0]
    no_basic(s)
    deplete_home(s)
    resource_cards(s, "oracle", "character_8")
    assert tyrant_spend(s, T, ev, 3, WINE) == 4 and s[L.SOLO_RES_N] == 0


def test_short_of_the_count_he_spends_all_he_has_and_acts_anyway():
    s = solo()
    ev = kit()[0]
    no_basic(s)
    deplete_home(s)
    resource_cards(s, "oracle")
    assert tyrant_spend(s, T, ev, 7, WINE) == 2 and can_spend(s, T) == 0


def test_a_pillar_pays_a_single_before_a_basic_card():
    s = solo()
    ev = kit()[0]
    home = T.city_start[s[L.SIDE], s[L.CITY_STATE + TYRANT]]
    assert s[L.LAND_PILLAR + home] == TYRANT and s[L.LAND_PILLAR_ON_RES + home] == 0
    assert tyrant_spend(s, T, ev, 1, WINE) == 1
    assert s[L.LAND_PILLAR_ON_RES + home] == 1 and s[L.DECK_N + TYRANT] == 10


def test_replenish_reshuffles_both_decks():
    s = solo()
    rng = kit()[3]
    no_basic(s)
    resource_cards(s, "oracle", "character_8")
    s[L.SOLO_RES_DISCARD] = s[L.SOLO_RES_DECK + 1]
    s[L.SOLO_RES_DECK + 1] = -1
    s[L.SOLO_RES_N], s[L.SOLO_RES_DISCARD_N] = 1, 1
    replenish_decks(s, rng)
    assert s[L.DECK_N + TYRANT] == 10 and s[L.DISCARD_N + TYRANT] == 0
    assert s[L.SOLO_RES_N] == 2 and s[L.SOLO_RES_DISCARD_N] == 0


# ---- the Rondel actions (pp. ~26-31) --------------------------------------------------


def on_top(s, card):
    """Prophecy ``card`` face up on top of the first open Region's stack."""
    for region_ in range(L.N_REGIONS):
        base = L.REGION_PROPHECY + region_ * L.N_ERAS
        for k in range(s[L.REGION_PROPHECY_N + region_]):
            if s[base + k] == card:
                s[base + k] = -1
    for region_ in range(L.N_REGIONS):
        n = s[L.REGION_PROPHECY_N + region_]
        if n > 0:
            s[L.REGION_PROPHECY + region_ * L.N_ERAS + n - 1] = card
            s[L.REGION_PROPHECY_UP + region_] = 1
            return region_
    raise AssertionError("no open Region")


def test_build_example_least_built_citadel_skips_your_citadel_for_the_next_icon():
    """Gold: his least-Built type, Citadel first; the Mercenary track's Region, Iberia; its
    Eagle Land Massalia holds your Citadel, so the Cornucopia's, Thartessos (p. ~26). You
    lead Massalia, which keeps Iberia open."""
    s = solo(MED, tyrant="sparta", you="phokaia")
    ev, work, opts, rng = kit()
    wheel_order(s, (MERCENARY, 0, TITAN, 2, MILITARY, 3))
    assert list(s[L.SOLO_ICONS:L.SOLO_ICONS + 3]) == [EAGLE, CORNUCOPIA, HELMET]
    massalia, thartessos = land("massalia", MED), land("thartessos", MED)
    put(s, massalia, YOU, building=L.B_CITADEL)
    resource_cards(s, "oracle")
    tyrant_build(s, T, ev, T.solo_rules[GOLD], GOLD, turn_scratch())
    assert s[L.LAND_BUILDING + thartessos * L.MAX_PLAYERS + TYRANT] == L.B_CITADEL
    assert s[L.SOLO_RES_N] == 0 and s[L.SOLO_RES_DISCARD_N] == 1  # 2 Resources: one card
    assert s[L.DECK_N + TYRANT] == 10
    assert s[L.LAND_WORKERS + thartessos * L.MAX_PLAYERS + TYRANT] == 1
    assert L.PORT + thartessos in pile(s, L.SHIP_SPACE, L.MAX_SHIPS)
    assert s[L.LAND_POP_UP + thartessos] == 1 and s[L.LAND_RES_UP + thartessos] == 1
    assert_consistent(s)


def test_settle_example_relocates_then_pays_power_with_a_resource_card_and_claims():
    """Wine: the Region where he Controls most other spaces, Sterea Ellada; Euboia and
    Aitolia hold Pillars, so Attika (Helmet): his one Hoplite and a Ship come, 4 Power
    against its tile's 4, a Resource card of Power 3 makes it, the Pillar, the claim
    (p. ~27)."""
    s = solo("aegean", tyrant="thebai", you="sparta")
    ev, work, opts, rng = kit()
    attika, aitolia, euboia = land("attika"), land("aitolia"), land("euboia")
    pillar(s, TYRANT, aitolia)
    s[L.LAND_POP + aitolia] = -1
    s[L.LAND_POP + attika] = 1  # a Helmet camp of Power 4
    s[L.LAND_POP_UP + attika] = 0
    resource_cards(s, "character_8")
    claimed_region = on_top(s, 0)  # a Pillars quest
    track = s[L.REGION_TRACK + region("sterea_ellada")]
    step = s[L.TRACK_STEP + TYRANT * L.N_TRACKS + track]
    tyrant_settle(s, T, W_NONE, ev, T.solo_rules[WINE], WINE, work, opts, turn_scratch(), rng)
    assert s[L.LAND_PILLAR + attika] == TYRANT and s[L.LAND_POP + attika] == -1
    assert s[L.LAND_HOPLITES + attika * L.MAX_PLAYERS + TYRANT] == 1
    assert s[L.LAND_HOPLITES + euboia * L.MAX_PLAYERS + TYRANT] == 0
    assert L.PORT + attika in pile(s, L.SHIP_SPACE, L.MAX_SHIPS)
    assert s[L.SOLO_RES_DISCARD_N] == 1  # the card of Power 3
    assert s[L.TRACK_STEP + TYRANT * L.N_TRACKS + track] == step + 1  # the camp's step
    assert s[L.PROPHECY_OWNER + 0] == TYRANT
    assert events(s, ev, EV_PROPHECY_CLAIMED)[0][:2] == (0, claimed_region)
    assert_consistent(s)


W_NONE = script()


def test_settle_with_every_named_land_settled_builds_a_city_there_instead():
    s = solo("aegean", tyrant="thebai", you="sparta")
    ev, work, opts, rng = kit()
    side = s[L.SIDE]
    for k in range(L.BOARD_LANDS):
        if s[L.LAND_PILLAR + k] < 0 and T.land_region[side, k] != region("iona"):
            s[L.LAND_PILLAR + k] = YOU  # stand-ins: no invariant is checked here
    for k in T.region_lands[side, region("iona")]:
        s[L.LAND_PILLAR + k] = YOU
    cities = s[L.CITIES_BUILD]
    tyrant_settle(s, T, W_NONE, ev, T.solo_rules[WOOD], WOOD, work, opts, turn_scratch(), rng)
    assert s[L.CITIES_BUILD] == cities - 1


def test_procure_takes_the_options_cards_and_the_improved_one_under_his_resource_deck():
    s = solo()
    ev = kit()[0]
    before = [s[L.PROC_N + k] for k in range(L.N_PROC)]
    tyrant_procure(s, T, ev, T.solo_rules[IRON], IRON, turn_scratch())  # 2 Characters
    assert s[L.SOLO_RES_N] == 2
    assert all(T.cards[c, C_KIND] == L.KIND_CHARACTER for c in pile(s, L.SOLO_RES_DECK, 2))
    take_piece(s, SECTION_BUILD, L.B_TEMPLE, 0)  # his top Temple Built: Improved
    s[L.LAND_BUILDING + land("lakonia") * L.MAX_PLAYERS + TYRANT] = L.B_TEMPLE
    tyrant_procure(s, T, ev, T.solo_rules[MARBLE], MARBLE, turn_scratch())  # a Monument, +1
    # 6 Resources for two Monuments: the two Characters (4), then singles; the Monuments
    # go under his Resource deck after he paid
    assert s[L.SOLO_RES_DISCARD_N] == 2 and s[L.SOLO_RES_N] == 2
    assert all(T.cards[c, C_KIND] == L.KIND_MONUMENT for c in pile(s, L.SOLO_RES_DECK, 2))
    assert sum(before) - sum(s[L.PROC_N + k] for k in range(L.N_PROC)) == 4


def test_deploy_places_the_unit_by_the_wheels_and_relocates_to_the_least_of_your_cities():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev, work, opts, rng = kit()
    no_basic(s)
    deplete_home(s)
    home = land("lakonia")
    tyrant_deploy(s, T, W_NONE, ev, T.solo_rules[IRON], IRON, opts, turn_scratch(), rng)
    # a Hoplite at his only City, then all his free Hoplites to your City of least Power,
    # where they attack, lose against your City and go back to his nearest City
    attika = land("attika")
    assert [e[0] for e in events(s, ev, EV_RELOCATE) if e[2] == attika] == [K_HOPLITE] * 2
    assert events(s, ev, EV_COMBAT) == [(attika, TYRANT, 0)]
    assert s[L.LAND_HOPLITES + home * L.MAX_PLAYERS + TYRANT] == 2


def test_ascend_steps_what_he_can_pay_cities_first_and_a_free_step_when_he_cannot():
    s = solo()
    ev, work, opts, rng = kit()
    no_basic(s)
    deplete_home(s)
    steps = list(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS])
    tyrant_ascend(s, T, W_NONE, ev, WINE, work, opts, turn_scratch(), rng)
    after = list(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS])
    assert sum(after) - sum(steps) == 1  # nothing to pay with: one free step
    resource_cards(s, "oracle", "character_8", "character_9")  # 6 Resources
    tyrant_ascend(s, T, W_NONE, ev, WINE, work, opts, turn_scratch(), rng)
    again = list(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS])
    paid = sum(step for step, old in zip(again, after, strict=True) if step > old)
    assert sum(again) - sum(after) >= 2 and paid <= 6 + len(after)


def test_improved_actions_follow_the_top_pieces_leaving_his_board_until_all_come_back():
    """A reminder tile leaves with the top piece over it and returns only when a piece sent
    back fills the last slot of its kind (Hyperion, Iapetos, p. 31); Ephesos's lower Temple,
    out from setup, uncovers nothing."""
    s = solo(MED, tyrant="pella", you="sparta")
    assert improved_actions(s, T) == 0
    take_piece(s, SECTION_DEPLOY, L.U_WORKER, 0)
    take_piece(s, SECTION_BUILD, L.B_CITADEL, 0)
    build, deploy = (1 << L.IMPROVED_ACTIONS.index(a) for a in ("build", "deploy"))
    assert improved_actions(s, T) == build | deploy
    take_piece(s, SECTION_DEPLOY, L.U_WORKER, 1)
    s[L.DEPLOY_LEFT + L.U_WORKER] = 1  # a Worker sent back fills the top slot again
    assert improved_actions(s, T) == build | deploy
    s[L.DEPLOY_LEFT + L.N_UNIT_KINDS + L.U_WORKER] = 1  # and the last one
    assert improved_actions(s, T) == deploy


# ---- Relocation, Status Check, Replenish (pp. ~22-24) -----------------------------------


def test_relocation_takes_the_nearest_unit_once_a_turn_and_counts_one_already_there():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev = kit()[0]
    home, argolis, korinthia = land("lakonia"), land("argolis"), land("korinthia")
    put(s, argolis, TYRANT, workers=1)
    assert relocate_units(s, T, ev, K_WORKER, 2, korinthia, WINE) == 2
    assert s[L.LAND_WORKERS + korinthia * L.MAX_PLAYERS + TYRANT] == 2
    assert relocate_units(s, T, ev, K_WORKER, 1, home, WINE) == 0  # both moved this turn
    assert relocate_units(s, T, ev, K_HOPLITE, 1, home, WINE) == 1  # his Hoplite is there
    assert s[L.LAND_HOPLITES + home * L.MAX_PLAYERS + TYRANT] == 1
    assert relocate_ship(s, T, ev, korinthia, TO_PORT)
    assert L.PORT + korinthia in pile(s, L.SHIP_SPACE, L.MAX_SHIPS)
    assert not relocate_ship(s, T, ev, home, TO_SEA)  # his only Ship moved already
    assert len(events(s, ev, EV_RELOCATE)) == 4


def test_his_status_check_steps_the_tracks_he_dominates_and_consolidates():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev, work, opts, rng = kit()
    side = s[L.SIDE]
    for k in range(L.BOARD_LANDS):
        if T.land_icon[side, k] == HELMET and s[L.LAND_CITY + k] < 0:
            put(s, k, TYRANT, hoplites=0, workers=0)
            s[L.LAND_POP + k] = -1
            s[L.LAND_PILLAR + k] = TYRANT if s[L.LAND_PILLAR + k] < 0 else s[L.LAND_PILLAR + k]
    steps = sum(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS])
    tyrant_status(s, T, W_NONE, ev, work, turn_scratch(), opts, rng)
    assert sum(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS]) > steps


def test_replenish_turn_adds_a_spare_hoplite_and_claims_the_highest_numbered_prophecy():
    s = solo()
    ev, work, opts, rng = kit()
    no_basic(s)
    tops = [top_prophecy(s, r) for r in range(L.N_REGIONS) if top_prophecy(s, r) >= 0]
    best = max(tops, key=lambda c: T.prophecies[c, P_NUMBER])
    tyrant_replenish(s, T, ev, rng)
    assert s[L.SOLO_SPARE] == 1 and s[L.DECK_N + TYRANT] == 10
    assert s[L.PROPHECY_OWNER + best] == TYRANT
    assert s[L.LAND_HOPLITES + land("lakonia") * L.MAX_PLAYERS + TYRANT] == 2
    assert_consistent(s)


def test_a_turn_reveals_the_active_card_and_advances_by_its_power():
    s = solo()
    ev, work, opts, rng = kit()
    top = basic(s)[-1]
    pos = s[L.RONDEL_POS + TYRANT]
    tyrant_turn(s, T, W_NONE, ev, work, turn_scratch(), opts, rng)
    assert s[L.RONDEL_POS + TYRANT] == (pos + T.cards[top, C_POWER]) % len(T.rondel)
    assert pile(s, L.DISCARD, s[L.DISCARD_N])[-1] == top
    assert_consistent(s)


# ---- combat (p. ~22) -------------------------------------------------------------------


def test_the_tyrant_attacking_your_only_city_leaves_it_yours_and_moves_your_units():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev, work, opts, rng = kit()
    attika = land("attika")
    put(s, attika, TYRANT, hoplites=5)
    tyrant_attacks(s, T, script(), ev, attika, turn_scratch(), opts, rng)
    assert events(s, ev, EV_COMBAT) == [(attika, TYRANT, 1)]
    assert s[L.LAND_CITY + attika] == YOU and s[L.LAND_CITY_MARKER + attika] < 0  # decision 17
    assert s[L.LAND_HOPLITES + attika * L.MAX_PLAYERS + YOU] == 0


def test_you_win_a_tie_defending_and_his_units_go_to_his_nearest_city():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev, work, opts, rng = kit()
    attika = land("attika")
    put(s, attika, TYRANT, hoplites=1)  # 2 against your 1 City (3) + Hoplite 2 + Worker 1 ...
    tyrant_attacks(s, T, script(), ev, attika, turn_scratch(), opts, rng)
    assert events(s, ev, EV_COMBAT) == [(attika, TYRANT, 0)]
    assert s[L.LAND_HOPLITES + attika * L.MAX_PLAYERS + TYRANT] == 0
    assert s[L.LAND_HOPLITES + land("lakonia") * L.MAX_PLAYERS + TYRANT] == 2


def test_your_attack_faces_his_power_plus_a_helmet_tile_and_takes_his_second_city():
    s = solo("aegean", tyrant="sparta", you="athenai")
    ev, work, opts, rng = kit()
    argolis = land("argolis")
    common_city(s, TYRANT, argolis)
    put(s, argolis, YOU, hoplites=4)
    W = script(1)  # attack
    you_may_attack(s, T, W, ev, argolis, opts, rng)
    assert events(s, ev, EV_COMBAT) == [(argolis, YOU, 1)]
    assert s[L.LAND_CITY_MARKER + argolis] == YOU


# ---- scoring (p. ~31) ------------------------------------------------------------------


def test_his_mythology_stack_unbuilt_cities_and_monuments_score():
    s = solo()
    ev, work, opts, rng = kit()
    s[L.SOLO_MYTH:L.SOLO_MYTH + L.N_DECKS * L.MAX_MYTH_DECK] = 0
    demigod = next(c for c in range(T.mythology.shape[0]) if T.mythology[c, 0] == DECKS.index("demigod"))
    titan = next(c for c in range(T.mythology.shape[0]) if T.mythology[c, 0] == DECKS.index("titan"))
    s[L.SOLO_MYTH + demigod] = s[L.SOLO_MYTH + titan] = 1
    s[L.CITIES_ASIDE + TYRANT] = 2
    monument = next(c for c in range(T.cards.shape[0]) if T.cards[c, C_KIND] == L.KIND_MONUMENT
                    and s[L.CARD_OUT + c] == 0)
    to_resource_deck(s, monument)
    final_scoring(s, T, W_NONE, ev, np.zeros(L.MAX_PLAYERS, np.int32), opts, rng)
    src = s[L.GLORY_SRC:L.GLORY_SRC + L.N_SOURCES]
    assert src[L.GLORY_SOURCES.index("mythology")] == 1 + 3
    assert src[L.GLORY_SOURCES.index("monuments")] == T.cards[monument, 6]
    assert src[L.GLORY_SOURCES.index("cities")] >= 2 * 2


# ---- whole games and the commands -------------------------------------------------------


@pytest.mark.parametrize("board", ["mediterranean", "aegean"])
def test_random_and_bot_games_keep_every_invariant(board):
    for strategies in (("random", "random"), ("random", "balanced")):
        setup = PillarsSetup(players=2, board=board, mode="solo", strategies=strategies,
                             check_turns=True)
        out = simulate(load_content(), setup, 3, 0, 60)
        assert (out["violation"] == 0).all()
        assert (out["end_reason"] != L.END_BY_LIMIT).all()
        assert out["won"][:, :2].sum(axis=1).min() >= 1


def test_sim_run_solo_writes_the_tyrant_columns(tmp_path):
    out = tmp_path / "solo"
    done = sim("run", "--game", "pillars", "--mode", "solo", "--city-states", "sparta",
               "--n", 8, "--strategies", "balanced", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out / "data").to_pandas()
    assert set(table["players"]) == {2}
    assert list(table["strategy"][:2]) == ["tyrant", "balanced"]
    assert set(table["city_state"][table["seat"] == 0]) == {"sparta"}
    assert (table["margin"][::2].to_numpy() == -table["margin"][1::2].to_numpy()).all()
    assert table["tyrant_improved"].notna().all()


@pytest.mark.parametrize("args, words", [
    (("--players", 3), "solo is played by 2 players"),
    (("--mode", "solo+skirmish", "--players", 2), "combines with no other mode"),
    (("--city-states", "troia"), "only a City-state with a Solo Player aid"),
])
def test_bad_solo_requests_get_one_line(tmp_path, args, words):
    flags = list(args)
    if "--mode" not in flags:
        flags = ["--mode", "solo", *flags]
    done = sim("run", "--game", "pillars", *flags, "--n", 2, "--out", tmp_path / "x", "--quiet")
    assert done.returncode == 2 and words in error_line(done)
    assert not (tmp_path / "x").exists()


def improve_all(s):
    """Every Improved Action Reminder tile taken: his top Worker, Hoplite, Temple, Agora and
    Citadel off his Player board (the Buildings onto his starting Land's neighbours, the
    Units beside his home), so that the pieces stay counted."""
    home = land("lakonia")
    for unit in (L.U_WORKER, L.U_HOPLITE):
        take_piece(s, SECTION_DEPLOY, unit, 0)
        field = L.LAND_WORKERS if unit == L.U_WORKER else L.LAND_HOPLITES
        s[field + home * L.MAX_PLAYERS + TYRANT] += 1
    for building, where in ((L.B_TEMPLE, "argolis"), (L.B_AGORA, "korinthia"),
                            (L.B_CITADEL, "attika")):
        take_piece(s, SECTION_BUILD, building, 0)
        s[L.LAND_BUILDING + land(where) * L.MAX_PLAYERS + TYRANT] = building


ACTIONS = ("build", "settle", "procure", "deploy", "ascend")


@pytest.mark.parametrize("improved", [False, True])
@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("resource", [WINE, MARBLE, GOLD, IRON, WOOD])
def test_every_option_of_every_action_plain_and_improved(action, resource, improved):
    """Each Resource picks its option (decision 55); each option, plain and Improved, acts
    and leaves the state consistent."""
    s = solo("aegean", tyrant="sparta", you="miletos")
    ev, work, opts, rng = kit()
    if improved:
        improve_all(s)
    resource_cards(s, "oracle", "character_8", "character_9")
    option = T.solo_rules[resource]
    scratch = turn_scratch()
    before = s.copy()
    if action == "build":
        tyrant_build(s, T, ev, option, resource, scratch)
        built = sum(s[L.LAND_BUILDING + k * L.MAX_PLAYERS + TYRANT] >= 0 for k in range(L.N_LANDS))
        was = sum(before[L.LAND_BUILDING + k * L.MAX_PLAYERS + TYRANT] >= 0 for k in range(L.N_LANDS))
        assert built + (before[L.CITIES_BUILD] - s[L.CITIES_BUILD]) == was + 1 + improved
    elif action == "settle":
        tyrant_settle(s, T, W_NONE, ev, option, resource, work, opts, scratch, rng)
        assert events(s, ev, EV_RELOCATE)
    elif action == "procure":
        tyrant_procure(s, T, ev, option, resource, scratch)
        gained = (s[L.SOLO_RES_N] + s[L.SOLO_RES_DISCARD_N]) - before[L.SOLO_RES_N]
        assert gained == (1 if option in (2, 4) else 2) + improved
    elif action == "deploy":
        tyrant_deploy(s, T, W_NONE, ev, option, resource, opts, scratch, rng)
        units = sum(s[L.DEPLOY_LEFT:L.DEPLOY_LEFT + L.MAX_ROWS * L.N_UNIT_KINDS])
        was = sum(before[L.DEPLOY_LEFT:L.DEPLOY_LEFT + L.MAX_ROWS * L.N_UNIT_KINDS])
        assert was - units + (before[L.CITIES_BUILD] - s[L.CITIES_BUILD]) == 1 + improved
    else:
        tyrant_ascend(s, T, W_NONE, ev, resource, work, opts, scratch, rng)
        stepped = sum(s[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS]) - sum(
            before[L.TRACK_STEP:L.TRACK_STEP + L.N_TRACKS])
        assert stepped >= 1 + improved
    assert len(events(s, ev, EV_PROPHECY_CLAIMED)) <= 1  # the Improved repeat claims none
    assert_consistent(s)


def test_a_settle_whose_region_is_full_of_pillars_builds_a_city_there():
    """The criterion names the spaces first: with every Land of his best Region Pillared,
    he Relocates there and Builds a City instead of Settling elsewhere (p. ~27)."""
    s = solo("aegean", tyrant="thebai", you="sparta")
    ev, work, opts, rng = kit()
    attika, aitolia = land("attika"), land("aitolia")
    for where in (attika, aitolia):
        pillar(s, TYRANT, where)
        s[L.LAND_POP + where] = -1
    pillars = sum(s[L.LAND_PILLAR + k] == TYRANT for k in range(L.N_LANDS))
    cities = s[L.CITIES_BUILD]
    tyrant_settle(s, T, W_NONE, ev, T.solo_rules[WINE], WINE, work, opts, turn_scratch(), rng)
    assert sum(s[L.LAND_PILLAR + k] == TYRANT for k in range(L.N_LANDS)) == pillars
    there = {to for piece, _, to in events(s, ev, EV_RELOCATE) if piece == K_HOPLITE}
    assert len(there) == 1
    first = there.pop()
    assert T.land_region[s[L.SIDE], first] == region("sterea_ellada")
    # a City there if the Land has none ("if possible"): Euboia holds his Starting City
    assert s[L.CITIES_BUILD] == cities - (first != land("euboia"))
    assert_consistent(s)


def test_his_card_reward_is_the_face_up_card_of_most_power_of_either_kind():
    s = solo()
    ev = kit()[0]
    tops = {slot: s[L.PROC_DECK + slot * L.MAX_PROC_DECK + s[L.PROC_N + slot] - 1]
            for slot in range(L.N_PROC) if s[L.PROC_N + slot] > 0}
    most = max(T.cards[c, C_POWER] for c in tops.values())
    card = gain_card(s, T, ev)
    assert T.cards[card, C_POWER] == most
    assert card == tops[min(k for k, c in tops.items() if T.cards[c, C_POWER] == most)]
    assert pile(s, L.SOLO_RES_DECK, s[L.SOLO_RES_N]) == [card]


def test_perseus_takes_one_of_his_face_down_cards_out_of_the_game():
    s = solo()
    ev, work, opts, rng = kit()
    stack = [c for c in range(T.mythology.shape[0]) if s[L.SOLO_MYTH + c] == 1]
    assert stack  # his step-13 Demigod
    card, _ = perseus(s, T, script(TYRANT, -1), ev, YOU, opts, rng)
    assert card in stack and s[L.SOLO_MYTH + card] == 0 and s[L.MYTH_OUT + card] == 1
    assert_consistent(s)
