"""Datasets -> the report's HTML: summaries, cells, comparison and flags, through the
Jinja2 template (autoescaped, so every name from content or a scenario stays text)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from reports import charts
from reports.compare import Axis, Series, label_cells, rounds_series, series
from reports.coop import Group, group_cells, order_checks, summarise_coop, survival_rows
from reports.datasets import ReportError, Run, open_run, read_cell
from reports.flags import find_flags
from reports.model import ALPHA, CellReport, Share, summarise_cell
from reports.names import printed
from reports.play import play_section, read_plays
from reports.seating import method, seat_adjusted
from reports.sensitivity import anchor, sensitivity_section
from reports.skill import skill_section, sweeps_skill
from sim.games.registry import GameInfo, load_runner

TEMPLATES = Path(__file__).parent / "templates"


def _pct(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None or np.isnan(value) else f"{100 * value:.{digits}f}%"


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["pct"] = _pct
    return env


def _run_summary(run: Run) -> dict[str, object]:
    m = run.manifest
    shares = [c.get("assumed_share") for c in run.cells]
    return {"label": run.label, "game": run.info.title, "scenario": m.get("scenario"),
            "description": m.get("description"), "players": sorted({c["players"] for c in run.cells}),
            "cells": len(run.cells), "games": m.get("games"), "seed": m.get("seed"),
            "content_hashes": sorted({c.get("content_hash", "") for c in run.cells}),
            "content_file": m.get("content_file"),
            "package_version": m.get("package_version"), "git_revision": m.get("git_revision"),
            "wall_time_s": m.get("wall_time_s"),
            "assumed_share": None if None in shares else max(shares),
            "deviations": sorted({d for c in run.cells for d in c.get("deviations", [])})}


def _summarise(run: Run, entry: dict) -> CellReport:
    tally = read_cell(run, entry)
    cell = summarise_cell(run, entry, tally)
    if cell.cooperative:
        cell.coop = summarise_coop(tally)
    return cell


def _coop_charts(cell: CellReport, key: str) -> dict[str, Markup]:
    out: dict[str, Markup] = {}
    c = cell.coop
    if len(c.causes) > 1:  # one cause is all of the losses: the table says it
        out["causes"] = charts.shares_chart(c.causes, f"{key}-causes", "share of games")
    if c.morale is not None:
        out["morale"] = charts.histogram_chart(c.morale.counts, f"{key}-morale", "final Morale")
    if c.structures is not None:
        out["structures"] = charts.histogram_chart(c.structures.counts, f"{key}-structures",
                                                   "Structures standing at the end")
    return out


def _cell_charts(cell: CellReport, key: str) -> dict[str, Markup]:
    out: dict[str, Markup] = _coop_charts(cell, key) if cell.coop is not None else {}
    if cell.seats:
        out["seats"] = charts.shares_chart(cell.seats, f"{key}-seats")
    if cell.picks:
        out["picks"] = charts.shares_chart(cell.picks, f"{key}-picks", prefix=f"{cell.pick_title} ")
    if cell.strategies:
        out["strategies"] = charts.shares_chart(cell.strategies, f"{key}-strategies")
    if cell.teams:
        out["teams"] = charts.shares_chart(cell.teams, f"{key}-teams")
    if cell.draft:
        out["draft"] = charts.shares_chart(tuple(d.first for d in cell.draft), f"{key}-draft",
                                           "share of its games in the row")
    users = tuple(t.users for t in cell.tiles if t.users is not None)
    if users:
        out["tile_users"] = charts.shares_chart(users, f"{key}-tile-users")
    g = cell.glory
    if g is not None:
        out["glory_seat"] = charts.violin_chart(g.by_seat, f"{key}-glory-seat", "final Glory")
        if g.by_pick:
            out["glory_pick"] = charts.violin_chart(g.by_pick, f"{key}-glory-pick", "final Glory")
            out["sources"] = charts.stacked_chart(g.sources, f"{key}-sources", "mean Glory per game")
        out["winner"] = charts.histogram_chart(g.winner, f"{key}-winner", "winner's Glory")
        out["margin"] = charts.histogram_chart(g.margin, f"{key}-margin",
                                               "margin of victory (winner minus runner-up)")
    if cell.rounds is not None:
        out["rounds"] = charts.histogram_chart(cell.rounds, f"{key}-rounds",
                                               "rounds survived" if cell.cooperative else "rounds played")
    if cell.end_reasons:
        out["ends"] = charts.shares_chart(cell.end_reasons, f"{key}-ends", "share of games")
    return out


def _comparison(cells: list[CellReport], axis: Axis, info: GameInfo) -> list[tuple[str, Markup]]:
    """Headline metrics against the compared cells: one chart each."""
    fair = np.array([1.0 / c.players for c in cells])
    # co-operative survival is drawn by mode and team (_survival_chart)
    picks = [("Win share by seat", lambda c: c.seats, fair),
             (f"Win share by {info.pick_title}", lambda c: c.picks, fair),
             ("Win share by strategy", lambda c: c.strategies, fair),
             ("End reasons (share of games)", lambda c: c.end_reasons, None),
             ("Loss causes (share of games)", lambda c: c.coop.causes if c.coop else (), None)]
    out = []
    for i, (title, pick, line) in enumerate(picks):
        lines = series(cells, pick)
        if lines:
            ylabel = "share of games" if line is None else "win share"
            out.append((title, charts.comparison_chart(axis, lines, f"compare-{i}", ylabel, line)))
    if all(c.mean_rounds is not None for c in cells):
        out.append(("Rounds survived (mean)" if cells[0].cooperative else "Game length (mean rounds)",
                    charts.comparison_chart(axis, rounds_series(cells), "compare-rounds", "rounds",
                                            percent=False)))
    return out


def _pick_table(cells: list[CellReport], title: str) -> list[tuple[str, list[Share | None]]]:
    """Each pick's win share in every cell (None where the cell has no such pick): with a
    sweep over board sides, the City-state x board side table."""
    names = sorted({s.subject for c in cells for s in c.picks})
    return [(name.removeprefix(f"{title} "), [next((s for s in c.picks if s.subject == name), None)
                                              for c in cells])
            for name in names]


def _survival_chart(groups: list[Group], modes: tuple[str, ...]) -> Markup:
    """Survival against the mode, one line per group of cells played alike otherwise."""
    present = [m for m in modes if any(c.cell.get("mode") == m for g in groups for c in g.cells)]
    present += sorted({c.cell.get("mode", "") for g in groups for c in g.cells} - set(present))
    axis = Axis("mode", tuple(float(i) for i in range(len(present))), tuple(present))
    lines = []
    for g in groups:
        at = {c.cell.get("mode"): c.survival for c in g.cells}  # a mode twice in a group: last kept
        found = [at.get(m) for m in present]
        bounds = np.array([s.interval if s else (np.nan, np.nan) for s in found])
        lines.append(Series(g.name or "survival", np.array([s.share if s else np.nan for s in found]),
                            bounds[:, 0], bounds[:, 1]))
    # marathon is not a step between the others: points, not a line through the modes
    return charts.comparison_chart(axis, lines, "survival-by-mode", "survival", joined=False)


def _survival(cells: list[CellReport], info: GameInfo) -> dict[str, object]:
    """The co-operative sections over all cells: survival by mode and team, the order check."""
    groups = group_cells(cells, info)
    return {"rows": survival_rows(groups), "chart": _survival_chart(groups, info.modes),
            "others": any(g.others for g in groups), "checks": order_checks(groups, info)}


DESIGNS = {"rotated": "rotated over the seats game by game (every pick in every seat equally "
                      "often, on paired deals)",
           "drafted": "drafted by the seats' bots", "dealt": "dealt at random",
           "fixed": "fixed per seat by the run", "mixed": "drafted, dealt or fixed seat by seat"}


def _seating(cell: CellReport, tally) -> dict[str, object]:
    """How the cell's picks came to their seats, and their seat-adjusted win shares."""
    design = (cell.cell.get("design") or {}).get("picks")
    return {"design": design, "design_text": DESIGNS.get(design, "not recorded by this run"),
            "method": method(design),
            "adjusted": {printed(k): v for k, v in seat_adjusted(tally, cell.players).items()}}


def build_report(paths: list[Path], min_effect: float = 0.01) -> str:
    """The report over the datasets in ``paths``, as one HTML string."""
    runs = [open_run(Path(p)) for p in paths]
    games = sorted({r.info.name for r in runs})
    if len(games) > 1:
        raise ReportError(f"the datasets are of different games ({', '.join(games)}) ; make one "
                          "report per game")
    moved = [r for r in runs if r.manifest.get("sensitivity")]
    if moved and len(runs) > 1:
        raise ReportError(f"{str(moved[0].path)!r} is a sensitivity run ; report it on its own")
    # a sensitivity run is reported as its base cell plus the sensitivity section
    cells = [_summarise(run, cell) for run in runs for cell in (run.cells[:1] if moved else run.cells)]
    axis = label_cells(cells)
    info = runs[0].info
    survival = _survival(cells, info) if info.cooperative else None
    findings = find_flags(cells, min_effect, survival["checks"] if survival else ())
    section = sensitivity_section(runs[0].path, findings.flags, 100 * min_effect) if moved else None
    skill = (skill_section(cells, findings.flags, getattr(load_runner(info), "SKILL_LEVELS", ()))
             if sweeps_skill(cells) else None)
    plays = read_plays([(c.run, c.cell) for c in cells])
    return _environment().get_template("report.html").render(
        title=f"{info.title} balance report", info=info, runs=[_run_summary(r) for r in runs],
        cells=[(c, _cell_charts(c, f"c{i}")) for i, c in enumerate(cells)],
        comparison=_comparison(cells, axis, info) if len(cells) > 1 else [], axis=axis,
        pick_table=_pick_table(cells, info.pick_title) if len(cells) > 1 else [],
        survival=survival, findings=findings, min_effect=min_effect, alpha=ALPHA,
        sensitivity=section, skill=skill, anchor=anchor, play=play_section(plays),
        seating=[_seating(c, tally) for c, (_, _, tally) in zip(cells, plays, strict=True)])
