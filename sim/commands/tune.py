"""`sim tune`: search a bot's weights, write preset `tuned` and its ladder result."""

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game, require_players
from sim.runner import RunError


def tune(
    game: Annotated[str | None, typer.Option(help="Game whose bots to tune (see `sim games`).")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    budget: Annotated[float | None, typer.Option(
        help="Minutes of search; the generations that fit are recorded.")] = None,
    generations: Annotated[int | None, typer.Option(
        help="Exact number of generations (repeats a run; overrides --budget).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the search and of its games.")] = 0,
    population: Annotated[int, typer.Option(help="Candidates per generation.", min=4)] = 12,
    games: Annotated[int, typer.Option(
        help="Games per candidate, opponent preset and seat rotation in a generation.", min=1)] = 20,
    check_games: Annotated[str, typer.Option(
        help="Games per matchup of the final ladder of `tuned`.")] = "3000",
    out: Annotated[Path | None, typer.Option(
        help="Folder for the ladder result (default: results/tune-GAME-Np).")] = None,
    workers: Annotated[int | None, typer.Option(help="Threads (default: all cores).")] = None,
) -> None:
    """Search the heuristic's weights against the hand-made presets.

    Cross-entropy search over the heuristic's weights against the hand-made presets
    (paired seeds, seat-rotated); writes preset `tuned` and its ladder against the others.

    Example: sim tune --game pericles --players 3 --budget 10 --seed 1
    """
    from sim.games.registry import load_runner
    from sim.runner.execute import set_workers
    from sim.runner.values import parse_count
    from strategies.tune import run_tune

    info = require_game(game)
    require_players(info, players)
    try:
        bots = importlib.import_module(f"strategies.{info.name}.bots")
    except ModuleNotFoundError:
        fail(f"{info.title} has no tunable bots yet ; see `sim games` for what exists")
    try:
        if budget is None and generations is None:
            raise RunError("missing --budget ; give the minutes to search (or --generations N)")
        if budget is not None and not budget > 0:
            raise RunError(f"--budget {budget} must be more than 0 minutes")
        if generations is not None and generations < 1:
            raise RunError(f"--generations {generations} must be at least 1")
        if seed < 0:
            raise RunError(f"--seed {seed} is negative ; use 0 or more")
        check = parse_count(check_games, "--check-games")
        if check < players:
            raise RunError(f"--check-games {check} is fewer than the {players} seat rotations")
        folder = out if out is not None else Path("results") / f"tune-{info.name}-{players}p"
        if folder.exists() and not folder.is_dir():
            raise RunError(f"--out {str(folder)!r} is a file ; give a folder path")
        set_workers(workers)
    except RunError as exc:
        fail(str(exc))
    report = run_tune(load_runner(info), bots, players, seed=seed, generations=generations,
                      budget_s=None if budget is None else budget * 60, population=population,
                      per_rotation=games, check_games=check, out=folder,
                      progress=lambda h: typer.echo(json.dumps(h)))
    typer.echo(report["summary"])
    typer.echo(f"written: {report['preset']} and {report['ladder']}")


def register(app: typer.Typer) -> None:
    app.command("tune", cls=OneLineErrors)(tune)
