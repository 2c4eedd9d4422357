"""Read a `sim run` folder for the gate: its manifest and each cell's outcomes, streamed
in chunks of whole games so memory follows the chunk, not the run."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pyarrow.dataset as pads

from sim.aggregate.scan import open_data, whole_games
from sim.gate import GateError
from sim.gate.outcomes import Outcomes, columns_to_read, from_table
from sim.runner.batches import DATA_DIR
from sim.runner.dataset import open_run_folder
from sim.runner.integrity import repair_hint, require_intact, resume_command, rows_per_game


@dataclass(frozen=True)
class CellOutcomes:
    """One cell of a run folder. Iterating reads its outcomes chunk by chunk in game order
    and, at the end, checks that the run.json's number of games was found."""

    folder: Path
    data: pads.Dataset
    cell: int
    games: int
    detailed: bool = False  # read the columns of the detailed measures too

    def __iter__(self) -> Iterator[Outcomes]:
        found = 0
        try:
            columns = columns_to_read(self.data.schema.names, self.detailed)
            for chunk in whole_games(self.data, self.cell, columns):
                outcomes = from_table(chunk)
                found += len(outcomes.games)
                yield outcomes
        except GateError:
            raise
        except (OSError, ValueError) as exc:  # pyarrow's errors derive from these
            raise GateError(f"{str(self.folder)!r}: cannot read its Parquet shards ({exc}) ; "
                            f"{repair_hint(self.folder)}") from None
        if found != self.games:
            raise GateError(f"{str(self.folder)!r}: cell {self.cell} has {found} of its "
                            f"{self.games} games ; {repair_hint(self.folder)}")


def read_run(folder: Path, detailed: bool = False) -> tuple[dict, dict[int, CellOutcomes]]:
    """(run.json, {cell index: its outcomes, read when iterated}) of a complete run folder
    whose shards hold every game (counted from their footers); ``detailed`` reads the
    columns of ``sim.gate.series.detailed_series`` too."""
    manifest, info = open_run_folder(folder, GateError)
    if manifest.get("status") != "complete":
        raise GateError(f"{str(folder)!r} holds an unfinished run ; finish it with "
                        f"'{resume_command(manifest)}'")
    cooperative = info.cooperative
    require_intact(folder, manifest, cooperative, GateError)
    played = {s["cell"]: s["games"] for s in manifest.get("stopped") or []}  # --until-ci
    cells = {}
    try:
        data = open_data(folder / DATA_DIR)
        for entry in manifest["cells"]:
            index, want = entry["cell"], played.get(entry["cell"], entry["games"])
            per_game = rows_per_game(cooperative, entry["players"])
            rows = data.count_rows(filter=pads.field("cell") == index)  # from the footers
            if rows != want * per_game:
                raise GateError(f"{str(folder)!r}: cell {index} has {rows // per_game} of its "
                                f"{want} games ; {repair_hint(folder, manifest)}")
            cells[index] = CellOutcomes(folder, data, index, want, detailed)
    except GateError:
        raise
    except (OSError, ValueError) as exc:
        raise GateError(f"{str(folder)!r}: cannot read its Parquet shards ({exc}) ; "
                        f"{repair_hint(folder, manifest)}") from None
    return manifest, cells
