"""Skill levels of the Pillars of Heracles bots: mistakes below the default, the search
bot above it, the settings, the ladder and the report. The searches here run on a small
budget (``samples`` 1, ``horizon`` 1) unless a test is about the default one."""

import json

import numba
import numpy as np
import pyarrow.parquet as pq
import pytest
from cli_process import error_line, sim

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_PLAY, D_RONDEL, D_TURN
from sim.games.pillars.events import TURN_ADVANCE, TURN_REPLENISH
from sim.games.pillars.game import PillarsSetup, seat_policies, simulate
from sim.games.pillars.runner import LADDER_STRATEGIES, SETTINGS, SKILL_LEVELS, STRATEGIES, make_setup
from sim.rng import N_STREAMS, seed_streams
from strategies.pillars import players
from strategies.pillars.features import HORIZON, MISTAKES, NF, SAMPLES
from strategies.pillars.policy import HEURISTIC, RANDOM_LEGAL, SEARCH, choose, planned
from strategies.pillars.presets import PRESETS
from strategies.pillars.search import determinize
from strategies.pillars.skill import SKILLS, seat_bot
from tests.pillars_fixtures import CONTENT, T
from tests.test_pillars_bots import ask_heuristic, options, policy_words, shuffle_hidden
from tests.test_pillars_turns import play

SMALL = {"samples": 1, "horizon": 1}


def test_a_skill_name_plays_balanced_at_its_level_and_the_setting_sets_the_presets():
    code, casual = seat_bot("casual", "default", 2, 2)
    assert code == HEURISTIC and casual[MISTAKES] == SKILLS["casual"].mistakes == 0.08
    assert (casual[:NF] == PRESETS["balanced"]).all()
    assert seat_bot("novice", "expert", 2, 2)[1][MISTAKES] == 0.25
    code, conqueror = seat_bot("conqueror", "expert", 8, 2)
    assert code == SEARCH and conqueror[SAMPLES] == 8
    assert (conqueror[:NF] == PRESETS["conqueror"]).all()
    assert seat_bot("strong", "default", 8, 2)[1][SAMPLES] == 4
    assert seat_bot("strong", "default", 1, 2)[1][SAMPLES] == 1
    assert seat_bot("random", "expert", 8, 2)[0] == RANDOM_LEGAL
    codes, W = seat_policies(PillarsSetup(strategies=("expert", "novice", "default"), samples=3,
                                          horizon=2), players)
    assert list(codes[:3]) == [SEARCH, HEURISTIC, HEURISTIC]
    assert W[1, MISTAKES] == 0.25 and W[0, MISTAKES] == W[2, MISTAKES] == 0
    assert (W[0, SAMPLES], W[0, HORIZON]) == (3, 2)
    search = players.search_addresses(CONTENT, codes, players.scratch())
    assert (search != 0).all()
    plain, _ = seat_policies(PillarsSetup(strategies=("balanced",)), players)
    assert (players.search_addresses(CONTENT, plain, players.scratch()) == 0).all()  # no search


def test_a_novice_seat_takes_a_random_option_at_its_mistake_rate():
    s, _ = play("aegean", 3, 1, rounds=3)
    opts, n = options([(0,), (1,)])
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, 5, 0)
    best = ask_heuristic(s, T, policy_words(PillarsSetup(strategies=("default",))), opts, n, 0,
                         D_TURN)
    for name, rate in (("novice", 0.25), ("casual", 0.08), ("default", 0.0)):
        W = policy_words(PillarsSetup(strategies=(name,)))
        before = rng.copy()
        other = sum(choose(s, T, W, opts, n, 0, D_TURN, rng) != best for _ in range(8000)) / 8000
        # a mistake picks uniformly among the 2 options, so half of them pick the best
        assert abs(other - rate / 2) < 0.015, name
        assert (rng == before).all() == (rate == 0)  # the default draws nothing


def test_mistakes_change_choices_reproducibly_and_only_below_the_default():
    def games(**skill):
        return simulate(CONTENT, PillarsSetup(strategies=("balanced",), **skill), 5, 0, 60)
    default, casual = games(), games(skill="casual")
    assert (casual["violation"] == 0).all()
    assert (games(skill="casual")["decisions"] == casual["decisions"]).all()
    assert not (casual["decisions"] == default["decisions"]).all()
    assert (games(samples=64, horizon=0)["decisions"] == default["decisions"]).all()


def test_strong_and_expert_plan_their_turns_by_search_in_legal_games():
    def games(first):
        return simulate(CONTENT, PillarsSetup(strategies=(first, "default", "default"), **SMALL),
                        3, 0, 12)
    expert, default = games("expert"), games("default")
    assert (expert["violation"] == 0).all() and (expert["end_reason"] != L.END_BY_LIMIT).all()
    assert not (expert["decisions"] == default["decisions"]).all()  # it chose otherwise
    assert (games("strong")["decisions"] == expert["decisions"]).all()  # 1 sample: half of 1 is 1


def test_a_planned_turn_takes_its_card_and_sections_then_ends():
    s = np.zeros(L.STATE_SIZE, np.int32)
    s[L.PLAN:L.PLAN + 4] = (2, TURN_ADVANCE, 17, 1)  # seat 1: card row 17, the second count
    turn, _ = options([(TURN_ADVANCE,), (TURN_REPLENISH,)])
    play_card, _ = options([(0, 5, 2), (1, 17, 3)])
    sections, _ = options([(3,), (4,)])
    assert planned(s, turn, 2, 0, D_TURN) == -1  # another seat's turn
    assert planned(s, turn, 2, 1, D_TURN) == 0 and s[L.PLAN] == 2
    assert planned(s, play_card, 2, 1, D_PLAY) == 1
    assert planned(s, sections, 2, 1, D_RONDEL) == 1 and s[L.PLAN] == 0  # the plan is done
    s[L.PLAN:L.PLAN + 4] = (2, TURN_ADVANCE, 99, 0)
    assert planned(s, play_card, 2, 1, D_PLAY) == -1 and s[L.PLAN] == -1  # no such card: missed
    s[L.PLAN:L.PLAN + 4] = (2, TURN_REPLENISH, -1, 0)
    assert planned(s, turn, 2, 1, D_TURN) == 1 and s[L.PLAN] == 0


def test_the_search_plays_the_same_games_on_any_thread_count_and_batch():
    setup = PillarsSetup(strategies=("expert", "default", "default"), **SMALL)
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        whole = simulate(CONTENT, setup, 9, 0, 70)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        threaded = simulate(CONTENT, setup, 9, 0, 70)
    finally:
        numba.set_num_threads(threads)
    parts = [simulate(CONTENT, setup, 9, first, count) for first, count in ((0, 33), (33, 37))]
    for column in ("won", "glory", "rounds", "decisions", "use"):
        assert (threaded[column] == whole[column]).all(), column
        assert (np.concatenate([p[column] for p in parts]) == whole[column]).all(), column


def test_the_search_plays_solo_and_team_modes():
    for mode, count in (("solo", 2), ("symmachia", 4), ("siege_of_destiny", 3)):
        out = simulate(CONTENT, PillarsSetup(players=count, mode=mode, board="aegean",
                                             strategies=("expert",), **SMALL), 4, 0, 4)
        assert (out["violation"] == 0).all() and (out["end_reason"] != L.END_BY_LIMIT).all(), mode


def test_a_determinization_depends_only_on_what_the_seat_sees():
    rng = np.random.default_rng(3)
    for seed in range(3):
        s, _ = play("mediterranean", 3, seed, rounds=5 + 3 * seed)
        for seat in range(3):
            dealt = []
            for state in (s, shuffle_hidden(s, seat, rng), shuffle_hidden(s, seat, rng)):
                copy = state.copy()
                streams = np.zeros(N_STREAMS, np.uint64)
                seed_streams(streams, 11, seat)
                determinize(copy, seat, np.zeros(2 * L.N_LANDS, np.int32), streams)
                dealt.append(copy)
            assert all((d == dealt[0]).all() for d in dealt[1:])
            hand = slice(L.HAND + seat * L.MAX_PILE, L.HAND + (seat + 1) * L.MAX_PILE)
            assert (dealt[0][hand] == s[hand]).all()  # its own hand stays
            for other in range(3):
                base = other * L.MAX_PILE
                held = [L.HAND + base + k for k in range(s[L.HAND_N + other])]
                held += [L.DECK + base + k for k in range(s[L.DECK_N + other])]
                assert sorted(dealt[0][held]) == sorted(s[held])  # the same cards, redealt


def test_the_runner_takes_skill_and_budget_settings():
    setup = make_setup(CONTENT, 3, {**SETTINGS, "skill": "novice", "samples": 3, "horizon": 0},
                       ("balanced",), "cell")
    assert (setup.skill, setup.samples, setup.horizon) == ("novice", 3, 0)
    assert set(SKILLS) <= set(STRATEGIES) and STRATEGIES[0] == "balanced"
    assert SKILL_LEVELS == ("novice", "casual", "default", "strong", "expert")
    assert "expert" not in LADDER_STRATEGIES and "novice" in LADDER_STRATEGIES


def test_sim_run_with_an_expert_seat(tmp_path):
    out = tmp_path / "run"
    done = sim("run", "--game", "pillars", "--players", "3", "--strategies", "expert,default,default",
               "--set", "samples=1", "--n", "6", "--seed", "2", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out / "data").to_pandas()
    assert set(table["strategy"]) == {"expert", "default"} and len(table) == 18
    assert (table.groupby("game")["strategy"].apply(lambda s: (s == "expert").sum()) == 1).all()
    (cell,) = json.loads((out / "run.json").read_text())["cells"]
    assert cell["settings"]["samples"] == 1 and cell["settings"]["horizon"] == 2


@pytest.mark.parametrize("args,message", [
    (["--skill", "grandmaster"], "skill 'grandmaster' is unknown"),
    (["--set", "samples=0"], "samples must be a whole number from 1 to 256"),
    (["--set", "horizon=21"], "horizon must be a whole number from 0 to 20"),
])
def test_bad_skill_settings_are_one_line(args, message, tmp_path):
    line = error_line(sim("run", "--game", "pillars", "--players", "3", "--n", "10", *args, "--out",
                          tmp_path / "run"))
    assert message in line
    assert not (tmp_path / "run").exists()


def test_sim_ladder_of_the_skill_levels(tmp_path):
    out = tmp_path / "ladder"
    done = sim("ladder", "--game", "pillars", "--players", "3", "--games", "30", "--strategies",
               "novice,default,expert", "--seed", "1", "--out", out)
    assert done.returncode == 0, done.stderr
    assert "expert" in done.stdout and "novice" in done.stdout
    assert (out / "ladder.json").exists()


def test_a_skill_sweep_reports_whether_it_holds_for_stronger_players(tmp_path):
    out = tmp_path / "sweep"
    done = sim("run", "--game", "pillars", "--players", "3", "--sweep", "skill=novice,default",
               "--n", "3000", "--seed", "1", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    section = page.split("Does it hold for stronger players?")[1].split("<h2>")[0]
    assert "<th>novice</th><th>default</th>" in section
    row = next(r for r in section.split("<tr>") if "City-state Tarsos" in r)
    assert row.count("%") == 2 and "holds at every level" in row  # a share per level, a verdict
