"""Pick win shares adjusted for seat: each seat's win share of the pick, averaged over
the seats with equal weight, so a pick that the draft (or the deal) puts in a strong
seat more often than in a weak one is not credited with the seat's edge.

With a rotated design (sim.rotation) every pick sits in every seat equally often, the
average is the seat-balanced share and equals the raw share over whole blocks. With a
drafted or dealt design it is a seat-stratified estimate: the share the pick would have
if it sat in each seat equally often and won there as often as it did. The interval
treats the seats' shares as independent binomial estimates (variance of the mean of the
seats' shares); a seat where the pick was never played leaves it out, and the table says
over how many seats the average runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reports.play_tally import PlayTally
from sim.rotation import ROTATED

Z95 = 1.959963984540054
BALANCED, STRATIFIED = "seat-balanced", "seat-stratified"


@dataclass(frozen=True)
class SeatAdjusted:
    share: float
    low: float
    high: float
    seats: int  # seats the pick was played in
    players: int


def method(design: str | None) -> str:
    """How a cell's picks are adjusted for seat, from how they came to their seats."""
    return BALANCED if design == ROTATED else STRATIFIED


def seat_adjusted(tally: PlayTally, players: int) -> dict[str, SeatAdjusted]:
    """Per pick (its dataset name), the mean over seats of its win share in each seat."""
    by_pick: dict[str, list[tuple[int, float]]] = {}
    for (pick, _seat), n in tally.by_seat.count.items():
        by_pick.setdefault(pick, []).append((n, tally.by_seat.total[(pick, _seat)]))
    out = {}
    for pick, seats in sorted(by_pick.items()):
        shares = [w / n for n, w in seats]
        mean = sum(shares) / len(shares)
        var = sum(p * (1 - p) / n for (n, _), p in zip(seats, shares, strict=True)) / len(seats) ** 2
        half = Z95 * math.sqrt(var)
        out[pick] = SeatAdjusted(mean, max(0.0, mean - half), min(1.0, mean + half), len(seats),
                                 players)
    return out
