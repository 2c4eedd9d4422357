"""Self-tuning: the cross-entropy method over a heuristic's weight vector.

Each generation samples candidates around the current mean (the incumbent mean itself is
always one of them), plays every candidate seat-rotated against each opponent preset on
the same game indices (paired seeds: all candidates of a generation face the same
deals), keeps the best quarter and moves the mean and spread toward them. Everything is a
pure function of the seed and the generation count; ``--budget`` only decides how many
generations fit, and the run records that number so it can be repeated exactly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from strategies.ladder import hero_shares, rotation_games, seat_shares, summarise, write_ladder

ELITE_SHARE = 0.25
SMOOTHING = 0.7  # share of the old spread kept each generation
MIN_SIGMA = 0.05
TUNED = "tuned"


@dataclass
class TuneResult:
    weights: np.ndarray
    generations: int
    history: list[dict] = field(default_factory=list)


def candidate_shares(play, row: np.ndarray, opponents: tuple[str, ...], players: int, first: int,
                     per_rotation: int) -> np.ndarray:
    """Win shares of weight row ``row`` in every seat against each opponent preset."""
    shares = []
    for opponent in opponents:
        for seat in range(players):
            per_seat = (opponent,) * players
            won = play(per_seat, {seat: row}, first, per_rotation)
            shares.append(seat_shares(won, seat))
    return np.concatenate(shares)


def keep_signs(rows: np.ndarray, signs: np.ndarray | None) -> np.ndarray:
    """``rows`` with each weight moved back to the side of zero its feature's sign asks
    (+1: at or above zero, -1: at or below, 0: either); ``signs`` None leaves them."""
    if signs is None:
        return rows
    return np.where(signs > 0, np.maximum(rows, 0.0), np.where(signs < 0, np.minimum(rows, 0.0), rows))


def cross_entropy(play, start: np.ndarray, opponents: tuple[str, ...], players: int, *, seed: int,
                  generations: int | None, budget_s: float | None, population: int,
                  per_rotation: int, progress=None, signs: np.ndarray | None = None) -> TuneResult:
    """Run generations until ``generations`` are done or the next would pass ``budget_s``;
    every candidate keeps the sign of each weight that ``signs`` fixes (``keep_signs``)."""
    rng = np.random.default_rng(seed)
    mean = keep_signs(start.astype(np.float64), signs)
    sigma = 0.3 * np.abs(mean) + 0.2
    n_elite = max(2, int(round(population * ELITE_SHARE)))
    history: list[dict] = []
    began = time.perf_counter()
    gen = 0
    while generations is None or gen < generations:
        t = time.perf_counter()
        candidates = keep_signs(mean + sigma * rng.standard_normal((population, mean.size)), signs)
        candidates[0] = mean
        first = gen * per_rotation  # fresh deals each generation, shared by its candidates
        fitness = np.array([candidate_shares(play, c, opponents, players, first, per_rotation).mean()
                            for c in candidates])
        elite = candidates[np.argsort(-fitness, kind="stable")[:n_elite]]
        mean = elite.mean(axis=0)
        sigma = np.maximum(SMOOTHING * sigma + (1 - SMOOTHING) * elite.std(axis=0), MIN_SIGMA)
        gen += 1
        history.append({"generation": gen, "incumbent_share": float(fitness[0]),
                        "best_share": float(fitness.max()), "mean_share": float(fitness.mean())})
        if progress is not None:
            progress(history[-1])
        spent = time.perf_counter() - began
        if budget_s is not None and spent + (time.perf_counter() - t) > budget_s:
            break
    return TuneResult(weights=mean, generations=gen, history=history)


def run_tune(runner, bots, players: int, *, seed: int, generations: int | None,
             budget_s: float | None, population: int, per_rotation: int, check_games: int,
             out: Path, progress=None, preset_folder: Path | None = None) -> dict:
    """Search, write preset ``tuned``, then play its ladder against every other strategy on
    deals the search never saw; returns the file paths and a one-line summary."""
    content = runner.load({})
    opponents = tuple(n for n in bots.HAND_MADE if n in bots.PRESETS)
    play = bots.weights_player(content, players, seed)
    result = cross_entropy(play, bots.PRESETS[opponents[0]], opponents, players, seed=seed,
                           generations=generations, budget_s=budget_s, population=population,
                           per_rotation=per_rotation, progress=progress,
                           signs=getattr(bots, "WEIGHT_SIGNS", None))
    check_first = result.generations * per_rotation  # past every game the search played
    check_rotation = rotation_games(check_games, players)

    def play_named(per_seat: tuple[str, ...], _seat: int) -> np.ndarray:
        rows = {s: result.weights for s, name in enumerate(per_seat) if name == TUNED}
        names = tuple(opponents[0] if name == TUNED else name for name in per_seat)
        return play(names, rows, check_first, check_rotation)

    matchups = []
    for other in opponents + ("random",):
        for hero, opponent in ((TUNED, other), (other, TUNED)):
            matchups.append(summarise(hero, opponent,
                                      hero_shares(play_named, hero, opponent, players, check_rotation)))
    versus = matchups[0]  # tuned against copies of the first hand-made preset
    summary = (f"{TUNED} vs {players - 1} x {versus.opponent}: win share {versus.win_share:.3f} "
               f"(95% {versus.low:.3f}-{versus.high:.3f}, even {1 / players:.3f}) over "
               f"{versus.games} games; {result.generations} generations")
    command = (f"sim tune --game {runner_name(runner)} --players {players} --seed {seed} "
               f"--generations {result.generations} --population {population} --games {per_rotation}")
    notes = [f"Written by: {command}",
             f"Opponents during the search: {', '.join(opponents)} (seat-rotated, paired seeds).",
             summary]
    preset = bots.write_preset(TUNED, result.weights, "Weights found by sim tune (cross-entropy "
                               "method) against the hand-made presets.", notes,
                               **({"folder": preset_folder} if preset_folder else {}))
    meta = {"game": runner_name(runner), "players": players, "seed": seed,
            "games_per_matchup": versus.games, "strategies": [TUNED, *opponents, "random"],
            "tune": {"command": command, "generations": result.generations,
                     "population": population, "games_per_candidate_rotation": per_rotation,
                     "opponents": list(opponents), "history": result.history,
                     "weights": dict(zip(bots.FEATURE_NAMES, map(float, result.weights), strict=True))}}
    ladder = write_ladder(out, matchups, meta)
    return {"preset": preset, "ladder": ladder, "summary": summary, "matchups": matchups,
            "result": result}


def runner_name(runner) -> str:
    """The game name of a runner module (``sim.games.<name>.runner``)."""
    return runner.__name__.split(".")[-2]
