"""Line cells up for the comparison charts: what differs between them (a swept value,
the player count, the dataset) becomes the x axis, each seat or pick (Role, City-state) one
line."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from reports.model import CellReport, Share

DATASET = "dataset"


@dataclass(frozen=True)
class Axis:
    name: str  # what the x axis shows: "params.builder_base", "players", or "cell"
    x: tuple[float, ...]
    ticks: tuple[str, ...]


@dataclass(frozen=True)
class Series:
    name: str
    y: np.ndarray  # NaN where a cell has no such line (a seat missing at fewer players)
    low: np.ndarray
    high: np.ndarray


def _fields(cell: CellReport, several_runs: bool) -> dict[str, object]:
    fields: dict[str, object] = {DATASET: cell.run.label} if several_runs else {}
    fields["players"] = cell.players
    fields.update(cell.cell.get("sweep") or {})
    return fields


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def label_cells(cells: list[CellReport]) -> Axis:
    """Name each cell by what sets it apart, and return the comparison axis."""
    several_runs = len({c.run.path.resolve() for c in cells}) > 1
    fields = [_fields(c, several_runs) for c in cells]
    keys = list(dict.fromkeys(k for f in fields for k in f))
    varying = [k for k in keys if len({repr(f.get(k)) for f in fields}) > 1]
    for i, (cell, f) in enumerate(zip(cells, fields, strict=True)):
        parts = [str(f[k]) if k == DATASET else f"{k}={f[k]}" for k in varying if k in f]
        cell.label = ", ".join(parts) if parts else (f"#{i + 1}" if len(cells) > 1 else cell.run.label)
    values = [f.get(varying[0]) for f in fields] if len(varying) == 1 else []
    if values and all(_is_number(v) for v in values):
        return Axis(varying[0], tuple(float(v) for v in values), tuple(str(v) for v in values))
    return Axis("cell", tuple(float(i) for i in range(len(cells))), tuple(c.label for c in cells))


def series(cells: list[CellReport], pick) -> list[Series]:
    """One line per subject of ``pick(cell)`` (a list of Shares), aligned on the cells."""
    names = list(dict.fromkeys(s.subject for c in cells for s in pick(c)))
    lines = []
    for name in names:
        found: list[Share | None] = [next((s for s in pick(c) if s.subject == name), None) for c in cells]
        y = np.array([s.share if s else np.nan for s in found])
        bounds = np.array([s.interval if s else (np.nan, np.nan) for s in found])
        lines.append(Series(name, y, bounds[:, 0], bounds[:, 1]))
    return lines


def rounds_series(cells: list[CellReport]) -> list[Series]:
    means = [c.mean_rounds for c in cells]
    return [Series("mean rounds", np.array([m.value for m in means]), np.array([m.low for m in means]),
                   np.array([m.high for m in means]))]
