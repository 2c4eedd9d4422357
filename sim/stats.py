"""Statistics shared by the report, the gate and the runner's stopping rule."""

import numpy as np
from scipy import stats


def wilson_interval(successes, n, confidence: float = 0.95):
    """Wilson score interval for a proportion; arrays broadcast. n = 0 gives (0, 1)."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = stats.norm.ppf(0.5 + confidence / 2)
    safe_n = np.where(n > 0, n, 1.0)
    p = successes / safe_n
    denom = 1 + z * z / safe_n
    centre = (p + z * z / (2 * safe_n)) / denom
    half = z * np.sqrt(p * (1 - p) / safe_n + z * z / (4 * safe_n * safe_n)) / denom
    # the interval always holds p and stays within [0, 1]: at p = 0 or 1, centre -/+ half
    # is 0 or 1 only up to rounding (-5.6e-17 for 0 of 3, printed "-0.000"), and a chart's
    # error bar cannot be negative
    low = np.where(n > 0, np.clip(np.minimum(centre - half, p), 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(np.maximum(centre + half, p), 0.0, 1.0), 1.0)
    return low, high


def per_game_interval(mean: float, sd: float | None, n: int, confidence: float = 0.95):
    """Interval of a mean share per game (each game's value in [0, 1], a tie splitting it)
    with the game as the unit: Wilson's, over the number of 0/1 games whose binomial
    spread equals the values' own (``sd``, the standard deviation per game; a tie-split or
    several-seat value varies less). A value the same in every game (sd 0) is exact: the
    interval is the value itself. Without ``sd`` each game is a 0/1 trial."""
    if sd is not None and sd < 1e-12 and n > 0:
        return mean, mean
    trials = float(n)
    if sd is not None and 0 < mean < 1 and n > 0:
        trials = mean * (1 - mean) / (sd * sd / n)
    low, high = wilson_interval(mean * trials, trials, confidence)
    return float(low), float(high)


def holm(pvalues):
    """Holm-Bonferroni adjusted p-values, in the input order."""
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return p
    order = np.argsort(p)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def share_test(total, n, fair):
    """Two-sided p-value that a mean share per game (win_share summed to ``total`` over
    ``n`` games, each share in [0, 1]) differs from ``fair``: normal approximation of
    the binomial, which holds for the sample sizes a balance run uses."""
    total = np.asarray(total, dtype=float)
    n = np.asarray(n, dtype=float)
    fair = np.asarray(fair, dtype=float)
    se = np.sqrt(fair * (1 - fair) / np.where(n > 0, n, 1.0))
    z = (total / np.where(n > 0, n, 1.0) - fair) / se
    return 2 * stats.norm.sf(np.abs(z))


def benjamini_hochberg(pvalues, alpha: float) -> int:
    """How many hypotheses Benjamini-Hochberg's step-up rejects at false-discovery rate
    ``alpha``: the largest k whose k-th smallest p-value is at most k * alpha / m. The
    rejected ones are exactly those with p <= k * alpha / m."""
    p = np.sort(np.asarray(pvalues, dtype=float))
    m = p.size
    passing = np.flatnonzero(p <= np.arange(1, m + 1) * alpha / max(m, 1))
    return int(passing[-1] + 1) if passing.size else 0
