"""Aeolis for the runner: the contract's ``GameRunner`` (sim.games.contract).

A co-operative game gives one row per game: the team either survives or not. The player
count only divides Heroes among players, so it does not change the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import SCHEMA, Content, load_content
from sim.games.aeolis.game import (
    DEFAULT_HORIZON,
    DEFAULT_SAMPLES,
    DEFAULT_SKILL,
    LOSS_RULES,
    PROD_DIE,
    AeolisSetup,
)
from sim.games.aeolis.game import simulate as _simulate
from sim.games.aeolis.game import use_bots as use_bots  # (contract.HandsInBots)
from sim.games.aeolis.invariants import VIOLATION_NAMES  # noqa: F401  (runner interface)
from sim.games.aeolis.params import PARAMS  # noqa: F401  (runner interface)
from sim.games.aeolis.profile import PROFILE
from sim.games.registry import get_game, load_bots
from sim.runner import RunError, content_for_run
from sim.runner.columns import profile_columns
from sim.runner.values import check_choice, check_flag, check_known, check_names, check_whole

_BOTS: Any = load_bots(get_game("aeolis"))  # its players module: contract.GameBots and more

STANDARD_HEROES = ["queen", "merchant", "philosopher", "hoplite"]
SETTINGS: dict[str, object] = {
    "mode": "easy",                 # easy, challenging, hardcore, marathon (p. 6)
    "heroes": STANDARD_HEROES,      # Queen, Merchant, Philosopher + Hoplite or Magi (p. 7)
    "expansions": [],               # expansion upgrades and cards switched on
    "heroic": False,                # draw a Heroic Event (p. 7)
    "production_die": "queen",      # never, queen (decides per Structure), always (p. 10)
    "loss_rule": "reach_city",      # or reach_or_left: an Invasion left at the end also loses
    # how well the team plays: novice, casual, default, strong, expert (the last two play
    # the search bot)
    "skill": DEFAULT_SKILL,
    "samples": DEFAULT_SAMPLES,     # the search's play-outs per option
    "horizon": DEFAULT_HORIZON,     # rounds a play-out looks ahead, 0: to the game's end
}
SEARCH_LIMITS = {"samples": (1, 256), "horizon": (0, 20)}
LIST_SETTINGS = ("heroes", "expansions")
STRATEGIES = _BOTS.STRATEGY_NAMES  # the first, survival, is the default team
SKILL_LEVELS = tuple(_BOTS.SKILLS)  # lowest first (the report's "Does it hold for stronger players?")
# The ladder's default: no search bot (a game of it takes hundreds of the others'), and no
# skill name that only repeats survival.
LADDER_STRATEGIES = tuple(n for n in STRATEGIES if n not in ("default", "strong", "expert"))
CONTENT_SECTIONS = SCHEMA  # an override can set a number of any section (card.B1.cost.0.1)
CHOICES = {"mode": L.MODES, "production_die": PROD_DIE, "loss_rule": LOSS_RULES,
           "skill": SKILL_LEVELS}



def check_setting(key: str, value: object, where: str) -> object:
    """One setting checked; the Heroes and expansions are known names, each given once."""
    if key == "heroic":
        return check_flag(key, value, where)
    if key in CHOICES:
        return check_choice(key, value, CHOICES[key], where)
    if key in SEARCH_LIMITS:
        return check_whole(key, value, *SEARCH_LIMITS[key], where)
    known = L.HEROES_ALL if key == "heroes" else L.EXPANSIONS_ALL
    value = check_known(key, check_names(key, value, "a list of names", where), known, where)
    if key == "heroes":
        missing = [h for h in ("queen", "merchant", "philosopher") if h not in value]
        if missing:
            raise RunError(f"{where}: heroes lacks {missing[0]!r} ; the Queen, Merchant and "
                           "Philosopher always play (rulebook p. 7)")
        if "hoplite" not in value and "magi" not in value:
            raise RunError(f"{where}: heroes has neither 'hoplite' nor 'magi' ; add one of them "
                           "to face the Invasion (rulebook p. 7)")
    return [h for h in known if h in value]


def mode(settings: dict) -> str:
    return str(settings["mode"])


def load(overrides: dict[str, object], studio: Path | None = None) -> Content:
    return content_for_run(load_content, overrides, studio)


def make_setup(content: Content, players: int, settings: dict, strategies: tuple[str, ...],
               where: str) -> AeolisSetup:
    if len(set(strategies)) != 1:
        raise RunError(f"{where}: one team plays every Hero ; give one strategy, not one per seat")
    heroes = settings["heroes"]
    if players > len(heroes):
        raise RunError(f"{where}: {players} players share {len(heroes)} Heroes ; give each "
                       "player at least one Hero (add heroes or use fewer players)")
    return AeolisSetup(mode=settings["mode"], heroes=tuple(heroes),
                       expansions=tuple(settings["expansions"]), heroic=bool(settings["heroic"]),
                       production_die=settings["production_die"],
                       loss_rule=settings["loss_rule"], strategy=strategies[0], players=players,
                       skill=settings.get("skill", DEFAULT_SKILL),
                       samples=settings.get("samples", DEFAULT_SAMPLES),
                       horizon=settings.get("horizon", DEFAULT_HORIZON))


def deviations(settings: dict) -> list[str]:
    """The printed rules these settings leave: the Production Die is the Queen's choice,
    Structure by Structure (p. 10); the other settings are printed options or readings of
    what the text leaves open (docs/rules/aeolis.md)."""
    die = settings["production_die"]
    if die == "queen":
        return []
    return [f"production_die = {die}: the Production Die is "
            f"{'never' if die == 'never' else 'always'} rolled, not the Queen's choice for "
            "each Structure (p. 10)"]


def simulate(content: Content, setup: AeolisSetup, seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    return _simulate(content, setup, seed, first_index, count)


def rows(content: Content, setup: AeolisSetup, out: dict[str, np.ndarray], first_index: int,
         cell: int) -> pa.Table:
    """One row per game (a co-operative game has no seats)."""
    count = out["won"].shape[0]
    cards = np.array(list(content.names["cards"]) + [""], dtype=object)
    heroic = out["heroic_card"]
    columns = {
        "cell": pa.array(np.full(count, cell, np.int32)),
        "game": pa.array(np.arange(first_index, first_index + count, dtype=np.int64)),
        "players": pa.array(np.full(count, setup.players, np.int8)),
        "strategy": pa.array([setup.strategy] * count, pa.string()),
        "mode": pa.array([setup.mode] * count, pa.string()),
        "heroes": pa.array([",".join(setup.heroes)] * count, pa.string()),
        "won": pa.array(out["won"].astype(bool)),
        "rounds": pa.array(out["rounds"].astype(np.int16)),
        "loss_cause": pa.array(np.array(L.LOSS_CAUSES, dtype=object)[out["loss_cause"]], pa.string()),
        "morale": pa.array(out["morale"].astype(np.int8)),
        "structures": pa.array(out["structures"].astype(np.int16)),
        "heroic_event": pa.array(cards[heroic], pa.string()),
        "heroic_success": pa.array(np.where(heroic >= 0, out["heroic_ok"] == 1, None)
                                   .tolist(), pa.bool_()),
    }
    columns.update(profile_columns(PROFILE, out["use"][:, None, :], 1))  # the team's
    return pa.table(columns)
