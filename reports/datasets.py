"""Read `sim run` folders: the manifest (run.json) and one cell's aggregates at a time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reports.tally import CellTally, columns_to_read
from sim.aggregate.scan import open_data, whole_games
from sim.games.registry import GameInfo
from sim.runner.batches import DATA_DIR
from sim.runner.dataset import open_run_folder
from sim.runner.integrity import repair_hint, require_intact, resume_command


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
    manifest, info = open_run_folder(path, ReportError)
    if manifest.get("status") != "complete":
        raise ReportError(f"{str(path)!r} holds an unfinished run ; finish it with "
                          f"'{resume_command(manifest)}' and the original flags")
    require_intact(path, manifest, info.cooperative, ReportError)
    return Run(path=path, manifest=manifest, info=info)


def read_cell(run: Run, cell: dict) -> CellTally:
    """One cell's aggregates, from one scan of its rows in chunks of whole games."""
    index = cell["cell"]
    try:
        data = open_data(run.path / DATA_DIR)
        tally = CellTally(columns=tuple(data.schema.names), pick=run.info.pick_column)
        if tally.has("game"):
            for chunk in whole_games(data, index, columns_to_read(data.schema.names, tally.pick)):
                tally.add(chunk, int(cell["players"]))
    except (OSError, ValueError) as exc:
        raise ReportError(f"{str(run.path)!r}: cannot read the Parquet data ({exc}) ; "
                          f"{repair_hint(run.path, run.manifest)}") from None
    if tally.games != cell["games"]:
        raise ReportError(f"{str(run.path)!r}: cell {index} has {tally.games} of its {cell['games']} "
                          f"games ; {repair_hint(run.path, run.manifest)}")
    return tally
