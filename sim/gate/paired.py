"""Paired comparison of two runs that share a seed: game i is the same deal in both.

For each series the per-game differences (current minus baseline, over the games where
it applies in both runs) get a paired t-test; Holm's method adjusts the p-values across
every series of every cell. A shift fails when it is significant after Holm *and*
larger than the tolerance: ``tolerance`` percentage points for shares, ``tolerance``
percent of the baseline value for means.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from sim.gate.outcomes import Outcomes
from sim.gate.series import SHARE, TEAM, Series, all_series
from sim.stats import holm

ALPHA = 0.05


@dataclass
class Shift:
    cell: int
    measure: str
    group: str
    kind: str
    n: int  # paired games
    before: float
    after: float
    diff: float
    low: float  # 95% interval of the mean difference
    high: float
    p: float
    p_holm: float = 1.0
    limit: float = 0.0  # the tolerance in the series' own unit
    discordant: float = 0.0  # share of paired games whose value changed

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    @property
    def moved(self) -> bool:
        return self.significant and abs(self.diff) > self.limit

    @property
    def label(self) -> str:
        if (self.measure, self.group) == ("win_share", TEAM):
            return "survival"  # a cooperative game's one result
        return f"{self.measure.replace('_', ' ')} {self.group}"


def paired_test(before: np.ndarray, after: np.ndarray) -> tuple[float, float, float, float]:
    """Mean difference, its 95% interval and the two-sided p-value of a paired t-test."""
    d = after - before
    n = d.size
    if n == 0:
        return 0.0, 0.0, 0.0, 1.0
    mean = float(d.mean())
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:  # every game moved by the same amount (usually none did)
        return mean, mean, mean, 1.0 if mean == 0.0 else 0.0
    se = sd / np.sqrt(n)
    half = float(stats.t.ppf(0.975, n - 1) * se)
    p = float(2 * stats.t.sf(abs(mean) / se, n - 1))
    return mean, mean - half, mean + half, p


def _matched(a: Outcomes, b: Outcomes) -> tuple[Outcomes, Outcomes]:
    """Both runs restricted to the game indices they share, in the same order."""
    _, ia, ib = np.intersect1d(a.games, b.games, assume_unique=True, return_indices=True)
    return a.take(ia), b.take(ib)


def _absent(like: Series) -> Series | None:
    """A series one run lacks: an end reason that never happened is a share of 0."""
    if like.measure != "end_reason":
        return None
    return Series(like.measure, like.group, like.kind, np.zeros_like(like.values),
                  np.ones_like(like.present))


def compare_cell(cell: int, a: Outcomes, b: Outcomes, tolerance_pp: float) -> list[Shift]:
    a, b = _matched(a, b)
    before = {s.key: s for s in all_series(a)}
    after = {s.key: s for s in all_series(b)}
    shifts = []
    for key in list(before) + [k for k in after if k not in before]:
        sa = before.get(key) or _absent(after[key])
        sb = after.get(key) or _absent(before[key])
        if sa is None or sb is None:
            continue
        both = sa.present & sb.present
        va, vb = sa.values[both], sb.values[both]
        diff, low, high, p = paired_test(va, vb)
        base = float(va.mean()) if va.size else 0.0
        limit = tolerance_pp / 100 * (1.0 if sa.kind == SHARE else abs(base))
        shifts.append(Shift(cell=cell, measure=sa.measure, group=sa.group, kind=sa.kind,
                            n=int(va.size), before=base,
                            after=float(vb.mean()) if vb.size else 0.0, diff=diff, low=low,
                            high=high, p=p, limit=limit,
                            discordant=float((va != vb).mean()) if va.size else 0.0))
    return shifts


def compare(pairs: list[tuple[int, Outcomes, Outcomes]], tolerance_pp: float) -> list[Shift]:
    """Every series of every (cell, baseline, current) pair, Holm-adjusted together."""
    shifts = [s for cell, a, b in pairs for s in compare_cell(cell, a, b, tolerance_pp)]
    for s, adjusted in zip(shifts, holm([s.p for s in shifts]), strict=True):
        s.p_holm = float(adjusted)
    return shifts
