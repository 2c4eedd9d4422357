"""Flags over the whole report: one Holm family holds every effect tested, so adding cells
or checks never loosens the bar. Each effect is tested once: a cell's seats together (one
test, ``SeatTest``), each pick and each strategy against what its seats alone would give
it (two strategies sharing every table are one effect), and every mode-order check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reports.coop import OrderCheck
from reports.model import ALPHA, CellReport, SeatTest, Share
from sim.stats import holm


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@dataclass(frozen=True)
class Flag:
    where: str  # the cell's label, empty when the report has one cell
    share: Share  # the share flagged (for the seats, the one furthest from fair)
    p_adjusted: float
    seats: SeatTest | None = None  # set when the flag is the seats' joint test

    @property
    def sentence(self) -> str:
        s = self.share
        if self.seats is not None:
            each = ", ".join(f"{seat.subject} {seat.percent_text}" for seat in self.seats.seats)
            text = f"Seats win unequally: {each} against a fair {_pct(s.fair)} each"
        elif s.expected is not None and abs(s.expected - s.fair) >= 0.0005:
            text = (f"{s.subject} {s.verb} {s.percent_text} against {_pct(s.expected)} expected "
                    f"from the seats it sat in (fair {_pct(s.fair)})")
        else:
            text = f"{s.subject} {s.verb} {s.percent_text} against a fair {_pct(s.fair)}"
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
    shares_tested: int  # shares and seat tests

    @property
    def inversions(self) -> list[OrderResult]:
        return [r for r in self.order if r.inverted]

    @property
    def tested(self) -> int:
        return self.shares_tested + len(self.order)


def effects(cells: list[CellReport]) -> list[tuple[CellReport, Share, SeatTest | None]]:
    """Every effect the report tests, once each: per cell its seats' joint test (carried
    by the seat furthest from fair), then each share tested on its own."""
    out: list[tuple[CellReport, Share, SeatTest | None]] = []
    for c in cells:
        if c.seat_test is not None:
            out.append((c, c.seat_test.furthest, c.seat_test))
        out += [(c, s, None) for s in c.tested]
    return out


def find_flags(cells: list[CellReport], min_effect: float, checks: Sequence[OrderCheck] = (),
               alpha: float = ALPHA) -> Findings:
    """Effects whose Holm-adjusted p-value is below ``alpha`` and that miss what is expected
    by at least ``min_effect``, and mode-order checks where the harder mode survives more
    often by the same standard. Holm runs over every effect and every check at once."""
    tested = effects(cells)
    adjusted = holm([seats.p if seats else s.p for _, s, seats in tested] + [k.p for k in checks])
    several = len(cells) > 1
    flags = [Flag(c.label if several else "", s, float(p), seats)
             for (c, s, seats), p in zip(tested, adjusted[:len(tested)], strict=True)
             if p < alpha and abs(s.share - s.target) >= min_effect]
    order = [OrderResult(k, float(p), bool(p < alpha and k.difference >= min_effect))
             for k, p in zip(checks, adjusted[len(tested):], strict=True)]
    return Findings(flags=flags, order=order, shares_tested=len(tested))
