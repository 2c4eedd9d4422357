"""`--backend dask`: the same dataset as the local backend, worker loss, resume, bad input."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
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
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as running:
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


def test_sensitivity_on_dask_gives_the_local_dataset_and_effects(cluster, tmp_path):
    from sim.sensitivity.analysis import analyse

    def sensitivity(out: Path, *extra: str) -> None:
        result = runner.invoke(app, ["sensitivity", "--game", "pericles", *SMALL, "--keys",
                                     "params.builder_base", "--out", str(out), "--quiet", *extra])
        assert result.exit_code == 0, result.output + result.stderr

    sensitivity(tmp_path / "local")
    sensitivity(tmp_path / "dask", "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert_same_dataset(tmp_path / "local", tmp_path / "dask")
    local, dask_run = (analyse(tmp_path / name).effects for name in ("local", "dask"))
    assert len(local) > 0 and local == dask_run


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


ROOT = Path(__file__).resolve().parents[1]
COMMAND_TIMEOUT_S = 600
# Random bots and small batches keep the warm subprocess runs short.
SHELL_RUN = ["--players", "3", "--n", "120", "--seed", "7", "--batch-size", "40"]
RANDOM_BOTS = ["--strategies", "random"]


def command(name: str, module: str) -> list[str]:
    """A command as a shell runs it: the script installed beside this Python, else its module."""
    script = Path(sys.executable).with_name(name)
    return [str(script)] if script.exists() else [sys.executable, "-m", module]


def shell_env(**extra: str) -> dict[str, str]:
    """This environment, with this checkout first on the path so that every process (the
    workers too) imports this code rather than another installed copy."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def sim_in_a_shell(out: Path, *args: str, env: dict[str, str] | None = None) -> dict:
    result = subprocess.run([*command("sim", "sim.cli"), "run", "--game", "pericles",
                             "--out", str(out), "--quiet", *args],
                            cwd=ROOT, env=env or shell_env(), capture_output=True, text=True,
                            timeout=COMMAND_TIMEOUT_S)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads((out / "run.json").read_text())


@contextmanager
def dask_processes(folder: Path, workers: int, env: dict[str, str]):
    """A scheduler and ``workers`` single-threaded worker processes started with the
    ``dask`` command, on this machine's loopback only; yields the scheduler's address and
    stops them all on the way out."""
    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    dask_cli = command("dask", "dask")
    started: list[subprocess.Popen] = []

    def start(name: str, *args: str) -> None:
        with open(folder / f"{name}.log", "wb") as log:
            started.append(subprocess.Popen([*dask_cli, *args], cwd=folder, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True))

    def logs() -> str:
        return "".join(p.read_text(errors="replace")[-3000:] for p in sorted(folder.glob("*.log")))

    try:
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(address_file))
        deadline = time.monotonic() + 120
        while not address_file.exists():
            assert started[0].poll() is None and time.monotonic() < deadline, logs()
            time.sleep(0.2)
        time.sleep(0.2)  # the file is written whole, but give the writer a moment to close it
        address = json.loads(address_file.read_text())["address"]
        start("workers", "worker", address, "--host", "127.0.0.1", "--nworkers", str(workers),
              "--nthreads", "1", "--no-dashboard", "--local-directory", str(folder / "space"))
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(workers, timeout=180)
        yield address
    finally:
        for process in reversed(started):  # the workers before their scheduler
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)  # the group holds only what it started
                process.wait()


@pytest.fixture(scope="module")
def local_random(tmp_path_factory):
    out = tmp_path_factory.mktemp("local-random") / "run"
    sim_run(out, *SHELL_RUN, *RANDOM_BOTS)
    return out


def test_sim_run_typed_in_a_shell_with_started_workers_gives_the_local_dataset(local_random,
                                                                               tmp_path):
    # The sim command's own module imports Numba in every worker process before Dask's
    # nanny sets the worker's environment: no NUMBA_* variable may change after that.
    out = tmp_path / "dask"
    manifest = sim_in_a_shell(out, *SHELL_RUN, *RANDOM_BOTS, "--backend", "dask",
                              "--workers", "2")
    assert manifest["backend"] == "dask" and manifest["workers"] == 2
    assert manifest["status"] == "complete" and manifest["games_played_now"] == 120
    assert_same_dataset(local_random, out)


def test_sim_run_typed_in_a_shell_on_dask_worker_processes_gives_the_local_dataset(
        local_random, tmp_path):
    with dask_processes(tmp_path / "cluster", 2, shell_env()) as address:
        manifest = sim_in_a_shell(tmp_path / "dask", *SHELL_RUN, *RANDOM_BOTS,
                                  "--backend", "dask", "--scheduler", address)
    assert manifest["backend"] == "dask" and manifest["workers"] == 2
    assert manifest["games_played_now"] == 120
    assert_same_dataset(local_random, tmp_path / "dask")


@pytest.mark.compiles
def test_dask_workers_with_an_empty_kernel_cache_compile_and_give_the_local_dataset(tmp_path):
    # The default bots, as the failing run had. The worker compiles the engine, since its
    # cache starts empty: SIM_CACHE_DIR is the project's cache base, NUMBA_CACHE_DIR
    # Numba's own folder (which the project derives from that base). One worker process,
    # since on a small machine two compiling at once take twice as long.
    sim_run(tmp_path / "local", *SHELL_RUN)
    cold = tmp_path / "empty-cache"
    cold.mkdir()
    env = shell_env(SIM_CACHE_DIR=str(cold), NUMBA_CACHE_DIR=str(cold))
    with dask_processes(tmp_path / "cluster", 1, env) as address:
        manifest = sim_in_a_shell(tmp_path / "dask", *SHELL_RUN, "--backend", "dask",
                                  "--scheduler", address)
    assert manifest["workers"] == 1 and manifest["games_played_now"] == 120
    assert any(cold.rglob("*.nbi")), "the workers did not compile into the empty cache"
    assert_same_dataset(tmp_path / "local", tmp_path / "dask")


def test_content_reaches_a_worker_as_the_type_the_client_compiled_for():
    # Pickling drops NumPy's read-only flag, and Numba types a writeable array apart from a
    # read-only one: every worker would compile the engine again, not load the client's.
    import numba
    from distributed.protocol import deserialize, serialize

    from sim.games.aeolis.content import load_content as aeolis_content
    from sim.games.pericles.content import load_content as pericles_content

    for load in (pericles_content, aeolis_content):
        content = load()
        sent = deserialize(*serialize(content))
        assert numba.typeof(sent.packed) == numba.typeof(content.packed)
        assert not sent.packed.flags.writeable


# Started as a script, as the sim command starts: the cluster's worker processes import
# this module first, and so Numba, before the nanny sets their environment.
PLAY_THEN_COMPILE = """
import json

from sim.cli import app  # noqa: F401


def play_then_compile(job, batch):
    import numba

    from sim.runner.dask_backend import play_task

    rows = play_task(job, batch, None).num_rows  # starts the worker's Numba threads
    threads = numba.get_num_threads()
    # A compile reads Numba's environment again and fails if NUMBA_NUM_THREADS changed.
    return threads, numba.njit(lambda x: x + 1)(rows)


if __name__ == "__main__":
    from sim.gate.replay import make_plan
    from sim.runner.backends import open_backend
    from sim.runner.batches import Batch
    from sim.runner.jobs import cell_job
    from sim.runner.scenario import load_scenario

    plan = make_plan(load_scenario("standard-3p", None), 10, 0, [])
    job = cell_job(plan, plan.cells[0], {})
    batch = Batch(cell=plan.cells[0].index, index=0, first=0, count=5)
    with open_backend("dask", plan=plan, workers=1, scheduler=None, transfer=None) as engine:
        print(json.dumps(engine.client.submit(play_then_compile, job, batch).result()))
"""


def test_worker_of_a_started_cluster_plays_on_one_thread_and_can_compile_after(tmp_path):
    script = tmp_path / "play_then_compile.py"
    script.write_text(PLAY_THEN_COMPILE)
    result = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=shell_env(),
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
    assert result.returncode == 0, result.stdout + result.stderr
    threads, compiled = json.loads(result.stdout.strip().splitlines()[-1])
    assert threads == 1 and compiled == 5 * 3 + 1  # one row per seat of each game


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
