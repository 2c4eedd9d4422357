"""The flags that choose where batches are played, shared by `sim run`, `baseline` and `check`."""

from __future__ import annotations

from typing import Annotated

import typer

Backend = Annotated[str, typer.Option(
    help="Where batches are played: local (this process) or dask (a Dask cluster; needs the "
    "package's dask extra; see docs/distributed.md).")]
Scheduler = Annotated[str | None, typer.Option(
    help="With --backend dask: address of a running scheduler, e.g. tcp://10.0.0.5:8786 "
    "(default: start a cluster on this machine).")]
Transfer = Annotated[str | None, typer.Option(
    "--dask-transfer", help="With --backend dask: files (workers write shards into --out, "
    "which they must share; default) or results (workers send rows back to be written here).")]
Workers = Annotated[int | None, typer.Option(
    help="Threads (default: all cores); with --backend dask, the worker processes of the "
    "cluster started here.")]
