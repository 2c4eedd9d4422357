"""A Pillars of Heracles game set up from names: the board side, player count and
City-state choices checked (one line naming the problem and the fix), turned into the
arrays the setup kernel takes (rules/setup.py), and a fresh state."""

from __future__ import annotations

import difflib

import numpy as np

import sim.games.pillars.engine  # noqa: F401 (imports every rules kernel compiled apart)
from sim.apart import put_addresses
from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    DESTINY_TEAMS,
    DS_CITY_STATE,
    DS_PLAYERS,
    DS_TEAM,
    MAX_PLAYERS,
    S_EXTRA_CITY_STATES,
    SIDES,
    ST_RESOURCES,
    Content,
)
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_COLS
from sim.games.pillars.modes import DESTINY, SOLO, mode_code, parse_mode
from sim.games.pillars.policy import SCRIPTED, every_seat_plays, script
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.rules.setup import (
    FORCED_IN,
    FORCED_OUT,
    PICK_DRAFT,
    PICK_RANDOM,
    SCRATCH,
    setup_game,
)
from sim.rng import N_STREAMS, seed_streams
from sim.runner import RunError

DRAFT, RANDOM = "draft", "random"  # per-seat City-state choices besides a tile's name


def _hint(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _tile(content: Content, side: str, name: str, what: str) -> int:
    """A City-state tile by its tile name or its face's name on ``side``."""
    for key in ("city_states", f"city_states.{side}"):
        if name in content.names[key]:
            return content.names[key].index(name)
    names = sorted(set(content.names["city_states"]) | set(content.names[f"city_states.{side}"]))
    raise RunError(f"{what}: unknown City-state {name!r}{_hint(name, names)}; choose one of "
                   f"{', '.join(names)}")


def setup_arrays(content: Content, board: str, players: int, city_states=(),
                 city_states_in=(), city_states_out=(),
                 mode: str = "standard") -> tuple[int, np.ndarray, np.ndarray]:
    """The side code, per-seat picks and per-tile flags for ``setup_game``.

    ``city_states`` per seat: a City-state name, ``"draft"`` (the seat's policy picks, as
    printed) or ``"random"``; seats past the list draft. ``city_states_in`` are always in
    the step 10 draw, ``city_states_out`` never. The Siege of Destiny has no draw: its
    tiles are fixed (p. ~18)."""
    if board not in SIDES:
        raise RunError(f"board: unknown side {board!r}{_hint(board, SIDES)}; choose "
                       f"{' or '.join(SIDES)}")
    if not 2 <= players <= MAX_PLAYERS:
        raise RunError(f"players: Pillars of Heracles takes 2 to {MAX_PLAYERS} players, got "
                       f"{players}; choose 2, 3 or 4")
    if len(city_states) > players:
        raise RunError(f"city_states: {len(city_states)} choices for {players} seats; give "
                       "at most one per seat")
    side = SIDES.index(board)
    n_tiles = content.tables.city_start.shape[1]
    picks = np.full(MAX_PLAYERS, PICK_DRAFT, np.int32)
    tiles = np.zeros(n_tiles, np.int32)
    for seat, name in enumerate(city_states):
        if name in (DRAFT, RANDOM):
            picks[seat] = PICK_DRAFT if name == DRAFT else PICK_RANDOM
        else:
            tile = _tile(content, board, name, "city_states")
            if tile in picks:
                raise RunError(f"city_states: {name!r} is fixed for two seats; give each "
                               "seat its own City-state")
            picks[seat] = tile
    for name in city_states_in:
        tiles[_tile(content, board, name, "city_states_in")] = FORCED_IN
    for name in city_states_out:
        tile = _tile(content, board, name, "city_states_out")
        if tile in picks or tiles[tile] == FORCED_IN:
            raise RunError(f"city_states_out: {name!r} is also chosen or forced in; drop it "
                           "from one of the lists")
        tiles[tile] = FORCED_OUT
    if DESTINY in parse_mode(mode)[1]:
        _check_destiny(content, players, picks, bool(city_states_in or city_states_out))
    elif SOLO in parse_mode(mode)[1]:
        _check_solo(content, side, picks, tiles)
    else:
        _check_draw(content, side, players, picks, tiles)
    return side, picks, tiles


def _check_destiny(content: Content, players: int, picks, forced: bool) -> None:
    """The Siege of Destiny's City-states are its own (p. ~18): fixed picks among those
    played at this count, leaving a seat for each Trojan tile nobody is fixed to."""
    if forced:
        raise RunError(f"city_states_in/city_states_out: {DESTINY} lays out its own City-states "
                       "(p. ~18) ; leave both lists empty")
    sides = content.tables.destiny
    names = content.names["city_states"]
    in_play = {int(r[DS_CITY_STATE]): int(r[DS_TEAM]) for r in sides if r[DS_PLAYERS] <= players}
    fixed = [int(t) for t in picks[:players] if t >= 0]
    for tile in fixed:
        if tile not in in_play:
            allowed = ", ".join(names[t] for t in in_play)
            raise RunError(f"city_states: {names[tile]!r} is not in {DESTINY} at {players} "
                           f"players ; choose among {allowed}")
    trojans = [t for t, team in in_play.items() if team == DESTINY_TEAMS.index("trojan")]
    open_trojans = [t for t in trojans if t not in fixed]
    if len(open_trojans) > players - len(fixed):
        raise RunError(f"city_states: {DESTINY} needs seats for {', '.join(names[t] for t in trojans)} "
                       f"(p. ~18) ; fix {names[open_trojans[0]]} for a seat or leave one to draft")


def _check_solo(content: Content, side: int, picks, tiles) -> None:
    """Solo Mode (p. ~21): the Tyrant (seat 0) leads a City-state with a Solo Player aid,
    fixed or drawn at random (he drafts none); the 2 pairs of step 10 are drawn for you
    from other Regions than a City-state fixed for him."""
    T = content.tables
    names = content.names["city_states"]
    with_aid = [names[t] for t in range(len(tiles)) if T.solo_tiles[t, ST_RESOURCES] >= 0]
    tyrant = int(picks[0])
    if tyrant >= 0 and T.solo_tiles[tyrant, ST_RESOURCES] < 0:
        raise RunError(f"city_states: the Tyrant (seat 0) plays only a City-state with a Solo "
                       f"Player aid (p. ~21), not {names[tyrant]!r} ; choose one of "
                       f"{', '.join(with_aid)}")
    region = T.land_region[side, T.city_start[side]]
    yours = int(picks[1])
    if tyrant >= 0 and yours >= 0 and region[tyrant] == region[yours]:
        raise RunError(f"city_states: {names[tyrant]!r} and {names[yours]!r} start in the same "
                       f"Region on the {SIDES[side]} side; the Tyrant starts in another Region "
                       "than yours (p. ~21)")
    if tyrant >= 0 and tiles[tyrant] == FORCED_OUT:
        raise RunError(f"city_states_out: {names[tyrant]!r} is the Tyrant's City-state; drop it "
                       "from one of the lists")
    open_regions = {int(region[t]) for t in range(len(tiles))
                    if tiles[t] != FORCED_OUT and t != tyrant and (tyrant < 0 or region[t] != region[tyrant])}
    if len(open_regions) < 2:
        raise RunError("city_states_out: step 10 draws you 2 City-states of different Regions "
                       "(p. ~21), and the tiles left cannot give them; keep fewer out")


def _check_draw(content: Content, side: int, players: int, picks, tiles) -> None:
    """Step 10 must be able to lay out players + extra tiles in different Regions."""
    T = content.tables
    want = players + int(T.setup[S_EXTRA_CITY_STATES])
    region = T.land_region[side, T.city_start[side]]
    fixed = [int(t) for t in picks[:players] if t >= 0]
    fixed += [t for t in np.flatnonzero(tiles == FORCED_IN) if t not in fixed]
    if len(fixed) > want:
        raise RunError(f"city_states: {len(fixed)} tiles fixed or forced in, but step 10 "
                       f"draws {want} for {players} players; fix or force fewer")
    regions = [int(region[t]) for t in fixed]
    if len(set(regions)) < len(regions):
        names = [content.names["city_states"][t] for t in fixed]
        raise RunError(f"city_states: {', '.join(names)} include two that start in the same "
                       f"Region on the {SIDES[side]} side; step 10 draws them apart, so "
                       "choose tiles of different Regions")
    allowed = {int(region[t]) for t in range(len(tiles)) if tiles[t] != FORCED_OUT}
    if len(allowed) < want:
        raise RunError(f"city_states_out: the tiles left start in {len(allowed)} Regions, but "
                       f"step 10 needs {want} in different Regions; keep fewer out")


def new_game(content: Content, board: str = "mediterranean", players: int = 3, seed: int = 0,
             game: int = 0, mode: str = "standard", policy: int = SCRIPTED,
             **choices) -> np.ndarray:
    """A state set up for game ``game`` of run ``seed`` in ``mode`` (the setup part of the
    mode: its end settings and added modes are set, their own setup steps after the draft
    are not run) (``choices`` as ``setup_arrays``); the seats' setup choices are those of
    the rules' own ``policy`` (sim/games/pillars/policy.py), by default the first option
    each is offered. The state holds this process's addresses of the rules kernels
    compiled apart (``rules.apart``), so that kernels can play on from it, and its seats
    play scripts from then on, so that a kernel can be handed one (``policy.script``)."""
    side, picks, tiles = setup_arrays(content, board, players, mode=mode, **choices)
    L.check_capacity(content.tables)
    s = np.zeros(L.STATE_SIZE, np.int32)
    put_addresses(s, L.RULE_ENTRIES, apart.addresses(content.packed))
    every_seat_plays(s, policy)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, seed, game)
    setup_game(s, content.tables, script(()), np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32),
               np.zeros((0, EV_COLS), np.int32), side, players, picks, tiles,
               mode_code(mode), np.zeros(SCRATCH, np.int32), rng)
    every_seat_plays(s, SCRIPTED)
    return s
