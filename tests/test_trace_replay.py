"""`sim trace` with scenario flags plays the game `sim run` plays; a report's replay
commands play a game of the group they flag; bad replay requests give one line. That a
replay ends as the dataset row, for every game: tests/test_conformance.py."""

import json
import shlex
import subprocess
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from reports.datasets import open_run, read_cell
from reports.flags import find_flags
from reports.model import summarise_cell
from reports.render import build_report
from sim.cli import app

runner = CliRunner()
GAMES = 60


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A 2-cell sweep of Age of Pericles and its rows."""
    root = tmp_path_factory.mktemp("replay")
    sweeps = {"pericles": ["--players", "3", "--strategies", "balanced,random,builder",
                           "--sweep", "params.builder_base=3,4"]}
    out = {}
    for game, flags in sweeps.items():
        folder = root / game
        done = invoke("run", "--game", game, *flags, "--n", GAMES, "--seed", 11,
                      "--batch-size", 25, "--out", folder, "--quiet")
        assert done.exit_code == 0, done.output
        out[game] = (folder, pd.read_parquet(folder / "data"))
    return out


def _expected(df: pd.DataFrame, cell: int, index: int) -> dict:
    row = df[(df.cell == cell) & (df.game == index)].sort_values("seat")
    return {"final_glory": row.glory.tolist(), "ranks": row["rank"].tolist()}


def _text_end(text: str) -> dict:
    """Final Glory and ranks from the table that ends a ``--text`` trace."""
    table = text.splitlines()[text.splitlines().index("") + 3:]
    rows = [line.split() for line in table if line.startswith("P")]
    return {"final_glory": [int(r[-3]) for r in rows], "ranks": [int(r[-1]) for r in rows]}


def test_report_replay_commands_play_a_game_of_the_flagged_group(runs, tmp_path):
    """Every flag of the report names a `sim trace` command; run as printed, it ends as the
    dataset's rows of that game, and the flagged group holds a row of that game whose Glory
    is the group's median."""
    folder, df = runs["pericles"]
    findings = find_flags([summarise_cell(run, c, read_cell(run, c))
                           for run in [open_run(folder)] for c in run.cells], 0.01)
    html = build_report([folder])
    by_column = {"Seat": "seat", "Role": "role", "Strategy": "strategy"}
    flagged = [f for f in findings.flags if f.share.subject.split()[0] in by_column]
    assert flagged, "the sweep's random seat should be flagged"
    for flag in flagged[:2]:
        command = flag.share.replay.command
        assert f"<code>{command}</code>" in html
        words = shlex.split(command)
        assert words[0] == "sim"
        done = subprocess.run([sys.executable, "-m", "sim.cli", *words[1:]], capture_output=True,
                              text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        cell, index = flag.share.replay.cell, flag.share.replay.game
        assert _text_end(done.stdout) == _expected(df, cell, index)
        kind, value = flag.share.subject.split(maxsplit=1)
        column = by_column[kind]
        group = df[(df.cell == cell) & (df[column].astype(str) == (str(int(value) - 1)
                                                                     if kind == "Seat" else value))]
        median = group.glory.sort_values().iloc[(len(group) - 1) // 2]
        assert median in group[group.game == index].glory.tolist()


def test_flags_trace_the_game_a_run_plays(runs):
    """Scenario flags: the same flags as the run give the run's game 7 of cell 1."""
    folder, df = runs["pericles"]
    done = invoke("trace", "--game", "pericles", "--players", 3, "--strategies",
                  "balanced,random,builder", "--set", "params.builder_base=4", "--seed", 11,
                  "--game-index", 7)
    assert done.exit_code == 0, done.output
    end = json.loads(done.stdout.splitlines()[-1])
    expected = _expected(df, 1, 7)
    assert {k: end[k] for k in expected} == expected
    text = invoke("trace", folder, "--cell", 1, "--game", 7, "--text")
    assert text.exit_code == 0 and "game over after" in text.stdout


def test_strategies_change_the_game():
    plays = [invoke("trace", "--game", "pericles", "--players", 3, "--seed", 5, "--strategies", s)
             for s in ("random", "balanced")]
    assert all(p.exit_code == 0 for p in plays) and plays[0].stdout != plays[1].stdout


@pytest.mark.parametrize("case, needle", [
    ("cell", "cell 2 is out of range"), ("game", f"game {GAMES} is out of range"),
    ("negative", "game -1 is out of range"), ("not_run", "no valid run.json"),
    ("not_index", "is a game index"), ("no_cell", "needs --cell and --game"),
    ("flag_with_run", "--set with a run folder"), ("seed_with_run", "--seed with a run folder"),
    ("cell_alone", "--cell needs a run folder")])
def test_bad_replay_requests_give_one_line(runs, tmp_path, case, needle):
    folder = runs["pericles"][0]
    args = {"cell": [folder, "--cell", 2, "--game", 0],
            "game": [folder, "--cell", 0, "--game", GAMES],
            "negative": [folder, "--cell", 0, "--game", -1],
            "not_run": [tmp_path, "--cell", 0, "--game", 0],
            "not_index": [folder, "--cell", 0, "--game", "pericles"],
            "no_cell": [folder, "--game", 3],
            "flag_with_run": [folder, "--cell", 0, "--game", 0, "--set", "skills=false"],
            "seed_with_run": [folder, "--cell", 0, "--game", 0, "--seed", 3],
            "cell_alone": ["--game", "pericles", "--players", 3, "--cell", 0]}[case]
    done = invoke("trace", *args)
    assert done.exit_code == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], lines
