"""Is every shard of a run folder there, whole and this run's? (`sim verify`, `--resume`)

A shard passes when:

- its footer reads as Parquet and gives the batch's row count (games x rows per game:
  one per real seat, or one per game in a co-operative game);
- its schema metadata (``sim.run``, ``sim.cell``) names this run: format, game, scenario,
  seed, games per cell, batch size, and the cell's entry with its content hash;
- its schema metadata ``sim.batch`` names this batch: cell, batch number, first game and
  game count. It is part of the bytes the checksum covers, so a shard copied over another
  of its cell together with its checksum is caught. A shard written before shards carried
  it is checked by its ``game`` column's range instead (from the footer's statistics);
- its bytes match the SHA-256 written beside it (``checksums/``) when it was written. This
  catches any change to any byte, data pages included, without decoding the data.

A shard with no checksum (written by a version without them, or its checksum deleted) is
read in full instead, so damaged data pages that no longer decode are still caught.

A file in ``data/`` that is no shard of the plan (a stray) would be read as rows by every
Parquet reader, so it counts as damage too; ``--resume`` moves it out of ``data/`` into
``set-aside/``, keeping it.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from sim.runner import RunError
from sim.runner.batches import DATA_DIR, Batch, batches_for
from sim.runner.dataset import (
    FORMAT,
    MANIFEST,
    SET_ASIDE,
    batch_identity,
    checksum_path,
    file_sha256,
    open_run_folder,
    read_files,
)
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
    strays: list[str] = field(default_factory=list)  # paths in data/ that are no shard of the plan

    @property
    def intact(self) -> int:
        return len(self.expected) - len(self.missing) - len(self.damaged)

    @property
    def sound(self) -> bool:
        return not (self.missing or self.damaged or self.strays)


def _plain(value: object) -> Any:
    """``value`` as it reads back from JSON, so a plan and a manifest compare equal."""
    return json.loads(json.dumps(value, default=str, sort_keys=True))


def resume_command(manifest: dict | None) -> str:
    """The command that finishes or mends the run: a sensitivity run resumes with its own."""
    kind = "sensitivity" if manifest and manifest.get("sensitivity") is not None else "run"
    return f"sim {kind} ... --resume"


def repair_hint(out: Path, manifest: dict | None = None) -> str:
    """How readers tell a user to mend a folder with damaged or missing shards, keeping the
    good ones."""
    return (f"find the damaged or missing shards with 'sim verify {out}' and play them again "
            f"with '{resume_command(manifest)}' and the original flags")


def rows_per_game(cooperative: bool, players: int) -> int:
    return 1 if cooperative else int(players)


def expected_batches(manifest: dict, *, planned: bool = False) -> list[Batch]:
    """The shards a run folder should hold. After ``--until-ci`` a cell holds only the
    batches it played before it stopped (run.json ``stopped``); ``planned``: every batch
    of the plan all the same."""
    played = {} if planned else {s["cell"]: s["games"] for s in manifest.get("stopped") or []}
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
    placed = _placement(footer, meta, batch)
    if placed is not None:
        return placed
    record = checksum_path(out, batch)
    if record.is_file():
        try:
            recorded = record.read_text(encoding="utf-8").split()
        except (OSError, UnicodeDecodeError):
            recorded = []
        if len(recorded) != 2:
            return "its checksum file in checksums/ is damaged (not 'SHA-256  path')"
        if recorded[1] != batch.path:
            return f"its checksum in checksums/ is another shard's (it names {recorded[1]})"
        if file_sha256(path) != recorded[0]:
            return "bytes changed since it was written (SHA-256 differs from checksums/)"
        return None
    try:  # no checksum: decode every page instead
        pq.read_table(path)
    except (OSError, ValueError, pa.ArrowException) as exc:
        return f"data does not decode ({_first_line(exc)})"
    return None


def _games_text(first: int, count: int) -> str:
    return f"games {first}..{first + count - 1}"


def _batch_text(record: Any) -> str:
    """'cell 0 batch 3, games 150..199' from a ``sim.batch`` record, whatever it holds."""
    try:
        return (f"cell {int(record['cell'])} batch {int(record['batch'])}, "
                f"{_games_text(int(record['first_game']), int(record['games']))}")
    except (TypeError, KeyError, ValueError):
        return "a damaged sim.batch record"


def _placement(footer: pq.FileMetaData, meta: dict, batch: Batch) -> str | None:
    """Whether the shard holds this batch's games: its ``sim.batch`` record, or for a shard
    written without one, the range of its ``game`` column."""
    want = batch_identity(batch)
    if b"sim.batch" in meta:
        try:
            theirs = json.loads(meta[b"sim.batch"])
        except ValueError:
            return "no readable sim.batch metadata"
        if theirs != want:
            return (f"holds the games of another shard ({_batch_text(theirs)}) where batch "
                    f"{batch.index} ({_games_text(batch.first, batch.count)}) belongs")
        return None
    seen = _game_range(footer)
    last = batch.first + batch.count - 1
    if seen is not None and seen != (batch.first, last):
        return (f"holds games {seen[0]}..{seen[1]} where batch {batch.index} "
                f"({_games_text(batch.first, batch.count)}) belongs")
    return None


def _game_range(footer: pq.FileMetaData) -> tuple[int, int] | None:
    """(lowest, highest) ``game`` from the footer's column statistics, or None without them."""
    names = footer.schema.names
    if "game" not in names:
        return None
    column = names.index("game")
    low = high = None
    for g in range(footer.num_row_groups):
        stats = footer.row_group(g).column(column).statistics
        if stats is None or not stats.has_min_max:
            return None
        low = stats.min if low is None else min(low, stats.min)
        high = stats.max if high is None else max(high, stats.max)
    return None if low is None or high is None else (int(low), int(high))


def find_strays(out: Path, batches: list[Batch]) -> list[str]:
    """Files in ``data/`` that Parquet readers would read but are no shard of ``batches``."""
    known = {b.path for b in batches}
    return [path for path in read_files(out) if path not in known]


def inspect(out: Path, identity: dict, cooperative: bool, batches: list[Batch],
            planned: list[Batch] | None = None) -> Inspection:
    """Check each of ``batches`` in ``out``: missing, damaged or intact; and find the strays
    in ``data/``, files that are no shard of ``planned`` (default: ``batches``)."""
    cells = {c["cell"]: c for c in identity["cells"]}
    found = Inspection(expected=list(batches),
                       strays=find_strays(out, planned if planned is not None else batches))
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
    found = inspect_run(out, manifest, info.cooperative)
    batches = found.expected
    writer = holder(out)
    finished = manifest.get("status") == "complete"
    total = len(batches)
    if writer is None and finished and found.sound:
        every = f"all {total} shards" if total != 1 else "its 1 shard"
        return True, [f"{where}: complete, {every} intact ({manifest.get('games')} games)"]
    counts = [f"{len(found.damaged)} damaged" if found.damaged else "",
              f"{len(found.missing)} missing" if found.missing else ""]
    shards = " and ".join(c for c in counts if c)
    strays = f"{len(found.strays)} stray file(s) in {DATA_DIR}/" if found.strays else ""
    if shards:
        state = f"{shards} of {total} shards" + (f", {strays}" if strays else "")
        if not finished and manifest.get("until_ci") is not None:
            state += " (at most: --until-ci may stop sooner)"
    elif strays:
        state = f"all {total} shards intact, {strays}"
    else:
        state = f"all {total} shards intact"
    if writer is not None:
        summary = (f"{where}: incomplete, being written by another run ({who(writer)}): {state} "
                   "; wait for it to finish")
    else:
        fix = "replay them" if finished else "finish it"
        unfinished = "" if finished else ", the run did not finish"
        summary = (f"{where}: incomplete: {state}{unfinished} ; {fix} with "
                   f"'{resume_command(manifest)}' and the original flags")
    lines = [summary]
    for damage in found.damaged[:SHOWN]:
        lines.append(f"  damaged {damage.batch.path}: {damage.problem}")
    if len(found.damaged) > SHOWN:
        lines.append(f"  ... and {len(found.damaged) - SHOWN} more damaged")
    for batch in found.missing[:SHOWN]:
        lines.append(f"  missing {batch.path}")
    if len(found.missing) > SHOWN:
        lines.append(f"  ... and {len(found.missing) - SHOWN} more missing")
    for stray in found.strays[:SHOWN]:
        lines.append(f"  stray {stray}: not a shard of this run (--resume moves it to {SET_ASIDE}/)")
    if len(found.strays) > SHOWN:
        lines.append(f"  ... and {len(found.strays) - SHOWN} more stray")
    return False, lines


def inspect_run(out: Path, manifest: dict, cooperative: bool) -> Inspection:
    """``inspect`` of every shard run.json expects; RunError when run.json lacks the plan."""
    try:
        return inspect(out, manifest, cooperative, expected_batches(manifest),
                       expected_batches(manifest, planned=True))
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RunError(f"{str(out)!r}: its {MANIFEST} lacks the plan (cells, batch size) ; give a "
                       "folder written by 'sim run'") from None


def require_intact(out: Path, manifest: dict, cooperative: bool, error: type[Exception]) -> None:
    """``error`` with one line naming the first problem unless every shard is there, intact,
    with no stray beside them: what `sim report` and `sim compare` read is what `sim verify`
    passes."""
    try:
        found = inspect_run(out, manifest, cooperative)
    except RunError as exc:
        raise error(str(exc)) from None
    if found.sound:
        return
    if found.damaged:
        first = f"shard {found.damaged[0].batch.path} is damaged ({found.damaged[0].problem})"
    elif found.missing:
        first = f"shard {found.missing[0].path} is missing"
    else:
        first = f"{found.strays[0]} in {DATA_DIR}/ is not a shard of this run"
    others = len(found.damaged) + len(found.missing) + len(found.strays) - 1
    more = f" (and {others} more problem(s))" if others else ""
    raise error(f"{str(out)!r}: {first}{more} ; {repair_hint(out, manifest)}")
