"""`sim plan`: games a check needs to detect a win-share shift, paired vs independent."""

from __future__ import annotations

from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, fail
from sim.gate.power import DISCORDANCE


def plan(
    detect: Annotated[float | None, typer.Option(
        help="Shift to detect, in percentage points of a win share.")] = None,
    players: Annotated[int, typer.Option(help="Players; the share defaults to 1/players.")] = 3,
    share: Annotated[float | None, typer.Option(help="Baseline win share (0..1).")] = None,
    present: Annotated[float, typer.Option(
        help="Share of games the measured group is in (a Role dealt in half the games: 0.5).")] = 1.0,
    discordance: Annotated[float, typer.Option(
        help="Share of the group's games whose outcome the change alters (paired only).")] = DISCORDANCE,
    tests: Annotated[int, typer.Option(
        help="Measures tested together (Holm): `sim check` prints its count.", min=1)] = 1,
    power: Annotated[float, typer.Option(help="Chance to detect the shift.")] = 0.8,
    alpha: Annotated[float, typer.Option(help="Family-wise error rate.")] = 0.05,
) -> None:
    """Print the games per run a check needs to detect a shift with the given power.

    Example: sim plan --detect 1 --players 3 --tests 23
    """
    from sim.gate.power import independent_games, paired_games

    base = share if share is not None else 1 / players if players > 0 else 0.0
    if detect is None:
        fail("missing --detect ; give the shift in percentage points, e.g. --detect 1")
    delta = detect / 100
    if not 0 < delta < 1 or not 0 < base < 1 or base + delta >= 1:
        fail(f"--detect {detect:g} on a share of {base:.3g} is out of range ; the shift and the "
             "share must stay inside 0..100 pp")
    for name, value in (("--present", present), ("--discordance", discordance),
                        ("--power", power), ("--alpha", alpha)):
        if not 0 < value <= 1:
            fail(f"{name} {value:g} is out of range ; give a fraction in (0, 1]")
    level = alpha / tests  # Holm's threshold for the smallest p-value
    paired = paired_games(delta, discordance, level, power) / present
    independent = independent_games(base, delta, level, power) / present
    typer.echo(f"detect {detect:g} pp on a win share of {base:.1%} with {power:.0%} power, "
               f"alpha {alpha:g}" + (f" (Holm over {tests} measures: {level:.3g})" if tests > 1 else ""))
    typer.echo(f"paired (same seed, as sim check): {paired:>12,.0f} games per run "
               f"(assumes {discordance:.0%} of games change outcome)")
    typer.echo(f"independent samples:              {independent:>12,.0f} games per run")
    typer.echo(f"paired needs {independent / paired:.1f}x fewer games")


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(plan)
