"""Is every shard of a run folder there, whole and this run's? (`sim verify`, `--resume`)

A shard passes when:

- its footer reads as Parquet and gives the batch's row count (games x rows per game:
  one per real seat, or one per game in a co-operative game);
- its schema metadata (``sim.run``, ``sim.cell``) names this run: format, game, scenario,
  seed, games per cell, batch size, and the cell's entry with its content hash;
- its bytes match the SHA-256 written beside it (``checksums/``) when it was written. This
  catches any change to any byte, data pages included, without decoding the data.

A shard with no checksum (written by a version without them, or its checksum deleted) is
read in full instead, so damaged data pages that no longer decode are still caught.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from sim.runner import RunError
from sim.runner.batches import Batch, batches_for
from sim.runner.dataset import FORMAT, MANIFEST, checksum_path, file_sha256, open_run_folder
from sim.runner.lock import holder, who

RUN_KEYS = ("format", "game", "scenario", "seed", "games_per_cell", "batch_size")


@dataclass(frozen=True)
class Damage:
    batch: Batch
    problem: str


@dataclass
class Inspection:
    """What a folder holds of the shards it should hold."""

    expected: list[Batch]
    missing: list[Batch] = field(default_factory=list)
    damaged: list[Damage] = field(default_factory=list)

    @property
    def intact(self) -> int:
        return len(self.expected) - len(self.missing) - len(self.damaged)


def _plain(value: object) -> object:
    """``value`` as it reads back from JSON, so a plan and a manifest compare equal."""
    return json.loads(json.dumps(value, default=str, sort_keys=True))


def repair_hint(out: Path) -> str:
    """How readers tell a user to mend a folder with damaged or missing shards, keeping the
    good ones."""
    return (f"find the damaged or missing shards with 'sim verify {out}' and play them again "
            "with 'sim run ... --resume' and the original flags")


def rows_per_game(cooperative: bool, players: int) -> int:
    return 1 if cooperative else int(players)


def expected_batches(manifest: dict) -> list[Batch]:
    """The shards a run folder should hold. After ``--until-ci`` a cell holds only the
    batches it played before it stopped (run.json ``stopped``)."""
    played = {s["cell"]: s["games"] for s in manifest.get("stopped") or []}
    size = int(manifest["batch_size"])
    return [b for c in manifest["cells"]
            for b in batches_for(c["cell"], int(played.get(c["cell"], c["games"])), size)]


def _first_line(exc: Exception) -> str:
    """The first sentence of an Arrow error, e.g. 'Parquet magic bytes not found in footer'."""
    text = str(exc).strip().splitlines()
    return text[0].split(". ")[0].rstrip(".") if text else type(exc).__name__


def shard_problem(out: Path, batch: Batch, identity: dict, cell: dict, rows: int) -> str | None:
    """What is wrong with the batch's existing shard, or None when it is intact.

    ``identity`` is the run's identity (Plan.identity() or run.json), ``cell`` its entry
    for the batch's cell and ``rows`` the rows per game.
    """
    path = out / batch.path
    if not path.is_file():
        return "not a file"
    size = path.stat().st_size
    if size == 0:
        return "empty file (0 bytes)"
    try:
        footer = pq.read_metadata(path)
    except (OSError, ValueError, pa.ArrowException) as exc:
        return f"not readable as Parquet, cut short or overwritten ({_first_line(exc)})"
    want = batch.count * rows
    if footer.num_rows != want:
        return f"{footer.num_rows} rows where its {batch.count} games give {want}"
    meta = footer.metadata or {}
    try:
        run_meta = json.loads(meta[b"sim.run"])
        cell_meta = json.loads(meta[b"sim.cell"])
    except (KeyError, ValueError):
        return "no readable sim.run / sim.cell metadata"
    ours = _plain({k: identity.get(k) for k in RUN_KEYS if k != "format"} | {"format": FORMAT})
    theirs = {k: run_meta.get(k) for k in ours}
    if theirs != ours:
        diff = next(k for k in ours if theirs[k] != ours[k])
        return f"written by another run ({diff} differs)"
    entry = _plain(cell)
    if cell_meta != entry:
        diff = next((k for k in entry if cell_meta.get(k) != entry[k]), "cell")
        return f"written for another cell ({diff} differs)"
    record = checksum_path(out, batch)
    if record.is_file():
        try:
            recorded = record.read_text(encoding="utf-8").split()[0]
        except (OSError, UnicodeDecodeError, IndexError):
            recorded = ""
        if file_sha256(path) != recorded:
            return "bytes changed since it was written (SHA-256 differs from checksums/)"
        return None
    try:  # no checksum: decode every page instead
        pq.read_table(path)
    except (OSError, ValueError, pa.ArrowException) as exc:
        return f"data does not decode ({_first_line(exc)})"
    return None


def inspect(out: Path, identity: dict, cooperative: bool, batches: list[Batch]) -> Inspection:
    """Check each of ``batches`` in ``out``: missing, damaged or intact."""
    cells = {c["cell"]: c for c in identity["cells"]}
    found = Inspection(expected=list(batches))
    for batch in batches:
        path = out / batch.path
        if not path.exists() and not path.is_symlink():
            found.missing.append(batch)
            continue
        cell = cells[batch.cell]
        problem = shard_problem(out, batch, identity, cell, rows_per_game(cooperative, cell["players"]))
        if problem is not None:
            found.damaged.append(Damage(batch, problem))
    return found


def remove_shard(out: Path, batch: Batch) -> None:
    """Delete a damaged shard and its checksum, so the batch counts as missing."""
    path = out / batch.path
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    checksum_path(out, batch).unlink(missing_ok=True)


SHOWN = 5  # shards named per kind below the summary line


def verify_folder(out: Path) -> tuple[bool, list[str]]:
    """`sim verify`: (complete and intact, lines to print: one summary line, then a few of
    the damaged and missing shards). Reads only; raises RunError for a folder that holds
    no run."""
    where = str(out)
    manifest, info = open_run_folder(out)
    try:
        batches = expected_batches(manifest)
        found = inspect(out, manifest, info.cooperative, batches)
    except (KeyError, TypeError, ValueError):
        raise RunError(f"{where!r}: its {MANIFEST} lacks the plan (cells, batch size) ; give a "
                       "folder written by 'sim run'") from None
    writer = holder(out)
    finished = manifest.get("status") == "complete"
    total = len(batches)
    if writer is None and finished and not found.missing and not found.damaged:
        every = f"all {total} shards" if total != 1 else "its 1 shard"
        return True, [f"{where}: complete, {every} intact ({manifest.get('games')} games)"]
    counts = [f"{len(found.damaged)} damaged" if found.damaged else "",
              f"{len(found.missing)} missing" if found.missing else ""]
    shards = " and ".join(c for c in counts if c)
    if shards:
        state = f"{shards} of {total} shards"
        if not finished and manifest.get("until_ci") is not None:
            state += " (at most: --until-ci may stop sooner)"
    else:
        state = f"all {total} shards intact"
    if writer is not None:
        summary = (f"{where}: incomplete, being written by another run ({who(writer)}): {state} "
                   "; wait for it to finish")
    else:
        fix = "replay them" if finished else "finish it"
        unfinished = "" if finished else ", the run did not finish"
        summary = (f"{where}: incomplete: {state}{unfinished} ; {fix} with 'sim run ... --resume' "
                   "and the original flags")
    lines = [summary]
    for damage in found.damaged[:SHOWN]:
        lines.append(f"  damaged {damage.batch.path}: {damage.problem}")
    if len(found.damaged) > SHOWN:
        lines.append(f"  ... and {len(found.damaged) - SHOWN} more damaged")
    for batch in found.missing[:SHOWN]:
        lines.append(f"  missing {batch.path}")
    if len(found.missing) > SHOWN:
        lines.append(f"  ... and {len(found.missing) - SHOWN} more missing")
    return False, lines
