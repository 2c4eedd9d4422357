"""The report's "Does it hold for stronger players?" section: a flag per skill level and
whether it holds, grows or fades with skill (synthetic runs, no engine)."""

from __future__ import annotations

import numpy as np
import pytest
from test_report import _cell, competitive_rows, write_run

from reports.model import Share
from reports.render import build_report
from reports.skill import Trend, paired_trend, verdict
from sim.stats import holm


def _shares(*wins_per_thousand):
    return [Share("Seat 1", w, 1000, fair=1 / 3) for w in wins_per_thousand]


@pytest.mark.parametrize("wins,trend,expected", [
    ((380, 390, 460), Trend(0.04, 1e-4), "grows with skill"),
    ((460, 420, 380), Trend(-0.04, 1e-4), "fades with skill"),
    ((390, 380, 395), Trend(0.002, 0.6), "holds at every level"),
    ((390, 340, 370), Trend(-0.01, 0.3), "not at every level"),
    ((380, 390, 460), None, "holds at every level"),  # no per-game data: no trend claimed
])
def test_verdict(wins, trend, expected):
    assert verdict(_shares(*wins), 1.0, trend, trend.p if trend else 1.0) == expected


def _levels(rng, shares, games=3000, shared=0.8):
    """Per-game 0/1 gaps of a seat at each level: the same deals in ``shared`` of the games
    (the same outcome at every level), fresh ones elsewhere."""
    common = rng.random(games) < shares[0]
    same = rng.random(games) < shared
    return [(np.arange(games), np.where(same, common, rng.random(games) < p) - 1 / 3)
            for p in shares]


def test_the_trend_uses_every_level_and_the_shared_deals():
    rng = np.random.default_rng(5)
    # a fifth of the games differ between levels: the slope per level is 0.2 * 3 points,
    # its standard error about 0.11 points over 20,000 games
    rising = paired_trend(_levels(rng, (0.38, 0.41, 0.44), games=20_000))
    assert rising.slope == pytest.approx(0.03 * 0.2, abs=0.0035) and rising.p < 1e-4
    # only the middle level moved: no trend, whatever the lowest-against-highest gap says
    middle = paired_trend(_levels(rng, (0.38, 0.46, 0.38), games=20_000))
    assert middle.p > 0.01


def test_null_skill_sweeps_rarely_say_grows_or_fades():
    """400 report rows, each a flag at 3 levels with no trend, 4 rows a report: Holm over the
    rows keeps "grows" or "fades" to at most 5% of reports (expected about 2%)."""
    rng = np.random.default_rng(6)
    reports = 100
    spurious = 0
    for _ in range(reports):
        found = [paired_trend(_levels(rng, (0.4, 0.4, 0.4))) for _ in range(4)]
        spurious += any(holm([t.p for t in found]) < 0.05)
    assert spurious <= 0.05 * reports + 3


def skill_sweep(tmp_path, first_seat_wins, levels=("casual", "default", "expert")):
    cells = [(_cell(3, 4000, sweep={"skill": level}), competitive_rows(i, 4000, 3, wins, seed=i))
             for i, (level, wins) in enumerate(zip(levels, first_seat_wins, strict=True))]
    return build_report([write_run(tmp_path / "skill", "pericles", cells)])


def test_a_skill_sweep_shows_each_flag_per_level(tmp_path):
    html = skill_sweep(tmp_path, (0.38, 0.44, 0.50))
    section = html.split("Does it hold for stronger players?")[1].split("<h2>")[0]
    assert "<th>casual</th><th>default</th><th>expert</th>" in section
    row = next(r for r in section.split("<tr>") if "Seat 1" in r)
    assert "grows with skill" in row and row.count("%") == 3  # a share per level


def test_no_section_without_a_skill_sweep(tmp_path):
    cells = [(_cell(3, 1000, sweep={"params.builder_base": v}), competitive_rows(i, 1000, 3, 0.4))
             for i, v in enumerate((2, 3))]
    html = build_report([write_run(tmp_path / "plain", "pericles", cells)])
    assert "Does it hold for stronger players?" not in html
