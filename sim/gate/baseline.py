"""Baseline files: a run's summary plus the per-game outcomes a paired check needs.

One JSON file (``FORMAT``): the resolved scenario, seed, game count, content overrides
given on the command line, environment, and per cell its description (content hash
included), summary rows and per-game outcomes (zlib + base64 arrays, see
``outcomes.encode``).
"""

from __future__ import annotations

import binascii
import json
import os
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from sim.games.registry import GAMES
from sim.gate import GateError
from sim.gate.outcomes import Outcomes, concat, decode, encode
from sim.gate.replay import scenario_from, scenario_record
from sim.gate.summary import summarise
from sim.runner.dataset import environment
from sim.runner.plan import Plan
from sim.runner.request import MAX_SEED

FORMAT = "sim-baseline/2"  # 2: a seat's pick (Role or City-state) stored as "pick"
FIX = "make a new one with 'sim baseline'"


def build(plan: Plan, sets: list[str], manifest: dict, cells: dict[int, Iterable[Outcomes]]) -> dict:
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
    """(baseline, {cell: outcomes}); any unreadable, foreign or damaged file is a GateError."""
    where = f"baseline {str(path)!r}"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise GateError(f"{where}: cannot read the file ({exc.strerror}) ; check the path") from None
    except (UnicodeDecodeError, ValueError):
        raise GateError(f"{where} is not JSON (damaged or not a baseline) ; {FIX}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise GateError(f"{where} is not a sim baseline (format {found!r}, expected {FORMAT!r}) ; "
                        f"{FIX}")
    if data.get("game") not in GAMES:
        raise GateError(f"{where} is for unknown game {data.get('game')!r} ; {FIX} for one of: "
                        f"{', '.join(sorted(GAMES))}")
    try:
        cells = {int(c["cell"]): decode(c["outcomes"]) for c in data["cells"]}
        if not cells or any(len(o.games) != int(data["games"]) for o in cells.values()):
            raise ValueError("game count")
        int(data["seed"])
        scenario_from(data["scenario"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, binascii.Error, zlib.error):
        raise GateError(f"{where} is damaged (its per-game outcomes do not decode) ; {FIX}") from None
    return data, cells


SAME_CELL = ("players", "strategies")  # what a check's cells must share with the baseline's


def require_playable(data: dict, path: Path) -> None:
    """GateError unless the baseline's seed is one a run accepts and its scenario is for
    the game its cells hold (checked before a plan is built from the scenario)."""
    where = f"baseline {str(path)!r}"
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise GateError(f"{where}: seed {seed!r} is out of range (0 .. 2**63 - 1) ; {FIX}")
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
