"""`sim report`: statistics against known answers, escaping, same bytes, comparisons,
co-operative games and bad input. Most tests use small synthetic `sim run` folders
(run.json plus one shard per cell, written here) so they need no engine."""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from reports import model
from reports.datasets import ReportError, open_run, read_cell
from reports.flags import find_flags
from reports.render import build_report
from sim.aggregate import scan
from sim.cli import app
from sim.games import registry
from sim.runner.batches import Batch
from sim.runner.dataset import FORMAT, MANIFEST, write_shard
from sim.stats import wilson_interval

cli = CliRunner()
HOSTILE = "<script>alert(1)</script>"


def competitive_rows(cell: int, games: int, players: int, first_seat_wins: float, seed: int = 0,
                     roles: tuple[str, ...] = ("alpha", "beta", "gamma"),
                     tiles: tuple[str, ...] = ("north", "south")) -> dict[str, np.ndarray]:
    """``games`` games where seat 0 wins with probability ``first_seat_wins`` and the
    other seats share the rest evenly; Roles rotate, tiles alternate."""
    rng = np.random.default_rng(seed)
    others = (1 - first_seat_wins) / (players - 1)
    winner = rng.choice(players, size=games, p=[first_seat_wins] + [others] * (players - 1))
    seat = np.tile(np.arange(players), games)
    game = np.repeat(np.arange(games), players)
    won = seat == np.repeat(winner, players)
    glory = rng.integers(40, 120, size=games * players) + 30 * won
    role = np.array(roles, dtype=object)[(seat + game) % len(roles)]
    city = np.array([tiles[0], ",".join(tiles)], dtype=object)[game % 2]
    return {"cell": np.full(games * players, cell, np.int32), "game": game.astype(np.int64),
            "seat": seat.astype(np.int8), "players": np.full(games * players, players, np.int8),
            "strategy": np.full(games * players, "random", dtype=object), "won": won,
            "win_share": won.astype(float), "glory": glory.astype(np.int32),
            "rounds": np.repeat(rng.integers(5, 9, size=games), players).astype(np.int16),
            "end_reason": np.repeat(np.where(rng.random(games) < 0.8, "parthenon", "delian_league"),
                                    players).astype(object),
            "role": role, "city_states": city,
            "glory_row": (glory // 2).astype(np.int32), "glory_battle": (glory - glory // 2).astype(np.int32)}


def write_run(out: Path, game: str, cells: list[tuple[dict, dict[str, np.ndarray]]],
              scenario: str = "synthetic") -> Path:
    """A complete run folder: ``cells`` pairs a cell's run.json entry with its columns,
    written as `sim run` writes its shards (metadata and checksum)."""
    entries = [{"cell": index, "mode": "standard", "strategies": ["random"], "sweep": {},
                "settings": {}, "overrides": {}, "content_hash": "ab" * 32,
                "assumed_share": 0.25, **entry} for index, (entry, _) in enumerate(cells)]
    manifest = {"format": FORMAT, "game": game, "scenario": scenario, "seed": 7,
                "games_per_cell": entries[0]["games"], "batch_size": 10**6, "cells": entries,
                "scenario_file": None, "description": "synthetic data",
                "games": sum(e["games"] for e in entries), "package_version": "0.1.0",
                "git_revision": None, "status": "complete", "wall_time_s": 1.5}
    run_meta = {k: v for k, v in manifest.items() if k != "cells"}
    for entry, (_, columns) in zip(entries, cells, strict=True):
        write_shard(out, Batch(entry["cell"], 0, 0, entry["games"]), pa.table(columns),
                    {"run": run_meta, "cell": entry})
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return out



def _cell(players: int, games: int, **extra) -> dict:
    return {"players": players, "games": games, **extra}


def _summary(path: Path, cell: int = 0) -> model.CellReport:
    run = open_run(path)
    return model.summarise_cell(run, run.cells[cell], read_cell(run, run.cells[cell]))


def test_interval_for_a_known_count():
    # 40 wins in 100 games: 95% Wilson interval 0.3094 .. 0.4980 (see test_stats.py)
    share = model.Share("Seat 1", 40, 100, fair=1 / 3)
    assert share.interval == pytest.approx((0.3094, 0.4980), abs=1e-4)
    assert share.interval == pytest.approx(tuple(float(v) for v in wilson_interval(40, 100)))


def test_interval_holds_the_share_for_every_count():
    """At 0 or all wins the interval's end meets the share exactly, not a rounding away."""
    for n in range(1, 101):
        k = np.arange(n + 1)
        low, high = wilson_interval(k, n)
        assert np.all(low <= k / n) and np.all(high >= k / n)


def test_report_of_a_few_games(tmp_path):
    """Three games leave some seat without a win: its interval starts at 0 exactly."""
    path = write_run(tmp_path / "run", "pericles", [(_cell(3, 3), competitive_rows(0, 3, 3, 0.9))])
    result = cli.invoke(app, ["report", str(path)])
    assert result.exit_code == 0, result.output
    assert (path / "report.html").is_file()


def _seats_of(winners: list[int], players: int = 3) -> model.SeatTest:
    x = np.eye(players)[winners]
    seats = tuple(model.Share(f"Seat {s + 1}", x[:, s].sum(), len(x), 1 / players,
                              squares=float((x[:, s] ** 2).sum())) for s in range(players))
    return model.seat_test(seats, x.sum(axis=0), x.T @ x, len(x))


def test_seat_test_known_answers():
    # one winner a game, (400, 300, 300) of 1,000: the Wald statistic is Neyman's
    # chi-square n * sum((p - 1/3)^2 / p) = 18.52 (times (n-1)/n), 2 df -> p = exp(-W/2)
    wald = 1000 * ((0.4 - 1 / 3) ** 2 / 0.4 + 2 * (0.3 - 1 / 3) ** 2 / 0.3) * 999 / 1000
    assert _seats_of([0] * 400 + [1] * 300 + [2] * 300).p == pytest.approx(np.exp(-wald / 2), rel=1e-6)
    assert _seats_of([0] * 334 + [1] * 333 + [2] * 333).p > 0.99
    assert _seats_of([0, 1, 2] * 5).p > 0.99


def test_planted_40_percent_seat_is_flagged_and_a_fair_one_is_not(tmp_path):
    planted = write_run(tmp_path / "planted", "pericles",
                        [(_cell(3, 20000), competitive_rows(0, 20000, 3, 0.40, seed=1))])
    fair = write_run(tmp_path / "fair", "pericles",
                     [(_cell(3, 20000), competitive_rows(0, 20000, 3, 1 / 3, seed=2))])
    found = find_flags([_summary(planted)], min_effect=0.01)
    flags, tested = found.flags, found.tested
    # the seats are one effect: one flag, naming the seat furthest from fair and the others
    assert [f.share.subject for f in flags] == ["Seat 1"]
    assert re.fullmatch(r"Seats win unequally: Seat 1 40\.\d% \(\d\d\.\d-\d\d\.\d\), Seat 2 .*, "
                        r"Seat 3 .* against a fair 33\.3% each", flags[0].sentence)
    assert tested == 1 + 3  # the seats' one test and three Roles (one strategy is not tested)
    assert find_flags([_summary(fair)], min_effect=0.01).flags == []
    # a practical size is needed too: gaps under 7 points are not flagged at a 10-point minimum
    assert find_flags([_summary(planted)], min_effect=0.10).flags == []


def test_each_flag_names_a_typical_game_of_its_group(tmp_path):
    """A flagged seat shows the command replaying the lowest-numbered game in which that
    seat ends on its median Glory (the lower median)."""
    rows = competitive_rows(0, 20000, 3, 0.40, seed=1)
    html = build_report([write_run(tmp_path / "planted", "pericles", [(_cell(3, 20000), rows)])])
    commands = re.findall(r'<span class="replay">a typical game: <code>(.*?)</code>', html)
    assert len(commands) == 1  # the seats' flag names Seat 1, the furthest from fair
    seat = rows["seat"] == 0
    glory, game = rows["glory"][seat], rows["game"][seat]
    median = np.sort(glory)[(len(glory) - 1) // 2]
    folder = shlex.quote(str(tmp_path / "planted"))
    assert commands[0] == f"sim trace {folder} --cell 0 --game {game[glory == median].min()} --text"
    for command in commands:
        assert re.fullmatch(r"sim trace \S+ --cell 0 --game \d+ --text", command)


def test_content_names_are_escaped(tmp_path):
    rows = competitive_rows(0, 300, 3, 1 / 3, roles=(HOSTILE, "beta", "gamma"),
                            tiles=(HOSTILE, "south"))
    path = write_run(tmp_path / "hostile", "pericles", [(_cell(3, 300), rows)],
                     scenario=f"{HOSTILE}-3p")
    html = build_report([path])
    assert "<script" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_same_data_same_bytes(tmp_path):
    path = write_run(tmp_path / "run", "pericles", [(_cell(3, 500), competitive_rows(0, 500, 3, 0.35))])
    assert build_report([path]) == build_report([path])
    assert "Date" not in build_report([path]).split("<h2>Flags</h2>")[1]


def test_sweep_cells_are_compared_on_the_swept_value(tmp_path):
    cells = [(_cell(3, 400, sweep={"params.builder_base": v}), competitive_rows(i, 400, 3, 0.3 + 0.05 * i))
             for i, v in enumerate((2, 3, 4))]
    html = build_report([write_run(tmp_path / "sweep", "pericles", cells)])
    assert "<h2>Comparison across 3 cells</h2>" in html
    assert "x axis: params.builder_base" in html
    for title in ("Win share by seat", "Win share by Role", "End reasons (share of games)",
                  "Game length (mean rounds)"):
        assert f"<h3>{title}</h3>" in html.split("<h2>Comparison")[1].split("<h2>")[0]
    assert "<h2>params.builder_base=3</h2>" in html


def test_two_datasets_are_compared_by_name(tmp_path):
    a = write_run(tmp_path / "three", "pericles", [(_cell(3, 300), competitive_rows(0, 300, 3, 0.4))])
    b = write_run(tmp_path / "four", "pericles", [(_cell(4, 300), competitive_rows(0, 300, 4, 0.3))])
    html = build_report([a, b])
    assert "<h2>Comparison across 2 cells</h2>" in html
    assert "<h2>three, players=3</h2>" in html and "<h2>four, players=4</h2>" in html
    assert html.count("<svg") >= 4 + 2 * 8


def test_tile_users_are_shown_but_never_tested(tmp_path):
    """Players choose the tiles they use: a share of theirs far from fair is no flag."""
    rows = competitive_rows(0, 3000, 3, 1 / 3)
    rows["city_states_used"] = np.where(rows["won"], "north", "").astype(object)  # planted
    cell = _summary(write_run(tmp_path / "users", "pericles", [(_cell(3, 3000), rows)]))
    north = next(t for t in cell.tiles if t.name == "North")  # named as printed
    assert north.users.share == 1.0 and north.games_in == 3000 and north.games_out == 0
    south = next(t for t in cell.tiles if t.name == "South")
    assert south.users.n == 0 and south.games_in == 1500
    assert north.users.fair is None and not north.users.testable
    assert find_flags([cell], min_effect=0.01).flags == []


def test_cooperative_game_shows_survival(tmp_path, monkeypatch):
    coop = dataclasses.replace(registry.GAMES["pericles"], name="coop", title="Co-op Test",
                               cooperative=True, runner="")
    monkeypatch.setitem(registry.GAMES, "coop", coop)
    rng = np.random.default_rng(3)
    games = 1000
    rows = {"cell": np.zeros(games, np.int32), "game": np.arange(games, dtype=np.int64),
            "players": np.full(games, 2, np.int8), "won": rng.random(games) < 0.3,
            "rounds": rng.integers(8, 12, games).astype(np.int16),
            "end_reason": np.where(rng.random(games) < 0.5, "storm", "harbour").astype(object)}
    cells = [(_cell(2, games, sweep={"difficulty": 1}), rows),
             (_cell(2, games, sweep={"difficulty": 2}), {**rows, "cell": np.ones(games, np.int32)})]
    html = build_report([write_run(tmp_path / "coop", "coop", cells)])
    won = int(rows["won"].sum())
    assert f"The table survives {100 * won / games:.1f}% of games" in html
    assert "Win share by seat" not in html and "<h3>Survival</h3>" in html
    assert "co-operative game has no fair share" in html  # its registry entry ranks no modes
    # a game that writes end_reason rather than loss_cause: the lost games' reasons are the causes
    lost = ~rows["won"]
    storm = int((lost & (rows["end_reason"] == "storm")).sum())
    assert f"<tr><td>storm</td><td class=\"num\">{storm:,}</td>" in html
    assert "<h2>Survival by mode and team</h2>" in html and "<h3>End reasons</h3>" not in html
    other = write_run(tmp_path / "other", "pericles", [(_cell(3, 300), competitive_rows(0, 300, 3, 0.35))])
    with pytest.raises(ReportError, match=r"different games \(coop, pericles\) ; make one report per game"):
        build_report([tmp_path / "coop", other])


def test_cli_writes_the_report_next_to_the_data(tmp_path):
    path = write_run(tmp_path / "run", "pericles", [(_cell(3, 300), competitive_rows(0, 300, 3, 0.35))])
    result = cli.invoke(app, ["report", str(path)])
    assert result.exit_code == 0, result.output
    assert (path / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("case, message", [
    ("missing", "is not a folder ; give a folder written by 'sim run'"),
    ("no_manifest", "has no valid run.json ; give a folder written by 'sim run'"),
    ("unfinished", "holds an unfinished run ; finish it with 'sim run ... --resume'"),
    ("short", "shard data/cell-000/part-00000.parquet is damaged (600 rows where its 300 games "
              "give 900) ; find the damaged or missing shards with 'sim verify"),
    ("unknown_game", "unknown game 'chess'"),
    ("two_without_out", "2 folders given but no --out ; add --out FILE.html"),
    ("bad_effect", "--min-effect -1.0 is out of range"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, case, message):
    good = write_run(tmp_path / "good", "pericles", [(_cell(3, 300), competitive_rows(0, 300, 3, 0.35))])
    target = tmp_path / "bad"
    args = [str(target)]
    if case == "no_manifest":
        target.mkdir()
    elif case in ("unfinished", "short", "unknown_game"):
        game = "chess" if case == "unknown_game" else "pericles"
        write_run(target, game, [(_cell(3, 300), competitive_rows(0, 300 if case != "short" else 200,
                                                                   3, 0.35))])
        if case == "unfinished":
            manifest = json.loads((target / MANIFEST).read_text())
            (target / MANIFEST).write_text(json.dumps({**manifest, "status": "running"}))
    elif case == "two_without_out":
        args = [str(good), str(good)]
    elif case == "bad_effect":
        args = [str(good), "--min-effect", "-1"]
    result = cli.invoke(app, ["report", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines() if hasattr(result, "stderr") else result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines
    assert not list(tmp_path.rglob("*.html")) and not list(tmp_path.rglob("_*.tmp"))


def test_report_over_a_real_sweep(tmp_path):
    """End to end on engine output: a 3-cell sweep, run.json with the assumed share."""
    out = tmp_path / "sweep"
    result = cli.invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "300", "--quiet",
                              "--sweep", "params.builder_base=2,3,4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert 0 < json.loads((out / MANIFEST).read_text())["cells"][0]["assumed_share"] < 1
    result = cli.invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h2>Comparison across 3 cells</h2>" in html and "content items are marked" in html
    assert "Where Glory comes from" in html and "<h3>City-states</h3>" in html
    # Roles dealt at random are a deviation from the printed draft (p. 5), named in both
    deviation = json.loads((out / MANIFEST).read_text())["cells"][0]["deviations"]
    assert len(deviation) == 1 and deviation[0].startswith("roles = random: ")
    assert "not drafted as printed (p. 5)" in deviation[0]
    assert "rules played otherwise than printed" in html and "not drafted as printed" in html


def test_chunk_size_does_not_change_the_report(tmp_path, monkeypatch):
    """Rows are aggregated chunk by chunk; a game straddling two chunks counts once."""
    rows = competitive_rows(0, 3000, 3, 0.35)
    rows["city_states_used"] = np.where(rows["won"], "north", "south").astype(object)
    path = write_run(tmp_path / "run", "pericles", [(_cell(3, 3000), rows)])
    whole = build_report([path])
    monkeypatch.setattr(scan, "CHUNK_ROWS", 1001)
    assert build_report([path]) == whole
