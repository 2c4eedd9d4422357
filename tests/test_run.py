"""`sim run`: determinism across workers and batch sizes, resume after a kill, dataset shape."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from cli_process import ENV, sim
from processes import kill_after
from typer.testing import CliRunner

import sim.runner.execute as execute
from sim.cli import app
from sim.games import registry
from sim.games.pericles import layout as L
from sim.games.play_profile import column

REPO = Path(__file__).resolve().parents[1]
runner = CliRunner()
KEYS = ["cell", "game", "seat"]


def sim_run(out: Path, *args: str) -> dict:
    result = runner.invoke(app, ["run", "--game", "pericles", "--out", str(out), "--quiet", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads((out / "run.json").read_text())


def rows(out: Path) -> pd.DataFrame:
    return pd.read_parquet(out / "data").sort_values(KEYS).reset_index(drop=True)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "base"
    sim_run(out, "--players", "3", "--n", "120", "--seed", "7", "--workers", "2",
            "--batch-size", "50")
    return out


def test_workers_and_batch_size_do_not_change_results(base, tmp_path):
    one = tmp_path / "one"
    sim_run(one, "--players", "3", "--n", "120", "--seed", "7", "--workers", "1", "--batch-size", "50")
    other = tmp_path / "other"
    sim_run(other, "--players", "3", "--n", "1.2e2", "--seed", "7", "--workers", "2",
            "--batch-size", "33")
    pd.testing.assert_frame_equal(rows(base), rows(one))
    pd.testing.assert_frame_equal(rows(base), rows(other))
    assert len(list((other / "data" / "cell-000").glob("*.parquet"))) == 4


def test_dataset_columns_and_invariants(base):
    df = pd.read_parquet(base / "data")
    assert len(df) == 120 * 3
    table = ds.dataset(base / "data", format="parquet").to_table()
    assert table.num_rows == len(df)
    expected = ["cell", "game", "seat", "players", "strategy", "won", "win_share", "glory", "rank",
                "rounds", "end_reason", "role", "city_states", "city_states_used", "silver",
                "draft_order"]
    profile = [column(m) for m in registry.profile(registry.get_game("pericles"))]
    assert list(df.columns) == expected + [f"glory_{s}" for s in L.GLORY_SOURCES] + profile
    per_game = df.groupby("game")
    assert (per_game.win_share.sum() - 1).abs().max() < 1e-12
    assert (per_game.won.sum() >= 1).all()
    assert ((df["rank"] == 1) == df.won).all()
    assert (df.glory == df[[f"glory_{s}" for s in L.GLORY_SOURCES]].sum(axis=1)).all()
    assert set(df.end_reason) <= set(L.END_REASON_NAMES[1:])
    assert df.role.isin(["veteran", "matriarch", "sophist", "oligarch", "hetaira", "priestess"]).all()
    assert df.city_states.str.len().gt(0).all()
    manifest = json.loads((base / "run.json").read_text())
    assert manifest["status"] == "complete" and manifest["games"] == 120 and manifest["seed"] == 7
    for key in ("package_version", "git_revision", "numba_version", "wall_time_s"):
        assert key in manifest
    meta = pq.read_schema(next((base / "data" / "cell-000").glob("*.parquet"))).metadata
    run_meta = json.loads(meta[b"sim.run"])
    assert run_meta["seed"] == 7 and run_meta["numba_version"] == manifest["numba_version"]
    assert json.loads(meta[b"sim.cell"])["content_hash"] == manifest["cells"][0]["content_hash"]


def test_two_players_rows_exclude_the_demagogue(tmp_path):
    out = tmp_path / "two"
    sim_run(out, "--scenario", "demagogue-2p", "--n", "40")
    df = rows(out)
    assert set(df.seat) == {0, 1} and len(df) == 80
    assert (df.groupby("game").win_share.sum() - 1).abs().max() < 1e-12


def test_sweep_gives_one_cell_per_combination(tmp_path):
    out = tmp_path / "sweep"
    manifest = sim_run(out, "--players", "3,4", "--n", "20", "--sweep", "params.builder_base=3,5",
                       "--set", "skills=false")
    cells = manifest["cells"]
    assert [(c["players"], c["sweep"]["params.builder_base"]) for c in cells] == [
        (3, 3), (3, 5), (4, 3), (4, 5)]
    assert all(c["mode"] == "no_skills" and c["overrides"]["params.builder_base"] in (3, 5)
               for c in cells)
    assert cells[0]["content_hash"] != cells[1]["content_hash"]
    assert cells[0]["content_hash"] == cells[2]["content_hash"]
    df = rows(out)
    assert sorted(df.cell.unique()) == [0, 1, 2, 3]
    assert df.groupby("cell").players.first().tolist() == [3, 3, 4, 4]
    assert df.groupby("cell").game.nunique().tolist() == [20] * 4


def test_overwrite_replaces_and_resume_of_complete_run_plays_nothing(tmp_path):
    out = tmp_path / "again"
    sim_run(out, "--players", "3", "--n", "30")
    manifest = sim_run(out, "--players", "3", "--n", "30", "--resume")
    assert manifest["games_played_now"] == 0
    manifest = sim_run(out, "--players", "3", "--n", "20", "--overwrite")
    assert manifest["games_played_now"] == 20 and len(rows(out)) == 60


def test_killed_run_resumes_to_the_same_data(tmp_path):
    args = ["--game", "pericles", "--players", "3", "--n", "20000", "--batch-size", "200",
            "--workers", "1", "--seed", "3", "--quiet"]
    out = tmp_path / "killed"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    code = "import sys; from sim.cli import app; sys.argv[0] = 'sim'; app()"
    proc = subprocess.Popen([sys.executable, "-c", code, "run", *args, "--out", str(out)], env=env,
                            cwd=tmp_path, stderr=subprocess.PIPE)
    kill_after(proc, out, "data/cell-000/part-*.parquet", 5)
    shards = len(list(out.glob("data/cell-000/part-*.parquet")))
    assert 5 <= shards < 100
    assert json.loads((out / "run.json").read_text())["status"] == "running"
    result = runner.invoke(app, ["run", *args, "--out", str(out), "--resume"])
    assert result.exit_code == 0, result.stderr
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["status"] == "complete" and manifest["games_played_now"] < 20000
    assert not list(out.rglob("_*"))
    full = tmp_path / "full"
    result = runner.invoke(app, ["run", *args, "--out", str(full), "--workers", "2"])
    assert result.exit_code == 0, result.stderr
    pd.testing.assert_frame_equal(rows(out), rows(full))


def test_failed_shard_write_stops_the_run(tmp_path, monkeypatch):
    """Shards are written on a second thread; a write that fails still stops the run, and
    the shards written before it stay whole."""
    real_write = execute.write_shard
    written = []

    def write_then_fail(out, batch, table, meta):
        if written:
            raise OSError("disk full")
        real_write(out, batch, table, meta)
        written.append(batch)

    monkeypatch.setattr(execute, "write_shard", write_then_fail)
    out = tmp_path / "failing"
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "200",
                                 "--batch-size", "50", "--out", str(out), "--quiet"])
    assert result.exit_code == 2 and "disk full" in result.output  # one line, no traceback
    assert len(written) == 1
    shards = list(out.glob("data/cell-000/part-*.parquet"))
    assert len(shards) == 1 and len(pq.read_table(shards[0])) == 50 * 3
    assert not list(out.rglob("_*"))


def test_a_game_that_breaks_an_invariant_stops_the_run(tmp_path, monkeypatch):
    """A broken state is an engine bug: the run stops with one line naming the game and
    the invariant, and keeps nothing from that batch."""
    import sim.games.pericles.runner as pericles

    real_simulate = pericles.simulate

    def second_batch_broken(content, setup, seed, first_index, count):
        out = real_simulate(content, setup, seed, first_index, count)
        if first_index == 50:
            out["violation"][3] = 2  # silver not conserved
        return out

    monkeypatch.setattr(pericles, "simulate", second_batch_broken)
    out = tmp_path / "broken"
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "200",
                                 "--batch-size", "50", "--workers", "1", "--out", str(out),
                                 "--quiet"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "first game 53 (seed 0): silver" in result.stderr
    assert [p.name for p in out.glob("data/cell-000/*")] == ["part-00000.parquet"]


# The Trieres Athena card's copies: the shipped 2, and 3, which adds a card to the compiled
# Athena deck, so the two cells' content records differ in shape (docs/engine.md).
RESIZING = "athena_cards.trieres.copies"


@pytest.mark.compiles
@pytest.mark.parametrize("workers", ["1", "2"])
def test_cells_whose_tables_differ_in_size_play_as_each_alone(tmp_path, workers):
    def played(name: str, *args: str) -> pd.DataFrame:
        out = tmp_path / name
        done = sim("run", "--game", "pericles", "--players", "3", "--n", "200", "--seed", "5",
                   "--workers", workers, "--out", out, "--quiet", *args)
        assert done.returncode == 0, done.stdout + done.stderr
        return rows(out)

    alone = [played(f"alone-{v}", "--set", f"{RESIZING}={v}") for v in (3, 2)]
    both = played("both", "--sweep", f"{RESIZING}=3,2")
    for cell, rows_alone in enumerate(alone):
        rows_in_run = both[both.cell == cell].drop(columns="cell").reset_index(drop=True)
        pd.testing.assert_frame_equal(rows_in_run, rows_alone.drop(columns="cell"))


def test_the_command_line_loads_no_engine_and_no_scipy_until_a_command_needs_them():
    # every `sim` process imports sim.cli; what it loads there every command pays for
    probe = ("import sys, sim.cli; heavy = ('scipy', 'sim.bench', 'sim.runner.execute', "
             "'sim.games.pillars.engine', 'sim.games.pericles.engine'); "
             "print(','.join(m for m in heavy if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], env=ENV, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
