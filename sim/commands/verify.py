"""`sim verify`: is a run folder complete, with every shard whole and this run's?"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail


def verify(
    folder: Annotated[Path, typer.Argument(help="A folder written by `sim run`.", metavar="DIR",
                                           show_default=False)],
) -> None:
    """Check that a run folder's shards are all there and intact.

    Check a run folder: every shard there, readable, of the right size, run and batch,
    and unchanged since it was written (SHA-256), and no other file in data/. Prints one
    summary line, then a few of the damaged and missing shards and stray files. Exit 0 when
    the run is complete and intact, else 1; 'sim run ... --resume' (or 'sim sensitivity ...
    --resume') with the original flags replays what is damaged or missing.

    Example: sim verify results/pericles-3p
    """
    from sim.runner import RunError
    from sim.runner.integrity import verify_folder

    try:
        intact, lines = verify_folder(folder)
    except RunError as exc:
        fail(str(exc))
    for line in lines:
        typer.echo(line)
    raise typer.Exit(0 if intact else 1)


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(verify)
