"""The Python API (sim.run, sim.load, sim.trace) and docs/python.md's walk-through as a test."""

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import sim
from sim.runner import RunError

DOC = Path(__file__).parents[1] / "docs" / "python.md"


def test_import_sim_is_cheap():
    code = "import sys, sim; print('numba' in sys.modules or 'pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_doc_walk_through_runs(tmp_path, monkeypatch):
    """Every python block of docs/python.md, in order, with 300 games instead of 1e5."""
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 6
    code = "\n".join(blocks).replace("n=1e5", "n=300")
    exec(compile(code, str(DOC), "exec"), {})
    assert (tmp_path / "results" / "builder-sweep" / "run.json").is_file()


def test_run_is_the_cli_run(tmp_path):
    api = sim.run("aeolis", n=50, seed=4, settings={"mode": "challenging"}, out=tmp_path / "api")
    cli = subprocess.run([sys.executable, "-m", "sim.cli", "run", "--game", "aeolis", "--n", "50",
                          "--seed", "4", "--mode", "challenging", "--out", str(tmp_path / "cli")],
                         capture_output=True, text=True, check=True)
    assert api.manifest["cells"] == sim.load(tmp_path / "cli").manifest["cells"]
    pd.testing.assert_frame_equal(api.df(), sim.load(tmp_path / "cli").df())
    # sim run prints the line that reads its rows; it works as printed
    line = next(x for x in cli.stdout.splitlines() if x.startswith("read it with: "))
    rows = eval(line.removeprefix("read it with: "), {"pd": pd})
    pd.testing.assert_frame_equal(rows, api.df())


def test_trace_replays_a_run_game(tmp_path):
    ds = sim.run("pericles", players=4, n=40, seed=2, out=tmp_path / "r")
    rows = ds.df()
    end = sim.trace(run=tmp_path / "r", cell=0, index=33)[-1]
    mine = rows[rows.game == 33].sort_values("seat")
    assert end["final_glory"] == mine.glory.tolist() and end["ranks"] == mine["rank"].tolist()


@pytest.mark.parametrize("call, needle", [
    (lambda p: sim.load(p), "no valid run.json"),
    (lambda p: sim.run("chess", n=10, out=p / "x"), "unknown game 'chess'"),
    (lambda p: sim.run("pericles", n=10, out=p / "x"), "missing --players"),
    (lambda p: sim.run("pericles", players=3, n=0.5, out=p / "x"), "not a whole number"),
])
def test_bad_arguments_raise_one_line(tmp_path, call, needle):
    with pytest.raises(RunError, match=re.escape(needle)):
        call(tmp_path)
