"""The report on a co-operative game (Aeolis): loss causes, the city at the end, survival by
mode and Hero set, and the check that harder modes do not survive more often. Synthetic
run folders (see test_report.write_run) plant an inversion or the intended order; one test
reports a real small sweep over the four modes."""

from __future__ import annotations

import html as markup
import json
import re
import shlex

import numpy as np
import pyarrow as pa
import pytest
from scipy import stats
from test_report import HOSTILE, write_run
from typer.testing import CliRunner

from reports.coop import Discordant, OrderCheck
from reports.model import Share
from reports.render import build_report
from sim.cli import app
from sim.games.registry import GAMES
from sim.runner.dataset import MANIFEST

cli = CliRunner()
STANDARD = ["queen", "merchant", "philosopher", "hoplite"]
CAUSES = ("invasion_reached_city", "invasion_undefeated")


def coop_rows(cell: int, games: int, survive: float, seed: int, heroes: list[str] = STANDARD,
              causes: tuple[str, ...] = CAUSES, heroic: bool = False) -> dict[str, object]:
    """One row per game, as the Aeolis runner writes them: the city survives with
    probability ``survive``; a lost game ends early from one of ``causes``."""
    rng = np.random.default_rng(seed)
    won = rng.random(games) < survive
    drawn = np.full(games, "", dtype=object)
    success = [None] * games
    if heroic:
        drawn = np.where(np.arange(games) % 2 == 0, "h01", "h02").astype(object)
        success = (rng.random(games) < np.where(drawn == "h01", 0.2, 0.6)).tolist()
    return {"cell": np.full(games, cell, np.int32), "game": np.arange(games, dtype=np.int64),
            "players": np.full(games, 1, np.int8), "strategy": np.full(games, "military", dtype=object),
            "heroes": np.full(games, ",".join(heroes), dtype=object), "won": won,
            "rounds": np.where(won, 10, rng.integers(1, 10, games)).astype(np.int16),
            "loss_cause": np.where(won, "none", rng.choice(np.array(causes, dtype=object), games)),
            "morale": rng.integers(0, 9, games).astype(np.int8),
            "structures": rng.integers(2, 12, games).astype(np.int16),
            "heroic_event": drawn, "heroic_success": pa.array(success, pa.bool_())}


def coop_cell(mode: str, games: int, heroes: list[str] = STANDARD) -> dict:
    settings = {"mode": mode, "heroes": heroes, "expansions": [], "heroic": False}
    return {"players": 1, "games": games, "mode": mode, "strategies": ["military"],
            "sweep": {"mode": mode}, "settings": settings}


def sweep(tmp_path, survival: dict[str, float], games: int = 4000, heroes: list[str] = STANDARD,
          name: str = "sweep", **rows) -> str:
    cells = [(coop_cell(mode, games, heroes), coop_rows(i, games, p, seed=i, heroes=heroes, **rows))
             for i, (mode, p) in enumerate(survival.items())]
    return build_report([write_run(tmp_path / name, "aeolis", cells, scenario="aeolis-1p")])


def _section(html: str, title: str) -> str:
    return html.split(f"<h2>{title}</h2>")[1].split("<h2>")[0]


def test_difficulty_order_names_the_games_modes():
    for info in GAMES.values():
        for easier, harder in info.difficulty_order:
            assert easier in info.modes and harder in info.modes and easier != harder
    assert GAMES["aeolis"].difficulty_order == (("easy", "challenging"), ("challenging", "hardcore"),
                                                ("easy", "marathon"))


def test_order_check_known_answers():
    # 290 / 1000 against 310 / 1000: pooled 0.3, z = 0.02 / sqrt(0.3 * 0.7 * 0.002) = 0.9759
    check = OrderCheck("", Share("Challenging", 290, 1000), Share("Hardcore", 310, 1000))
    assert check.difference == pytest.approx(0.02)
    assert check.p == pytest.approx(0.16456, abs=1e-4)
    low, high = check.interval
    assert low < 0 < high and high - low == pytest.approx(2 * 1.96 * np.sqrt(2 * 0.3 * 0.7 / 1000), rel=0.05)
    assert OrderCheck("", Share("Easy", 800, 1000), Share("Hardcore", 100, 1000)).p > 0.999


def test_order_check_on_shared_deals_is_paired():
    """The same 290 / 1000 and 310 / 1000, on one seed: 30 games only the harder mode
    survived and 10 only the easier one. McNemar: z = 20 / sqrt(40) = 3.162."""
    paired = OrderCheck("", Share("Challenging", 290, 1000), Share("Hardcore", 310, 1000),
                        Discordant(harder_only=30, easier_only=10, games=1000))
    assert paired.difference == pytest.approx(0.02)
    assert paired.p == pytest.approx(stats.norm.sf(20 / np.sqrt(40)), rel=1e-9)
    low, high = paired.interval  # per-game differences: 30 of +1, 10 of -1
    sd = np.sqrt((40 - 1000 * 0.02 ** 2) / 999)
    assert (low, high) == pytest.approx((0.02 - 1.96 * sd / np.sqrt(1000),
                                         0.02 + 1.96 * sd / np.sqrt(1000)), rel=1e-3)


def test_paired_order_checks_hold_the_nominal_rate_and_gain_power():
    """Two modes on the same deals, each game's survival shared but for a tenth of games
    drawn afresh: with no difference, McNemar rejects (one-sided, 5%) at most about 5% of
    400 checks; with the harder mode 2 points likelier to survive, far more often than the
    unpaired test on the same games."""
    rng = np.random.default_rng(8)

    def check(gap):
        base = rng.random(3000) < 0.3
        fresh = rng.random(3000) < 0.1
        easier = np.where(fresh, rng.random(3000) < 0.3, base)
        harder = np.where(fresh, rng.random(3000) < 0.3 + gap / 0.1, base)
        shares = Share("Easy", easier.sum(), 3000), Share("Hard", harder.sum(), 3000)
        pair = Discordant(int((harder & ~easier).sum()), int((easier & ~harder).sum()), 3000)
        return OrderCheck("", *shares, pair).p, OrderCheck("", *shares).p

    null = np.array([check(0.0) for _ in range(400)])
    assert (null[:, 0] < 0.05).mean() <= 0.075
    planted = np.array([check(0.02) for _ in range(200)])
    assert (planted[:, 0] < 0.05).mean() > 0.9 > 0.6 > (planted[:, 1] < 0.05).mean()


def test_planted_inversion_is_flagged(tmp_path):
    html = sweep(tmp_path, {"easy": 0.80, "challenging": 0.29, "hardcore": 0.36, "marathon": 0.60})
    flags = re.findall(r'<p class="flag">(.*?) <span', _section(html, "Flags"))
    assert len(flags) == 1, flags
    assert re.fullmatch(r"Hardcore survives 3\d\.\d% \(\d\d\.\d-\d\d\.\d\), more than Challenging's "
                        r"2\d\.\d% \(\d\d\.\d-\d\d\.\d\): the modes do not order as intended\.",
                        markup.unescape(flags[0]))
    order = _section(html, "Survival by mode and Hero set").split("<h3>Mode order</h3>")[1]
    assert order.count("<td>not as intended</td>") == 1 and order.count("<td>as intended</td>") == 3
    # beside it, a game the harder mode survived: hardcore is cell 2, its first surviving game
    won = coop_rows(2, 4000, 0.36, seed=2)["won"]
    folder = shlex.quote(str(tmp_path / "sweep"))
    assert (f"a game the harder mode survives: <code>sim trace {folder} --cell 2 --game "
            f"{int(np.flatnonzero(won)[0])} --text</code>") in _section(html, "Flags")


def test_intended_order_is_stated_and_not_flagged(tmp_path):
    html = sweep(tmp_path, {"easy": 0.80, "challenging": 0.40, "hardcore": 0.25, "marathon": 0.60})
    flags = _section(html, "Flags")
    assert 'class="flag"' not in flags
    assert "The modes order as intended: in none of the 4 pairs of modes checked" in flags
    # a small inversion that is not significant is no flag either
    html = sweep(tmp_path, {"challenging": 0.30, "hardcore": 0.305}, name="close")
    assert 'class="flag"' not in _section(html, "Flags")


def test_cells_of_different_hero_sets_are_never_paired(tmp_path):
    magi = ["queen", "merchant", "philosopher", "magi"]
    cells = [(coop_cell("easy", 3000, STANDARD), coop_rows(0, 3000, 0.2, seed=0)),
             (coop_cell("hardcore", 3000, magi), coop_rows(1, 3000, 0.6, seed=1, heroes=magi)),
             (coop_cell("easy", 3000, magi), coop_rows(2, 3000, 0.8, seed=2, heroes=magi))]
    html = build_report([write_run(tmp_path / "heroes", "aeolis", cells)])
    table = _section(html, "Survival by mode and Hero set")
    assert "<td>queen, merchant, philosopher, magi</td>" in table
    rows = re.findall(r"<tr><td>(\w+)</td><td>([a-z, ]+)</td>", table)
    assert rows == [("easy", "queen, merchant, philosopher, hoplite"),
                    ("easy", "queen, merchant, philosopher, magi"),
                    ("hardcore", "queen, merchant, philosopher, magi")]
    assert "in none of the 1 pairs of modes checked" in _section(html, "Flags")


def test_cell_shows_loss_causes_standing_and_heroic_events(tmp_path):
    html = sweep(tmp_path, {"easy": 0.5}, games=2000, heroic=True)
    cell = html.split("<h2>sweep</h2>")[1]  # one cell: named by its folder
    for title in ("Survival", "Loss causes", "The city at the end", "Heroic Events", "Rounds survived"):
        assert f"<h3>{title}</h3>" in cell
    assert "<td>invasion_reached_city</td>" in cell and "<td>none</td>" not in cell
    assert "<td>h01</td>" in cell and "<td>h02</td>" in cell
    assert "lost games end in round" in cell and "Mean final Morale" in cell
    assert "No mode-order check" in _section(html, "Flags")


def test_hero_and_cause_names_are_escaped(tmp_path):
    html = sweep(tmp_path, {"easy": 0.5, "hardcore": 0.3}, games=500, heroes=["queen", HOSTILE],
                 causes=(HOSTILE,))
    assert "<script" not in html.lower()
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 3


def test_report_over_a_real_mode_sweep(tmp_path):
    """End to end: the four modes with the team policy; Easy must beat Hardcore clearly."""
    out = tmp_path / "modes"
    result = cli.invoke(app, ["run", "--game", "aeolis", "--strategies", "military", "--n", "1500",
                              "--quiet", "--sweep", "mode=easy,challenging,hardcore,marathon",
                              "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [c["mode"] for c in json.loads((out / MANIFEST).read_text())["cells"]] == \
        ["easy", "challenging", "hardcore", "marathon"]
    result = cli.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert 'class="flag"' not in _section(html, "Flags")
    assert "The modes order as intended" in _section(html, "Flags")
    table = _section(html, "Survival by mode and Hero set")
    modes = re.findall(r"<tr><td>(\w+)</td><td>queen, merchant, philosopher, hoplite</td>", table)
    assert modes == ["easy", "challenging", "hardcore", "marathon"]
    assert html.count("<h3>Loss causes</h3>") >= 3 and "<td>invasion_reached_city</td>" in html
    assert "Loss causes (share of games)" in _section(html, "Comparison across 4 cells")


def test_same_data_same_bytes(tmp_path):
    survival = {"easy": 0.8, "challenging": 0.4, "hardcore": 0.2, "marathon": 0.6}
    cells = [(coop_cell(mode, 600), coop_rows(i, 600, p, seed=i, heroic=True))
             for i, (mode, p) in enumerate(survival.items())]
    path = write_run(tmp_path / "modes", "aeolis", cells)
    assert build_report([path]) == build_report([path])
