"""Playing change sets: one run folder per round, one cell per change set, all on one seed.

A round is an ordinary run plan (``sim.runner.plan``) whose cells differ only by their
content overrides, so it plays on either backend, writes its shards atomically, and
resumes after a kill like `sim run --resume`; a round already complete is read, not
played again. Game i of every round deals the same (the seed is shared), so every
evaluation of a search is paired with every other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sim.balance.measures import Reading, readings
from sim.balance.search import Changes
from sim.balance.target import Target
from sim.gate.dataset import read_run
from sim.gate.outcomes import PICKS
from sim.runner import RunError
from sim.runner.dataset import read_manifest
from sim.runner.plan import Plan


@dataclass(frozen=True)
class Backend:
    """How rounds are played (the flags of `sim run`)."""

    name: str = "local"
    workers: int | None = None
    scheduler: str | None = None
    transfer: str | None = None


def round_plan(one: Callable[[list[str], int, int], Plan], sets: Sequence[Changes], *,
               n: int, seed: int) -> Plan:
    """One cell per change set, each the request's cell with its values set; ``one(extra
    --set words, n, seed)`` builds the request's plan."""
    plans = [one([f"{k}={v}" for k, v in changes], n, seed) for changes in sets]
    cells = [replace(plan.cells[0], index=i, sweep=dict(changes))
             for i, (plan, changes) in enumerate(zip(plans, sets, strict=True))]
    return replace(plans[0], cells=cells)


def _complete(folder: Path, plan: Plan) -> bool:
    manifest = read_manifest(folder) if (folder / "run.json").is_file() else None
    if not manifest:
        return False
    return manifest.get("status") == "complete" and \
        all(manifest.get(k) == v for k, v in plan.identity().items())


def play_round(plan: Plan, folder: Path, backend: Backend, quiet: bool) -> None:
    """Play the round's missing games into ``folder`` (nothing when it is complete)."""
    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute

    if _complete(folder, plan):
        return
    action = check(plan, folder, resume=folder.exists(), overwrite=False)
    with open_backend(backend.name, plan=plan, workers=backend.workers,
                      scheduler=backend.scheduler, transfer=backend.transfer) as engine:
        execute(plan, folder, action, backend=engine, quiet=quiet)


def round_readings(folder: Path, target: Target, plan: Plan) -> list[list[Reading]]:
    """The banded readings of every cell of a played round, in cell order."""
    _, cells = read_run(folder)
    pick = PICKS.get(plan.info.pick_column)
    return [readings(target, cells[c.index], pick_kind=pick, cooperative=plan.info.cooperative,
                     mode=c.mode) for c in plan.cells]


def loader_of(load: Callable[[dict], object]) -> Callable[[Changes], bool]:
    """Whether the content accepts a change set (remembered per set)."""
    known: dict[Changes, bool] = {}

    def loadable(changes: Changes) -> bool:
        if changes not in known:
            try:
                load(dict(changes))
                known[changes] = True
            except RunError:
                known[changes] = False
        return known[changes]

    return loadable
