"""Spending Resources and Trading (p. 7): sim/games/pillars/rules/spend.py on hand-built
states, with the payment of the Procure example (p. 10)."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_KIND
from sim.games.pillars.events import EV_SPEND, EV_TRADE
from sim.games.pillars.policy import SCRIPT_MISSED
from sim.games.pillars.rules.spend import (
    SRC_CARD,
    SRC_CREDIT,
    SRC_PILLAR,
    SRC_TRADE,
    SRC_WILD,
    W_COST,
    can_pay,
    pay,
)
from sim.games.pillars.start import new_game
from tests.pillars_fixtures import (
    CARD,
    CONTENT,
    GOLD,
    IRON,
    MARBLE,
    WINE,
    WOOD,
    T,
    cost,
    events,
    hand,
    kit,
    pillar_on,
    random_legal,
    script,
    set_hand,
    starting,
)


@pytest.fixture
def s():
    s = new_game(CONTENT, "mediterranean", 3, seed=5)
    for land in range(L.N_LANDS):  # no Pillar produces unless a test puts one
        s[L.LAND_PILLAR_ON_RES + land] = 1
    return s


def test_procure_example_theatre_payment_p10(s):
    # Theatre: Iron + Wine + the Monument's Marble. Iron by depleting the Pillar in
    # Massalia, Wine by trading 2 Wood, Marble with a card from hand (p. 10).
    massalia = CONTENT.names["lands.mediterranean"].index("massalia")
    s[L.LAND_PILLAR + massalia] = -1
    pillar_on(s, 0, massalia, IRON)
    set_hand(s, 0, [starting(WOOD, 1), starting(WOOD, 2), starting(MARBLE, 1)])
    ev, work, opts, rng = kit()
    cost(work, iron=1, wine=1, marble=1)
    assert can_pay(s, T, 0, work)
    W = script(SRC_TRADE, SRC_CARD, SRC_CARD, SRC_CARD, SRC_PILLAR)
    pay(s, T, W, ev, 0, work, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert list(work[W_COST:W_COST + 5]) == [0] * 5
    assert hand(s, 0) == [] and s[L.DISCARD_N + 0] == 3
    assert s[L.LAND_PILLAR_ON_RES + massalia] == 1
    assert events(s, ev, EV_TRADE) == [(WOOD, WINE, 0)]
    assert [e[:2] for e in events(s, ev, EV_SPEND)] == [
        (WOOD, SRC_CARD), (WOOD, SRC_CARD), (MARBLE, SRC_CARD), (IRON, SRC_PILLAR)]


def test_trade_needs_two_of_one_resource_p7(s):
    _, work, _, _ = kit()
    set_hand(s, 0, [starting(WOOD, 1), starting(MARBLE, 1)])
    cost(work, wine=1)
    assert not can_pay(s, T, 0, work)  # 2:1 needs two of the same Resource
    set_hand(s, 0, [starting(WOOD, 1), starting(WOOD, 2)])
    assert can_pay(s, T, 0, work)
    cost(work, wine=1, wood=1)
    assert not can_pay(s, T, 0, work)  # the two Wood cannot both trade and pay


def test_a_depleted_pillar_and_the_played_card_give_nothing_p7(s):
    _, work, _, _ = kit()
    land = 5
    s[L.LAND_PILLAR + land] = -1
    pillar_on(s, 0, land, GOLD)
    set_hand(s, 0, [])
    cost(work, gold=1)
    assert can_pay(s, T, 0, work)
    s[L.LAND_PILLAR_ON_RES + land] = 1  # already on its tile: replenish first
    assert not can_pay(s, T, 0, work)
    # the card played for the Advance Turn lies on the discard pile, not in hand
    s[L.DISCARD + 0] = starting(GOLD)
    s[L.DISCARD_N + 0] = 1
    assert not can_pay(s, T, 0, work)


def test_two_resource_card_second_half_is_credit_for_this_turn_p7(s):
    ev, work, opts, rng = kit()
    set_hand(s, 0, [CARD["diplomat"]])  # Gold + Gold
    cost(work, gold=1)
    pay(s, T, script(SRC_CARD), ev, 0, work, opts, rng)
    assert s[L.CREDIT + 0 * 5 + GOLD] == 1 and hand(s, 0) == []
    cost(work, gold=1)
    assert can_pay(s, T, 0, work)
    pay(s, T, script(SRC_CREDIT), ev, 0, work, opts, rng)
    assert s[L.CREDIT + 0 * 5 + GOLD] == 0


def test_slash_card_gives_one_of_its_two_p7(s):
    _, work, _, _ = kit()
    either = CARD["character_6"]  # Wine / Gold
    set_hand(s, 0, [either])
    cost(work, wine=1)
    assert can_pay(s, T, 0, work)
    cost(work, gold=1)
    assert can_pay(s, T, 0, work)
    cost(work, wine=1, gold=1)
    assert not can_pay(s, T, 0, work)


def test_wild_population_tile_pays_any_one_resource_p11(s):
    ev, work, opts, rng = kit()
    set_hand(s, 0, [])
    s[L.WILD_TILES + 0] = 1
    cost(work, iron=1)
    assert can_pay(s, T, 0, work)
    pay(s, T, script(SRC_WILD), ev, 0, work, opts, rng)
    assert s[L.WILD_TILES + 0] == 0
    cost(work, iron=1)
    assert not can_pay(s, T, 0, work)


def test_random_payments_always_finish_when_payable():
    pool = [c for c in range(T.cards.shape[0]) if T.cards[c, C_KIND] in (1, 2)]
    gen = np.random.default_rng(7)
    paid = 0
    for k in range(300):
        s = new_game(CONTENT, "mediterranean", 2, seed=k)
        cards = list(gen.choice(pool, size=gen.integers(0, 7), replace=False))
        set_hand(s, 0, [int(c) for c in cards])
        s[L.WILD_TILES + 0] = int(gen.integers(0, 2))
        ev, work, opts, rng = kit()
        want = gen.integers(0, 3, size=5)
        work[W_COST:W_COST + 5] = want
        if not can_pay(s, T, 0, work):
            continue
        W = random_legal(s)
        before = s[L.HAND_N + 0] + s[L.WILD_TILES + 0]
        pay(s, T, W, ev, 0, work, opts, rng)
        assert list(work[W_COST:W_COST + 5]) == [0] * 5
        assert (s[L.CREDIT:L.CREDIT + 5] >= 0).all()
        spent = len(events(s, ev, EV_SPEND))
        assert spent == int(want.sum()) + len(events(s, ev, EV_TRADE))
        assert s[L.HAND_N + 0] + s[L.WILD_TILES + 0] <= before
        paid += 1
    assert paid > 50
