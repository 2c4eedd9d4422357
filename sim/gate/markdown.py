"""Markdown tables of a paired comparison: each measure's verdict, change and interval."""

from __future__ import annotations

import re

from sim.gate.paired import HELD, INCONCLUSIVE, MOVED, Shift, in_family
from sim.gate.series import SHARE
from sim.gate.tolerance import Tolerance

# Characters that are markup anywhere in a Markdown line or table cell (and raw HTML's '<').
# '_' inside a word is not (CommonMark), so names such as delian_league stay as they are.
_MARKUP = re.compile(r"([\\`*\[\]<>|~&])|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")


def plain(text: str) -> str:
    """``text`` as literal Markdown on one line: a folder named ``*a*|<b>`` shows as
    written and cannot break the table or the page."""
    return _MARKUP.sub(lambda m: "\\" + m.group(0), " ".join(text.split()))


def value_text(s: Shift, x: float) -> str:
    return f"{x:.2%}" if s.kind == SHARE else f"{x:.2f}"


def change_text(s: Shift, x: float) -> str:
    return f"{x * 100:+.2f} pp" if s.kind == SHARE else f"{x:+.2f}"


def status_text(s: Shift) -> str:
    """'moved', 'held', or 'inconclusive (about N games per cell would settle it)'."""
    if s.status != INCONCLUSIVE or s.settling_games is None:
        return s.status
    return f"inconclusive (about {s.settling_games:,} games per cell would settle it)"


def verdict(shifts: list[Shift]) -> str:
    """The headline: how many measures moved, were inconclusive and held."""
    counts = {k: sum(s.status == k for s in shifts) for k in (MOVED, INCONCLUSIVE, HELD)}
    return (f"{counts[MOVED]} moved, {counts[INCONCLUSIVE]} inconclusive, {counts[HELD]} held "
            f"of {len(shifts)} measures")


def rule(shifts: list[Shift], tolerance: Tolerance) -> str:
    """The test in one paragraph, with the level its intervals have."""
    family = in_family(shifts)
    level = (f"simultaneous 95% intervals (each at {family[0].confidence:.3%}, Bonferroni over "
             f"the {len(family)} measures some game changed)" if family
             else "no game changed any measure")
    return (f"Paired per-game differences (same seed, same deals), {level}. A measure moved "
            f"when its interval lies wholly outside +/- tolerance, held when wholly inside, "
            f"inconclusive otherwise. Tolerances: {tolerance.describe()}.")


def _row(s: Shift, cells: dict[int, str]) -> str:
    status = f"**{MOVED}**" if s.moved else status_text(s)
    return (f"| {plain(cells[s.cell])} | {plain(s.label)} | {value_text(s, s.before)} | "
            f"{value_text(s, s.after)} | "
            f"{change_text(s, s.diff)} | {change_text(s, s.low)} .. {change_text(s, s.high)} | "
            f"{change_text(s, s.limit).lstrip('+')} | {s.n} | {status} |")


def table(shifts: list[Shift], cells: dict[int, str], tolerance: Tolerance, title: str) -> str:
    """A headline and a table of every measure that did not hold (the moved ones first)."""
    shown = sorted((s for s in shifts if s.status != HELD),
                   key=lambda s: (s.status != MOVED, s.p_beyond))
    lines = [f"## {plain(title)}: {verdict(shifts)}", "", rule(shifts, tolerance), ""]
    if not shown:
        lines.append("Every measure held.")
        return "\n".join(lines) + "\n"
    lines += ["| cell | measure | baseline | now | change | interval | tolerance | games | status |",
              "|---|---|---|---|---|---|---|---|---|"]
    lines += [_row(s, cells) for s in shown]
    return "\n".join(lines) + "\n"
