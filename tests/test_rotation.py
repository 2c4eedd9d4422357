"""Rotated designs (sim.rotation): picks and mixed strategies seated by game index, each in
each seat equally often over a block, on the deals every design of a seed plays; the
same games on any thread count or batch size, and a dataset's game replays as played."""

from __future__ import annotations

import json
from collections import Counter

import pandas as pd
import pyarrow.parquet as pq
import pytest

from reports.render import build_report
from sim.games.registry import get_game, load_runner
from sim.rotation import assignments, pick_design, runs, setup_of
from sim.runner import RunError
from sim.runner.plan import cell_setup
from sim.runner.replay import from_run, records
from tests.cli_process import error_line, sim

MEDITERRANEAN = 12  # City-states on the side


def test_a_block_seats_every_pick_and_strategy_in_every_seat_equally_often():
    cycle = ("a", "b", "c", "d", "e")
    block = assignments(("random", "balanced", "balanced"), cycle, rotate_seats=True)
    assert len(block) == 3 * len(cycle)
    for seat in range(3):
        assert Counter(a.picks[seat] for a in block) == {p: 3 for p in cycle}
        assert Counter(a.strategies[seat] for a in block) == {"random": 5, "balanced": 10}
    # every strategy shift meets every pick shift: a pick is not tied to one strategy
    assert Counter((a.picks[0], a.strategies[0]) for a in block)[("a", "random")] == 1
    assert all(len(set(a.picks)) == 3 for a in block)


def test_strategies_stay_by_seat_when_the_mode_fixes_the_seats():
    block = assignments(("tyrant", "balanced"), None, rotate_seats=False)
    assert [a.strategies for a in block] == [("tyrant", "balanced")]


def test_runs_split_a_chunk_by_assignment():
    assert list(runs(10, 0, 3, 1)) == [(0, 3, 0)]
    assert list(runs(10, 1, 4, 4)) == [(1, 2, 3), (2, 3, 0), (3, 4, 1)]


@pytest.mark.parametrize(("value", "design"), [("draft", "drafted"), ("random", "dealt"),
                                               ("rotate", "rotated"), (["sparta", "troia"], "fixed"),
                                               (["sparta", "draft"], "mixed"), (None, None)])
def test_pick_design_names_how_picks_are_seated(value, design):
    assert pick_design(value) == design


@pytest.mark.parametrize("board", ["mediterranean", "aegean"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pillars_pick_cycle_keeps_neighbours_in_different_regions(board, players):
    runner = load_runner(get_game("pillars"))
    content = runner.load({})
    settings = dict(runner.SETTINGS, board=board, city_states="rotate")
    setup, design = cell_setup(runner, content, players, settings, ("balanced",), "test")
    assert design == {"picks": "rotated", "strategies": "same"}
    seated = [one.city_states for one in setup.setups]
    assert len(seated) == MEDITERRANEAN
    for seat in range(players):
        assert len({picks[seat] for picks in seated}) == MEDITERRANEAN


def test_pillars_rotate_is_refused_where_the_mode_fixes_tiles():
    runner = load_runner(get_game("pillars"))
    settings = dict(runner.SETTINGS, mode="solo", city_states="rotate")
    with pytest.raises(RunError, match="Solo Mode"):
        cell_setup(runner, runner.load({}), 2, settings, ("balanced",), "test")


def _rows(folder) -> pd.DataFrame:
    return pd.read_parquet(folder / "data").sort_values(["cell", "game", "seat"]).reset_index(drop=True)


@pytest.fixture(scope="module")
def rotated(tmp_path_factory):
    """`sim run --city-states rotate` with mixed strategies, as a subprocess: 36 games
    (one block: 3 strategy shifts x 12 City-states), 5 games a batch, 2 threads."""
    out = tmp_path_factory.mktemp("rotated") / "run"
    done = sim("run", "--game", "pillars", "--players", 3, "--city-states", "rotate",
               "--strategies", "random,balanced,balanced", "--n", 36, "--batch-size", 5,
               "--workers", 2, "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    return out


def test_rotated_run_counts_are_exact(rotated):
    df = _rows(rotated)
    picks = df.groupby(["city_state", "seat"]).size()
    assert len(picks) == MEDITERRANEAN * 3 and set(picks) == {3}  # 36 games / 12 tiles
    strategies = df.groupby(["strategy", "seat"]).size().unstack()
    assert strategies.loc["random"].tolist() == [12, 12, 12]
    assert strategies.loc["balanced"].tolist() == [24, 24, 24]
    assert (df.draft_order == 0).all()  # nobody drafted
    cell = json.loads((rotated / "run.json").read_text())["cells"][0]
    assert cell["design"] == {"picks": "rotated", "strategies": "rotated"}
    shard = next((rotated / "data" / "cell-000").glob("*.parquet"))
    meta = json.loads(pq.read_schema(shard).metadata[b"sim.cell"])
    assert meta["design"] == cell["design"]  # the Parquet metadata records it too


def test_rotated_games_do_not_depend_on_threads_or_batches(rotated, tmp_path):
    out = tmp_path / "again"
    done = sim("run", "--game", "pillars", "--players", 3, "--city-states", "rotate",
               "--strategies", "random,balanced,balanced", "--n", 36, "--batch-size", 36,
               "--workers", 1, "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    pd.testing.assert_frame_equal(_rows(rotated), _rows(out))


def test_a_rotated_game_replays_as_played(rotated):
    df = _rows(rotated)
    for game in (7, 22):
        played = records(from_run(rotated, 0, game))
        end = played[-1]
        row = df[df.game == game]
        assert end["final_glory"] == row.glory.tolist()


def test_the_report_says_rotated(rotated, tmp_path):
    html = build_report([rotated])
    assert "Design: <strong>rotated</strong>" in html
    assert "seat-balanced win share" in html


def test_a_rotated_trace_is_set_up_as_the_run_plays_it():
    runner = load_runner(get_game("pericles"))
    settings = dict(runner.SETTINGS, roles="rotate")
    setup, design = cell_setup(runner, runner.load({}), 3, settings, ("balanced",), "test")
    assert design["picks"] == "rotated" and len(setup.setups) == 6
    assert setup_of(setup, 7).roles == ("matriarch", "sophist", "oligarch")


def test_rotate_is_refused_for_a_game_without_seats():
    done = sim("run", "--game", "aeolis", "--n", 4, "--set", "heroes=rotate", "--quiet")
    assert "heroes" in error_line(done)


def test_a_mixed_table_flags_the_strategy_not_a_seat(tmp_path):
    """`sim run --strategies random,balanced,balanced` (Age of Pericles) seats random-legal
    play in each seat equally often: the report flags the strategy, and no seat carries
    its losses (a seat fixed to it would win next to nothing)."""
    out = tmp_path / "mixed"
    done = sim("run", "--game", "pericles", "--players", 3, "--strategies", "random,balanced,balanced",
               "--n", 3000, "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    df = _rows(out)
    counts = df.groupby(["strategy", "seat"]).size().unstack()
    assert counts.loc["random"].tolist() == [1000] * 3 and counts.loc["balanced"].tolist() == [2000] * 3
    html = build_report([out])
    flags = html.split("<h2>Flags</h2>")[1].split("<h2>")[0]
    assert "Strategy random wins" in flags
    seats = df.groupby("seat").win_share.mean()
    assert seats.min() > 0.2  # each seat plays random-legal a third of the time, no more
