"""Statistics against known answers."""

import numpy as np
import pytest

from sim.stats import holm, share_test, wilson_interval


def test_wilson_known_value():
    # 40 successes in 100 trials: the 95% Wilson interval is 0.3094..0.4980 (by hand:
    # centre 0.41920 / 1.03842, half-width 1.95996 * sqrt(0.0024 + 0.000096) / 1.03842)
    low, high = wilson_interval(40, 100)
    assert low == pytest.approx(0.3094, abs=1e-4)
    assert high == pytest.approx(0.4980, abs=1e-4)


def test_wilson_edges():
    low, high = wilson_interval(np.array([0, 10]), np.array([10, 10]))
    assert low[0] == 0.0 and high[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("n", [3, 7, 1000, 3000])
def test_wilson_never_leaves_zero_to_one(n):
    """Rounding once gave 0 of 1,000 a low end of -5.6e-17, which tables printed "-0.000"."""
    low, high = wilson_interval(np.array([0, n]), np.array([n, n]))
    assert (low >= 0).all() and (high <= 1).all()
    assert f"{low[0]:.3f}" == "0.000" and f"{high[1]:.3f}" == "1.000"


def test_holm_matches_hand_computation():
    assert holm([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])


def test_share_test_flags_a_planted_seat_and_not_a_fair_one():
    assert share_test(4000, 10000, 1 / 3) < 1e-6
    assert share_test(3340, 10000, 1 / 3) > 0.5
