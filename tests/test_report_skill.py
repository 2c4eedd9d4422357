"""The report's "Does it hold for stronger players?" section: a flag per skill level and
whether it holds, grows or fades with skill (synthetic runs, no engine)."""

from __future__ import annotations

import pytest
from test_report import _cell, competitive_rows, write_run

from reports.model import Share
from reports.render import build_report
from reports.skill import verdict


def _shares(*wins_per_thousand):
    return [Share("Seat 1", w, 1000, fair=1 / 3) for w in wins_per_thousand]


@pytest.mark.parametrize("wins,expected", [
    ((380, 390, 460), "grows with skill"),
    ((460, 420, 380), "fades with skill"),
    ((390, 380, 395), "holds at every level"),
    ((390, 340, 370), "not at every level"),
])
def test_verdict(wins, expected):
    assert verdict(_shares(*wins), 1.0) == expected


def test_a_low_share_fades_as_it_climbs_back_to_fair():
    assert verdict(_shares(200, 260, 300), -1.0) == "fades with skill"


def skill_sweep(tmp_path, first_seat_wins, levels=("casual", "default", "expert")):
    cells = [(_cell(3, 4000, sweep={"skill": level}), competitive_rows(i, 4000, 3, wins, seed=i))
             for i, (level, wins) in enumerate(zip(levels, first_seat_wins, strict=True))]
    return build_report([write_run(tmp_path / "skill", "pericles", cells)])


def test_a_skill_sweep_shows_each_flag_per_level(tmp_path):
    html = skill_sweep(tmp_path, (0.38, 0.42, 0.50))
    section = html.split("Does it hold for stronger players?")[1].split("<h2>")[0]
    assert "<th>casual</th><th>default</th><th>expert</th>" in section
    row = next(r for r in section.split("<tr>") if "Seat 1" in r)
    assert "grows with skill" in row and row.count("%") == 3  # a share per level


def test_no_section_without_a_skill_sweep(tmp_path):
    cells = [(_cell(3, 1000, sweep={"params.builder_base": v}), competitive_rows(i, 1000, 3, 0.4))
             for i, v in enumerate((2, 3))]
    html = build_report([write_run(tmp_path / "plain", "pericles", cells)])
    assert "Does it hold for stronger players?" not in html
