"""Aeolis team policy: the acceptance check that the modes order Easy > Challenging >
Hardcore for a competent team on the standard Heroes, with non-overlapping 95% Wilson
intervals, that the team survives far more often than random-legal play and the
``survival`` team more often than ``military``; and the survival habits on hand-built
states.

Run with ``pytest -s`` to see the rates.
"""

import hashlib

import numpy as np
import pytest

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.content import load_content
from sim.games.aeolis.game import AeolisSetup, simulate
from sim.games.aeolis.runner import STRATEGIES
from sim.games.registry import GAMES as REGISTRY
from sim.runner.scenario import default_scenario, load_scenario, preset_names
from sim.stats import wilson_interval
from strategies.aeolis import policy
from tests.aeolis_fixtures import blank, card_id, opts, put_enemy, row

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


@pytest.mark.parametrize("strategy", ["military", "economy", "survival"])
def test_modes_order_for_the_team(content, strategy):
    rates = [survival(content, mode, strategy) for mode in LADDER]
    for (_, lo_easier, _), (_, _, hi_harder) in zip(rates, rates[1:], strict=False):
        assert hi_harder < lo_easier


def test_team_survives_far_more_often_than_random_legal(content):
    for mode, gap in (("easy", 0.5), ("challenging", 0.01)):
        team, _, _ = survival(content, mode, "military")
        random, _, hi = survival(content, mode, "random")
        assert team > 5 * hi and team - random > gap


def test_survival_team_outlives_military_on_the_same_games(content):
    for mode in ("easy", "challenging"):
        _, lo, _ = survival(content, mode, "survival")
        _, _, hi = survival(content, mode, "military")
        assert lo > hi


def _village_option(content):
    T = content.tables
    st = content.names["structures"].index("village")
    h = next(h for h in range(L.N_HEX) if T.hex_icon[h] == T.st_icon[st] and h != T.city[0])
    o = opts()
    o[0, 0], o[1, 0], o[1, 1] = -1, st, h
    return o, h


def test_army_first_keeps_the_workers_the_hoplites_want(content):
    T = content.tables
    o, _ = _village_option(content)
    s = blank()
    s[L.WORKERS] = 6
    assert policy._build(s, T, row(content, "survival-v1"), o, 2) == 0  # 6 Hoplites wanted
    assert policy._build(s, T, row(content, "military"), o, 2) == 1
    s[L.WORKERS] = 7
    assert policy._build(s, T, row(content, "survival-v1"), o, 2) == 1
    assert policy._build(s, T, row(content, "survival"), o, 2) == 0  # and one in reserve
    s[L.WORKERS] = 8
    assert policy._build(s, T, row(content, "survival"), o, 2) == 1
    s = blank(("queen", "merchant", "philosopher", "magi"))
    s[L.WORKERS] = 1
    assert policy._build(s, T, row(content, "survival"), o, 2) == 1  # no Hoplite to wait for


def test_the_default_team_builds_once_the_army_beats_every_invasion_ahead(content):
    """With no Invasion left to draw (p. 6) and none on the board, the workers the army
    would keep build; an Invasion on the board stronger than the army makes it unready."""
    T = content.tables
    o, h = _village_option(content)
    s = blank()
    s[L.WORKERS] = 2
    s[L.ROUND] = s[L.N_ROUNDS]
    assert policy._build(s, T, row(content, "survival"), o, 2) == 1
    assert policy._build(s, T, row(content, "survival-v1"), o, 2) == 0
    far = max((a for a in range(L.N_HEX) if T.land_ok[a] == 1 and a != h),
              key=lambda a: T.dist_land[a, T.city[0]])
    put_enemy(s, card_id(content, "I1"), far)
    assert not policy._army_ready(s, T)


def test_no_structure_on_the_invasions_way(content):
    T = content.tables
    o, h = _village_option(content)
    s = blank()
    s[L.WORKERS] = 10
    top = next(a for a in range(L.N_HEX) if T.land_ok[a] == 1 and policy._on_path(T, a, h, T.city[0])
               and a != h)
    put_enemy(s, card_id(content, "I1"), top)
    assert policy._build(s, T, row(content, "survival"), o, 2) == 0
    assert policy._build(s, T, row(content, "military"), o, 2) == 1


def test_safe_paths_see_a_plague_between(content):
    T = content.tables
    city = T.city[0]
    far = next(b for b in range(L.N_HEX) if T.land_ok[b] == 1 and T.dist_land[city, b] == 2)
    mid = next(m for m in range(L.N_HEX) if T.dist_land[city, m] == 1 and T.dist_land[m, far] == 1)
    s = blank()
    assert not policy._hazard_between(s, T, city, far, L.G_HOPLITE)
    s[L.PLAGUE + mid] = 1
    assert policy._hazard_between(s, T, city, far, L.G_HOPLITE)
    assert not policy._hazard_between(s, T, city, mid, L.G_HOPLITE)  # the end hex is not between


def test_look_ahead_keeps_a_small_army_home_before_an_invasion(content):
    """Challenging draws the Age II Invasion in round 6 (p. 6): from round 4 on, an army
    that would fall short of its Power stays whole in the city."""
    T = content.tables
    s = blank()
    s[L.MODE] = L.MODES.index("challenging")
    s[L.ROUND] = 4
    due, power = policy._coming_invasion(s, T)
    assert due == 2 and power == max(T.card_power[c] for c in range(T.card_kind.shape[0])
                                     if T.card_deck[c] == ops.DECK_I2)
    s[L.UNITS + L.U_HOPLITE] = 3
    assert policy._outmatched_soon(s, T)
    s[L.UNITS + L.U_HOPLITE] = 6
    s[L.MORALE] = 5
    assert not policy._outmatched_soon(s, T)
    s[L.ROUND] = 2
    assert not policy._outmatched_soon(s, T)


def test_stone_waits_for_a_use(content):
    """The careful team buys Stone only once a discovered Structure or an open building
    upgrade costs Stone (pp. 11-12): none at the start of the game."""
    T = content.tables
    s = blank()
    assert not policy._stone_wanted(s, T)
    st = next(k for k in range(T.st_tech.shape[0]) if T.st_stone[k] == 1 and T.st_tech[k] >= 0)
    s[L.TECH + T.st_tech[st]] = 1
    assert policy._stone_wanted(s, T)


def test_survival_is_the_default_team():
    """`sim run` and `sim trace` without --strategies, and every shipped preset, play the
    ``survival`` team; ``military`` is still there by name."""
    assert default_scenario(REGISTRY["aeolis"], (1,)).strategies == ("survival",)
    assert AeolisSetup().strategy == "survival"
    for name in preset_names("aeolis"):
        assert load_scenario(name, "aeolis").strategies == ("survival",)
    assert STRATEGIES[0] == "survival" and "military" in STRATEGIES


def _wheat_offer(price):
    o = opts()
    o[0, 0] = -1
    o[1, 0], o[1, 1], o[1, 2] = 1, L.R_WHEAT, price  # buy one Wheat (p. 13)
    return o


def test_idle_gold_buys_wheat(content):
    """The careful team buys Wheat with the Gold it can spare after training the Hoplites
    it still wants and one collection (pp. 9, 14); the military team never does."""
    T = content.tables
    s = blank()
    s[L.UNITS + L.U_HOPLITE] = 5  # two more wanted: 2 Gold kept, 1 for a collection
    s[L.RES + L.R_GOLD] = 5
    assert policy._trade(s, T, row(content, "survival"), _wheat_offer(2), 2) == 1
    assert policy._trade(s, T, row(content, "military"), _wheat_offer(2), 2) == 0
    s[L.RES + L.R_GOLD] = 4
    assert policy._trade(s, T, row(content, "survival"), _wheat_offer(2), 2) == 0


def test_diplomacy_at_any_odds(content):
    """A failed Diplomacy roll costs nothing but the round's attempt (p. 32): the careful
    team tries a D8 against Power 8 (1 in 8), the military team not below 1 in 5."""
    T = content.tables
    s = blank()
    s[L.LEVEL + L.B_ACROPOLIS] = 1  # a D8
    s[L.RES + L.R_GOLD] = 10
    o = opts()
    o[0, 0] = -1
    o[1, 0], o[1, 1], o[1, 2] = 0, 8, 0  # slot 0, Power 8, no Proselytize bonus
    assert policy._diplomacy(s, T, row(content, "survival"), o, 2) == 1
    assert policy._diplomacy(s, T, row(content, "military"), o, 2) == 0


# Every output array of 300 games per mode (seed 11) of the default team as it stood when
# survival-v1 was frozen; survival-v1 keeps playing those games.
SURVIVAL_V1_DIGEST = "319258f8b7a8cb4ac9b62ad3bfc998fcddd557fd6be8a049f32f015b6a5a85e6"


def test_survival_v1_plays_the_games_of_the_former_default(content):
    digest = hashlib.sha256()
    for mode in LADDER:
        out = simulate(content, AeolisSetup(mode=mode, strategy="survival-v1"), 11, 0, 300)
        for key in sorted(out):
            digest.update(key.encode())
            digest.update(np.ascontiguousarray(out[key]).tobytes())
    assert digest.hexdigest() == SURVIVAL_V1_DIGEST


def test_default_team_outlives_survival_v1_on_the_same_challenging_games(content):
    """The reserve Hoplite, the single Philosopher and building once the army is ready
    (docs/bots.md), on paired games: the difference's 95% interval lies above zero."""
    new = simulate(content, AeolisSetup(mode="challenging", strategy="survival"), SEED, 0, GAMES)
    old = simulate(content, AeolisSetup(mode="challenging", strategy="survival-v1"), SEED, 0, GAMES)
    diff = new["won"].astype(float) - old["won"].astype(float)
    half_width = 1.96 * diff.std(ddof=1) / np.sqrt(GAMES)
    assert diff.mean() - half_width > 0

