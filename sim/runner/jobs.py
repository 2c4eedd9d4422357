"""One batch as a unit of work that any process can play: picklable inputs in, rows out.

A game's runner is a module, and modules do not pickle, so a job names the game and
carries the cell's content and setup (plain data that pickles) for the worker, which
reaches the game's runner through the registry (sim.games.contract).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from sim.games.registry import get_game, load_runner
from sim.runner import BrokenGame
from sim.runner.batches import Batch
from sim.runner.plan import Cell, Plan


@dataclass(frozen=True)
class CellJob:
    game: str  # the game's registry name, e.g. pericles
    content: Any
    setup: Any
    seed: int
    meta: dict[str, object]  # the schema metadata of each shard of this cell


def cell_job(plan: Plan, cell: Cell, run_meta: dict[str, object]) -> CellJob:
    return CellJob(game=plan.info.name, content=cell.content, setup=cell.setup, seed=plan.seed,
                   meta={"run": run_meta, "cell": cell.describe()})


def play(job: CellJob, batch: Batch) -> pa.Table:
    """The rows of the batch's games (a pure function of seed and game indices).

    Raises BrokenGame when a game's state broke an invariant of the engine's checker.
    """
    return rows(job, batch, simulate(job, batch))


def simulate(job: CellJob, batch: Batch) -> dict[str, np.ndarray]:
    """The batch's games as the runner's result arrays (``play`` without the rows).

    Raises BrokenGame when a game's state broke an invariant of the engine's checker.
    """
    runner = load_runner(get_game(job.game))
    result = runner.simulate(job.content, job.setup, job.seed, batch.first, batch.count)
    broken = np.flatnonzero(result["violation"])
    if broken.size:
        first = int(broken[0])
        raise BrokenGame(f"{broken.size} game(s) of cell {batch.cell} broke a state invariant, "
                         f"first game {batch.first + first} (seed {job.seed}): "
                         f"{runner.VIOLATION_NAMES[result['violation'][first]]} ; the engine has "
                         "a bug, so no figures were kept from this batch: report the scenario, "
                         "seed and game")
    return result


def rows(job: CellJob, batch: Batch, result: dict[str, np.ndarray]) -> pa.Table:
    """The rows of ``simulate``'s result for the batch."""
    runner = load_runner(get_game(job.game))
    return runner.rows(job.content, job.setup, result, batch.first, batch.cell)


def warm(plan: Plan) -> None:
    """Play one game so Numba compiles (or loads) the kernels and writes its disk cache."""
    play(cell_job(plan, plan.cells[0], {}), Batch(cell=plan.cells[0].index, index=0, first=0, count=1))
