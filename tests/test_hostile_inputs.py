"""Hostile and damaged inputs, run as `sim` processes: sizes that would exhaust memory,
content values outside what the engines hold, and exit codes that mean one thing each.
Every case stops with one `error:` line before any game is played."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_process import CLI, ENV, REPO, error_line

BASELINE = REPO / "scenarios" / "baselines" / "pericles-3p.json"
MEMORY_CAP = 2 * 2**30


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def sim(*args: object) -> subprocess.CompletedProcess:
    """`sim ARGS` as a process whose memory is capped at 2 GB."""
    return subprocess.run([sys.executable, "-c", CLI, *map(str, args)], env=ENV,
                          capture_output=True, text=True, timeout=600, preexec_fn=_cap_memory)


def changed_baseline(folder: Path, change) -> Path:
    data = json.loads(BASELINE.read_text(encoding="utf-8"))
    change(data)
    path = folder / "baseline.json"
    path.write_text(json.dumps(data) if isinstance(data, dict) else data, encoding="utf-8")
    return path


# 5. Resource exhaustion: limits that keep memory bounded, named in one line.

def test_a_baseline_with_a_million_players_is_refused_before_decoding(tmp_path):
    def million(data):
        data["cells"][0]["outcomes"]["players"] = 1_000_000
    line = error_line(sim("check", "--baseline", changed_baseline(tmp_path, million)))
    assert "cells.0.outcomes.players must be a whole number from 1 to 8" in line


def test_a_baseline_whose_arrays_claim_more_games_is_refused(tmp_path):
    def inflated(data):
        data["games"] = 5_000_000
        for cell in data["cells"]:
            for array in cell["outcomes"]["arrays"].values():
                array["shape"][0] = 5_000_000
    assert "does not hold [5000000] values" in error_line(
        sim("check", "--baseline", changed_baseline(tmp_path, inflated)))


def test_run_n_1e12_is_refused_naming_the_limit(tmp_path):
    line = error_line(sim("run", "--game", "pericles", "--players", 3, "--n", "1e12",
                          "--out", tmp_path / "run"))
    assert "50,000,000 shards per cell, more than the 100,000 a cell holds at most" in line
    assert not (tmp_path / "run").exists()


def test_too_many_cells_and_too_large_shards_are_refused(tmp_path):
    values = ",".join(str(v) for v in range(1001))
    line = error_line(sim("run", "--game", "pericles", "--players", 3, "--out", tmp_path / "run",
                          "--sweep", f"params.builder_base={values}"))
    assert "1,001 cells, more than the 1,000 a run holds at most" in line
    line = error_line(sim("run", "--game", "pericles", "--players", 3, "--n", "1e7",
                          "--batch-size", "1e7", "--out", tmp_path / "run"))
    assert "more than the 1,000,000 games a shard holds at most" in line
    line = error_line(sim("run", "--game", "pericles", "--players", 3, "--n", "1.2e9",
                          "--sweep", f"params.builder_base={','.join(map(str, range(20)))}",
                          "--out", tmp_path / "run"))
    assert "20 cells of 60,000 shards make 1,200,000 shards, more than the 1,000,000" in line


def test_a_baseline_too_large_to_read_back_is_refused_before_playing(tmp_path):
    line = error_line(sim("baseline", "--scenario", "standard-3p", "--n", "1e8",
                          "--out", tmp_path / "b.json"))
    assert "300,000,000 seat-games, more than the 20,000,000 a baseline holds" in line
    assert not (tmp_path / "b.json").exists()


# 6. Aeolis content validation, in a studio's file and through --set / --sweep.

AEOLIS_FILES = {
    "[tech_tree]\nrow_costs = [2147483648, 1, 1, 2, 2, 3]\n": "row cost = 2147483648 must be",
    "[tech_tree]\nrow_costs = \"x\"\n": "row_costs = 'x' must be a list of 1 to 20 entries",
    "[tech_tree]\nrow_costs = [-1, 1, 1, 2, 2, 3]\n": "row cost = -1 must be a whole number in 0..50",
    "[tech_tree]\nrow_costs = [-2147483648, 1, 1, 2, 2, 3]\n": "row cost = -2147483648 must be",
    "[modes]\neasy = [\"b c1 c1 b\", \"c1 b\"]\n": "round 1 = 'b c1 c1 b' must name 1 to 3 decks",
    "[modes]\neasy = [\"\", \"c1 b\"]\n": "round 1 = '' must name 1 to 3 decks",
    "[[card]]\nid = \"B1\"\ncost = [[\"copper\", 1], [\"wood\", 1], [\"stone\", 1], [\"iron\", 1]]\n":
        "card 'B1': cost = ",
    "[[magi_form]]\nname = \"serpent\"\nflow = [" + ", ".join(["[0, 1]"] * 9) + "]\n":
        "must be a list of 0 to 8 entries",
    "[[wheel]]\nsell = [[\"wheat\", 99999999999]]\n": "sell price = 99999999999 must be",
    "[[wheel]]\nbuy = [[\"wheat\", -2]]\n": "buy price = -2 must be a whole number in 0..20",
    "[[wheel]]\nsell = [[\"wheat\", 2], [\"fish\", 2], [\"wood\", 1]]\n":
        "must be a list of 0 to 2 entries",
    "[[card]]\nid = \"B1\"\n\n[[card]]\nid = \"B1\"\n": "card.B1: duplicated name: a second Event card",
}


@pytest.mark.parametrize("text", AEOLIS_FILES)
def test_aeolis_content_values_are_refused(tmp_path, text):
    studio = tmp_path / "studio.toml"
    studio.write_text(text, encoding="utf-8")
    assert AEOLIS_FILES[text] in error_line(sim("content", "check", studio, "--game", "aeolis"), 1)


def test_an_empty_invasion_deck_is_refused(tmp_path):
    import tomllib

    shipped = tomllib.loads((REPO / "scenarios" / "aeolis" / "content.toml").read_text("utf-8"))
    kept = [c for c in shipped["card"] if c["kind"] != "invasion"]
    from sim.content.toml_text import document

    studio = tmp_path / "studio.toml"
    studio.write_text(document({**shipped, "card": kept}), encoding="utf-8")
    line = error_line(sim("content", "check", studio, "--game", "aeolis"), 1)
    assert "draws from deck 'i1', which holds no core card" in line


@pytest.mark.parametrize("flag, fragment", [
    ("--set=tech_tree.row_costs=[2147483648, 1]", "row cost = 2147483648 must be"),
    ("--set=tech_tree.row_costs=x", "row_costs = 'x' must be a list"),
    ("--set=modes.easy.0=b c1 c1 b", "round 1 = 'b c1 c1 b' must name 1 to 3 decks"),
    ('--set=card.B1.cost=[["copper", 1], ["wood", 1], ["stone", 1], ["iron", 1]]',
     "must be a list of 0 to 3 entries"),
    ("--set=wheel.0.sell.0.1=99999999999", "sell price = 99999999999 must be"),
    ("--set=magi_form.serpent.flow=[" + ", ".join(["[0, 1]"] * 9) + "]",
     "must be a list of 0 to 8 entries"),
    ("--sweep=tech_tree.row_costs=[1, 1, 1, 2, 2, 3],[-5]", "row cost = -5 must be"),
])
def test_aeolis_values_through_set_and_sweep_are_refused(tmp_path, flag, fragment):
    done = sim("run", "--game", "aeolis", "--players", 2, "--n", 10, "--out", tmp_path / "run",
               flag)
    assert fragment in error_line(done)
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("game, table, rows, fragment", [
    ("pericles", "roles", "name,day_cost\nveteran,3\nveteran,4\n", "duplicated name: a second Role"),
    ("aeolis", "tech", "name,row\nagriculture,0\nagriculture,1\n", "duplicated name: a second Technology"),
])
def test_an_item_twice_in_an_imported_table_is_refused(tmp_path, game, table, rows, fragment):
    csv = tmp_path / "table.csv"
    csv.write_text(rows, encoding="utf-8")
    done = sim("content", "import", game, "--table", table, "--csv", csv, "--out", tmp_path / "x.toml")
    assert fragment in error_line(done)
    assert not (tmp_path / "x.toml").exists()


# 7. Exit codes that mean one thing each: 2 when a command could not run.

@pytest.mark.parametrize("target", ["/proc/none/check.xml", "{file}/check.xml"])
def test_check_into_an_unwritable_path_exits_2_before_any_work(tmp_path, target):
    (tmp_path / "file").write_text("", encoding="utf-8")
    path = target.replace("{file}", str(tmp_path / "file"))
    for flag in ("--junit", "--markdown"):
        line = error_line(sim("check", "--baseline", BASELINE, flag, path))
        assert line.startswith(f"error: {flag} {path!r}")


def test_baseline_into_an_unwritable_path_exits_2_before_playing(tmp_path):
    # 10^6 games would take many minutes: the refusal comes before any of them
    line = error_line(sim("baseline", "--scenario", "standard-3p", "--n", "1e6",
                          "--out", "/proc/none/b.json"))
    assert "takes no new files" in line


@pytest.mark.parametrize("target", ["/proc/none", "{file}/run"])
def test_run_out_under_a_file_or_in_proc_exits_2(tmp_path, target):
    (tmp_path / "file").write_text("", encoding="utf-8")
    out = target.replace("{file}", str(tmp_path / "file"))
    assert f"--out {out!r}" in error_line(sim("run", "--game", "pericles", "--players", 3,
                                              "--n", 10, "--out", out))


def _run_json(cells: object) -> str:
    from sim.runner.dataset import FORMAT

    return json.dumps({"format": FORMAT, "game": "pericles", "seed": 0, "games_per_cell": 10,
                       "batch_size": 10, "games": 10, "cells": cells})


@pytest.mark.parametrize("text, fragment", [
    ("[]", "the file must be an object"),
    (_run_json("x"), "cells must be a list of 1 to 1000 items"),
    (_run_json([{"cell": 0, "games": 10}]), "cells.0 lacks 'players'"),
    ("[" * 100_000 + "]" * 100_000, "nests more than 64 levels deep"),
])
def test_a_damaged_run_json_is_one_line(tmp_path, text, fragment):
    (tmp_path / "run.json").write_text(text, encoding="utf-8")
    for command in ("verify", "report"):
        assert fragment in error_line(sim(command, tmp_path))


@pytest.mark.parametrize("change, fragment", [
    (lambda d: d.update(seed=2**64), "seed must be a whole number from 0 to 9223372036854775807"),
    (lambda d: d["scenario"].update(players=[64]), "players [64] is not a player count in 2..5"),
    (lambda d: d["scenario"]["settings"].update(skill="godlike"), "skill 'godlike' is unknown"),
    (lambda d: d["cells"].append(d["cells"][0]), "two cells have one number"),
    (lambda d: d.update(game=[]), "is for unknown game []"),
    (lambda d: d["scenario"].update(game="chess"), "its scenario is for unknown game 'chess'"),
])
def test_a_damaged_baseline_is_one_line(tmp_path, change, fragment):
    assert fragment in error_line(sim("check", "--baseline", changed_baseline(tmp_path, change)))


def test_a_baseline_seed_of_1e999_is_one_line(tmp_path):
    path = tmp_path / "baseline.json"
    path.write_text(BASELINE.read_text(encoding="utf-8").replace('"seed": 0', '"seed": 1e999'),
                    encoding="utf-8")
    assert "seed must be a whole number" in error_line(sim("check", "--baseline", path))


def test_files_nested_100000_deep_are_one_line(tmp_path):
    deep_json, deep_toml = tmp_path / "deep.json", tmp_path / "deep.toml"
    deep_json.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    deep_toml.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert "nests more than 64 levels deep" in error_line(sim("check", "--baseline", deep_json))
    assert "nests more than 64 levels deep" in error_line(
        sim("score", "--game", "pericles", "--state", deep_json))
    assert "nests more than 64 levels deep" in error_line(
        sim("run", "--scenario", deep_toml, "--n", 10, "--out", tmp_path / "run"))
    assert "nests more than 64 levels deep" in error_line(
        sim("content", "check", deep_toml, "--game", "pericles"), 1)


def test_values_nested_50000_deep_are_one_line(tmp_path):
    deep = "[" * 50_000 + "]" * 50_000
    assert "params.builder_base" in error_line(
        sim("run", "--game", "pericles", "--players", 3, "--n", 10, "--out", tmp_path / "run",
            "--set", f"params.builder_base={deep}"))
    csv = tmp_path / "roles.csv"
    csv.write_text(f"name,day_cost\nveteran,{deep}\n", encoding="utf-8")
    assert "day_cost" in error_line(sim("content", "import", "pericles", "--table", "roles",
                                        "--csv", csv, "--out", tmp_path / "x.toml"))


def test_content_check_of_a_device_reads_a_bounded_amount():
    line = error_line(sim("content", "check", "/dev/zero", "--game", "aeolis"))
    assert "larger than the 16 MiB this tool reads" in line
