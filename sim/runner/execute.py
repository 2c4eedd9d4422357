"""Run a plan: play each missing batch on a backend, write its shard, keep run.json up to date."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import numba
import pyarrow as pa

from sim.runner import RunError
from sim.runner.batches import DATA_DIR, Batch
from sim.runner.dataset import (
    FORMAT,
    check_out,
    drop_partial_shards,
    environment,
    prepare,
    read_manifest,
    set_aside,
    shard_done,
    write_manifest,
    write_shard,
)
from sim.runner.integrity import inspect, remove_shard
from sim.runner.jobs import CellJob, cell_job
from sim.runner.lock import FolderLock
from sim.runner.plan import Plan
from sim.runner.progress import RunProgress


def max_workers() -> int:
    return int(numba.config.NUMBA_NUM_THREADS)


def set_workers(workers: int | None) -> int:
    limit = max_workers()
    if workers is None:
        workers = limit
    if not 1 <= workers <= limit:
        raise RunError(f"--workers {workers} is out of range ; use 1..{limit} (the cores Numba "
                       "may use)")
    numba.set_num_threads(workers)
    return workers


def check(plan: Plan, out: Path, *, resume: bool, overwrite: bool) -> str:
    """Validate the output folder for this plan; nothing is written."""
    return check_out(out, plan.identity(), resume=resume, overwrite=overwrite)


SHOWN = 3  # damaged shards named on the resume line


def execute(plan: Plan, out: Path, action: str, *, backend, quiet: bool = False,
            until_ci: float | None = None) -> dict:
    """Play every batch whose shard is missing on ``backend`` (sim.runner.backends); return
    the final manifest.

    With ``until_ci`` (a half-width such as 0.005) a cell stops after the first batch
    that leaves every win-share interval narrower; run.json records why each stopped.

    The folder's lock is held throughout (another writer: RunError, nothing changed), and
    ``action`` (from ``check``) is checked again under it. On resume every existing shard
    is checked first and a damaged one is deleted, so it is played again like a missing one.
    """
    with FolderLock(out):
        action = check_out(out, plan.identity(), resume=action == "resume",
                           overwrite=action == "replace", locked=True)
        return _execute(plan, out, action, backend=backend, quiet=quiet, until_ci=until_ci)


def _mend(plan: Plan, out: Path) -> tuple[list[dict], list[dict]]:
    """Delete every existing shard of the plan that is damaged and move the strays out of
    ``data/``; what was deleted and why, and where each stray went."""
    found = inspect(out, plan.identity(), plan.info.cooperative, plan.batches())
    for damage in found.damaged:
        remove_shard(out, damage.batch)
    moved = [{"file": stray, "now": set_aside(out, stray)} for stray in found.strays]
    return [{"shard": d.batch.path, "problem": d.problem} for d in found.damaged], moved


def _tell(damaged: list[dict], strays: list[dict], quiet: bool) -> None:
    """One line each for the damaged shards deleted and the strays moved, unless quiet."""
    if quiet:
        return
    if damaged:
        named = "; ".join(f"{d['shard']}: {d['problem']}" for d in damaged[:SHOWN])
        more = f" and {len(damaged) - SHOWN} more" if len(damaged) > SHOWN else ""
        _say(f"resume: {len(damaged)} damaged shard(s) deleted, to be played again - "
             f"{named}{more}")
    if strays:
        named = "; ".join(f"{m['file']} -> {m['now']}" for m in strays[:SHOWN])
        more = f" and {len(strays) - SHOWN} more" if len(strays) > SHOWN else ""
        _say(f"{len(strays)} file(s) that are no shard of the run moved out of {DATA_DIR}/, "
             f"where Parquet readers would read them as rows - {named}{more}")


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def _execute(plan: Plan, out: Path, action: str, *, backend, quiet: bool,
             until_ci: float | None) -> dict:
    previous = read_manifest(out) if action == "resume" else None
    strays = prepare(out, action)
    damaged = None
    if action == "resume":
        damaged, strays = _mend(plan, out)
    _tell(damaged or [], strays, quiet)
    manifest = {"format": FORMAT, **plan.identity(),
                "scenario_file": plan.scenario.source,
                "content_path": plan.studio.path if plan.studio else None,
                "description": plan.scenario.description,
                "games": plan.games, **environment(),
                "started": datetime.now(UTC).isoformat(timespec="seconds")}
    meta = {k: v for k, v in manifest.items() if k != "cells"}
    wall_before = _seconds(previous.get("wall_time_s")) if previous else 0.0
    manifest.update(backend=backend.name, workers=backend.workers, status="running",
                    wall_time_s=wall_before)
    if until_ci is not None:
        manifest["until_ci"] = until_ci
    if damaged is not None:
        manifest["replayed_damaged"] = damaged
    if strays:
        manifest["set_aside"] = strays
    write_manifest(out, manifest)
    jobs = {cell.index: cell_job(plan, cell, meta) for cell in plan.cells}
    batches = plan.batches()
    done_games = sum(b.count for b in batches if shard_done(out, b))
    start = time.perf_counter()

    def keep_time() -> None:
        """run.json's time after each batch, so a killed session's time is not lost."""
        manifest["wall_time_s"] = round(wall_before + time.perf_counter() - start, 3)
        write_manifest(out, manifest)

    with RunProgress(plan.games, done_games, quiet) as bar:
        if until_ci is None:
            played = _play_missing(out, backend, jobs, batches, bar, keep_time)
            kept, stopped = len(batches), list[dict]()
        else:
            played, kept, stopped = _play_until(out, backend, jobs, batches, bar, keep_time,
                                                until_ci)
    drop_partial_shards(out)
    elapsed = time.perf_counter() - start
    if stopped:
        manifest.update(games=sum(s["games"] for s in stopped), stopped=stopped)
    manifest.update(status="complete", wall_time_s=round(wall_before + elapsed, 3),
                    session_time_s=round(elapsed, 3),
                    games_played_now=played, shards=kept,
                    finished=datetime.now(UTC).isoformat(timespec="seconds"))
    write_manifest(out, manifest)
    return manifest


def _seconds(value: object) -> float:
    """A previous session's ``wall_time_s``; 0 when run.json holds no such number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return float(value) if 0 <= value < float("inf") else 0.0


class _ShardWriter:
    """Writes each batch's shard on a second thread while the next batch plays.

    Arrow's Parquet writer releases the GIL, so the cores keep playing games instead of
    waiting for the write (docs/performance.md). One write is in flight at a time, so memory
    stays flat; a failed write stops the run at the next batch, and leaving the block
    waits for the last write.
    """

    def __init__(self, out: Path):
        self.out = out
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shard-writer")
        self._pending: Future | None = None

    def __enter__(self) -> _ShardWriter:
        return self

    def __exit__(self, *exc) -> None:
        try:
            self._wait()
        finally:
            self._thread.shutdown()

    def keep(self, job: CellJob, batch: Batch, table: pa.Table | None) -> None:
        if table is None:  # the backend's worker wrote the shard
            return
        self._wait()
        self._pending = self._thread.submit(write_shard, self.out, batch, table, job.meta)

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()


def _play_missing(out: Path, backend, jobs: dict[int, CellJob], batches: list[Batch],
                  bar: RunProgress, keep_time: Callable[[], None]) -> int:
    """Every missing batch, in whatever order the backend finishes them; games played.
    ``keep_time`` is called after each batch."""
    work = [(jobs[b.cell], b) for b in batches if not shard_done(out, b)]
    played = 0
    with _ShardWriter(out) as writer, closing(backend.play(out, work, ordered=False)) as results:
        for batch, table in results:
            writer.keep(jobs[batch.cell], batch, table)
            played += batch.count
            bar.advance(batch.count)
            keep_time()
    return played


def _play_until(out: Path, backend, jobs: dict[int, CellJob], batches: list[Batch],
                bar: RunProgress, keep_time: Callable[[], None],
                until_ci: float) -> tuple[int, int, list[dict]]:
    """Each cell's batches in order until its intervals are narrow enough; closing the
    backend's results cancels the batches queued past that point."""
    # imported here: the rule needs scipy.stats, which a run without --until-ci never loads
    from sim.gate.stopping import StopRule

    played = kept = 0
    stopped = []
    for cell, job in jobs.items():
        rule = StopRule(until_ci)
        mine = [b for b in batches if b.cell == cell]
        work = [(job, b) for b in mine if not shard_done(out, b)]
        with _ShardWriter(out) as writer, closing(backend.play(out, work, ordered=True)) as results:
            for batch in mine:
                if rule.reached:
                    bar.advance(0 if shard_done(out, batch) else batch.count)
                    continue
                kept += 1
                if shard_done(out, batch):
                    rule.add_shard(out / batch.path)
                    continue
                _, table = next(results)
                writer.keep(job, batch, table)
                rule.add(table)
                played += batch.count
                bar.advance(batch.count)
                keep_time()
        stopped.append(rule.record(cell))
    return played, kept, stopped
