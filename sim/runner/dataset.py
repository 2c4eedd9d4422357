"""The output folder: run.json, Parquet shards written atomically, and its safety checks.

Layout::

    <out>/run.json                               the manifest
    <out>/data/cell-000/part-00000.parquet       one shard per (cell, batch)

A shard is written as ``_part-NNNNN.parquet.tmp`` and renamed into place, so a killed
run leaves only whole shards (readers skip names starting with ``_``).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import numba
import pyarrow as pa
import pyarrow.parquet as pq

import sim
from sim.runner import RunError
from sim.runner.batches import DATA_DIR, Batch

MANIFEST = "run.json"
FORMAT = "sim-run/1"
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


def read_manifest(out: Path) -> dict | None:
    try:
        return json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def check_out(out: Path, identity: dict, *, resume: bool, overwrite: bool) -> str:
    """Decide what to do with ``out`` before writing anything: 'new', 'resume' or 'replace'."""
    if resume and overwrite:
        raise RunError("--resume and --overwrite exclude each other ; pick one")
    if out.exists() and not out.is_dir():
        raise RunError(f"--out {str(out)!r} is a file ; give a folder path")
    if not out.exists() or not any(out.iterdir()):
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
        raise RunError(f"--resume: {str(out)!r} holds a different run ({diff} differs) ; repeat "
                       "the original flags or use --overwrite")
    return "resume"


def prepare(out: Path, action: str) -> None:
    """Create (or empty) the folder; on resume drop half-written temporary shards."""
    if action == "replace":
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    drop_partial_shards(out)


def drop_partial_shards(out: Path) -> None:
    """Delete temporary shards left by a killed process (this run's or a worker's)."""
    data = out / DATA_DIR
    if data.is_dir():
        for tmp in data.glob("*/_*.tmp"):
            tmp.unlink(missing_ok=True)


def write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f"_{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def shard_done(out: Path, batch: Batch) -> bool:
    return (out / batch.path).is_file()


def write_shard(out: Path, batch: Batch, table: pa.Table, meta: dict[str, object]) -> None:
    """Write the batch's rows with ``meta`` in the schema metadata, atomically."""
    final = out / batch.path
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f"_{final.name}.tmp")
    encoded = {f"sim.{k}": json.dumps(v, default=str, sort_keys=True) for k, v in meta.items()}
    table = table.replace_schema_metadata(encoded)
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, final)
