"""The `sim` command line: thin typer commands that delegate to the modules that work."""

import typer

from sim.commands import (
    balance,
    baseline,
    bench,
    check,
    compare,
    content,
    games,
    ladder,
    plan,
    report,
    run,
    score,
    sensitivity,
    trace,
    tune,
    verify,
    warm,
)

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Balance-testing simulator: play millions of bot games of a board game.")
for command in (games, run, trace, score, bench, report, baseline, check, compare, plan, ladder, tune,
                warm, verify, content, sensitivity, balance):
    command.register(app)

if __name__ == "__main__":
    app()
