"""The flags that shape a game, shared by `sim run` and `sim trace` (sim.runner.request)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Game = Annotated[str | None, typer.Option(help="Game to play (see `sim games`).")]
Scenario = Annotated[str | None, typer.Option(
    help="Scenario TOML file, or a preset name such as standard-3p.")]
Strategies = Annotated[str | None, typer.Option(
    help="Strategy for every seat, or one per seat: random,random,random.")]
Sets = Annotated[list[str] | None, typer.Option(
    "--set", help="KEY=VALUE: a content override (params.builder_base=4) or a scenario "
    "key (skills=false). Repeatable.")]
Mode = Annotated[str | None, typer.Option(
    help="Shorthand for --set mode=... (games with modes, e.g. aeolis).")]
Skill = Annotated[str | None, typer.Option(
    help="Shorthand for --set skill=... (pericles, aeolis, pillars): novice, casual, default, "
    "strong or expert.")]
Heroes = Annotated[str | None, typer.Option(help="Shorthand for --set heroes=a,b,c (aeolis).")]
CityStates = Annotated[str | None, typer.Option(
    help="Shorthand for --set city_states=... (pillars): one name, draft or random per seat, "
    "or rotate (each City-state in each seat equally often, on paired deals); in Solo Mode "
    "one name is the Tyrant's.")]
Content = Annotated[Path | None, typer.Option(
    help="A studio's content file laid over the game's shipped one: the whole file or only "
    "the items it changes (docs/studio-content.md); replaces the scenario's content.")]
