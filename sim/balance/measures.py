"""The banded measures of one played cell: each group's mean with its standard error, and
how far the target is from holding there.

A measure is a series of the gate (``sim.gate.series.all_series``: a seat's, a pick's or
the team's win share, the mean rounds), read over the games where it applies. A band's
violation is the distance of the mean outside the band in units of its standard error, so
a miss the games cannot tell from noise counts little and a clear one much; the target
holds when every banded mean lies inside its band.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from sim.aggregate.tallies import Moments
from sim.balance.target import MEASURES, Band, Target, series_groups
from sim.gate.outcomes import Outcomes
from sim.gate.series import all_series
from sim.runner import RunError

Z95 = 1.959963984540054
SE_FLOOR = 1e-6  # a measure the same in every game: its misses still count, and finitely


@dataclass(frozen=True)
class Reading:
    """One banded group's value in one cell."""

    label: str  # "win share role veteran", "rounds all", "survival"
    mean: float
    se: float  # standard error of the mean over the games where it applies
    n: int
    low: float  # the band
    high: float

    @property
    def miss(self) -> float:
        """How far the mean lies outside the band (0 inside), in the measure's unit."""
        return max(self.low - self.mean, self.mean - self.high, 0.0)

    @property
    def room(self) -> float:
        """How far the mean lies inside the band from its nearer edge, in standard errors
        (below 0 outside)."""
        return min(self.mean - self.low, self.high - self.mean) / max(self.se, SE_FLOOR)

    @property
    def violation(self) -> float:
        """The miss in standard errors."""
        return self.miss / max(self.se, SE_FLOOR)

    def record(self) -> dict[str, object]:
        return {"label": self.label, "mean": self.mean, "se": self.se, "n": self.n,
                "low": self.low, "high": self.high,
                "interval": [self.mean - Z95 * self.se, self.mean + Z95 * self.se]}


def label(key: tuple[str, str]) -> str:
    measure, group = key
    return "survival" if key == ("win_share", "team") else f"{measure.replace('_', ' ')} {group}"


def _tally(chunks: Iterable[Outcomes]) -> tuple[dict[tuple[str, str], Moments], int]:
    """Per series: the moments of its per-game values where it applies; and the seats."""
    moments: dict[tuple[str, str], Moments] = {}
    players = 0
    for part in chunks:
        players = part.win_share.shape[1]
        for s in all_series(part):
            moments.setdefault(s.key, Moments()).add(s.values[s.present])
    return moments, players


def _wanted(band: Band, prefix: str, key: tuple[str, str]) -> bool:
    measure = MEASURES[band.measure][0]
    if key[0] != measure:
        return False
    if band.measure in ("rounds", "survival"):
        return key[1] == prefix
    kind, _, name = key[1].partition(" ")
    if kind != prefix:
        return False
    if band.group is None:
        return True
    return name == (str(int(band.group) - 1) if band.measure == "seat_win_share" else band.group)


def readings(target: Target, chunks: Iterable[Outcomes], *, pick_kind: str | None,
             cooperative: bool, mode: str) -> list[Reading]:
    """Every banded group of a cell's outcomes, in the target's band order; RunError naming
    a band that reads no group of the games (a Role no game dealt, seat 5 of 3)."""
    moments, players = _tally(chunks)
    fair = 1 / players if players else None
    out: list[Reading] = []
    for band in target.bands:
        prefix = series_groups(band, pick_kind, cooperative, mode)
        assert prefix is not None  # series_groups refuses a band of no group
        keys = [k for k in moments if _wanted(band, prefix, k) and moments[k].n]
        if not keys:
            raise RunError(f"target {band.text!r} reads no group of the games played ; name a "
                           "group the game has (seats from 1, a Role or City-state dealt)")
        low, high = band.limits(fair)
        for key in sorted(keys, key=_order):
            m = moments[key]
            se = m.std / math.sqrt(m.n) if m.n > 1 else 0.0
            out.append(Reading(label(key), m.mean, se, m.n, low, high))
    return out


def _order(key: tuple[str, str]) -> tuple:
    kind, _, name = key[1].partition(" ")
    return (kind, int(name)) if kind == "seat" and name.isdigit() else (kind, 0, name)


def violation(found: list[Reading]) -> float:
    """The target's total miss: the sum of each group's violation."""
    return float(np.sum([r.violation for r in found])) if found else 0.0


def room(found: list[Reading]) -> float:
    """The least room of any banded group: the one nearest to leaving its band."""
    return min((r.room for r in found), default=0.0)


def holds(found: list[Reading]) -> bool:
    return all(r.miss == 0.0 for r in found)
