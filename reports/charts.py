"""Charts as inline SVG, drawn with matplotlib's Figure API (no pyplot state).

The same data gives the same bytes: each chart's ids come from a fixed salt and its key,
and the SVG carries no date. Text stays text (the page's font) and mathtext is off, so a name with
``$`` or ``<`` is drawn as written; matplotlib escapes it in the SVG.
"""

from __future__ import annotations

import io
import re

import matplotlib
import numpy as np
from markupsafe import Markup
from matplotlib.figure import Figure

from reports.compare import Axis, Series
from reports.model import Counts, Share

WIDTH = 7.0  # inches; the page scales the SVG to its column
PALETTE = ("#3b6ea8", "#d9822b", "#3f9b5a", "#c0392b", "#8e6bb8", "#8c6d4f", "#d16ba5",
           "#7f7f7f", "#b5b83a", "#2fa8b8")
FAIR = "#555555"
VIOLIN_BINS = 40
TICK_POINTS = 10.0  # the category names' font size
_ID = re.compile(r'(\bid="|url\(#|href="#)')


def _svg(fig: Figure, key: str) -> Markup:
    """The figure as an <svg> element; ``key`` salts its ids so charts never share one."""
    settings = {"svg.hashsalt": f"report-{key}", "svg.fonttype": "none"}
    buffer = io.StringIO()
    with matplotlib.rc_context(settings):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    # matplotlib numbers its ids per figure (figure_1, axes_1 ...): prefix them, and the
    # references to them, so the charts of one page never share an id
    text = _ID.sub(rf"\1{key}-", text[text.index("<svg"):])
    return Markup(text)


def _figure(height: float = 3.0) -> Figure:
    with matplotlib.rc_context({"text.parse_math": False}):
        fig = Figure(figsize=(WIDTH, height), layout="constrained")
    fig.get_layout_engine().set(h_pad=0.05, w_pad=0.05)
    return fig


def _plain(ax) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="both", color="#e5e5e5", linewidth=0.6)
    ax.set_axisbelow(True)


def _no_math(fig: Figure) -> None:
    for text in fig.findobj(matplotlib.text.Text):
        text.set_parse_math(False)


def shares_chart(shares: tuple[Share, ...], key: str, xlabel: str = "win share",
                 prefix: str = "") -> Markup:
    """Each share as a point with its 95% interval, the fair share as a dashed line; each
    named by its subject less ``prefix`` ("City-state ", which the chart's title says)."""
    fig = _figure(0.6 + 0.32 * len(shares))
    ax = fig.add_subplot()
    y = np.arange(len(shares))[::-1]
    values = np.array([s.share for s in shares])
    bounds = np.array([s.interval for s in shares]).reshape(-1, 2)
    ax.errorbar(values, y, xerr=[values - bounds[:, 0], bounds[:, 1] - values], fmt="o",
                color=PALETTE[0], capsize=3, markersize=4)
    fair = {s.fair for s in shares if s.fair is not None}
    for f in fair:
        ax.axvline(f, color=FAIR, linestyle="--", linewidth=1, label=f"fair {100 * f:.1f}%")
    ax.set_yticks(y, [s.subject.removeprefix(prefix) for s in shares])
    ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    if fair:
        ax.legend(loc="lower right", fontsize="small", frameon=False)
    _plain(ax)
    _no_math(fig)
    return _svg(fig, key)


def _binned(counts: Counts, bins: int = VIOLIN_BINS) -> tuple[np.ndarray, np.ndarray]:
    """The distribution on at most ``bins`` evenly spaced points, so a wide spread of
    whole numbers draws a smooth outline instead of a comb."""
    low, high = counts.values[0], counts.values[-1]
    if high - low < bins:
        return counts.values.astype(float), counts.counts / counts.counts.sum()
    edges = np.linspace(low, high + 1, bins + 1)
    summed = np.histogram(counts.values, bins=edges, weights=counts.counts)[0]
    return (edges[:-1] + edges[1:]) / 2 - 0.5, summed / summed.sum()


def _category_ticks(ax, labels: list[str]) -> None:
    """Category names under their positions, upright when side by side they would not fit
    the width each category has (a dozen City-states' names would run into each other;
    upright, each takes only a line's height of it)."""
    room = WIDTH * 72 * 0.85 / max(len(labels), 1)  # points per category, less the margins
    widest = max((len(label) for label in labels), default=0) * 0.62 * TICK_POINTS
    ax.set_xticks(range(len(labels)), labels, rotation=90 if widest > 0.9 * room else 0,
                  fontsize=TICK_POINTS)


def violin_chart(groups: dict[str, Counts], key: str, ylabel: str) -> Markup:
    """One violin per group, drawn from the exact distribution of whole numbers."""
    return _svg(violin_figure(groups, ylabel), key)


def violin_figure(groups: dict[str, Counts], ylabel: str) -> Figure:
    fig = _figure(3.2)
    ax = fig.add_subplot()
    stats = []
    for counts in groups.values():
        coords, density = _binned(counts)
        stats.append({"coords": coords, "vals": density, "mean": counts.mean,
                      "median": counts.quantile(0.5), "min": counts.values[0],
                      "max": counts.values[-1]})
    parts = ax.violin(stats, positions=range(len(stats)), widths=0.8, showmeans=False,
                      showextrema=True, showmedians=True)
    for i, body in enumerate(parts["bodies"]):
        body.set_facecolor(PALETTE[i % len(PALETTE)])
        body.set_alpha(0.6)
    _category_ticks(ax, list(groups))
    ax.set_ylabel(ylabel)
    _plain(ax)
    _no_math(fig)
    return fig


def histogram_chart(counts: Counts, key: str, xlabel: str) -> Markup:
    """Share of games at each value."""
    fig = _figure(2.6)
    ax = fig.add_subplot()
    low = counts.values[0]
    heights = np.bincount(counts.values - low, weights=counts.counts) / counts.counts.sum()
    ax.stairs(heights, np.arange(low, low + heights.size + 1) - 0.5, fill=True, color=PALETTE[0])
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    _plain(ax)
    _no_math(fig)
    return _svg(fig, key)


def stacked_chart(table, key: str, xlabel: str) -> Markup:
    """Rows of ``table`` as horizontal bars stacked by column (negative parts go left)."""
    fig = _figure(0.9 + 0.36 * len(table.index))
    ax = fig.add_subplot()
    y = np.arange(len(table.index))[::-1]
    right = np.zeros(len(y))
    left = np.zeros(len(y))
    for i, column in enumerate(table.columns):
        values = table[column].to_numpy(dtype=float)
        start = np.where(values >= 0, right, left + values)
        ax.barh(y, np.abs(values), left=start, color=PALETTE[i % len(PALETTE)], label=str(column),
                hatch="//" if i >= len(PALETTE) else None, edgecolor="white", linewidth=0.3)
        right = right + np.clip(values, 0, None)
        left = left + np.clip(values, None, 0)
    ax.set_yticks(y, [str(r) for r in table.index])
    ax.set_xlabel(xlabel)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="x-small", frameon=False)
    _plain(ax)
    _no_math(fig)
    return _svg(fig, key)


def comparison_chart(axis: Axis, lines: list[Series], key: str, ylabel: str,
                     fair: np.ndarray | None = None, percent: bool = True, joined: bool = True) -> Markup:
    """Each line against the compared cells, with its 95% interval as error bars; with
    ``joined`` off the points stand alone (cells that are not steps of one scale)."""
    fig = _figure(3.4)
    ax = fig.add_subplot()
    x = np.array(axis.x)
    step = (x.max() - x.min()) / 80 if len(x) > 1 else 0.0
    for i, line in enumerate(lines):
        shift = (i - (len(lines) - 1) / 2) * step  # keep overlapping intervals apart
        # one (2, n) array: matplotlib reads a list of two 1-point arrays as scalars, which
        # NumPy deprecates
        yerr = np.vstack([line.y - line.low, line.high - line.y])
        ax.errorbar(x + shift, line.y, yerr=yerr, marker="o",
                    markersize=4, capsize=3, linewidth=1.2, linestyle="-" if joined else "none",
                    color=PALETTE[i % len(PALETTE)], label=line.name)
    if fair is not None:
        ax.plot(x, fair, color=FAIR, linestyle="--", linewidth=1, marker="_", label="fair share")
    ax.set_xticks(x, axis.ticks, rotation=20 if axis.name == "cell" else 0,
                  ha="right" if axis.name == "cell" else "center")
    ax.set_xlabel(axis.name)
    ax.set_ylabel(ylabel)
    if percent:
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="x-small", frameon=False)
    _plain(ax)
    _no_math(fig)
    return _svg(fig, key)


def tornado_chart(rows: list[tuple[str, float, float, float, bool]], key: str, xlabel: str,
                  percent: bool, tolerance: float) -> Markup:
    """Each (label, change, low, high, assumed) as a bar from 0 with its interval, largest
    first; assumed values in the second colour; dashed lines at +/- ``tolerance``. With
    ``percent`` the changes are of shares, labelled in percentage points."""
    fig = _figure(0.8 + 0.28 * len(rows))
    ax = fig.add_subplot()
    y = np.arange(len(rows))[::-1]
    diff = np.array([r[1] for r in rows])
    low, high = np.array([r[2] for r in rows]), np.array([r[3] for r in rows])
    colours = [PALETTE[1] if r[4] else PALETTE[0] for r in rows]
    ax.barh(y, diff, color=colours, height=0.6)
    ax.errorbar(diff, y, xerr=[diff - low, high - diff], fmt="none", ecolor="#222222",
                capsize=2, linewidth=0.8)
    ax.axvline(0, color=FAIR, linewidth=0.8)
    for edge in (-tolerance, tolerance):
        ax.axvline(edge, color=FAIR, linewidth=0.8, linestyle="--")
    ax.set_yticks(y, [r[0] for r in rows], fontsize="small")
    if percent:  # a share's change in percentage points
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{100 * v:+.1f}"))
    ax.set_xlabel(xlabel)
    _plain(ax)
    _no_math(fig)
    return _svg(fig, key)
