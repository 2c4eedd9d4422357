"""`sim games`: what the simulator can play: player counts, modes and scenario presets;
with ``--profile GAME``, the play-profile mechanisms the game's datasets count."""

from collections.abc import Sequence

import typer

from sim.commands.errors import OneLineErrors, require_game
from sim.games.play_profile import column
from sim.games.registry import GAMES, profile
from sim.runner.scenario import preset_names


def games(
    profile_of: str = typer.Option(None, "--profile", metavar="GAME",
                                   help="list GAME's play-profile columns (use_<name>): "
                                        "meaning and rulebook page, one line each"),
) -> None:
    """List the games with their player counts, modes and presets.

    List the games, their player counts, modes and scenario presets.

    Example: sim games ; sim games --profile pillars
    """
    if profile_of is not None:
        list_profile(profile_of)
        return
    rows = [("game", "title", "players", "modes", "presets")]
    for name in sorted(GAMES):
        info = GAMES[name]
        rows.append((name, info.title, f"{info.min_players}-{info.max_players}",
                     ", ".join(info.modes), ", ".join(preset_names(name)) or "-"))
    echo_table(rows)


def list_profile(game: str) -> None:
    """One line per mechanism: its dataset column, rulebook page and meaning."""
    rows = [("column", "page", "meaning")]
    rows += [(column(m), m.page, m.meaning) for m in profile(require_game(game))]
    echo_table(rows)


def echo_table(rows: Sequence[tuple[str, ...]]) -> None:
    """Rows as aligned columns, the last one left ragged."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        typer.echo("  ".join(f"{cell:<{w}}" for cell, w in zip(r, widths, strict=False)) + "  " + r[-1])


def register(app: typer.Typer) -> None:
    app.command("games", cls=OneLineErrors)(games)
