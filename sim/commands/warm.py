"""`sim warm`: compile each game's engine into the kernel cache before a run needs it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game
from sim.games.registry import GAMES
from sim.kernel_cache import cache_folder, package_dir

# Run in a process of its own per game: the folder holding the ``sim`` package first on the
# path, so the child compiles the code this process runs.
_WARM_ONE = "import sys; from sim.commands.warm import warm_game; warm_game(sys.argv[1])"
_PACKAGES_ROOT = str(Path(__file__).resolve().parents[2])


def warm_game(name: str) -> None:
    """Play one game of ``name``'s standard scenario, so Numba compiles (or loads) its
    engine and bots into the cache, and say how long it took."""
    from sim.runner.jobs import warm as warm_plan
    from sim.runner.plan import build_plan
    from sim.runner.scenario import default_scenario

    start = time.perf_counter()
    info = GAMES[name]
    players = (info.default_players or info.min_players,)
    plan = build_plan(info, default_scenario(info, players), players=players, n=1, seed=0,
                      strategies=None, sets=[], sweeps=[], batch_size=1)
    warm_plan(plan)
    typer.echo(f"{name}: ready in {time.perf_counter() - start:.1f} s ({cache_folder(name).name})")


def _source_size(name: str) -> int:
    """Bytes of a game's kernel sources (its engine and its bots): how long it compiles,
    roughly."""
    return sum(path.stat().st_size for package in (f"sim.games.{name}", f"strategies.{name}")
               for path in package_dir(package).rglob("*.py"))


def warm(
    game: Annotated[str | None, typer.Option(help="Only this game (default: every game).")] = None,
) -> None:
    """Compile every game's engine and bots into the kernel cache.

    Then the first run starts at once. `make setup` runs it; a game's cache made for other
    sources is never used (docs/engine.md).

    Example: sim warm --game pericles
    """
    names = [require_game(game).name] if game is not None else sorted(GAMES)
    typer.echo(f"Compiling the game engines into the kernel cache ({cache_folder().parent}); the first "
               "time takes a minute or two.")
    if len(names) == 1:
        warm_game(names[0])
        return
    # Every game in a process of its own: the games share no compiled code, and Numba
    # compiles a game more slowly in a process that compiled another (its type and
    # function tables grow; docs/performance.md). One lane per core, the largest game
    # first, so that it, the longest compile, has a core to itself while the others take
    # turns.
    path = os.pathsep.join([_PACKAGES_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])
    env = dict(os.environ, PYTHONPATH=path)

    def compiled_alone(name: str) -> bool:
        return subprocess.run([sys.executable, "-c", _WARM_ONE, name], env=env).returncode == 0

    names.sort(key=_source_size, reverse=True)
    with ThreadPoolExecutor(min(len(names), os.cpu_count() or 1)) as lanes:
        done = dict(zip(names, lanes.map(compiled_alone, names), strict=True))
    failed = [name for name in sorted(done) if not done[name]]
    if failed:
        fail(f"compiling {', '.join(failed)} failed (its error is above) ; fix it, then run "
             "'sim warm' again", code=1)


def register(app: typer.Typer) -> None:
    app.command("warm", cls=OneLineErrors)(warm)
