"""`sim sensitivity`: each content value moved one step down and up, on the base's seeds."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import backend_options as opt
from sim.commands import scenario_options as sc
from sim.commands.errors import OneLineErrors, fail
from sim.commands.play import play, summary
from sim.runner import RunError

DEFAULT_GAMES = "20000"
DEFAULT_BATCH = 20000


def sensitivity(
    game: sc.Game = None,
    players: Annotated[int | None, typer.Option(help="Player count (one).")] = None,
    n: Annotated[str, typer.Option("--n", help="Games per cell (the base and each move): "
                                   "20000, 2e4 ...")] = DEFAULT_GAMES,
    keys: Annotated[list[str] | None, typer.Option(
        help="Values to move: assumed (not transcribed from the rulebook; default), all, or "
        "glob patterns on the override key such as 'roles.*.day_cost'. Repeatable.")] = None,
    group: Annotated[str, typer.Option(
        help="value: move each value alone; item: move all the values of one item (a card, "
        "a Role) together, one cell per item and direction.")] = "value",
    step: Annotated[int, typer.Option(help="How far each value moves down and up.")] = 1,
    seed: Annotated[int, typer.Option(help="Run seed, shared by every cell.")] = 0,
    scenario: sc.Scenario = None,
    strategies: sc.Strategies = None,
    set_: sc.Sets = None,
    out: Annotated[Path | None, typer.Option(
        help="Output folder (default: results/SCENARIO-sensitivity).")] = None,
    workers: opt.Workers = None,
    batch_size: Annotated[str, typer.Option(help="Games per Parquet shard.")] = str(DEFAULT_BATCH),
    resume: Annotated[bool, typer.Option(
        help="Finish an interrupted run in --out (see `sim run --resume`).")] = False,
    overwrite: Annotated[bool, typer.Option(
        help="Replace an existing run in --out (deletes only the run's own files).")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar and no summary.")] = False,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
    dask_transfer: opt.Transfer = None,
) -> None:
    """Play the base and every moved value on the same seeds.

    Play the base and every moved value on the same seeds into one dataset; read it with
    `sim report DIR` (tornado charts, values beyond tolerance). See docs/sensitivity.md.

    Example: sim sensitivity --game pericles --players 3 --n 2e4 --keys assumed --group item
    """
    from sim.runner.request import plan_request
    from sim.runner.values import parse_count
    from sim.sensitivity.moves import games_to_play
    from sim.sensitivity.plan import choose_moves, sensitivity_plan, table_sizes

    try:
        games = parse_count(n, "--n")
        shards = parse_count(batch_size, "--batch-size")
        base = plan_request(game=game, players=players, scenario=scenario, strategies=strategies,
                            sets=set_ or [], mode=None, heroes=None, sweeps=[], n=games,
                            seed=seed, batch_size=shards)
        if len(base.cells) != 1:
            raise RunError(f"the scenario plays {len(base.cells)} player counts ; give one "
                           "with --players")
        words = [w.strip() for text in (keys or ["assumed"]) for w in text.split(",") if w.strip()]
        moved, refused = choose_moves(base.runner, base.cells[0], words, step=step, group=group)
        if not moved:
            raise RunError(f"--keys {' '.join(words)}: no value in scope can move ; choose "
                           "other keys or a smaller --step")
        plan = sensitivity_plan(base.info, base.scenario, moved, players=base.cells[0].players,
                                n=games, seed=seed, sets=set_ or [], batch_size=shards,
                                strategies=tuple(s.strip() for s in strategies.split(","))
                                if strategies else None, refused=refused,
                                how={"keys": words, "group": group, "step": step})
    except RunError as exc:
        fail(str(exc))
    folder = out if out is not None else Path("results") / f"{plan.scenario.name}-sensitivity"
    if not quiet:
        extra = table_sizes(plan) - 1
        typer.echo(f"{len(moved)} moves ({len(refused)} set aside, see run.json), "
                   f"{games_to_play(games, moved):,} games"
                   + (f"; {extra} more content table size(s) (card counts), each compiling "
                      "the engine once" if extra else ""))
    manifest = play(plan, folder, resume=resume, overwrite=overwrite, backend=backend,
                    workers=workers, scheduler=scheduler, transfer=dask_transfer, quiet=quiet)
    if not quiet:
        summary(plan, folder, manifest)


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(sensitivity)
