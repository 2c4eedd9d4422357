"""One batch as a unit of work that any process can play: picklable inputs in, rows out.

A game's runner is a module, and modules do not pickle, so a job names the module and
carries the cell's content and setup (plain data that pickles) for the worker to use.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from sim.runner.batches import Batch
from sim.runner.plan import Cell, Plan


@dataclass(frozen=True)
class CellJob:
    runner: str  # module name of the game's runner, e.g. sim.games.pericles.runner
    content: Any
    setup: Any
    seed: int
    meta: dict[str, object]  # the schema metadata of each shard of this cell


def cell_job(plan: Plan, cell: Cell, run_meta: dict[str, object]) -> CellJob:
    return CellJob(runner=plan.info.runner, content=cell.content, setup=cell.setup, seed=plan.seed,
                   meta={"run": run_meta, "cell": cell.describe()})


def play(job: CellJob, batch: Batch) -> pa.Table:
    """The rows of the batch's games (a pure function of seed and game indices)."""
    runner = importlib.import_module(job.runner)
    result = runner.simulate(job.content, job.setup, job.seed, batch.first, batch.count)
    return runner.rows(job.content, job.setup, result, batch.first, batch.cell)


def warm(plan: Plan) -> None:
    """Play one game so Numba compiles (or loads) the kernels and writes its disk cache."""
    play(cell_job(plan, plan.cells[0], {}), Batch(cell=plan.cells[0].index, index=0, first=0, count=1))
