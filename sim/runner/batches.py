"""Cut a cell's games into batches; each batch is one Parquet shard with a fixed name."""

from __future__ import annotations

from dataclasses import dataclass

DATA_DIR = "data"


@dataclass(frozen=True)
class Batch:
    cell: int
    index: int  # batch number within the cell
    first: int  # first game index (games are pure functions of seed and index)
    count: int

    @property
    def path(self) -> str:
        """Shard path relative to the output folder."""
        return f"{DATA_DIR}/cell-{self.cell:03d}/part-{self.index:05d}.parquet"


def batches_for(cell: int, games: int, batch_size: int) -> list[Batch]:
    return [Batch(cell, i, first, min(batch_size, games - first))
            for i, first in enumerate(range(0, games, batch_size))]
