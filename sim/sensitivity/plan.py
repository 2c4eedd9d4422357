"""A sensitivity run as a run plan: the base cell first, then one cell per move.

Every cell shares the run's seed, so game i deals the same in all of them and each
move's effect is a paired difference against cell 0. The plan is an ordinary
``sim.runner.plan.Plan``, so it plays, resumes and verifies like any ``sim run``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sim.games.registry import GameInfo
from sim.runner.plan import Plan, build_plan
from sim.runner.scenario import Scenario
from sim.sensitivity.moves import Move


def sensitivity_plan(info: GameInfo, scenario: Scenario, moved: Sequence[Move], *,
                     players: int, n: int, seed: int, sets: list[str],
                     batch_size: int) -> Plan:
    def one(extra: list[str]) -> Plan:
        return build_plan(info, scenario, players=(players,), n=n, seed=seed, strategies=None,
                          sets=sets + extra, sweeps=[], batch_size=batch_size)

    base = one([])
    cells = list(base.cells)
    for m in moved:
        (cell,) = one([m.override]).cells
        cells.append(replace(cell, index=len(cells), sweep={m.key: m.value}))
    return replace(base, cells=cells)
