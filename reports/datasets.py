"""Read `sim run` folders: the manifest (run.json) and one cell's rows at a time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from sim.games.registry import GameInfo
from sim.runner.batches import DATA_DIR
from sim.runner.dataset import open_run_folder


class ReportError(ValueError):
    """A dataset the report cannot use. One-line message: what is wrong ; how to fix it."""


def repair_hint(path: Path) -> str:
    """How to mend a run folder with damaged or missing shards, keeping the good ones."""
    return (f"find the damaged or missing shards with 'sim verify {path}' and play them again "
            "with 'sim run ... --resume' and the original flags")


@dataclass(frozen=True)
class Run:
    """One `sim run` output folder."""

    path: Path
    manifest: dict
    info: GameInfo

    @property
    def label(self) -> str:
        return self.path.resolve().name

    @property
    def cells(self) -> list[dict]:
        return self.manifest["cells"]


def open_run(path: Path) -> Run:
    """The folder's manifest, checked: a complete run of a game the registry knows."""
    manifest, info = open_run_folder(path, ReportError)
    if manifest.get("status") != "complete":
        raise ReportError(f"{str(path)!r} holds an unfinished run ; finish it with 'sim run --resume' "
                          "and the original flags")
    return Run(path=path, manifest=manifest, info=info)


def read_cell(run: Run, cell: dict) -> pd.DataFrame:
    """Every row of one cell. Strings are read as the dictionaries Parquet stores them in
    (pandas categoricals): far faster and smaller than one string per row."""
    index = cell["cell"]
    try:
        found = pads.dataset(run.path / DATA_DIR, format="parquet")
        strings = [f.name for f in found.schema if pa.types.is_string(f.type)]
        as_read = pads.ParquetFileFormat(read_options=pads.ParquetReadOptions(dictionary_columns=strings))
        table = pads.dataset(run.path / DATA_DIR, format=as_read).to_table(
            filter=pads.field("cell") == index)
    except (OSError, ValueError) as exc:
        raise ReportError(f"{str(run.path)!r}: cannot read the Parquet data ({exc}) ; "
                          f"{repair_hint(run.path)}") from None
    frame = table.to_pandas()
    found = frame["game"].nunique() if "game" in frame else 0
    if found != cell["games"]:
        raise ReportError(f"{str(run.path)!r}: cell {index} has {found} of its {cell['games']} "
                          f"games ; {repair_hint(run.path)}")
    return frame
