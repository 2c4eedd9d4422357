"""`sim check`: replay a baseline's scenario and seed on the current content; fail if balance moved."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import backend_options as opt
from sim.commands.errors import OneLineErrors, fail
from sim.gate import GateError
from sim.runner import BrokenGame, RunError

MOVED = 1


def show_shifts(shifts, labels, tolerance: float, title: str, markdown: Path | None) -> None:
    """Print the Markdown table of what moved, and write it to ``markdown`` when asked."""
    from sim.gate.markdown import table

    text = table(shifts, labels, tolerance, title)
    typer.echo(text)
    if markdown is not None:
        markdown.write_text(text, encoding="utf-8")


def check(
    baseline: Annotated[Path | None, typer.Option(help="Baseline file from `sim baseline`.")] = None,
    n: Annotated[str | None, typer.Option(
        "--n", help="Games per cell (default and maximum: the baseline's).")] = None,
    tolerance: Annotated[float, typer.Option(
        help="Percentage points a share may move (percent of the value for means).",
        min=0.0)] = 1.0,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="KEY=VALUE content override to try before editing the content file.")] = None,
    junit: Annotated[Path | None, typer.Option(help="Also write JUnit XML here.")] = None,
    markdown: Annotated[Path | None, typer.Option(help="Also write the Markdown summary here.")] = None,
    workers: opt.Workers = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
) -> None:
    """Exit 0 when nothing moved beyond the tolerance, 1 when something did, 2 on a usage error.

    Example: sim check --baseline scenarios/baselines/pericles-3p.json --junit check.xml
    """
    from sim.gate import baseline as files
    from sim.gate import junit as junit_xml
    from sim.gate.paired import compare
    from sim.gate.replay import cell_label, make_plan, open_gate_backend, play, scenario_from
    from sim.runner.values import parse_count

    if baseline is None:
        fail("missing --baseline ; give a file made by 'sim baseline'")
    try:
        data, before = files.read(baseline)
        games = int(data["games"])
        wanted = parse_count(n, "--n") if n is not None else games
        if wanted > games:
            raise GateError(f"--n {wanted} is more than the baseline's {games} games ; use at most "
                            f"{games} or make a larger baseline")
        files.require_playable(data, baseline)
        plan = make_plan(scenario_from(data["scenario"]), wanted, data["seed"],
                         list(data["sets"]) + (set_ or []))
        files.require_agreement(data, plan, baseline)
        engine = open_gate_backend(backend, plan, workers=workers, scheduler=scheduler)
    except (RunError, GateError) as exc:
        fail(str(exc))
    try:
        with engine, play(plan, backend=engine, quiet=quiet) as (_, after):
            shifts = compare([(cell, before[cell], after[cell]) for cell in sorted(after)], tolerance)
    except BrokenGame as exc:
        fail(str(exc), code=1)
    except GateError as exc:
        fail(str(exc))
    labels = {c["cell"]: cell_label(c) for c in data["cells"]}
    title = f"sim check {data['scenario']['name']} (seed {data['seed']}, {wanted} games per cell)"
    show_shifts(shifts, labels, tolerance, title, markdown)
    if junit is not None:
        junit_xml.write(junit, shifts, labels, f"sim check {data['scenario']['name']}")
    if any(s.moved for s in shifts):
        raise typer.Exit(MOVED)


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(check)
