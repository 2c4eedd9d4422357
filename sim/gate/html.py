"""The paired comparison as an HTML section (for the report) or a self-contained page."""

from __future__ import annotations

from html import escape

from sim.gate.markdown import change_text, status_text, value_text
from sim.gate.paired import HELD, MOVED, Shift

STYLE = ("body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}"
         "td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}"
         "td:nth-child(-n+2),th{text-align:left}tr.moved{background:#fde2e2}"
         "tr.inconclusive{background:#fdf6d8}")


def section(shifts: list[Shift], cells: dict[int, str], title: str, note: str) -> str:
    """A ``<section>`` listing every measure, moved and inconclusive ones highlighted."""
    head = ("<tr><th>cell</th><th>measure</th><th>A</th><th>B</th><th>change</th>"
            "<th>interval</th><th>tolerance</th><th>games</th><th>status</th></tr>")
    rows = []
    for s in sorted(shifts, key=lambda s: (s.status != MOVED, s.status == HELD, s.p_beyond)):
        status = status_text(s)
        cls = f' class="{s.status}"'
        rows.append(f"<tr{cls}><td>{escape(cells[s.cell])}</td><td>{escape(s.label)}</td>"
                    f"<td>{value_text(s, s.before)}</td><td>{value_text(s, s.after)}</td>"
                    f"<td>{change_text(s, s.diff)}</td>"
                    f"<td>{change_text(s, s.low)} .. {change_text(s, s.high)}</td>"
                    f"<td>{change_text(s, s.limit).lstrip('+')}</td><td>{s.n}</td>"
                    f"<td>{escape(status)}</td></tr>")
    return (f'<section class="paired-comparison"><h2>{escape(title)}</h2><p>{escape(note)}</p>'
            f"<table>{head}{''.join(rows)}</table></section>")


def page(body: str, title: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}'
            f"</title><style>{STYLE}</style></head><body>{body}</body></html>\n")
