"""The Dask backend: every batch is one task on a Dask distributed cluster.

Without ``--scheduler`` it starts a LocalCluster of single-threaded worker processes on
this machine; with it, it connects to a running cluster. docs/distributed.md tells how
to start one and what the workers must share.
"""

from __future__ import annotations

import logging
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path

import numba
import pyarrow as pa
from distributed import Client, Future, LocalCluster, as_completed

from sim.runner import RunError
from sim.runner.batches import Batch
from sim.runner.dataset import write_shard
from sim.runner.jobs import CellJob, play, warm
from sim.runner.plan import Plan

RETRIES = 3  # tries again a task that raised; a dead worker's tasks are moved by Dask anyway
WINDOW_PER_WORKER = 2  # in-order runs (--until-ci) keep this many batches per worker queued


def play_task(job: CellJob, batch: Batch, out: str | None) -> pa.Table | None:
    """On a worker: play the batch on one thread; write its shard when ``out`` is given.

    Numba's thread count is set per thread, so this holds for the worker thread running
    the task whatever the size of the process's thread pool (``NUMBA_NUM_THREADS``)."""
    numba.set_num_threads(1)
    table = play(job, batch)
    if out is None:
        return table
    write_shard(Path(out), batch, table, job.meta)
    return None


def hold(job: CellJob) -> CellJob:
    """A task whose result is a cell's inputs, so they travel once per cell rather than once
    per batch; if its worker dies, the scheduler runs it again."""
    return job


class DaskBackend:
    name = "dask"

    def __init__(self, client: Client, cluster: LocalCluster | None, transfer: str):
        self.client, self.cluster, self.transfer = client, cluster, transfer
        self.workers = sum(client.nthreads().values())

    @classmethod
    def open(cls, plan: Plan, *, scheduler: str | None, workers: int | None,
             transfer: str) -> DaskBackend:
        if scheduler is not None:
            try:
                client = Client(scheduler)
            except (OSError, ValueError) as exc:
                raise RunError(f"--scheduler {scheduler!r}: cannot connect ({exc}) ; start "
                               "'dask scheduler' there or give its address, e.g. "
                               "tcp://10.0.0.5:8786") from None
            return cls(client, None, transfer)
        warm(plan)  # workers then load the compiled kernels from Numba's disk cache
        # Any free port for the scheduler's web server, so a cluster on :8787 is no obstacle.
        # No NUMBA_* variable goes in ``env``: the nanny sets those after the worker process
        # has imported this command's module, and with it Numba, which read its settings
        # then. Numba reads them again at every compile, and raises if NUMBA_NUM_THREADS
        # no longer matches the thread pool it launched. Workers keep this process's
        # environment, and play_task sets one thread per task.
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.ERROR)
        return cls(Client(cluster), cluster, transfer)

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(self, *exc) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def play(self, out: Path, work: list[tuple[CellJob, Batch]],
             ordered: bool) -> Iterator[tuple[Batch, pa.Table | None]]:
        # Shard names are fixed by (cell, batch), so a task retried after its worker died
        # replaces its shard rather than adding a second one.
        target = None if ordered or self.transfer == "results" else str(out.resolve())
        token = uuid.uuid4().hex[:8]
        held: dict[int, Future] = {}

        def submit(job: CellJob, batch: Batch) -> tuple[Batch, Future]:
            if batch.cell not in held:
                held[batch.cell] = self.client.submit(hold, job, key=f"cell-{batch.cell:03d}-{token}")
            future = self.client.submit(play_task, held[batch.cell], batch, target, retries=RETRIES,
                                        key=f"play-{batch.cell:03d}-{batch.index:05d}-{token}")
            return batch, future

        return self._in_order(work, submit) if ordered else self._as_finished(work, submit)

    def _as_finished(self, work, submit: Callable) -> Iterator[tuple[Batch, pa.Table | None]]:
        pending = {future.key: (batch, future) for batch, future in (submit(j, b) for j, b in work)}
        try:
            for future in as_completed([f for _, f in pending.values()]):
                batch, _ = pending.pop(future.key)
                yield batch, future.result()
        finally:
            self._cancel([f for _, f in pending.values()])

    def _in_order(self, work, submit: Callable) -> Iterator[tuple[Batch, pa.Table | None]]:
        todo = iter(work)
        window = max(WINDOW_PER_WORKER * self.workers, 2)
        pending = deque(submit(j, b) for j, b in islice(todo, window))
        try:
            while pending:
                batch, future = pending.popleft()
                table = future.result()
                pending.extend(submit(j, b) for j, b in islice(todo, 1))
                yield batch, table
        finally:
            self._cancel([f for _, f in pending])

    def _cancel(self, futures: list[Future]) -> None:
        if futures and self.client.status == "running":
            self.client.cancel(futures)
