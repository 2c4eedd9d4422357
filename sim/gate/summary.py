"""A run's summary: every series' value with its n and a 95% interval."""

from __future__ import annotations

import numpy as np
from scipy import stats

from sim.gate.outcomes import Outcomes
from sim.gate.series import SHARE, Series, all_series
from sim.stats import wilson_interval

CONFIDENCE = 0.95


def mean_interval(values: np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Student-t interval of a mean (the value itself when it cannot vary)."""
    n = values.size
    mean = float(values.mean()) if n else 0.0
    if n < 2:
        return mean, mean
    half = stats.t.ppf(0.5 + confidence / 2, n - 1) * values.std(ddof=1) / np.sqrt(n)
    return mean - half, mean + half


def describe(s: Series) -> dict[str, object]:
    values = s.values[s.present]
    n = int(values.size)
    value = float(values.mean()) if n else 0.0
    if s.kind == SHARE:
        low, high = (float(x) for x in wilson_interval(values.sum(), n, CONFIDENCE))
    else:
        low, high = mean_interval(values)
    return {"measure": s.measure, "group": s.group, "kind": s.kind, "value": round(value, 6),
            "n": n, "low": round(low, 6), "high": round(high, 6)}


def summarise(o: Outcomes) -> list[dict[str, object]]:
    return [describe(s) for s in all_series(o)]
