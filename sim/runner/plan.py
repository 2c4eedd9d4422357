"""The run plan: the grid of cells (sweep points x player counts), each fully validated.

Building a plan loads the content of every cell and builds its setup, so every bad
name or value is reported (one line) before anything is written.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.games.content_files import StudioFile
from sim.games.contract import GameRunner
from sim.games.registry import GameInfo, load_runner
from sim.rotation import ROTATE, Rotated, assignments, pick_design
from sim.runner import RunError
from sim.runner.batches import Batch, batches_for, check_size
from sim.runner.scenario import Scenario, check_strategies
from sim.runner.values import list_value, split_list, split_pair, toml_value

RESERVED = {"players": "--players", "game": "--game", "name": "--out", "seed": "--seed",
            "n": "--n", "description": "the scenario file"}


@dataclass
class Cell:
    index: int
    players: int
    mode: str
    strategies: tuple[str, ...]  # one per real seat
    settings: dict[str, object]
    overrides: dict[str, object]
    sweep: dict[str, object]
    content_hash: str
    assumed_share: float  # share of content items marked "assumed" (not transcribed)
    games: int
    deviations: list[str]  # rules the settings play otherwise than printed (runner.deviations)
    # how the picks and the strategies came to their seats (sim.rotation)
    design: dict[str, str | None] = field(default_factory=dict)
    content: Any = field(repr=False, default=None)
    setup: Any = field(repr=False, default=None)

    def describe(self) -> dict[str, object]:
        return {"cell": self.index, "players": self.players, "mode": self.mode,
                "strategies": list(self.strategies), "sweep": self.sweep,
                "settings": self.settings, "overrides": self.overrides,
                "content_hash": self.content_hash, "assumed_share": self.assumed_share,
                "games": self.games, "deviations": self.deviations, "design": self.design}


@dataclass
class Plan:
    info: GameInfo
    runner: GameRunner
    scenario: Scenario
    seed: int
    games_per_cell: int
    batch_size: int
    cells: list[Cell]
    studio: StudioFile | None = None  # the studio's content file every cell plays
    sensitivity: dict | None = None  # a sensitivity run's moves (sim.sensitivity.plan)

    @property
    def games(self) -> int:
        return sum(c.games for c in self.cells)

    def batches(self) -> list[Batch]:
        return [b for c in self.cells for b in batches_for(c.index, c.games, self.batch_size)]

    def identity(self) -> dict[str, object]:
        """What must match for --resume to continue an existing folder."""
        identity = {"game": self.info.name, "scenario": self.scenario.name, "seed": self.seed,
                    "games_per_cell": self.games_per_cell, "batch_size": self.batch_size,
                    "content_file": self.studio.record() if self.studio else None,
                    "cells": [c.describe() for c in self.cells]}
        if self.sensitivity is not None:
            identity["sensitivity"] = self.sensitivity
        return identity


def _jsonable(value: object) -> Any:
    return json.loads(json.dumps(value, default=str))


def _setting(runner: GameRunner, key: str, text: str, flag: str) -> object:
    where = f"{flag} {key}"
    if key == "strategies":
        return list(check_strategies(list_value(text), runner, where))
    words = getattr(runner, "WORD_SETTINGS", ())
    value = list_value(text) if key in runner.LIST_SETTINGS and toml_value(text) not in words \
        else toml_value(text)
    return runner.check_setting(key, value, where)


def _route(runner: GameRunner, key: str, flag: str) -> str:
    """'setting' for scenario keys, 'content' for content overrides."""
    if key in RESERVED:
        raise RunError(f"{flag} {key}=...: {key} is not set this way ; use {RESERVED[key]}")
    return "setting" if key in runner.SETTINGS or key == "strategies" else "content"


def build_plan(info: GameInfo, scenario: Scenario, *, players: tuple[int, ...] | None,
               n: int, seed: int, strategies: tuple[str, ...] | None, sets: list[str],
               sweeps: list[str], batch_size: int, content: Path | None = None) -> Plan:
    """The plan; ``content`` is a studio's content file laid over the shipped one in every
    cell (default: the scenario's ``content``)."""
    runner = load_runner(info)
    studio = content if content is not None else scenario.content
    counts = players or scenario.players
    span = f"{info.min_players}..{info.max_players}"
    for p in counts:
        if not info.min_players <= p <= info.max_players:
            raise RunError(f"--players {p} is out of range ; {info.title} plays with {span} players")
    base_settings = dict(scenario.settings)
    base_settings["strategies"] = list(strategies or scenario.strategies)
    base_overrides = dict(scenario.overrides)
    for text in sets:
        key, value = split_pair(text, "--set")
        if _route(runner, key, "--set") == "setting":
            base_settings[key] = _setting(runner, key, value, "--set")
        else:
            base_overrides[key] = value
    axes: list[tuple[str, str, list[object]]] = []
    for text in sweeps:
        key, value = split_pair(text, "--sweep")
        if any(key == k for k, _, _ in axes):
            raise RunError(f"--sweep {key} is given twice ; list all its values in one --sweep")
        kind = _route(runner, key, "--sweep")
        items = split_list(value)
        if any(not item for item in items):
            raise RunError(f"--sweep {text!r} has an empty value ; write --sweep KEY=V1,V2")
        if len(set(items)) != len(items):
            raise RunError(f"--sweep {key} repeats a value ; list each value once")
        if kind == "setting":
            values = [_setting(runner, key, item, "--sweep") for item in items]
        else:
            values = items
        axes.append((key, kind, values))
    if strategies is not None:
        check_strategies(list(strategies), runner, "--strategies")
    cell_count = len(counts) * math.prod(len(values) for _, _, values in axes)
    check_size(n, batch_size, cell_count)
    contents: dict[str, Any] = {}
    cells: list[Cell] = []
    points = list(itertools.product(*[[(k, kind, v) for v in vals] for k, kind, vals in axes]))
    for p in counts:
        for point in points:
            settings = dict(base_settings)
            overrides = dict(base_overrides)
            for key, kind, value in point:
                (settings if kind == "setting" else overrides)[key] = value
            # a setting whose default depends on others (a mode's board side) is written out
            settings = getattr(runner, "resolve_settings", dict)(settings)
            where = _where(point, p)
            strat = tuple(settings.pop("strategies"))
            if len(strat) not in (1, p):
                raise RunError(f"{where}: {len(strat)} strategies for {p} players ; give one for "
                               "every seat or one per seat")
            per_seat = strat * p if len(strat) == 1 else strat
            key = json.dumps(_jsonable(overrides), sort_keys=True)
            if key not in contents:
                contents[key] = runner.load(overrides, studio)
            content = contents[key]
            setup, design = cell_setup(runner, content, p, settings, strat, where)
            cells.append(Cell(index=len(cells), players=p, mode=runner.mode(settings),
                              strategies=per_seat, settings=_jsonable(settings),
                              overrides=_jsonable({k: toml_value(v) if isinstance(v, str) else v
                                                   for k, v in overrides.items()}),
                              sweep=_jsonable({k: (toml_value(v) if isinstance(v, str) else v)
                                               for k, _, v in point}),
                              content_hash=content.content_hash,
                              assumed_share=round(content.assumed_share, 6), games=n,
                              deviations=runner.deviations(settings), design=design,
                              content=content, setup=setup))
    return Plan(info=info, runner=runner, scenario=scenario, seed=seed, games_per_cell=n,
                batch_size=batch_size, cells=cells, studio=cells[0].content.studio)


def cell_setup(runner: GameRunner, content, players: int, settings: dict,
               strategies: tuple[str, ...], where: str) -> tuple[Any, dict[str, str | None]]:
    """The cell's setup and its design (sim.rotation); ``strategies``: one, or one per
    seat. One setup, or one per assignment when the picks rotate (the runner's
    ``PICK_SETTING`` is ``"rotate"``) or the seats play different strategies (rotated over
    the seats unless the runner's ``fixed_seats`` says the mode fixes who sits where)."""
    key = getattr(runner, "PICK_SETTING", None)
    value = settings.get(key) if key else None
    cycle = runner.pick_cycle(content, players, settings, where) if value == ROTATE else None
    per_seat = strategies * players if len(strategies) == 1 else strategies
    fixed_seats = getattr(runner, "fixed_seats", lambda _settings: False)
    mixed = len(set(per_seat)) > 1 and not fixed_seats(settings)
    seats = "rotated" if mixed else "by seat" if len(set(per_seat)) > 1 else "same"
    design = {"picks": pick_design(value), "strategies": seats}
    if cycle is None and not mixed:
        return runner.make_setup(content, players, settings, strategies, where), design
    block = assignments(per_seat, cycle, mixed)
    setups = tuple(runner.make_setup(content, players,
                                     settings if a.picks is None else {**settings, key: list(a.picks)},
                                     a.strategies, where) for a in block)
    return Rotated(setups, tuple(a.strategies for a in block)), design


def _where(point, players: int) -> str:
    parts = [f"{players} players"] + [f"{k}={v}" for k, _, v in point]
    return "cell " + ", ".join(parts)
