"""Pillars of Heracles setup, steps 1-20 (pp. ~4-5; sim/games/pillars/rules/setup.py), over
many seeds on both board sides at 2, 3 and 4 players, the setup invariants
(sim/games/pillars/invariants.py) and the checks of the City-state choices."""

import itertools
import re

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    BOARD_LANDS,
    C_DESTINY,
    C_KIND,
    C_THREE_PLAYER,
    DECKS,
    ICONS,
    N_LANDS,
    S_HANDS,
    SIDES,
    load_content,
)
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_BLOCK_REGION, EV_COLS, EV_SETUP_PICK
from sim.games.pillars.invariants import (
    V_CARDS,
    V_CITIES,
    V_LAND,
    V_MYTHOLOGY,
    V_OK,
    V_PIECES,
    V_TILES,
    V_TRACKS,
    check_state,
)
from sim.games.pillars.policy import (
    RANDOM_LEGAL,
    SCRIPT_MISSED,
    SCRIPT_ROWS,
    SCRIPTED,
    W_CURSOR,
    W_MODE,
    every_seat_plays,
)
from sim.games.pillars.rules.cards import mythology_room
from sim.games.pillars.rules.rewards import setup_reward
from sim.games.pillars.rules.setup import SCRATCH, setup_game
from sim.games.pillars.rules.tracks import (
    R_CARD,
    R_DEMIGOD,
    R_HOPLITE,
    R_HOPLITE_FOR_IRON,
    R_TITAN,
    step_up,
)
from sim.games.pillars.start import new_game, setup_arrays
from sim.rng import N_STREAMS, seed_streams
from sim.runner import RunError
from tests.pillars_fixtures import kit, script

CONTENT = load_content()
T = CONTENT.tables
SEEDS = range(60)
CASES = list(itertools.product(SIDES, (2, 3, 4)))


def field(s, name):
    start, length = L.FIELD_SPANS[name]
    return s[start:start + length]


def per_land(s, name):
    return field(s, name).reshape(N_LANDS, L.MAX_PLAYERS)


def region_of_land(s, land):
    return T.land_region[s[L.SIDE], land]


def home(s, seat):
    return T.city_start[s[L.SIDE], s[L.CITY_STATE + seat]]


def pile(s, name, seat):
    n = s[L.FIELD_SPANS[name + "_N"][0] + seat]
    return list(field(s, name)[seat * L.MAX_PILE:seat * L.MAX_PILE + n])


@pytest.fixture(scope="module")
def games():
    """(board, players, seed) -> a set-up state."""
    return {(board, n, seed): new_game(CONTENT, board, n, seed=seed)
            for board, n in CASES for seed in SEEDS}


def each(games, board=None, players=None):
    for (b, n, _), s in games.items():
        if (board is None or b == board) and (players is None or n == players):
            yield s


def test_every_setup_keeps_the_invariants(games):
    assert {check_state(s, T) for s in games.values()} == {V_OK}


def test_same_seed_same_setup_other_seed_other_deal(games):
    s = new_game(CONTENT, "aegean", 3, seed=5)
    assert np.array_equal(s, games["aegean", 3, 5])
    assert not np.array_equal(s, new_game(CONTENT, "aegean", 3, seed=5, game=1))
    assert len({field(s, "MYTH_DECK").tobytes() for s in each(games, "aegean", 3)}) == len(SEEDS)


def test_mythology_decks_step2(games):
    for s in games.values():
        for d in range(len(DECKS)):
            n = s[L.MYTH_N + d]
            cards = field(s, "MYTH_DECK")[d * L.MAX_MYTH_DECK:d * L.MAX_MYTH_DECK + n]
            assert all(T.mythology[c, 0] == d for c in cards)


def test_procurement_area_step3(games):
    for (_, n, _), s in games.items():
        out = field(s, "CARD_OUT")
        three = (T.cards[:, C_KIND] == L.KIND_CHARACTER) & (T.cards[:, C_THREE_PLAYER] == 1)
        assert (out[:len(T.cards)][three] == (n < 3)).all()
        dealt = [s[L.PROC_N + k] for k in range(L.N_PROC)]
        taken = sum(len(pile(s, "HAND", seat)) for seat in range(n)) - sum(
            T.setup[S_HANDS + seat] for seat in range(n))
        for first, kind in ((L.PROC_MONUMENTS, L.KIND_MONUMENT),
                            (L.PROC_CHARACTERS, L.KIND_CHARACTER)):
            cards = [field(s, "PROC_DECK")[slot * L.MAX_PROC_DECK + i]
                     for slot in range(first, first + L.PROC_PER_ROW)
                     for i in range(s[L.PROC_N + slot])]
            assert all(T.cards[c, C_KIND] == kind for c in cards)
        core = T.cards[:, C_DESTINY] == 0  # the Siege of Destiny's cards stay out (p. ~18)
        assert (out[:len(T.cards)][~core] == 1).all()
        assert sum(dealt) + taken == ((T.cards[:, C_KIND] == L.KIND_MONUMENT) & core).sum() + (
            (T.cards[:, C_KIND] == L.KIND_CHARACTER) & core & ~(three & (n < 3))).sum()
        assert all(s[L.PROC_UP + k] == (s[L.PROC_N + k] > 0) for k in range(L.N_PROC))


def test_procurement_decks_split_evenly_step3():
    # a seed where step 14 took no Character shows the decks as step 3 dealt them
    for seed in SEEDS:
        s = new_game(CONTENT, "mediterranean", 4, seed=seed)
        chars = [s[L.PROC_N + L.PROC_CHARACTERS + k] for k in range(L.PROC_PER_ROW)]
        core = T.cards[:, C_DESTINY] == 0
        if sum(chars) == ((T.cards[:, C_KIND] == L.KIND_CHARACTER) & core).sum():
            assert max(chars) - min(chars) <= 1
            return
    pytest.fail("no seed left the Character decks as dealt")


def test_track_tiles_and_common_cities_steps4_5(games):
    for (_, n, _), s in games.items():
        assert sorted(field(s, "REGION_TRACK")) == list(range(L.N_TRACKS))
        assert field(s, "TRACK_CITY").tolist() == [1] * 2 * L.N_TRACKS
        assert s[L.CITIES_BUILD] == n
        assert s[L.CITIES_OUT] == 16 - 12 - n


def test_strategy_stacks_step6(games):
    for s in games.values():
        for stack in range(L.N_STRATEGY_STACKS):
            tiles = field(s, "STRATEGY_STACK")[stack * 3:stack * 3 + 3]
            assert s[L.STRATEGY_N + stack] == 3 and s[L.STRATEGY_UP + stack] == 1
            assert all(T.strategy[t, 0] == stack // 2 for t in tiles)


def test_player_boards_step8(games):
    for (_, n, _), s in games.items():
        for seat in range(L.MAX_PLAYERS):
            seated = seat < n
            deploy = field(s, "DEPLOY_LEFT")[seat * 9:seat * 9 + 9]
            assert deploy.tolist() == [int(seated)] * 6 + [0] * 3
            assert field(s, "SETTLE_LEFT")[seat * 3:seat * 3 + 3].tolist() == [3 * seated] * 2 + [0]
            assert s[L.MERCENARIES + seat] == 3 * seated
            assert s[L.MARKERS_LEFT + seat] == 7 * seated


def test_city_state_draw_puts_starting_regions_apart_step10(games):
    for (_, n, _), s in games.items():
        drawn = [t for t in field(s, "DRAWN") if t >= 0]
        assert len(drawn) == n + 1
        regions = [T.land_region[s[L.SIDE], T.city_start[s[L.SIDE], t]] for t in drawn]
        assert len(set(regions)) == n + 1
        res = field(s, "DRAWN_RES")[:n + 1]
        assert len(set(res)) == n + 1 and all(T.resource_tiles[t, 1] == 1 for t in res)


def test_every_tile_and_region_pairing_occurs(games):
    drawn = {t for s in games.values() for t in field(s, "DRAWN") if t >= 0}
    assert drawn == set(range(T.city_start.shape[1]))


def asked_after_the_draft(s, players):
    """The decisions of steps 12-14 (decide counts a lone option too): each seat's starting
    Sea, and its reward's choices: which card, or whether to draw the two Mythology cards
    and which to keep; nothing for a Hoplite for Iron (decision 8)."""
    asked = 0
    for seat in range(players):
        track = s[L.REGION_TRACK + region_of_land(s, home(s, seat))]
        reward = T.track_steps[track, 0, 0]
        asked += 1 + (reward == R_CARD) + 2 * (R_DEMIGOD <= reward <= R_TITAN)
    return asked


def test_draft_runs_in_reverse_turn_order_step11(games):
    # the first policy (new_game's) takes the first tile left: the last seat the first
    for (_, n, _), s in games.items():
        drawn = field(s, "DRAWN")
        assert [s[L.CITY_STATE + seat] for seat in range(n - 1, -1, -1)] == list(drawn[:n])
        assert s[L.DECISIONS] - asked_after_the_draft(s, n) == n


def test_each_drafting_seat_asks_its_policy_step11():
    """Seat 2 takes row position 2, seat 1 the second of the three left, seat 0 the first
    of the two left; each pick and the blocked Region are traced."""
    side, picks, tiles = setup_arrays(CONTENT, "aegean", 3)
    s = np.zeros(L.STATE_SIZE, np.int32)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, 5, 0)
    every_seat_plays(s, SCRIPTED)
    W = script(2, 1, 0, mode=SCRIPT_ROWS)
    ev = np.zeros((16, EV_COLS), np.int32)
    setup_game(s, T, W, np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), ev, side, 3, picks, tiles,
               0, np.zeros(SCRATCH, np.int32), rng)
    row = list(field(s, "DRAWN")[:4])
    assert [s[L.CITY_STATE + seat] for seat in (2, 1, 0)] == [row[2], row[1], row[0]]
    assert W[0, W_MODE] == SCRIPT_ROWS and W[0, W_CURSOR] == 3
    picks_traced = [(seat, tile) for _, seat, code, tile, _, _ in ev[:s[L.EVENTS]]
                    if code == EV_SETUP_PICK]
    assert picks_traced == [(2, row[2]), (1, row[1]), (0, row[0])]
    blocked = [a for _, _, code, a, _, _ in ev[:s[L.EVENTS]] if code == EV_BLOCK_REGION]
    assert blocked == list(np.flatnonzero(field(s, "REGION_BLOCKED")[:L.N_REGIONS]))
    assert len(blocked) == 1


def test_kingdom_of_egypt_only_with_memphis_step11(games):
    seen = set()
    for (_, n, _), s in games.items():
        chosen = set(field(s, "CITY_STATE")[:n])
        with_memphis = T.memphis[s[L.SIDE]] in chosen
        egypt = [c for c in field(s, "EGYPT") if c >= 0]
        egypt_rows = np.flatnonzero(T.cards[:, C_KIND] == L.KIND_EGYPT)
        assert sorted(egypt) == (sorted(egypt_rows) if with_memphis else [])
        assert (field(s, "CARD_OUT")[egypt_rows] == (not with_memphis)).all()
        seen.add(with_memphis)
    assert seen == {True, False}


def test_fixed_and_random_picks_step11():
    memphis = CONTENT.names["city_states"].index("memphis")
    for seed in range(20):
        s = new_game(CONTENT, "mediterranean", 3, seed=seed,
                     city_states=("memphis", "random", "draft"))
        assert s[L.CITY_STATE] == memphis
        assert T.cards[field(s, "EGYPT")[0], C_KIND] == L.KIND_EGYPT
        assert s[L.DECISIONS] - asked_after_the_draft(s, 3) == 1  # the drafting seat
    picked = {new_game(CONTENT, "aegean", 2, seed=k, city_states=("random",))[L.CITY_STATE]
              for k in range(40)}
    assert len(picked) > 4


def test_forced_tiles_step10():
    sparta = CONTENT.names["city_states"].index("sparta")
    for seed in range(20):
        s = new_game(CONTENT, "aegean", 2, seed=seed, city_states_in=("sparta",),
                     city_states_out=("athenai",))
        assert sparta in field(s, "DRAWN")
        assert CONTENT.names["city_states"].index("athenai") not in field(s, "DRAWN")


def test_starting_pieces_step12(games):
    for (_, n, _), s in games.items():
        for seat in range(n):
            land = home(s, seat)
            assert per_land(s, "LAND_HOPLITES")[land, seat] == 1
            assert per_land(s, "LAND_WORKERS")[land, seat] == 1
            assert s[L.LAND_PILLAR + land] == seat and s[L.LAND_PILLAR_ON_RES + land] == 0
            assert s[L.LAND_CITY + land] == seat and s[L.LAND_CITY_MARKER + land] == -1
            assert s[L.LAND_RES_UP + land] == 1
            assert T.resource_tiles[s[L.LAND_RES + land], 1] == 1
            ship = s[L.SHIP_SPACE + seat * L.MAX_SHIPS]
            seas = np.flatnonzero(T.land_sea[s[L.SIDE], land])
            assert ship == seas[0]  # the first option: the lowest-numbered Sea next to it
            assert field(s, "SHIP_SPACE")[seat * 3 + 1:seat * 3 + 3].tolist() == [-1, -1]


def test_markers_and_the_rebuilt_step14(games):
    for (_, n, _), s in games.items():
        steps = field(s, "TRACK_STEP").reshape(L.MAX_PLAYERS, L.N_TRACKS)
        heights = field(s, "TRACK_HEIGHT").reshape(L.MAX_PLAYERS, L.N_TRACKS)
        for seat in range(n):
            track = s[L.REGION_TRACK + region_of_land(s, home(s, seat))]
            assert steps[seat].tolist() == [int(t == track) for t in range(L.N_TRACKS)]
            # on step 0 stacked in turn order; on step 1 each arrival on top of earlier ones
            for t in range(L.N_TRACKS):
                if t != track:
                    assert heights[seat, t] == seat
            earlier = [o for o in range(seat) if steps[o, track] == 1]
            assert heights[seat, track] == len(earlier)


def test_step14_rewards(games):
    kinds = set()
    for (_, n, _), s in games.items():
        for seat in range(n):
            track = s[L.REGION_TRACK + region_of_land(s, home(s, seat))]
            reward = T.track_steps[track, 0, 0]
            hand = pile(s, "HAND", seat)
            extra = [c for c in hand if T.cards[c, C_KIND] != L.KIND_STARTING]
            slots = field(s, "MYTH_SLOT")[seat * L.MAX_MYTH_SLOTS:(seat + 1) * L.MAX_MYTH_SLOTS]
            kinds.add(int(reward))
            if reward == R_CARD:
                assert len(extra) == 1 and len(hand) == T.setup[S_HANDS + seat] + 1
            else:
                assert extra == [] and len(hand) == T.setup[S_HANDS + seat]
            if R_DEMIGOD <= reward <= R_TITAN:
                assert slots[0] >= 0 and s[L.MYTH_INVOKED + seat * L.MAX_MYTH_SLOTS] == 0
            else:
                assert slots[0] == -1
    assert kinds == {R_CARD, R_DEMIGOD, R_HOPLITE_FOR_IRON}  # the last is not taken


def test_hands_and_rondel_steps15_16(games):
    for (_, n, _), s in games.items():
        for seat in range(n):
            starting = [c for c in pile(s, "DECK", seat) + pile(s, "HAND", seat)
                        if T.cards[c, C_KIND] == L.KIND_STARTING]
            assert sorted(starting) == list(range(10))
            assert len(pile(s, "DECK", seat)) == 10 - T.setup[S_HANDS + seat]
            assert s[L.RONDEL_POS + seat] == 0 and CONTENT.data["rondel"]["start"] == "ascend"
    assert [T.setup[S_HANDS + k] for k in range(4)] == [5, 6, 6, 7]


def test_blocked_regions_step17(games):
    for (board, n, _), s in games.items():
        side = SIDES.index(board)
        blocked = [r for r in range(L.N_REGIONS) if s[L.REGION_BLOCKED + r]]
        assert len(blocked) == {2: 2, 3: 1, 4: 0}[n]
        starts = {region_of_land(s, home(s, seat)) for seat in range(n)}
        assert not starts & set(blocked)
        # the first Regions of the order of preference that hold no Starting City
        order = [r for r in T.block_order[side] if r >= 0 and r not in starts]
        assert blocked == sorted(order[:len(blocked)])


def test_prophecies_step18(games):
    for s in games.values():
        for r in range(L.N_REGIONS):
            stack = field(s, "REGION_PROPHECY")[r * 3:r * 3 + 3]
            if s[L.REGION_BLOCKED + r]:
                assert s[L.REGION_PROPHECY_N + r] == 0 and (stack == -1).all()
            else:
                assert [T.prophecies[c, 1] for c in stack] == [3, 2, 1]
                assert s[L.REGION_PROPHECY_UP + r] == 1


def test_population_tiles_step19(games):
    for s in games.values():
        assert (s[L.LAND_POP + BOARD_LANDS:L.LAND_POP + N_LANDS] == -1).all()  # Atlantis slots
        for land in range(BOARD_LANDS):
            pop = s[L.LAND_POP + land]
            open_land = not s[L.REGION_BLOCKED + region_of_land(s, land)]
            wants = open_land and s[L.LAND_CITY + land] < 0
            assert (pop >= 0) == wants
            if wants:
                assert T.population[pop, 0] == T.land_icon[s[L.SIDE], land]
                assert s[L.LAND_POP_UP + land] == 0


def test_resource_tiles_step20(games):
    for (_, n, _), s in games.items():
        on_map = 0
        assert (s[L.LAND_RES + BOARD_LANDS:L.LAND_RES + N_LANDS] == -1).all()
        for land in range(BOARD_LANDS):
            res = s[L.LAND_RES + land]
            open_land = not s[L.REGION_BLOCKED + region_of_land(s, land)]
            assert (res >= 0) == open_land
            if open_land and s[L.LAND_CITY + land] < 0:
                assert s[L.LAND_RES_UP + land] == 0 and T.resource_tiles[res, 1] == 0
            on_map += res >= 0
        assert on_map == BOARD_LANDS - 3 * {2: 2, 3: 1, 4: 0}[n]


def test_a_temple_adds_a_mythology_slot_p10(games):
    s = games["mediterranean", 3, 0].copy()
    assert mythology_room(s, T, 0) == 1
    s[L.LAND_BUILDING + home(s, 0) * L.MAX_PLAYERS] = L.B_TEMPLE
    assert mythology_room(s, T, 0) == 2


def test_the_seats_choose_their_starting_sea_and_setup_rewards_steps12_14():
    # step 12 leaves the starting Ship's Sea to the player; the rewards of the rebuilt
    # step 14 are the seat's choices as in play (p. 7): which face-up card, which of the
    # two Mythology cards. Seats playing random legal options, dealt the same City-states,
    # tiles and decks as seats taking the first option, choose otherwise in some games,
    # always within the rules.
    differ = {"sea": 0, "card": 0, "mythology": 0}
    picks = ("random",) * 3
    for board, seed in itertools.product(SIDES, range(20)):
        first = new_game(CONTENT, board, 3, seed=seed, city_states=picks)
        chosen = new_game(CONTENT, board, 3, seed=seed, city_states=picks, policy=RANDOM_LEGAL)
        assert check_state(chosen, T) == V_OK
        for seat in range(3):
            land = home(chosen, seat)
            assert land == home(first, seat)
            sea = chosen[L.SHIP_SPACE + seat * L.MAX_SHIPS]
            assert T.land_sea[chosen[L.SIDE], land, sea] == 1
            differ["sea"] += int(sea != first[L.SHIP_SPACE + seat * L.MAX_SHIPS])
            gained = [[c for c in pile(s, "HAND", seat) if T.cards[c, C_KIND] != L.KIND_STARTING]
                      for s in (first, chosen)]
            assert len(gained[0]) == len(gained[1])
            differ["card"] += int(gained[0] != gained[1])
            slot = L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS
            differ["mythology"] += int(first[slot] != chosen[slot])
    assert min(differ.values()) > 0, differ


def test_a_free_mercenary_hoplite_goes_where_the_seat_chooses_p7(games):
    s = games["aegean", 2, 3].copy()
    track = next(t for t in range(L.N_TRACKS) if s[L.TRACK_STEP + L.N_TRACKS + t] == 0)
    tables = T.copy()  # a writable record of the same type
    tables.track_steps[track, 0, 0] = R_HOPLITE  # step 1 as a free Hoplite
    land = home(s, 1)
    ev, work, opts, rng = kit()
    W = script(land)
    setup_reward(s, tables, W, ev, 1, track, step_up(s, 1, track), work, opts, rng)
    assert W[0, W_MODE] != SCRIPT_MISSED
    assert per_land(s, "LAND_HOPLITES")[land, 1] == 2 and s[L.MERCENARIES + 1] == 2
    assert check_state(s, T) == V_OK


def _bought_twice(s):
    """The top card of the first Procurement deck also in seat 0's hand."""
    s[L.HAND + s[L.HAND_N]] = s[L.PROC_DECK + s[L.PROC_N] - 1]
    s[L.HAND_N] += 1


def _prophecy_also_owned(s):
    s[L.PROPHECY_OWNER + s[L.REGION_PROPHECY]] = 0


@pytest.mark.parametrize("edit, code", [
    (lambda s: s.__setitem__(L.MERCENARIES, 2), V_PIECES),
    (lambda s: s.__setitem__(L.LAND_PILLAR + 17, 0) if s[L.LAND_PILLAR + 17] < 0 else None, V_PIECES),
    (lambda s: s.__setitem__([L.SHIP_SPACE, L.SHIP_SPACE + L.MAX_SHIPS], L.PORT + 5), V_LAND),
    (lambda s: s.__setitem__(L.CITIES_BUILD, s[L.CITIES_BUILD] + 1), V_CITIES),
    (lambda s: s.__setitem__(L.TRACK_STEP, 6), V_TRACKS),
    (lambda s: s.__setitem__(L.HAND, s[L.HAND + 1]), V_CARDS),
    (lambda s: s.__setitem__(L.HAND_N, s[L.HAND_N] - 1), V_CARDS),  # a Starting card lost
    (lambda s: s.__setitem__(L.PROC_N, s[L.PROC_N] - 1), V_CARDS),  # a Character lost
    (_bought_twice, V_CARDS),
    (lambda s: s.__setitem__(L.MYTH_N, s[L.MYTH_N] - 1), V_MYTHOLOGY),
    (_prophecy_also_owned, V_TILES),
    (lambda s: s.__setitem__(L.STRATEGY_SLOT, s[L.STRATEGY_STACK]), V_TILES),
    (lambda s: s.__setitem__(L.MYTH_DECK, s[L.MYTH_DECK + 1]), V_MYTHOLOGY),
    (lambda s: s.__setitem__(L.LAND_POP + 17, s[L.LAND_POP + 16]), V_TILES),
])
def test_each_invariant_catches_its_break(games, edit, code):
    s = games["aegean", 4, 2].copy()
    edit(s)
    assert check_state(s, T) == code


def test_two_buildings_of_one_type_on_a_land(games):
    s = games["aegean", 4, 2].copy()
    for seat in (0, 1):
        s[L.LAND_BUILDING + 5 * L.MAX_PLAYERS + seat] = L.B_AGORA
        s[L.BUILD_LEFT + seat * 9 + L.B_AGORA] = 0
    assert check_state(s, T) == V_LAND


@pytest.mark.parametrize("kwargs, message", [
    (dict(board="ionian"), "board: unknown side 'ionian'"),
    (dict(players=5), "players: Pillars of Heracles takes 2 to 4 players, got 5"),
    (dict(city_states=("spart",)), "unknown City-state 'spart' (did you mean 'sparta'?)"),
    (dict(city_states=("sparta", "sparta")), "'sparta' is fixed for two seats"),
    (dict(city_states=("sparta",), city_states_out=("sparta",)), "also chosen or forced in"),
    (dict(city_states=("sparta", "argos")), "start in the same Region"),
    (dict(city_states=("a",) * 4, players=3), "4 choices for 3 seats"),
    (dict(city_states_out=("sparta", "athenai", "argos", "korinthos", "rhodos", "miletos",
                           "phokaia", "larissa", "thebai")), "the tiles left start in"),
])
def test_bad_choices_give_one_line(kwargs, message):
    args = dict(board="aegean", players=3) | kwargs
    with pytest.raises(RunError, match=re.escape(message)) as err:
        setup_arrays(CONTENT, **args)
    assert "\n" not in str(err.value)


def test_face_names_of_the_side_pick_their_tile():
    _, picks, _ = setup_arrays(CONTENT, "mediterranean", 2, city_states=("syrakusai",))
    assert picks[0] == CONTENT.names["city_states"].index("miletos")


def test_every_population_icon_is_placed(games):
    icons = {T.population[s[L.LAND_POP + land], 0] for s in games.values()
             for land in range(N_LANDS) if s[L.LAND_POP + land] >= 0}
    assert icons == set(range(len(ICONS)))
