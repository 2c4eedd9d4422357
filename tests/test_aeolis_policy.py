"""Aeolis team policy: the acceptance check that the modes order Easy > Challenging >
Hardcore for a competent team on the standard Heroes, with non-overlapping 95% Wilson
intervals, and that the team survives far more often than random-legal play.

Run with ``pytest -s`` to see the rates.
"""

import pytest

from sim.games.aeolis.content import load_content
from sim.games.aeolis.game import AeolisSetup, simulate
from sim.stats import wilson_interval

GAMES = 4000
SEED = 9
LADDER = ("easy", "challenging", "hardcore")


@pytest.fixture(scope="module")
def content():
    return load_content()


def survival(content, mode, strategy):
    won = simulate(content, AeolisSetup(mode=mode, strategy=strategy), SEED, 0, GAMES)["won"]
    k = int(won.sum())
    lo, hi = wilson_interval(k, GAMES)
    print(f"\n[aeolis {strategy} {mode}] survived {k / GAMES:.1%} [{float(lo):.3f}, {float(hi):.3f}]")
    return k / GAMES, float(lo), float(hi)


@pytest.mark.parametrize("strategy", ["military", "economy"])
def test_modes_order_for_the_team(content, strategy):
    rates = [survival(content, mode, strategy) for mode in LADDER]
    for (_, lo_easier, _), (_, _, hi_harder) in zip(rates, rates[1:], strict=False):
        assert hi_harder < lo_easier
    assert rates[0][0] > 0.5  # a competent team usually survives Easy


def test_team_survives_far_more_often_than_random_legal(content):
    for mode, gap in (("easy", 0.5), ("challenging", 0.01)):
        team, _, _ = survival(content, mode, "military")
        random, _, hi = survival(content, mode, "random")
        assert team > 5 * hi and team - random > gap
