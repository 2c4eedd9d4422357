"""Pillars of Heracles for the runner (interface: see sim/games/pericles/runner.py).

Settings: the board side, the mode (Appendix 4, p. 15) and the City-states (step 11:
drafted by default; or a name, "draft" or "random" per seat; tiles forced in or kept
out of the step-10 draw). A seat plays one of the bots the registry names (a heuristic
personality, a skill level or ``random`` legal options), or, every seat alike, the
``first`` legal option.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from sim.games.content_files import ContentError
from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    DESTINY_TEAMS,
    DS_CITY_STATE,
    DS_TEAM,
    SCHEMA,
    SIDES,
    Content,
    load_content,
)
from sim.games.pillars.game import (
    DEFAULT_HORIZON,
    DEFAULT_SAMPLES,
    FIRST,
    PillarsSetup,
    seat_strategies,
)
from sim.games.pillars.game import simulate as _simulate
from sim.games.pillars.game import use_bots as use_bots  # (contract.HandsInBots)
from sim.games.pillars.invariants import VIOLATION_NAMES  # noqa: F401  (runner interface)
from sim.games.pillars.modes import (
    ALL_MODES,
    DESTINY,
    DESTINY_SIDE,
    SOLO,
    ModeError,
    canonical,
    check_board,
    check_players,
    parse_mode,
)
from sim.games.pillars.profile import PROFILE
from sim.games.pillars.start import DRAFT, RANDOM, setup_arrays
from sim.games.policies import DEFAULT_SKILL
from sim.games.registry import get_game, load_bots
from sim.rotation import ROTATE, Rotated
from sim.runner import RunError
from sim.runner.columns import SeatRows, labels, profile_columns
from sim.runner.values import check_choice, check_names, check_whole

TYRANT = "tyrant"  # the strategy column of the Tyrant's seat (Solo Mode)
_BOTS: Any = load_bots(get_game("pillars"))  # its players module: contract.GameBots and more
# What a seat may play: the bots' strategies (the first is the default), or (every seat
# alike) the first legal option.
STRATEGIES = (*_BOTS.STRATEGY_NAMES, FIRST)

# the board setting that leaves the side to the mode: the one a mode is played on (the
# Siege of Destiny's Aegean, p. ~18), else the Mediterranean
MODE_SIDE = "auto"
SETTINGS: dict[str, object] = {
    "board": MODE_SIDE,        # or "mediterranean" or "aegean" (step 1)
    "mode": "standard",        # standard, tutorial or short, with symmachia added by "+" (p. 15)
    "track_end": "markers",    # or "tracks": how the track-end trigger counts (p. 13)
    # the Siege of Destiny's only-City rule for Troia: "lifted" (its win condition, p. ~18,
    # overrides p. 8's protection of an only City) or "literal" (it does not)
    "troia_rule": "lifted",
    # where Phalanx Formation's 2 extra Power count (p. ~14): "lands" (each Land holding the
    # formation's Land Units, and once in the Region) or "region" (the Region only)
    "phalanx": "lands",
    # "draft" (each seat's policy drafts, as printed, step 11), "random" (dealt at random),
    # "rotate" (each tile of the side in each seat equally often, sim.rotation), or one
    # City-state name, "draft" or "random" per seat
    "city_states": DRAFT,
    "city_states_in": [],      # City-state tiles always in the step-10 draw
    "city_states_out": [],     # City-state tiles never drawn
    # how well the heuristic seats play: novice, casual, default, strong, expert (the last
    # two search)
    "skill": DEFAULT_SKILL,
    "samples": DEFAULT_SAMPLES,  # the search's play-outs per candidate turn
    "horizon": DEFAULT_HORIZON,  # rounds a play-out plays, this one counted; 0: to the game's end
}
SEARCH_LIMITS = {"samples": (1, 256), "horizon": (0, 20)}
LIST_SETTINGS = ("city_states", "city_states_in", "city_states_out")
TEAM_NAMES = ("seats 1+3", "seats 2+4")  # Symmachia's teams (rules.teams)
CITY_WORDS = (DRAFT, RANDOM)
WORD_SETTINGS = (*CITY_WORDS, ROTATE)
PICK_SETTING = "city_states"  # the setting that seats the picks (sim.rotation)
SKILL_LEVELS = tuple(_BOTS.SKILLS)  # lowest first (the report's "Does it hold for stronger players?")
# `sim ladder` plays every strategy but `first`, which every seat must play alike, the
# search bot (each of its games takes those of many others) and the skill name that only
# repeats balanced.
LADDER_STRATEGIES = tuple(name for name in STRATEGIES
                          if name not in (FIRST, "default", "strong", "expert"))
PARAMS: tuple = ()  # no tunable numbers yet
# The sections whose numbers are balance values a sensitivity run moves; the component
# counts and the boards' geometry (Sea numbers, ...) are what the game is, not its balance.
CONTENT_SECTIONS = {name: section for name, section in SCHEMA.items()
                    if name not in ("components", "boards")}
CHOICES = {"board": (MODE_SIDE, *SIDES), "track_end": L.TRACK_ENDS, "troia_rule": L.TROIA_RULES,
           "phalanx": L.PHALANX_RULES, "skill": SKILL_LEVELS}


def check_setting(key: str, value: object, where: str) -> object:
    """Type-check one setting; City-state names are checked against the content later."""
    if key == "mode":
        if not isinstance(value, str):
            return check_choice(key, value, ALL_MODES, where)  # refused, naming the modes
        try:
            return canonical(value)
        except ModeError as exc:
            raise RunError(f"{where}: {exc}") from None
    if key in CHOICES:
        return check_choice(key, value, CHOICES[key], where)
    if key in SEARCH_LIMITS:
        return check_whole(key, value, *SEARCH_LIMITS[key], where)
    if key == "city_states" and value in WORD_SETTINGS:
        return value
    shape = "'draft', 'random', 'rotate' or a list of City-state names" if key == "city_states" \
        else "a list of City-state names"
    return check_names(key, value, shape, where)


def mode(settings: dict) -> str:
    return str(settings["mode"])


def resolve_settings(settings: dict) -> dict:
    """``settings`` with the board side the mode picks where none was given (MODE_SIDE):
    the Siege of Destiny's Aegean (step 1 of its setup, p. ~18), else the Mediterranean."""
    if settings["board"] != MODE_SIDE:
        return settings
    side = DESTINY_SIDE if DESTINY in parse_mode(settings["mode"])[1] else SIDES[0]
    return {**settings, "board": side}


def load(overrides: dict[str, object], studio: Path | None = None) -> Content:
    try:
        content = load_content(overrides=overrides, studio=studio)
        L.check_capacity(content.tables)  # before any output: the state has room for it
    except ContentError as exc:
        raise RunError(str(exc)) from None
    return content


def make_setup(content: Content, players: int, settings: dict, strategies: tuple[str, ...],
               where: str) -> PillarsSetup:
    """The cell's PillarsSetup; every name checked, one-line RunError otherwise."""
    settings = resolve_settings(settings)
    if FIRST in strategies and len(set(strategies)) > 1:
        raise RunError(f"{where}: {FIRST!r} is played by every seat alike ; give it alone "
                       "or choose other strategies")
    try:
        check_players(settings["mode"], players)
        check_board(settings["mode"], content.tables, settings["board"])
    except ModeError as exc:
        raise RunError(f"{where}: {exc}") from None
    picks = settings["city_states"]
    seats = (picks,) * players if picks in CITY_WORDS else tuple(picks)
    if SOLO in parse_mode(settings["mode"])[1] and len(seats) == 1:
        seats = (seats[0], DRAFT)  # one name: the Tyrant's City-state; you draft yours
    if len(seats) != players:
        raise RunError(f"{where}: city_states lists {len(seats)} seats but the game has "
                       f"{players} players ; give one name (or 'draft' or 'random') per player")
    setup = PillarsSetup(players=players, board=settings["board"], mode=settings["mode"],
                         track_end=settings["track_end"], troia_rule=settings["troia_rule"],
                         phalanx=settings["phalanx"],
                         city_states=seats, city_states_in=tuple(settings["city_states_in"]),
                         city_states_out=tuple(settings["city_states_out"]),
                         strategies=strategies, skill=settings.get("skill", DEFAULT_SKILL),
                         samples=settings.get("samples", DEFAULT_SAMPLES),
                         horizon=settings.get("horizon", DEFAULT_HORIZON))
    try:
        setup_arrays(content, setup.board, players, setup.city_states, setup.city_states_in,
                     setup.city_states_out, setup.mode)
    except RunError as exc:
        raise RunError(f"{where}: {exc}") from None
    return setup


def fixed_seats(settings: dict) -> bool:
    """Solo Mode seats the Tyrant's automaton in seat 0 (p. ~21), so strategies do not
    rotate over its seats."""
    return SOLO in parse_mode(settings["mode"])[1]


def pick_cycle(content: Content, players: int, settings: dict, where: str) -> tuple[str, ...]:
    """The side's City-states (less those kept out) in an order whose every ``players``
    consecutive tiles, around the circle, start in different Regions, so that each game
    of a rotated design can be laid out by step 10 (p. ~4): the first such order found
    trying tiles in tile order."""
    settings = resolve_settings(settings)
    added = parse_mode(settings["mode"])[1]
    if SOLO in added or DESTINY in added or settings["city_states_in"]:
        raise RunError(f"{where}: city_states 'rotate' seats every tile of the side in turn ; "
                       "Solo Mode, the Siege of Destiny and city_states_in fix tiles of their "
                       "own, so draft or name the City-states there")
    board = settings["board"]
    side = SIDES.index(board)
    T = content.tables
    region = T.land_region[side, T.city_start[side]]
    names = content.names[f"city_states.{board}"]
    tiles = [t for t, name in enumerate(names) if name not in settings["city_states_out"]
             and content.names["city_states"][t] not in settings["city_states_out"]]
    order = _circle(tiles, [int(region[t]) for t in range(len(names))], players)
    if order is None:
        raise RunError(f"{where}: no order of the {len(tiles)} City-states puts every "
                       f"{players} neighbours in different Regions ; keep fewer out")
    return tuple(names[t] for t in order)


def _circle(tiles: list[int], region: list[int], width: int) -> list[int] | None:
    """``tiles`` in a circle whose every ``width`` neighbours have different regions
    (depth-first, tiles tried in order), or None."""
    def apart(order: list[int], tile: int) -> bool:
        return all(region[t] != region[tile] for t in order[-(width - 1):]) if width > 1 else True

    def closes(order: list[int]) -> bool:
        ring = order + order[:width - 1]
        return all(len({region[t] for t in ring[i:i + width]}) == width for i in range(len(order)))

    def extend(order: list[int], left: list[int]) -> list[int] | None:
        if not left:
            return order if closes(order) else None
        for tile in left:
            if apart(order, tile):
                found = extend(order + [tile], [t for t in left if t != tile])
                if found is not None:
                    return found
        return None

    return extend([], list(tiles))


def deviations(settings: dict) -> list[str]:
    """The printed rules these settings leave."""
    left = []
    picks = settings["city_states"]
    if picks == RANDOM or (isinstance(picks, list) and RANDOM in picks):
        left.append("city_states = random: City-states are dealt at random, not drafted as "
                    "printed (step 11, p. ~4)")
    if picks == ROTATE:
        left.append("city_states = rotate: City-states are rotated over the seats game by "
                    "game, not drafted as printed (step 11, p. ~4), so that a City-state's "
                    "figures do not rest on the bots' draft")
    if settings["track_end"] == "tracks":
        left.append("track_end = tracks: the track-end trigger counts the tracks whose last "
                    "step some marker reached, not the markers on last steps (p. 13)")
    if DESTINY in parse_mode(settings["mode"])[1] and settings["troia_rule"] == "literal":
        left.append("troia_rule = literal: a Siege never takes Troia's only City (p. 8), so "
                    "the Achaeans win only once Troia holds a second City, although the "
                    "Siege of Destiny's win is taking Troia's Starting City (p. ~18)")
    if settings["phalanx"] == "region":
        left.append("phalanx = region: Phalanx Formation's 2 extra Power count in a Region's "
                    "Power only, not on the Lands where its Land Units stand (p. ~14)")
    return left


def simulate(content: Content, setup: PillarsSetup, seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    return _simulate(content, setup, seed, first_index, count)


def _draft_order(setup: PillarsSetup) -> np.ndarray:
    """Per seat, its turn in the draft (1 picks first: reverse seat order, step 11), 0 for a
    seat whose City-state was fixed or dealt."""
    order = np.zeros(setup.players, np.int8)
    drafting = [seat for seat in reversed(range(setup.players)) if setup.city_states[seat] == DRAFT]
    order[drafting] = np.arange(1, len(drafting) + 1)
    return order


def _offered(offered: np.ndarray, names, players: int) -> pa.Array:
    """Per game (repeated on each seat's row), the City-states drawn in step 10 as one name
    list, in tile order."""
    drawn = np.where(offered >= 0, np.left_shift(1, np.maximum(offered, 0), dtype=np.int64), 0)
    masks, codes = np.unique(drawn.sum(axis=1), return_inverse=True)
    lists = [",".join(n for i, n in enumerate(names) if (int(mask) >> i) & 1) for mask in masks]
    return labels(np.repeat(codes.astype(np.int32), players), lists)


def rows(content: Content, cell_setup: PillarsSetup | Rotated, out: dict[str, np.ndarray],
         first_index: int, cell: int) -> pa.Table:
    """One row per (game, seat); game-level columns repeated on each row."""
    table = SeatRows(cell_setup, out)
    setup, p, count, per_seat = table.setup, table.seats, table.games, table.per_seat
    names = content.names[f"city_states.{setup.board}"]
    columns = {
        **table.outcome(out, first_index, cell, _strategy_names(setup), out["glory"],
                        L.END_REASON_NAMES),
        "city_state": labels(per_seat(out["city_state"]), names),
        "draft_order": pa.array(np.tile(_draft_order(setup), count)),
        "city_states_offered": _offered(out["offered"], names, p),
        "board": pa.array([setup.board] * (count * p), pa.string()),
        "mode": pa.array([setup.mode] * (count * p), pa.string()),
    }
    for k, source in enumerate(L.GLORY_SOURCES):
        columns[f"glory_{source}"] = pa.array(per_seat(out["sources"][:, :, k]))
    columns.update(_teams(content, setup, out["glory"][:, :p], out["city_state"][:, :p]))
    columns["time_markers"] = _time_markers(setup, out["time_markers"])
    columns.update(_solo(setup, out["glory"][:, :p], out["improved"]))
    columns["holds_atlantis"] = _holds_atlantis(setup, out["atlantis"])
    columns.update(_heroes(content, setup, per_seat(out["hero"]), per_seat(out["hero_power"])))
    columns.update(profile_columns(PROFILE, out["use"], p))
    return pa.table(columns)


def _strategy_names(setup: PillarsSetup) -> tuple[str, ...]:
    """Each seat's strategy; in Solo Mode seat 0 is the Tyrant's automaton (p. ~21)."""
    names = seat_strategies(setup)
    return (TYRANT,) + names[1:] if SOLO in parse_mode(setup.mode)[1] else names


def _solo(setup: PillarsSetup, glory: np.ndarray, improved: np.ndarray) -> dict[str, pa.Array]:
    """Solo Mode (p. ~21): per seat its Glory less the other seat's (the player beat the
    Tyrant by that much, ties to the track tie-break), and per game the Tyrant's Improved
    actions at the end, as names joined by ','; null in other modes."""
    rows = glory.size
    if SOLO not in parse_mode(setup.mode)[1]:
        return {"margin": pa.nulls(rows, pa.int32()), "tyrant_improved": pa.nulls(rows, pa.string())}
    lists = [",".join(name for k, name in enumerate(L.IMPROVED_ACTIONS) if (bits >> k) & 1)
             for bits in range(1 << len(L.IMPROVED_ACTIONS))]
    return {"margin": pa.array((glory - glory[:, ::-1]).ravel()),
            "tyrant_improved": labels(np.repeat(improved, setup.players), lists)}


def _heroes(content: Content, setup: PillarsSetup, hero: np.ndarray,
            power: np.ndarray) -> dict[str, pa.Array]:
    """Per seat its Hero tile and the Power its Hero Unit had at the end (Odysseus's grows
    with his tokens, p. 16); null in a game without Legendary Heroes."""
    if "legendary_heroes" not in parse_mode(setup.mode)[1]:
        return {"hero": pa.nulls(hero.size, pa.string()), "hero_power": pa.nulls(hero.size, pa.int8())}
    return {"hero": labels(hero, content.names["heroes"]), "hero_power": pa.array(power.astype(np.int8))}


def _holds_atlantis(setup: PillarsSetup, holder: np.ndarray) -> pa.Array:
    """Per seat whether its marker is on the Atlantis tile at the end (p. 15); null in a
    game without Atlantis."""
    p = setup.players
    if "atlantis" not in parse_mode(setup.mode)[1]:
        return pa.nulls(holder.size * p, pa.bool_())
    return pa.array((holder[:, None] == np.arange(p)).ravel())


def _time_markers(setup: PillarsSetup, left: np.ndarray) -> pa.Array:
    """Per game (on each seat's row) the Time markers left at the end of a Siege of Destiny
    (p. ~18): how close the Trojans came; null in other modes."""
    rows = left.size * setup.players
    if DESTINY not in parse_mode(setup.mode)[1]:
        return pa.nulls(rows, pa.int8())
    return pa.array(np.repeat(left, setup.players).astype(np.int8))


def _teams(content: Content, setup: PillarsSetup, glory: np.ndarray,
           city_state: np.ndarray) -> dict[str, pa.Array]:
    """Per seat its team and the team's Glory, the result the team wins or loses by: in
    Symmachia "seats 1+3" or "seats 2+4" (rules.teams, p. 15); in the Siege of Destiny
    the side of its City-state, "trojan" or "achaean", which wins by its own conditions, not
    Glory (p. ~18). Null in a game without teams."""
    rows = glory.size
    added = parse_mode(setup.mode)[1]
    if DESTINY in added:
        sides = content.tables.destiny
        team_of = np.zeros(content.tables.city_start.shape[1], np.int32)
        team_of[sides[:, DS_CITY_STATE]] = sides[:, DS_TEAM]
        return {"team": labels(team_of[city_state.ravel()], DESTINY_TEAMS),
                "team_glory": pa.nulls(rows, pa.int32())}
    if "symmachia" not in added:
        return {"team": pa.nulls(rows, pa.string()), "team_glory": pa.nulls(rows, pa.int32())}
    seats = np.arange(setup.players)
    team = labels(np.tile(seats % 2, glory.shape[0]).astype(np.int32), TEAM_NAMES)
    return {"team": team, "team_glory": pa.array((glory + glory[:, (seats + 2) % 4]).ravel())}
