"""Read `sim run` folders: the manifest (run.json) and one cell's rows at a time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from sim.games.registry import GameInfo, UnknownGame, get_game
from sim.runner.batches import DATA_DIR
from sim.runner.dataset import FORMAT, MANIFEST, read_manifest


class ReportError(ValueError):
    """A dataset the report cannot use. One-line message: what is wrong ; how to fix it."""


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
    where = str(path)
    if not path.is_dir():
        raise ReportError(f"{where!r} is not a folder ; give a folder written by 'sim run'")
    manifest = read_manifest(path)
    if manifest is None or manifest.get("format") != FORMAT or not manifest.get("cells"):
        raise ReportError(f"{where!r} has no valid {MANIFEST} ; give a folder written by 'sim run'")
    if manifest.get("status") != "complete":
        raise ReportError(f"{where!r} holds an unfinished run ; finish it with 'sim run --resume' "
                          "and the original flags")
    try:
        info = get_game(manifest.get("game", ""))
    except UnknownGame as exc:
        raise ReportError(f"{where!r}: {exc} ; make the report with a version of the tool "
                          "that knows this game") from None
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
        raise ReportError(f"{str(run.path)!r}: cannot read the Parquet data ({exc}) ; rerun "
                          "'sim run' with --overwrite") from None
    frame = table.to_pandas()
    found = frame["game"].nunique() if "game" in frame else 0
    if found != cell["games"]:
        raise ReportError(f"{str(run.path)!r}: cell {index} has {found} of its {cell['games']} "
                          "games ; rerun 'sim run' with --overwrite")
    return frame
