"""The paired analysis of a sensitivity run: each move's effect on every balance measure.

Each moved cell is compared with the base (cell 0) game by game on the same seeds with
``sim.gate.paired`` (paired t-interval, Holm over every move and measure at once, the
tolerance of `sim check`): a measure is moved beyond tolerance when the change is
significant after Holm and larger than the tolerance. The measures are the gate's and
the detailed ones (``sim.gate.series.detailed_series``): the players who used each
City-state and Glory by source.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sim.gate import GateError
from sim.gate.dataset import read_run
from sim.gate.paired import Shift, compare
from sim.gate.series import detailed_series

TOLERANCE_PP = 1.0  # percentage points for shares, percent of the base for means


@dataclass(frozen=True)
class Effect:
    move: dict  # the run's record of the move: label, item, assumed, changes
    shift: Shift  # the measure's paired change against the base


@dataclass(frozen=True)
class Sensitivity:
    effects: list[Effect]  # every (move, measure)
    refused: list[dict]  # moves the content refused, with the reason
    tolerance_pp: float

    @property
    def measures(self) -> list[str]:
        """The measures, in the gate's series order."""
        return list(dict.fromkeys(e.shift.label for e in self.effects))

    def ranking(self, measure: str) -> list[Effect]:
        """The moves by the size of their effect on ``measure``, largest first."""
        return sorted((e for e in self.effects if e.shift.label == measure),
                      key=lambda e: (-abs(e.shift.diff), e.move["cell"]))

    def beyond_tolerance(self) -> list[tuple[dict, list[Shift]]]:
        """Each move that moves some measure beyond tolerance, with those measures, in cell
        order."""
        out: dict[int, tuple[dict, list[Shift]]] = {}
        for e in self.effects:
            if e.shift.moved:
                out.setdefault(e.move["cell"], (e.move, []))[1].append(e.shift)
        return [out[c] for c in sorted(out)]

    def movers(self, measure: str) -> list[Effect]:
        """The moves that move ``measure`` beyond tolerance, largest first."""
        return [e for e in self.ranking(measure) if e.shift.moved]


def analyse(folder: Path, tolerance_pp: float = TOLERANCE_PP) -> Sensitivity:
    """Every move of a complete sensitivity run folder against its base."""
    manifest, cells = read_run(folder, detailed=True)
    record = manifest.get("sensitivity")
    if record is None:
        raise GateError(f"{str(folder)!r} is not a sensitivity run ; make it with "
                        "'sim sensitivity'")
    moved = {m["cell"]: m for m in record["moves"]}
    base = list(cells[0])  # read once, compared with every move
    shifts = compare([(c, base, cells[c]) for c in sorted(moved)], tolerance_pp,
                     detailed_series)
    return Sensitivity([Effect(moved[s.cell], s) for s in shifts], record["refused"],
                       tolerance_pp)
