"""`sim run --until-ci`: stop a cell once every win-share interval is narrow enough.

Fed one batch of rows at a time, it keeps each group's win-share total and game count
(seat, Role and strategy, as in the gate's summary) and the widest 95% Wilson interval.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from sim.aggregate.tallies import Sums
from sim.gate.outcomes import columns_to_read, from_table
from sim.gate.series import win_shares
from sim.stats import wilson_interval

INTERVAL = "interval"  # stop reasons recorded in run.json
LIMIT = "n"


class StopRule:
    def __init__(self, half_width: float):
        self.half_width = half_width
        self.shares = Sums()  # per group: games where it plays, win shares summed
        self.games = 0

    def add(self, table: pa.Table) -> None:
        outcomes = from_table(table)
        self.games += len(outcomes.games)
        for s in win_shares(outcomes):
            self.shares.add(s.group, s.present.sum(), s.values[s.present].sum())

    def add_shard(self, path: Path) -> None:
        """A shard written by an earlier session (--resume)."""
        self.add(pq.read_table(path, columns=columns_to_read(pq.read_schema(path).names)))

    def widest(self) -> tuple[str, float]:
        """The group with the widest interval and that interval's half-width."""
        groups = list(self.shares.count)
        low, high = wilson_interval([self.shares.total[g] for g in groups],
                                    [self.shares.count[g] for g in groups])
        halves = (high - low) / 2
        i = int(halves.argmax())
        return groups[i], float(halves[i])

    @property
    def reached(self) -> bool:
        return self.games > 0 and self.widest()[1] < self.half_width

    def record(self, cell: int) -> dict[str, object]:
        group, half = self.widest()
        return {"cell": cell, "reason": INTERVAL if half < self.half_width else LIMIT,
                "games": self.games, "widest_group": group, "widest_half_width": round(half, 6)}
