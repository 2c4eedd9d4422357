"""`sim ladder`: every strategy against the others; prints and stores the win-share matrix."""

from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game, require_players
from sim.runner import RunError


def ladder(
    game: Annotated[str | None, typer.Option(help="Game to play (see `sim games`).")] = None,
    players: Annotated[int | None, typer.Option(
        help="Number of players (default: the game's default, when it has one).")] = None,
    games: Annotated[str, typer.Option(
        help="Games per matchup, split over the seat rotations; per mode for a co-operative "
             "game.")] = "3000",
    seed: Annotated[int, typer.Option(help="Run seed; every matchup plays the same deals.")] = 0,
    strategies: Annotated[str | None, typer.Option(
        help="Strategies to compare, comma-separated (default: all of the game's).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Output folder (default: results/ladder-GAME-Np).")] = None,
    workers: Annotated[int | None, typer.Option(help="Threads (default: all cores).")] = None,
) -> None:
    """Play every strategy against the others: a win-share matrix.

    Play each strategy against copies of each other one, seat-rotated with paired seeds,
    and print the win-share matrix with 95% intervals (stored as ladder.parquet). A
    co-operative game has one team: each strategy plays every mode on the same games, and
    the table is its survival per mode.

    Example: sim ladder --game pericles --players 3 --games 3000

    Example: sim ladder --game aeolis --games 20000 --strategies novice,casual,default,expert
    """
    from sim.games.registry import load_runner
    from sim.runner.execute import set_workers
    from sim.runner.scenario import check_strategies
    from sim.runner.values import parse_count
    from strategies.ladder import (
        format_matrix,
        format_survival,
        run_ladder,
        run_team_ladder,
        write_ladder,
    )

    info = require_game(game)
    players = require_players(info, players if players is not None else info.default_players)
    runner = load_runner(info)
    try:
        names: tuple[str, ...] = (
            tuple(s.strip() for s in strategies.split(",")) if strategies
            else tuple(getattr(runner, "LADDER_STRATEGIES", runner.STRATEGIES)))
        check_strategies(list(names), runner, "--strategies")
        if len(set(names)) < 2 or len(set(names)) != len(names):
            raise RunError("--strategies needs two or more different names, each once ; "
                           f"choose from {', '.join(runner.STRATEGIES)}")
        count = parse_count(games, "--games")
        if count < players and not info.cooperative:
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
    meta = {"game": info.name, "players": players, "seed": seed, "strategies": list(names)}
    if info.cooperative:  # one team: each strategy's survival per mode, on the same games
        modes = tuple(info.modes)
        rows = run_team_ladder(runner, names, players, count, seed, modes)
        path = write_ladder(folder, rows, {**meta, "games_per_mode": count, "modes": list(modes)})
        typer.echo(format_survival(rows, names, modes))
    else:
        matchups = run_ladder(runner, names, players, count, seed)
        path = write_ladder(folder, matchups, {**meta, "games_per_matchup": matchups[0].games})
        typer.echo(format_matrix(matchups, names, players))
    typer.echo(f"written: {path}")


def register(app: typer.Typer) -> None:
    app.command("ladder", cls=OneLineErrors)(ladder)
