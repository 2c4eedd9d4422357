"""The `sim` command line: thin typer commands that delegate to the modules that work."""

import typer

from sim.commands import bench, games, run, score, trace

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Balance-testing simulator: play millions of bot games of a board game.")
for command in (games, run, trace, score, bench):
    command.register(app)
