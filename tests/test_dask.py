"""`--backend dask`: the same dataset as the local backend, worker loss, resume, bad input."""

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import dask
import pandas as pd
import pyarrow.parquet as pq
import pytest
from distributed import Client, LocalCluster
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()
SMALL = ["--players", "3", "--n", "120", "--seed", "5", "--batch-size", "50"]


def sim_run(out: Path, *args: str) -> dict:
    result = runner.invoke(app, ["run", "--game", "pericles", "--out", str(out), "--quiet", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads((out / "run.json").read_text())


def shards(out: Path) -> dict[str, object]:
    """Each shard's rows by relative path; schema metadata (times, versions) left out."""
    return {str(p.relative_to(out)): pq.read_table(p).replace_schema_metadata(None)
            for p in sorted(out.glob("data/*/*.parquet"))}


def assert_same_dataset(a: Path, b: Path) -> None:
    mine, theirs = shards(a), shards(b)
    assert list(mine) == list(theirs)
    for name, table in mine.items():
        assert table.equals(theirs[name]), name


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    # The local run compiles (or loads) the kernels first, so workers find them cached.
    sim_run(tmp_path_factory.mktemp("warm") / "run", "--players", "3", "--n", "10")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      env={"NUMBA_NUM_THREADS": "1"}) as running:
        yield running


@pytest.fixture(scope="module")
def local_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "sweep"
    sim_run(out, *SMALL, "--sweep", "params.builder_base=3,5")
    return out


def test_started_cluster_gives_the_local_dataset_for_a_sweep(local_sweep, tmp_path):
    out = tmp_path / "dask"
    manifest = sim_run(out, *SMALL, "--sweep", "params.builder_base=3,5", "--backend", "dask",
                       "--workers", "2")
    assert manifest["backend"] == "dask" and manifest["workers"] == 2
    assert manifest["status"] == "complete" and manifest["games_played_now"] == 240
    assert_same_dataset(local_sweep, out)
    assert not list(out.rglob("_*"))


def test_results_sent_back_to_the_client_give_the_same_dataset(cluster, local_sweep, tmp_path):
    out = tmp_path / "results"
    sim_run(out, *SMALL, "--sweep", "params.builder_base=3,5", "--backend", "dask",
            "--scheduler", cluster.scheduler_address, "--dask-transfer", "results")
    assert_same_dataset(local_sweep, out)


def test_resume_of_a_local_run_on_dask_plays_only_the_missing_shards(cluster, local_sweep, tmp_path):
    out = tmp_path / "resumed"
    sim_run(out, *SMALL, "--sweep", "params.builder_base=3,5")
    for name in ("part-00000", "part-00002"):
        (out / "data" / "cell-001" / f"{name}.parquet").unlink()
    manifest = sim_run(out, *SMALL, "--sweep", "params.builder_base=3,5", "--resume",
                       "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert manifest["games_played_now"] == 50 + 20
    assert_same_dataset(local_sweep, out)


def test_until_ci_on_dask_stops_at_the_same_batch_and_writes_nothing_past_it(cluster, tmp_path):
    args = ["--players", "3", "--n", "4000", "--batch-size", "100", "--until-ci", "0.08"]
    local = sim_run(tmp_path / "local", *args)
    dask_run = sim_run(tmp_path / "dask", *args, "--backend", "dask",
                       "--scheduler", cluster.scheduler_address)
    assert local["stopped"] == dask_run["stopped"]
    assert 100 < local["games"] < 4000
    assert_same_dataset(tmp_path / "local", tmp_path / "dask")


def test_killed_worker_loses_and_duplicates_no_game(cluster, tmp_path):
    out = tmp_path / "killed"
    games, batch = 6000, 100
    with Client(cluster) as client:
        victim = next(iter(client.run(os.getpid).values()))
    killed = []

    def kill_once_shards_appear():
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = len(list(out.glob("data/cell-000/part-*.parquet")))
            if done >= 3:
                os.kill(victim, signal.SIGKILL)
                killed.append(done)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_once_shards_appear)
    killer.start()
    manifest = sim_run(out, "--players", "3", "--n", str(games), "--batch-size", str(batch),
                       "--seed", "11", "--backend", "dask", "--scheduler", cluster.scheduler_address)
    killer.join()
    assert killed and killed[0] < games // batch  # the worker died while batches remained
    assert manifest["status"] == "complete" and manifest["games_played_now"] == games
    df = pd.read_parquet(out / "data")
    assert len(df) == games * 3
    per_game = df.groupby("game").seat.agg(list)
    assert sorted(per_game.index) == list(range(games))
    assert all(sorted(seats) == [0, 1, 2] for seats in per_game)
    assert not list(out.rglob("_*"))


def test_baseline_and_check_on_dask_match_the_local_backend(cluster, tmp_path):
    local, remote = tmp_path / "local.json", tmp_path / "dask.json"
    common = ["--scenario", "standard-3p", "--n", "300", "--quiet"]
    for out, extra in ((local, []), (remote, ["--backend", "dask", "--scheduler",
                                              cluster.scheduler_address])):
        result = runner.invoke(app, ["baseline", *common, "--out", str(out), *extra])
        assert result.exit_code == 0, result.output + result.stderr
    before, after = (json.loads(p.read_text())["cells"] for p in (local, remote))
    assert before == after
    result = runner.invoke(app, ["check", "--baseline", str(local), "--quiet", "--backend", "dask",
                                 "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 0, result.output + result.stderr


def numba_threads() -> int:
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)


def test_started_cluster_has_one_numba_thread_per_worker(local_sweep):
    from sim.gate.replay import make_plan
    from sim.runner.backends import open_backend
    from sim.runner.scenario import load_scenario

    plan = make_plan(load_scenario("standard-3p", None), 10, 0, [])
    with open_backend("dask", plan=plan, workers=1, scheduler=None, transfer=None) as engine:
        assert engine.workers == 1
        assert list(engine.client.run(numba_threads).values()) == [1]


def run_fails(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "never"
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "10",
                                 "--out", str(out), *args])
    assert result.exit_code == 2, result.output + result.stderr
    assert not out.exists()
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    return lines[0]


def test_unknown_backend_and_dask_flags_without_dask_are_refused(tmp_path):
    assert "choose local or dask" in run_fails(tmp_path, "--backend", "spark")
    assert "--scheduler needs --backend dask" in run_fails(tmp_path, "--scheduler", "tcp://x:1")
    assert "choose files or results" in run_fails(tmp_path, "--backend", "dask",
                                                   "--dask-transfer", "ftp")
    assert "drop --workers" in run_fails(tmp_path, "--backend", "dask", "--workers", "1",
                                         "--scheduler", "tcp://127.0.0.1:9")


def test_missing_dask_tells_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.delitem(sys.modules, "sim.runner.dask_backend", raising=False)
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if not installed
    assert "pip install '.[dask]'" in run_fails(tmp_path, "--backend", "dask")


def test_unreachable_scheduler_is_one_line_and_writes_nothing(tmp_path):
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        line = run_fails(tmp_path, "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert "cannot connect" in line and "dask scheduler" in line
