"""The paired analysis of a sensitivity run: each move's effect on every balance measure.

Each moved cell is compared with the base (cell 0) game by game on the same seeds with
``sim.gate.paired`` (paired t-interval, the absolute tolerances of `sim check`). A move
moves a measure beyond tolerance when its interval lies wholly outside +/- tolerance.
The moves are many and most do nothing, so the error controlled is the false-discovery
rate, per measure: each measure's family is the moves that changed some game's value of
it, Benjamini-Hochberg's step-up runs over their p-values against "within tolerance",
and every interval of the family has the matching level 1 - R * alpha / m (R moves found
of m; Benjamini and Yekutieli's false-coverage-rate intervals), so an interval lies
wholly outside the tolerance exactly for the moves found. The measures are the gate's
and the detailed ones (``sim.gate.series.detailed_series``): the players who used each
City-state and Glory by source.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sim.gate import GateError
from sim.gate.dataset import read_run
from sim.gate.paired import ALPHA, Shift, compare, in_family
from sim.gate.series import detailed_series
from sim.gate.tolerance import Tolerance, for_game
from sim.stats import benjamini_hochberg


@dataclass(frozen=True)
class Effect:
    move: dict  # the run's record of the move: label, item, assumed, changes
    shift: Shift  # the measure's paired change against the base


@dataclass(frozen=True)
class Sensitivity:
    effects: list[Effect]  # every (move, measure)
    refused: list[dict]  # moves the content refused, with the reason
    tolerance: Tolerance

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


def control_fdr(shifts: list[Shift], alpha: float = ALPHA) -> None:
    """Set each shift's interval level for false-discovery-rate control per measure."""
    by_measure: dict[str, list[Shift]] = {}
    for s in in_family(shifts):
        by_measure.setdefault(s.label, []).append(s)
    for family in by_measure.values():
        found = benjamini_hochberg([s.p_beyond for s in family], alpha)
        for s in family:
            s.confidence = 1 - max(found, 1) * alpha / len(family)


def analyse(folder: Path, share_pp: float | None = None) -> Sensitivity:
    """Every move of a complete sensitivity run folder against its base, with the game's
    tolerances (``share_pp`` percentage points for shares when given)."""
    manifest, cells = read_run(folder, detailed=True)
    record = manifest.get("sensitivity")
    if record is None:
        raise GateError(f"{str(folder)!r} is not a sensitivity run ; make it with "
                        "'sim sensitivity'")
    moved = {m["cell"]: m for m in record["moves"]}
    base = list(cells[0])  # read once, compared with every move
    tolerance = for_game(str(manifest.get("game"))).given(share_pp)
    shifts = compare([(c, base, cells[c]) for c in sorted(moved)], tolerance, detailed_series)
    control_fdr(shifts)
    return Sensitivity([Effect(moved[s.cell], s) for s in shifts], record["refused"], tolerance)
