"""Gate statistics without the engine: outcomes encoding, paired test, Holm, tolerance, power."""

import numpy as np
import pyarrow as pa
import pytest
from scipy import stats

from sim.gate.outcomes import Outcomes, decode, encode, from_table
from sim.gate.paired import compare, paired_test
from sim.gate.power import games_for, independent_sd, paired_sd, simultaneous_z
from sim.gate.series import all_series, win_shares
from sim.gate.tolerance import Tolerance


def make(win_share, glory=None, role=None, rounds=None):
    win_share = np.asarray(win_share, dtype=float)
    n, p = win_share.shape
    return Outcomes(games=np.arange(n), win_share=win_share,
                    rounds=np.asarray(rounds if rounds is not None else [6] * n),
                    end_reason=np.zeros(n, dtype=np.int64), end_names=["parthenon"],
                    strategies=["random"] * p, glory=None if glory is None else np.asarray(glory),
                    pick=None if role is None else np.asarray(role),
                    pick_names=None if role is None else ["matriarch", "none", "veteran"])


def test_encode_decode_round_trip_keeps_ties():
    ws = [[1, 0, 0], [0.5, 0.5, 0], [1 / 3, 1 / 3, 1 / 3], [0, 0, 1]]
    o = make(ws, glory=[[210, 200, 190]] * 4, role=[[0, 2, 1]] * 4, rounds=[5, 6, 7, 8])
    back = decode(encode(o), len(o.games))
    np.testing.assert_allclose(back.win_share, o.win_share)
    np.testing.assert_array_equal(back.glory, o.glory)
    np.testing.assert_array_equal(back.pick, o.pick)
    np.testing.assert_array_equal(back.rounds, o.rounds)
    assert back.pick_names == o.pick_names and back.pick_kind == "role"
    assert back.strategies == o.strategies


def test_from_table_reads_rows_in_any_order():
    rows = {"cell": [0] * 6, "game": [1, 0, 1, 0, 0, 1], "seat": [1, 0, 0, 1, 2, 2],
            "strategy": ["random"] * 6, "win_share": [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
            "rounds": [7, 6, 7, 6, 6, 7], "end_reason": ["parthenon"] * 6,
            "glory": [5, 1, 4, 2, 3, 6], "role": ["veteran", "none", "matriarch", "veteran",
                                                 "matriarch", "none"]}
    o = from_table(pa.table(rows))
    np.testing.assert_array_equal(o.win_share, [[0, 1, 0], [0, 1, 0]])
    np.testing.assert_array_equal(o.glory, [[1, 2, 3], [4, 5, 6]])
    np.testing.assert_array_equal(o.rounds, [6, 7])
    assert [o.pick_names[r] for r in o.pick[1]] == ["matriarch", "veteran", "none"]
    assert o.pick_kind == "role"


def test_paired_test_matches_scipy():
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2, 500).astype(float)
    b = np.where(rng.random(500) < 0.1, 1 - a, a)
    diff, sd, p = paired_test(a, b)
    assert p == pytest.approx(stats.ttest_rel(b, a).pvalue)
    assert sd == pytest.approx((b - a).std(ddof=1)) and diff == pytest.approx((b - a).mean())


def test_identical_runs_show_no_shift():
    o = make([[1, 0, 0], [0, 1, 0], [0, 0, 1]] * 50)
    shifts = compare([(0, o, o)], Tolerance())
    assert shifts and all(s.diff == 0 and s.p == 1 and s.status == "held" for s in shifts)
    assert all(s.low == s.high == 0 and s.settling_games is None for s in shifts)


def test_moved_needs_the_whole_interval_beyond_tolerance():
    n = 4000
    a = np.tile([[1, 0, 0], [0, 1, 0], [0, 0, 1]], (n // 3 + 1, 1))[:n].astype(float)
    b = a.copy()
    flip = np.flatnonzero(a[:, 1] == 1)[::10]  # seat 1 -> seat 0 in a tenth of seat 1's wins
    b[flip] = [1, 0, 0]
    shifts = {(s.measure, s.group): s for s in compare([(0, make(a), make(b))], Tolerance())}
    seat0 = shifts["win_share", "seat 0"]
    assert seat0.diff == pytest.approx(len(flip) / n)  # +3.3 pp, interval about +/-1 pp
    assert seat0.moved and shifts["win_share", "seat 1"].moved
    assert shifts["win_share", "seat 2"].status == "held"  # no game changed: exactly 0
    # the family is the measures some game changed: seats 0 and 1, and nothing else
    assert seat0.confidence == pytest.approx(1 - 0.05 / 2)
    loose = {(s.measure, s.group): s for s in compare([(0, make(a), make(b))], Tolerance(5.0))}
    assert loose["win_share", "seat 0"].status == "held"
    near = {(s.measure, s.group): s for s in compare([(0, make(a), make(b))], Tolerance(3.0))}
    unsure = near["win_share", "seat 0"]
    assert unsure.low < 0.03 < unsure.high and unsure.status == "inconclusive"
    assert unsure.settling_games > n


def test_every_series_of_every_cell_is_compared():
    o = make([[1, 0], [0, 1]] * 20)
    shifts = compare([(0, o, o), (1, o, o)], Tolerance())
    assert {s.cell for s in shifts} == {0, 1}
    assert len(shifts) == 2 * len(all_series(o))


def test_role_series_uses_games_where_the_role_was_dealt():
    role = [[2, 0, 1], [1, 0, 2], [0, 1, 1], [1, 2, 0]]  # veteran (2) in 3 of 4 games
    ws = [[1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 0]]
    series = {s.key: s for s in all_series(make(ws, role=role))}
    veteran = series["win_share", "role veteran"]
    assert veteran.present.tolist() == [True, True, False, True]
    assert veteran.values[veteran.present].tolist() == [1, 1, 1]
    assert ("win_share", "role none") not in series


def test_paired_needs_fewer_games_than_independent():
    z = simultaneous_z(0.05, 1)
    paired = games_for(0.01, 0.0, paired_sd(0.01, 0.17), z, 0.8)
    independent = games_for(0.01, 0.0, independent_sd(1 / 3, 0.01), z, 0.8)
    assert paired < independent
    # with no tolerance "moved" is the two-proportion z-test: the textbook figure
    assert independent == pytest.approx(35_000, rel=0.05)
    assert games_for(0.01, 0.01, 0.5, z, 0.8) is None  # a shift at the tolerance: never


def test_cooperative_rows_are_one_team_per_game():
    rows = {"cell": [0] * 4, "game": [2, 0, 1, 3], "strategy": ["greedy"] * 4,
            "won": [True, False, True, False], "rounds": [9, 12, 10, 7],
            "loss_cause": ["none", "storm", "none", "morale"]}
    o = from_table(pa.table(rows))
    assert o.cooperative and o.players == 1
    series = {s.key: s for s in all_series(o)}
    assert series["win_share", "team"].values.tolist() == [0, 1, 1, 0]
    assert {k for k in series if k[0] == "win_share"} == {("win_share", "team")}
    assert series["end_reason", "storm"].values.tolist() == [1, 0, 0, 0]
    back = decode(encode(o), len(o.games))
    assert back.cooperative and back.win_share.ravel().tolist() == [0, 1, 1, 0]
    assert not [s for s in compare([(0, o, back)], Tolerance()) if s.diff != 0]


def _rows_with_tiles(games, used, sources):
    """Two-seat rows of ``games`` with each seat's City-states used and Glory by source."""
    n = len(games)
    return {"cell": [0] * 2 * n, "game": [g for g in games for _ in (0, 1)],
            "seat": [0, 1] * n, "strategy": ["random"] * 2 * n,
            "win_share": [1.0, 0.0] * n, "rounds": [6] * 2 * n, "end_reason": ["parthenon"] * 2 * n,
            "glory": [sum(s) for s in sources], "city_states_used": used,
            "glory_row": [s[0] for s in sources], "glory_missions": [s[1] for s in sources]}


def test_detailed_series_read_tiles_used_and_glory_sources():
    from sim.gate.outcomes import columns_to_read, concat
    from sim.gate.series import detailed_series

    table = pa.table(_rows_with_tiles([0, 1], ["samos,naxos", "", "", "naxos"],
                                      [[3, 1], [0, 2], [4, 0], [1, 1]]))
    assert "city_states_used" not in columns_to_read(table.column_names)
    assert {"city_states_used", "glory_row"} <= set(columns_to_read(table.column_names, True))
    o = from_table(table)
    assert o.tile_names == ["naxos", "samos"] and o.source_names == ["row", "missions"]
    series = {s.key: s for s in detailed_series(o)}
    naxos = series["win_share", "city-state naxos"]  # seat 0 in game 0, seat 1 in game 1
    assert naxos.present.tolist() == [True, True] and naxos.values.tolist() == [1.0, 0.0]
    samos = series["glory", "city-state samos"]
    assert samos.present.tolist() == [True, False] and samos.values[0] == 4
    assert series["glory_source", "row"].values.tolist() == [1.5, 2.5]  # mean per player
    assert {s.key for s in all_series(o)} < set(series)  # the gate's own measures are kept
    # chunks that used different City-states join over every name
    later = from_table(pa.table(_rows_with_tiles([2], ["", "chios"], [[1, 1], [2, 2]])))
    joined = concat([o, later])
    assert joined.tile_names == ["chios", "naxos", "samos"]
    assert joined.used[:, :, 0].tolist() == [[False, False], [False, False], [False, True]]
    assert joined.used[:, :, 1].tolist() == [[True, False], [False, True], [False, False]]


def test_a_pillars_city_state_is_a_pick_named_city_state():
    rows = {"cell": [0] * 4, "game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "strategy": ["balanced"] * 4,
            "win_share": [1.0, 0.0, 0.0, 1.0], "rounds": [20, 20, 24, 24],
            "end_reason": ["cities"] * 4, "glory": [30, 20, 25, 31],
            "city_state": ["sparta", "troia", "troia", "memphis"]}
    o = from_table(pa.table(rows))
    assert o.pick_kind == "city-state" and o.pick_names == ["memphis", "sparta", "troia"]
    groups = {s.group: s for s in win_shares(o)}
    assert groups["city-state troia"].values.tolist() == [0.0, 0.0]
    assert groups["city-state sparta"].present.tolist() == [True, False]
    assert decode(encode(o), len(o.games)).pick_kind == "city-state"


def test_summary_intervals_take_the_game_as_the_unit():
    """One strategy in every seat wins exactly 1/3 of every game: no interval; a seat's
    tie-split value varies less than a 0/1 one, so its interval is narrower than Wilson's
    over the same games."""
    from sim.gate.summary import summarise
    from sim.stats import wilson_interval

    ws = np.tile([[1, 0, 0], [0.5, 0.5, 0], [0, 0, 1], [0, 1, 0]], (250, 1)).astype(float)
    rows = {(r["measure"], r["group"]): r for r in summarise(make(ws))}
    strategy = rows["win_share", "strategy random"]
    assert strategy["low"] == strategy["high"] == strategy["value"] == pytest.approx(1 / 3, abs=1e-6)
    seat = rows["win_share", "seat 0"]
    low, high = wilson_interval(seat["value"] * 1000, 1000)
    assert low < seat["low"] < seat["value"] < seat["high"] < high
