"""The Python API for notebooks: ``sim.run``, ``sim.load`` and ``sim.trace`` (docs/python.md).

Each goes through the code the CLI uses (sim.runner.request, execute, replay), so a run
made here is the run `sim run` makes with the same arguments. Errors raise RunError with
the CLI's one-line message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from sim.runner.dataset import open_run_folder, rows_path


@dataclass(frozen=True)
class Run:
    """A run folder: its path, its manifest (run.json) and its rows on demand."""

    path: Path
    manifest: dict

    def df(self, columns: list[str] | None = None) -> pd.DataFrame:
        """Every row of the run (one per game and seat; Aeolis: per game)."""
        return pd.read_parquet(rows_path(self.path), columns=columns)


def load(folder: str | Path) -> Run:
    """A folder written by `sim run` (or sim.run)."""
    path = Path(folder)
    manifest, _ = open_run_folder(path)
    return Run(path, manifest)


def _sets(settings: Mapping[str, object] | None) -> list[str]:
    return [f"{k}={v}" for k, v in (settings or {}).items()]


def run(game: str | None = None, *, players: int | str | None = None, n: int | float = 10000,
        seed: int = 0, scenario: str | None = None, strategies: str | None = None,
        settings: dict[str, object] | None = None, sweep: dict[str, str] | None = None,
        out: str | Path | None = None, overwrite: bool = False, batch_size: int = 20000,
        workers: int | None = None, content: str | Path | None = None) -> Run:
    """Play a run as `sim run` does and return it. ``settings`` are --set pairs
    ({"params.builder_base": 4, "mode": "hardcore"}), ``sweep`` --sweep pairs
    ({"params.builder_base": "3,4"}); ``content`` a studio's content file (--content);
    ``out`` defaults to results/SCENARIO."""
    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute
    from sim.runner.request import plan_request
    from sim.runner.values import parse_count

    plan = plan_request(game=game, players=players, scenario=scenario, strategies=strategies,
                        sets=_sets(settings), mode=None, heroes=None, sweeps=_sets(sweep),
                        n=parse_count(str(n), "n"),
                        seed=seed, batch_size=batch_size, content=content)
    folder = Path(out) if out is not None else Path("results") / plan.scenario.name
    action = check(plan, folder, resume=False, overwrite=overwrite)
    with open_backend("local", plan=plan, workers=workers, scheduler=None,
                      transfer=None) as engine:
        manifest = execute(plan, folder, action, backend=engine, quiet=True)
    return Run(folder, manifest)


def trace(game: str | None = None, *, run: str | Path | Run | None = None, cell: int = 0,
          index: int = 0, players: int | None = None, seed: int = 0, scenario: str | None = None,
          strategies: str | None = None, settings: dict[str, object] | None = None,
          content: str | Path | None = None) -> list[dict]:
    """The event records of one game, as `sim trace` prints them (docs/trace.md).

    ``trace(run=folder_or_Run, cell=C, index=G)`` replays game G of cell C of a run;
    otherwise game ``index`` is set up from the arguments as `sim trace --game ...` does."""
    from sim.runner.replay import from_plan, from_run, records
    from sim.runner.request import plan_request

    if run is not None:
        return records(from_run(run.path if isinstance(run, Run) else Path(run), cell, index))
    plan = plan_request(game=game, players=players, scenario=scenario, strategies=strategies,
                        sets=_sets(settings), mode=None, heroes=None, sweeps=[], n=1, seed=seed,
                        batch_size=1, content=content)
    return records(from_plan(plan, index))
