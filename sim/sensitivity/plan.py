"""A sensitivity run as a run plan: the base cell first, then one cell per move.

Every cell shares the run's seed, so game i deals the same in all of them and each
move's effect is a paired difference against cell 0. The plan is an ordinary
``sim.runner.plan.Plan``, so it plays, resumes and verifies like any ``sim run``; its
``sensitivity`` record (run.json) names each cell's move and the moves set aside.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from sim.games.registry import GameInfo
from sim.runner import RunError
from sim.runner.plan import Cell, Plan, build_plan
from sim.runner.scenario import Scenario
from sim.sensitivity.moves import (
    GROUPS,
    Move,
    Value,
    content_values,
    grouped,
    in_scope,
    moves,
    param_values,
    playable,
)


def _record(m: Move) -> dict[str, object]:
    return {"item": m.item, "direction": m.direction, "label": m.label, "assumed": m.assumed,
            "changes": [list(c) for c in m.changes]}


def sensitivity_plan(info: GameInfo, scenario: Scenario, moved: Sequence[Move], *,
                     players: int, n: int, seed: int, sets: list[str], batch_size: int,
                     strategies: tuple[str, ...] | None = None,
                     refused: Sequence[tuple[Move, str]] = (), how: dict | None = None) -> Plan:
    """The base cell and one cell per move; ``how`` (keys, group, step) and the ``refused``
    moves with their reasons go into the run's record."""
    def one(extra: list[str]) -> Plan:
        return build_plan(info, scenario, players=(players,), n=n, seed=seed,
                          strategies=strategies, sets=sets + extra, sweeps=[],
                          batch_size=batch_size)

    base = one([])
    cells = list(base.cells)
    for m in moved:
        (cell,) = one([f"{k}={v}" for k, v in m.overrides.items()]).cells
        cells.append(replace(cell, index=len(cells), sweep=m.overrides))
    record = {**(how or {}),
              "moves": [{"cell": i + 1, **_record(m)} for i, m in enumerate(moved)],
              "refused": [{**_record(m), "reason": why} for m, why in refused]}
    return replace(base, cells=cells, sensitivity=record)


def base_values(runner, base: Cell) -> list[Value]:
    """Every value the base cell's content holds, at the value it plays: the studio's file
    (a scenario's ``content``) and the overrides laid over the shipped content."""
    played = {f"params.{k}": int(v) for k, v in base.content.data.get("params", {}).items()}
    return (param_values(runner.PARAMS, played)
            + content_values(base.content.data, runner.CONTENT_SECTIONS))


def loader(runner, base: Cell) -> Callable[[dict[str, object]], object]:
    """Load the base cell's content with more overrides, the way its cells load it
    (RunError when the content refuses them)."""
    studio = Path(base.content.studio.path) if base.content.studio is not None else None

    def load(extra: dict[str, object]) -> object:
        return runner.load({**base.overrides, **extra}, studio)

    return load


def choose_moves(runner, base: Cell, keys: Sequence[str], *, step: int,
                 group: str) -> tuple[list[Move], list[tuple[Move, str]]]:
    """The moves of a request and those the content refuses: every value in scope of the
    base cell's content, one step each way, or per item with ``group='item'`` (a grouped
    move holds those values of its item that can each move that way). A move may change
    the size of the compiled content tables (a card count): it is played all the same, and
    ``table_sizes`` counts what that costs."""
    if group not in GROUPS:
        raise RunError(f"--group {group!r} is not known ; give one of: {', '.join(GROUPS)}")
    load = loader(runner, base)
    kept, refused = playable(moves(in_scope(base_values(runner, base), keys), step), load,
                             RunError)
    if group == "item":
        kept, refused_groups = playable(grouped(kept), load, RunError)
        refused += refused_groups
    return kept, refused


def table_sizes(plan: Plan) -> int:
    """How many content table sizes the plan's cells hold: the engine is compiled once per
    size (the base's is usually in the kernel cache already)."""
    return len({cell.content.packed.dtype for cell in plan.cells})
