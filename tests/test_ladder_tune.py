"""`sim ladder` and `sim tune`: seat rotation, paired seeds, determinism, files, errors.

Runs are tiny (a few games): these tests check the machinery, not bot strength.
"""

import json

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.pericles import runner
from strategies.ladder import format_matrix, hero_shares, run_ladder, seat_shares
from strategies.pericles import bots
from strategies.pericles.features import FEATURE_NAMES
from strategies.pericles.presets import HAND_MADE, PRESETS, PRESETS_DIR, read_preset
from strategies.tune import cross_entropy, run_tune

CLI = CliRunner()


def test_seat_shares_split_ties():
    won = np.array([[1, 0, 0], [1, 1, 0], [0, 0, 1]])
    assert list(seat_shares(won, 0)) == [1.0, 0.5, 0.0]


def test_hero_takes_every_seat_once():
    calls = []

    def play(per_seat, seat):
        calls.append(per_seat)
        won = np.zeros((2, 3), int)
        won[:, seat] = 1  # the hero always wins
        return won

    shares = hero_shares(play, "a", "b", 3, 2)
    assert calls == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    assert shares.tolist() == [1.0] * 6


def marked_personality(name: str) -> set[str]:
    """Weights a preset file marks with a ``# personality`` comment."""
    lines = (PRESETS_DIR / f"{name}.toml").read_text(encoding="utf-8").splitlines()
    return {line.split("=")[0].strip() for line in lines if line.endswith("# personality")}


@pytest.mark.parametrize("name", [n for n in HAND_MADE if n != "balanced"])
def test_personality_is_balanced_plus_its_marked_tilt(name):
    # a style differs from balanced exactly in the weights it marks, so the ladder
    # measures the theme and nothing else
    marked = marked_personality(name)
    differs = {f for f, a, b in zip(FEATURE_NAMES, PRESETS[name], PRESETS["balanced"],
                                    strict=True) if a != b}
    assert marked and differs == marked


def test_small_ladder_is_deterministic():
    names = ("balanced", "random")
    first = run_ladder(runner, names, 3, 6, seed=4)
    again = run_ladder(runner, names, 3, 6, seed=4)
    assert first == again
    assert [(m.strategy, m.opponent, m.games) for m in first] == [
        ("balanced", "random", 6), ("random", "balanced", 6)]
    for m in first:
        assert 0 <= m.low <= m.win_share <= m.high <= 1
    text = format_matrix(first, names, 3)
    assert "even = 0.333" in text and "balanced" in text


def test_ladder_command_prints_and_stores_the_matrix(tmp_path):
    out = tmp_path / "ladder"
    result = CLI.invoke(app, ["ladder", "--game", "pericles", "--players", "3", "--games", "6",
                              "--strategies", "balanced,random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "win share of the row strategy" in result.output
    table = pq.read_table(out / "ladder.parquet").to_pandas()
    assert list(table.columns) == ["strategy", "opponent", "players", "games", "win_share",
                                   "low", "high"]
    assert len(table) == 2
    meta = json.loads((out / "ladder.json").read_text())
    assert meta["seed"] == 0 and meta["strategies"] == ["balanced", "random"]


@pytest.mark.parametrize("args,message", [
    (["--strategies", "balanced,greedy"], "error: --strategies: unknown strategy 'greedy'"),
    (["--strategies", "balanced"], "error: --strategies needs two or more different names"),
    (["--games", "2"], "error: --games 2 is fewer than the 3 seat rotations"),
])
def test_ladder_errors_are_one_line(args, message):
    result = CLI.invoke(app, ["ladder", "--game", "pericles", "--players", "3", *args])
    assert result.exit_code == 2
    assert result.output.startswith(message)
    assert result.output.count("\n") == 1


def test_cross_entropy_is_reproducible():
    content = runner.load({})
    play = bots.weights_player(content, 3, 5)
    start = bots.PRESETS["balanced"]
    kw = dict(seed=9, generations=2, budget_s=None, population=4, per_rotation=1)
    a = cross_entropy(play, start, ("balanced",), 3, **kw)
    b = cross_entropy(play, start, ("balanced",), 3, **kw)
    assert a.generations == 2 and len(a.history) == 2
    assert np.array_equal(a.weights, b.weights)
    assert not np.array_equal(a.weights, start)


def test_cross_entropy_keeps_the_sign_of_every_weight_that_has_one():
    seen = []

    def play(per_seat, rows, first, games):  # every candidate scored, none played
        seen.extend(rows.values())
        return np.tile([1, 0, 0], (games, 1))

    start = np.array([-0.5, 0.3, -0.2, 0.0])
    signs = np.array([1.0, 1.0, -1.0, 0.0])
    result = cross_entropy(play, start, ("balanced",), 3, seed=2, generations=3, budget_s=None,
                           population=8, per_rotation=1, signs=signs)
    rows = np.array(seen)
    assert len(rows) == 3 * 8 * 3
    assert (rows[:, :2] >= 0).all() and (rows[:, 2] <= 0).all()
    assert (rows[:, 3] < 0).any() and (rows[:, 3] > 0).any()  # a free weight goes either way
    assert (result.weights[:2] >= 0).all() and result.weights[2] <= 0


def test_tiny_tune_writes_preset_and_ladder(tmp_path):
    report = run_tune(runner, bots, 3, seed=1, generations=1, budget_s=None, population=4,
                      per_rotation=1, check_games=3, out=tmp_path / "tune", preset_folder=tmp_path)
    weights, description = read_preset(report["preset"])
    assert np.allclose(weights, report["result"].weights, atol=1e-4)
    assert "sim tune" in description
    assert "--generations 1" in report["preset"].read_text()
    table = pq.read_table(tmp_path / "tune" / "ladder.parquet").to_pandas()
    assert set(table.strategy) | set(table.opponent) >= {"tuned", "balanced", "random"}
    assert report["summary"].startswith("tuned vs 2 x balanced")


def test_tune_needs_a_budget():
    result = CLI.invoke(app, ["tune", "--game", "pericles", "--players", "3"])
    assert result.exit_code == 2
    assert result.output.startswith("error: missing --budget")
