"""One game set up exactly as `sim run` plays it, and its event records (`sim trace`).

A game is a pure function of (run seed, game index, cell setup): every cell of a run plays
with the run's seed and numbers its games from 0 (sim.runner.batches, sim.rng), so the
dataset row (cell C, game G) is played again by rebuilding cell C from its record in
run.json and playing game G with the run's seed. The studio's content file the run was
made with (run.json names it, its path and SHA-256) must be where it was and unchanged,
and the rebuilt content must hash as the run's did; otherwise the game would differ and
the replay is refused.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.games.registry import GameInfo, load_runner
from sim.runner import RunError
from sim.runner.dataset import file_sha256, open_run_folder
from sim.runner.plan import Plan


@dataclass(frozen=True)
class OneGame:
    info: GameInfo
    content: Any
    setup: Any
    seed: int
    index: int  # the game's index in its cell (the dataset's ``game`` column)


def _check_index(index: int, games: int, where: str) -> None:
    if not 0 <= index < games:
        raise RunError(f"game {index} is out of range ; {where} has games 0..{games - 1}")


def from_plan(plan: Plan, index: int) -> OneGame:
    """Game ``index`` of a one-cell plan (sim.runner.request.plan_request)."""
    if len(plan.cells) != 1:
        raise RunError(f"the flags give {len(plan.cells)} cells ; trace one game: give one "
                       "player count and no sweep")
    if index < 0:
        raise RunError(f"--game-index {index} is negative ; use 0 or more")
    cell = plan.cells[0]
    return OneGame(plan.info, cell.content, cell.setup, plan.seed, index)


def from_run(folder: Path, cell: int, index: int) -> OneGame:
    """Game ``index`` of cell ``cell`` of the run written in ``folder``."""
    manifest, info = open_run_folder(Path(folder))
    cells = manifest["cells"]
    if not 0 <= cell < len(cells):
        raise RunError(f"cell {cell} is out of range ; {str(folder)!r} has cells "
                       f"0..{len(cells) - 1}")
    record = cells[cell]
    stopped = {s["cell"]: s["games"] for s in manifest.get("stopped", [])}
    _check_index(index, stopped.get(cell, record["games"]), f"cell {cell}")
    runner = load_runner(info)
    content = runner.load(record["overrides"], _studio_file(manifest))
    if content.content_hash != record["content_hash"]:
        raise RunError(f"cell {cell}'s content has changed since the run (hash "
                       f"{content.content_hash[:12]} instead of {record['content_hash'][:12]}), "
                       "so its games would differ ; trace with the version that wrote the run")
    setup = runner.make_setup(content, record["players"], record["settings"],
                              tuple(record["strategies"]), f"cell {cell}")
    return OneGame(info, content, setup, int(manifest["seed"]), index)


def _studio_file(manifest: dict) -> Path | None:
    """The studio's content file the run was made with, unchanged since; RunError otherwise."""
    record = manifest.get("content_file")
    if record is None:
        return None
    path = Path(manifest["content_path"])
    if not path.is_file():
        raise RunError(f"the run's content file {record['name']} is gone from {str(path)!r} ; "
                       "put it back there to replay the run's games")
    if file_sha256(path) != record["sha256"]:
        raise RunError(f"the run's content file {record['name']} has changed since the run "
                       f"(SHA-256 {file_sha256(path)[:12]} instead of {record['sha256'][:12]}), "
                       "so its games would differ ; restore the version the run was made with")
    return path


def trace_module(info: GameInfo):
    """The game's trace module (records_from, to_jsonl, to_text), or RunError."""
    try:
        return importlib.import_module(f"sim.games.{info.name}.trace")
    except ModuleNotFoundError:
        raise RunError(f"{info.title} has no trace yet ; see `sim games` for what exists") from None


def records(game: OneGame) -> list[dict]:
    """Play the game with its event log on; the last record is ``game_end``."""
    trace = trace_module(game.info)
    play = importlib.import_module(f"sim.games.{game.info.name}.game").play_traced
    return trace.records_from(game.content, *play(game.content, game.setup, game.seed, game.index))
