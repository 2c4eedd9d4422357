"""Play a validated plan into a run folder: the part `sim run` and `sim sensitivity` share."""

from __future__ import annotations

from pathlib import Path

import typer

from sim.commands.errors import fail
from sim.runner import BrokenGame, RunError
from sim.runner.plan import Plan


def play(plan: Plan, folder: Path, *, resume: bool, overwrite: bool, backend: str,
         workers: int | None, scheduler: str | None, transfer: str | None, quiet: bool,
         until_ci: float | None = None) -> dict:
    """Check the folder, open the backend and play every missing batch; the final manifest.
    Bad input is one line and exit 2; games that cannot be trusted exit 1."""
    from sim.games.state_layout import LayoutMismatch
    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute

    try:
        action = check(plan, folder, resume=resume, overwrite=overwrite)
        engine = open_backend(backend, plan=plan, workers=workers, scheduler=scheduler,
                              transfer=transfer)
    except RunError as exc:
        fail(str(exc))
    try:
        with engine:
            return execute(plan, folder, action, backend=engine, quiet=quiet, until_ci=until_ci)
    except (BrokenGame, LayoutMismatch) as exc:  # figures that cannot be trusted
        fail(str(exc), code=1)
    except RunError as exc:  # the folder changed since the check: another writer took it
        fail(str(exc))
    except OSError as exc:  # the folder takes no files after all (a full disk, /proc)
        fail(f"cannot write in {str(folder)!r} ({exc.strerror or exc}) ; give an --out folder "
             "you can write, with free space")


def summary(plan: Plan, folder: Path, manifest: dict) -> None:
    """What was played, how fast, and how to read it."""
    from sim.runner.dataset import read_line

    rate = manifest["games_played_now"] / max(manifest["session_time_s"], 1e-9)
    typer.echo(f"{manifest['games']} games in {len(plan.cells)} cell(s) -> {folder} "
               f"({manifest['games_played_now']} played now, {rate:,.0f} games/s)")
    typer.echo(f"read it with: {read_line(folder)}")
