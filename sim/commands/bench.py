"""`sim bench`: measure the engine's speed and print a table."""

from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import fail

# the game counts `sim run` and `sim report` are timed at, unless told otherwise
RUN_SIZES = (100_000, 1_000_000, 10_000_000)
REPORT_SIZES = (1_000_000, 10_000_000)


def _sizes(text: str, flag: str, timed: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(float(part)) for part in text.split(",") if part.strip())
    except ValueError:
        sizes = ()
    if any(n < 1 for n in sizes):
        sizes = ()
    if not sizes and text.strip():
        fail(f"{flag} {text!r} is not a list of game counts ; write e.g. 1e5,1e6 "
             f"(or '' to skip the {timed} timings)")
    return sizes


def _listed(sizes: tuple[int, ...]) -> str:
    return ",".join(f"{n:.0e}".replace("+0", "") for n in sizes)


def bench(
    games: Annotated[int, typer.Option(help="Games per throughput measurement.", min=100)] = 20000,
    run_sizes: Annotated[str, typer.Option(
        help="Game counts of the end-to-end `sim run` timings; '' skips them.")] = _listed(RUN_SIZES),
    report_sizes: Annotated[str, typer.Option(
        help="Game counts of the `sim report` timings (each plays a random-bot run first); "
             "'' skips them.")] = _listed(REPORT_SIZES),
    out: Annotated[Path, typer.Option(help="Where to write the JSON figures.")] = Path(
        "results/bench.json"),
) -> None:
    """Measure the engine's speed, scaling and start-up times.

    Measure games/s per core, decisions/s, thread scaling, start-up times, and the wall
    time and peak memory of `sim run` and of `sim report`.

    Example: sim bench --games 50000 --run-sizes 1e5,1e6 --report-sizes 1e6
    """
    # imported here: the benchmark loads two game engines, which no other command needs
    from sim.bench import run_bench

    result = run_bench(games, out, _sizes(run_sizes, "--run-sizes", "sim run"),
                       _sizes(report_sizes, "--report-sizes", "sim report"))
    typer.echo(f"{'game':>8} {'players':>7} {'strategy':>10} {'games/s/core':>12} {'us/game':>8} "
               f"{'CPU us/game':>11} {'decisions/game':>14} {'CPU us/decision':>15} "
               f"{'decisions/s':>12}")
    for row in result["throughput"]:
        typer.echo(f"{row['game']:>8} {row['players']:>7} {row['strategy']:>10} "
                   f"{row['games_per_s_per_core']:>12} "
                   f"{row['us_per_game']:>8} {row['cpu_us_per_game']:>11} "
                   f"{row['decisions_per_game']:>14} {row['cpu_us_per_decision']:>15} "
                   f"{row['decisions_per_s']:>12}")
    if len(result["strategies"]) == 1:
        typer.echo("(no heuristic bots yet: random-legal only)")
    for strategy, speedup in result["two_thread_speedup"].items():
        typer.echo(f"two threads vs one (3 players, {strategy}): {speedup}x")
    typer.echo(f"cold start to first game: {result['cold_start_s']} s; "
               f"warm start: {result['warm_start_s']} s")
    for run in result["sim_run"]:
        typer.echo(f"sim run {run['games']:>10} games ({run['strategy']}, {run['workers']} workers): "
                   f"{run['wall_s']} s, peak memory {run['peak_rss_mb']} MB")
    for report in result["sim_report"]:
        typer.echo(f"sim report {report['games']:>7} games ({report['strategy']}, 3 players): "
                   f"{report['wall_s']} s, peak memory {report['peak_rss_mb']} MB")
    typer.echo(f"load average during the run: {result['machine']['load_average']}")
    typer.echo(f"written: {out}")


def register(app: typer.Typer) -> None:
    app.command()(bench)
