"""Skirmish Mode (Appendix 4, p. 15): the mode setting, placing the Skirmish tile as a Free
Action, resolving it in the Status Check (the worked example of p. 16, a lost Skirmish, a
tie, a won Siege, no piece to take), partners left alone in Symmachia, and pieces going
back to a Player board (the owner's row, beside a full column). sim/games/pillars/rules/
skirmish.py and removal.py on hand-built states."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.events import (
    EV_CONSOLIDATION,
    EV_DOMINATION,
    EV_PIECE_REMOVED,
    EV_SIEGE,
    EV_SKIRMISH,
    EV_SKIRMISH_PLACE,
    EV_TACTICAL_SUPPORT,
)
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.modes import canonical, check_players, mode_code
from sim.games.pillars.policy import SCRIPT_MISSED, SCRIPT_ROWS
from sim.games.pillars.rules.deploy import place_unit
from sim.games.pillars.rules.free import FREE_SIEGE, FREE_SKIRMISH, free_actions, free_choices
from sim.games.pillars.rules.removal import (
    PIECE_BUILDING,
    PIECE_HOPLITE,
    PIECE_SHIP,
    remove_piece,
)
from sim.games.pillars.rules.skirmish import skirmish_targets
from sim.games.pillars.rules.status import WIN_REPLACE, status_check
from sim.games.pillars.rules.support import SCRATCH, tactical_support
from tests.pillars_fixtures import (
    CARD,
    T,
    events,
    game,
    give_tile,
    hand,
    kit,
    land,
    no_population,
    pillar,
    put,
    region,
    script,
    set_hand,
    set_step,
    ship_to,
    starting,
)

MILITARY = 4


@pytest.fixture
def s():
    # Sparta (seat 0, Lakonia), Athenai (seat 1, Attika), Troia (seat 2, Troas); Iona
    # blocked; Skirmish Mode; the Kyklades on the Military track
    s = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    s[L.REGION_TRACK + region("kyklades")] = MILITARY
    s[L.ROUND] = 1
    s[L.ADDONS] = L.ADDON_SKIRMISH
    return s


def check(s, W, seat=0):
    ev, work, opts, rng = kit()
    status_check(s, T, W, ev, seat, work, np.zeros(SCRATCH, np.int32), opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    return ev


def removed(s, ev):
    """(seat, Land, piece) of each piece_removed row."""
    return [(int(r[1]), int(r[3]), int(r[4])) for r in ev[:s[L.EVENTS]] if r[2] == EV_PIECE_REMOVED]


def test_skirmish_combines_with_the_other_modes_p15():
    assert canonical("skirmish+short") == "short+skirmish"
    assert canonical("skirmish+symmachia") == "symmachia+skirmish"
    assert mode_code("short+skirmish") == L.MODE_SHORT + L.MODE_SPAN * L.ADDON_SKIRMISH
    for players in (2, 3, 4):
        check_players("skirmish", players)


def skirmish_lands(s, seat=0):
    _, _, opts, _ = kit()
    n = free_choices(s, T, seat, False, np.zeros(L.MAX_SEAS, np.int32), opts)
    return {int(opts[k, 1]) for k in range(n) if opts[k, 0] == FREE_SKIRMISH}


def test_the_tile_goes_where_the_seat_has_a_hoplite_p15(s):
    naxos, rhodos, thraki = land("naxos"), land("rhodos"), land("thraki")
    put(s, naxos, 0, hoplites=1)
    put(s, rhodos, 0, workers=1)  # a Worker is no Hoplite
    hoplites = {x for x in range(L.N_LANDS) if s[L.LAND_HOPLITES + x * L.MAX_PLAYERS] > 0}
    assert naxos in hoplites and rhodos not in hoplites
    assert skirmish_lands(s) == hoplites
    s[L.SIEGE_AT + 0] = naxos  # not where its Siege tile is
    assert skirmish_lands(s) == hoplites - {naxos}
    s[L.SIEGE_AT + 0] = -1
    ev, work, opts, rng = kit()
    free_actions(s, T, script(FREE_SKIRMISH, -1), ev, 0, False, work,
                 np.zeros(L.MAX_SEAS, np.int32), opts, rng)
    placed = s[L.SKIRMISH_AT + 0]
    assert placed in hoplites and events(s, ev, EV_SKIRMISH_PLACE) == [(placed, 0, 0)]
    assert skirmish_lands(s) == set()  # one tile per seat
    s[L.SKIRMISH_AT + 0] = -1
    s[L.ADDONS] = 0
    assert skirmish_lands(s) == set()  # only in Skirmish Mode
    # nor may the Siege tile go where the Skirmish tile is
    pillar(s, 1, thraki)
    no_population(s, thraki)
    put(s, thraki, 0, hoplites=1)
    n = free_choices(s, T, 0, False, np.zeros(L.MAX_SEAS, np.int32), opts)
    assert (FREE_SIEGE, thraki) in {(int(opts[k, 0]), int(opts[k, 1])) for k in range(n)}
    s[L.SKIRMISH_AT + 0] = thraki
    n = free_choices(s, T, 0, False, np.zeros(L.MAX_SEAS, np.int32), opts)
    assert (FREE_SIEGE, thraki) not in {(int(opts[k, 0]), int(opts[k, 1])) for k in range(n)}


def example_scene(s):
    """p. 16: red (seat 0) 11 Power in Thraki with two Power-3 cards, green (seat 1) 8 with
    a Power-3 and a Power-4 card; red's Skirmish tile is there."""
    thraki = land("thraki")
    no_population(s, thraki)
    pillar(s, 0, thraki)
    put(s, thraki, 0, hoplites=2)
    ship_to(s, 0, L.PORT + thraki)
    ship_to(s, 0, 10, project=thraki)  # Sea 11
    put(s, thraki, 1, hoplites=1, workers=1, building=L.B_CITADEL)
    ship_to(s, 1, 7, project=thraki)  # Sea 8
    for seat in (0, 1):
        set_step(s, seat, MILITARY, 2)
    set_hand(s, 0, [CARD["spy"], CARD["olympic_athlete"], starting(0, 1)])
    set_hand(s, 1, [CARD["character_8"], CARD["diplomat"]])
    s[L.SKIRMISH_AT + 0] = thraki
    return thraki


def test_worked_example_the_citadel_is_removed_p16(s):
    thraki = example_scene(s)
    citadels = s[L.BUILD_LEFT + L.MAX_ROWS * L.N_BUILDING_KINDS:
                 L.BUILD_LEFT + 2 * L.MAX_ROWS * L.N_BUILDING_KINDS][L.B_CITADEL::3].sum()
    # declare green's third piece (Hoplite, Worker, Citadel); each places its first two cards
    ev = check(s, script(2, 1, 1, 1, 1, mode=SCRIPT_ROWS))
    assert events(s, ev, EV_TACTICAL_SUPPORT) == [(thraki, 2, 6), (thraki, 2, 7)]
    assert events(s, ev, EV_SKIRMISH) == [(thraki, 1, 1)]  # 17 beats 15
    assert removed(s, ev) == [(1, thraki, PIECE_BUILDING)]
    assert s[L.LAND_BUILDING + thraki * L.MAX_PLAYERS + 1] == -1
    assert s[L.BUILD_LEFT + L.MAX_ROWS * L.N_BUILDING_KINDS:
             L.BUILD_LEFT + 2 * L.MAX_ROWS * L.N_BUILDING_KINDS][L.B_CITADEL::3].sum() == citadels + 1
    # green redraws its 2 support cards and draws 2 for the lost piece; red keeps its third
    assert len(hand(s, 1)) == 4 and hand(s, 0) == [starting(0, 1)]
    assert s[L.SKIRMISH_AT + 0] == -1
    # the rest of the Status Check is skipped
    assert events(s, ev, EV_DOMINATION) == [] and events(s, ev, EV_CONSOLIDATION) == []
    assert check_state(s, T) == V_OK


def duel(s, mine, theirs):
    """Seat 0's Skirmish tile on Naxos, with ``mine`` and ``theirs`` Hoplites there and no
    cards in hand."""
    naxos = land("naxos")
    no_population(s, naxos)
    put(s, naxos, 0, hoplites=mine)
    put(s, naxos, 1, hoplites=theirs)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    s[L.SKIRMISH_AT + 0] = naxos
    return naxos


def test_the_attacker_wins_a_tie_p15(s):
    naxos = duel(s, 1, 1)
    ev = check(s, script())  # every choice is a lone one
    assert events(s, ev, EV_SKIRMISH) == [(naxos, 1, 1)]
    assert removed(s, ev) == [(1, naxos, PIECE_HOPLITE)]
    assert s[L.LAND_HOPLITES + naxos * L.MAX_PLAYERS + 1] == 0
    assert len(hand(s, 1)) == 2 and hand(s, 0) == []
    assert check_state(s, T) == V_OK


def test_strategic_initiative_wins_the_defenders_tie_p14_p15(s):
    """p. ~14: its holder wins all ties it is in, a Skirmish's too, which p. 15 otherwise
    gives the attacker."""
    naxos = duel(s, 1, 1)
    give_tile(s, 1, "strategic_initiative")
    ev = check(s, script())
    assert events(s, ev, EV_SKIRMISH) == [(naxos, 1, 0)]
    assert removed(s, ev) == [(0, naxos, PIECE_HOPLITE)]
    assert check_state(s, T) == V_OK


def test_support_works_as_for_sieges_a_third_seat_too_p15(s):
    """p. 15: Tactical Card Support "works in the same way as for Sieges" (p. 8): every seat
    with Hoplites or Citadels in the space may place cards, one that is neither the
    attacker nor the declared piece's owner too; its Power is not compared, and as a loser
    it draws its cards back. The option rows say whose Power counts (column 2)."""
    naxos = duel(s, 1, 1)
    put(s, naxos, 2, hoplites=1)
    set_hand(s, 2, [starting(0, 2)])
    # declare seat 1's Hoplite; seats 0 and 1, with empty hands, stop; seat 2 places its card
    ev = check(s, script(1, -1, -1, 0))
    support = [(int(r[1]), int(r[3]), int(r[4]), int(r[5])) for r in ev[:s[L.EVENTS]]
               if r[2] == EV_TACTICAL_SUPPORT]
    assert support == [(2, naxos, 1, 2)]
    assert events(s, ev, EV_SKIRMISH) == [(naxos, 1, 1)]  # 2 against 2: the attacker's tie
    assert removed(s, ev) == [(1, naxos, PIECE_HOPLITE)]
    assert len(hand(s, 2)) == 1  # redrawn
    assert check_state(s, T) == V_OK
    ev, work, opts, rng = kit()
    tactical_support(s, T, script(-1), ev, 0, 1, naxos, np.zeros(SCRATCH, np.int32), opts, rng)
    assert opts[1, 0] == 0 and opts[1, 2] == 0  # seat 2's card counts for nobody: no stake


def test_a_lost_skirmish_costs_the_attacker_a_unit_and_it_draws_2_decision12(s):
    naxos = duel(s, 1, 2)
    ev = check(s, script())
    assert events(s, ev, EV_SKIRMISH) == [(naxos, 1, 0)]
    assert removed(s, ev) == [(0, naxos, PIECE_HOPLITE)]
    assert s[L.LAND_HOPLITES + naxos * L.MAX_PLAYERS + 0] == 0
    assert s[L.LAND_HOPLITES + naxos * L.MAX_PLAYERS + 1] == 2
    assert len(hand(s, 0)) == 2 and hand(s, 1) == []
    assert s[L.SKIRMISH_AT + 0] == -1
    assert check_state(s, T) == V_OK


def test_a_ship_in_the_port_is_in_the_space_decision35(s):
    naxos = duel(s, 1, 0)
    assert skirmish_targets(s, 0, naxos, kit()[2]) == 0
    ship_to(s, 1, 5, project=naxos)  # a Sea Ship gives Power there but is not in the space
    assert skirmish_targets(s, 0, naxos, kit()[2]) == 0
    ship_to(s, 1, L.PORT + naxos)
    opts = kit()[2]
    assert skirmish_targets(s, 0, naxos, opts) == 1 and opts[0, 1] == PIECE_SHIP


def test_a_won_siege_takes_the_skirmish_tile_back_unresolved_p15(s):
    naxos, rhodos = land("naxos"), land("rhodos")
    no_population(s, naxos, rhodos)
    pillar(s, 1, naxos)
    put(s, naxos, 0, hoplites=1)
    s[L.SIEGE_AT + 0] = naxos
    put(s, rhodos, 0, hoplites=1)
    put(s, rhodos, 1, hoplites=1)
    s[L.SKIRMISH_AT + 0] = rhodos
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    ev = check(s, script(-1, WIN_REPLACE))  # no support card; replace the Pillar
    assert events(s, ev, EV_SIEGE) == [(naxos, 1, WIN_REPLACE)]
    assert events(s, ev, EV_SKIRMISH) == [(rhodos, -1, 0)]
    assert s[L.SKIRMISH_AT + 0] == -1 and s[L.LAND_HOPLITES + rhodos * L.MAX_PLAYERS + 1] == 1
    assert removed(s, ev) == [(1, naxos, 4)]  # only the besieged Pillar
    assert check_state(s, T) == V_OK


def test_without_a_piece_to_take_the_status_check_goes_on_decision37(s):
    naxos, rhodos = land("naxos"), land("rhodos")
    no_population(s, naxos, rhodos)
    pillar(s, 1, naxos)
    put(s, naxos, 0, hoplites=1)  # Domination in the Kyklades
    put(s, rhodos, 0, hoplites=1)
    s[L.SKIRMISH_AT + 0] = rhodos  # nobody else there
    ev = check(s, script(1, 0, mode=SCRIPT_ROWS))  # Domination: yes; the card reward
    assert events(s, ev, EV_SKIRMISH) == [(rhodos, -1, 0)] and s[L.SKIRMISH_AT + 0] == -1
    assert len(events(s, ev, EV_DOMINATION)) == 1


def test_partners_do_not_skirmish_decision14():
    s = game("aegean", 4, seed=3, mode="symmachia+skirmish")
    naxos = land("naxos")
    put(s, naxos, 0, hoplites=1)
    put(s, naxos, 2, hoplites=1)  # the partner's
    opts = kit()[2]
    assert skirmish_targets(s, 0, naxos, opts) == 0
    put(s, naxos, 1, workers=1)
    assert skirmish_targets(s, 0, naxos, opts) == 1 and opts[0, 0] == 1
    s[L.PARTNER:L.PARTNER + L.MAX_PLAYERS] = -1  # no teams
    assert skirmish_targets(s, 0, naxos, opts) == 2


def test_the_owner_chooses_the_row_a_piece_goes_back_to_p15(s):
    naxos = land("naxos")
    put(s, naxos, 1, hoplites=2)  # both Deploy rows' Hoplite slots are empty now
    rows = [L.DEPLOY_LEFT + (L.MAX_ROWS + row) * L.N_UNIT_KINDS + L.U_HOPLITE for row in (0, 1)]
    assert [s[x] for x in rows] == [0, 0]
    ev, work, opts, rng = kit()
    W = script(1)  # the second row
    assert remove_piece(s, T, W, ev, 1, PIECE_HOPLITE, naxos, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED and [s[x] for x in rows] == [0, 1]
    assert check_state(s, T) == V_OK


def test_a_piece_with_no_slot_waits_beside_the_board_p15(s):
    # Athenai's starting Hoplites stand on Attika while every Deploy slot is full
    attika = land("attika")
    k = attika * L.MAX_PLAYERS + 1
    assert s[L.LAND_HOPLITES + k] > 0
    ev, work, opts, rng = kit()
    remove_piece(s, T, script(), ev, 1, PIECE_HOPLITE, attika, opts, rng)
    assert s[L.UNITS_BESIDE + 1 * L.N_UNIT_KINDS + L.U_HOPLITE] == 1
    assert check_state(s, T) == V_OK
    # Deploying from a slot: the waiting Hoplite takes it, so the row does not empty
    slot = L.DEPLOY_LEFT + (L.MAX_ROWS + 0) * L.N_UNIT_KINDS + L.U_HOPLITE
    place_unit(s, T, script(), ev, 1, L.U_HOPLITE, 0, attika, opts, rng)
    assert s[slot] == 1 and s[L.UNITS_BESIDE + 1 * L.N_UNIT_KINDS + L.U_HOPLITE] == 0
    assert check_state(s, T) == V_OK
