"""How many games a check needs to detect a shift in a win share (normal approximations).

Independent samples: the two-proportion z-test between two runs with different seeds.
Paired (what the gate does): a test on per-game differences. A game whose outcome for
the measured group did not change contributes a difference of 0, so the variance of
the difference is ``discordance - delta**2``, where ``discordance`` is the share of
games whose outcome changed; the fewer games a change touches, the fewer games a paired
check needs.
"""

from __future__ import annotations

import math
from statistics import NormalDist

# Share of the veteran's games whose win share changed when its Day-side cost went from
# 3 to 2, with balanced bots (3 players, seed 0, 100,000 games): a typical single-card edit
# (random bots: 0.17; see docs/ci.md).
DISCORDANCE = 0.36


def _z(alpha: float, power: float) -> tuple[float, float]:
    normal = NormalDist()
    return normal.inv_cdf(1 - alpha / 2), normal.inv_cdf(power)


def independent_games(share: float, delta: float, alpha: float, power: float) -> int:
    """Games per run for a two-sided two-proportion z-test of share vs share + delta."""
    z_a, z_b = _z(alpha, power)
    moved = share + delta
    pooled = (share + moved) / 2
    spread = (z_a * math.sqrt(2 * pooled * (1 - pooled))
              + z_b * math.sqrt(share * (1 - share) + moved * (1 - moved)))
    return math.ceil((spread / delta) ** 2)


def paired_games(delta: float, discordance: float, alpha: float, power: float) -> int:
    """Games for a two-sided paired test on per-game differences of mean ``delta``."""
    z_a, z_b = _z(alpha, power)
    variance = max(discordance - delta * delta, delta * (1 - delta))
    return math.ceil((z_a + z_b) ** 2 * variance / (delta * delta))
