"""A run's summary: every series' value with its n (games) and a 95% interval with the
game as the unit, accumulated over the cell's outcomes chunk by chunk."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from scipy import stats

from sim.aggregate.tallies import Moments
from sim.gate.outcomes import Outcomes, in_chunks
from sim.gate.series import SHARE, all_series, in_series_order
from sim.stats import per_game_interval

CONFIDENCE = 0.95


def mean_interval(m: Moments, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Student-t interval of a mean (the value itself when it cannot vary)."""
    if m.n < 2:
        return m.mean, m.mean
    half = stats.t.ppf(0.5 + confidence / 2, m.n - 1) * m.std / np.sqrt(m.n)
    return m.mean - half, m.mean + half


def series_moments(outcomes: Outcomes | Iterable[Outcomes]) -> dict[tuple[str, str], tuple[str, Moments]]:
    """(kind, moments of the per-game values where it applies) of every series, in order.
    An end reason a chunk never saw counts as 0 in each of that chunk's games."""
    found: dict[tuple[str, str], tuple[str, Moments]] = {}
    games = 0
    for part in in_chunks(outcomes):
        games += len(part.games)
        for s in all_series(part):
            found.setdefault(s.key, (s.kind, Moments()))[1].add(s.values[s.present])
    for (measure, _), (_, m) in found.items():
        if measure == "end_reason":
            m.add_zeros(games - m.n)
    return {key: found[key] for key in in_series_order(found)}


def describe(key: tuple[str, str], kind: str, m: Moments) -> dict[str, object]:
    if kind == SHARE:  # the game is the unit: a value the same in every game is exact
        low, high = per_game_interval(m.mean, m.std if m.n > 1 else None, m.n, CONFIDENCE)
    else:
        low, high = mean_interval(m)
    return {"measure": key[0], "group": key[1], "kind": kind, "value": round(m.mean, 6),
            "n": m.n, "low": round(low, 6), "high": round(high, 6)}


def summarise(outcomes: Outcomes | Iterable[Outcomes]) -> list[dict[str, object]]:
    return [describe(key, kind, m) for key, (kind, m) in series_moments(outcomes).items()]
