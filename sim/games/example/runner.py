"""Dice Race for the runner: the contract's ``GameRunner`` (sim.games.contract)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa

from sim.games.example import layout as L
from sim.games.example.content import SCHEMA, Content, load_content
from sim.games.example.game import DEFAULT_SKILL, ExampleSetup
from sim.games.example.game import simulate as _simulate
from sim.games.example.game import use_bots as use_bots
from sim.games.example.invariants import VIOLATION_NAMES as VIOLATION_NAMES
from sim.games.example.params import PARAMS as PARAMS
from sim.games.example.profile import PROFILE
from sim.rotation import Rotated
from sim.runner import RunError, content_for_run
from sim.runner.columns import SeatRows, profile_columns
from sim.runner.values import check_choice

# What a seat may play: the bots module (GameInfo.bots) gives each name its weights.
STRATEGIES = ("balanced", "cautious", "random")
LADDER_STRATEGIES = STRATEGIES
# how well the heuristic seats play, lowest first: the share of decisions a seat takes
# at random instead (docs/bots.md)
SKILL_LEVELS = ("novice", "casual", DEFAULT_SKILL)
SETTINGS: dict[str, object] = {"skill": DEFAULT_SKILL}
LIST_SETTINGS: tuple[str, ...] = ()
CONTENT_SECTIONS = SCHEMA  # an override may set any field (die.faces.0)


def check_setting(key: str, value: object, where: str) -> object:
    return check_choice(key, value, SKILL_LEVELS, where)


def mode(settings: dict) -> str:
    return "standard"


def load(overrides: dict[str, object], studio: Path | None = None) -> Content:
    return content_for_run(load_content, overrides, studio)


def make_setup(content: Content, players: int, settings: dict, strategies: tuple[str, ...],
               where: str) -> ExampleSetup:
    if len(strategies) not in (1, players):
        raise RunError(f"{where}: {len(strategies)} strategies for {players} players ; give one "
                       "for every seat or one per seat")
    per_seat = strategies * players if len(strategies) == 1 else strategies
    return ExampleSetup(players=players, strategies=tuple(per_seat),
                        skill=str(settings.get("skill", DEFAULT_SKILL)))


def deviations(settings: dict) -> list[str]:
    """None: the template has no printed rulebook to deviate from."""
    return []


def simulate(content: Content, setup: ExampleSetup | Rotated, seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    return _simulate(content, setup, seed, first_index, count)


def rows(content: Content, cell_setup: ExampleSetup | Rotated, out: dict[str, np.ndarray],
         first_index: int, cell: int) -> pa.Table:
    """One row per (game, seat); game-level columns repeated on each row. A seat's final
    points are its ``glory``, the column the report reads a seat's score from."""
    table = SeatRows(cell_setup, out)
    columns = table.outcome(out, first_index, cell, table.setup.strategies, out["score"],
                            L.END_REASON_NAMES)
    columns.update(profile_columns(PROFILE, out["use"], table.seats))
    return pa.table(columns)
