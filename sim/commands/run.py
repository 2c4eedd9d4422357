"""`sim run`: play a scenario (or a sweep of them) and write a Parquet dataset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperCommand

from sim.commands import backend_options as opt
from sim.commands.errors import fail, require_game
from sim.runner import BrokenGame, RunError

try:  # typer vendors click; older typer versions use click itself
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import UsageError

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
    game: Annotated[str | None, typer.Option(help="Game to play (see `sim games`).")] = None,
    players: Annotated[str | None, typer.Option(
        help="Player count, or a list such as 3,4,5 (one cell per count).")] = None,
    n: Annotated[str | None, typer.Option("--n", help="Games per cell: 250000, 1e6, 2.5e5 ... "
                                          "(default 10000; the cap with --until-ci, default 1e7)")] = None,
    seed: Annotated[int, typer.Option(help="Run seed; a game is a pure function of (seed, index).")] = 0,
    scenario: Annotated[str | None, typer.Option(
        help="Scenario TOML file, or a preset name such as standard-3p.")] = None,
    strategies: Annotated[str | None, typer.Option(
        help="Strategy for every seat, or one per seat: random,random,random.")] = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="KEY=VALUE: a content override (params.builder_base=4) or a scenario "
        "key (skills=false). Repeatable.")] = None,
    mode: Annotated[str | None, typer.Option(
        help="Shorthand for --set mode=... (games with modes, e.g. aeolis).")] = None,
    heroes: Annotated[str | None, typer.Option(
        help="Shorthand for --set heroes=a,b,c (aeolis).")] = None,
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
    overwrite: Annotated[bool, typer.Option(help="Replace an existing run in --out.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar and no summary.")] = False,
    until_ci: Annotated[float | None, typer.Option(
        help="Stop a cell once every win-share 95% interval (seat, Role, strategy) has a "
        "half-width below this, e.g. 0.005 for 0.5 points; checked after each batch.")] = None,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
    dask_transfer: opt.Transfer = None,
) -> None:
    """Play many games and write one Parquet row per (game, seat) plus run.json.

    Example: sim run --game pericles --players 3,4 --n 1e5 --sweep params.builder_base=3,4
    """
    from sim.games.state_layout import LayoutMismatch
    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute
    from sim.runner.plan import build_plan
    from sim.runner.scenario import default_scenario, load_scenario
    from sim.runner.values import parse_count, parse_players

    try:
        if not 0 <= seed < 2**63:
            raise RunError(f"--seed {seed} is out of range ; use 0 .. 2**63 - 1")
        if until_ci is not None and not 0 < until_ci < 0.5:
            raise RunError(f"--until-ci {until_ci:g} is out of range ; give a half-width between 0 "
                           "and 0.5, e.g. 0.005 for 0.5 points")
        games = parse_count(n if n is not None else UNTIL_CI_CAP if until_ci else DEFAULT_GAMES,
                            "--n")
        batch = parse_count(batch_size, "--batch-size")
        counts = parse_players(players) if players is not None else None
        if scenario is not None:
            scen = load_scenario(scenario, game)
            info = require_game(scen.game)
        else:
            info = require_game(game)
            if counts is None and info.default_players is not None:
                counts = (info.default_players,)
            if counts is None:
                fail(f"missing --players ; {info.title} plays with "
                     f"{info.min_players}..{info.max_players} players (or give --scenario)")
            scen = default_scenario(info, counts)
        strat = tuple(s.strip() for s in strategies.split(",")) if strategies else None
        shorthands = [f"{k}={v}" for k, v in (("mode", mode), ("heroes", heroes)) if v is not None]
        plan = build_plan(info, scen, players=counts, n=games, seed=seed, strategies=strat,
                          sets=shorthands + (set_ or []), sweeps=sweep or [], batch_size=batch)
        folder = out if out is not None else Path("results") / scen.name
        action = check(plan, folder, resume=resume, overwrite=overwrite)
        engine = open_backend(backend, plan=plan, workers=workers, scheduler=scheduler,
                              transfer=dask_transfer)
    except RunError as exc:
        fail(str(exc))
    try:
        with engine:
            manifest = execute(plan, folder, action, backend=engine, quiet=quiet,
                               until_ci=until_ci)
    except (BrokenGame, LayoutMismatch) as exc:  # figures that cannot be trusted
        fail(str(exc), code=1)
    except RunError as exc:  # the folder changed since the check: another writer took it
        fail(str(exc))
    if not quiet:
        rate = manifest["games_played_now"] / max(manifest["session_time_s"], 1e-9)
        typer.echo(f"{manifest['games']} games in {len(plan.cells)} cell(s) -> {folder} "
                   f"({manifest['games_played_now']} played now, {rate:,.0f} games/s)")
        for stop in manifest.get("stopped", []):
            why = "intervals narrow enough" if stop["reason"] == "interval" else "--n reached"
            typer.echo(f"cell {stop['cell']}: stopped after {stop['games']} games ({why}; widest: "
                       f"{stop['widest_group']} +/- {stop['widest_half_width']:.4f})")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(run)
