"""How many games a check needs to reach a verdict on a win share (normal approximations).

The gate (``sim.gate.paired``) calls a measure moved when its simultaneous interval lies
wholly outside +/- tolerance and held when it lies wholly inside. For a true shift
``delta`` the estimate is about normal with standard error ``sd / sqrt(games)``, and the
interval's half-width is ``z`` standard errors, ``z`` at level 1 - alpha / (2 m) for m
measures tested. A shift beyond the tolerance needs enough games to be called moved; one
inside it (no change at all, typically) enough to be called held.

Paired (what the gate does): a game whose outcome for the measured group did not change
contributes a difference of 0, so the variance of the difference is ``discordance -
delta**2``, where ``discordance`` is the share of games whose outcome changed; the fewer
games a change touches, the fewer games a paired check needs. Independent samples (two
runs with different seeds): the variance is the sum of the two runs' binomial variances.
"""

from __future__ import annotations

import math
from statistics import NormalDist

# Share of the veteran's games whose win share changed when its Day-side cost went from
# 3 to 2, with balanced bots (3 players, seed 0, 100,000 games): a typical single-card edit
# (random bots: 0.17; see docs/ci.md).
DISCORDANCE = 0.36
MOST_GAMES = 10**9  # beyond this a verdict is out of reach in practice
_NORMAL = NormalDist()


def simultaneous_z(alpha: float, tests: int) -> float:
    """The half-width of each interval in standard errors: Bonferroni over ``tests``."""
    return _NORMAL.inv_cdf(1 - alpha / (2 * tests))


def paired_sd(delta: float, discordance: float) -> float:
    """Standard deviation of a per-game difference of a 0/1 outcome."""
    return math.sqrt(max(discordance - delta * delta, abs(delta) * (1 - abs(delta))))


def independent_sd(share: float, delta: float) -> float:
    """Standard deviation of one game's share in each of two independent runs, combined."""
    moved = share + delta
    return math.sqrt(share * (1 - share) + moved * (1 - moved))


def chances(delta: float, tolerance: float, sd: float, games: float, z: float) -> tuple[float, float]:
    """(chance the measure is called moved, chance it is called held) for a true shift
    ``delta`` measured over ``games`` games."""
    se = sd / math.sqrt(games)
    cdf = _NORMAL.cdf
    moved = cdf((delta - tolerance) / se - z) + cdf((-tolerance - delta) / se - z)
    held = max(0.0, cdf((tolerance - delta) / se - z) - cdf((-tolerance - delta) / se + z))
    return moved, held


def games_for(delta: float, tolerance: float, sd: float, z: float, power: float) -> int | None:
    """Fewest games for a verdict with chance ``power``: moved when ``|delta|`` exceeds the
    tolerance, held when it is inside. None when no number of games gets there (a shift
    equal to the tolerance)."""
    verdict = 0 if abs(delta) > tolerance else 1
    if abs(delta) == tolerance or chances(delta, tolerance, sd, MOST_GAMES, z)[verdict] < power:
        return None
    low, high = 1, MOST_GAMES
    while low < high:  # the chance grows with the games
        mid = (low + high) // 2
        low, high = (low, mid) if chances(delta, tolerance, sd, mid, z)[verdict] >= power else (mid + 1, high)
    return low
