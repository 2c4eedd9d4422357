"""`sim baseline`: play a scenario and store its summary and per-game outcomes for `sim check`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import backend_options as opt
from sim.commands.errors import OneLineErrors, fail
from sim.gate import DEFAULT_GAMES, GateError
from sim.runner import BrokenGame, RunError
from sim.writable import write_problem


def baseline(
    scenario: Annotated[str | None, typer.Option(
        help="Scenario TOML file or preset name, e.g. standard-3p.")] = None,
    out: Annotated[Path | None, typer.Option(help="Baseline file to write (JSON).")] = None,
    n: Annotated[str, typer.Option("--n", help="Games per cell.")] = str(DEFAULT_GAMES),
    seed: Annotated[int, typer.Option(help="Run seed; the check replays the same one.")] = 0,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="KEY=VALUE content override or scenario key, as in `sim run`.")] = None,
    workers: opt.Workers = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
) -> None:
    """Play a scenario and write a baseline for `sim check`.

    Play a scenario and write a baseline: summary + per-game outcomes, scenario, seed, content hash.

    Example: sim baseline --scenario standard-3p --out scenarios/baselines/pericles-3p.json
    """
    from sim.gate import baseline as files
    from sim.gate.replay import make_plan, open_gate_backend, play
    from sim.runner.scenario import load_scenario
    from sim.runner.values import parse_count

    if scenario is None:
        fail("missing --scenario ; give a scenario file or a preset name such as standard-3p")
    if out is None:
        fail("missing --out ; give the baseline file to write, e.g. --out baseline.json")
    if (problem := write_problem(out)) is not None:
        fail(f"--out {str(out)!r} {problem}")
    try:
        if not 0 <= seed < 2**63:
            raise RunError(f"--seed {seed} is out of range ; use 0 .. 2**63 - 1")
        plan = make_plan(load_scenario(scenario, None), parse_count(n, "--n"), seed, set_ or [])
        if (problem := files.seat_games_problem(plan)) is not None:
            raise GateError(problem)
        with (open_gate_backend(backend, plan, workers=workers, scheduler=scheduler) as engine,
              play(plan, backend=engine, quiet=quiet) as (manifest, cells)):
            baseline_file = files.build(plan, set_ or [], manifest, cells)
        files.write(out, baseline_file)
    except BrokenGame as exc:
        fail(str(exc), code=1)
    except (RunError, GateError) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write the baseline {str(out)!r} ({exc.strerror or exc}) ; give a path in a "
             "folder you can write")
    if not quiet:
        typer.echo(f"baseline of {plan.scenario.name}: {plan.games} games, seed {seed} -> {out}")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(baseline)
