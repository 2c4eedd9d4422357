"""Paired comparison of two runs that share a seed: game i is the same deal in both.

For each series the per-game differences (current minus baseline, over the games where
it applies in both runs) get a paired t-test; Holm's method adjusts the p-values across
every series of every cell. A shift fails when it is significant after Holm *and*
larger than the tolerance: ``tolerance`` percentage points for shares, ``tolerance``
percent of the baseline value for means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from sim.aggregate.tallies import Moments
from sim.gate import GateError
from sim.gate.outcomes import Outcomes, in_chunks
from sim.gate.series import SHARE, TEAM, Series, all_series, in_series_order
from sim.stats import holm

ALPHA = 0.05


@dataclass
class Shift:
    cell: int
    measure: str
    group: str
    kind: str
    n: int  # paired games
    before: float
    after: float
    diff: float
    low: float  # 95% interval of the mean difference
    high: float
    p: float
    p_holm: float = 1.0
    limit: float = 0.0  # the tolerance in the series' own unit
    discordant: float = 0.0  # share of paired games whose value changed

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    @property
    def moved(self) -> bool:
        return self.significant and abs(self.diff) > self.limit

    @property
    def label(self) -> str:
        if (self.measure, self.group) == ("win_share", TEAM):
            return "survival"  # a cooperative game's one result
        return f"{self.measure.replace('_', ' ')} {self.group}"


def t_test(d: Moments) -> tuple[float, float, float, float]:
    """Mean difference, its 95% interval and the two-sided p-value of a paired t-test, from
    the moments of the per-game differences."""
    if d.n == 0:
        return 0.0, 0.0, 0.0, 1.0
    mean, sd = d.mean, d.std
    if sd == 0.0:  # every game moved by the same amount (usually none did)
        return mean, mean, mean, 1.0 if mean == 0.0 else 0.0
    se = sd / np.sqrt(d.n)
    half = float(stats.t.ppf(0.975, d.n - 1) * se)
    p = float(2 * stats.t.sf(abs(mean) / se, d.n - 1))
    return mean, mean - half, mean + half, p


def paired_test(before: np.ndarray, after: np.ndarray) -> tuple[float, float, float, float]:
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

    def shift(self, cell: int, key: tuple[str, str], tolerance_pp: float) -> Shift:
        n = self.diff.n
        diff, low, high, p = t_test(self.diff)
        base = self.before / n if n else 0.0
        limit = tolerance_pp / 100 * (1.0 if self.kind == SHARE else abs(base))
        return Shift(cell=cell, measure=key[0], group=key[1], kind=self.kind, n=n, before=base,
                     after=self.after / n if n else 0.0, diff=diff, low=low, high=high, p=p,
                     limit=limit, discordant=self.changed / n if n else 0.0)


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
                 tolerance_pp: float, measures: Measures = all_series) -> list[Shift]:
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
    return [tallies[key].shift(cell, key, tolerance_pp) for key in order]


def compare(pairs: list[tuple[int, Outcomes | Iterable[Outcomes], Outcomes | Iterable[Outcomes]]],
            tolerance_pp: float, measures: Measures = all_series) -> list[Shift]:
    """Every series of every (cell, baseline, current) pair, Holm-adjusted together."""
    shifts = [s for cell, a, b in pairs for s in compare_cell(cell, a, b, tolerance_pp, measures)]
    for s, adjusted in zip(shifts, holm([s.p for s in shifts]), strict=True):
        s.p_holm = float(adjusted)
    return shifts
