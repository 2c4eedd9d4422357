"""Aeolis: the Priestess's Event-deck abilities (Augury, Divination, Divine Intervention,
p. 23, 27) and the Companion's Aura of Protection and Lay on Hands (p. 27), each on a
hand-built state; and the trace module that makes event rows readable."""

import pytest

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.content import load_content
from sim.games.aeolis.game import AeolisSetup, play_traced
from sim.games.aeolis.rules import augury, combat, enemy, heroes, pile, upkeep
from sim.games.aeolis.rules.companion import aura
from sim.games.aeolis.trace import records_from, to_text
from strategies.aeolis.policy import _threat
from tests.aeolis_fixtures import blank, card_id, land_hex, opts, put_enemy, rng, team, trace

PRIESTESS_SET = ("queen", "merchant", "philosopher", "hoplite", "priestess")


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def T(content):
    return content.tables


def top(s, deck):
    start = L.DECK_TOP + deck * L.MAX_TOP
    return [int(c) for c in s[start:start + L.MAX_TOP] if c >= 0]


def priestess(content, level, faith):
    """A Priestess of Balance (0), Life (1) or Death (2) with every Faith Die at ``faith``;
    expansion cards are outside the game, as at setup."""
    s = blank(PRIESTESS_SET)
    s[L.UNITS + L.U_PRIESTESS] = 1
    s[L.POS + L.G_PRIESTESS] = land_hex(content)
    s[L.LEVEL + L.B_TEMPLE] = level
    s[L.FAITH:L.FAITH + L.N_FAITH] = faith
    T = content.tables
    for c in range(T.card_kind.shape[0]):
        if T.card_exp[c] >= 0:
            s[L.CARD_STATE + c] = 2
    return s


# --- Augury, Divination, Divine Intervention (pp. 23, 27) --------------------------------

def test_augury_fixes_the_cards_it_sees_and_they_are_drawn_in_that_order(T, content):
    s = priestess(content, 0, 1)
    r = rng(3)
    augury.augury(s, T, team(content), opts(), r, trace(), ops.DECK_C1, 4, 3)
    curses, blessings = top(s, ops.DECK_C1), top(s, ops.DECK_B)
    assert len(curses) == 3 and len(blessings) == 1
    assert all(s[L.CARD_STATE + c] == L.CARD_SEEN for c in curses + blessings)
    assert all(T.card_deck[c] == ops.DECK_C1 for c in curses)
    drawn = [upkeep.draw_card(s, T, r, ops.DECK_C1) for _ in range(3)]
    assert drawn == curses  # Balance only looks: the order is the deck's own
    assert all(s[L.CARD_STATE + c] == 1 for c in drawn) and top(s, ops.DECK_C1) == []
    fresh = upkeep.draw_card(s, T, r, ops.DECK_C1)  # then the deck draws at random again
    assert fresh not in drawn and s[L.CARD_STATE + fresh] == 1


def test_augury_sees_what_is_already_on_top_before_turning_more_over(T, content):
    s = priestess(content, 0, 1)
    augury.augury(s, T, team(content), opts(), rng(4), trace(), ops.DECK_C1, 2, 2)
    first = top(s, ops.DECK_C1)
    augury.augury(s, T, team(content), opts(), rng(5), trace(), ops.DECK_C1, 4, 4)
    assert top(s, ops.DECK_C1)[:2] == first and len(top(s, ops.DECK_C1)) == 4


def test_divination_puts_the_mildest_curse_on_top(T, content):
    for seed in range(10):
        s = priestess(content, 1, 1)
        augury.augury(s, T, team(content), opts(), rng(seed), trace(), ops.DECK_C2, 5, 5)
        threats = [_threat(s, T, c) for c in top(s, ops.DECK_C2)]
        assert len(threats) == 5 and threats == sorted(threats)


def test_divine_intervention_swaps_the_worst_curse_for_one_outside_the_game(T, content):
    s = priestess(content, 2, 1)
    riders = card_id(content, "C13")  # Anatolian Riders, Power 10 (p. 31)
    s[L.DECK_TOP + ops.DECK_C2 * L.MAX_TOP] = riders
    s[L.CARD_STATE + riders] = L.CARD_SEEN
    ev = trace()
    augury.augury(s, T, team(content), opts(), rng(6), ev, ops.DECK_C2, 3, 3)
    seen = top(s, ops.DECK_C2)
    assert riders not in seen and s[L.CARD_STATE + riders] == 2
    newcomer = [c for c in seen if T.card_exp[c] >= 0]
    assert len(newcomer) == 1 and augury.family(T, newcomer[0]) == 1  # a Curse for a Curse
    assert s[L.CARD_STATE + newcomer[0]] == L.CARD_SEEN


def test_divine_intervention_needs_a_card_outside_the_game(T, content):
    s = priestess(content, 2, 1)
    s[L.CARD_STATE:L.CARD_STATE + L.MAX_CARDS] = 0  # every expansion is in the game
    augury.augury(s, T, team(content), opts(), rng(7), trace(), ops.DECK_C2, 3, 3)
    assert (s[L.CARD_STATE:L.CARD_STATE + L.MAX_CARDS] != 2).all()


def test_temple_offers_the_decks_the_mode_still_draws(T, content):
    s = priestess(content, 1, 5)
    s[L.MODE] = L.MODES.index("easy")
    s[L.ROUND] = 6  # Easy draws only Age I Curses, and no Blessing after round 5 (p. 6)
    heroes.temple(s, T, team(content), opts(), rng(8), trace())
    assert s[L.FAITH_USED + 2] == 1 and s[L.FAITH + 2] == 1
    assert len(top(s, ops.DECK_C1)) == 5 and top(s, ops.DECK_C2) == []
    assert augury.future_draws(s, T, ops.DECK_C2) == 0 and augury.future_draws(s, T, ops.DECK_C1) == 4


# --- Companion: Aura of Protection, Lay on Hands (p. 27) -----------------------------------

def companion(s, T, h, units=1, light=0):
    s[L.HEROES] |= 1 << L.H_HOPLITE
    s[L.UNITS + L.U_COMPANION] = units
    s[L.POS + L.G_COMPANION] = h
    s[L.RES + L.R_LIGHT] = light


def land_neighbour(T, h):
    return next(int(x) for x in T.adj[h] if x >= 0 and T.land_ok[x] == 1 and x != T.city[0])


def raid_next_to_a_structure(content):
    """A Raid on a Structure's hex, the Structure beside the Companion's hex."""
    T = content.tables
    for h in range(L.N_HEX):
        if T.land_ok[h] == 1 and h != T.city[0]:
            nb = [int(x) for x in T.adj[h] if x >= 0 and T.land_ok[x] == 1 and x != T.city[0]]
            if nb:
                return h, nb[0]
    raise AssertionError("no two adjacent land hexes")


def test_aura_of_protection_keeps_a_raid_from_destroying_the_structure(T, content):
    keeper, h = raid_next_to_a_structure(content)
    for shielded in (True, False):
        s = blank()
        s[L.STRUCT + h] = 0
        companion(s, T, keeper, light=1 if shielded else 0)
        e = put_enemy(s, card_id(content, "C2"), h)
        aura(s, T, team(content), opts(), rng(), trace())
        assert s[L.AURA + h] == int(shielded) and s[L.RES + L.R_LIGHT] == 0
        enemy.move_enemy(s, T, team(content), opts(), rng(), trace(), e)
        assert s[L.ENEMY + L.EN_HEX] == h  # the Raid stays to try again next round
        assert s[L.RUIN + h] == (0 if shielded else 1)


def test_lay_on_hands_saves_the_unit_a_won_fight_costs(T, content):
    h = land_hex(content)
    for light in (1, 0):
        s = blank()
        s[L.UNITS + L.U_HOPLITE] = 6
        s[L.POS + L.G_HOPLITE] = h
        s[L.MORALE] = 5
        companion(s, T, land_neighbour(T, h), light=light)
        e = put_enemy(s, card_id(content, "C2"), h)  # Power 3: 1 + 6 + 5 always wins
        assert combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
        assert s[L.UNITS + L.U_HOPLITE] == (6 if light else 5)
        assert s[L.RES + L.R_LIGHT] == 0


def test_lay_on_hands_after_a_lost_fight_saves_units_who_retreat(T, content):
    h = land_hex(content)
    s = blank()
    s[L.UNITS + L.U_HOPLITE] = 2
    s[L.POS + L.G_HOPLITE] = h
    s[L.MORALE] = -5
    companion(s, T, land_neighbour(T, h), light=1)
    e = put_enemy(s, card_id(content, "C13"), h)  # Power 10 needs upgrades: a forced 1
    assert not combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
    assert s[L.UNITS + L.U_HOPLITE] == 1
    retreat = s[L.POS + L.G_HOPLITE]
    assert retreat in T.adj[h] and T.land_ok[retreat] == 1
    assert pile.enemy_power(s, T, e) == 10 - 1  # only the Hoplite who died counts
    assert s[L.RES + L.R_LIGHT] == 0


def test_lay_on_hands_needs_the_companion_within_two_hexes(T, content):
    h = land_hex(content)
    far = next(x for x in range(L.N_HEX) if T.land_ok[x] == 1 and 2 < T.dist_land[h, x] < 99)
    s = blank()
    s[L.UNITS + L.U_HOPLITE] = 6
    s[L.POS + L.G_HOPLITE] = h
    s[L.MORALE] = 5
    companion(s, T, far, light=3)
    e = put_enemy(s, card_id(content, "C2"), h)
    assert combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
    assert s[L.UNITS + L.U_HOPLITE] == 5 and s[L.RES + L.R_LIGHT] == 3


def test_each_companion_unit_uses_one_ability_a_round(T, content):
    """Divine Abilities (p. 27): each Companion unit uses one ability a round, so a unit
    that already used one cannot Lay on Hands; a second unit still can."""
    h = land_hex(content)
    for units, saved in ((1, False), (2, True)):
        s = blank()
        s[L.UNITS + L.U_HOPLITE] = 6
        s[L.POS + L.G_HOPLITE] = h
        s[L.MORALE] = 5
        companion(s, T, land_neighbour(T, h), units=units, light=1)
        s[L.COMPANION_USED] = 1  # one unit spent its ability on an Aura this round
        e = put_enemy(s, card_id(content, "C2"), h)  # Power 3: 1 + 6 + 5 always wins
        assert combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
        assert s[L.UNITS + L.U_HOPLITE] == (6 if saved else 5)
        assert s[L.COMPANION_USED] == (2 if saved else 1)


# --- trace ---------------------------------------------------------------------------------

def test_trace_reads_as_text_and_ends_with_the_verdict(content):
    setup = AeolisSetup(mode="easy", strategy="military")
    records = records_from(content, *play_traced(content, setup, 7, 1))
    assert records[0]["round"] == 0 and records[-1]["event"] == "game_end"
    assert {"round_start", "draw", "move"} <= {r["event"] for r in records}
    draws = [r for r in records if r["event"] == "draw"]
    assert all(r["card"].split()[0] in content.names["cards"] for r in draws)
    text = to_text(records)
    assert text.count("\n") == len(records) + 4
    assert "game over after" in text and ("survived" in text or "lost (" in text)
