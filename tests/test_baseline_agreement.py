"""`sim check` uses a baseline only while its scenario agrees with its cells: a scenario
edited to 4 players against 3-player cells, another game, or a seed no run accepts would
compare other games than the baseline's, so each is refused with one line (exit 2)."""

import json
from pathlib import Path

import pytest
from cli_process import REPO, error_line, sim

from sim.gate import baseline as files
from sim.gate.replay import make_plan, scenario_from

BASELINES = sorted((REPO / "scenarios" / "baselines").glob("*.json"))
PERICLES = REPO / "scenarios" / "baselines" / "pericles-3p.json"


@pytest.mark.parametrize("path", BASELINES, ids=lambda p: p.stem)
def test_the_shipped_baselines_agree_with_their_scenarios(path):
    data, _ = files.read(path)
    files.require_playable(data, path)
    plan = make_plan(scenario_from(data["scenario"]), 10, data["seed"], list(data["sets"]))
    files.require_agreement(data, plan, path)


def _players(data):
    data["scenario"]["players"] = [4]


def _game(data):
    data["scenario"]["game"] = "aeolis"


def _seed(data):
    data["seed"] = -1


@pytest.mark.parametrize("edit, problem", [
    (_players, "cell 0 has players 3 but its scenario gives 4"),
    # the schema refuses a Pericles strategy in an Aeolis scenario before the cells are read
    (_game, "its scenario: unknown strategy 'balanced'"),
    (_seed, "seed must be a whole number from 0 to 9223372036854775807"),
])
def test_a_scenario_that_contradicts_the_cells_is_refused(tmp_path: Path, edit, problem):
    data = json.loads(PERICLES.read_text(encoding="utf-8"))
    edit(data)
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    line = error_line(sim("check", "--baseline", edited, "--n", "10", "--quiet"))
    assert line.startswith(f"error: baseline {str(edited)!r}") and problem in line
    assert line.endswith("; make a new one with 'sim baseline'")
