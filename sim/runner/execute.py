"""Run a plan: play each missing batch, write its shard, keep run.json up to date."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import numba

from sim.gate.stopping import StopRule
from sim.runner import RunError
from sim.runner.dataset import (
    FORMAT,
    check_out,
    environment,
    prepare,
    read_manifest,
    shard_done,
    write_manifest,
    write_shard,
)
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


def execute(plan: Plan, out: Path, action: str, *, workers: int, quiet: bool = False,
            until_ci: float | None = None) -> dict:
    """Play every batch whose shard is missing; return the final manifest.

    With ``until_ci`` (a half-width such as 0.005) a cell stops after the first batch
    that leaves every win-share interval narrower; run.json records why each stopped.
    """
    previous = read_manifest(out) if action == "resume" else None
    prepare(out, action)
    manifest = {"format": FORMAT, **plan.identity(),
                "scenario_file": plan.scenario.source,
                "description": plan.scenario.description,
                "games": plan.games, **environment(),
                "started": datetime.now(UTC).isoformat(timespec="seconds")}
    meta = {k: v for k, v in manifest.items() if k != "cells"}
    wall_before = float(previous.get("wall_time_s", 0.0)) if previous else 0.0
    manifest.update(workers=workers, status="running", wall_time_s=wall_before)
    if until_ci is not None:
        manifest["until_ci"] = until_ci
    write_manifest(out, manifest)
    batches = plan.batches()
    done_games = sum(b.count for b in batches if shard_done(out, b))
    start = time.perf_counter()
    played = kept = 0
    stopped = []
    with RunProgress(plan.games, done_games, quiet) as bar:
        for cell in plan.cells:
            rule = StopRule(until_ci) if until_ci is not None else None
            for batch in (b for b in batches if b.cell == cell.index):
                if rule is not None and rule.reached:
                    bar.advance(0 if shard_done(out, batch) else batch.count)
                    continue
                kept += 1
                if shard_done(out, batch):
                    if rule is not None:
                        rule.add_shard(out / batch.path)
                    continue
                result = plan.runner.simulate(cell.content, cell.setup, plan.seed, batch.first,
                                              batch.count)
                table = plan.runner.rows(cell.content, cell.setup, result, batch.first, cell.index)
                write_shard(out, batch, table, {"run": meta, "cell": cell.describe()})
                played += batch.count
                bar.advance(batch.count)
                if rule is not None:
                    rule.add(table)
            if rule is not None:
                stopped.append(rule.record(cell.index))
    elapsed = time.perf_counter() - start
    if stopped:
        manifest.update(games=sum(s["games"] for s in stopped), stopped=stopped)
    manifest.update(status="complete", wall_time_s=round(wall_before + elapsed, 3),
                    session_time_s=round(elapsed, 3),
                    games_played_now=played, shards=kept,
                    finished=datetime.now(UTC).isoformat(timespec="seconds"))
    write_manifest(out, manifest)
    return manifest
