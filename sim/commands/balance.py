"""`sim balance`: search for a small content change that brings measures into their bands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim.commands import backend_options as opt
from sim.commands import scenario_options as sc
from sim.commands.errors import OneLineErrors, fail
from sim.runner import BrokenGame, RunError

DEFAULT_GAMES = "10000"
DEFAULT_BUDGET = "2e6"
DEFAULT_BATCH = 5000


def balance(
    target: Annotated[list[str] | None, typer.Option(
        help="A band: MEASURE[GROUP]:+-W (points of fair), C+-W or A..B, e.g. "
        "'role_win_share:+-2', 'seat1:+-2', 'rounds:8..12', 'survival:0.4..0.6'. Repeatable.")] = None,
    target_file: Annotated[Path | None, typer.Option(
        help="TOML file of [[band]] tables and optional [bounds] per key (docs/balance.md).")] = None,
    keys: Annotated[list[str] | None, typer.Option(
        help="The values the search may change: glob patterns on the override key as in `sim "
        "sensitivity` ('roles.*.day_cost'), assumed or all. Repeatable.")] = None,
    game: sc.Game = None,
    players: Annotated[int | None, typer.Option(help="Player count (one).")] = None,
    scenario: sc.Scenario = None,
    content: sc.Content = None,
    city_states: sc.CityStates = None,
    mode: sc.Mode = None,
    strategies: sc.Strategies = None,
    set_: sc.Sets = None,
    n: Annotated[str, typer.Option("--n", help="Games per change set on the search seeds.")] = DEFAULT_GAMES,
    verify_n: Annotated[str | None, typer.Option(
        help="Games per side (start, proposal) of the verification on fresh seeds "
        "(default: --n).")] = None,
    games: Annotated[str, typer.Option(
        help="Budget: every game the search and its verification may play.")] = DEFAULT_BUDGET,
    rounds: Annotated[int, typer.Option(help="Rounds of moves after the effects round.")] = 8,
    width: Annotated[int, typer.Option(help="Change sets played per round of moves.")] = 4,
    step: Annotated[int, typer.Option(help="How far one step moves a value.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the search games (the verification "
                                      "plays seed + 1).")] = 0,
    out: Annotated[Path | None, typer.Option(help="Output folder.")] = None,
    batch_size: Annotated[str, typer.Option(help="Games per Parquet shard.")] = str(DEFAULT_BATCH),
    resume: Annotated[bool, typer.Option(
        help="Finish an interrupted search in --out: finished rounds are read, not played.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress lines.")] = False,
    workers: opt.Workers = None,
    backend: opt.Backend = "local",
    scheduler: opt.Scheduler = None,
    dask_transfer: opt.Transfer = None,
) -> None:
    """Propose content changes that bring measures into their bands.

    Measure every value in --keys one step each way on paired seeds, then move values
    (fewest and smallest first) until every band holds or the budget is spent, and verify
    the best change set on fresh seeds. Writes DIR/proposal.toml (play it with
    `sim run --content`), DIR/balance.json and DIR/report.html. See docs/balance.md.

    Example: sim balance --game pericles --players 3 --target 'role_win_share:+-2'
    --keys 'roles.*.day_cost' --out results/balance
    """
    from reports.balance import write_report
    from sim.balance.driver import Request, run
    from sim.balance.rounds import Backend
    from sim.balance.target import target_of
    from sim.runner.request import plan_request
    from sim.runner.values import parse_count

    if out is None:
        fail("missing --out ; give the folder for the proposal and its report")
    try:
        per_set = parse_count(n, "--n")
        shards = parse_count(batch_size, "--batch-size")
        request = Request(
            one=lambda extra, games_, seed_: plan_request(
                game=game, players=players, scenario=scenario, strategies=strategies,
                sets=(set_ or []) + extra, mode=mode, heroes=None, sweeps=[], n=games_,
                seed=seed_, batch_size=min(shards, games_), content=content,
                city_states=city_states),
            target=target_of(target or [], target_file), keys=_words(keys), step=_at_least(step, 1, "--step"),
            n=per_set, verify_n=parse_count(verify_n, "--verify-n") if verify_n else per_set,
            seed=seed, games=parse_count(games, "--games"), rounds=_at_least(rounds, 0, "--rounds"),
            width=_at_least(width, 1, "--width"),
            identity={"game": game, "players": players, "scenario": scenario,
                      "content": _file_identity(content), "city_states": city_states, "mode": mode,
                      "strategies": strategies, "sets": set_ or [], "target": target or [],
                      "target_file": _file_identity(target_file), "keys": _words(keys),
                      "step": step, "n": per_set, "verify_n": verify_n, "seed": seed,
                      "games": games, "rounds": rounds, "width": width, "batch_size": shards})
        record = run(request, out, resume=resume,
                     backend=Backend(backend, workers, scheduler, dask_transfer), quiet=quiet,
                     say=(lambda line: None) if quiet else typer.echo)
        write_report(out, record)
    except RunError as exc:
        fail(str(exc))
    except BrokenGame as exc:
        fail(str(exc), code=1)
    if not quiet:
        check = record["verification"]
        typer.echo(f"verification on fresh seeds: target {'holds' if check['holds'] else 'not met'}"
                   f"; proposal: {out / record['proposal_file'] if record['proposal_file'] else 'no change'}"
                   f"; report: {out / 'report.html'}")


def _words(keys: list[str] | None) -> list[str]:
    words = [w.strip() for text in (keys or []) for w in text.split(",") if w.strip()]
    if not words:
        raise RunError("missing --keys ; give the values the search may change, e.g. "
                       "--keys 'roles.*.day_cost'")
    return words


def _at_least(value: int, low: int, flag: str) -> int:
    if value < low:
        raise RunError(f"{flag} {value} is out of range ; give a whole number of at least {low}")
    return value


def _file_identity(path: Path | None) -> dict | None:
    """A file the search read, by name and content, so --resume notices an edit."""
    import hashlib

    from sim.inputs import InputError, read_bytes

    if path is None:
        return None
    try:
        return {"name": path.name, "sha256": hashlib.sha256(read_bytes(path)).hexdigest()}
    except InputError as exc:
        raise RunError(f"{path.name}: {exc} ; check the path {str(path)!r}") from None


def register(app: typer.Typer) -> None:
    app.command(cls=OneLineErrors)(balance)
