"""The report of a `sim balance` search: the section "Suggested changes" (each change,
each banded measure before and after with its interval, the model's prediction against
what was measured, the verification on fresh seeds) and the search, round by round,
written as DIR/report.html from DIR/balance.json."""

from __future__ import annotations

import os
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from sim.games.registry import get_game

TEMPLATES = Path(__file__).parent / "templates"
REPORT = "report.html"
SHOWN_SHARE, SHOWN_MEAN = 0.0005, 0.005  # the smallest change the page shows: 0.1 pp, 0.01


def _share(label: str) -> bool:
    return not label.startswith("rounds")


def _value(value: float | None, label: str) -> str:
    """A measure as the report reads it: shares in percent, rounds as they are."""
    if value is None:
        return "n/a"
    return f"{100 * value:.1f}%" if _share(label) else f"{value:.2f}"


def _change(value: float, label: str) -> str:
    return f"{100 * value:+.1f} pp" if _share(label) else f"{value:+.2f}"


def measure_rows(record: dict) -> list[dict]:
    """One row per banded measure: the band, the start and the proposal on the search
    seeds, the prediction, and both on the fresh seeds with their paired change."""
    start = {r["label"]: r for r in record["start"]["readings"]}
    best = record["proposal"]
    after = {r["label"]: r for r in best["readings"]}
    check = record["verification"]
    fresh_start = {r["label"]: r for r in check["start"]}
    fresh_after = {r["label"]: r for r in check["proposal"]}
    rows = []
    for label, r in start.items():
        paired = check["paired"].get(label)
        predicted = (best.get("predicted") or {}).get(label)
        rows.append({
            "label": label, "band": f"{_value(r['low'], label)} to {_value(r['high'], label)}",
            "start": _shown(r, label), "after": _shown(after.get(label), label),
            "predicted": _value(predicted, label) if predicted is not None else "measured",
            "fresh_start": _shown(fresh_start.get(label), label),
            "fresh_after": _shown(fresh_after.get(label), label),
            "expected": "n/a" if label not in after else
            _change(after[label]["mean"] - r["mean"], label),
            "paired": "no change" if paired is None else
            f"{_change(paired['diff'], label)} [{_change(paired['low'], label)}, "
            f"{_change(paired['high'], label)}]",
            "inside": label in fresh_after and _inside(fresh_after[label])})
    return rows


def misses(record: dict) -> list[dict]:
    """Each banded measure outside its band on the fresh seeds, how far, and the one step
    in scope that moved it most toward its band (none: nothing in scope moves it that
    way): why the search could not close it."""
    out = []
    for r in record["verification"]["proposal"]:
        if _inside(r):
            continue
        label = r["label"]
        toward = 1 if r["mean"] < r["low"] else -1
        least = SHOWN_SHARE if _share(label) else SHOWN_MEAN
        helps = [(toward * e["per_step"].get(label, 0.0), e["key"], e["direction"])
                 for e in record["effects"] if toward * e["per_step"].get(label, 0.0) >= least]
        size, key, direction = max(helps, default=(0.0, None, 0))
        miss = max(r["low"] - r["mean"], r["mean"] - r["high"])
        out.append({"label": label, "miss": _change(miss, label).lstrip("+"),
                    "lever": None if key is None else
                    f"{key} {'+' if direction > 0 else '-'}1 step: {_change(toward * size, label)}"})
    return out


def _shown(reading: dict | None, label: str) -> str:
    """A reading's mean and its 95% interval."""
    if reading is None:
        return "n/a"
    low, high = reading["interval"]
    return f"{_value(reading['mean'], label)} [{_value(low, label)}, {_value(high, label)}]"


def _inside(reading: dict) -> bool:
    return reading["low"] <= reading["mean"] <= reading["high"]


def render(record: dict) -> str:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    info = get_game(record["game"])
    return env.get_template("balance.html").render(
        title=f"{info.title}: suggested balance changes", record=record,
        rows=measure_rows(record), misses=misses(record), evaluations=record["evaluations"])


def write_report(folder: Path, record: dict) -> Path:
    """DIR/report.html, written whole or not at all."""
    path = folder / REPORT
    tmp = folder / f"_{REPORT}.tmp"
    tmp.write_text(render(record), encoding="utf-8")
    os.replace(tmp, path)
    return path
