"""Card abilities (sim/games/pillars/ops.py, rules/abilities.py): the dispatcher on each
code, on hand-built states; Advance Turn part A, the played card's ability used at most
once (p. 8), Shieldmaker's two abilities of which one is used (p. 31); Invoking Mythology
cards, any number in one's own turn, at most one in another's, the active seat first and
then clockwise (p. 8); the Mythology tiles (the Sphinx's, the Gorgon's) and Perseus
(p. 31); the shipped cards' abilities."""

import numpy as np
import pytest

from sim.games.content_files import is_assumed
from sim.games.pillars import layout as L
from sim.games.pillars import ops as O
from sim.games.pillars.content import DECKS, TRACKS
from sim.games.pillars.events import (
    CAUSE_ABILITY,
    EV_ABILITY_STEP,
    EV_CARD_ABILITY,
    EV_INVOKE,
    EV_INVOKE_END,
    EV_MOVE,
    EV_MYTHOLOGY_REMOVED,
    EV_REPLENISH,
    EV_SPHINX_TILE,
    EV_SPHINX_TOLL,
    EV_TRACK_STEP,
)
from sim.games.pillars.invariants import V_INVOKES, V_MYTHOLOGY, V_OK, V_TILES, check_state
from sim.games.pillars.policy import SCRIPT_MISSED, pair
from sim.games.pillars.profile import USE
from sim.games.pillars.rules.abilities import (
    card_ability_ready,
    invoke,
    invoke_window,
    run_ability,
)
from sim.games.pillars.rules.advance import advance_turn
from sim.games.pillars.rules.cards import mythology_room
from sim.games.pillars.rules.free import FREE_INVOKE, free_actions, free_choices
from sim.games.pillars.rules.movement import MOVE_HOPLITE, MOVE_SHIP, MOVE_WORKER, unit_choices
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.turn import end_turn, replenish_turn
from tests.pillars_fixtures import (
    CARD,
    CONTENT,
    GOLD,
    IRON,
    T,
    aegean_first_round,
    events,
    game,
    hand,
    kit,
    land,
    put,
    script,
    set_hand,
    starting,
    turn_scratch,
)

MILITARY = TRACKS.index("military")
MYTH = CONTENT.names["mythology"]


def myth(name, copy=0):
    """The row of a Mythology card (its ``copy``-th copy)."""
    return [k for k, n in enumerate(MYTH) if n == name][copy]


def to_deck(s, card):
    """A Mythology card to the bottom of its deck."""
    deck = T.mythology[card, 0]
    base = L.MYTH_DECK + deck * L.MAX_MYTH_DECK
    n = s[L.MYTH_N + deck]
    s[base + 1:base + n + 1] = s[base:base + n].copy()
    s[base] = card
    s[L.MYTH_N + deck] = n + 1


def no_mythology(s):
    """Every Mythology card above a Player board back into its deck."""
    for k in range(L.MAX_PLAYERS * L.MAX_MYTH_SLOTS):
        if s[L.MYTH_SLOT + k] >= 0:
            to_deck(s, s[L.MYTH_SLOT + k])
            s[L.MYTH_SLOT + k] = -1
            s[L.MYTH_INVOKED + k] = 0


def give(s, seat, slot, card, invoked=0):
    """Put a Mythology card from its deck into the seat's slot."""
    deck = T.mythology[card, 0]
    base = L.MYTH_DECK + deck * L.MAX_MYTH_DECK
    n = s[L.MYTH_N + deck]
    pile = [int(c) for c in s[base:base + n] if c != card]
    assert len(pile) == n - 1, "the card is not in its deck"
    s[base:base + L.MAX_MYTH_DECK] = -1
    s[base:base + n - 1] = pile
    s[L.MYTH_N + deck] = n - 1
    s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + slot] = card
    s[L.MYTH_INVOKED + seat * L.MAX_MYTH_SLOTS + slot] = invoked


def temple(s, seat, where):
    put(s, where, seat, building=L.B_TEMPLE)


def ability(*steps):
    """The tables with their last (padding) ability row holding ``steps`` ((op, a, b)
    each), and that row. The record keeps its type, so the compiled kernels serve it."""
    tables = T.copy()  # a writable record of the same type
    row = tables.fx.shape[0] - 1
    tables.fx[row] = 0
    tables.fx[row, 0] = len(steps)
    for i, step in enumerate(steps):
        tables.fx[row, 1 + 3 * i:4 + 3 * i] = step
    return tables, row


def run(s, steps, seat=0, W=None):
    tables, row = ability(*steps)
    ev, work, opts, rng = kit()
    W = script() if W is None else W
    run_ability(s, tables, W, ev, seat, row, False, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    return ev


@pytest.fixture
def a():
    s = aegean_first_round()
    s[L.ACTIVE] = 0
    no_mythology(s)
    return s


# ---- the dispatcher, one code at a time ---------------------------------------------


def test_draw_takes_cards_from_the_draw_pile_p9(a):
    before = a[L.HAND_N + 0]
    ev = run(a, [(O.OP_DRAW, 2, 0)])
    assert a[L.HAND_N + 0] == before + 2
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_DRAW, 2, 2)]
    assert check_state(a, T) == V_OK


def test_resource_is_credit_until_the_turn_ends_p7(a):
    run(a, [(O.OP_RESOURCE, IRON, 1)])
    assert a[L.CREDIT + 0 * L.N_RESOURCES + IRON] == 1
    end_turn(a, 0)
    assert a[L.CREDIT + 0 * L.N_RESOURCES + IRON] == 0


def test_step_goes_up_a_track_with_its_reward_p7(a):
    ev = run(a, [(O.OP_STEP, O.ANY, 0)], W=script(MILITARY))
    assert a[L.TRACK_STEP + MILITARY] == 1
    assert events(a, ev, EV_TRACK_STEP) == [(MILITARY, 1, CAUSE_ABILITY)]
    # a named track only, and never past the last step
    for t in range(L.N_TRACKS):
        a[L.TRACK_STEP + t] = 5
    ev = run(a, [(O.OP_STEP, O.ANY, 0)])
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_STEP, -1, O.ANY)]


def test_deploy_places_a_unit_for_free_where_the_action_may_p10(a):
    lakonia = land("lakonia")
    cards = hand(a, 0)
    hoplites = a[L.LAND_HOPLITES + lakonia * L.MAX_PLAYERS + 0]
    run(a, [(O.OP_DEPLOY, L.U_HOPLITE, 0)], W=script(L.U_HOPLITE, lakonia))
    assert a[L.LAND_HOPLITES + lakonia * L.MAX_PLAYERS + 0] == hoplites + 1
    assert a[L.DEPLOY_LEFT + 0 * L.N_UNIT_KINDS + L.U_HOPLITE] == 0  # the top row's
    assert hand(a, 0) == cards  # nothing paid
    assert check_state(a, T) == V_OK


def test_build_places_a_building_for_free_by_an_own_worker_p10(a):
    lakonia = land("lakonia")  # the starting Worker stands there
    cards = hand(a, 0)
    run(a, [(O.OP_BUILD, L.B_TEMPLE, 0)], W=script(L.B_TEMPLE, lakonia))
    assert a[L.LAND_BUILDING + lakonia * L.MAX_PLAYERS + 0] == L.B_TEMPLE
    assert hand(a, 0) == cards and mythology_room(a, T, 0) == 2
    assert check_state(a, T) == V_OK


def test_move_is_a_block_of_that_many_movements_p9(a):
    lakonia = land("lakonia")
    to = int(np.flatnonzero(T.land_land[a[L.SIDE], lakonia])[0])
    ev = run(a, [(O.OP_MOVE, 1, 0)], W=script(pair(MOVE_HOPLITE, lakonia), to))
    assert events(a, ev, EV_MOVE) == [(MOVE_HOPLITE, lakonia, to)]
    assert a[L.LAND_HOPLITES + to * L.MAX_PLAYERS + 0] == 1


def test_power_lasts_until_the_turn_ends_p6(a):
    lakonia = land("lakonia")
    before = land_power(a, T, lakonia, 0)
    run(a, [(O.OP_POWER, 2, 0)], W=script(lakonia))
    assert land_power(a, T, lakonia, 0) == before + 2
    end_turn(a, 0)
    assert land_power(a, T, lakonia, 0) == before


def test_energise_turns_up_to_n_invoked_cards_upright_pp7_8(a):
    temple(a, 0, land("lakonia"))
    give(a, 0, 0, myth("demigod_of_arms"), invoked=1)
    give(a, 0, 1, myth("demigod_of_arms", 1), invoked=1)
    run(a, [(O.OP_ENERGISE, 1, 0)], W=script(1))
    assert list(a[L.MYTH_INVOKED:L.MYTH_INVOKED + 2]) == [1, 0]


def test_mythology_draws_two_and_keeps_one_p7(a):
    titan = DECKS.index("titan")
    n = a[L.MYTH_N + titan]
    second = a[L.MYTH_DECK + titan * L.MAX_MYTH_DECK + n - 2]
    run(a, [(O.OP_MYTHOLOGY, titan, 0)], W=script(0, 1))
    assert a[L.MYTH_SLOT + 0] == second and a[L.MYTH_N + titan] == n - 1
    assert check_state(a, T) == V_OK


def test_send_back_needs_an_empty_slot_on_the_owners_board_p31(a):
    attika = land("attika")
    ev = run(a, [(O.OP_SEND_BACK, O.PIECE_UNIT, 0)])  # starting Units: every slot is full
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_SEND_BACK, -1, O.PIECE_UNIT)]
    put(a, attika, 1, hoplites=1)  # from seat 1's bottom Deploy row
    run(a, [(O.OP_SEND_BACK, O.PIECE_UNIT, 0)], W=script(pair(1, attika)))
    assert a[L.LAND_HOPLITES + attika * L.MAX_PLAYERS + 1] == 1
    assert a[L.DEPLOY_LEFT + (1 * L.MAX_ROWS + 1) * L.N_UNIT_KINDS + L.U_HOPLITE] == 1
    assert check_state(a, T) == V_OK


def test_a_temple_sent_back_takes_its_slot_away_p10_p31(a):
    attika = land("attika")
    temple(a, 1, attika)
    kept, dropped = myth("gorgon"), myth("sphinx")
    give(a, 1, 0, dropped)
    give(a, 1, 1, kept, invoked=1)
    # seat 0 picks the Temple, seat 1 the card that goes to the bottom of its deck
    run(a, [(O.OP_SEND_BACK, O.PIECE_BUILDING, 0)], W=script(pair(1, attika), 0))
    assert a[L.LAND_BUILDING + attika * L.MAX_PLAYERS + 1] == -1
    slots = L.MYTH_SLOT + 1 * L.MAX_MYTH_SLOTS
    assert list(a[slots:slots + 2]) == [kept, -1] and a[L.MYTH_INVOKED + L.MAX_MYTH_SLOTS] == 1
    assert check_state(a, T) == V_OK


def test_halt_stops_a_seats_ships_or_one_unit_for_the_turn_p31(a):
    attika = land("attika")

    def units(seat):
        _, _, opts, _ = kit()
        n = unit_choices(a, T, seat, opts, turn_scratch())
        return {tuple(int(x) for x in opts[k, :2]) for k in range(1, n)}

    assert any(kind == MOVE_SHIP for kind, _ in units(1))
    run(a, [(O.OP_HALT, O.HALT_SHIPS, 0)], W=script(1))
    assert not any(kind == MOVE_SHIP for kind, _ in units(1))
    run(a, [(O.OP_HALT, O.HALT_UNIT, 0)], W=script(pair(1, MOVE_HOPLITE)))
    assert (MOVE_HOPLITE, attika) not in units(1) and (MOVE_WORKER, attika) in units(1)
    end_turn(a, 0)
    assert {(MOVE_HOPLITE, attika), (MOVE_WORKER, attika)} <= units(1)
    assert any(kind == MOVE_SHIP for kind, _ in units(1))


def test_gaia_swaps_cards_and_each_slot_keeps_its_state_p31(a):
    gaia, theirs = myth("gaia"), myth("hyperion")
    give(a, 0, 0, gaia)
    give(a, 1, 0, theirs, invoked=1)
    ev, work, opts, rng = kit()
    invoke(a, T, script(0), ev, 0, 0, work, turn_scratch(), opts, rng)
    # seat 0 gave Gaia (Energised) for Hyperion, which takes that state; Gaia, now seat
    # 1's, is turned sideways as the Invoke ends
    assert a[L.MYTH_SLOT + 0] == theirs and a[L.MYTH_INVOKED + 0] == 0
    theirs_at = L.MAX_MYTH_SLOTS  # seat 1's first slot
    assert a[L.MYTH_SLOT + theirs_at] == gaia and a[L.MYTH_INVOKED + theirs_at] == 1
    assert check_state(a, T) == V_OK


# ---- Mythology tiles and Perseus (step 7, p. 31) -------------------------------------


def hand_cards(s, seat):
    base = L.HAND + seat * L.MAX_PILE
    return [int(c) for c in s[base:base + s[L.HAND_N + seat]]]


def test_the_sphinx_puts_its_tile_on_an_open_land_step7_p31(a):
    korinthia = land("korinthia")
    blocked = next(x for x in range(L.N_LANDS)
                   if a[L.REGION_BLOCKED + T.land_region[a[L.SIDE], x]] == 1)
    ev = run(a, [(O.OP_SPHINX, 0, 0)], W=script(korinthia))
    assert (a[L.SPHINX_AT], a[L.SPHINX_OWNER]) == (korinthia, 0)
    assert events(a, ev, EV_SPHINX_TILE) == [(korinthia, 0, 0)]
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_SPHINX, korinthia, 0)]
    assert check_state(a, T) == V_OK
    tables, row = ability((O.OP_SPHINX, 0, 0))
    W = script(blocked)
    ev, work, opts, rng = kit()
    run_ability(a, tables, W, ev, 1, row, False, work, turn_scratch(), opts, rng)
    assert W[0, 0] == SCRIPT_MISSED  # a Forbidden Domain is not offered (p. 6)
    # Invoked again by another seat, the tile moves and serves that seat
    run(a, [(O.OP_SPHINX, 0, 0)], seat=2, W=script(land("attika")))
    assert (a[L.SPHINX_AT], a[L.SPHINX_OWNER]) == (land("attika"), 2)


def test_a_rival_moving_a_unit_onto_the_sphinx_discards_a_card_p31(a):
    attika, korinthia = land("attika"), land("korinthia")
    run(a, [(O.OP_SPHINX, 0, 0)], W=script(korinthia))
    cards = hand_cards(a, 1)
    discards = a[L.DISCARD_N + 1]
    ev = run(a, [(O.OP_MOVE, 1, 0)], seat=1,
             W=script(pair(MOVE_HOPLITE, attika), korinthia, 1))
    assert sorted(hand_cards(a, 1)) == sorted(cards[:1] + cards[2:])
    assert a[L.DISCARD_N + 1] == discards + 1
    assert a[L.DISCARD + 1 * L.MAX_PILE + discards] == cards[1]  # the mover's choice
    assert events(a, ev, EV_SPHINX_TOLL) == [(korinthia, cards[1], 0)]
    assert check_state(a, T) == V_OK
    # with an empty hand the move costs nothing; the tile stays
    set_hand(a, 1, [])
    ev = run(a, [(O.OP_MOVE, 2, 0)], seat=1, W=script(
        pair(MOVE_HOPLITE, korinthia), attika, pair(MOVE_HOPLITE, attika), korinthia))
    assert events(a, ev, EV_SPHINX_TOLL) == [(korinthia, -1, 0)]
    assert a[L.SPHINX_AT] == korinthia and check_state(a, T) == V_OK


def test_the_sphinx_spares_the_seat_that_placed_it_and_units_only_deployed_p31(a):
    attika = land("attika")
    run(a, [(O.OP_SPHINX, 0, 0)], seat=1, W=script(land("korinthia")))
    ev = run(a, [(O.OP_MOVE, 1, 0)], seat=1,
             W=script(pair(MOVE_HOPLITE, attika), land("korinthia")))
    assert events(a, ev, EV_SPHINX_TOLL) == []
    run(a, [(O.OP_SPHINX, 0, 0)], W=script(attika))
    cards = a[L.HAND_N + 1]
    run(a, [(O.OP_DEPLOY, L.U_HOPLITE, 0)], seat=1, W=script(L.U_HOPLITE, attika))
    assert a[L.HAND_N + 1] == cards  # a Deployed Unit was not moved there


def test_the_invariants_catch_a_stray_sphinx_tile_p31(a):
    a[L.SPHINX_AT] = land("korinthia")
    assert check_state(a, T) == V_TILES  # on the board with no holder
    a[L.SPHINX_OWNER] = 1
    assert check_state(a, T) == V_OK
    a[L.SPHINX_AT] = -1
    assert check_state(a, T) == V_TILES  # a holder, but beside the board


def test_the_gorgon_tile_marks_one_unit_until_the_turn_ends_p31(a):
    attika, troas = land("attika"), land("troas")

    def moves(seat):
        _, _, opts, _ = kit()
        n = unit_choices(a, T, seat, opts, turn_scratch())
        return {tuple(int(x) for x in opts[k, :2]) for k in range(1, n)}

    run(a, [(O.OP_HALT, O.HALT_UNIT, 0)], W=script(pair(1, MOVE_HOPLITE)))
    assert (a[L.GORGON_SEAT], a[L.GORGON_KIND], a[L.GORGON_AT]) == (1, MOVE_HOPLITE, attika)
    assert (MOVE_HOPLITE, attika) not in moves(1)
    # one tile: a second use moves it to another Unit, freeing the first
    run(a, [(O.OP_HALT, O.HALT_UNIT, 0)], W=script(pair(2, MOVE_HOPLITE)))
    assert (MOVE_HOPLITE, attika) in moves(1) and (MOVE_HOPLITE, troas) not in moves(2)
    end_turn(a, 0)
    assert a[L.GORGON_SEAT] == -1 and (MOVE_HOPLITE, troas) in moves(2)


def test_perseus_removes_a_random_card_of_a_rival_and_may_use_its_ability_p31(a):
    temple(a, 1, land("attika"))
    counsel = {myth("demigod_of_counsel"), myth("demigod_of_counsel", 1)}
    for slot, card in enumerate(sorted(counsel)):
        give(a, 1, slot, card)
    give(a, 0, 0, myth("perseus"))
    cards = a[L.HAND_N + 0]
    ev = run(a, [(O.OP_PERSEUS, 0, 0)], W=script(1, 0))
    [(card, rival, used)] = events(a, ev, EV_MYTHOLOGY_REMOVED)
    assert card in counsel and (rival, used) == (1, 1)
    held = a[L.MYTH_SLOT:L.MYTH_SLOT + 2 * L.MAX_MYTH_SLOTS]
    assert a[L.MYTH_OUT + card] == 1 and card not in held
    assert a[L.HAND_N + 0] == cards + 2  # the removed card's ability: draw 2
    assert check_state(a, T) == V_OK
    a[L.MYTH_OUT + card] = 0
    assert check_state(a, T) == V_MYTHOLOGY  # a card in no place
    a[L.MYTH_OUT + card] = 1
    # declining: the card still leaves the game
    ev = run(a, [(O.OP_PERSEUS, 0, 0)], W=script(1, -1))
    assert events(a, ev, EV_MYTHOLOGY_REMOVED)[0][1:] == (1, 0)
    seat_1 = a[L.MYTH_SLOT + L.MAX_MYTH_SLOTS:L.MYTH_SLOT + 2 * L.MAX_MYTH_SLOTS]
    assert a[L.HAND_N + 0] == cards + 2 and (seat_1 == -1).all()
    # no rival holds a card: nothing happens
    ev = run(a, [(O.OP_PERSEUS, 0, 0)])
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_PERSEUS, -1, 0)]


def test_perseus_is_a_demigod_for_its_holders_turn_p31():
    perseus = MYTH.index("perseus")
    assert T.mythology[perseus, 0] == DECKS.index("demigod") and MYTH.count("perseus") == 1
    assert T.myth_ability[perseus, 1] == 0  # the card it takes may give a Resource or a step
    assert T.myth_ability[MYTH.index("sphinx"), 1] == 1  # the Sphinx: any turn


# ---- Advance Turn part A --------------------------------------------------------------


def test_part_a_uses_one_of_shieldmakers_abilities_once_p8_p31(a):
    shieldmaker, lakonia = CARD["shieldmaker"], land("lakonia")
    set_hand(a, 0, [shieldmaker])
    before = land_power(a, T, lakonia, 0)
    W = script(0, 2,  # play it, move its Power (2): Ascend -> Deploy
               -1, L.DONE_ABILITY, 1, lakonia,  # no Free Action; part A, the second ability
               -1, -1)  # no Free Action; end the turn
    ev, work, opts, rng = kit()
    advance_turn(a, T, W, ev, 0, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and W[0, 1] == 8
    assert events(a, ev, EV_CARD_ABILITY) == [(shieldmaker, 1, 0)]
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_POWER, lakonia, 2)]
    assert land_power(a, T, lakonia, 0) == before + 2
    assert a[L.TURN_DONE] & L.DONE_ABILITY and not card_ability_ready(a, T)


def test_a_starting_card_has_no_ability_p2(a):
    a[L.PLAYED] = 0  # the first Starting card
    assert not card_ability_ready(a, T)
    a[L.PLAYED] = CARD["oracle"]
    assert card_ability_ready(a, T)


# ---- Invoking Mythology cards ----------------------------------------------------------


def test_own_turn_invokes_any_number_each_card_once_p8(a):
    temple(a, 0, land("lakonia"))
    give(a, 0, 0, myth("demigod_of_counsel"))
    give(a, 0, 1, myth("demigod_of_counsel", 1))
    cards = a[L.HAND_N + 0]
    W = script(pair(FREE_INVOKE, 0), pair(FREE_INVOKE, 1), -1)
    ev, work, opts, rng = kit()
    free_actions(a, T, W, ev, 0, False, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert events(a, ev, EV_INVOKE) == [(0, myth("demigod_of_counsel"), 0),
                                        (1, myth("demigod_of_counsel", 1), 0)]
    assert a[L.HAND_N + 0] == cards + 4 and list(a[L.MYTH_INVOKED:L.MYTH_INVOKED + 2]) == [1, 1]
    n = free_choices(a, T, 0, False, turn_scratch(), opts)
    assert all(opts[k, 0] != FREE_INVOKE for k in range(n))  # Invoked cards wait for Wine
    assert a[L.OFF_TURN_INVOKES + 0] == 0 and check_state(a, T) == V_OK


def test_a_card_energised_again_is_invoked_again_in_the_same_turn_p8(a):
    # any number of Free Actions in one's own turn (p. 8): a card Invoked, then turned
    # upright by another card's Energise, may be Invoked again at once
    temple(a, 0, land("lakonia"))
    rites = (myth("demigod_of_rites"), myth("demigod_of_rites", 1))
    give(a, 0, 0, rites[0])
    give(a, 0, 1, rites[1])
    # slot 0, slot 1 (which Energises slot 0), slot 0 again (Energising nothing), stop
    W = script(pair(FREE_INVOKE, 0), pair(FREE_INVOKE, 1), 0, pair(FREE_INVOKE, 0), -1, -1)
    ev, work, opts, rng = kit()
    free_actions(a, T, W, ev, 0, False, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and W[0, 1] == 6
    assert events(a, ev, EV_INVOKE) == [(0, rites[0], 0), (1, rites[1], 0), (0, rites[0], 0)]
    assert list(a[L.MYTH_INVOKED:L.MYTH_INVOKED + 2]) == [1, 1]
    assert check_state(a, T) == V_OK


def test_free_actions_come_between_the_replenish_steps_p9(a):
    # "Before, after, and in between these actions, you may perform any number of Free
    # Actions" (p. 9): a card Invoked once the hand is replenished draws on top of it
    counsel = myth("demigod_of_counsel")
    give(a, 0, 0, counsel)
    set_hand(a, 0, [starting(GOLD)])
    # keep the hand; Invoke after it, then stop; nothing after the Pillars; Energise nothing
    W = script(-1, pair(FREE_INVOKE, 0), -1, -1, -1)
    ev, work, opts, rng = kit()
    replenish_turn(a, T, W, ev, 0, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and W[0, 1] == 5
    assert a[L.HAND_N + 0] == 5 + 2  # the Replenish Size, then the card's two
    codes = [int(row[2]) for row in ev[:a[L.EVENTS]]]
    assert codes.index(EV_INVOKE) < codes.index(EV_REPLENISH)  # before the Pillars' step
    assert a[L.MYTH_INVOKED + 0] == 1 and check_state(a, T) == V_OK


def test_another_seats_turn_allows_one_invoke_clockwise_from_the_active_seat_p8():
    s = game("aegean", 4, seed=2)
    no_mythology(s)
    s[L.ACTIVE] = 2
    for seat, copy in ((3, 0), (0, 1), (1, 2)):
        give(s, seat, 0, myth("demigod_of_counsel", copy))
    temple(s, 3, int(np.flatnonzero(s[L.LAND_WORKERS + 3:L.LAND_WORKERS + L.N_LANDS * 4:4])[0]))
    give(s, 3, 1, myth("demigod_of_counsel", 3))
    ev, work, opts, rng = kit()
    W = script(0, 0, 0, 0, 0)
    invoke_window(s, T, W, ev, 2, work, turn_scratch(), opts, rng)
    assert W[0, 1] == 3  # seats 3, 0 and 1 asked, in that order
    invokes = [(int(row[1]), int(row[5])) for row in ev[:s[L.EVENTS]] if row[2] == EV_INVOKE]
    assert invokes == [(3, 1), (0, 1), (1, 1)]
    invoke_window(s, T, W, ev, 2, work, turn_scratch(), opts, rng)
    assert W[0, 1] == 3  # nobody is asked again in this turn, seat 3's second card included
    assert list(s[L.OFF_TURN_INVOKES:L.OFF_TURN_INVOKES + 4]) == [1, 1, 0, 1]
    assert check_state(s, T) == V_OK
    s[L.OFF_TURN_INVOKES + 3] = 2
    assert check_state(s, T) == V_INVOKES


def test_own_turn_cards_wait_for_their_holders_turn_p8(a):
    heights = myth("titan_of_the_heights")
    assert T.myth_ability[heights, 1] == 0 and T.myth_ability[myth("okeanos"), 1] == 1
    give(a, 1, 0, heights)
    ev, work, opts, rng = kit()
    W = script(0)
    invoke_window(a, T, W, ev, 0, work, turn_scratch(), opts, rng)
    assert W[0, 1] == 0 and a[L.MYTH_INVOKED + L.MAX_MYTH_SLOTS] == 0  # not offered in seat 0's turn
    n = free_choices(a, T, 1, False, turn_scratch(), opts)
    assert (FREE_INVOKE, 0) in {tuple(int(x) for x in opts[k, :2]) for k in range(n)}


def test_active_seat_invokes_before_the_others_in_an_advance_turn_p8(a):
    set_hand(a, 0, [CARD["oracle"]])
    give(a, 0, 0, myth("demigod_of_counsel"))
    give(a, 1, 0, myth("demigod_of_counsel", 1))
    W = script(0, 2, pair(FREE_INVOKE, 0), -1,  # play, move; seat 0 Invokes, then stops
               0,  # seat 1 Invokes in seat 0's turn
               -1)  # end the turn
    ev, work, opts, rng = kit()
    advance_turn(a, T, W, ev, 0, work, turn_scratch(), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and W[0, 1] == 6
    invokes = [(int(row[1]), int(row[5])) for row in ev[:a[L.EVENTS]] if row[2] == EV_INVOKE]
    assert invokes == [(0, 0), (1, 1)]


def test_a_card_cannot_energise_itself_p8(a):
    rites = myth("demigod_of_rites")
    give(a, 0, 0, rites)
    ev, work, opts, rng = kit()
    invoke(a, T, script(), ev, 0, 0, work, turn_scratch(), opts, rng)
    assert a[L.MYTH_INVOKED + 0] == 1
    assert events(a, ev, EV_ABILITY_STEP) == [(O.OP_ENERGISE, 0, 1)]


def test_the_profile_tells_an_invoke_with_an_effect_from_one_without_p8(a):
    # the Demigod of Rites with no other Invoked card finds nothing to Energise; the
    # Demigod of Counsel draws cards
    give(a, 0, 0, myth("demigod_of_rites"))
    give(a, 0, 1, myth("demigod_of_counsel"))
    ev, work, opts, rng = kit()
    invoke(a, T, script(), ev, 0, 0, work, turn_scratch(), opts, rng)
    invoke(a, T, script(), ev, 0, 1, work, turn_scratch(), opts, rng)
    assert events(a, ev, EV_INVOKE_END) == [(0, myth("demigod_of_rites"), 0),
                                            (1, myth("demigod_of_counsel"), 1)]
    assert a[L.USE + USE["invoke_idle"]] == 1 and a[L.USE + USE["invoke_effect"]] == 1
    assert a[L.USE + USE["invoke"]] == 2


# ---- the shipped cards ------------------------------------------------------------------


def test_every_character_monument_and_mythology_card_has_an_assumed_ability_p2():
    kinds = T.cards[:, 0]
    assert (T.card_ability[kinds == L.KIND_STARTING] == 0).all()
    assert (T.card_ability[kinds != L.KIND_STARTING, 0] > 0).all()
    assert (T.myth_ability[:, 0] > 0).all()
    for section in ("characters", "monuments", "kingdom_of_egypt", "mythology"):
        for card in CONTENT.data[section]["cards"]:
            assert is_assumed(card["ability_source"]), card["name"]
    # Shieldmaker alone has two abilities, of which one is used (p. 31)
    assert [CONTENT.names["cards"][c] for c in np.flatnonzero(T.card_ability[:, 1])] == ["shieldmaker"]


def test_every_code_is_used_by_some_card():
    used = {int(T.fx[r, 1 + 3 * i]) for r in range(T.fx.shape[0]) for i in range(T.fx[r, 0])}
    assert used == set(range(1, len(O.OP_NAMES)))
