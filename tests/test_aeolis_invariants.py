"""Aeolis invariant harness: 10,000 games per mode and Hero set with the engine's
always-on state checker (sim/games/aeolis/invariants.py), random-legal, the default
(``survival``) team, and random-legal with every setting for a silent choice away from its
default; determinism, and the `sim run` CLI on a co-operative game.

Run with ``pytest -s`` to see the survival rates and loss causes it measured.
"""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.aeolis import layout as L
from sim.games.aeolis.content import load_content
from sim.games.aeolis.game import AeolisSetup, simulate
from sim.games.aeolis.invariants import VIOLATION_NAMES

GAMES = 10_000
SEED = 20261130
HERO_SETS = {
    "standard": ("queen", "merchant", "philosopher", "hoplite"),
    "magi": ("queen", "merchant", "philosopher", "magi"),
    "all": L.HEROES_ALL,
}
CASES = [(m, h) for m in L.MODES for h in HERO_SETS]


@pytest.fixture(scope="module")
def content():
    return load_content()


# The settings for choices the text leaves open, each away from its default.
OTHER_SETTINGS = {"params.phase_order": 2, "params.explore_claim": 1, "params.arena_units": 1,
                  "params.toxotai_hold": 0}


@pytest.fixture(scope="module")
def other_content():
    return load_content(overrides=OTHER_SETTINGS)


def _keeps_every_invariant(content, case, strategy, label):
    mode, hero_set = case
    setup = AeolisSetup(mode=mode, heroes=HERO_SETS[hero_set], strategy=strategy,
                        expansions=L.EXPANSIONS_ALL if hero_set == "all" else ())
    out = simulate(content, setup, SEED, 0, GAMES)
    bad = np.nonzero(out["violation"])[0]
    assert bad.size == 0, (f"{bad.size} games broke an invariant, first game {bad[0]}: "
                           f"{VIOLATION_NAMES[out['violation'][bad[0]]]}")
    rounds = content.tables.mode_rounds[L.MODES.index(mode)]
    assert (out["rounds"] >= 1).all() and (out["rounds"] <= rounds).all()
    assert (out["rounds"][out["won"] == 1] == rounds).all()
    assert set(np.unique(out["loss_cause"][out["won"] == 1])) <= {L.LOSS_NONE}
    assert (out["loss_cause"][out["won"] == 0] != L.LOSS_NONE).all()
    assert ((out["morale"] >= -5) & (out["morale"] <= 5)).all()
    causes = Counter(L.LOSS_CAUSES[c] for c in out["loss_cause"])
    print(f"\n[aeolis {mode} {hero_set}] {GAMES} {label} games: survived "
          f"{out['won'].mean():.1%}, rounds mean {out['rounds'].mean():.2f}, causes {dict(causes)}")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
def test_random_games_keep_every_invariant(content, case):
    _keeps_every_invariant(content, case, "random", "random-legal")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
def test_default_team_keeps_every_invariant(content, case):
    _keeps_every_invariant(content, case, "survival", "survival-team")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
def test_random_games_with_the_other_settings_keep_every_invariant(other_content, case):
    _keeps_every_invariant(other_content, case, "random", "random-legal (other settings)")


def test_heroic_event_is_judged_at_the_end(content):
    out = simulate(content, AeolisSetup(heroic=True, strategy="military"), 3, 0, 500)
    assert (out["heroic_card"] >= 0).all()
    assert set(np.unique(out["heroic_ok"])) <= {0, 1}


def test_sim_run_hardcore_cli(tmp_path):
    out = tmp_path / "run"
    result = CliRunner().invoke(app, [
        "run", "--game", "aeolis", "--mode", "hardcore", "--heroes",
        "queen,merchant,philosopher,hoplite", "--n", "2000", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output + result.stderr
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["game"] == "aeolis" and manifest["games"] == 2000
    assert manifest["cells"][0]["settings"]["mode"] == "hardcore"
    rows = pd.read_parquet(out / "data")
    assert len(rows) == 2000 and rows["game"].is_unique
    assert set(rows["mode"]) == {"hardcore"}
    assert set(rows["heroes"]) == {"queen,merchant,philosopher,hoplite"}
    for column in ("won", "rounds", "loss_cause", "morale", "structures", "heroic_success"):
        assert column in rows.columns
    assert rows["rounds"].between(1, 10).all()


def test_bad_hero_set_is_one_clear_line(tmp_path):
    result = CliRunner().invoke(app, [
        "run", "--game", "aeolis", "--heroes", "queen,merchant,hoplite", "--n", "10",
        "--out", str(tmp_path / "bad"), "--quiet"])
    assert result.exit_code == 2
    message = (result.stderr or result.output).strip()
    assert message.count("\n") == 0 and "philosopher" in message
    assert not (tmp_path / "bad").exists()


SIM = [sys.executable, "-m", "sim.cli"]
ROOT = Path(__file__).resolve().parents[1]


def test_survival_team_and_the_invasion_settings_in_a_shell(tmp_path):
    out = tmp_path / "run"
    done = subprocess.run([*SIM, "run", "--game", "aeolis", "--mode", "marathon", "--strategies",
                           "survival", "--set", "params.invasion_redraw=0", "--n", "300",
                           "--out", str(out), "--quiet"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = pd.read_parquet(out / "data")
    assert len(rows) == 300 and set(rows["strategy"]) == {"survival"}
    bad = subprocess.run([*SIM, "run", "--game", "aeolis", "--set", "params.diplomacy_invasions=2",
                          "--n", "30", "--out", str(tmp_path / "bad"), "--quiet"], cwd=ROOT,
                         capture_output=True, text=True)
    message = bad.stderr.strip()
    assert bad.returncode != 0 and message.count("\n") == 0
    assert "diplomacy_invasions" in message and "0..1" in message
    assert not (tmp_path / "bad").exists()
