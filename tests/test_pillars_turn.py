"""The turn (p. 8): Advance Turn's card and Rondel move with the draws of the markers
already there, Civilisation's +1/-1 (p. 7), the Replenish Turn (p. ~9) and what a turn's
end clears. sim/games/pillars/rules/turn.py on hand-built states."""

import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.events import EV_ENERGISE, EV_REPLENISH, EV_RONDEL_DRAW, EV_RONDEL_MOVE
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED
from sim.games.pillars.rules.spend import SRC_CARD
from sim.games.pillars.rules.turn import (
    SEC_ASCEND,
    SEC_BUILD,
    SEC_DEPLOY,
    end_turn,
    energise,
    play_and_advance,
    replenish_turn,
    rondel_options,
)
from tests.pillars_fixtures import (
    CARD,
    GOLD,
    WINE,
    T,
    aegean_first_round,
    events,
    hand,
    kit,
    land,
    pillar_on,
    script,
    set_hand,
    set_step,
    starting,
    turn_scratch,
)

CIVILISATION = 0


@pytest.fixture
def s():
    return aegean_first_round()


def test_markers_start_on_ascend_and_move_exactly_the_power_p8(s):
    ev, work, opts, rng = kit()
    assert T.rondel[s[L.RONDEL_POS + 0]] == SEC_ASCEND
    two = starting(GOLD, 2)
    set_hand(s, 0, [two, starting(WINE, 1)])
    card = play_and_advance(s, T, script(0, 2), ev, 0, opts, rng)
    assert card == two and s[L.PLAYED] == two and two not in hand(s, 0)
    assert s[L.DISCARD + 0 * L.MAX_PILE + s[L.DISCARD_N + 0] - 1] == two
    assert T.rondel[s[L.RONDEL_POS + 0]] == SEC_DEPLOY  # Ascend -> Procure -> Deploy
    assert events(s, ev, EV_RONDEL_MOVE) == [(two, 2, SEC_DEPLOY)]
    W = script(0, 3)  # 3 is not offered without Civilisation step 1
    play_and_advance(s, T, W, ev, 0, opts, rng)
    assert W[0, 0] == SCRIPT_MISSED


def test_civilisation_one_more_from_step1_one_fewer_from_step3_p7(s):
    _, _, opts, _ = kit()
    assert sorted(opts[k, 0] for k in range(rondel_options(s, T, 0, 2, opts))) == [2]
    set_step(s, 0, CIVILISATION, 1)
    assert sorted(opts[k, 0] for k in range(rondel_options(s, T, 0, 2, opts))) == [2, 3]
    set_step(s, 0, CIVILISATION, 3)
    assert sorted(opts[k, 0] for k in range(rondel_options(s, T, 0, 2, opts))) == [1, 2, 3]
    assert sorted(opts[k, 0] for k in range(rondel_options(s, T, 0, 1, opts))) == [1, 2]


def test_markers_already_there_may_draw_one_p8(s):
    ev, work, opts, rng = kit()
    s[L.RONDEL_POS + 1] = 2  # Deploy
    s[L.RONDEL_POS + 2] = 2
    set_hand(s, 0, [starting(GOLD, 2)])
    n1, n2 = s[L.HAND_N + 1], s[L.HAND_N + 2]
    play_and_advance(s, T, script(0, 2, 1, 0), ev, 0, opts, rng)  # seat 1 draws, seat 2 not
    assert s[L.HAND_N + 1] == n1 + 1 and s[L.HAND_N + 2] == n2
    assert [e[0] for e in events(s, ev, EV_RONDEL_DRAW)] == [SEC_DEPLOY]
    assert check_state(s, T) == V_OK


def test_rondel_wraps_round_p8(s):
    ev, work, opts, rng = kit()
    s[L.RONDEL_POS + 0] = 3  # Build
    assert T.rondel[3] == SEC_BUILD
    set_hand(s, 0, [CARD["diplomat"]])  # Power 4
    play_and_advance(s, T, script(0, 4), ev, 0, opts, rng)
    assert T.rondel[s[L.RONDEL_POS + 0]] == SEC_DEPLOY  # Settle, Ascend, Procure, Deploy


def test_replenish_turn_hand_pillars_energise_p9(s):
    ev, work, opts, rng = kit()
    lakonia = land("lakonia")
    s[L.LAND_PILLAR_ON_RES + lakonia] = 1  # seat 0's starting Pillar used earlier
    set_hand(s, 0, [starting(GOLD, 1), starting(WINE, 1)])
    deck = s[L.DECK_N + 0]
    # discard the Gold card, stop; no Free Action after the hand nor after the Pillars; no
    # Mythology card to Energise
    replenish_turn(s, T, script(0, -1, -1, -1), ev, 0, work, turn_scratch(), opts, rng)
    assert s[L.HAND_N + 0] == 5 and starting(GOLD, 1) not in hand(s, 0)
    assert s[L.DECK_N + 0] == deck - 4
    assert events(s, ev, EV_REPLENISH) == [(1, 4, 1)]
    assert s[L.LAND_PILLAR_ON_RES + lakonia] == 0
    assert check_state(s, T) == V_OK


def test_replenish_size_grows_and_the_discard_is_reshuffled_p9(s):
    ev, work, opts, rng = kit()
    set_step(s, 0, CIVILISATION, 4)  # steps 2 and 4: 7 cards
    set_hand(s, 0, [])
    base = L.DECK + 0 * L.MAX_PILE
    cards = [int(c) for c in s[base:base + s[L.DECK_N + 0]]]
    s[base:base + 10] = -1
    s[L.DECK_N + 0] = 2
    s[base:base + 2] = cards[:2]
    rest = cards[2:]
    s[L.DISCARD + 0 * L.MAX_PILE:L.DISCARD + 0 * L.MAX_PILE + len(rest)] = rest
    s[L.DISCARD_N + 0] = len(rest)
    replenish_turn(s, T, script(-1), ev, 0, work, turn_scratch(), opts, rng)
    assert s[L.HAND_N + 0] == 7 and s[L.DISCARD_N + 0] == 0
    assert s[L.DECK_N + 0] == len(cards) - 7
    assert check_state(s, T) == V_OK


def test_energise_pays_the_wine_printed_p9(s):
    ev, work, opts, rng = kit()
    card = int(s[L.MYTH_DECK + s[L.MYTH_N + 0] - 1])  # a Demigod: 1 Wine
    s[L.MYTH_N + 0] -= 1
    s[L.MYTH_DECK + s[L.MYTH_N + 0]] = -1
    s[L.MYTH_SLOT + 0] = card
    s[L.MYTH_INVOKED + 0] = 1
    set_hand(s, 0, [])
    energise(s, T, script(0), ev, 0, work, opts, rng)
    assert s[L.MYTH_INVOKED + 0] == 1  # no Wine: not offered
    set_hand(s, 0, [starting(WINE, 1)])
    energise(s, T, script(0, SRC_CARD, -1), ev, 0, work, opts, rng)
    assert s[L.MYTH_INVOKED + 0] == 0 and hand(s, 0) == []
    assert events(s, ev, EV_ENERGISE) == [(0, card, 0)]
    assert check_state(s, T) == V_OK


def test_turn_end_loses_the_unspent_half_p7(s):
    s[L.CREDIT + 0 * 5 + GOLD] = 1
    s[L.PLAYED] = 3
    end_turn(s, 0)
    assert s[L.CREDIT + 0 * 5 + GOLD] == 0 and s[L.PLAYED] == -1
    pillar_on(s, 0, land("lakonia"), GOLD)


def test_a_draw_from_an_empty_pile_reshuffles_the_discard_p9(s):
    from sim.games.pillars.rules.cards import draw_card
    _, _, _, rng = kit()
    set_hand(s, 1, [])
    base = 1 * L.MAX_PILE
    cards = [int(c) for c in s[L.DECK + base:L.DECK + base + s[L.DECK_N + 1]]]
    s[L.DECK + base:L.DECK + base + L.MAX_PILE] = -1
    s[L.DECK_N + 1] = 0
    s[L.DISCARD + base:L.DISCARD + base + len(cards)] = cards
    s[L.DISCARD_N + 1] = len(cards)
    card = draw_card(s, 1, rng)
    assert card in cards and hand(s, 1) == [card]
    assert s[L.DISCARD_N + 1] == 0 and s[L.DECK_N + 1] == len(cards) - 1
    assert check_state(s, T) == V_OK


def test_start_turn_chooses_ship_lands_then_runs_the_status_check_p6_p8(s):
    import numpy as np

    from sim.games.pillars.rules.support import SCRATCH
    from sim.games.pillars.rules.turn import start_turn
    ev, work, opts, rng = kit()
    start_turn(s, T, script(land("argolis")), ev, 0, work, np.zeros(SCRATCH, np.int32), opts, rng)
    assert s[L.SHIP_PROJECT + 0] == land("argolis") and s[L.ACTIVE] == 0
    assert s[L.PLAYED] == -1 and s[L.TURN_DONE] == 0
