"""Markdown tables of a paired comparison: what moved, by how much, with intervals."""

from __future__ import annotations

import re

from sim.gate.paired import ALPHA, Shift
from sim.gate.series import SHARE

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


def _row(s: Shift, cells: dict[int, str]) -> str:
    status = "**moved**" if s.moved else "within tolerance"
    return (f"| {plain(cells[s.cell])} | {plain(s.label)} | {value_text(s, s.before)} | "
            f"{value_text(s, s.after)} | "
            f"{change_text(s, s.diff)} | {change_text(s, s.low)} .. {change_text(s, s.high)} | "
            f"{change_text(s, s.limit).lstrip('+')} | {s.p_holm:.2g} | {s.n} | {status} |")


def table(shifts: list[Shift], cells: dict[int, str], tolerance_pp: float, title: str) -> str:
    """A headline and a table of every significant shift (the ones that moved first)."""
    moved = [s for s in shifts if s.moved]
    shown = sorted((s for s in shifts if s.significant), key=lambda s: (not s.moved, s.p_holm))
    verdict = (f"{len(moved)} of {len(shifts)} measures moved" if moved
               else f"nothing moved ({len(shifts)} measures)")
    lines = [f"## {plain(title)}: {verdict}", "",
             f"Paired t-test per measure on the per-game differences (same seed, same deals), "
             f"Holm-adjusted over all {len(shifts)} measures at alpha {ALPHA}; a shift fails when "
             f"it is significant and larger than {tolerance_pp:g} pp (shares) or "
             f"{tolerance_pp:g}% of the baseline value (means).", ""]
    if not shown:
        largest = max(shifts, key=lambda s: abs(s.diff) / (s.limit or 1e-12), default=None)
        if largest is not None:
            lines.append(f"No significant shift; largest change: {plain(cells[largest.cell])} "
                         f"{plain(largest.label)} {change_text(largest, largest.diff)} "
                         f"(p = {largest.p:.2g}).")
        return "\n".join(lines) + "\n"
    lines += ["| cell | measure | baseline | now | change | 95% interval | tolerance | p (Holm) "
              "| games | status |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    lines += [_row(s, cells) for s in shown]
    return "\n".join(lines) + "\n"
