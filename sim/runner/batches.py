"""Cut a cell's games into batches; each batch is one Parquet shard with a fixed name."""

from __future__ import annotations

from dataclasses import dataclass

from sim.runner import RunError

DATA_DIR = "data"
# Limits that keep a plan's memory bounded, and the widths of the shard names below: a
# cell's batches are listed up front, and a batch's rows are held in memory while it is
# written.
MAX_CELLS = 1_000
MAX_SHARDS_PER_CELL = 100_000
MAX_SHARDS = 1_000_000  # in all cells of a run
MAX_BATCH_SIZE = 1_000_000


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


def check_size(games: int, batch_size: int, cells: int) -> None:
    """RunError naming the limit when the games, batch size or cells exceed it."""
    if batch_size > MAX_BATCH_SIZE:
        raise RunError(f"--batch-size {batch_size} is more than the {MAX_BATCH_SIZE:,} games a "
                       "shard holds at most ; give a smaller --batch-size")
    shards = -(-games // batch_size)
    if shards > MAX_SHARDS_PER_CELL:
        raise RunError(f"--n {games} in shards of {batch_size} games is {shards:,} shards per cell, "
                       f"more than the {MAX_SHARDS_PER_CELL:,} a cell holds at most ; lower --n "
                       f"or raise --batch-size (at most {MAX_BATCH_SIZE:,})")
    if cells > MAX_CELLS:
        raise RunError(f"the player counts and sweeps make {cells:,} cells, more than the "
                       f"{MAX_CELLS:,} a run holds at most ; sweep fewer values or split the run")
    if shards * cells > MAX_SHARDS:
        raise RunError(f"{cells:,} cells of {shards:,} shards make {shards * cells:,} shards, more "
                       f"than the {MAX_SHARDS:,} a run holds at most ; lower --n, raise "
                       "--batch-size or sweep fewer values")


def batches_for(cell: int, games: int, batch_size: int) -> list[Batch]:
    return [Batch(cell, i, first, min(batch_size, games - first))
            for i, first in enumerate(range(0, games, batch_size))]
