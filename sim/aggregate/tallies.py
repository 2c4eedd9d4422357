"""Mergeable accumulators, filled chunk by chunk and read once the scan is done.

``Sums`` and ``Histograms`` are keyed by group (a seat number, a Role's name, a pair of
names ...) and keep their groups in the order first seen; every accumulator holds a fixed
amount per group (per distinct value for a histogram) whatever the number of rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Sums:
    """Per group: how many values and their total (a share's wins and games)."""

    count: dict[Hashable, int] = field(default_factory=dict)
    total: dict[Hashable, float] = field(default_factory=dict)

    def add(self, group: Hashable, count: int, total: float) -> None:
        self.count[group] = self.count.get(group, 0) + int(count)
        self.total[group] = self.total.get(group, 0.0) + float(total)

    def add_coded(self, names: list, codes: np.ndarray, weights: np.ndarray | None = None) -> None:
        """Rows coded into ``names``: each name's row count and the sum of its ``weights``."""
        counts = np.bincount(codes, minlength=len(names))
        totals = counts if weights is None else np.bincount(codes, weights=weights, minlength=len(names))
        for i in np.flatnonzero(counts):
            self.add(names[i], counts[i], totals[i])


@dataclass
class Histograms:
    """Per group: an exact histogram of a whole-number measure (Glory, rounds, margins).
    Given the rows' game numbers as well, it also keeps for each value the lowest game
    holding it, so a game can be named for any value the histogram has (its median)."""

    counts: dict[Hashable, Counter] = field(default_factory=dict)
    first_game: dict[Hashable, dict[int, int]] = field(default_factory=dict)

    def add(self, group: Hashable, values: np.ndarray, games: np.ndarray | None = None) -> None:
        """``games``, when given, ascending and after those of earlier calls (a scan reads
        whole games in game order), so the first game seen with a value is its lowest."""
        found, counts = np.unique(values, return_counts=True)
        self.counts.setdefault(group, Counter()).update(dict(zip(found.tolist(), counts.tolist(),
                                                                 strict=True)))
        if games is None:
            return
        first = self.first_game.setdefault(group, {})
        for v in found.tolist():
            if v not in first:  # after the first chunks, only the rare values are new
                first[v] = int(games[np.argmax(values == v)])

    def add_coded(self, names: list, codes: np.ndarray, values: np.ndarray,
                  games: np.ndarray | None = None) -> None:
        """Rows coded into ``names``: each name's histogram of ``values`` (rows keep their
        order within a name, so ascending ``games`` stay ascending)."""
        order = np.argsort(codes, kind="stable")
        bounds = np.searchsorted(codes[order], np.arange(len(names) + 1))
        for i, name in enumerate(names):
            if bounds[i + 1] > bounds[i]:
                rows = order[bounds[i]:bounds[i + 1]]
                self.add(name, values[rows], None if games is None else games[rows])

    def of(self, group: Hashable) -> tuple[np.ndarray, np.ndarray]:
        """(distinct values ascending, how often each occurs)."""
        values = sorted(self.counts[group])
        return (np.array(values, dtype=np.int64),
                np.array([self.counts[group][v] for v in values], dtype=np.int64))


@dataclass
class Moments:
    """Count, mean and sum of squared deviations of one stream of values, merged chunk by
    chunk (Chan et al.'s update, exact when every value is the same)."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, values: np.ndarray) -> None:
        if values.size:
            self.merge(Moments(int(values.size), float(values.mean()),
                               float(((values - values.mean()) ** 2).sum())))

    def add_zeros(self, n: int) -> None:
        """``n`` values of 0 (an end reason a chunk never saw)."""
        self.merge(Moments(n, 0.0, 0.0))

    def merge(self, other: Moments) -> None:
        if other.n == 0:
            return
        if self.n == 0:  # exactly the other's figures, not a round trip through the update
            self.n, self.mean, self.m2 = other.n, other.mean, other.m2
            return
        n = self.n + other.n
        delta = other.mean - self.mean
        self.m2 += other.m2 + delta * delta * self.n * other.n / n
        self.mean += delta * other.n / n
        self.n = n

    @property
    def total(self) -> float:
        return self.mean * self.n

    @property
    def std(self) -> float:
        """Sample standard deviation (ddof=1); 0 for fewer than two values."""
        return float(np.sqrt(self.m2 / (self.n - 1))) if self.n > 1 else 0.0


@dataclass
class GameShares:
    """Per group (a strategy, a pick), one value per game it is in: the mean win share of
    its seats in that game (tied winners split a game, so a game counts once whatever its
    ties). Beside the sum and sum of squares of those values it keeps what a
    seat-stratified estimate needs: per game the group's seat mix ``w`` (the fraction of
    its seats in each seat), summed, times the value, and as outer products; whether the
    mix was ever different from one game to another; and the sum and outer products of
    the seats' shares ``x`` over the games it is in (so the seats' shares over the games
    it is *not* in are known too)."""

    players: int
    games: dict[Hashable, int] = field(default_factory=dict)
    total: dict[Hashable, float] = field(default_factory=dict)
    squares: dict[Hashable, float] = field(default_factory=dict)
    mix: dict[Hashable, np.ndarray] = field(default_factory=dict)  # sum of w
    cross: dict[Hashable, np.ndarray] = field(default_factory=dict)  # sum of value * w
    outer: dict[Hashable, np.ndarray] = field(default_factory=dict)  # sum of w w^T
    first_mix: dict[Hashable, np.ndarray] = field(default_factory=dict)
    varied: dict[Hashable, bool] = field(default_factory=dict)
    seats_in: dict[Hashable, np.ndarray] = field(default_factory=dict)  # sum of x
    seats_outer: dict[Hashable, np.ndarray] = field(default_factory=dict)  # sum of x x^T

    def add_rows(self, names: list, codes: np.ndarray, game: np.ndarray, seat: np.ndarray,
                 share: np.ndarray) -> None:
        """Rows of whole games, coded into ``names``, with their game, seat and win share."""
        p, g = self.players, len(names)
        played, position = np.unique(game, return_inverse=True)
        x = np.zeros((played.size, p))
        np.add.at(x, (position, seat), share)
        keys, inverse = np.unique(game.astype(np.int64) * g + codes, return_inverse=True)
        at = np.searchsorted(played, keys // g)  # each (game, group)'s game
        rows = np.bincount(inverse)
        value = np.bincount(inverse, weights=share) / rows
        w = np.bincount(inverse * p + seat, minlength=keys.size * p).reshape(-1, p) / rows[:, None]
        group = keys % g
        found, first = np.unique(group, return_index=True)
        # a group's mix differs from its first game's in some game of the chunk
        differs = np.bincount(group, weights=(w != w[first[np.searchsorted(found, group)]]).any(axis=1),
                              minlength=g)

        def per_group(weights: np.ndarray) -> np.ndarray:
            return np.bincount(group, weights=weights, minlength=g)

        games, total, squares = np.bincount(group, minlength=g), per_group(value), per_group(value * value)
        mix = np.stack([per_group(w[:, s]) for s in range(p)], axis=1)
        cross = np.stack([per_group(value * w[:, s]) for s in range(p)], axis=1)
        outer = np.stack([per_group(w[:, s] * w[:, t]) for s in range(p) for t in range(p)],
                         axis=1).reshape(g, p, p)
        xs = x[at]
        seats_in = np.stack([per_group(xs[:, s]) for s in range(p)], axis=1)
        seats_outer = np.stack([per_group(xs[:, s] * xs[:, t]) for s in range(p) for t in range(p)],
                               axis=1).reshape(g, p, p)
        for code, start in zip(found.tolist(), first.tolist(), strict=True):
            name = names[code]
            self.games[name] = self.games.get(name, 0) + int(games[code])
            self.total[name] = self.total.get(name, 0.0) + float(total[code])
            self.squares[name] = self.squares.get(name, 0.0) + float(squares[code])
            self.mix[name] = self.mix.get(name, 0.0) + mix[code]
            self.cross[name] = self.cross.get(name, 0.0) + cross[code]
            self.outer[name] = self.outer.get(name, 0.0) + outer[code]
            self.seats_in[name] = self.seats_in.get(name, 0.0) + seats_in[code]
            self.seats_outer[name] = self.seats_outer.get(name, 0.0) + seats_outer[code]
            earlier = self.first_mix.setdefault(name, w[start])
            self.varied[name] = (self.varied.get(name, False) or bool(differs[code])
                                 or bool((earlier != w[start]).any()))
