"""`sim plan`: games a check needs to call a win-share shift moved (or no shift held)."""

from __future__ import annotations

from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail
from sim.gate.power import DISCORDANCE


def _games(figure: int | None, present: float) -> str:
    return "out of reach" if figure is None else f"{figure / present:>12,.0f} games per run"


def plan(
    detect: Annotated[float | None, typer.Option(
        help="True shift in percentage points of a win share: beyond the tolerance, the games "
             "to call it moved; within it (0: no change), the games to call it held.")] = None,
    tolerance: Annotated[float, typer.Option(
        help="Percentage points the share may move (as `sim check --tolerance`).", min=0.0)] = 1.0,
    players: Annotated[int, typer.Option(help="Players; the share defaults to 1/players.")] = 3,
    share: Annotated[float | None, typer.Option(help="Baseline win share (0..1).")] = None,
    present: Annotated[float, typer.Option(
        help="Share of games the measured group is in (a Role dealt in half the games: 0.5).")] = 1.0,
    discordance: Annotated[float, typer.Option(
        help="Share of the group's games whose outcome the change alters (paired only).")] = DISCORDANCE,
    tests: Annotated[int, typer.Option(
        help="Measures some game changed (the Bonferroni family of `sim check`).", min=1)] = 1,
    power: Annotated[float, typer.Option(help="Chance of the verdict.")] = 0.8,
    alpha: Annotated[float, typer.Option(help="Family-wise error rate.")] = 0.05,
) -> None:
    """Print the games per run a check needs for a verdict.

    Print the games per run a check needs for a verdict with the given chance.

    Example: sim plan --detect 2 --tolerance 1 --players 3 --tests 23
    """
    from sim.gate.power import games_for, independent_sd, paired_sd, simultaneous_z

    base = share if share is not None else 1 / players if players > 0 else 0.0
    if detect is None:
        fail("missing --detect ; give the true shift in percentage points, e.g. --detect 2 "
             "(or 0 for the games to show that nothing moved)")
    delta, bound = detect / 100, tolerance / 100
    if not 0 <= delta < 1 or not 0 < base < 1 or base + delta >= 1:
        fail(f"--detect {detect:g} on a share of {base:.3g} is out of range ; the shift and the "
             "share must stay inside 0..100 pp")
    if delta == bound:
        fail(f"--detect {detect:g} equals --tolerance {tolerance:g} ; no number of games tells a "
             "shift at the tolerance apart from it, give a shift above or below it")
    for name, value in (("--present", present), ("--discordance", discordance),
                        ("--power", power), ("--alpha", alpha)):
        if not 0 < value <= 1:
            fail(f"{name} {value:g} is out of range ; give a fraction in (0, 1]")
    z = simultaneous_z(alpha, tests)
    verdict = "moved" if delta > bound else "held"
    paired = games_for(delta, bound, paired_sd(delta, discordance), z, power)
    independent = games_for(delta, bound, independent_sd(base, delta), z, power)
    typer.echo(f"a true shift of {detect:g} pp on a win share of {base:.1%}, tolerance "
               f"{tolerance:g} pp: {power:.0%} chance of \"{verdict}\", intervals at "
               f"{1 - alpha / tests:.3%} ({tests} measures, alpha {alpha:g})")
    typer.echo(f"paired (same seed, as sim check): {_games(paired, present)} "
               f"(assumes {discordance:.0%} of games change outcome)")
    typer.echo(f"independent samples:              {_games(independent, present)}")
    if paired is not None and independent is not None:
        typer.echo(f"paired needs {independent / paired:.1f}x fewer games")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(plan)
