"""City-state abilities (p. 6) and the Kingdom of Egypt cards (step 11): each tile's ability
runs through the card dispatcher at its trigger, the start of a Rondel action or a
Replenish Turn; Memphis takes an Egypt card; only its seat may Procure one (p. 2)."""

import numpy as np
import pytest

from sim.games.content_files import is_assumed
from sim.games.pillars import layout as L
from sim.games.pillars import ops as O
from sim.games.pillars.content import RONDEL, TRIGGER_REPLENISH, TRIGGERS
from sim.games.pillars.events import (
    EV_ABILITY_STEP,
    EV_CITY_STATE_ABILITY,
    EV_ENERGISE,
    EV_EXILE,
    EV_PROCURE,
    EV_REPLENISH,
    EVENT_NAMES,
)
from sim.games.pillars.game import PillarsSetup, play_traced
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, pair
from sim.games.pillars.rules.advance import rondel_action
from sim.games.pillars.rules.deploy import deploy_choices
from sim.games.pillars.rules.procure import EGYPT_SLOT, procure_action, procure_choices
from sim.games.pillars.rules.spend import SRC_CARD
from sim.games.pillars.rules.turn import (
    SEC_BUILD,
    SEC_DEPLOY,
    SEC_PROCURE,
    SEC_SETTLE,
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
    events,
    game,
    hand,
    kit,
    land,
    script,
    set_hand,
    starting,
    turn_scratch,
)

TILES = CONTENT.names["city_states"]
MED = "mediterranean"


def tile(name):
    return TILES.index(name)


def rondel(s, seat, section, W):
    ev, work, opts, rng = kit()
    rondel_action(s, T, W, ev, seat, section, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    return ev


def egypt(s):
    return [int(c) for c in s[L.EGYPT:L.EGYPT + L.MAX_EGYPT]]


@pytest.fixture
def a():
    """Sparta (Deploy: an Iron), Athenai (Settle: 2 Power), Troia (Deploy: a Gold)."""
    return aegean_first_round()


@pytest.fixture
def memphis():
    s = game(MED, 3, city_states=("memphis", "sparta", "troia"))
    s[L.ROUND] = 1
    return s


# ---- the shipped tiles -------------------------------------------------------------------


def test_every_tile_has_its_own_assumed_ability_and_a_trigger_p6():
    assert TRIGGERS[:len(RONDEL)] == RONDEL  # a Rondel trigger is its section's code
    assert (T.city_ability[:, 0] > 0).all()
    assert set(T.city_ability[:, 1]) <= set(range(len(TRIGGERS)))
    rows = {tuple(T.fx[r]) + (t,) for r, t in T.city_ability}
    assert len(rows) == len(TILES)  # unique (p. 6)
    for t in CONTENT.data["city_states"]["tiles"]:
        assert is_assumed(t["ability_source"]), t["name"]
    assert T.fx[T.city_ability[tile("memphis"), 0], 1] == O.OP_EGYPT


# ---- triggers ------------------------------------------------------------------------------


def test_a_rondel_action_first_runs_the_city_states_ability_p6(a):
    ev = rondel(a, 0, SEC_DEPLOY, script(-1))  # Sparta Deploys nothing
    assert events(a, ev, EV_CITY_STATE_ABILITY) == [(tile("sparta"), SEC_DEPLOY, 0)]
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_RESOURCE, 1, IRON)]
    assert a[L.CREDIT + 0 * L.N_RESOURCES + IRON] == 1
    # the Iron pays toward the action: a Gold card is then enough for a Hoplite (Iron + Gold)
    set_hand(a, 0, [starting(GOLD)])
    a[L.LAND_PILLAR_ON_RES + land("lakonia")] = 1
    _, work, opts, _ = kit()
    n = deploy_choices(a, T, 0, work, opts)
    assert (L.U_HOPLITE, 0) in {(int(opts[k, 0]), int(opts[k, 1])) for k in range(1, n)}


def test_another_action_or_seat_does_not_trigger_it_p6(a):
    ev = rondel(a, 0, SEC_BUILD, script(-1))
    ev_other = rondel(a, 1, SEC_DEPLOY, script(-1))  # Athenai's is Settle
    assert events(a, ev, EV_CITY_STATE_ABILITY) == []
    assert events(a, ev_other, EV_CITY_STATE_ABILITY) == []
    assert a[L.CREDIT + 0 * L.N_RESOURCES + IRON] == 0


def test_athenai_settles_with_two_power_more_p6(a):
    attika = land("attika")
    ev = rondel(a, 1, SEC_SETTLE, script(attika, -1))  # the Land, then no Settle
    assert events(a, ev, EV_CITY_STATE_ABILITY) == [(tile("athenai"), SEC_SETTLE, 0)]
    assert a[L.POWER_BONUS + attika * L.MAX_PLAYERS + 1] == 2


def test_a_replenish_turn_runs_it_before_energising_p6_p9():
    s = game("aegean", 3, city_states=("thebai", "sparta", "troia"))
    s[L.ROUND] = 1
    before = s[L.HAND_N + 0]
    ev, work, opts, rng = kit()
    replenish_turn(s, T, script(-1), ev, 0, work, turn_scratch(), opts, rng)
    assert s[L.HAND_N + 0] == max(before, 5) + 1  # the Replenish Size, then Thebai's card
    codes = [int(row[2]) for row in ev[:s[L.EVENTS]]]
    assert codes.index(EV_REPLENISH) < codes.index(EV_CITY_STATE_ABILITY)
    assert events(s, ev, EV_CITY_STATE_ABILITY) == [(tile("thebai"), TRIGGER_REPLENISH, 0)]
    assert check_state(s, T) == V_OK


def test_ephesos_energises_one_card_for_free_in_a_replenish_turn_p6():
    s = game(MED, 3, city_states=("pella", "sparta", "korinthos"))
    s[L.ROUND] = 1
    deck = T.mythology[0, 0]
    card = s[L.MYTH_DECK + deck * L.MAX_MYTH_DECK + s[L.MYTH_N + deck] - 1]
    s[L.MYTH_N + deck] -= 1
    s[L.MYTH_DECK + deck * L.MAX_MYTH_DECK + s[L.MYTH_N + deck]] = -1
    s[L.MYTH_SLOT + 0] = card
    s[L.MYTH_INVOKED + 0] = 1
    ev, work, opts, rng = kit()
    # keep the hand, no Free Action, then Ephesos Energises slot 0
    replenish_turn(s, T, script(-1, -1, 0), ev, 0, work, turn_scratch(), opts, rng)
    assert events(s, ev, EV_ENERGISE) == [(0, card, 1)]  # free, so no Wine is asked
    assert s[L.MYTH_INVOKED + 0] == 0
    assert check_state(s, T) == V_OK


# ---- the Kingdom of Egypt cards ------------------------------------------------------------


def test_memphis_takes_an_egypt_card_when_it_procures_p6_step11(memphis):
    cards = egypt(memphis)
    ev = rondel(memphis, 0, SEC_PROCURE, script(2, -1))  # the third card, then buy nothing
    assert events(memphis, ev, EV_ABILITY_STEP) == [(O.OP_EGYPT, cards[2], 0)]
    assert cards[2] in hand(memphis, 0) and egypt(memphis)[2] == -1
    assert check_state(memphis, T) == V_OK
    for k in (0, 1, 3):  # none left: the step does nothing
        memphis[L.EGYPT + k] = -1
        memphis[L.CARD_OUT + cards[k]] = 1
    ev = rondel(memphis, 0, SEC_PROCURE, script(-1))
    assert events(memphis, ev, EV_ABILITY_STEP) == [(O.OP_EGYPT, -1, 0)]


def egypt_offers(s, seat):
    """The Kingdom of Egypt cards (their places) the seat may Procure now."""
    _, work, opts, _ = kit()
    n = procure_choices(s, T, seat, work, opts)
    return {int(opts[k, 0]) - EGYPT_SLOT for k in range(1, n) if opts[k, 0] >= EGYPT_SLOT}


def test_only_the_seat_leading_memphis_procures_an_egypt_card_p2(memphis):
    # "Used with Memphis City-state only" (p. 2): Sparta, in seat 1, is offered none of
    # them for a hand that pays for them
    cards = egypt(memphis)
    gold_card = next(k for k, c in enumerate(cards) if T.cards[c, 2] == GOLD and T.cards[c, 3] < 0)
    paying = [starting(GOLD), starting(WOOD), starting(MARBLE), starting(WINE)]
    sparta = memphis.copy()
    set_hand(sparta, 1, paying)
    assert egypt_offers(sparta, 1) == set()
    set_hand(memphis, 0, paying)
    assert gold_card in egypt_offers(memphis, 0)
    up = memphis[L.PROC_UP:L.PROC_UP + L.N_PROC].copy()
    ev, work, opts, rng = kit()
    W = script(pair(EGYPT_SLOT + gold_card, -1), SRC_CARD, -1)
    procure_action(memphis, T, W, ev, 0, work, np.zeros(64, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert events(memphis, ev, EV_PROCURE) == [(cards[gold_card], EGYPT_SLOT + gold_card, 0)]
    assert events(memphis, ev, EV_EXILE) == []  # not a Character
    assert cards[gold_card] in hand(memphis, 0) and egypt(memphis)[gold_card] == -1
    assert (memphis[L.PROC_UP:L.PROC_UP + L.N_PROC] == up).all()  # nothing revealed
    assert check_state(memphis, T) == V_OK


def test_a_game_with_memphis_uses_city_state_abilities_and_egypt_cards():
    setup = PillarsSetup(players=3, board=MED, city_states=("memphis", "random", "random"),
                         check_turns=True)
    ability = EVENT_NAMES.index("city_state_ability")
    seen, taken = 0, 0
    for k in range(4):
        state, ev = play_traced(CONTENT, setup, 11, k)
        assert state[L.VIOLATION] == 0
        seen += int((ev[:, 2] == ability).sum())
        taken += sum(1 for c in range(L.MAX_EGYPT) if state[L.EGYPT + c] < 0)
    assert seen > 0 and taken > 0
