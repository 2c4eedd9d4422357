"""'How the bots play' and the flags on play, on planted datasets: a mechanism one bot
never uses while random-legal play does, a dominant Glory source, a City-state its
drafters never take; seat-adjusted pick shares; names as printed; chart labels apart."""

from __future__ import annotations

import dataclasses
import types

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from reports import charts
from reports.model import Counts
from reports.names import content_key, printed
from reports.play import Estimate, group_label
from reports.play_tally import Ratio
from reports.render import build_report
from sim.games import registry
from sim.games.play_profile import Mechanism
from tests.test_report import _cell, write_run

PREFERENCE = ("tarsos", "massalia", "argos", "taras", "syrakusai")  # the drafters' order
STUB = (Mechanism("pillar_placed", "Pillars placed when Settling", "p. 9", ("Tarsos", "Massalia")),
        Mechanism("siege_laid", "Sieges laid", "p. 11", ("Argos",)),
        Mechanism("temple_built", "Temples built", "p. 10"))


@pytest.fixture
def stub_profile(monkeypatch):
    """Pillars with the three mechanisms above as its declared play profile."""
    module = types.ModuleType("stub_play_profile")
    module.PROFILE = STUB
    monkeypatch.setitem(__import__("sys").modules, "stub_play_profile", module)
    info = dataclasses.replace(registry.GAMES["pillars"], profile="stub_play_profile")
    monkeypatch.setitem(registry.GAMES, "pillars", info)


def drafted_rows(cell: int, games: int, strategy: str, pillars: float, seed: int = 0,
                 regions: float = 0.8) -> dict[str, np.ndarray]:
    """3-player games of ``strategy``: four of five tiles in each row, drafted in the
    order PREFERENCE (a row lacks one tile, so Syrakusai is never taken and only Tarsos
    and Massalia are ever taken first), seat 0 wins
    40%; each player places a Pillar in a share ``pillars`` of its games; ``regions`` of
    the Glory comes from Regions."""
    rng = np.random.default_rng(seed)
    players = 3
    picks, offered = [], []
    for _ in range(games):
        row = sorted(rng.choice(PREFERENCE, size=4, replace=False), key=PREFERENCE.index)
        picks += [row[2], row[1], row[0]]  # seat 2 drafts first
        offered += [",".join(sorted(row))] * players
    n = games * players
    seat = np.tile(np.arange(players), games)
    winner = rng.choice(players, size=games, p=[0.4, 0.3, 0.3])
    won = seat == np.repeat(winner, players)
    glory = rng.integers(20, 60, size=n) + 15 * won
    regional = np.round(glory * regions).astype(np.int32)
    return {"cell": np.full(n, cell, np.int32), "game": np.repeat(np.arange(games), players),
            "seat": seat.astype(np.int8), "players": np.full(n, players, np.int8),
            "strategy": np.full(n, strategy, dtype=object), "won": won,
            "win_share": won.astype(float), "glory": glory.astype(np.int32),
            "rounds": np.full(n, 20, np.int16), "end_reason": np.full(n, "cities", dtype=object),
            "city_state": np.array(picks, dtype=object),
            "draft_order": np.tile(np.array([3, 2, 1], np.int8), games),
            "city_states_offered": np.array(offered, dtype=object),
            "glory_regions": regional, "glory_cities": (glory - regional).astype(np.int32),
            "use_pillar_placed": (rng.random(n) < pillars) * rng.integers(1, 4, size=n),
            "use_siege_laid": rng.integers(0, 3, size=n),
            "use_temple_built": np.zeros(n, np.int64)}


def _report(tmp_path, name: str, strategy: str, pillars: float, **extra) -> str:
    bot = write_run(tmp_path / name, "pillars",
                    [(_cell(3, 900), drafted_rows(0, 900, strategy, pillars, seed=1, **extra))])
    yardstick = write_run(tmp_path / f"{name}-random", "pillars",
                          [(_cell(3, 900), drafted_rows(0, 900, "random", 0.4, seed=2))])
    return build_report([bot, yardstick])


def _play_flags(html: str) -> list[str]:
    if "<h3>Flags on play</h3>" not in html:
        return []
    part = html.split("<h3>Flags on play</h3>")[1].split("<h2>")[0]
    return [p.split("</p>")[0] for p in part.split('<p class="flag">')[1:]]


def test_a_bot_that_never_places_a_pillar_is_flagged_and_one_that_does_is_not(stub_profile, tmp_path):
    forbidden = _play_flags(_report(tmp_path, "no-pillars", "builder", 0.0))
    (pillar,) = [f for f in forbidden if "pillar_placed" in f]
    assert pillar.startswith("builder uses pillar_placed (Pillars placed when Settling, p. 9) in 0.0%")
    assert "random in 41.0%" in pillar and "weakens the verdicts on Tarsos, Massalia" in pillar
    assert "sim trace " in pillar and "--cell 0 --game " in pillar
    assert not any("temple_built" in f for f in forbidden)  # nobody builds one: no yardstick
    default = _play_flags(_report(tmp_path, "default", "balanced", 0.3))
    assert not any("pillar_placed" in f for f in default)


def test_a_dominant_glory_source_is_flagged(stub_profile, tmp_path):
    flags = _play_flags(_report(tmp_path, "regions", "balanced", 0.3))
    (regions,) = [f for f in flags if "of its Glory from" in f]
    assert regions.startswith("balanced takes 80.0% (") and "from regions" in regions
    assert not any("from cities" in f for f in flags)  # 20%
    assert not any(f.startswith("random takes") for f in flags)  # random-legal is no verdict


def test_picks_the_drafters_never_take_are_flagged(stub_profile, tmp_path):
    flags = _play_flags(_report(tmp_path, "draft", "balanced", 0.3))
    drafted = [f for f in flags if "could be drafted" in f]
    assert any(f.startswith("City-state Syrakusai is never taken") for f in drafted)
    for name in ("Taras", "Argos"):
        assert any(f.startswith(f"City-state {name} is never drafted first") for f in drafted)
    assert not any("Tarsos is never" in f or "Massalia is never" in f for f in drafted)
    assert all("weakens the verdict on" in f for f in drafted)


def test_the_section_shows_each_group_side_by_side(stub_profile, tmp_path):
    html = _report(tmp_path, "side", "builder", 0.0)
    section = html.split("<h2>How the bots play</h2>")[1].split("<h2>")[0]
    assert "<th>builder<br>" in section and "<th>random<br>" in section
    assert "Pillars placed when Settling" in section and "Glory share by source" in section
    assert section.count("<tr>") == 1 + len(STUB) + 1 + 2  # mechanisms, then sources


def test_without_a_profile_the_section_still_shows_glory_sources(monkeypatch, tmp_path):
    info = dataclasses.replace(registry.GAMES["pillars"], profile="")  # declares none
    monkeypatch.setitem(registry.GAMES, "pillars", info)
    rows = drafted_rows(0, 300, "balanced", 0.0)
    html = build_report([write_run(tmp_path / "plain", "pillars", [(_cell(3, 300), rows)])])
    section = html.split("<h2>How the bots play</h2>")[1].split("<h2>")[0]
    assert "carry no play-profile columns" in section and "Glory share by source" in section


def test_clustered_interval_of_a_known_ratio():
    """Two games of two rows: uses (1, 3) and (2, 2): mean 2, per-game totals 4 and 4
    over 2 rows each, so no spread between games and a zero-width interval."""
    r = Ratio()
    r.add(np.array([4.0, 4.0]), np.array([2.0, 2.0]))
    assert Estimate.of(r) == Estimate(2.0, 2.0, 2.0, 2)
    r.add(np.array([0.0]), np.array([2.0]))  # a third game with no use: mean 8/6
    est = Estimate.of(r)
    assert est.value == pytest.approx(4 / 3)
    # sum over games of (y - v m)^2 = 2 (4/3)^2 + (8/3)^2 = 32/3; * 3/2 = 16; sqrt / 6
    assert est.high - est.value == pytest.approx(1.959963984540054 * 4 / 6)


def test_group_labels_name_the_skill_level():
    assert group_label("balanced", None) == "balanced"
    assert group_label("balanced", "default") == "balanced"
    assert group_label("balanced", "expert") == "balanced (expert)"
    assert group_label("expert", "expert") == "expert" and group_label("random", "expert") == "random"


def test_rotated_design_seat_balanced_share_equals_raw(tmp_path):
    """Picks rotated over seats: the seat-balanced share is the raw one."""
    rows = drafted_rows(0, 600, "balanced", 0.3)
    cycle = np.array(PREFERENCE[:3], dtype=object)
    rows["city_state"] = cycle[(np.tile(np.arange(3), 600) + np.repeat(np.arange(600), 3)) % 3]
    rows["draft_order"][:] = 0
    cell = _cell(3, 600, design={"picks": "rotated", "strategies": "same"})
    html = build_report([write_run(tmp_path / "rot", "pillars", [(cell, rows)])])
    table = html.split("raw and adjusted for seat</h3>")[1].split("</table>")[0]
    for row in table.split("<tr>")[2:]:
        cells = [c.split("</td>")[0].split(">")[-1] for c in row.split("<td")[1:]]
        assert cells[1] == cells[2] and cells[4] == "3 of 3"  # raw == seat-balanced
    assert "Design: <strong>rotated</strong>" in html and "seat-balanced win share" in html


def test_drafted_design_is_stratified_by_seat(tmp_path):
    """Seat 0 wins 40%: Tarsos, always drafted by seat 2 (30%), is not credited with it."""
    rows = drafted_rows(0, 3000, "balanced", 0.3)
    html = build_report([write_run(tmp_path / "drafted", "pillars",
                                   [(_cell(3, 3000, design={"picks": "drafted"}), rows)])])
    assert "Design: <strong>drafted</strong>" in html and "seat-stratified win share" in html
    table = html.split("raw and adjusted for seat</h3>")[1].split("</table>")[0]
    tarsos = next(r for r in table.split("<tr>") if r.startswith("<td>Tarsos</td>"))
    assert "1 of 3" in tarsos


def test_names_are_printed():
    assert printed("syrakusai") == "Syrakusai" and printed("demigod_of_rites") == "Demigod of Rites"
    assert content_key(printed("demigod_of_rites")) == "demigod_of_rites"


def test_twelve_city_state_labels_do_not_overlap():
    names = ["Sparta", "Athenai", "Kyrene", "Emporion", "Syrakusai", "Taras", "Massalia",
             "Tarsos", "Ephesos", "Troia", "Argos", "Memphis"]
    counts = Counts(np.arange(20, 60), np.ones(40, np.int64))
    fig = charts.violin_figure({n: counts for n in names}, "final Glory")
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in fig.axes[0].get_xticklabels()]
    assert len(boxes) == 12
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert not a.overlaps(b)


def test_games_stopped_at_the_round_limit_are_flagged_with_a_replay(stub_profile, tmp_path):
    rows = drafted_rows(0, 900, "balanced", 0.3, seed=1)
    stalled = np.isin(rows["game"], [17, 400])
    rows["end_reason"][stalled] = "round_limit"
    run = write_run(tmp_path / "stalled", "pillars", [(_cell(3, 900), rows)])
    (flag,) = [f for f in _play_flags(build_report([run])) if "round limit" in f]
    assert flag.startswith("2 of 900 games (0.22%) stopped at the round limit, not ended by "
                           "the rules")
    assert "--cell 0 --game 17" in flag
    finished = write_run(tmp_path / "finished", "pillars",
                         [(_cell(3, 900), drafted_rows(0, 900, "balanced", 0.3, seed=1))])
    assert not any("round limit" in f for f in _play_flags(build_report([finished])))
