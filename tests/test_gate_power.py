"""The gate's verdicts by simulation, with its own tallies and verdict rule (NumPy only).

A measure's per-game differences are drawn as a paired change does them: a game's outcome
for the group changes with the chance ``discordance``, up or down so that the mean change
is the true shift. Fixed seeds; the tolerances are stated with each test.
"""

import re
from pathlib import Path

import numpy as np
import pytest

from sim.aggregate.tallies import Moments
from sim.gate.outcomes import Outcomes
from sim.gate.paired import HELD, MOVED, PairedTally, Shift, compare
from sim.gate.power import chances, paired_sd, simultaneous_z
from sim.gate.tolerance import Tolerance

DOC = Path(__file__).resolve().parents[1] / "docs" / "ci.md"
TESTS = 23  # the measures of the 3-player Age of Pericles check
REPLICATES = 1000  # a share's Monte Carlo error is at most 1.6 points


def drawn_shift(rng, delta: float, discordance: float, games: int, tests: int = TESTS) -> Shift:
    """One check's verdict on a measure over ``games`` paired games, one of ``tests``."""
    up, down, _ = rng.multinomial(games, [(discordance + delta) / 2, (discordance - delta) / 2,
                                         1 - discordance])
    mean = (up - down) / games
    m2 = up * (1 - mean) ** 2 + down * (1 + mean) ** 2 + (games - up - down) * mean ** 2
    tally = PairedTally("share", Moments(games, mean, m2), changed=int(up + down))
    shift = tally.shift(0, ("win_share", "seat 0"), Tolerance(), games)
    shift.confidence = 1 - 0.05 / tests
    return shift


def verdict_rate(delta: float, games: int, verdict: str, seed: int, discordance: float = 0.36) -> float:
    rng = np.random.default_rng(seed)
    return float(np.mean([drawn_shift(rng, delta, discordance, games).status == verdict
                          for _ in range(REPLICATES)]))


def documented_power() -> list[tuple[int, list[tuple[float, str, float]]]]:
    """The power table of docs/ci.md: (games, [(shift pp, verdict, chance)])."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("<!-- power table -->")[1].split("<!-- end of power table -->")[0]
    lines = [line for line in table.strip().splitlines() if line.startswith("|")]
    heads = [re.match(r"\s*(no change|[\d.]+ pp): (held|moved)", h) for h in lines[0].split("|")[2:-1]]
    columns = [(0.0 if m[1] == "no change" else float(m[1].split()[0]), m[2]) for m in heads]
    rows = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.split("|")[1:-1]]
        games = int(re.match(r"[\d,]+", cells[0])[0].replace(",", ""))
        rows.append((games, [(*col, float(c.rstrip("%")) / 100)
                             for col, c in zip(columns, cells[1:], strict=True)]))
    return rows


def test_the_documented_power_table_matches_the_normal_approximation():
    z = simultaneous_z(0.05, TESTS)
    for games, row in documented_power():
        for shift, verdict, chance in row:
            moved, held = chances(shift / 100, 0.01, paired_sd(shift / 100, 0.36), games, z)
            assert chance == pytest.approx(moved if verdict == MOVED else held, abs=0.006)


def test_the_documented_power_table_matches_simulation_within_5_points():
    rows = documented_power()
    assert len(rows) >= 3
    for i, (games, row) in enumerate(rows):
        for j, (shift, verdict, chance) in enumerate(row):
            simulated = verdict_rate(shift / 100, games, verdict, seed=100 * i + j)
            assert simulated == pytest.approx(chance, abs=0.05), (games, shift, verdict)


@pytest.mark.parametrize("delta", [0.0, 0.008, 0.0099])
def test_a_shift_within_tolerance_is_called_moved_at_most_at_the_nominal_rate(delta):
    """Per measure the rate is at most alpha / 23; over 1,000 checks of 20,000 games,
    none at all is expected (0.2 at the boundary); allow 2."""
    rng = np.random.default_rng(int(delta * 1e4))
    moved = sum(drawn_shift(rng, delta, 0.36, 20_000).moved for _ in range(REPLICATES))
    assert moved <= 2


def test_a_planted_1_5_pp_shift_is_called_moved_at_the_documented_power():
    """docs/ci.md: at 100,000 games a 1.5 pp seat shift is called moved about a third of
    the time, and at 220,000 (what `sim plan --detect 1.5 --tests 23` asks) 80%."""
    assert verdict_rate(0.015, 219_675, MOVED, seed=7) == pytest.approx(0.80, abs=0.05)


def _outcomes(rng, games: int, seats: int = 3) -> Outcomes:
    winner = rng.integers(0, seats, games)
    return Outcomes(games=np.arange(games), win_share=np.eye(seats)[winner],
                    rounds=rng.integers(4, 8, games), end_reason=rng.integers(0, 2, games),
                    end_names=["delian_league", "parthenon"], strategies=["balanced"] * seats,
                    glory=rng.integers(280, 360, (games, seats)))


def a_a_checks(games: int, runs: int, seed: int) -> list[list[Shift]]:
    """A baseline against games on other seeds of the same code: independent outcomes."""
    rng = np.random.default_rng(seed)
    return [compare([(0, _outcomes(rng, games), _outcomes(rng, games))], Tolerance(glory=3.0))
            for _ in range(runs)]


def test_a_a_checks_never_call_a_measure_moved_beyond_the_nominal_rate():
    """100 checks of 20,000 games: at most 5% of checks may call some measure moved (none
    is expected), and never one whose interval lies inside the tolerance."""
    many = a_a_checks(20_000, 100, seed=11)
    assert sum(any(s.moved for s in shifts) for shifts in many) <= 5
    assert not any(s.moved and -s.limit <= s.low and s.high <= s.limit
                   for shifts in many for s in shifts)


def test_a_a_checks_hold_once_the_games_suffice():
    """With 200,000 games each share's interval is about +/-0.43 pp and its change about
    +/-0.15 pp: every measure of every check holds (at least 90% of checks must)."""
    many = a_a_checks(200_000, 10, seed=13)
    assert np.mean([all(s.status == HELD for s in shifts) for shifts in many]) >= 0.9


def test_a_a_check_with_too_few_games_is_inconclusive_and_says_how_many_would_settle_it():
    (shifts,) = a_a_checks(2_000, 1, seed=12)
    seat = next(s for s in shifts if s.group == "seat 0")
    assert seat.status == "inconclusive" and not any(s.moved for s in shifts)
    assert 20_000 < seat.settling_games < 400_000
