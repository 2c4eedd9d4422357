"""Skill levels of the Aeolis team: mistakes below the default, the search bot above it,
the settings, and the co-operative ladder. Every search here runs on one small budget
(``samples`` 1, ``horizon`` 1), so the file compiles the search entry once."""

import ctypes
import json

import numpy as np
import pyarrow.parquet as pq
import pytest
from cli_process import error_line, sim

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import load_content
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.aeolis.game import AeolisSetup, play_traced, simulate
from sim.games.aeolis.rules.core import STREAM_DICE, STREAM_SETUP, STREAM_TEAM
from sim.games.aeolis.runner import LADDER_STRATEGIES, SETTINGS, STRATEGIES, make_setup
from sim.rng import GOLDEN
from sim.runner import RunError
from strategies.aeolis import entry
from strategies.aeolis.policy import W_HORIZON, W_MISTAKES, W_SAMPLES, W_STYLE
from strategies.aeolis.search import scratch, search_entry
from strategies.aeolis.skill import SKILLS, team_weights
from strategies.aeolis.styles import weights
from tests.aeolis_fixtures import blank, rng

CONTENT = load_content()
NAMES = (CONTENT.names["techs"], CONTENT.names["structures"])
SMALL = {"samples": 1, "horizon": 1}


def test_a_skill_name_plays_survival_at_its_level_and_the_setting_sets_the_styles():
    W = team_weights("casual", "default", 4, 0, *NAMES)
    survival = weights("survival", *NAMES)
    assert (W[:W_MISTAKES] == survival[:W_MISTAKES]).all()
    assert W[W_MISTAKES] == SKILLS["casual"].mistakes > 0 and W[W_SAMPLES] == 0
    W = team_weights("military", "expert", 8, 2, *NAMES)
    assert W[W_STYLE] == weights("military", *NAMES)[W_STYLE]
    assert (W[W_SAMPLES], W[W_HORIZON], W[W_MISTAKES]) == (8, 2, 0)
    assert team_weights("strong", "novice", 8, 0, *NAMES)[W_SAMPLES] == 4
    assert team_weights("random", "expert", 8, 0, *NAMES)[W_SAMPLES] == 0


def test_mistakes_change_choices_reproducibly_and_only_below_the_default():
    def play(**skill):
        return simulate(CONTENT, AeolisSetup(**skill), 5, 0, 200)
    default, casual = play(), play(skill="casual")
    assert (casual["violation"] == 0).all()
    assert (play(skill="casual")["decisions"] == casual["decisions"]).all()
    assert not (casual["decisions"] == default["decisions"]).all()
    assert (play(samples=64)["decisions"] == default["decisions"]).all()
    assert play(skill="novice")["won"].mean() < casual["won"].mean() < default["won"].mean()


def test_the_search_plays_legal_games_whatever_the_batches():
    setup = AeolisSetup(mode="challenging", skill="expert", **SMALL)
    whole = simulate(CONTENT, setup, 3, 0, 6)
    assert (whole["violation"] == 0).all() and (whole["rounds"] > 0).all()
    parts = [simulate(CONTENT, setup, 3, first, 3) for first in (0, 3)]
    for column in ("won", "rounds", "decisions", "morale", "structures"):
        assert (np.concatenate([p[column] for p in parts]) == whole[column]).all(), column
    default = simulate(CONTENT, AeolisSetup(mode="challenging"), 3, 0, 6)
    assert not (whole["decisions"] == default["decisions"]).all()  # it chose otherwise somewhere


def test_a_finished_game_keeps_no_runtime_word():
    """The entries' addresses and the search's play-out words belong to the process, not
    to the game: they lie after the game's words, and a finished state holds none."""
    state, _ = play_traced(CONTENT, AeolisSetup(mode="challenging", skill="expert", **SMALL), 3)
    assert L.GAME_SIZE == L.FIELD_SPANS["BOT_ENTRY"][0] < L.FIELD_SPANS["PLAYOUT_AT"][0]
    assert (state[L.GAME_SIZE:] == 0).all() and state[L.ROUND] > 0


def _entry_call():
    """The search entry called from Python (ctypes), with the scratch it works in."""
    room = scratch()
    address = search_entry(CONTENT.packed)
    word, pointer = ctypes.c_int64, ctypes.c_void_p
    call = ctypes.CFUNCTYPE(word, word, pointer, pointer, pointer, word, word, pointer, word,
                            word, pointer, word, *[pointer] * 6)(address)
    base = room.ctypes.data

    def ask(op, s, W, opts, n, kind, r, value, room=room):  # the scratch lives as ask does
        return call(op, s.ctypes.data, CONTENT.packed.ctypes.data, W.ctypes.data, *W.shape,
                    opts.ctypes.data, n, kind, r.ctypes.data, value,
                    *[base + part for part in entry.SCRATCH_PARTS])
    return ask


def test_the_search_reads_only_the_team_stream_of_the_future():
    """What the team cannot see is what the dice and the Event draws will be: the
    streams of the game at the decision. The search's choice depends on the team's
    stream and on what the team saw, never on those."""
    ask = _entry_call()
    W = team_weights("expert", "default", 2, 2, *NAMES)[None, :]
    start = blank()
    start[L.WORKERS] = 4
    start[L.RES + L.R_GOLD] = 6
    start[L.RES + L.R_WHEAT] = 4
    start[L.PHASE] = L.PHASE_UPKEEP
    opts = np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32)
    r = rng(4)
    assert ask(entry.OP_REMEMBER, start, W, opts, 0, 0, r, 0) == 0
    now = start.copy()
    now[L.DECISIONS] += 1  # the round's first decision, whichever it is
    picks = set()
    for dice in range(6):
        future = r.copy()
        future[STREAM_DICE] += np.uint64(7919 * dice)
        future[STREAM_SETUP] += np.uint64(104729 * dice)
        picks.add(ask(entry.OP_SEARCH, now, W, opts, 2, 0, future, 0))
        assert future[STREAM_TEAM] == (r[STREAM_TEAM:STREAM_TEAM + 1] + GOLDEN)[0]  # one draw
    assert len(picks) == 1 and picks <= {0, 1}


def test_the_runner_takes_skill_and_budget_settings():
    setup = make_setup(CONTENT, 1, {**SETTINGS, "skill": "novice", "samples": 2, "horizon": 3},
                       ("survival",), "cell")
    assert (setup.skill, setup.samples, setup.horizon) == ("novice", 2, 3)
    assert set(SKILLS) <= set(STRATEGIES) and STRATEGIES[0] == "survival"
    assert "expert" not in LADDER_STRATEGIES and "casual" in LADDER_STRATEGIES


def test_bad_budget_is_refused_by_the_runner():
    from sim.games.aeolis.runner import check_setting
    with pytest.raises(RunError, match="horizon must be a whole number from 0 to 20"):
        check_setting("horizon", 21, "--set horizon")


def test_sim_run_with_the_expert_team(tmp_path):
    done = sim("run", "--game", "aeolis", "--n", "4", "--skill", "expert", "--set", "samples=1",
               "--set", "horizon=1", "--set", "mode=challenging", "--out", tmp_path / "run",
               "--quiet")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "run" / "run.json").read_text())
    assert manifest["cells"][0]["settings"]["skill"] == "expert"


@pytest.mark.parametrize("args,message", [
    (["--skill", "grandmaster"], "skill 'grandmaster' is unknown"),
    (["--set", "samples=0"], "samples must be a whole number from 1 to 256"),
])
def test_bad_skill_settings_are_one_line(args, message, tmp_path):
    line = error_line(sim("run", "--game", "aeolis", "--n", "10", *args, "--out",
                          tmp_path / "run"))
    assert message in line
    assert not (tmp_path / "run").exists()


def test_the_ladder_of_a_cooperative_game_is_survival_per_mode(tmp_path):
    out = tmp_path / "ladder"
    done = sim("ladder", "--game", "aeolis", "--games", "40", "--strategies",
               "survival,novice,random", "--out", out)
    assert done.returncode == 0, done.stderr
    assert "survival of each team strategy per mode" in done.stdout
    table = pq.read_table(out / "ladder.parquet").to_pandas()
    assert list(table.columns) == ["strategy", "mode", "players", "games", "survival", "low",
                                   "high"]
    assert len(table) == 3 * 4 and (table["games"] == 40).all()
    easy = table[table["mode"] == "easy"].set_index("strategy")["survival"]
    assert easy["survival"] > easy["random"]
    meta = json.loads((out / "ladder.json").read_text())
    assert meta["modes"] == ["easy", "challenging", "hardcore", "marathon"]
