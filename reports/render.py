"""Datasets -> the report's HTML: summaries, cells, comparison and flags, through the
Jinja2 template (autoescaped, so every name from content or a scenario stays text)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from reports import charts
from reports.compare import Axis, label_cells, rounds_series, series
from reports.datasets import ReportError, Run, open_run, read_cell
from reports.model import ALPHA, CellReport, find_flags, summarise_cell

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
            "package_version": m.get("package_version"), "git_revision": m.get("git_revision"),
            "wall_time_s": m.get("wall_time_s"),
            "assumed_share": None if None in shares else max(shares)}


def _cell_charts(cell: CellReport, key: str) -> dict[str, Markup]:
    out: dict[str, Markup] = {}
    if cell.survival is not None:
        out["survival"] = charts.shares_chart((cell.survival,), f"{key}-survival", "survival")
    if cell.seats:
        out["seats"] = charts.shares_chart(cell.seats, f"{key}-seats")
    if cell.roles:
        out["roles"] = charts.shares_chart(cell.roles, f"{key}-roles")
    if cell.strategies:
        out["strategies"] = charts.shares_chart(cell.strategies, f"{key}-strategies")
    users = tuple(t.users for t in cell.tiles if t.users is not None)
    if users:
        out["tile_users"] = charts.shares_chart(users, f"{key}-tile-users")
    g = cell.glory
    if g is not None:
        out["glory_seat"] = charts.violin_chart(g.by_seat, f"{key}-glory-seat", "final Glory")
        if g.by_role:
            out["glory_role"] = charts.violin_chart(g.by_role, f"{key}-glory-role", "final Glory")
            out["sources"] = charts.stacked_chart(g.sources, f"{key}-sources", "mean Glory per game")
        out["winner"] = charts.histogram_chart(g.winner, f"{key}-winner", "winner's Glory")
        out["margin"] = charts.histogram_chart(g.margin, f"{key}-margin",
                                               "margin of victory (winner minus runner-up)")
    if cell.rounds is not None:
        out["rounds"] = charts.histogram_chart(cell.rounds, f"{key}-rounds", "rounds played")
    if cell.end_reasons:
        out["ends"] = charts.shares_chart(cell.end_reasons, f"{key}-ends", "share of games")
    return out


def _comparison(cells: list[CellReport], axis: Axis) -> list[tuple[str, Markup]]:
    """Headline metrics against the compared cells: one chart each."""
    fair = np.array([1.0 / c.players for c in cells])
    picks = [("Survival", lambda c: (c.survival,) if c.survival else (), None),
             ("Win share by seat", lambda c: c.seats, fair),
             ("Win share by Role", lambda c: c.roles, fair),
             ("Win share by strategy", lambda c: c.strategies, fair),
             ("End reasons (share of games)", lambda c: c.end_reasons, None)]
    out = []
    for i, (title, pick, line) in enumerate(picks):
        lines = series(cells, pick)
        if lines:
            ylabel = "share of games" if line is None else "win share"
            out.append((title, charts.comparison_chart(axis, lines, f"compare-{i}", ylabel, line)))
    if all(c.mean_rounds is not None for c in cells):
        out.append(("Game length (mean rounds)",
                    charts.comparison_chart(axis, rounds_series(cells), "compare-rounds", "rounds",
                                            percent=False)))
    return out


def build_report(paths: list[Path], min_effect: float = 0.01) -> str:
    """The report over the datasets in ``paths``, as one HTML string."""
    runs = [open_run(Path(p)) for p in paths]
    games = sorted({r.info.name for r in runs})
    if len(games) > 1:
        raise ReportError(f"the datasets are of different games ({', '.join(games)}) ; make one "
                          "report per game")
    cells = [summarise_cell(run, cell, read_cell(run, cell)) for run in runs for cell in run.cells]
    axis = label_cells(cells)
    flags, tested = find_flags(cells, min_effect)
    info = runs[0].info
    return _environment().get_template("report.html").render(
        title=f"{info.title} balance report", info=info, runs=[_run_summary(r) for r in runs],
        cells=[(c, _cell_charts(c, f"c{i}")) for i, c in enumerate(cells)],
        comparison=_comparison(cells, axis) if len(cells) > 1 else [], axis=axis,
        flags=flags, tested=tested, min_effect=min_effect, alpha=ALPHA)
