"""`sim balance` as people run it, on a planted imbalance and a small budget: the search
moves the planted value back, the proposal checks and plays, and the same search comes
out again after a kill and --resume, and on Dask."""

import json
import subprocess
import sys

import pytest
from cli_process import CLI, ENV, sim
from processes import kill_after

PLANTED = '[[roles]]\nname = "matriarch"\nday_cost = 1\n'  # shipped: 3
TARGET = "role_win_share[matriarch]:0.62+-3"  # near the shipped content's share


def _args(tmp_path, out, *extra):
    planted = tmp_path / "planted.toml"
    planted.write_text(PLANTED)
    return ["balance", "--game", "pericles", "--players", "3", "--content", planted,
            "--target", TARGET, "--keys", "roles.*.day_cost", "--n", "600", "--rounds", "2",
            "--batch-size", "200", "--games", "1e5", "--seed", "4", "--out", out, *extra]


def _search(folder) -> dict:
    """What a search found, without its timing."""
    record = json.loads((folder / "balance.json").read_text())
    return {k: record[k] for k in ("evaluations", "effects", "proposal", "verification", "stopped")}


@pytest.fixture(scope="module")
def searched(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("balance")
    done = sim(*_args(tmp, tmp / "first", "--quiet"))
    assert done.returncode == 0, done.stderr
    return tmp, tmp / "first"


def test_the_search_moves_the_planted_value_back(searched):
    _, out = searched
    record = json.loads((out / "balance.json").read_text())
    changes = {c["key"]: (c["from"], c["to"]) for c in record["proposal"]["changes"]}
    assert changes["roles.matriarch.day_cost"][0] == 1 and changes["roles.matriarch.day_cost"][1] > 1
    start, best = record["start"]["readings"][0], record["proposal"]["readings"][0]
    assert best["mean"] < start["mean"]  # the Matriarch wins less, toward the band
    assert record["verification"]["paired"]["win share role matriarch"]["diff"] < 0
    assert record["verification"]["seed"] != record["request"]["seed"]
    assert record["status"] == "complete" and record["games_played"] <= 100_000


def test_the_proposal_checks_and_plays(searched, tmp_path):
    _, out = searched
    proposal = out / "proposal.toml"
    checked = sim("content", "check", proposal)
    assert checked.returncode == 0 and "valid Age of Pericles content" in checked.stdout
    played = sim("run", "--game", "pericles", "--players", "3", "--content", proposal, "--n", "60",
                 "--out", tmp_path / "run", "--quiet")
    assert played.returncode == 0, played.stderr
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["content_file"]["name"] == "proposal.toml" and run["status"] == "complete"


def test_the_report_names_each_change_and_the_fresh_seeds(searched):
    _, out = searched
    page = (out / "report.html").read_text()
    assert "Suggested changes" in page and "roles.matriarch.day_cost" in page
    assert "fresh seeds" in page and "predicted" in page


def test_the_same_search_again_finds_the_same(searched, tmp_path):
    tmp, first = searched
    again = sim(*_args(tmp, tmp_path / "again", "--quiet"))
    assert again.returncode == 0, again.stderr
    assert _search(tmp_path / "again") == _search(first)


def test_an_existing_search_needs_resume(searched):
    tmp, first = searched
    done = sim(*_args(tmp, first, "--quiet"))
    assert done.returncode == 2 and "already holds a balance search ; add --resume" in done.stderr


def test_a_killed_search_resumes_to_the_same_proposal(searched, tmp_path):
    tmp, first = searched
    out = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-c", CLI, *map(str, _args(tmp, out, "--quiet"))],
                            env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    kill_after(proc, out / "rounds", "r00/data/cell-*/part-*.parquet", 8)
    assert not (out / "proposal.toml").exists()
    resumed = sim(*_args(tmp, out, "--quiet", "--resume"))
    assert resumed.returncode == 0, resumed.stderr
    assert _search(out) == _search(first)
    assert (out / "proposal.toml").read_text() == (first / "proposal.toml").read_text()


def test_dask_finds_the_same_proposal(searched, tmp_path):
    distributed = pytest.importorskip("distributed")
    tmp, first = searched
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        done = sim(*_args(tmp, tmp_path / "dask", "--quiet", "--backend", "dask",
                          "--scheduler", cluster.scheduler_address))
    assert done.returncode == 0, done.stderr
    assert _search(tmp_path / "dask") == _search(first)
