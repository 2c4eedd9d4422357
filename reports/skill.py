"""'Does it hold for stronger players?': each flag of a run that sweeps ``skill``, measured
at every skill level, and whether it holds at every level, grows or fades with skill."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reports.flags import Flag
from reports.model import CellReport, Share

SKILL = "skill"
Z = 1.959964  # two-sided 95%


@dataclass(frozen=True)
class SkillRow:
    subject: str  # the flagged share's subject, with what else sets its cells apart
    shares: tuple[Share | None, ...]  # one per level of ``SkillSection.levels``
    verdict: str


@dataclass(frozen=True)
class SkillSection:
    levels: tuple[str, ...]  # the swept skill levels, lowest first
    rows: list[SkillRow]


def _gap(share: Share, sign: float) -> tuple[float, float]:
    """(how far the share misses its fair value in the flag's direction, its variance)."""
    p = share.share
    return sign * (p - share.fair), p * (1 - p) / share.n


def verdict(shares: list[Share], sign: float) -> str:
    """How a flag's gap from the fair share moves from the lowest level to the highest:
    'grows with skill' or 'fades with skill' when the change is significant (95%), else
    'holds at every level' when every level misses the fair share the same way, else
    'not at every level'."""
    low, low_var = _gap(shares[0], sign)
    high, high_var = _gap(shares[-1], sign)
    spread = Z * math.sqrt(low_var + high_var)
    if high - low > spread:
        return "grows with skill"
    if low - high > spread:
        return "fades with skill"
    held = all((s.interval[0] > s.fair) if sign > 0 else (s.interval[1] < s.fair) for s in shares)
    return "holds at every level" if held else "not at every level"


def sweeps_skill(cells: list[CellReport]) -> bool:
    return any(SKILL in (c.cell.get("sweep") or {}) for c in cells)


def skill_section(cells: list[CellReport], flags: list[Flag],
                  order: tuple[str, ...]) -> SkillSection | None:
    """The section for cells that sweep ``skill`` (levels in ``order``), else None."""
    at = {id(c): (c.cell.get("sweep") or {}).get(SKILL) for c in cells}
    levels = tuple(level for level in order if level in at.values())
    if len(levels) < 2:
        return None

    def rest(cell: CellReport) -> str:  # what else sets a cell apart
        sweep = {k: v for k, v in (cell.cell.get("sweep") or {}).items() if k != SKILL}
        return ", ".join([f"{cell.players} players", *(f"{k}={v}" for k, v in sweep.items())])

    by_label = {c.label: c for c in cells}
    rows, seen = [], set()
    for flag in flags:
        cell = by_label.get(flag.where, cells[0])
        key = (rest(cell), flag.share.subject)
        if key in seen:
            continue
        seen.add(key)
        found = {at[id(c)]: next((s for s in c.tested if s.subject == flag.share.subject), None)
                 for c in cells if rest(c) == key[0]}
        shares = tuple(found.get(level) for level in levels)
        present = [s for s in shares if s is not None]
        sign = 1.0 if flag.share.share > flag.share.fair else -1.0
        text = verdict(present, sign) if len(present) > 1 else "one level only"
        several = len({rest(c) for c in cells}) > 1
        rows.append(SkillRow(f"{key[1]} ({key[0]})" if several else key[1], shares, text))
    return SkillSection(levels, rows)
