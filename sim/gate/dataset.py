"""Read a `sim run` folder for the gate: its manifest and each cell's outcomes."""

from __future__ import annotations

from pathlib import Path

import pyarrow.dataset as ds

from sim.gate import GateError
from sim.gate.outcomes import Outcomes, columns_to_read, from_table
from sim.runner.dataset import FORMAT, read_manifest


def read_run(folder: Path) -> tuple[dict, dict[int, Outcomes]]:
    """(run.json, {cell index: outcomes}) of a complete run folder."""
    manifest = read_manifest(folder)
    if manifest is None or manifest.get("format") != FORMAT:
        raise GateError(f"{str(folder)!r} is not a sim run folder (no valid run.json) ; give a "
                        "folder written by 'sim run'")
    if manifest.get("status") != "complete":
        raise GateError(f"{str(folder)!r} holds an unfinished run ; finish it with "
                        "'sim run ... --resume'")
    try:
        data = ds.dataset(folder / "data", format="parquet")
        table = data.to_table(columns=columns_to_read(data.schema.names))
    except (OSError, ValueError) as exc:  # pyarrow's errors derive from these
        raise GateError(f"{str(folder)!r}: cannot read its Parquet shards ({exc}) ; find the "
                        f"damaged shards with 'sim verify {folder}' and play them again with "
                        "'sim run ... --resume' and the original flags") from None
    played = {s["cell"]: s["games"] for s in manifest.get("stopped") or []}  # --until-ci
    cells = {}
    for entry in manifest["cells"]:
        index = entry["cell"]
        cells[index] = from_table(table.filter(ds.field("cell") == index))
        want = played.get(index, entry["games"])
        if len(cells[index].games) != want:
            raise GateError(f"{str(folder)!r}: cell {index} has {len(cells[index].games)} of its "
                            f"{want} games ; find the damaged or missing shards with 'sim verify "
                            f"{folder}' and play them again with 'sim run ... --resume' and the "
                            "original flags")
    return manifest, cells
