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
    (_game, "its scenario is for 'aeolis' but its games are 'pericles'"),
    (_seed, "seed -1 is out of range (0 .. 2**63 - 1)"),
])
def test_a_scenario_that_contradicts_the_cells_is_refused(tmp_path: Path, edit, problem):
    data = json.loads(PERICLES.read_text(encoding="utf-8"))
    edit(data)
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    line = error_line(sim("check", "--baseline", edited, "--n", "10", "--quiet"))
    assert line == (f"error: baseline {str(edited)!r}: {problem} ; make a new one with "
                    "'sim baseline'")
