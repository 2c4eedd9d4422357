"""The game's end (p. 13) and the modes' triggers (Appendix 4, p. 15) on hand-built
states: sim/games/pillars/rules/end.py."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_GLORY, P_ERA, P_GLORY
from sim.games.pillars.events import EV_END_SHIP, EV_END_TRIGGER, EV_REGION_SCORE
from sim.games.pillars.policy import pair
from sim.games.pillars.rules.end import (
    check_end,
    end_trigger,
    final_scoring,
    mark_winners,
    rank_of,
)
from tests.pillars_fixtures import CONTENT, T, clear_board, events, game, kit, put, script, set_step

MODE = {m: k for k, m in enumerate(L.MODES)}


def _open_lands(s, exclude_regions=()):
    side = s[L.SIDE]
    return [land for land in range(L.N_LANDS)
            if s[L.REGION_BLOCKED + T.land_region[side, land]] == 0
            and s[L.LAND_CITY + land] < 0 and T.land_region[side, land] not in exclude_regions]


def _give_cities(s, seat, count):
    """``count`` Common Cities from the Build supply onto free open Lands, under the seat."""
    lands = _open_lands(s)
    for land in lands[:count]:
        s[L.LAND_CITY + land] = L.CITY_COMMON
        s[L.LAND_CITY_MARKER + land] = seat
        s[L.CITIES_BUILD] -= 1


@pytest.mark.parametrize("mode, needed", [("standard", 6), ("tutorial", 4), ("short", 5)])
def test_city_trigger_by_mode_p13_p15(mode, needed):
    s = game("mediterranean", 4)
    s[L.MODE] = MODE[mode]
    s[L.ROUND] = 7
    _give_cities(s, 2, needed - 2)  # the Starting City and these: one short
    ev, _, _, _ = kit()
    check_end(s, T, ev, 2)
    assert s[L.END_ROUND] == 0
    _give_cities(s, 2, 1)
    check_end(s, T, ev, 1)  # another seat's City count does not end the game in its turn
    assert s[L.END_ROUND] == 0
    check_end(s, T, ev, 2)
    assert (s[L.END_REASON], s[L.END_ROUND]) == (L.END_BY_CITIES, 8)
    assert events(s, ev, EV_END_TRIGGER) == [(L.END_BY_CITIES, 8, 0)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_track_trigger_counts_markers_on_step_5_collectively_p13(players):
    s = game("aegean", players)
    for mode in L.MODES:
        s[L.MODE] = MODE[mode]
        s[L.TRACK_STEP:L.TRACK_STEP + L.MAX_PLAYERS * L.N_TRACKS] = 0
        for k in range(players - 1):  # one seat may reach several track ends
            set_step(s, 0, k, 5)
        assert end_trigger(s, T, 0) == L.END_NONE
        set_step(s, 1, 0, 5)  # a second marker on a track end already reached counts too
        want = L.END_NONE if mode == "tutorial" else L.END_BY_TRACKS
        assert end_trigger(s, T, 0) == want, mode


@pytest.mark.parametrize("players", [2, 3, 4])
def test_track_trigger_on_distinct_tracks_as_a_setting_decision2(players):
    """With track_end = "tracks", a second marker on a track end already reached does not
    count; the ends of as many tracks as players do."""
    s = game("aegean", players)
    s[L.TRACK_END] = L.TRACK_END_TRACKS
    s[L.TRACK_STEP:L.TRACK_STEP + L.MAX_PLAYERS * L.N_TRACKS] = 0
    for k in range(players - 1):
        set_step(s, k % players, k, 5)
    set_step(s, players - 1, 0, 5)  # the end of track 0 again
    assert end_trigger(s, T, 0) == L.END_NONE
    set_step(s, 0, players - 1, 5)
    assert end_trigger(s, T, 0) == L.END_BY_TRACKS


@pytest.mark.parametrize("mode, needed", [("standard", 3), ("short", 2), ("tutorial", None)])
def test_era_iii_prophecy_trigger_p13_p15(mode, needed):
    s = game("mediterranean", 4)
    s[L.MODE] = MODE[mode]
    era3 = [c for c in range(T.prophecies.shape[0]) if T.prophecies[c, P_ERA] == 3]
    era2 = [c for c in range(T.prophecies.shape[0]) if T.prophecies[c, P_ERA] == 2]
    for c in era2[:4]:
        s[L.PROPHECY_OWNER + c] = 1  # other Eras do not count
    for k, c in enumerate(era3[:4]):
        fired = end_trigger(s, T, 0) == L.END_BY_PROPHECIES
        assert fired == (needed is not None and k >= needed), (mode, k)
        s[L.PROPHECY_OWNER + c] = k % 2
    want = L.END_NONE if needed is None else L.END_BY_PROPHECIES
    assert end_trigger(s, T, 0) == want


def test_the_first_trigger_fixes_the_last_round_p13():
    s = game("mediterranean", 3)
    s[L.ROUND] = 4
    ev, _, _, _ = kit()
    for t in range(3):
        set_step(s, t, t, 5)
    check_end(s, T, ev, 0)
    assert (s[L.END_REASON], s[L.END_ROUND]) == (L.END_BY_TRACKS, 5)
    s[L.ROUND] = 5
    _give_cities(s, 0, 5)
    check_end(s, T, ev, 0)
    assert (s[L.END_REASON], s[L.END_ROUND]) == (L.END_BY_TRACKS, 5)
    assert len(events(s, ev, EV_END_TRIGGER)) == 1


def _monument_glory(s, seat):
    base = seat * L.MAX_PILE
    cards = [s[f + base + k] for f, n in ((L.DECK, L.DECK_N), (L.HAND, L.HAND_N),
                                          (L.DISCARD, L.DISCARD_N)) for k in range(s[n + seat])]
    return sum(int(T.cards[c, C_GLORY]) for c in cards)


def test_final_scoring_every_source_p13():
    s = game("aegean", 3, seed=5)
    clear_board(s)
    # a Monument from the Procurement Area into seat 1's discard pile
    monument = -1
    for slot in range(L.PROC_MONUMENTS, L.PROC_MONUMENTS + L.PROC_PER_ROW):
        deck = L.PROC_DECK + slot * L.MAX_PROC_DECK
        pile = [int(x) for x in s[deck:deck + s[L.PROC_N + slot]]]
        if pile and monument < 0:
            monument = pile.pop()
            s[deck:deck + L.MAX_PROC_DECK] = -1
            s[deck:deck + len(pile)] = pile
            s[L.PROC_N + slot] = len(pile)
    assert T.cards[monument, C_GLORY] >= 1
    s[L.DISCARD + 1 * L.MAX_PILE + s[L.DISCARD_N + 1]] = monument
    s[L.DISCARD_N + 1] += 1
    # seat 0 Fulfilled two Prophecies
    prophecies = [c for c in range(T.prophecies.shape[0])][:2]
    for c in prophecies:
        s[L.PROPHECY_OWNER + c] = 0
    # seat 2 holds a second City, in a Region without a Starting City
    side = s[L.SIDE]
    starting_regions = {int(T.land_region[side, land]) for land in range(L.N_LANDS)
                        if 0 <= s[L.LAND_CITY + land] < L.CITY_COMMON}
    land = _open_lands(s, starting_regions)[0]
    s[L.LAND_CITY + land] = L.CITY_COMMON
    s[L.LAND_CITY_MARKER + land] = 2
    s[L.CITIES_BUILD] -= 1
    ev, _, opts, rng = kit()
    final_scoring(s, T, script(), ev, np.zeros(64, np.int32), opts, rng)
    src = s[L.GLORY_SRC:L.GLORY_SRC + L.MAX_PLAYERS * L.N_SOURCES].reshape(L.MAX_PLAYERS, -1)
    expect_prophecy = sum(int(T.prophecies[c, P_GLORY]) for c in prophecies)
    assert list(src[0]) == [expect_prophecy, _monument_glory(s, 0), 3, 3, 0]  # no Tyrant
    assert list(src[1]) == [0, _monument_glory(s, 1), 3, 3, 0]
    assert _monument_glory(s, 1) >= T.cards[monument, C_GLORY]
    assert list(src[2]) == [0, _monument_glory(s, 2), 6, 6, 0]
    for seat in range(3):
        assert s[L.GLORY + seat] == src[seat].sum()
    # every open Region is scored once, in the side's order from the top-left (p. 13)
    scored = [r for r, _, _ in events(s, ev, EV_REGION_SCORE)]
    assert scored == [int(r) for r in T.score_order[side] if s[L.REGION_BLOCKED + r] == 0]


def test_an_end_ship_decides_a_region_p13():
    s = game("mediterranean", 3, seed=2)
    clear_board(s)
    side = s[L.SIDE]
    home = {int(T.land_region[side, land]) for land in range(L.N_LANDS)
            if 0 <= s[L.LAND_CITY + land] < L.CITY_COMMON}
    region = next(int(r) for r in T.score_order[side]
                  if s[L.REGION_BLOCKED + r] == 0 and int(r) not in home)
    lands = [land for land in range(L.N_LANDS) if T.land_region[side, land] == region]
    sea = next(x for x in range(int(T.n_seas[side])) for land in lands
               if T.land_sea[side, land, x] == 1)
    near = [land for land in lands if T.land_sea[side, land, sea] == 1]
    worker_land = next(land for land in lands if land != near[0]) if len(lands) > 1 else near[0]
    put(s, worker_land, 1, workers=1)
    s[L.SHIP_SPACE + 0] = sea  # seat 0's first Ship (its starting Ship was cleared)
    s[L.SHIP_PROJECT + 0] = near[0]  # last turn's choice lapses at the end
    track = s[L.REGION_TRACK + region]
    set_step(s, 0, track, 1)  # seat 0 wins the tie of Power on the Region's track
    # the ship may be offered for Regions scored before this one: decline there
    before = []
    for r in T.score_order[side]:
        r = int(r)
        if r == region:
            break
        if s[L.REGION_BLOCKED + r] == 0 and any(
                T.land_sea[side, land, sea] == 1 for land in range(L.N_LANDS)
                if T.land_region[side, land] == r):
            before.append(-1)
    ev, _, opts, rng = kit()
    W = script(*before, pair(0, near[0]))
    final_scoring(s, T, W, ev, np.zeros(64, np.int32), opts, rng)
    assert W[0, 0] >= 0, "the script missed"
    assert events(s, ev, EV_END_SHIP) == [(0, near[0], region)]
    assert (region, 0, 3) in events(s, ev, EV_REGION_SCORE)
    # without it, the Worker's seat holds the Region
    s2 = game("mediterranean", 3, seed=2)
    clear_board(s2)
    put(s2, worker_land, 1, workers=1)
    s2[L.SHIP_SPACE + 0] = sea
    s2[L.SHIP_PROJECT + 0] = near[0]
    set_step(s2, 0, track, 1)
    ev2, _, opts, rng = kit()
    final_scoring(s2, T, script(*[-1] * 8), ev2, np.zeros(64, np.int32), opts, rng)
    assert (region, 1, 3) in events(s2, ev2, EV_REGION_SCORE)


def test_ties_go_to_the_most_track_steps_then_are_shared_p13():
    s = game("aegean", 4)
    s[L.GLORY:L.GLORY + 4] = [10, 12, 12, 12]
    s[L.TRACK_STEP:L.TRACK_STEP + 4 * L.N_TRACKS] = 0
    set_step(s, 1, 0, 2)
    set_step(s, 2, 3, 1)
    set_step(s, 2, 4, 1)
    set_step(s, 3, 5, 1)
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [0, 1, 1, 0]  # 12 Glory and 2 steps each: shared
    assert [rank_of(s, p) for p in range(4)] == [4, 1, 1, 3]
    set_step(s, 2, 5, 1)
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [0, 0, 1, 0]


def test_content_is_the_shipped_one():
    assert not CONTENT.packed.flags.writeable  # no test changed the shipped tables
