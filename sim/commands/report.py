"""`sim report`: one or more `sim run` folders -> one self-contained HTML file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail

REPORT_NAME = "report.html"


def report(
    datasets: Annotated[list[Path], typer.Argument(
        help="Folders written by `sim run`; several are compared cell by cell.", metavar="DIR",
        show_default=False)],
    out: Annotated[Path | None, typer.Option(
        help=f"HTML file to write (default: DIR/{REPORT_NAME} for one folder).")] = None,
    min_effect: Annotated[float, typer.Option(
        help="Smallest gap from the fair share, in percentage points, that a flag needs.")] = 1.0,
) -> None:
    """Write a balance report of one or more run folders.

    Write a balance report: win shares with intervals, flags, Glory, game length, sweeps.

    Example: sim report results/pericles-3p   (writes results/pericles-3p/report.html)
    """
    from reports.datasets import ReportError
    from reports.render import build_report

    if out is None:
        if len(datasets) > 1:
            fail(f"{len(datasets)} folders given but no --out ; add --out FILE.html")
        out = datasets[0] / REPORT_NAME
    if not 0 <= min_effect <= 100:
        fail(f"--min-effect {min_effect} is out of range ; give percentage points in 0..100")
    if out.is_dir():
        fail(f"--out {str(out)!r} is a folder ; give a file path such as {str(out / REPORT_NAME)!r}")
    try:
        html = build_report(datasets, min_effect=min_effect / 100)
    except ReportError as exc:
        fail(str(exc))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"_{out.name}.tmp")
    tmp.write_text(html, encoding="utf-8")
    os.replace(tmp, out)  # a reader never sees half a report
    typer.echo(f"report -> {out}")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(report)
