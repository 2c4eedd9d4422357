"""The output folder: run.json, Parquet shards written atomically, and its safety checks.

Layout::

    <out>/run.json                               the manifest
    <out>/data/cell-000/part-00000.parquet       one shard per (cell, batch)
    <out>/checksums/cell-000/part-00000.sha256   the shard's SHA-256, written with it
    <out>/.sim.lock                              held while a run writes (sim.runner.lock)

A shard is written as ``_part-NNNNN.parquet.tmp`` and renamed into place, so a killed
run leaves only whole shards (readers skip names starting with ``_``). Its checksum is
put in place just before it, so every shard written by this version has one
(sim.runner.integrity checks them).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import subprocess
from importlib import metadata
from pathlib import Path

import numba
import pyarrow as pa
import pyarrow.parquet as pq

import sim
from sim import inputs
from sim.games.registry import GameInfo, UnknownGame, get_game
from sim.inputs import Either, InputError, Items, Record, Text, Whole
from sim.runner import RunError
from sim.runner.batches import DATA_DIR, MAX_BATCH_SIZE, MAX_CELLS, Batch
from sim.runner.lock import LOCK_NAME, busy_message, holder
from sim.runner.values import MAX_COUNT
from sim.writable import write_problem

MANIFEST = "run.json"
FORMAT = "sim-run/1"
CHECKSUM_DIR = "checksums"
SET_ASIDE = "set-aside"  # where files that do not belong in data/ are moved, never deleted
REPO_ROOT = Path(__file__).resolve().parents[2]


def package_version() -> str:
    try:
        return metadata.version("board-sim")
    except metadata.PackageNotFoundError:
        return sim.__version__


def git_revision() -> str | None:
    """The checkout's commit (``+dirty`` when tracked files changed), or None."""
    if not (REPO_ROOT / ".git").exists():
        return None
    try:
        rev = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO_ROOT), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True,
                               timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{rev}+dirty" if dirty else rev


def environment() -> dict[str, object]:
    return {"package_version": package_version(), "git_revision": git_revision(),
            "numba_version": numba.__version__, "pyarrow_version": pa.__version__,
            "python_version": platform.python_version()}


def rows_path(out: Path) -> Path:
    """The folder of a run's Parquet rows: the shards without run.json and checksums."""
    return out / DATA_DIR


def read_line(out: Path) -> str:
    """The pandas line that reads a run's rows, printed by `sim run` (docs/output.md)."""
    return f"pd.read_parquet({rows_path(out).as_posix()!r})"


CELL = Record({"cell": Whole(0, MAX_CELLS - 1), "players": Whole(1, 64), "games": Whole(0, MAX_COUNT),
               "strategies": Items(Text(200), 64, 1), "mode": Text(200),
               "sweep": Either((inputs.Table(inputs.Anything(), 100), inputs.Missing())),
               "settings": inputs.Table(inputs.Anything(), 100),
               "overrides": inputs.Table(inputs.Anything(), 10_000)},
              optional=("strategies", "mode", "sweep", "settings", "overrides"), others=True)
# What every reader of run.json relies on; a run.json lacking it is not a run folder.
RUN_JSON = Record({
    "format": Text(100, (FORMAT,)), "game": Text(100), "seed": Whole(0, 2**63 - 1),
    "games_per_cell": Whole(1, MAX_COUNT), "batch_size": Whole(1, MAX_BATCH_SIZE),
    "games": Whole(0, MAX_COUNT * MAX_CELLS), "cells": Items(CELL, MAX_CELLS, 1),
    "status": Text(100), "stopped": Items(Record({"cell": Whole(0, MAX_CELLS - 1),
                                                  "games": Whole(0, MAX_COUNT)}, others=True),
                                           MAX_CELLS),
}, optional=("status", "stopped"), others=True)


def load_manifest(out: Path) -> dict:
    """The folder's run.json checked against ``RUN_JSON``; InputError naming what is wrong."""
    try:
        manifest = inputs.check(inputs.parse_json(inputs.read_text(out / MANIFEST)), RUN_JSON)
    except json.JSONDecodeError:
        raise InputError("the file is not JSON") from None
    indices = [cell["cell"] for cell in manifest["cells"]]
    if indices != list(range(len(indices))):
        raise InputError(f"the cells are numbered {indices[:5]}, not 0, 1, 2 ...")
    return manifest


def read_manifest(out: Path) -> dict | None:
    """``load_manifest``, or None when the folder has no valid run.json."""
    try:
        return load_manifest(out)
    except InputError:
        return None


def open_run_folder(out: Path, error: type[Exception] = RunError) -> tuple[dict, GameInfo]:
    """The manifest of a folder written by `sim run`, and its game; ``error`` with one line
    naming the problem otherwise."""
    where = str(out)
    if not out.is_dir():
        raise error(f"{where!r} is not a folder ; give a folder written by 'sim run'")
    try:
        manifest = load_manifest(out)
    except InputError as exc:
        why = f" ({exc})" if (out / MANIFEST).exists() else ""
        raise error(f"{where!r} is not a sim run folder: it has no valid {MANIFEST}{why} ; give a "
                    "folder written by 'sim run'") from None
    try:
        info = get_game(manifest["game"])
    except UnknownGame as exc:
        raise error(f"{where!r}: {exc} ; use a version of the tool that knows this game") from None
    return manifest, info


def check_out(out: Path, identity: dict, *, resume: bool, overwrite: bool,
              locked: bool = False) -> str:
    """Decide what to do with ``out`` before writing anything: 'new', 'resume' or 'replace'.

    A folder another live run is writing is refused; ``locked``: this process holds the
    folder's lock (sim.runner.lock), so that check is skipped.
    """
    if resume and overwrite:
        raise RunError("--resume and --overwrite exclude each other ; pick one")
    if (problem := write_problem(out, folder=True)) is not None:
        raise RunError(f"--out {str(out)!r} {problem}")
    if not locked and (writer := holder(out)) is not None:
        raise RunError(busy_message(out, writer))
    if not out.exists() or all(p.name == LOCK_NAME for p in out.iterdir()):
        return "new"
    manifest = read_manifest(out)
    if manifest is None or manifest.get("format") != FORMAT:
        raise RunError(f"--out {str(out)!r} exists and is not a sim run folder (no valid "
                       f"{MANIFEST}) ; choose an empty or new folder")
    if overwrite:
        return "replace"
    if not resume:
        raise RunError(f"--out {str(out)!r} already holds a run ; add --resume to finish it or "
                       "--overwrite to replace it")
    theirs = {k: manifest.get(k) for k in identity}
    if theirs != identity:
        diff = next(k for k in identity if theirs[k] != identity[k])
        if diff == "content_file":
            raise RunError(f"--resume: {str(out)!r} {_content_change(theirs[diff], identity[diff])} ; "
                           "give the content file the run was made with, or use --overwrite")
        raise RunError(f"--resume: {str(out)!r} holds a different run ({diff} differs) ; repeat "
                       "the original flags or use --overwrite")
    return "resume"


def _content_change(theirs: dict | None, ours: dict | None) -> str:
    """How the studio's content file of a resumed run differs from the one given now."""
    if theirs is None:
        assert ours is not None  # the two differ
        return f"was made without a content file, not with {ours['name']}"
    if ours is None:
        return f"was made with content file {theirs['name']}, which is not given now"
    if theirs["name"] != ours["name"]:
        return f"was made with content file {theirs['name']}, not {ours['name']}"
    return (f"was made with content file {theirs['name']}, which has changed since (SHA-256 "
            f"{ours['sha256'][:12]} instead of {theirs['sha256'][:12]})")


# What a run writes, by name: --overwrite deletes these and nothing else.
RUN_FILES = {DATA_DIR: re.compile(r"cell-\d{3,}/_?part-\d{5,}\.parquet(\.tmp)?"),
             CHECKSUM_DIR: re.compile(r"cell-\d{3,}/_?part-\d{5,}\.sha256(\.tmp)?")}


def prepare(out: Path, action: str) -> list[dict]:
    """Create the folder, or for ``replace`` clear the previous run's files out of it; on
    resume drop half-written temporary shards. Returns the files a replace moved out of
    ``data/`` (sim.runner.integrity.set_aside).

    Called with the folder's lock held. Clearing deletes only what a run writes (run.json,
    its shards and checksums) and keeps every other file: notes, notebooks and reports stay
    where they are, and a file in ``data/``, where Parquet readers would take it for rows,
    is moved to ``set-aside/``. run.json goes last, so a clearing cut short still leaves a
    folder that --overwrite accepts.
    """
    moved: list[dict] = []
    if action == "replace":
        moved = [{"file": path, "now": set_aside(out, path)} for path in read_files(out)
                 if not RUN_FILES[DATA_DIR].fullmatch(path.removeprefix(f"{DATA_DIR}/"))]
        for folder, pattern in RUN_FILES.items():
            _clear(out / folder, pattern)
        (out / f"_{MANIFEST}.tmp").unlink(missing_ok=True)
        (out / MANIFEST).unlink(missing_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    drop_partial_shards(out)
    return moved


def read_files(out: Path) -> list[str]:
    """The files in ``data/`` that Parquet readers read, relative to ``out``: they skip every
    path with a part starting with '.' or '_'."""
    data = out / DATA_DIR
    if not data.is_dir():
        return []
    found = []
    for path in sorted(data.rglob("*")):
        relative = path.relative_to(data)
        if (path.is_dir() and not path.is_symlink()) or \
                any(part.startswith((".", "_")) for part in relative.parts):
            continue
        found.append(f"{DATA_DIR}/{relative.as_posix()}")
    return found


def set_aside(out: Path, relative: str) -> str:
    """Move a file out of ``data/`` into ``set-aside/`` (never deleted: it may be someone's
    file); where it went, relative to ``out``."""
    target = out / SET_ASIDE / relative
    number = 1
    while target.exists() or target.is_symlink():
        number += 1
        target = out / SET_ASIDE / f"{relative}.{number}"
    target.parent.mkdir(parents=True, exist_ok=True)
    (out / relative).rename(target)
    return target.relative_to(out).as_posix()


def _clear(folder: Path, pattern: re.Pattern) -> None:
    """Delete the files of ``folder`` whose path in it matches ``pattern``, then the folders
    left empty."""
    if not folder.is_dir() or folder.is_symlink():
        return
    for path in sorted(folder.rglob("*"), reverse=True):  # files before their folders
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                path.rmdir()
        elif pattern.fullmatch(path.relative_to(folder).as_posix()):
            path.unlink()
    if not any(folder.iterdir()):
        folder.rmdir()


def drop_partial_shards(out: Path) -> None:
    """Delete temporary shards and checksums left by a killed process (this run's or a
    worker's)."""
    for folder in (out / DATA_DIR, out / CHECKSUM_DIR):
        if folder.is_dir():
            for tmp in folder.glob("*/_*.tmp"):
                tmp.unlink(missing_ok=True)


def write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f"_{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def shard_done(out: Path, batch: Batch) -> bool:
    return (out / batch.path).is_file()


def checksum_path(out: Path, batch: Batch) -> Path:
    """Where the SHA-256 of the batch's shard is kept."""
    return out / CHECKSUM_DIR / f"cell-{batch.cell:03d}" / f"part-{batch.index:05d}.sha256"


def file_sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def batch_identity(batch: Batch) -> dict[str, int]:
    """Where a shard belongs (its schema metadata ``sim.batch``): the cell, the batch and the
    games it holds. It is part of the shard's bytes, so the SHA-256 covers it too."""
    return {"cell": batch.cell, "batch": batch.index, "first_game": batch.first,
            "games": batch.count}


def write_shard(out: Path, batch: Batch, table: pa.Table, meta: dict[str, object]) -> None:
    """Write the batch's rows with ``meta`` and the batch's identity in the schema metadata,
    atomically, and the file's SHA-256 (in ``sha256sum`` format, relative to ``out``) just
    before it."""
    final = out / batch.path
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f"_{final.name}.tmp")
    meta = {**meta, "batch": batch_identity(batch)}
    encoded = {f"sim.{k}": json.dumps(v, default=str, sort_keys=True) for k, v in meta.items()}
    table = table.replace_schema_metadata(encoded)
    pq.write_table(table, tmp, compression="zstd")
    record = checksum_path(out, batch)
    record.parent.mkdir(parents=True, exist_ok=True)
    record_tmp = record.with_name(f"_{record.name}.tmp")
    record_tmp.write_text(f"{file_sha256(tmp)}  {batch.path}\n", encoding="utf-8")
    os.replace(record_tmp, record)
    os.replace(tmp, final)
