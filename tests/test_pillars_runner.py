"""Pillars of Heracles through the command line: `sim run` writes the dataset with its
Pillars columns, `sim trace` plays one game to its end, and bad settings give one line."""

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.pillars import layout as L
from tests.cli_process import sim

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_run_writes_one_row_per_seat_with_the_pillars_columns(tmp_path):
    done = invoke("run", "--game", "pillars", "--players", "2,3,4", "--n", 12, "--seed", 4,
                  "--batch-size", 6, "--out", tmp_path / "run", "--quiet", "--sweep",
                  "board=mediterranean,aegean")
    assert done.exit_code == 0, done.output
    df = pd.read_parquet(tmp_path / "run" / "data")
    assert len(df) == 12 * 2 * (2 + 3 + 4)
    for column in ("cell", "game", "seat", "players", "strategy", "won", "win_share", "glory",
                   "rank", "rounds", "end_reason", "city_state", "board", "mode",
                   *(f"glory_{s}" for s in L.GLORY_SOURCES)):
        assert column in df.columns, column
    assert set(df.board) == {"mediterranean", "aegean"} and set(df["mode"]) == {"standard"}
    assert (df.glory == sum(df[f"glory_{s}"] for s in L.GLORY_SOURCES)).all()
    per_game = df.groupby(["cell", "game"])
    assert (per_game.win_share.sum().round(9) == 1).all()
    assert (per_game.city_state.nunique() == per_game.seat.count()).all()
    assert set(df.end_reason) <= {"cities", "tracks", "prophecies"}
    # every seat drafts: seat 0 last; each pick was in its game's row, which holds players + 1
    assert (df.draft_order == df.players - df.seat).all()
    offered = df.city_states_offered.str.split(",")
    assert (offered.str.len() == df.players + 1).all()
    assert all(c in row for c, row in zip(df.city_state, offered, strict=True))


def test_track_end_setting_is_recorded_and_changes_when_games_end(tmp_path):
    done = invoke("run", "--game", "pillars", "--players", 4, "--n", 300, "--seed", 2,
                  "--strategies", "random", "--out", tmp_path / "run", "--quiet", "--sweep",
                  "track_end=markers,tracks")
    assert done.exit_code == 0, done.output
    plan = json.loads((tmp_path / "run" / "run.json").read_text())
    assert [c["settings"]["track_end"] for c in plan["cells"]] == ["markers", "tracks"]
    # the other reading of "collectively" (p. 13) is named as a rule played otherwise
    assert [bool(c["deviations"]) for c in plan["cells"]] == [False, True]
    ends = pd.read_parquet(tmp_path / "run" / "data").groupby("cell").end_reason.value_counts()
    # distinct tracks are harder to reach than markers, so fewer games end by tracks
    assert ends.get((1, "tracks"), 0) < ends.get((0, "tracks"), 0)


def test_trace_plays_a_game_to_its_end():
    done = invoke("trace", "--game", "pillars", "--players", 3, "--seed", 7)
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in done.output.splitlines()]
    assert all({"round", "player", "event"} <= set(r) for r in records)
    steps = [r for r in records if r["event"] == "track_step"]
    assert steps and all(r["track"] for r in steps)
    glory = [r for r in records if r["event"] == "glory"]
    assert glory and {r["source"] for r in glory} <= set(L.GLORY_SOURCES)
    assert all(r["card"].startswith("prophecy_") for r in records
               if r["event"] == "prophecy_fulfilled")
    assert all(r["source"] in ("credit", "pillar", "card", "wild", "trade") for r in records
               if r["event"] == "spend")
    end = records[-1]
    assert end["event"] == "game_end" and end["reason"] in ("cities", "tracks", "prophecies")
    assert len(end["final_glory"]) == 3 and end["winners"]
    best = max(end["final_glory"])
    assert all(end["final_glory"][w] == best for w in end["winners"])
    text = invoke("trace", "--game", "pillars", "--players", 3, "--seed", 7, "--text")
    assert text.exit_code == 0 and "game over after" in text.output


@pytest.mark.parametrize("flags, words", [
    (["--players", "5"], "out of range"),
    (["--set", "board=atlantis"], "board 'atlantis' is unknown"),
    (["--set", "mode=long"], "unknown mode 'long'"),
    (["--mode", "short+tutorial"], "combines short and tutorial"),
    (["--mode", "symmachia"], "symmachia is played by 4 players, not 3"),
    (["--set", "phalanx=everywhere"], "phalanx 'everywhere' is unknown"),
    (["--set", "track_end=steps"], "track_end 'steps' is unknown"),
    (["--set", "city_states=[\"spartaa\", \"draft\", \"draft\"]"], "unknown City-state"),
    (["--set", "city_states=[\"draft\"]"], "city_states lists 1 seats"),
    (["--set", "city_states_out=[\"nowhere\"]"], "unknown City-state"),
    (["--strategies", "random,first,random"], "every seat alike"),
    (["--strategies", "balanced,tyrant,random"], "unknown strategy 'tyrant'"),
    (["--set", "params.x=1"], "unknown section 'params'"),
])
def test_bad_settings_give_one_line(tmp_path, flags, words):
    done = invoke("run", "--game", "pillars", "--players", 3, "--n", 2, "--out",
                  tmp_path / "bad", "--quiet", *flags)
    assert done.exit_code == 2, done.output
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines


def test_a_setting_that_plays_a_rule_otherwise_is_named_in_run_json_and_the_report(tmp_path):
    """``phalanx = "region"`` counts Phalanx Formation's Power in the Region only (the
    other reading of p. ~14): run.json's cell and the report's run summary name it; the
    default plays the rules as printed."""
    out = tmp_path / "run"
    done = sim("run", "--game", "pillars", "--players", 3, "--n", 4, "--seed", 1,
               "--strategies", "random", "--out", out, "--quiet", "--sweep",
               "phalanx=lands,region")
    assert done.returncode == 0, done.stderr
    cells = json.loads((out / "run.json").read_text())["cells"]
    assert [c["settings"]["phalanx"] for c in cells] == ["lands", "region"]
    assert cells[0]["deviations"] == []
    assert any("phalanx = region" in line and "p. ~14" in line for line in cells[1]["deviations"])
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "phalanx = region: Phalanx Formation" in page
