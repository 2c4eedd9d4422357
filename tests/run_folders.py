"""A small run folder to damage (the fixtures ``reference`` and ``copy``, in conftest.py):
its flags, shard names and rows, shared by the tests of what `sim verify`, `--resume` and
the readers make of a folder."""

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

import sim.runner.dataset as dataset
from sim.runner.batches import Batch

KEYS = ["cell", "game", "seat"]
SHARD = "data/cell-000/part-{:05d}.parquet"
CHECKSUM = "checksums/cell-000/part-{:05d}.sha256"


def flags(n: int = 200, seed: int = 5) -> list[str]:
    """A 3-player run of random seats in shards of 50 games."""
    return ["--game", "pericles", "--players", "3", "--n", str(n), "--batch-size", "50",
            "--strategies", "random", "--seed", str(seed), "--workers", "1"]


def rows(out: Path) -> pd.DataFrame:
    return pd.read_parquet(out / "data").sort_values(KEYS).reset_index(drop=True)


def rewrite(out: Path, index: int, change) -> None:
    """Rewrite a shard of cell 0 through ``change(table)`` and record its new checksum, so
    only the footer checks can tell."""
    path = out / SHARD.format(index)
    table = change(pq.read_table(path))
    pq.write_table(table, path, compression="zstd")
    record = dataset.checksum_path(out, Batch(0, index, 50 * index, 50))
    record.write_text(f"{dataset.file_sha256(path)}  {SHARD.format(index)}\n")
