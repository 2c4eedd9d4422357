"""Baseline files: a run's summary plus the per-game outcomes a paired check needs.

One JSON file (``FORMAT``): the resolved scenario, seed, game count, content overrides
given on the command line, environment, and per cell its description (content hash
included), summary rows and per-game outcomes (zlib + base64 arrays, see
``outcomes.encode``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path

from sim.games.content_files import show
from sim.games.registry import GAMES, GameInfo, get_game
from sim.gate import GateError
from sim.gate.outcomes import OUTCOMES, Outcomes, concat, decode, encode
from sim.gate.replay import scenario_from, scenario_record
from sim.gate.summary import summarise
from sim.inputs import (
    MIB,
    Anything,
    Either,
    InputError,
    Items,
    Missing,
    Record,
    Table,
    Text,
    Whole,
    check,
    parse_json,
    read_text,
)
from sim.runner import RunError
from sim.runner.dataset import environment
from sim.runner.plan import Plan

FORMAT = "sim-baseline/2"  # 2: a seat's pick (Role or City-state) stored as "pick"
FIX = "make a new one with 'sim baseline'"
MAX_BYTES = 256 * MIB
# Per-game outcomes are read whole: games x seats over every cell, so that decoding them
# stays near half a gigabyte.
MAX_SEAT_GAMES = 20_000_000
MAX_CELLS = 1_000

SCENARIO = Record({"name": Text(), "game": Text(),
                   "players": Either((Whole(1, 64), Items(Whole(1, 64), 64, 1))),
                   "strategies": Either((Text(200), Items(Text(200), 64, 1))),
                   "settings": Table(Anything(), 100), "overrides": Table(Anything(), 10_000),
                   "source": Either((Text(), Missing())), "description": Text()},
                  optional=("source", "description"))
BASELINE = Record({
    "format": Text(), "game": Text(), "scenario": SCENARIO, "seed": Whole(0, 2**63 - 1),
    "games": Whole(1, MAX_SEAT_GAMES), "sets": Items(Text(), 1_000),
    "cells": Items(Record({"cell": Whole(0, MAX_CELLS - 1), "players": Whole(1, 64),
                           "sweep": Either((Table(Anything(), 100), Missing())),
                           "outcomes": OUTCOMES}, optional=("sweep",), others=True),
                   MAX_CELLS, 1),
}, others=True)


def build(plan: Plan, sets: list[str], manifest: dict, cells: Mapping[int, Iterable[Outcomes]]) -> dict:
    """The baseline of a played plan. Its per-game outcomes are the file's content, so each
    cell's chunks are joined into one (a few bytes per game)."""
    whole = {index: concat(list(parts)) for index, parts in cells.items()}
    return {"format": FORMAT, "game": plan.info.name,
            "scenario": scenario_record(plan.scenario), "seed": plan.seed,
            "games": plan.games_per_cell, "sets": list(sets), **environment(),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "wall_time_s": manifest.get("wall_time_s"),
            "cells": [{**cell.describe(), "summary": summarise(whole[cell.index]),
                       "outcomes": encode(whole[cell.index])} for cell in plan.cells]}


def write(path: Path, baseline: dict) -> None:
    """Write atomically: a killed command leaves the old file or none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"_{path.name}.tmp")
    tmp.write_text(json.dumps(baseline, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read(path: Path) -> tuple[dict, dict[int, Outcomes]]:
    """(baseline, {cell: outcomes}); any unreadable, foreign or damaged file is a GateError.

    The file is checked against ``BASELINE`` and its sizes against ``MAX_SEAT_GAMES``
    before any array is decoded, so a damaged count cannot make it allocate."""
    where = f"baseline {str(path)!r}"
    try:
        data = parse_json(read_text(path, MAX_BYTES))
    except json.JSONDecodeError:
        raise GateError(f"{where} is not JSON (damaged or not a baseline) ; {FIX}") from None
    except InputError as exc:
        raise GateError(f"{where}: {exc} ; {FIX}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise GateError(f"{where} is not a sim baseline (format {show(found)}, expected "
                        f"{FORMAT!r}) ; {FIX}")
    if not isinstance(data.get("game"), str) or data["game"] not in GAMES:
        raise GateError(f"{where} is for unknown game {show(data.get('game'))} ; {FIX} for one of: "
                        f"{', '.join(sorted(GAMES))}")
    try:
        check(data, BASELINE)
        scenario_from(data["scenario"])
        check_sizes(get_game(data["game"]), data)
        cells = {c["cell"]: decode(c["outcomes"], data["games"]) for c in data["cells"]}
    except (InputError, RunError) as exc:
        raise GateError(f"{where} is damaged: {exc} ; {FIX}") from None
    if len(cells) != len(data["cells"]):
        raise GateError(f"{where} is damaged: two cells have one number ; {FIX}")
    return data, cells


SAME_CELL = ("players", "strategies")  # what a check's cells must share with the baseline's


def require_playable(data: dict, path: Path) -> None:
    """GateError unless the baseline's scenario is for the game its cells hold (checked
    before a plan is built from the scenario; the schema has bounded its seed)."""
    where = f"baseline {str(path)!r}"
    if data["scenario"].get("game") != data["game"]:
        raise GateError(f"{where}: its scenario is for {data['scenario'].get('game')!r} but its "
                        f"games are {data['game']!r} ; {FIX}")


def require_agreement(data: dict, plan: Plan, path: Path) -> None:
    """GateError unless the plan rebuilt from the baseline's scenario has the cells the
    baseline holds, in order, with the same players and strategies: a hand-edited scenario
    that contradicts the cells would otherwise compare other games than the baseline's."""
    where = f"baseline {str(path)!r}"
    theirs = data["cells"]
    if len(theirs) != len(plan.cells):
        raise GateError(f"{where}: its scenario gives {len(plan.cells)} cells but it holds "
                        f"{len(theirs)} ; {FIX}")
    for cell, entry in zip(plan.cells, theirs, strict=True):
        ours = cell.describe()
        for key in SAME_CELL:
            if ours[key] != entry.get(key):
                raise GateError(f"{where}: cell {cell.index} has {key} {entry.get(key)!r} but its "
                                f"scenario gives {ours[key]!r} ; {FIX}")


def check_sizes(info: GameInfo, data: dict) -> None:
    """Each cell's seats within the game's, and all per-game outcomes within
    ``MAX_SEAT_GAMES`` (InputError)."""
    for i, cell in enumerate(data["cells"]):
        seats = cell["outcomes"]["players"]
        if not 1 <= seats <= info.max_players or not 1 <= cell["players"] <= info.max_players:
            raise InputError(f"cells.{i} has {max(seats, cell['players'])} players, more than "
                             f"{info.title}'s {info.max_players}")
    seat_games = data["games"] * sum(c["outcomes"]["players"] for c in data["cells"])
    if seat_games > MAX_SEAT_GAMES:
        raise InputError(f"it holds {seat_games:,} seat-games, more than the {MAX_SEAT_GAMES:,} a "
                         "baseline is read with")


def seat_games_problem(plan: Plan) -> str | None:
    """Why a baseline of ``plan`` would be too large to read back, or None."""
    seat_games = plan.games_per_cell * sum(1 if plan.info.cooperative else c.players
                                           for c in plan.cells)
    if seat_games <= MAX_SEAT_GAMES:
        return None
    return (f"--n {plan.games_per_cell} makes {seat_games:,} seat-games, more than the "
            f"{MAX_SEAT_GAMES:,} a baseline holds at most (its per-game outcomes are read whole) ; "
            "lower --n")
