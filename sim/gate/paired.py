"""Paired comparison of two runs that share a seed: game i is the same deal in both.

For each series, the per-game differences (current minus baseline, over the games where
it applies in both runs) give the change and its interval (paired t). The gate is an
equivalence test against an absolute tolerance per measure (``sim.gate.tolerance``): a
measure has **moved** when its interval lies wholly outside +/- tolerance, **held** when
it lies wholly inside, and is **inconclusive** otherwise. The intervals are simultaneous:
each is at level 1 - alpha/m (Bonferroni) over the m measures of every cell in which some
game changed, so a check calls a measure moved wrongly in at most alpha of its runs, and
says every measure held wrongly in at most alpha/m of them per measure that truly moved
(an intersection-union test). A measure no game changed moved by exactly 0 on these deals
and is left out of the family.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from sim.aggregate.tallies import Moments
from sim.gate import GateError
from sim.gate.outcomes import Outcomes, in_chunks
from sim.gate.series import TEAM, Series, all_series, in_series_order
from sim.gate.tolerance import Tolerance

ALPHA = 0.05
MOVED, HELD, INCONCLUSIVE = "moved", "held", "inconclusive"


@dataclass
class Shift:
    cell: int
    measure: str
    group: str
    kind: str
    n: int  # paired games where the measure applies
    before: float
    after: float
    diff: float
    sd: float  # standard deviation of the per-game differences
    p: float  # two-sided p-value of a paired t-test that the change is 0
    limit: float = 0.0  # the tolerance in the series' own unit
    discordant: float = 0.0  # share of paired games whose value changed
    games: int = 0  # paired games of the cell (a Role applies to about half of them)
    confidence: float = 1 - ALPHA  # the interval's level, set for the family it is in

    @property
    def half_width(self) -> float:
        if self.n < 2 or self.sd == 0.0:
            return 0.0
        return float(stats.t.ppf(0.5 + self.confidence / 2, self.n - 1) * self.sd / math.sqrt(self.n))

    @property
    def low(self) -> float:
        return self.diff - self.half_width

    @property
    def high(self) -> float:
        return self.diff + self.half_width

    @property
    def status(self) -> str:
        half = self.half_width
        if self.diff - half > self.limit or self.diff + half < -self.limit:
            return MOVED
        if abs(self.diff) + half <= self.limit:
            return HELD
        return INCONCLUSIVE

    @property
    def moved(self) -> bool:
        return self.status == MOVED

    @property
    def p_beyond(self) -> float:
        """Two-sided p-value against "the change is within the tolerance": below a level a
        exactly when the interval at level 1 - a lies wholly outside +/- tolerance."""
        excess = abs(self.diff) - self.limit
        if self.n < 2 or self.sd == 0.0:
            return 0.0 if excess > 0 else 1.0
        return float(min(1.0, 2 * stats.t.sf(excess / (self.sd / math.sqrt(self.n)), self.n - 1)))

    @property
    def settling_games(self) -> int | None:
        """Games per cell with which an inconclusive measure's interval, as wide per game as
        now, would clear the tolerance one way or the other (None when its change equals
        the tolerance, or it is not inconclusive)."""
        margin = abs(abs(self.diff) - self.limit)
        if self.status != INCONCLUSIVE or margin == 0.0 or self.n == 0:
            return None
        needed = (self.half_width * math.sqrt(self.n) / margin) ** 2
        return math.ceil(needed * self.games / self.n)

    @property
    def label(self) -> str:
        if (self.measure, self.group) == ("win_share", TEAM):
            return "survival"  # a cooperative game's one result
        return f"{self.measure.replace('_', ' ')} {self.group}"


def t_test(d: Moments) -> tuple[float, float, float]:
    """Mean difference, its standard deviation and the two-sided p-value of a paired t-test,
    from the moments of the per-game differences."""
    if d.n == 0:
        return 0.0, 0.0, 1.0
    mean, sd = d.mean, d.std if d.n > 1 else 0.0
    if sd == 0.0:  # every game moved by the same amount (usually none did)
        return mean, 0.0, 1.0 if mean == 0.0 else 0.0
    p = float(2 * stats.t.sf(abs(mean) / (sd / np.sqrt(d.n)), d.n - 1))
    return mean, sd, p


def paired_test(before: np.ndarray, after: np.ndarray) -> tuple[float, float, float]:
    """``t_test`` of the differences ``after - before``."""
    d = Moments()
    d.add(after - before)
    return t_test(d)


@dataclass
class PairedTally:
    """One series over the games both runs share: the moments of the per-game differences,
    each run's total, and how many games changed value."""

    kind: str
    diff: Moments = field(default_factory=Moments)
    before: float = 0.0
    after: float = 0.0
    changed: int = 0

    def add(self, va: np.ndarray, vb: np.ndarray) -> None:
        self.diff.add(vb - va)
        self.before += float(va.sum())
        self.after += float(vb.sum())
        self.changed += int((va != vb).sum())

    def shift(self, cell: int, key: tuple[str, str], tolerance: Tolerance, games: int) -> Shift:
        n = self.diff.n
        diff, sd, p = t_test(self.diff)
        return Shift(cell=cell, measure=key[0], group=key[1], kind=self.kind, n=n,
                     before=self.before / n if n else 0.0, after=self.after / n if n else 0.0,
                     diff=diff, sd=sd, p=p, limit=tolerance.limit(key[0], self.kind),
                     discordant=self.changed / n if n else 0.0, games=games)


def _matched(a: Outcomes, b: Outcomes) -> tuple[Outcomes, Outcomes]:
    """Both runs restricted to the game indices they share, in the same order."""
    _, ia, ib = np.intersect1d(a.games, b.games, assume_unique=True, return_indices=True)
    return a.take(ia), b.take(ib)


def _in_order(parts: Iterable[Outcomes]) -> Iterator[Outcomes]:
    """The non-empty chunks, refusing a stream whose games go back (pairing needs order)."""
    last = -1
    for part in parts:
        if len(part.games) and part.games[0] <= last:
            raise GateError("the dataset's games are not in order across its shards ; write it "
                            "with 'sim run', which numbers shards in game order")
        if len(part.games):
            last = int(part.games[-1])
            yield part


def aligned(a: Iterable[Outcomes], b: Iterable[Outcomes]) -> Iterator[tuple[Outcomes, Outcomes]]:
    """Two streams of chunks in game order, as pairs of chunks holding the same games."""
    stream_a, stream_b = _in_order(a), _in_order(b)
    part_a, part_b = next(stream_a, None), next(stream_b, None)
    while part_a is not None and part_b is not None:
        upto = min(part_a.games[-1], part_b.games[-1])
        head_a, head_b = part_a.games <= upto, part_b.games <= upto
        yield _matched(part_a.take(np.flatnonzero(head_a)), part_b.take(np.flatnonzero(head_b)))
        part_a = part_a.take(np.flatnonzero(~head_a)) if not head_a.all() else next(stream_a, None)
        part_b = part_b.take(np.flatnonzero(~head_b)) if not head_b.all() else next(stream_b, None)


def _absent(like: Series) -> Series | None:
    """A series one run lacks: an end reason that never happened is a share of 0."""
    if like.measure != "end_reason":
        return None
    return Series(like.measure, like.group, like.kind, np.zeros_like(like.values),
                  np.ones_like(like.present))


Measures = Callable[[Outcomes], list[Series]]


def compare_cell(cell: int, a: Outcomes | Iterable[Outcomes], b: Outcomes | Iterable[Outcomes],
                 tolerance: Tolerance, measures: Measures = all_series) -> list[Shift]:
    """Every series (of ``measures``) of one cell, baseline ``a`` against current ``b``, each
    whole or as chunks in game order. An end reason neither run's chunk saw is 0 in both
    there."""
    tallies: dict[tuple[str, str], PairedTally] = {}
    in_a: set[tuple[str, str]] = set()
    paired_games = 0
    for part_a, part_b in aligned(in_chunks(a), in_chunks(b)):
        if not len(part_a.games):
            continue
        paired_games += len(part_a.games)
        before = {s.key: s for s in measures(part_a)}
        after = {s.key: s for s in measures(part_b)}
        in_a.update(before)
        for key in list(before) + [k for k in after if k not in before]:
            sa = before.get(key) or _absent(after[key])
            sb = after.get(key) or _absent(before[key])
            if sa is None or sb is None:
                continue
            both = sa.present & sb.present
            tallies.setdefault(key, PairedTally(sa.kind)).add(sa.values[both], sb.values[both])
    for (measure, _), tally in tallies.items():
        if measure == "end_reason":
            tally.diff.add_zeros(paired_games - tally.diff.n)
    order = in_series_order(k for k in tallies if k in in_a) + in_series_order(
        k for k in tallies if k not in in_a)
    return [tallies[key].shift(cell, key, tolerance, paired_games) for key in order]


def in_family(shifts: list[Shift]) -> list[Shift]:
    """The shifts that need a test: those of measures some paired game changed."""
    return [s for s in shifts if s.discordant > 0]


def simultaneous(shifts: list[Shift], alpha: float = ALPHA) -> None:
    """Set the intervals of the measures some game changed to the Bonferroni level."""
    family = in_family(shifts)
    for s in family:
        s.confidence = 1 - alpha / len(family)


def compare(pairs: list[tuple[int, Outcomes | Iterable[Outcomes], Outcomes | Iterable[Outcomes]]],
            tolerance: Tolerance, measures: Measures = all_series,
            alpha: float = ALPHA) -> list[Shift]:
    """Every series of every (cell, baseline, current) pair, each interval at the
    simultaneous level of the family of measures some game changed."""
    shifts = [s for cell, a, b in pairs for s in compare_cell(cell, a, b, tolerance, measures)]
    simultaneous(shifts, alpha)
    return shifts
