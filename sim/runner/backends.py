"""Where batches are played: in this process (``local``) or on a Dask cluster (``dask``).

A backend is a context manager with ``name``, ``workers`` and
``play(out, work, ordered)``: it takes (CellJob, Batch) pairs and yields
``(batch, table)`` as batches finish. ``table`` is the batch's rows for the caller to
write, or None when the backend already wrote the shard under ``out``. With
``ordered=True`` results come in the order given and always as tables, so the caller
can stop after any batch (``--until-ci``) with nothing written past it. Closing the
generator early cancels the batches not yet played.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pyarrow as pa

from sim.runner import RunError
from sim.runner.batches import Batch
from sim.runner.execute import set_workers
from sim.runner.jobs import CellJob, rows, simulate
from sim.runner.plan import Plan

BACKENDS = ("local", "dask")
TRANSFERS = ("files", "results")  # see docs/distributed.md


class LocalBackend:
    """Batches one after another in this process; each batch uses ``workers`` threads.

    A batch's rows are built on a thread of their own while the next batch plays, so the
    cores do not sit idle between batches while Python builds them (docs/performance.md).
    A batch that fails to play still hands on the batch before it.
    """

    name = "local"

    def __init__(self, workers: int):
        self.workers = workers

    def __enter__(self) -> LocalBackend:
        return self

    def __exit__(self, *exc) -> None:
        pass

    def play(self, out: Path, work: list[tuple[CellJob, Batch]],
             ordered: bool) -> Iterator[tuple[Batch, pa.Table | None]]:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="batch-rows") as builder:
            building: Future | None = None
            for job, batch in work:
                try:
                    result = simulate(job, batch)
                except Exception:
                    if building is not None:
                        yield building.result()
                    raise
                if building is not None:
                    yield building.result()
                building = builder.submit(_with_rows, job, batch, result)
            if building is not None:
                yield building.result()


def _with_rows(job: CellJob, batch: Batch, result: dict) -> tuple[Batch, pa.Table]:
    return batch, rows(job, batch, result)


def open_backend(name: str, *, plan: Plan, workers: int | None, scheduler: str | None,
                 transfer: str | None):
    """Check the backend flags and connect (Dask: start or reach the cluster).

    Raises RunError with one line before anything is written.
    """
    if name not in BACKENDS:
        raise RunError(f"unknown --backend {name!r} ; choose local or dask")
    if transfer is not None and transfer not in TRANSFERS:
        raise RunError(f"unknown --dask-transfer {transfer!r} ; choose files or results")
    if name == "local":
        for flag, value in (("--scheduler", scheduler), ("--dask-transfer", transfer)):
            if value is not None:
                raise RunError(f"{flag} needs --backend dask ; add --backend dask or drop {flag}")
        return LocalBackend(set_workers(workers))
    if scheduler is not None and workers is not None:
        raise RunError("--workers sizes the cluster started here, but --scheduler names a running "
                       "one ; drop --workers (start the cluster's workers with 'dask worker')")
    try:
        from sim.runner.dask_backend import DaskBackend
    except ImportError:
        raise RunError("--backend dask needs Dask, which is not installed ; "
                       "pip install '.[dask]'") from None
    size = None if scheduler is not None else set_workers(workers)
    return DaskBackend.open(plan, scheduler=scheduler, workers=size, transfer=transfer or "files")
