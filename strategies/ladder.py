"""The strength ladder: every strategy against every other, seat-rotated, paired seeds.

A matchup puts one ``hero`` against ``players - 1`` copies of one ``opponent``. The hero
sits in every seat in turn, and every matchup and rotation plays the same game indices
of one run seed, so all of them face the same deals (paired comparison). The hero's win
share (a shared win counts as a share) has a Wilson 95% interval; 1/players is even.
Games are reached only through the game's runner module, so any game with bots can use it.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim.games.contract import GameRunner
from sim.runner.dataset import environment
from sim.stats import wilson_interval

LADDER_FILE = "ladder.parquet"
BATCH = 20000  # games per engine call
MANIFEST_FILE = "ladder.json"


@dataclass(frozen=True)
class Matchup:
    strategy: str
    opponent: str
    games: int
    win_share: float
    low: float
    high: float


def rotation_games(games: int, players: int) -> int:
    """Games per seat rotation (the hero plays ``players`` rotations of this many)."""
    return max(1, games // players)


def seat_shares(won: np.ndarray, seat: int) -> np.ndarray:
    """Per-game win share of ``seat`` from a [game, seat] won array (ties share a win)."""
    winners = won.sum(axis=1)
    return np.divide(won[:, seat], winners, out=np.zeros(len(won)), where=winners > 0)


def hero_shares(play, hero, opponent, players: int, per_rotation: int) -> np.ndarray:
    """Win shares of ``hero`` over all seat rotations. ``play(per_seat, seat)`` plays
    ``per_rotation`` games with strategies ``per_seat`` and returns the [game, seat] wins."""
    shares = []
    for seat in range(players):
        per_seat = [opponent] * players
        per_seat[seat] = hero
        shares.append(seat_shares(play(tuple(per_seat), seat), seat))
    return np.concatenate(shares)


def summarise(strategy: str, opponent: str, shares: np.ndarray) -> Matchup:
    mean = float(shares.mean())
    low, high = wilson_interval(shares.sum(), len(shares))
    # the interval holds the estimate; clipping removes floating-point noise at 0 and 1
    return Matchup(strategy, opponent, len(shares), mean, min(float(low), mean), max(float(high), mean))


def runner_player(runner: GameRunner, content, players: int, seed: int, count: int):
    """A ``play`` function over the game's runner module: standard settings, given strategies.
    Games are played ``BATCH`` at a time and only who won is kept, so memory stays a few
    bytes per game whatever else the engine returns."""
    def play(per_seat: tuple[str, ...], _seat: int) -> np.ndarray:
        setup = runner.make_setup(content, players, dict(runner.SETTINGS), per_seat, "ladder")
        return np.concatenate([
            runner.simulate(content, setup, seed, first, min(BATCH, count - first))["won"][:, :players]
            for first in range(0, count, BATCH)])
    return play


def weights_player(runner: GameRunner, stand_in: str, content, players: int, seed: int):
    """``play(per_seat, rows, first, count)`` over the game's runner module: games
    ``first..first+count-1`` of run ``seed`` with strategy names ``per_seat``; ``rows`` maps
    a seat to a weight row played instead of its preset (the seat plays ``stand_in``, a
    heuristic preset, with that row; the game's setup takes them as ``weights``). Returns
    the [game, seat] won array of the real seats. `sim tune` plays candidates with it."""
    def play(per_seat: tuple[str, ...], rows: dict[int, np.ndarray], first: int,
             count: int) -> np.ndarray:
        names = tuple(stand_in if seat in rows else name for seat, name in enumerate(per_seat))
        setup = runner.make_setup(content, players, dict(runner.SETTINGS), names, "tune")
        explicit = tuple(tuple(float(x) for x in rows[seat]) if seat in rows else None
                         for seat in range(players))
        setup = dataclasses.replace(setup, weights=explicit)
        return runner.simulate(content, setup, seed, first, count)["won"][:, :players]
    return play


def run_ladder(runner: GameRunner, strategies: tuple[str, ...], players: int, games: int,
               seed: int, progress=None) -> list[Matchup]:
    """Every ordered pair of different strategies, ``games`` games each (seat-rotated)."""
    content = runner.load({})
    per_rotation = rotation_games(games, players)
    play = runner_player(runner, content, players, seed, per_rotation)
    result = []
    for hero in strategies:
        for opponent in strategies:
            if hero != opponent:
                result.append(summarise(hero, opponent,
                                        hero_shares(play, hero, opponent, players, per_rotation)))
                if progress is not None:
                    progress(result[-1])
    return result


def to_table(matchups: list[Matchup], players: int) -> pa.Table:
    return pa.table({
        "strategy": pa.array([m.strategy for m in matchups], pa.string()),
        "opponent": pa.array([m.opponent for m in matchups], pa.string()),
        "players": pa.array([players] * len(matchups), pa.int8()),
        "games": pa.array([m.games for m in matchups], pa.int64()),
        "win_share": pa.array([m.win_share for m in matchups], pa.float64()),
        "low": pa.array([m.low for m in matchups], pa.float64()),
        "high": pa.array([m.high for m in matchups], pa.float64()),
    })


def write_ladder(out: Path, matchups: list[Matchup] | list[Survival], meta: dict) -> Path:
    """``<out>/ladder.parquet`` (one row per matchup, or per team and mode of a
    co-operative game) and ``<out>/ladder.json``, each written under a temporary name and
    renamed into place."""
    out.mkdir(parents=True, exist_ok=True)
    table = (survival_table if matchups and isinstance(matchups[0], Survival) else to_table)(
        matchups, meta["players"])
    full = {**meta, **environment()}
    table = table.replace_schema_metadata({"sim.ladder": json.dumps(full, sort_keys=True)})
    tmp = out / f"_{LADDER_FILE}.tmp"
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, out / LADDER_FILE)
    tmp = out / f"_{MANIFEST_FILE}.tmp"
    tmp.write_text(json.dumps(full, indent=2, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, out / MANIFEST_FILE)
    return out / LADDER_FILE


def format_matrix(matchups: list[Matchup], strategies: tuple[str, ...], players: int) -> str:
    """Rows: the hero; columns: the opponent filling the other seats. Even is 1/players."""
    cell = {(m.strategy, m.opponent): m for m in matchups}
    width = max(21, max(len(s) for s in strategies) + 1)
    head = " " * width + "".join(f"{s:>{width}}" for s in strategies)
    lines = [f"win share of the row strategy against {players - 1} of the column strategy "
             f"(95% interval; even = {1 / players:.3f})", head]
    for hero in strategies:
        parts = []
        for opponent in strategies:
            m = cell.get((hero, opponent))
            text = "-" if m is None else f"{m.win_share:.3f} ({m.low:.3f}-{m.high:.3f})"
            parts.append(f"{text:>{width}}")
        lines.append(f"{hero:<{width}}" + "".join(parts))
    return "\n".join(lines)


# --- co-operative games: one team, so each strategy's survival per mode -------------------

@dataclass(frozen=True)
class Survival:
    strategy: str
    mode: str
    games: int
    survival: float
    low: float
    high: float


def run_team_ladder(runner: GameRunner, strategies: tuple[str, ...], players: int, games: int,
                    seed: int, modes: tuple[str, ...], progress=None) -> list[Survival]:
    """Each team strategy's survival in each mode, every strategy on the same ``games``
    game indices of one seed (paired deals)."""
    content = runner.load({})
    result = []
    for strategy in strategies:
        for mode in modes:
            setup = runner.make_setup(content, players, dict(runner.SETTINGS, mode=mode),
                                      (strategy,), "ladder")
            won = np.concatenate([
                runner.simulate(content, setup, seed, first, min(BATCH, games - first))["won"]
                for first in range(0, games, BATCH)])
            low, high = wilson_interval(won.sum(), len(won))
            share = float(won.mean())
            result.append(Survival(strategy, mode, len(won), share, min(float(low), share),
                                   max(float(high), share)))
            if progress is not None:
                progress(result[-1])
    return result


def survival_table(rows: list[Survival], players: int) -> pa.Table:
    return pa.table({
        "strategy": pa.array([r.strategy for r in rows], pa.string()),
        "mode": pa.array([r.mode for r in rows], pa.string()),
        "players": pa.array([players] * len(rows), pa.int8()),
        "games": pa.array([r.games for r in rows], pa.int64()),
        "survival": pa.array([r.survival for r in rows], pa.float64()),
        "low": pa.array([r.low for r in rows], pa.float64()),
        "high": pa.array([r.high for r in rows], pa.float64()),
    })


def format_survival(rows: list[Survival], strategies: tuple[str, ...], modes: tuple[str, ...]) -> str:
    """Rows: the team strategy; columns: the mode."""
    cell = {(r.strategy, r.mode): r for r in rows}
    width = max(21, max(len(s) for s in strategies) + 1)
    lines = ["survival of each team strategy per mode (95% interval; the same games for every "
             "strategy)", " " * width + "".join(f"{m:>{width}}" for m in modes)]
    for strategy in strategies:
        parts = [cell[strategy, m] for m in modes]
        lines.append(f"{strategy:<{width}}" + "".join(
            f"{f'{r.survival:.3f} ({r.low:.3f}-{r.high:.3f})':>{width}}" for r in parts))
    return "\n".join(lines)
