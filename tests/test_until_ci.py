"""`sim run --until-ci`: a cell stops once every win-share interval is narrow enough."""

import json

import pandas as pd
from typer.testing import CliRunner

from sim.cli import app
from sim.stats import wilson_interval

runner = CliRunner()


def sim_run(out, *args):
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--out", str(out),
                                 "--quiet", *[str(a) for a in args]])
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads((out / "run.json").read_text())


def widest_half_width(df: pd.DataFrame) -> float:
    """Recompute every seat, Role and strategy win-share interval from the rows."""
    groups = [df.groupby("seat")["win_share"], df[df.role != "none"].groupby("role")["win_share"],
              df.groupby("strategy")["win_share"]]
    halves = []
    for g in groups:
        low, high = wilson_interval(g.sum().to_numpy(), g.count().to_numpy())
        halves.extend((high - low) / 2)
    return max(halves)


def test_stops_when_every_interval_is_narrow(tmp_path):
    out = tmp_path / "ci"
    manifest = sim_run(out, "--until-ci", "0.05", "--batch-size", "100", "--n", "5000",
                       "--seed", "4")
    (stop,) = manifest["stopped"]
    assert stop["reason"] == "interval" and stop["widest_half_width"] < 0.05
    df = pd.read_parquet(out / "data")
    games = df.game.nunique()
    assert games == stop["games"] == manifest["games"] and games < 5000 and games % 100 == 0
    assert widest_half_width(df) < 0.05
    # one batch fewer would not have been enough
    assert widest_half_width(df[df.game < games - 100]) >= 0.05


def test_stops_at_n_and_says_so(tmp_path):
    manifest = sim_run(tmp_path / "cap", "--until-ci", "0.001", "--n", "300", "--batch-size", "100")
    (stop,) = manifest["stopped"]
    assert stop["reason"] == "n" and stop["games"] == 300 and stop["widest_half_width"] > 0.001


def test_resume_continues_the_same_rule(tmp_path):
    whole = sim_run(tmp_path / "whole", "--until-ci", "0.05", "--batch-size", "100", "--n", "5000")
    part = tmp_path / "part"
    sim_run(part, "--n", "5000", "--batch-size", "100", "--until-ci", "0.2")
    resumed = sim_run(part, "--until-ci", "0.05", "--batch-size", "100", "--n", "5000", "--resume")
    assert resumed["stopped"] == whole["stopped"]


def test_bad_half_width_is_one_line(tmp_path):
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--until-ci", "0",
                                 "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --until-ci 0 is out of range ;")
