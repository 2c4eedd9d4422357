"""The report's flags by simulation, through its own per-game accumulators, shares, seat
test and Holm family (NumPy only, no engine): 3-player games, six Roles of which three are
dealt at random to the seats each game. Fixed seeds; tolerances stated per test."""

from pathlib import Path

import numpy as np
import pytest

from reports.datasets import Run
from reports.flags import find_flags
from reports.model import CellReport, Share, seat_expectation, seat_test
from sim.aggregate.tallies import GameShares
from sim.games.registry import get_game

ROLES = np.array(["alpha", "beta", "gamma", "delta", "epsilon", "zeta"], dtype=object)
PLAYERS = 3
RUN = Run(path=Path("synthetic"), manifest={}, info=get_game("pericles"))
DOC = Path(__file__).resolve().parents[1] / "docs" / "report.md"


def simulated_cell(rng, games: int, seat_shift: float = 0.0, pick_shift: float = 0.0,
                   strategies: tuple[str, ...] = ("balanced",) * PLAYERS) -> CellReport:
    """Seat 1 wins ``seat_shift`` more than a third (the others share the loss), and the
    seat dealt Role alpha ``pick_shift`` more (likewise)."""
    dealt = np.argsort(rng.random((games, len(ROLES))), axis=1)[:, :PLAYERS]
    chance = np.full((games, PLAYERS), 1 / PLAYERS)
    chance += seat_shift * np.array([1.0, -0.5, -0.5])
    alpha = dealt == 0
    chance += pick_shift * np.where(alpha, 1.0, -0.5) * alpha.any(axis=1, keepdims=True)
    winner = (rng.random((games, 1)) > np.cumsum(chance, axis=1)).sum(axis=1)
    x = np.eye(PLAYERS)[winner]  # per game, each seat's win share
    total, squares = x.sum(axis=0), (x * x).sum(axis=0)
    seats = tuple(Share(f"Seat {s + 1}", total[s], games, 1 / PLAYERS, squares=squares[s])
                  for s in range(PLAYERS))
    outer = x.T @ x
    game, seat = np.repeat(np.arange(games), PLAYERS), np.tile(np.arange(PLAYERS), games)

    def groups(title, names, codes):
        per_game = GameShares(PLAYERS)
        per_game.add_rows(list(names), codes, game, seat, x.ravel())
        return tuple(Share(f"{title} {name}", per_game.total[name], per_game.games[name],
                           1 / PLAYERS, **seat_expectation(per_game, name, total, outer, games))
                     for name in sorted(per_game.games))

    kinds, strategy = np.unique(np.array(strategies), return_inverse=True)
    return CellReport(run=RUN, cell={"cell": 0}, players=PLAYERS, games=games, cooperative=False,
                      pick_title="Role", seats=seats,
                      seat_test=seat_test(seats, total, outer, games),
                      picks=groups("Role", ROLES, dealt.ravel()),
                      strategies=groups("Strategy", kinds, np.tile(strategy, games))
                      if len(kinds) > 1 else ())


def flag_rate(games: int, reports: int, seed: int, subject: str | None = None, **shift) -> float:
    """Share of ``reports`` with any flag (or a flag on ``subject``) at the 1 pp minimum."""
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(reports):
        flags = find_flags([simulated_cell(rng, games, **shift)], min_effect=0.01).flags
        hits += any(subject is None or f.share.subject == subject for f in flags)
    return hits / reports


def test_null_reports_flag_at_most_the_nominal_rate():
    """No seat or Role edge: at most 5% of reports may flag anything (Holm over the seats'
    test and six Roles); 300 reports of 10,000 games, allowing three Monte Carlo standard
    errors (3.8 points)."""
    assert flag_rate(10_000, 300, seed=1) <= 0.088


def documented_power() -> list[tuple[str, int, float]]:
    """docs/report.md's power table: (what is planted, games per cell, chance flagged)."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("<!-- report power table -->")[1].split("<!-- end of report power table -->")[0]
    rows = [line.split("|")[1:-1] for line in table.strip().splitlines()[2:]]
    return [(planted.strip(), int(games.replace(",", "")), float(chance.strip(" %")) / 100)
            for planted, games, chance in rows]


def test_a_planted_1_5_pp_shift_is_flagged_at_the_documented_power():
    """Each row of docs/report.md's table, within 5 points (300 reports each)."""
    rows = documented_power()
    assert [r[0].split()[0] for r in rows] == ["seat", "the"]
    for (planted, games, chance), shift, subject in zip(
            rows, ({"seat_shift": 0.015}, {"pick_shift": 0.015}), ("Seat 1", "Role alpha"),
            strict=True):
        simulated = flag_rate(games, 300, seed=games, subject=subject, **shift)
        assert simulated == pytest.approx(chance, abs=0.05), planted


def test_strategies_fixed_to_seats_are_not_tested_and_the_seat_flag_stands_alone():
    """random, balanced, balanced in fixed seats: the first seat's edge is one flag (the
    seats'), not a second one for the strategy sitting there."""
    cell = simulated_cell(np.random.default_rng(3), 20_000, seat_shift=0.05,
                          strategies=("random", "balanced", "balanced"))
    assert cell.strategies_fixed and not any(s.testable for s in cell.strategies)
    flags = find_flags([cell], min_effect=0.01).flags
    assert [f.share.subject for f in flags] == ["Seat 1"]
    balanced = next(s for s in cell.strategies if s.subject == "Strategy balanced")
    assert not balanced.exact  # its share varies from game to game: an interval is shown


def test_rotated_strategies_flag_the_strategy_once():
    """random, balanced, balanced rotated over the seats (each strategy equally often in
    each seat) where random wins 5 points less: the strategies are separable, one effect
    is flagged, and it is random's, against a fair third."""
    rng = np.random.default_rng(4)
    games = 30_000
    rotation = np.array([["random", "balanced", "balanced"], ["balanced", "random", "balanced"],
                         ["balanced", "balanced", "random"]])[np.arange(games) % 3]
    weak = rotation == "random"
    chance = np.where(weak, 1 / 3 - 0.05, 1 / 3 + 0.025)
    winner = (rng.random((games, 1)) > np.cumsum(chance, axis=1)).sum(axis=1)
    x = np.eye(PLAYERS)[winner]
    total, outer = x.sum(axis=0), x.T @ x
    per_game = GameShares(PLAYERS)
    kinds, codes = np.unique(rotation.ravel(), return_inverse=True)
    per_game.add_rows(list(kinds), codes, np.repeat(np.arange(games), PLAYERS),
                      np.tile(np.arange(PLAYERS), games), x.ravel())
    strategies = tuple(Share(f"Strategy {k}", per_game.total[k], per_game.games[k], 1 / PLAYERS,
                             **seat_expectation(per_game, k, total, outer, games)) for k in kinds)
    seats = tuple(Share(f"Seat {s + 1}", total[s], games, 1 / PLAYERS, squares=float(outer[s, s]))
                  for s in range(PLAYERS))
    cell = CellReport(run=RUN, cell={"cell": 0}, players=PLAYERS, games=games, cooperative=False,
                      seats=seats, seat_test=seat_test(seats, total, outer, games),
                      strategies=strategies)
    assert not cell.strategies_fixed
    flags = find_flags([cell], min_effect=0.01).flags
    assert [f.share.subject for f in flags] == ["Strategy random"]
    assert flags[0].share.expected == pytest.approx(1 / 3, abs=0.005)
