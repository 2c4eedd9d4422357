"""`sim score`: the scores of a position given as a JSON file (a saved whole state, or a
position written by hand)."""

import json
from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail, require_game
from sim.games.contract import ScoresPositions
from sim.games.registry import load_state_json


def score(
    game: Annotated[str | None, typer.Option(help="Game of the position (see `sim games`).")] = None,
    state: Annotated[Path | None, typer.Option(help="JSON file with the position: a saved state "
                                                    "or one written by hand (format: "
                                                    "docs/state-json.md).")] = None,
    content: Annotated[Path | None, typer.Option(help="Content file to score with (default: the "
                                                      "game's standard content).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Score a position at game end, line by line for each player.

    Apply the game-end scoring to a position and print each player's lines and total (for
    a co-operative game, the team's verdict). A saved state of a finished game is shown as
    it stands; a game in play is scored as if it ended now.

    Example: sim score --game pericles --state tests/fixtures/kalliope.json
    """
    info = require_game(game)
    if state is None:
        fail("missing --state ; give the JSON file of the position (see docs/state-json.md)")
    module = load_state_json(info)
    if not isinstance(module, ScoresPositions):
        fail(f"{info.title} cannot score JSON states yet ; see `sim games` for what exists")
    try:
        result = module.score_file(state, content)
    except ValueError as exc:  # StateError, and ContentError for a bad --content
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        typer.echo(module.format_table(result), nl=False)


def register(app: typer.Typer) -> None:
    app.command("score", cls=OneLineErrors)(score)
