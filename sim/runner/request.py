"""A run request as people give it (game or scenario, players, strategies, settings) -> Plan.

`sim run`, `sim trace` and the Python API (sim.api) all build their plan here, so a flag
means the same in each and a traced game is set up exactly as the run plays it.
"""

from __future__ import annotations

from pathlib import Path

from sim.games.registry import GAMES, GameInfo, UnknownGame, get_game
from sim.runner import RunError
from sim.runner.plan import Plan, build_plan
from sim.runner.scenario import default_scenario, load_scenario
from sim.runner.values import parse_players

MAX_SEED = 2**63


def find_game(name: str | None) -> GameInfo:
    """The registry entry of a game name, or a RunError naming the known games."""
    known = ", ".join(sorted(GAMES))
    if not name:
        raise RunError(f"missing --game ; choose one of: {known}")
    try:
        return get_game(name)
    except UnknownGame:
        raise RunError(f"unknown game {name!r} ; choose one of: {known}") from None


def check_seed(seed: int) -> int:
    if not 0 <= seed < MAX_SEED:
        raise RunError(f"--seed {seed} is out of range ; use 0 .. 2**63 - 1")
    return seed


def plan_request(*, game: str | None, players: str | int | None, scenario: str | Path | None,
                 strategies: str | None, sets: list[str], mode: str | None, heroes: str | None,
                 sweeps: list[str], n: int, seed: int, batch_size: int,
                 content: str | Path | None = None, city_states: str | None = None) -> Plan:
    """The validated plan of a request; ``mode``, ``heroes`` and ``city_states`` are
    shorthands for ``--set mode=...`` and so on; ``content`` is a studio's content file
    (instead of the scenario's). RunError (one line) on bad input."""
    check_seed(seed)
    counts = parse_players(str(players)) if players is not None else None
    if scenario is not None:
        scen = load_scenario(str(scenario), game)
        info = find_game(scen.game)
    else:
        info = find_game(game)
        if counts is None and mode in dict(info.mode_players):
            counts = (dict(info.mode_players)[mode],)
        if counts is None and info.default_players is not None:
            counts = (info.default_players,)
        if counts is None:
            raise RunError(f"missing --players ; {info.title} plays with "
                           f"{info.min_players}..{info.max_players} players (or give --scenario)")
        scen = default_scenario(info, counts)
    strat = tuple(s.strip() for s in strategies.split(",")) if strategies else None
    shorthands = [f"{k}={v}" for k, v in (("mode", mode), ("heroes", heroes),
                                          ("city_states", city_states)) if v is not None]
    return build_plan(info, scen, players=counts, n=n, seed=seed, strategies=strat,
                      sets=shorthands + list(sets), sweeps=list(sweeps), batch_size=batch_size,
                      content=Path(content) if content is not None else None)
