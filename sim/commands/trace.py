"""`sim trace`: play one game with the random-legal policy and write its event log."""

import importlib
from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game, require_players


def trace(
    game: Annotated[str | None, typer.Option(help="Game to play (see `sim games`).")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players (default: the game's "
                                                     "default, when it has one).")] = None,
    seed: Annotated[int, typer.Option(help="Run seed.")] = 0,
    game_index: Annotated[int, typer.Option(help="Which game of the run (with --seed, fixes every "
                                                 "deal and choice).")] = 0,
    no_skills: Annotated[bool, typer.Option("--no-skills", help="Play the variant without Skill "
                                                                "cards.")] = False,
    text: Annotated[bool, typer.Option("--text", help="Readable text instead of JSON lines.")] = False,
    out: Annotated[Path | None, typer.Option(help="Write to this file instead of stdout.")] = None,
) -> None:
    """Play one game (random-legal moves in every seat) and print every event.

    JSON lines by default, one event a line; the last line is game_end (docs/trace.md).

    Example: sim trace --game pericles --players 3 --seed 7 --text

    A game with a default player count needs no --players: sim trace --game aeolis --seed 7 --text
    """
    from sim.games.state_layout import LayoutMismatch

    info = require_game(game)
    players = require_players(info, players if players is not None else info.default_players)
    for flag, value in (("--seed", seed), ("--game-index", game_index)):
        if value < 0:
            fail(f"{flag} {value} is negative ; use 0 or more")
    if no_skills and "no_skills" not in info.modes:
        fail(f"{info.title} has no variant without Skills ; drop --no-skills")
    try:
        module = importlib.import_module(f"sim.games.{info.name}.trace")
    except ModuleNotFoundError:
        fail(f"{info.title} has no trace yet ; see `sim games` for what exists")
    try:
        records = module.trace_records(players, seed, game_index, skills=not no_skills)
    except (RuntimeError, LayoutMismatch) as exc:  # no trace to the game's end
        fail(str(exc), code=1)
    result = module.to_text(records) if text else module.to_jsonl(records)
    if out is None:
        typer.echo(result, nl=False)
        return
    try:
        out.write_text(result, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {str(out)!r} ({exc.strerror}) ; check that its folder exists")
    typer.echo(f"written: {out} ({len(records)} events)", err=True)


def register(app: typer.Typer) -> None:
    app.command("trace", cls=OneLineErrors)(trace)
