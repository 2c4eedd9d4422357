"""Skill levels of the Age of Pericles bots: decision noise, the search bot, the setting."""

import json

import numpy as np
import pytest
from cli_process import error_line, sim
from pericles_fixtures import CONTENT, T
from test_bots import mid_game, permute_hidden

from sim.games.pericles import layout as L
from sim.games.pericles.game import PericlesSetup, simulate
from sim.games.pericles.runner import LADDER_STRATEGIES, SETTINGS, STRATEGIES, make_setup
from sim.rng import N_STREAMS, seed_streams
from sim.runner import RunError
from strategies.pericles.features import HORIZON, MISTAKES, NF, SAMPLES
from strategies.pericles.policy import HEURISTIC, SEARCH
from strategies.pericles.presets import PRESETS
from strategies.pericles.search import determinize
from strategies.pericles.skill import SKILLS, seat_bot


def test_a_skill_name_plays_balanced_at_its_level_and_the_setting_sets_the_presets():
    code, row = seat_bot("casual", "default", 4, 1)
    assert code == HEURISTIC and (row[:NF] == PRESETS["balanced"]).all()
    assert row[MISTAKES] == SKILLS["casual"].mistakes == 0.08
    code, row = seat_bot("builder", "expert", 8, 0)
    assert code == SEARCH and (row[:NF] == PRESETS["builder"]).all()
    assert row[SAMPLES] == 8 and row[HORIZON] == 0
    assert seat_bot("strong", "novice", 8, 1)[1][SAMPLES] == 4
    assert seat_bot("default", "novice", 8, 1)[1][MISTAKES] == 0
    assert seat_bot("novice", "default", 8, 1)[1][MISTAKES] == 0.25


def test_mistakes_change_choices_reproducibly_and_only_below_the_default():
    def play(**skill):
        return simulate(CONTENT, PericlesSetup(players=3, strategies=("balanced",), **skill),
                        5, 0, 30)
    default, casual = play(), play(skill="casual")
    assert (casual["violation"] == 0).all()
    assert (play(skill="casual")["glory"] == casual["glory"]).all()
    assert not (casual["glory"] == default["glory"]).all()
    assert (play(skill="default", samples=64)["glory"] == default["glory"]).all()


def test_the_search_bot_plays_legal_reproducible_games():
    setup = PericlesSetup(players=3, strategies=("expert", "balanced", "random"), samples=1)
    a = simulate(CONTENT, setup, 2, 0, 3)
    assert (a["violation"] == 0).all() and (a["end_reason"] > 0).all()
    assert (simulate(CONTENT, setup, 2, 0, 3)["glory"] == a["glory"]).all()


def test_a_determinization_keeps_what_the_seat_sees_and_forgets_how_the_rest_lay():
    fx = mid_game(3, 8, 2)
    seat = 1
    rng = np.zeros(N_STREAMS, np.uint64)
    dealt = []
    for trial in range(2):
        s = fx.s.copy()
        seed_streams(rng, 9, 0)
        determinize(s, T, seat, fx.opts, rng)
        assert fx.check() == 0
        for loc, size in ((L.MISSION_LOC, T.missions.shape[0]), (L.ATHENA_LOC, T.athena.shape[0]),
                          (L.SKILL_LOC, T.skills.shape[0])):
            for holder in range(3):  # every hand keeps its size; the seat's own is untouched
                assert (s[loc:loc + size] == holder).sum() == (fx.s[loc:loc + size] == holder).sum()
            own = fx.s[loc:loc + size] == seat
            assert (s[loc:loc + size][own] == seat).all()
        dealt.append(s)
        permute_hidden(fx, seat, 40 + trial)
    assert (dealt[0] == dealt[1]).all()


def test_the_runner_takes_skill_and_budget_settings():
    setup = make_setup(CONTENT, 3, {**SETTINGS, "skill": "novice", "samples": 2, "horizon": 0},
                       ("balanced",), "cell")
    assert (setup.skill, setup.samples, setup.horizon) == ("novice", 2, 0)
    assert {"novice", "casual", "default", "strong", "expert"} <= set(STRATEGIES)
    assert "expert" not in LADDER_STRATEGIES and "casual" in LADDER_STRATEGIES


def test_sim_run_with_a_skill(tmp_path):
    done = sim("run", "--game", "pericles", "--players", "3", "--n", "30", "--skill", "casual",
               "--out", tmp_path / "run", "--quiet")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "run" / "run.json").read_text())
    assert manifest["cells"][0]["settings"]["skill"] == "casual"


@pytest.mark.parametrize("args,message", [
    (["--skill", "grandmaster"], "skill 'grandmaster' is unknown"),
    (["--set", "samples=0"], "samples must be a whole number from 1 to 256"),
])
def test_bad_skill_settings_are_one_line(args, message):
    line = error_line(sim("run", "--game", "pericles", "--players", "3", "--n", "10", *args))
    assert message in line


def test_bad_budget_is_refused_by_the_runner():
    from sim.games.pericles.runner import check_setting
    with pytest.raises(RunError, match="horizon must be a whole number"):
        check_setting("horizon", -1, "--set horizon")
