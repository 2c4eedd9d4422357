"""Flags over the whole report: one Holm family holds every share tested against its fair
value and every mode-order check, so adding cells or checks never loosens the bar."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reports.coop import OrderCheck
from reports.model import ALPHA, CellReport, Share
from sim.stats import holm


@dataclass(frozen=True)
class Flag:
    where: str  # the cell's label, empty when the report has one cell
    share: Share
    p_adjusted: float

    @property
    def sentence(self) -> str:
        s = self.share
        text = f"{s.subject} {s.verb} {s.percent_text} against a fair {100 * s.fair:.1f}%"
        return f"{self.where}: {text}" if self.where else text


@dataclass(frozen=True)
class OrderResult:
    check: OrderCheck
    p_adjusted: float
    inverted: bool  # the harder mode survives significantly and practically more often


@dataclass(frozen=True)
class Findings:
    flags: list[Flag]
    order: list[OrderResult]  # every mode-order check, in the order given
    shares_tested: int

    @property
    def inversions(self) -> list[OrderResult]:
        return [r for r in self.order if r.inverted]

    @property
    def tested(self) -> int:
        return self.shares_tested + len(self.order)


def find_flags(cells: list[CellReport], min_effect: float, checks: Sequence[OrderCheck] = (),
               alpha: float = ALPHA) -> Findings:
    """Shares whose Holm-adjusted p-value is below ``alpha`` and that miss the fair share by
    at least ``min_effect``, and mode-order checks where the harder mode survives more often
    by the same standard. Holm runs over every share and every check at once."""
    tested = [(c, s) for c in cells for s in c.tested]
    adjusted = holm([s.p for _, s in tested] + [k.p for k in checks])
    several = len(cells) > 1
    flags = [Flag(c.label if several else "", s, float(p))
             for (c, s), p in zip(tested, adjusted[:len(tested)], strict=True)
             if p < alpha and abs(s.share - s.fair) >= min_effect]
    order = [OrderResult(k, float(p), bool(p < alpha and k.difference >= min_effect))
             for k, p in zip(checks, adjusted[len(tested):], strict=True)]
    return Findings(flags=flags, order=order, shares_tested=len(tested))
