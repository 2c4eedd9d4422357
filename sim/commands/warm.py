"""`sim warm`: compile each game's engine into the kernel cache before a run needs it."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, require_game
from sim.games.registry import GAMES


def warm(
    game: Annotated[str | None, typer.Option(help="Only this game (default: every game).")] = None,
) -> None:
    """Compile (or load) every game's engine and bots into the kernel cache, so that the
    first run starts at once. `make setup` runs it; a cache made for other sources is
    never used (docs/performance.md).

    Example: sim warm --game pericles
    """
    from sim.kernel_cache import open_cache
    from sim.runner.jobs import warm as warm_plan
    from sim.runner.plan import build_plan
    from sim.runner.scenario import default_scenario

    infos = [require_game(game)] if game is not None else [GAMES[name] for name in sorted(GAMES)]
    typer.echo(f"Compiling the game engines into the kernel cache ({open_cache()}); the first "
               "time takes a minute or two.")
    for info in infos:
        start = time.perf_counter()
        players = (info.default_players or info.min_players,)
        plan = build_plan(info, default_scenario(info, players), players=players, n=1, seed=0,
                          strategies=None, sets=[], sweeps=[], batch_size=1)
        warm_plan(plan)
        typer.echo(f"{info.name}: ready in {time.perf_counter() - start:.1f} s")


def register(app: typer.Typer) -> None:
    app.command("warm", cls=OneLineErrors)(warm)
