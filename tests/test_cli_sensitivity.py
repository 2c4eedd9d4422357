"""`sim sensitivity` as people run it: a subprocess, one dataset, one line per bad input."""

import json
import os
import subprocess
import sys

import pytest

SIM = [sys.executable, "-m", "sim.cli", "sensitivity"]


def _sim(*args, **kw):
    return subprocess.run([*SIM, *args], capture_output=True, text=True, env=os.environ, **kw)


@pytest.mark.parametrize("args, message", [
    (["--keys", "params.zzz"], "--keys 'params.zzz' matches no value"),
    (["--n", "0"], "--n '0' must be at least 1"),
    (["--group", "card"], "--group 'card' is not known"),
    (["--step", "0"], "--step 0 is out of range"),
])
def test_bad_input_is_one_line_and_nothing_written(tmp_path, args, message):
    out = tmp_path / "s"
    got = _sim("--game", "pericles", "--players", "3", "--out", str(out), *args)
    assert got.returncode == 2
    assert got.stderr.count("\n") == 1 and message in got.stderr
    assert not out.exists()


def test_a_run_is_one_dataset_and_an_existing_folder_is_refused(tmp_path):
    out = tmp_path / "s"
    args = ("--game", "pericles", "--players", "3", "--n", "40", "--batch-size", "20",
            "--keys", "roles.veteran.day_cost", "--out", str(out), "--quiet")
    assert _sim(*args).returncode == 0
    run = json.loads((out / "run.json").read_text())
    assert [c["sweep"] for c in run["cells"]] == [{}, {"roles.veteran.day_cost": 2},
                                                  {"roles.veteran.day_cost": 4}]
    assert run["sensitivity"]["keys"] == ["roles.veteran.day_cost"]
    again = _sim(*args)
    assert again.returncode == 2 and "already" in again.stderr and again.stderr.count("\n") == 1
