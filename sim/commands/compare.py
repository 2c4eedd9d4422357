"""`sim compare`: paired analysis of two datasets made with the same seed (content A vs B)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands.check import (
    GloryPoints,
    InconclusiveOk,
    Rounds,
    SharePoints,
    exit_for,
    show_shifts,
    tolerance_for,
)
from sim.commands.errors import OneLineErrors, fail
from sim.gate import GateError

SAME_CELL = ("players", "mode", "strategies", "settings")


def _pair_cells(a: dict, b: dict) -> None:
    """Refuse datasets whose games are not the same deals."""
    for key in ("game", "seed"):
        if a.get(key) != b.get(key):
            raise GateError(f"the datasets differ in {key} ({a.get(key)!r} vs {b.get(key)!r}) ; "
                            "a paired comparison needs the same game and seed")
    if len(a["cells"]) != len(b["cells"]):
        raise GateError(f"the datasets have {len(a['cells'])} and {len(b['cells'])} cells ; run "
                        "both with the same players and sweeps")
    for ca, cb in zip(a["cells"], b["cells"], strict=True):
        for key in SAME_CELL:
            if ca.get(key) != cb.get(key):
                raise GateError(f"cell {ca['cell']} differs in {key} ; only the content may differ "
                                "between the two runs")


def compare(
    dir_a: Annotated[Path, typer.Argument(help="Run folder A (the reference).")],
    dir_b: Annotated[Path, typer.Argument(help="Run folder B (the change).")],
    tolerance: SharePoints = None,
    glory_tolerance: GloryPoints = None,
    rounds_tolerance: Rounds = None,
    inconclusive_ok: InconclusiveOk = False,
    markdown: Annotated[Path | None, typer.Option(help="Also write the Markdown table here.")] = None,
    html: Annotated[Path | None, typer.Option(
        help="Also write the comparison as a self-contained HTML page here.")] = None,
) -> None:
    """Compare two runs game by game, on paired seeds.

    Paired per-game comparison of two runs; exit codes as for `sim check` (1 moved, 3
    inconclusive).

    Example: sim run --scenario standard-3p --out a && sim run --scenario standard-3p
    --set roles.veteran.day_cost=2 --out b && sim compare a b
    """
    from sim.gate import html as html_page
    from sim.gate.dataset import read_run
    from sim.gate.paired import compare as paired
    from sim.gate.replay import cell_label

    try:
        run_a, cells_a = read_run(dir_a)
        run_b, cells_b = read_run(dir_b)
        _pair_cells(run_a, run_b)
        bounds = tolerance_for(str(run_a["game"]), tolerance, glory_tolerance, rounds_tolerance)
        shifts = paired([(c, cells_a[c], cells_b[c]) for c in sorted(cells_a)], bounds)
    except GateError as exc:
        fail(str(exc))
    labels = {c["cell"]: cell_label(c) for c in run_a["cells"]}
    title = f"{dir_a.name} vs {dir_b.name}"
    show_shifts(shifts, labels, bounds, title, markdown)
    if html is not None:
        note = (f"Paired comparison, seed {run_a['seed']}: A = {dir_a}, B = {dir_b}; "
                f"tolerances {bounds.describe()}.")
        html.write_text(html_page.page(html_page.section(shifts, labels, title, note), title),
                        encoding="utf-8")
    exit_for(shifts, inconclusive_ok)


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(compare)
