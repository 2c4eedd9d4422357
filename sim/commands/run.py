"""`sim run`: play a scenario (or a sweep of them) and write a Parquet dataset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperCommand

from sim.commands import backend_options as opt
from sim.commands import scenario_options as sc
from sim.commands.errors import fail
from sim.commands.play import play, summary
from sim.runner import RunError

try:  # typer vendors click; older typer versions use click itself
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import UsageError  # type: ignore[assignment]

DEFAULT_BATCH = 20000
DEFAULT_GAMES = "10000"
UNTIL_CI_CAP = "1e7"  # --n when --until-ci is given without one


class OneLineErrors(TyperCommand):
    """Report flag parsing errors (unknown flag, bad integer) as one ``error:`` line."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except UsageError as exc:
            fail(f"{exc.format_message()} ; see 'sim run --help'")


def run(
    game: sc.Game = None,
    players: Annotated[str | None, typer.Option(
        help="Player count, or a list such as 3,4,5 (one cell per count).")] = None,
    n: Annotated[str | None, typer.Option("--n", help="Games per cell: 250000, 1e6, 2.5e5 ... "
                                          "(default 10000; the cap with --until-ci, default 1e7)")] = None,
    seed: Annotated[int, typer.Option(help="Run seed; a game is a pure function of (seed, index).")] = 0,
    scenario: sc.Scenario = None,
    content: sc.Content = None,
    strategies: sc.Strategies = None,
    set_: sc.Sets = None,
    mode: sc.Mode = None,
    heroes: sc.Heroes = None,
    city_states: sc.CityStates = None,
    skill: sc.Skill = None,
    sweep: Annotated[list[str] | None, typer.Option(
        help="KEY=V1,V2,...: one cell per value (grid with other sweeps and player counts). "
        "Repeatable.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Output folder (default: results/SCENARIO, e.g. results/pericles-3p).")] = None,
    workers: opt.Workers = None,
    batch_size: Annotated[str, typer.Option(help="Games per Parquet shard.")] = str(DEFAULT_BATCH),
    resume: Annotated[bool, typer.Option(
        help="Finish an interrupted run in --out: check every shard there, play the missing "
        "and damaged ones (see `sim verify`).")] = False,
    overwrite: Annotated[bool, typer.Option(
        help="Replace an existing run in --out (deletes only the run's own files).")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar and no summary.")] = False,
    until_ci: Annotated[float | None, typer.Option(
        help="Stop a cell once every win-share 95% interval (seat, Role, strategy) has a "
        "half-width below this, e.g. 0.005 for 0.5 points; checked after each batch.")] = None,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
    dask_transfer: opt.Transfer = None,
) -> None:
    """Play many games into a Parquet dataset with its run.json.

    Play many games and write one Parquet row per (game, seat) plus run.json.

    Example: sim run --game pericles --players 3,4 --n 1e5 --sweep params.builder_base=3,4
    """
    from sim.runner.request import plan_request
    from sim.runner.values import parse_count

    try:
        if until_ci is not None and not 0 < until_ci < 0.5:
            raise RunError(f"--until-ci {until_ci:g} is out of range ; give a half-width between 0 "
                           "and 0.5, e.g. 0.005 for 0.5 points")
        games = parse_count(n if n is not None else UNTIL_CI_CAP if until_ci else DEFAULT_GAMES,
                            "--n")
        plan = plan_request(game=game, players=players, scenario=scenario, strategies=strategies,
                            sets=(set_ or []) + ([f"skill={skill}"] if skill else []),
                            mode=mode, heroes=heroes, city_states=city_states, sweeps=sweep or [],
                            n=games, seed=seed, batch_size=parse_count(batch_size, "--batch-size"),
                            content=content)
    except RunError as exc:
        fail(str(exc))
    folder = out if out is not None else Path("results") / plan.scenario.name
    manifest = play(plan, folder, resume=resume, overwrite=overwrite, backend=backend,
                    workers=workers, scheduler=scheduler, transfer=dask_transfer, quiet=quiet,
                    until_ci=until_ci)
    if not quiet:
        summary(plan, folder, manifest)
        for stop in manifest.get("stopped", []):
            why = "intervals narrow enough" if stop["reason"] == "interval" else "--n reached"
            typer.echo(f"cell {stop['cell']}: stopped after {stop['games']} games ({why}; widest: "
                       f"{stop['widest_group']} +/- {stop['widest_half_width']:.4f})")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(run)
