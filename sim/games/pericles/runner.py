"""Age of Pericles for the runner: scenario settings -> PericlesSetup, results -> rows; the
contract's ``GameRunner`` (sim.games.contract)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from sim.games.content_files import suggest
from sim.games.pericles import layout as L
from sim.games.pericles.content import SCHEMA, Content, load_content
from sim.games.pericles.game import (
    DEFAULT_HORIZON,
    DEFAULT_SAMPLES,
    DEFAULT_SKILL,
    DRAFT,
    RANDOM,
    PericlesSetup,
)
from sim.games.pericles.game import simulate as _simulate
from sim.games.pericles.game import use_bots as use_bots  # (contract.HandsInBots)
from sim.games.pericles.invariants import VIOLATION_NAMES  # noqa: F401  (runner interface)
from sim.games.pericles.params import PARAMS  # noqa: F401  (runner interface)
from sim.games.pericles.profile import PROFILE
from sim.games.registry import get_game, load_bots
from sim.rotation import ROTATE, Rotated
from sim.runner import RunError, content_for_run
from sim.runner.columns import SeatRows, labels, profile_columns
from sim.runner.values import check_choice, check_flag, check_known, check_names, check_whole

_BOTS: Any = load_bots(get_game("pericles"))  # its players module: contract.GameBots and more

SETTINGS: dict[str, object] = {
    "skills": True,           # False plays the variant without Skill cards (rulebook p. 19)
    # "random" deals Roles at random (Role independent of seat), "draft" lets each seat's
    # strategy draft as printed (p. 5), or one Role name / "draft" / "random" per seat
    "roles": RANDOM,
    "city_states_in": [],     # City-state tiles forced into the game
    "city_states_out": [],    # City-state tiles kept out of the game
    # how well the heuristic seats play: novice, casual, default, strong, expert (the last
    # two play the search bot)
    "skill": DEFAULT_SKILL,
    "samples": DEFAULT_SAMPLES,  # the search's play-outs per option
    "horizon": DEFAULT_HORIZON,  # Governances a play-out looks ahead, 0: to the game's end
}
SEARCH_LIMITS = {"samples": (1, 256), "horizon": (0, 20)}
LIST_SETTINGS = ("roles", "city_states_in", "city_states_out")
ROLE_WORDS = (RANDOM, DRAFT)
WORD_SETTINGS = (*ROLE_WORDS, ROTATE)
PICK_SETTING = "roles"  # the setting that seats the picks (sim.rotation)
STRATEGIES = _BOTS.STRATEGY_NAMES
SKILL_LEVELS = tuple(_BOTS.SKILLS)  # lowest first (the report's "Does it hold for stronger players?")
# The ladder's default: no search bot (each of its games takes a thousand of the others'),
# and no skill name that only repeats balanced.
LADDER_STRATEGIES = tuple(n for n in STRATEGIES if n not in ("default", "strong", "expert"))
CONTENT_SECTIONS = {name: SCHEMA[name] for name in ("board", "roles", "city_states", "athena_cards",
                                                   "missions", "skills", "oikos", "demagogue")}


def check_setting(key: str, value: object, where: str) -> object:
    """Type-check one game setting; names are checked against the content later."""
    if key == "skills":
        return check_flag(key, value, where)
    if key == "roles" and value in WORD_SETTINGS:
        return value
    if key == "skill":
        return check_choice(key, value, SKILL_LEVELS, where)
    if key in SEARCH_LIMITS:
        return check_whole(key, value, *SEARCH_LIMITS[key], where)
    shape = "'random', 'draft' or a list of Role names" if key == "roles" else "a list of tile names"
    return check_names(key, value, shape, where)


def mode(settings: dict) -> str:
    return "standard" if settings["skills"] else "no_skills"


def load(overrides: dict[str, object], studio: Path | None = None) -> Content:
    return content_for_run(load_content, overrides, studio)


def make_setup(content: Content, players: int, settings: dict, strategies: tuple[str, ...],
               where: str) -> PericlesSetup:
    """The cell's PericlesSetup; every name checked, one-line RunError otherwise."""
    roles = settings["roles"]
    if roles in ROLE_WORDS:
        picks: tuple[str, ...] = (roles,) * players
    else:
        if len(roles) != players:
            raise RunError(f"{where}: roles lists {len(roles)} seats but the game has {players} "
                           "players ; give one Role (or 'random' or 'draft') per player")
        known = content.names["roles"]
        for name in roles:
            if name not in ROLE_WORDS and name not in known:
                raise RunError(f"{where}: roles: unknown Role {name!r}{suggest(name, known)} ; "
                               f"choose from {', '.join(known)}, 'random' or 'draft'")
        fixed = [r for r in roles if r not in ROLE_WORDS]
        if len(set(fixed)) != len(fixed):
            raise RunError(f"{where}: roles gives one Role to two seats ; each Role once")
        picks = tuple(roles)
    known = content.names["city_states"]
    tiles_in = tuple(check_known("city_states_in", settings["city_states_in"], known, where))
    tiles_out = tuple(check_known("city_states_out", settings["city_states_out"], known, where))
    both = set(tiles_in) & set(tiles_out)
    if both:
        raise RunError(f"{where}: {sorted(both)[0]!r} is in both city_states_in and "
                       "city_states_out ; keep it in one list")
    return PericlesSetup(players=players, skills=bool(settings["skills"]), roles=picks,
                         city_states_in=tiles_in, city_states_out=tiles_out,
                         strategies=strategies,
                         skill=settings.get("skill", DEFAULT_SKILL),
                         samples=settings.get("samples", DEFAULT_SAMPLES),
                         horizon=settings.get("horizon", DEFAULT_HORIZON))


def pick_cycle(content: Content, players: int, settings: dict, where: str) -> tuple[str, ...]:
    """The Roles in content order: a rotated design seats each in each seat in turn."""
    return tuple(content.names["roles"])


def deviations(settings: dict) -> list[str]:
    """The printed rules these settings leave: Roles dealt instead of drafted (p. 5)."""
    roles = settings["roles"]
    if roles == ROTATE:
        return ["roles = rotate: Roles are rotated over the seats game by game, not drafted "
                "as printed (p. 5), so that a Role's figures do not depend on its seat"]
    if roles == RANDOM or (isinstance(roles, list) and RANDOM in roles):
        return ["roles = random: Roles are dealt at random, not drafted as printed (p. 5), so "
                "that a Role's figures do not depend on its seat; roles = \"draft\" (preset "
                "draft-3p) plays the printed draft"]
    return []


def simulate(content: Content, setup: PericlesSetup, seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    return _simulate(content, setup, seed, first_index, count)


@functools.lru_cache(maxsize=1 << 16)
def _mask_text(names: tuple[str, ...], mask: int) -> str:
    return ",".join(n for t, n in enumerate(names) if mask >> t & 1)


def _city_names(content: Content, masks: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """(code per mask, name list per distinct mask): City-state bit masks as names. A
    batch holds thousands of distinct sets, which recur from batch to batch, so each
    set's text is built once per process (it was half of building a batch's rows)."""
    names = tuple(content.names["city_states"])
    uniq, inverse = np.unique(masks, return_inverse=True)
    return inverse.ravel(), [_mask_text(names, int(m)) for m in uniq]


def rows(content: Content, cell_setup: PericlesSetup | Rotated, out: dict[str, np.ndarray],
         first_index: int, cell: int) -> pa.Table:
    """One row per (game, real seat); game-level columns repeated on each row."""
    table = SeatRows(cell_setup, out)
    setup, p, per_game, per_seat = table.setup, table.seats, table.per_game, table.per_seat
    strategies = setup.strategies * p if len(setup.strategies) == 1 else setup.strategies
    role_names = list(content.names["roles"]) + ["none"]
    role = per_seat(out["role"])
    role = np.where(role < 0, len(role_names) - 1, role)
    cities, city_text = _city_names(content, out["city_mask"])
    used, used_text = _city_names(content, per_seat(out["city_used"]))
    columns = {
        **table.outcome(out, first_index, cell, strategies, out["glory"], L.END_REASON_NAMES),
        "role": labels(role, role_names),
        "city_states": labels(per_game(cities), city_text),
        "city_states_used": labels(used, used_text),
        "silver": pa.array(per_seat(out["silver"])),
        "draft_order": pa.array(per_seat(out["draft_order"]).astype(np.int8)),
    }
    for k, source in enumerate(L.GLORY_SOURCES):
        columns[f"glory_{source}"] = pa.array(per_seat(out["sources"][:, :, k]))
    columns.update(profile_columns(PROFILE, out["use"], p))
    return pa.table(columns)
