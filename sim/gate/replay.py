"""Play a scenario for the gate into a temporary run folder and read it back.

The gate never calls the engine itself: it goes through the runner (plan, batches,
Parquet shards) like `sim run`, then reads the rows like any other reader.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sim.games.registry import GAMES, get_game, load_runner
from sim.gate.dataset import CellOutcomes, read_run
from sim.runner import RunError
from sim.runner.backends import open_backend
from sim.runner.execute import execute
from sim.runner.plan import Plan, build_plan
from sim.runner.scenario import Scenario, check_players, check_settings, check_strategies

BATCH = 20000


def scenario_record(scenario: Scenario) -> dict[str, object]:
    """The resolved scenario as stored in a baseline, so a check replays exactly it."""
    return {"name": scenario.name, "game": scenario.game, "players": list(scenario.players),
            "strategies": list(scenario.strategies), "settings": scenario.settings,
            "overrides": scenario.overrides, "source": scenario.source,
            "description": scenario.description}


def scenario_from(record: dict) -> Scenario:
    """The stored scenario (shaped as ``SCENARIO`` says), its players, strategies and
    settings checked as a scenario file's are (RunError); a setting the game gained since
    the baseline was made takes its default, which plays the games the baseline's code
    played."""
    where = "its scenario"
    if record["game"] not in GAMES:
        raise RunError(f"{where} is for unknown game {record['game']!r}")
    info = get_game(record["game"])
    runner = load_runner(info)
    return Scenario(name=record["name"], game=record["game"],
                    players=check_players(record["players"], info, where),
                    strategies=check_strategies(record["strategies"], runner, where),
                    settings=check_settings(runner, record["settings"], where),
                    overrides=dict(record["overrides"]), source=record.get("source"),
                    description=record.get("description", ""))


def make_plan(scenario: Scenario, n: int, seed: int, sets: list[str]) -> Plan:
    return build_plan(get_game(scenario.game), scenario, players=None, n=n, seed=seed,
                      strategies=None, sets=sets, sweeps=[], batch_size=min(n, BATCH))


def open_gate_backend(name: str, plan: Plan, *, workers: int | None, scheduler: str | None):
    """The backend of a replay; Dask workers send rows back, as the scratch folder is on this
    machine only. Raises RunError (one line) on bad flags or an unreachable scheduler."""
    return open_backend(name, plan=plan, workers=workers, scheduler=scheduler,
                        transfer="results" if name == "dask" else None)


@contextmanager
def play(plan: Plan, *, backend, quiet: bool) -> Iterator[tuple[dict, dict[int, CellOutcomes]]]:
    """Run ``plan`` on ``backend`` (see sim.runner.backends) in a scratch folder; (run.json,
    outcomes per cell), read from the folder while the context lasts."""
    with tempfile.TemporaryDirectory(prefix="sim-gate-") as scratch:
        folder = Path(scratch) / "run"
        execute(plan, folder, "new", backend=backend, quiet=quiet)
        yield read_run(folder)


def cell_label(entry: dict) -> str:
    """'3p', or '3p builder_base=4' for a sweep cell of run.json / a baseline."""
    sweep = " ".join(f"{k}={v}" for k, v in (entry.get("sweep") or {}).items())
    return f"{entry['players']}p" + (f" {sweep}" if sweep else "")
