"""One game set up exactly as `sim run` plays it, and its event records (`sim trace`).

A game is a pure function of (run seed, game index, cell setup): every cell of a run plays
with the run's seed and numbers its games from 0 (sim.runner.batches, sim.rng), so the
dataset row (cell C, game G) is played again by rebuilding cell C from its record in
run.json and playing game G with the run's seed. The studio's content file the run was
made with (run.json names it, its path and SHA-256) must be where it was and unchanged,
and the rebuilt content must hash as the run's did; otherwise the game would differ and
the replay is refused. So is a replay whose run.json no longer matches the shard that
holds the game's row (an edited seed, strategies or game count, a game the run has not
played): the game replayed would not be the row's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from sim.games.contract import GameTrace
from sim.games.registry import GameInfo, load_play, load_runner, load_trace
from sim.rotation import setup_of
from sim.runner import RunError
from sim.runner.batches import Batch
from sim.runner.dataset import MANIFEST, file_sha256, open_run_folder
from sim.runner.integrity import expected_batches, resume_command, rows_per_game, shard_problem
from sim.runner.plan import Plan, cell_setup


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
    """Game ``index`` of cell ``cell`` of the run written in ``folder``, once run.json is
    found to match the shard that holds the game's row."""
    folder = Path(folder)
    manifest, info = open_run_folder(folder)
    cells = manifest["cells"]
    if not isinstance(cells, list) or not 0 <= cell < len(cells):
        span = f"0..{len(cells) - 1}" if isinstance(cells, list) else "none readable"
        raise RunError(f"cell {cell} is out of range ; {str(folder)!r} has cells {span}")
    record = cells[cell]  # run.json's schema (open_run_folder) has bounded its seed
    try:
        batches = [b for b in expected_batches(manifest) if b.cell == cell]
        rows = rows_per_game(info.cooperative, record["players"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RunError(f"{str(folder)!r}: its {MANIFEST} lacks the plan of cell {cell} (players, "
                       "games, batch size) ; give a folder written by 'sim run'") from None
    _check_index(index, sum(b.count for b in batches), f"cell {cell}")
    batch = next(b for b in batches if b.first <= index < b.first + b.count)
    _check_shard(folder, manifest, record, batch, rows, index)
    runner = load_runner(info)
    content = runner.load(record["overrides"], _studio_file(manifest))
    if content.content_hash != record["content_hash"]:
        raise RunError(f"cell {cell}'s content has changed since the run (hash "
                       f"{content.content_hash[:12]} instead of {record['content_hash'][:12]}), "
                       "so its games would differ ; trace with the version that wrote the run")
    setup, _ = cell_setup(runner, content, record["players"], record["settings"],
                          tuple(record["strategies"]), f"cell {cell}")
    return OneGame(info, content, setup, int(manifest["seed"]), index)


def _check_shard(folder: Path, manifest: dict, record: dict, batch: Batch, rows: int,
                 index: int) -> None:
    """The row of the game is in an intact shard written with what run.json says (seed,
    strategies, settings, content): otherwise the game replayed would not be the row's."""
    where = f"game {index} of cell {batch.cell}"
    if not (folder / batch.path).exists():
        raise RunError(f"{where} was not played: its shard {batch.path} is missing ; finish "
                       f"the run with '{resume_command(manifest)}' and the original flags, or "
                       f"see 'sim verify {folder}'")
    problem = shard_problem(folder, batch, manifest, record, rows)
    if problem is None:
        problem = _content_record_problem(folder / batch.path, manifest)
    if problem is not None:
        raise RunError(f"{str(folder)!r}: {MANIFEST} does not match {batch.path}, which holds "
                       f"{where}: {problem} ; replay from an unchanged run folder "
                       f"(see 'sim verify {folder}')")


def _content_record_problem(shard: Path, manifest: dict) -> str | None:
    """Whether run.json names the content file the shard was written with (replay reads
    the file run.json names)."""
    meta = pq.read_schema(shard).metadata or {}
    written = json.loads(meta[b"sim.run"])
    for key in ("content_file", "content_path"):
        if key in written and written[key] != manifest.get(key):
            return f"written by another run ({key} differs)"
    return None


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
                       f"(its SHA-256 is no longer {record['sha256'][:12]}), so its games would "
                       "differ ; restore the version the run was made with")
    return path


def trace_module(info: GameInfo) -> GameTrace:
    """The game's trace module (records_from, to_jsonl, to_text)."""
    return load_trace(info)


def records(game: OneGame) -> list[dict]:
    """Play the game with its event log on; the last record is ``game_end``."""
    trace = trace_module(game.info)
    play = load_play(game.info).play_traced
    setup = setup_of(game.setup, game.index)
    return trace.records_from(game.content, *play(game.content, setup, game.seed, game.index))
