"""The committed Aeolis baselines, one per difficulty mode (p. 6), as CI checks them: the
shipped content holds, and an Invasion two Power stronger or weaker moves survival."""

import json

import pytest

from tests.cli_process import REPO, sim

BASELINES = REPO / "scenarios" / "baselines"
MODES = ("easy", "challenging", "hardcore", "marathon")
CHECK_GAMES = 20_000  # a prefix of each baseline's games: enough to call a 2-Power change


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_has_a_baseline_of_its_preset(mode):
    stored = json.loads((BASELINES / f"aeolis-{mode}.json").read_text())
    assert stored["game"] == "aeolis" and stored["scenario"]["settings"]["mode"] == mode
    measures = {(m["measure"], m["group"]) for m in stored["cells"][0]["summary"]}
    assert {("win_share", "team"), ("rounds", "all")} <= measures
    assert any(measure == "end_reason" for measure, _ in measures)


def test_the_shipped_content_holds_against_the_easy_baseline():
    done = sim("check", "--baseline", BASELINES / "aeolis-easy.json", "--n", CHECK_GAMES,
               "--quiet")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 moved, 0 inconclusive" in done.stdout


@pytest.mark.parametrize("power", [12, 16])
def test_an_invasion_two_power_off_fails_the_gate(power):
    # the Persian Host, Challenging mode's round-6 Invasion, has Power 14 in the content
    done = sim("check", "--baseline", BASELINES / "aeolis-challenging.json", "--n",
               CHECK_GAMES, "--set", f"card.I2.power={power}", "--quiet")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "| 1p | survival |" in done.stdout and "**moved**" in done.stdout


@pytest.mark.parametrize("die", ["never", "always"])
def test_a_production_die_setting_other_than_printed_is_a_deviation_of_the_run(die, tmp_path):
    """p. 10: the Queen chooses, Structure by Structure, whether to roll; a run that fixes
    the choice says so in run.json."""
    done = sim("run", "--scenario", "easy", "--n", 20, "--set", f"production_die={die}",
               "--out", tmp_path / "run", "--quiet")
    assert done.returncode == 0, done.stderr
    cell = json.loads((tmp_path / "run" / "run.json").read_text())["cells"][0]
    assert len(cell["deviations"]) == 1
    assert cell["deviations"][0].startswith(f"production_die = {die}: ")
    assert "(p. 10)" in cell["deviations"][0]


def test_the_printed_production_die_choice_is_no_deviation(tmp_path):
    done = sim("run", "--scenario", "easy", "--n", 20, "--out", tmp_path / "run", "--quiet")
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["cells"][0]["deviations"] == []
