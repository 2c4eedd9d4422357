"""`sim check`: replay a baseline's scenario and seed on the current content; fail if balance moved."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import backend_options as opt
from sim.commands.errors import OneLineErrors, fail
from sim.gate import GateError
from sim.runner import BrokenGame, RunError
from sim.writable import write_problem

MOVED = 1
INCONCLUSIVE = 3  # nothing moved, but some measure's interval straddles its tolerance

SharePoints = Annotated[float | None, typer.Option(
    "--tolerance", help="Percentage points a share may move (default 1).", min=0.0)]
GloryPoints = Annotated[float | None, typer.Option(
    help="Glory points a mean Glory may move (default per game, docs/ci.md).", min=0.0)]
Rounds = Annotated[float | None, typer.Option(
    help="Rounds the mean game length may move (default per game, docs/ci.md).", min=0.0)]
InconclusiveOk = Annotated[bool, typer.Option(
    help="Exit 0 rather than 3 when nothing moved but some measure was inconclusive.")]


def tolerance_for(game: str, share_pp: float | None, glory: float | None, rounds: float | None):
    """The game's default tolerances with those given on the command line in their place."""
    from sim.gate.tolerance import for_game

    return for_game(game).given(share_pp, glory, rounds)


def exit_for(shifts, inconclusive_ok: bool) -> None:
    """Exit 1 when a measure moved; else 3 when one was inconclusive (0 with
    ``inconclusive_ok``); return (exit 0) when every measure held."""
    from sim.gate.paired import INCONCLUSIVE as UNSURE

    if any(s.moved for s in shifts):
        raise typer.Exit(MOVED)
    if not inconclusive_ok and any(s.status == UNSURE for s in shifts):
        raise typer.Exit(INCONCLUSIVE)


def show_shifts(shifts, labels, tolerance, title: str, markdown: Path | None) -> None:
    """Print the Markdown table of each measure's verdict, and write it to ``markdown``."""
    from sim.gate.markdown import table

    text = table(shifts, labels, tolerance, title)
    typer.echo(text)
    if markdown is not None:
        markdown.write_text(text, encoding="utf-8")


def check(
    baseline: Annotated[Path | None, typer.Option(help="Baseline file from `sim baseline`.")] = None,
    n: Annotated[str | None, typer.Option(
        "--n", help="Games per cell (default and maximum: the baseline's).")] = None,
    tolerance: SharePoints = None,
    glory_tolerance: GloryPoints = None,
    rounds_tolerance: Rounds = None,
    inconclusive_ok: InconclusiveOk = False,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="KEY=VALUE content override to try before editing the content file.")] = None,
    junit: Annotated[Path | None, typer.Option(help="Also write JUnit XML here.")] = None,
    markdown: Annotated[Path | None, typer.Option(help="Also write the Markdown summary here.")] = None,
    workers: opt.Workers = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
) -> None:
    """Replay a baseline's games and test whether balance moved.

    Exit 0 when every measure held within its tolerance, 1 when one moved, 3 when none
    moved but some were inconclusive, 2 when the check could not run (bad input, a broken
    game, a file it cannot write).

    Example: sim check --baseline scenarios/baselines/pericles-3p.json --junit check.xml
    """
    from sim.gate import baseline as files
    from sim.gate import junit as junit_xml
    from sim.gate.paired import compare
    from sim.gate.replay import cell_label, make_plan, open_gate_backend, play, scenario_from
    from sim.runner.values import parse_count

    if baseline is None:
        fail("missing --baseline ; give a file made by 'sim baseline'")
    for flag, path in (("--junit", junit), ("--markdown", markdown)):
        if path is not None and (problem := write_problem(path)) is not None:
            fail(f"{flag} {str(path)!r} {problem}")
    try:
        data, before = files.read(baseline)
        games = data["games"]
        wanted = parse_count(n, "--n") if n is not None else games
        if wanted > games:
            raise GateError(f"--n {wanted} is more than the baseline's {games} games ; use at most "
                            f"{games} or make a larger baseline")
        files.require_playable(data, baseline)
        plan = make_plan(scenario_from(data["scenario"]), wanted, data["seed"],
                         list(data["sets"]) + (set_ or []))
        files.require_agreement(data, plan, baseline)
        engine = open_gate_backend(backend, plan, workers=workers, scheduler=scheduler)
        bounds = tolerance_for(str(data["game"]), tolerance, glory_tolerance, rounds_tolerance)
    except (RunError, GateError) as exc:
        fail(str(exc))
    try:
        with engine, play(plan, backend=engine, quiet=quiet) as (_, after):
            shifts = compare([(cell, before[cell], after[cell]) for cell in sorted(after)], bounds)
    except (BrokenGame, GateError) as exc:  # no verdict: the check could not run
        fail(str(exc))
    labels = {c["cell"]: cell_label(c) for c in data["cells"]}
    title = f"sim check {data['scenario']['name']} (seed {data['seed']}, {wanted} games per cell)"
    try:
        show_shifts(shifts, labels, bounds, title, markdown)
        if junit is not None:
            junit_xml.write(junit, shifts, labels, f"sim check {data['scenario']['name']}")
    except OSError as exc:
        fail(f"cannot write {str(exc.filename)!r} ({exc.strerror or exc}) ; give a path in a "
             "folder you can write")
    exit_for(shifts, inconclusive_ok)


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(check)
