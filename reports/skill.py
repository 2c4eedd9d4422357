"""'Does it hold for stronger players?': each flag of a run that sweeps ``skill``, measured
at every skill level, and whether it holds at every level, grows or fades with skill.

Grows or fades is a trend test over every level at once, not the lowest against the
highest: the least-squares slope of the flag's gap from what is expected against the
level's rank, computed game by game. The levels' cells are played on the same seeds, so
game i is the same deal at every level; each game gives its own slope, and their mean and
spread give the estimate and its standard error, so the shared deals are used rather than
ignored (and games that are not shared only widen the interval). The rows' p-values are
adjusted together with Holm's method.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from reports.flags import Flag
from reports.model import ALPHA, CellReport, Share, series_group
from sim.gate import GateError
from sim.gate.dataset import read_run
from sim.gate.series import win_shares
from sim.stats import holm

SKILL = "skill"


@dataclass(frozen=True)
class SkillRow:
    subject: str  # the flagged share's subject, with what else sets its cells apart
    shares: tuple[Share | None, ...]  # one per level of ``SkillSection.levels``
    verdict: str


@dataclass(frozen=True)
class SkillSection:
    levels: tuple[str, ...]  # the swept skill levels, lowest first
    rows: list[SkillRow]


@dataclass(frozen=True)
class Trend:
    slope: float  # change of the gap per level step, in the flag's direction
    p: float  # two-sided


def _per_game(cell: CellReport, group: str) -> tuple[np.ndarray, np.ndarray]:
    """(game indices, the group's per-game win share) of a cell, where the group played."""
    _, cells = read_run(cell.run.path)
    games, values = [], []
    for part in cells[int(cell.cell["cell"])]:
        found = next((s for s in win_shares(part) if s.group == group), None)
        if found is not None:
            games.append(part.games[found.present])
            values.append(found.values[found.present])
    if not games:
        return np.zeros(0, np.int64), np.zeros(0)
    return np.concatenate(games), np.concatenate(values)


def paired_trend(levels: list[tuple[np.ndarray, np.ndarray]]) -> Trend | None:
    """The trend test of per-game gaps, one (game indices, gaps) pair per level, lowest
    first: per game the least-squares slope of its gaps on the levels' ranks, over the games
    present at every level; the slopes' mean and its z-test. None with fewer than two."""
    ranks = np.arange(len(levels), dtype=float)
    weights = (ranks - ranks.mean()) / ((ranks - ranks.mean()) ** 2).sum()
    shared = levels[0][0]
    for games, _ in levels[1:]:
        shared = np.intersect1d(shared, games, assume_unique=True)
    if shared.size < 2:
        return None
    slope = np.zeros(shared.size)
    for weight, (games, gaps) in zip(weights, levels, strict=True):
        slope += weight * gaps[np.searchsorted(games, shared)]
    mean, sd = float(slope.mean()), float(slope.std(ddof=1))
    if sd == 0.0:
        return Trend(mean, 1.0 if mean == 0.0 else 0.0)
    return Trend(mean, float(2 * stats.norm.sf(abs(mean) / (sd / math.sqrt(slope.size)))))


def trend(cells: list[CellReport], shares: list[Share], sign: float) -> Trend | None:
    """The paired trend test of a flag's gap (in its direction) across ``cells``, one per
    level, lowest first, from their per-game data; None when it cannot be had."""
    group = series_group(shares[0].subject)
    if group is None:
        return None
    try:
        levels = []
        for cell, share in zip(cells, shares, strict=True):
            games, values = _per_game(cell, group)
            order = np.argsort(games)
            levels.append((games[order], sign * (values[order] - share.target)))
    except GateError:
        return None
    return paired_trend(levels)


def verdict(shares: list[Share], sign: float, found: Trend | None, p_adjusted: float) -> str:
    """'grows with skill' or 'fades with skill' when the trend is significant after Holm
    over the rows, else 'holds at every level' when every level misses what is expected
    the same way, else 'not at every level'."""
    if found is not None and p_adjusted < ALPHA:
        return "grows with skill" if found.slope > 0 else "fades with skill"
    held = all((s.interval[0] > s.target) if sign > 0 else (s.interval[1] < s.target) for s in shares)
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
    pending, seen = [], set()
    for flag in flags:
        cell = by_label.get(flag.where, cells[0])
        key = (rest(cell), flag.share.subject)
        if key in seen:
            continue
        seen.add(key)
        found = {at[id(c)]: (c, next((s for s in c.tested + list(c.seats)
                                      if s.subject == flag.share.subject), None))
                 for c in cells if rest(c) == key[0]}
        at_level = [found.get(level, (None, None)) for level in levels]
        shares = tuple(s for _, s in at_level)
        played = [(c, s) for c, s in at_level if s is not None]
        sign = 1.0 if flag.share.share > flag.share.target else -1.0
        test = (trend([c for c, _ in played], [s for _, s in played], sign)
                if len(played) > 1 else None)
        pending.append((key, shares, played, sign, test))
    adjusted = iter(holm([t.p for *_, t in pending if t is not None]))
    several = len({rest(c) for c in cells}) > 1
    rows = []
    for key, shares, played, sign, test in pending:
        p_adjusted = next(adjusted) if test is not None else 1.0
        text = (verdict([s for _, s in played], sign, test, p_adjusted) if len(played) > 1
                else "one level only")
        rows.append(SkillRow(f"{key[1]} ({key[0]})" if several else key[1], shares, text))
    return SkillSection(levels, rows)
