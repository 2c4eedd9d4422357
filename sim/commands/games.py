"""`sim games`: what the simulator can play: player counts, modes and scenario presets."""

import typer

from sim.commands.errors import OneLineErrors
from sim.games.registry import GAMES
from sim.runner.scenario import preset_names


def games() -> None:
    """List the games, their player counts, modes and scenario presets.

    Example: sim games
    """
    rows = [("game", "title", "players", "modes", "presets")]
    for name in sorted(GAMES):
        info = GAMES[name]
        rows.append((name, info.title, f"{info.min_players}-{info.max_players}",
                     ", ".join(info.modes), ", ".join(preset_names(name)) or "-"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        typer.echo("  ".join(f"{cell:<{w}}" for cell, w in zip(r, widths, strict=False)) + "  " + r[-1])


def register(app: typer.Typer) -> None:
    app.command("games", cls=OneLineErrors)(games)
