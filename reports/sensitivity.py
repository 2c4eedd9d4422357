"""The report's sensitivity section: for a `sim sensitivity` run, a tornado chart per
measure (the values that move it most, with paired intervals adjusted for the
false-discovery rate, and the tolerance), the table "value ->
the measures it moves beyond tolerance", and for each flag the values that move it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from reports import charts
from reports.datasets import ReportError
from reports.flags import Flag
from reports.model import series_group
from reports.names import content_key
from sim.gate import GateError
from sim.gate.series import SHARE
from sim.sensitivity.analysis import Sensitivity, analyse

SHOWN = 15  # values per tornado chart


def anchor(measure: str) -> str:
    """The id of a measure's chart in the page."""
    return "sens-" + re.sub(r"[^a-z0-9]+", "-", measure.lower()).strip("-")


def flag_measure(flag: Flag) -> str:
    """The measure a flag is about, named as the analysis names it ('Seat 1' is seat 0)."""
    subject = flag.share.subject
    group = series_group(subject)
    if group is None:
        kind, _, name = subject.partition(" ")
        group = f"{kind.lower()} {content_key(name)}"
    return f"win share {group}"


@dataclass(frozen=True)
class Tornado:
    measure: str
    anchor: str
    chart: Markup
    unit: str


@dataclass(frozen=True)
class Section:
    analysis: Sensitivity
    tornados: list[Tornado]
    # flag sentence -> (its measure's chart id, [(move label, assumed)] beyond tolerance)
    flag_movers: dict[str, tuple[str, list[tuple[str, bool]]]]

    @property
    def moves(self) -> int:
        return len({e.move["cell"] for e in self.analysis.effects})


def _tornado(s: Sensitivity, measure: str, i: int) -> Tornado:
    ranked = s.ranking(measure)[:SHOWN]
    share = ranked[0].shift.kind == SHARE
    rows = [(e.move["label"], e.shift.diff, e.shift.low, e.shift.high, e.move["assumed"])
            for e in ranked]
    unit = "change (percentage points)" if share else "change (mean per game)"
    chart = charts.tornado_chart(rows, f"sens{i}", unit, share, ranked[0].shift.limit)
    return Tornado(measure, anchor(measure), chart, unit)


def sensitivity_section(folder: Path, flags: list[Flag], share_pp: float) -> Section:
    """The section of one sensitivity run folder; its flags are those of the base cell."""
    try:
        s = analyse(folder, share_pp)
    except GateError as exc:
        raise ReportError(str(exc)) from None
    movers = {f.sentence: (anchor(flag_measure(f)), [(e.move["label"], e.move["assumed"])
                                                     for e in s.movers(flag_measure(f))])
              for f in flags}
    return Section(s, [_tornado(s, m, i) for i, m in enumerate(s.measures)], movers)
