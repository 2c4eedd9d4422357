"""`sim report` on Pillars of Heracles data: win share, Glory and its sources by City-state
with Holm flags, the City-state x board side table of a sweep, and the City-state draft.
Synthetic runs with planted answers (written as tests/test_report.py writes them), then one
run of the engine end to end."""

from __future__ import annotations

import json

import numpy as np
from typer.testing import CliRunner

from reports.names import printed
from reports.render import build_report
from sim.cli import app
from tests.test_report import HOSTILE, _cell, _summary, write_run

cli = CliRunner()
SIDES = {"mediterranean": ("sparta", "athenai", "troia", "memphis", "taras"),
         "aegean": ("sparta", "thebai", "naxos", "pella", "rhodos")}


def pillars_rows(cell: int, games: int, tiles: tuple[str, ...], strong: str | None = None,
                 seed: int = 0) -> dict[str, np.ndarray]:
    """3-player drafted games: four of ``tiles`` in each row, seats 2, 1, 0 pick in turn
    and the first drafter always takes ``strong`` when it is in the row; the seat holding
    ``strong`` wins 60% of its games, otherwise each seat a third."""
    rng = np.random.default_rng(seed)
    players = 3
    rows = {k: [] for k in ("city_state", "offered", "won")}
    for _ in range(games):
        row = list(rng.choice(tiles, size=4, replace=False))
        order = sorted(row, key=lambda t: (t != strong, rng.random()))  # the draft's picks
        picks = [order[2], order[1], order[0]]  # seat 0 picks last
        holder = picks.index(strong) if strong in picks else None
        p = [0.2] * players
        if holder is not None:
            p[holder] = 0.6
        else:
            p = [1 / 3] * players
        winner = rng.choice(players, p=np.array(p) / sum(p))
        rows["city_state"] += picks
        rows["offered"] += [",".join(sorted(row))] * players
        rows["won"] += [seat == winner for seat in range(players)]
    won = np.array(rows["won"])
    n = games * players
    glory = rng.integers(20, 60, size=n) + 15 * won
    return {"cell": np.full(n, cell, np.int32), "game": np.repeat(np.arange(games), players),
            "seat": np.tile(np.arange(players), games).astype(np.int8),
            "players": np.full(n, players, np.int8), "strategy": np.full(n, "balanced", dtype=object),
            "won": won, "win_share": won.astype(float), "glory": glory.astype(np.int32),
            "rounds": np.repeat(rng.integers(20, 40, size=games), players).astype(np.int16),
            "end_reason": np.repeat(np.where(rng.random(games) < 0.7, "cities", "tracks"),
                                    players).astype(object),
            "city_state": np.array(rows["city_state"], dtype=object),
            "draft_order": np.tile(np.array([3, 2, 1], np.int8), games),
            "city_states_offered": np.array(rows["offered"], dtype=object),
            "glory_cities": (glory // 2).astype(np.int32),
            "glory_regions": (glory - glory // 2).astype(np.int32)}


def _sides(tmp_path, games: int = 3000, strong: str | None = "sparta"):
    cells = [(_cell(3, games, sweep={"board": side}, board=side),
              pillars_rows(i, games, tiles, strong, seed=i))
             for i, (side, tiles) in enumerate(SIDES.items())]
    return write_run(tmp_path / "sides", "pillars", cells)


def _flags(html: str) -> str:
    return html.split("<h2>Flags</h2>")[1].split("<h2>")[0]


def test_a_strong_city_state_is_flagged_on_both_sides(tmp_path):
    flags = _flags(build_report([_sides(tmp_path / "strong")]))
    for side in SIDES:
        share = float(flags.split(f"{side}: City-state Sparta wins ")[1].split("%")[0])
        assert 55 < share < 65
    assert "Nothing flagged" in _flags(build_report([_sides(tmp_path / "fair", strong=None)]))


def test_city_state_sections_per_cell(tmp_path):
    path = _sides(tmp_path)
    cell = _summary(path)
    sparta = next(s for s in cell.picks if s.subject == "City-state Sparta")
    low, high = sparta.interval
    assert low > 0.5 and high < 0.7 and sparta.fair == 1 / 3
    glory = cell.glory
    assert set(glory.by_pick) == {printed(t) for t in SIDES["mediterranean"]}
    assert list(glory.sources.columns) == ["cities", "regions"]
    html = build_report([path])
    for title in ("Win share by City-state", "Glory by City-state",
                  "Where Glory comes from (mean per game, by City-state)", "The City-state draft"):
        assert f"<h3>{title}</h3>" in html


def test_city_state_by_board_side_table(tmp_path):
    html = build_report([_sides(tmp_path)])
    table = html.split("<h3>Win share by City-state, cell by cell</h3>")[1].split("</table>")[0]
    assert "<th>board=mediterranean</th><th>board=aegean</th>" in table
    rows = {r.split("</td>")[0].split("<td>")[-1]: r for r in table.split("<tr>")[2:]}
    assert set(rows) == {printed(t) for t in SIDES["mediterranean"] + SIDES["aegean"]}
    assert rows["Athenai"].count("-</td>") == 1  # a Mediterranean tile: not on the Aegean side
    assert rows["Sparta"].count("%") == 6  # on both: a share and its interval twice


def test_draft_counts_first_picks_among_games_in_the_row(tmp_path):
    cell = _summary(_sides(tmp_path))
    draft = {d.name: d for d in cell.draft}
    assert set(draft) == {printed(t) for t in SIDES["mediterranean"]}
    sparta = draft["Sparta"]
    # four of five tiles in each row: sparta in about 80% of games, always taken first
    assert 0.75 < sparta.first.n / 3000 < 0.85
    assert sparta.first.share == 1.0 and sparta.taken.share == 1.0
    others = [d for name, d in draft.items() if name != "Sparta"]
    assert sum(d.first.wins for d in others) == 3000 - sparta.first.n  # one first pick a game
    assert sum(d.taken.wins for d in draft.values()) == 3 * 3000  # three seats draft
    # beside sparta two of the other three are taken, else three of four
    assert all(0.6 < d.taken.share < 0.8 for d in others)


def test_no_draft_section_when_city_states_were_fixed(tmp_path):
    rows = pillars_rows(0, 600, SIDES["aegean"])
    rows["draft_order"][:] = 0
    cell = _summary(write_run(tmp_path / "fixed", "pillars", [(_cell(3, 600), rows)]))
    assert cell.draft == () and cell.picks  # the City-states are still reported


def test_city_state_names_with_markup_stay_text(tmp_path):
    tiles = (HOSTILE, "sparta", "troia", "taras", "memphis")
    rows = pillars_rows(0, 600, tiles, strong=HOSTILE)
    html = build_report([write_run(tmp_path / "hostile", "pillars", [(_cell(3, 600), rows)])])
    assert "<script" not in html.lower()
    assert "City-state &lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_report_of_an_engine_run_on_both_board_sides(tmp_path):
    out = tmp_path / "pillars"
    result = cli.invoke(app, ["run", "--game", "pillars", "--players", "3", "--n", "60", "--quiet",
                              "--sweep", "board=mediterranean,aegean", "--out", str(out)])
    assert result.exit_code == 0, result.output
    result = cli.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<h3>Win share by City-state, cell by cell</h3>" in html
    assert html.count("<h3>The City-state draft</h3>") == 2
    assert html.count("<h3>Where Glory comes from (mean per game, by City-state)</h3>") == 2
    cells = json.loads((out / "run.json").read_text())["cells"]
    assert [c["sweep"]["board"] for c in cells] == ["mediterranean", "aegean"]
