"""`sim ladder`: every strategy against the others; prints and stores the win-share matrix."""

from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game, require_players
from sim.runner import RunError


def ladder(
    game: Annotated[str | None, typer.Option(help="Game to play (see `sim games`).")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[str, typer.Option(help="Games per matchup, split over the seat rotations.")] = "3000",
    seed: Annotated[int, typer.Option(help="Run seed; every matchup plays the same deals.")] = 0,
    strategies: Annotated[str | None, typer.Option(
        help="Strategies to compare, comma-separated (default: all of the game's).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Output folder (default: results/ladder-GAME-Np).")] = None,
    workers: Annotated[int | None, typer.Option(help="Threads (default: all cores).")] = None,
) -> None:
    """Play each strategy against copies of each other one, seat-rotated with paired seeds,
    and print the win-share matrix with 95% intervals (stored as ladder.parquet).

    Example: sim ladder --game pericles --players 3 --games 3000
    """
    from sim.games.registry import load_runner
    from sim.runner.execute import set_workers
    from sim.runner.scenario import check_strategies
    from sim.runner.values import parse_count
    from strategies.ladder import format_matrix, run_ladder, write_ladder

    info = require_game(game)
    require_players(info, players)
    runner = load_runner(info)
    try:
        names = (tuple(s.strip() for s in strategies.split(",")) if strategies
                 else getattr(runner, "LADDER_STRATEGIES", runner.STRATEGIES))
        check_strategies(list(names), runner, "--strategies")
        if len(set(names)) < 2 or len(set(names)) != len(names):
            raise RunError("--strategies needs two or more different names, each once ; "
                           f"choose from {', '.join(runner.STRATEGIES)}")
        count = parse_count(games, "--games")
        if count < players:
            raise RunError(f"--games {count} is fewer than the {players} seat rotations ; "
                           f"give at least {players}")
        if seed < 0:
            raise RunError(f"--seed {seed} is negative ; use 0 or more")
        folder = out if out is not None else Path("results") / f"ladder-{info.name}-{players}p"
        if folder.exists() and not folder.is_dir():
            raise RunError(f"--out {str(folder)!r} is a file ; give a folder path")
        set_workers(workers)
    except RunError as exc:
        fail(str(exc))
    matchups = run_ladder(runner, names, players, count, seed)
    path = write_ladder(folder, matchups, {"game": info.name, "players": players, "seed": seed,
                                           "games_per_matchup": matchups[0].games,
                                           "strategies": list(names)})
    typer.echo(format_matrix(matchups, names, players))
    typer.echo(f"written: {path}")


def register(app: typer.Typer) -> None:
    app.command("ladder", cls=OneLineErrors)(ladder)
