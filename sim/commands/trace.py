"""`sim trace`: play one game as `sim run` would (or replay one of a run) and write its events."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import scenario_options as sc
from sim.commands.errors import OneLineErrors, fail
from sim.runner import RunError


def trace(
    run: Annotated[Path | None, typer.Argument(
        help="A folder written by `sim run`: replay its game --game of cell --cell.")] = None,
    cell: Annotated[int | None, typer.Option(help="With a run folder: the cell of the game.")] = None,
    game: Annotated[str | None, typer.Option(
        help="Game to play (see `sim games`); with a run folder, the game's index in the "
        "cell (the dataset's game column).")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players (default: the game's "
                                                     "default, when it has one).")] = None,
    seed: Annotated[int | None, typer.Option(help="Run seed (default 0).")] = None,
    game_index: Annotated[int | None, typer.Option(
        help="Which game of the run (with --seed, fixes every deal and choice; default 0).")] = None,
    scenario: sc.Scenario = None,
    content: sc.Content = None,
    strategies: sc.Strategies = None,
    set_: sc.Sets = None,
    mode: sc.Mode = None,
    heroes: sc.Heroes = None,
    city_states: sc.CityStates = None,
    no_skills: Annotated[bool, typer.Option("--no-skills", help="Shorthand for --set "
                                                                "skills=false (pericles).")] = False,
    text: Annotated[bool, typer.Option("--text", help="Readable text instead of JSON lines.")] = False,
    out: Annotated[Path | None, typer.Option(help="Write to this file instead of stdout.")] = None,
) -> None:
    """Play one game as `sim run` plays it and print every event.

    Play one game, set up as `sim run` plays it, and print every event.

    JSON lines by default, one event a line; the last line is game_end (docs/trace.md).

    Example: sim trace --game pericles --players 3 --seed 7 --strategies balanced --text

    Replay game 123 of cell 1 of a run, exactly as its dataset row was played:
    sim trace results/pericles-3p --cell 1 --game 123 --text
    """
    from sim.games.state_layout import LayoutMismatch
    from sim.runner.replay import records, trace_module

    shaping = {"--scenario": scenario, "--content": content, "--strategies": strategies,
               "--set": set_, "--mode": mode, "--heroes": heroes, "--city-states": city_states,
               "--players": players,
               "--no-skills": no_skills or None, "--seed": seed, "--game-index": game_index}
    try:
        if run is not None:
            given = [flag for flag, value in shaping.items() if value is not None]
            if given:
                raise RunError(f"{given[0]} with a run folder: the run fixes the game and its setup ; "
                               "drop it, or trace without the folder")
            target = _from_run(run, cell, game)
        else:
            if cell is not None:
                raise RunError("--cell needs a run folder ; give it first: sim trace RUN --cell "
                               "C --game G")
            target = _from_flags(game, players, seed or 0, game_index or 0, scenario, content,
                                 strategies, (set_ or []) + (["skills=false"] if no_skills else []),
                                 mode, heroes, city_states)
        events = records(target)
        module = trace_module(target.info)
    except (RuntimeError, LayoutMismatch) as exc:  # no trace to the game's end
        fail(str(exc), code=1)
    except RunError as exc:
        fail(str(exc))
    result = module.to_text(events) if text else module.to_jsonl(events)
    if out is None:
        typer.echo(result, nl=False)
        return
    try:
        out.write_text(result, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {str(out)!r} ({exc.strerror}) ; check that its folder exists")
    typer.echo(f"written: {out} ({len(events)} events)", err=True)


def _from_run(run: Path, cell: int | None, game: str | None):
    from sim.runner.replay import from_run

    if cell is None or game is None:
        raise RunError(f"a run folder needs --cell and --game ; e.g. sim trace {run} --cell 0 "
                       "--game 0")
    try:
        index = int(game)
    except ValueError:
        raise RunError(f"--game {game!r} with a run folder is a game index ; give a number, e.g. "
                       "--game 0 (the run fixes which game is played)") from None
    return from_run(run, cell, index)


def _from_flags(game, players, seed, game_index, scenario, content, strategies, sets, mode, heroes,
                city_states):
    from sim.runner.replay import from_plan
    from sim.runner.request import plan_request

    plan = plan_request(game=game, players=players, scenario=scenario, strategies=strategies,
                        sets=sets, mode=mode, heroes=heroes, city_states=city_states, sweeps=[],
                        n=1, seed=seed, batch_size=1, content=content)
    return from_plan(plan, game_index)


def register(app: typer.Typer) -> None:
    app.command("trace", cls=OneLineErrors)(trace)
