"""`sim bench`: measure the engine's speed and print a table."""

from pathlib import Path
from typing import Annotated

import typer

from sim.bench import run_bench


def bench(
    games: Annotated[int, typer.Option(help="Games per measurement.", min=100)] = 20000,
    out: Annotated[Path, typer.Option(help="Where to write the JSON figures.")] = Path(
        "results/bench.json"),
) -> None:
    """Measure games/s per core, decisions/s, thread scaling and start-up times.

    Example: sim bench --games 50000
    """
    result = run_bench(games, out)
    typer.echo(f"{'players':>7} {'strategy':>8} {'games/s/core':>12} {'us/game':>8} "
               f"{'decisions/game':>14} {'decisions/s':>12}")
    for row in result["throughput"]:
        typer.echo(f"{row['players']:>7} {row['strategy']:>8} {row['games_per_s_per_core']:>12} "
                   f"{row['us_per_game']:>8} {row['decisions_per_game']:>14} "
                   f"{row['decisions_per_s']:>12}")
    typer.echo(f"two threads vs one (3 players): {result['two_thread_speedup']}x")
    typer.echo(f"cold start to first game: {result['cold_start_s']} s; "
               f"warm start: {result['warm_start_s']} s")
    typer.echo(f"written: {out}")


def register(app: typer.Typer) -> None:
    app.command()(bench)
