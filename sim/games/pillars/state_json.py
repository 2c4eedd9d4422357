"""Pillars of Heracles states as JSON: a whole state written and read back word for word,
and final scoring of a position (`sim score`).

``docs/state-json.md`` defines both forms. A whole state (``state_to_json``,
``state_from_json``) is every field of the layout's game part (``WORDS``, bounds declared
below). A position written by hand gives the board side, each Region's Track tile,
the Forbidden Domains, the Population tiles and, per player, what final scoring looks at
(Prophecies, Monuments, Cities, the pieces whose Power decides each Region, the track
steps, End Ships); in Solo Mode one player and the Tyrant (his Monuments, Mythology
stack, City tiles above his board and pieces, p. ~31). ``build_state`` validates it
(one-line ``StateError``, sim.games.state_json) and writes it into a state vector, with
the End Ships as a script for the script policy; ``score_state`` then runs the engine's own
``rules/end.final_scoring``, so the numbers are those a simulated game would get.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    BUILDINGS,
    C_KIND,
    ICONS,
    P_NUMBER,
    PIECES,
    S_COMMON_CITIES,
    SIDES,
    TRACKS,
    WILD,
    Content,
    load_content,
)
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_COLS, EV_REGION_SCORE
from sim.games.pillars.invariants import VIOLATION_NAMES
from sim.games.pillars.policy import SCRIPT_MISSED, SCRIPTED, W_MODE, every_seat_plays, pair, script
from sim.games.pillars.rules.end import final_scoring, rank_of
from sim.games.pillars.rules.movement import MOVE_HERO
from sim.games.pillars.rules.power import region_controller
from sim.games.pillars.rules.setup import clear
from sim.games.registry import GAMES
from sim.games.state_json import WORD_MAX, Checker, StateError, StateWords, score_json_file
from sim.games.state_json import format_table as score_table
from sim.rng import N_STREAMS

TOP_REQUIRED = {"board", "region_tracks", "players"}
TOP_OPTIONAL = {"game", "mode", "first", "forbidden_domains", "population", "tyrant"}
PLAYER_KEYS = {"name", "tracks", "track_heights", "prophecies", "monuments", "cities",
               "pillars", "buildings", "hoplites", "workers", "ships", "end_ships"}
# the Tyrant scores his own way (p. ~31) and places no End Ship: his Sea Ships give Power
# to every Land they touch
TYRANT_KEYS = PLAYER_KEYS - {"end_ships"} | {"mythology", "cities_aside"}
MODES = ("standard", "solo")
END_SHIP_KEYS = {"sea", "land"}
FACE_DOWN = "face_down"
MAX_EVENTS = 256  # final scoring's trace rows: Glory, End Ships and Region scores

# The whole state's schema: each field's range (a count of pieces, cards or tiles is far
# below COUNT; a table row is -1 for none).
COUNT = (0, 999)
SEAT_OR_NONE = (-1, L.MAX_PLAYERS - 1)
LAND_OR_NONE = (-1, L.N_LANDS - 1)
CARD_OR_NONE = (-1, L.MAX_CARDS - 1)
MYTH_OR_NONE = (-1, L.N_DECKS * L.MAX_MYTH_DECK - 1)
ROUNDS = (0, GAMES["pillars"].max_rounds)  # the engine's safety stop
WORDS = StateWords("pillars", L.FIELD_SPANS, L.GAME_SIZE, L.STATE_SIZE, {
    "N_PLAYERS": (1, L.MAX_PLAYERS),  # Solo Mode: the Tyrant and the player
    "SIDE": (0, len(SIDES) - 1),
    "FIRST": (0, L.MAX_PLAYERS - 1),
    "ACTIVE LAND_PILLAR LAND_CITY_MARKER SPHINX_OWNER PARTNER TROIA GORGON_SEAT": SEAT_OR_NONE,
    "DECISIONS EVENTS USE": (0, WORD_MAX),
    "REGION_TRACK": (0, L.N_TRACKS - 1),
    "REGION_BLOCKED REGION_PROPHECY_UP LAND_PILLAR_ON_RES LAND_POP_UP LAND_RES_UP TRACK_CITY "
    "PROC_UP CARD_OUT STRATEGY_UP MYTH_OUT ODYSSEUS_UP DEPLOY_LEFT BUILD_LEFT MYTH_INVOKED "
    "CROSSED STATUS_STEPPED PROPHECY_TURN INVOKED_THIS_TURN SOLO_MYTH END_SHIP WON "
    "GAME_OVER": (0, 1),
    "REGION_PROPHECY": (-1, L.MAX_PROPHECIES - 1),
    "PROPHECY_OWNER": (L.PROPHECY_EXILED, L.MAX_PLAYERS - 1),
    "REGION_PROPHECY_N LAND_HOPLITES LAND_WORKERS ARCHERS TRACK_HEIGHT CITIES_BUILD CITIES_OUT "
    "CITIES_ASIDE PROC_N MYTH_N STRATEGY_N BARB_N CITIES_RAZED HERO_TOKENS SETTLE_LEFT "
    "MERCENARIES MARKERS_LEFT WILD_TILES DECK_N HAND_N DISCARD_N EXILED_N CREDIT PILLARS_BESIDE "
    "UNITS_BESIDE BUILDINGS_BESIDE POWER_BONUS OFF_TURN_INVOKES TIME_MARKERS SOLO_RES_N "
    "SOLO_RES_DISCARD_N SOLO_MOVED SOLO_SPARE SOLO_POP_N EFFECTS_HELD GUILDS": COUNT,
    "GLORY GLORY_SRC": (0, 99_999),  # every source adds Glory (p. 13)
    "TRACK_STEP": (0, 5),
    "LAND_BUILDING": (-1, len(BUILDINGS) - 1),
    "LAND_CITY": (-1, L.CITY_ATLANTIS),
    "SHIP_PROJECT ARCHERY_TO SPHINX_AT HERO_AT SIEGE_AT SKIRMISH_AT ABILITY_LAND ATLANTIS": LAND_OR_NONE,
    "LAND_END": (0, L.N_LANDS),
    "SHIP_SPACE": (-1, L.PORT + L.N_LANDS - 1),
    "BARB_AT": (-1, L.N_BARB_SPACES - 1),
    "PROC_DECK EGYPT DECK HAND DISCARD EXILED SOLO_RES_DECK SOLO_RES_DISCARD PLAYED": CARD_OR_NONE,
    "MYTH_DECK MYTH_SLOT": MYTH_OR_NONE,
    "STRATEGY_STACK STRATEGY_SLOT": (-1, L.MAX_STRATEGY_TILES - 1),
    "LAND_POP SOLO_POP": (-1, L.MAX_POPULATION - 1),
    "LAND_RES DRAWN_RES": (-1, L.MAX_RESOURCE_TILES - 1),
    "DRAWN CITY_STATE": (-1, L.MAX_CITY_STATES - 1),
    "BARB_STACK": (-1, L.MAX_BARBARIANS - 1),
    "HERO_DRAWN HERO": (-1, L.MAX_HEROES - 1),
    "ODYSSEUS": (-1, 255),  # a token of the content
    "STARTING_OUT HALTED_SHIPS": (0, (1 << L.MAX_PLAYERS) - 1),  # a bit per colour
    "SOLO_SHIPS_MOVED": (0, (1 << L.MAX_SHIPS) - 1),
    "SOLO_REMINDERS": (0, (1 << len(L.IMPROVED_ACTIONS)) - 1),
    "TURN_DONE": (0, L.DONE_ABILITY | L.DONE_MOVEMENT | L.DONE_ACTION),
    "TILES_USED": (0, L.USED_LIBRARY | L.USED_LIGHTHOUSE),
    "ADDONS": (0, (1 << len(L.ADDON_NAMES)) - 1),
    "RONDEL_POS": (0, 63),  # a section of the content's Rondel
    "ROUND END_ROUND": ROUNDS,
    "GORGON_KIND": (0, MOVE_HERO),
    "GORGON_AT": (0, max(L.N_LANDS, L.MAX_PLAYERS * L.MAX_SHIPS) - 1),  # a Land or a Ship
    "TROIA_RULE": (0, len(L.TROIA_RULES) - 1),
    "MODE": (0, len(L.MODES) - 1),
    "TRACK_END": (0, len(L.TRACK_ENDS) - 1),
    "PHALANX_RULE": (0, len(L.PHALANX_RULES) - 1),
    "END_REASON": (0, len(L.END_REASON_NAMES) - 1),
    "SOLO_WHEEL": (0, WILD),  # a Resource, or the face-down tile
    "SOLO_ICONS": (0, len(ICONS) - 1),
    "VIOLATION": (0, len(VIOLATION_NAMES) - 1),
}, lambda content: {
    "PROC_DECK EGYPT DECK HAND DISCARD EXILED SOLO_RES_DECK SOLO_RES_DISCARD PLAYED":
        (-1, content.tables.cards.shape[0] - 1),
    "MYTH_DECK MYTH_SLOT": (-1, content.tables.mythology.shape[0] - 1),
    "STRATEGY_STACK STRATEGY_SLOT": (-1, content.tables.strategy.shape[0] - 1),
    "LAND_POP SOLO_POP": (-1, content.tables.population.shape[0] - 1),
    "LAND_RES DRAWN_RES": (-1, content.tables.resource_tiles.shape[0] - 1),
    "DRAWN CITY_STATE": (-1, len(content.names["city_states"]) - 1),
    "BARB_STACK": (-1, content.tables.barbarians.shape[0] - 1),
    "HERO_DRAWN HERO": (-1, content.tables.heroes.shape[0] - 1),
    "ODYSSEUS": (-1, content.tables.odysseus.shape[0] - 1),
    "REGION_PROPHECY": (-1, content.tables.prophecies.shape[0] - 1),
})


state_to_json, state_from_json = WORDS.state_to_json, WORDS.state_from_json  # StateRoundTrip


class _Board:
    """The side's names and the pieces placed so far, for the checks across players."""

    def __init__(self, content: Content, side: int):
        self.T = content.tables
        self.side = side
        self.lands = content.names[f"lands.{SIDES[side]}"]
        self.regions = content.names[f"regions.{SIDES[side]}"]
        self.seas = int(self.T.n_seas[side])
        self.blocked: set[int] = set()

    def land(self, c: Checker, where: str, name: Any) -> int:
        land = self.lands.index(c.word(where, name, self.lands))
        region = int(self.T.land_region[self.side, land])
        if region < 0:
            c.fail(where, f"{name} is the Atlantis tile's space, which a position of the "
                          "standard game does not hold ; name a Land of the board")
        if region in self.blocked:
            c.fail(where, f"{name} lies in the Forbidden Domain {self.regions[region]} ; a "
                          "Forbidden Domain is not part of the game (p. 6)")
        return land


def build_state(data: Any, content: Content,
                fname: str = "state") -> tuple[np.ndarray, np.ndarray, list[dict]]:
    """Validate a parsed JSON position and write it into a fresh state vector.

    Returns (state, the End Ships' script for the policy, each player's seat and name)."""
    c = Checker(fname)
    c.keys("", data, TOP_REQUIRED, TOP_OPTIONAL)
    c.game(data, "pillars")
    side = SIDES.index(c.word("board", data["board"], SIDES))
    solo = c.word("mode", data.get("mode", "standard"), MODES) == "solo"
    players = c.list_("players", data["players"])
    if solo:
        if len(players) != 1:
            c.fail("players", f"{len(players)} players listed ; a Solo position lists its one "
                              "player, and the Tyrant under \"tyrant\"")
        if "tyrant" not in data:
            c.fail("tyrant", "missing ; a Solo position gives the Tyrant's cards and pieces "
                             "(see docs/state-json.md)")
        if "first" in data:
            c.fail("first", "the Tyrant holds the First Player marker in Solo Mode (p. ~21) ; "
                            "leave \"first\" out")
        c.keys("tyrant", data["tyrant"], set(), TYRANT_KEYS)
    elif "tyrant" in data:
        c.fail("tyrant", "only a Solo position has the Tyrant ; add \"mode\": \"solo\"")
    elif not 2 <= len(players) <= L.MAX_PLAYERS:
        c.fail("players", f"{len(players)} players listed ; Pillars of Heracles plays with "
                          f"2..{L.MAX_PLAYERS}")
    seated = [{"name": "Tyrant", **data["tyrant"]}, *players] if solo else players
    s = np.zeros(L.STATE_SIZE, np.int32)
    clear(s, side, len(seated))
    if solo:
        s[L.ADDONS] = L.ADDON_SOLO
    s[L.FIRST] = c.int_("first", data.get("first", 0), 0, len(players) - 1)
    board = _Board(content, side)
    _regions(c, data, board, s)
    _population(c, data.get("population", {}), board, s)
    owners: dict[str, dict] = {"prophecies": {}, "monuments": {}}
    out, end_ships = [], {}
    for seat, pl in enumerate(seated):
        tyrant = solo and seat == L.TYRANT
        w = "tyrant" if tyrant else f"players[{seat - solo}]"
        if not tyrant:
            c.keys(w, pl, set(), PLAYER_KEYS)
        out.append({"seat": seat, "name": c.str_(f"{w}.name", pl.get("name", f"P{seat}"))})
        deck = ((L.SOLO_RES_DECK, L.SOLO_RES_N) if tyrant
                else (L.DECK + seat * L.MAX_PILE, L.DECK_N + seat))
        _cards(c, w, pl, content, s, seat, owners, *deck)
        _pieces(c, w, pl, board, s, seat)
        _tracks(c, w, pl, s, seat, len(seated))
        if tyrant:
            _tyrant(c, w, pl, content, s)
        else:
            end_ships.update(_end_ships(c, w, pl, board, s, seat))
    return s, _script(s, content.tables, board, end_ships), out


def _tyrant(c: Checker, w: str, pl: dict, content: Content, s: np.ndarray) -> None:
    """What only the Tyrant scores (p. ~31): the Mythology cards in the stack beside his
    board and his unbuilt City tiles above it."""
    names = content.names["mythology"]
    for i, name in enumerate(c.list_(f"{w}.mythology", pl.get("mythology", []))):
        where = f"{w}.mythology[{i}]"
        c.word(where, name, names)
        free = [r for r, n in enumerate(names) if n == name and s[L.SOLO_MYTH + r] == 0]
        if not free:
            c.fail(where, f"every {name} card is already listed ; the content has "
                          f"{names.count(name)}")
        s[L.SOLO_MYTH + free[0]] = 1
    s[L.CITIES_ASIDE + L.TYRANT] = c.int_(f"{w}.cities_aside", pl.get("cities_aside", 0), 0,
                                          int(content.tables.setup[S_COMMON_CITIES]))


def _regions(c: Checker, data: dict, board: _Board, s: np.ndarray) -> None:
    """Each Region's Track tile (step 4) and the Forbidden Domains (step 17)."""
    tracks = c.keys("region_tracks", data["region_tracks"], set(board.regions), set())
    seen: dict[str, str] = {}
    for region, name in tracks.items():
        track = c.word(f"region_tracks.{region}", name, TRACKS)
        if track in seen:
            c.fail(f"region_tracks.{region}", f"{track} is already the track of {seen[track]} ; "
                                              "each Region has its own Track tile")
        seen[track] = region
        s[L.REGION_TRACK + board.regions.index(region)] = TRACKS.index(track)
    for i, name in enumerate(c.list_("forbidden_domains", data.get("forbidden_domains", []))):
        region = board.regions.index(c.word(f"forbidden_domains[{i}]", name, board.regions))
        board.blocked.add(region)
        s[L.REGION_BLOCKED + region] = 1


def _population(c: Checker, tiles: Any, board: _Board, s: np.ndarray) -> None:
    """A Population tile per Land given: its Power face up, or face down (nobody Controls
    a Region while one is, p. 6). Each is a tile of the content with the Land's icon."""
    if not isinstance(tiles, dict):
        c.fail("population", "expected an object such as {\"thessalia\": 3} ; see "
                             "docs/state-json.md")
    used: set[int] = set()
    for name, power in tiles.items():
        where = f"population.{name}"
        land = board.land(c, where, name)
        icon = int(board.T.land_icon[board.side, land])
        if power != FACE_DOWN:
            c.int_(where, power, 1, 12)
        fits = [t for t in range(board.T.population.shape[0]) if t not in used
                and board.T.population[t, 0] == icon
                and (power == FACE_DOWN or board.T.population[t, 1] == power)]
        if not fits:
            powers = sorted({int(p) for i, p in board.T.population[:, :2] if i == icon})
            c.fail(where, f"no {ICONS[icon]} Population tile of Power {power} is left ; the "
                          f"{ICONS[icon]} tiles have Powers {powers}, or write \"{FACE_DOWN}\"")
        used.add(fits[0])
        s[L.LAND_POP + land] = fits[0]
        s[L.LAND_POP_UP + land] = int(power != FACE_DOWN)


def _cards(c: Checker, w: str, pl: dict, content: Content, s: np.ndarray, seat: int,
           owners: dict[str, dict], deck: int, deck_n: int) -> None:
    """Fulfilled Prophecies by number, and Monuments by name in the deck whose cards start
    at state word ``deck``, counted at ``deck_n`` (a player's draw pile; the Tyrant's
    Resource deck)."""
    T = content.tables
    numbers = [int(n) for n in T.prophecies[:, P_NUMBER]]
    for i, number in enumerate(c.list_(f"{w}.prophecies", pl.get("prophecies", []))):
        where = f"{w}.prophecies[{i}]"
        c.int_(where, number, 1, max(numbers))
        if number in owners["prophecies"]:
            c.fail(where, f"Prophecy {number} is already {owners['prophecies'][number]}'s ; "
                          "each card has one owner")
        owners["prophecies"][number] = w
        s[L.PROPHECY_OWNER + numbers.index(number)] = seat
    monuments = [n for n, kind in zip(content.names["cards"], T.cards[:, C_KIND], strict=True)
                 if kind == L.KIND_MONUMENT]
    held = c.list_(f"{w}.monuments", pl.get("monuments", []))
    for i, name in enumerate(held):
        where = f"{w}.monuments[{i}]"
        c.word(where, name, monuments)
        if name in owners["monuments"]:
            c.fail(where, f"{name} is already in {owners['monuments'][name]}'s deck ; each "
                          "card has one owner")
        owners["monuments"][name] = w
        s[deck + i] = content.names["cards"].index(name)
    s[deck_n] = len(held)


def _pieces(c: Checker, w: str, pl: dict, board: _Board, s: np.ndarray, seat: int) -> None:
    """Cities, Pillars, Buildings, Hoplites, Workers and Ships on the board."""
    have = dict(zip(PIECES, (int(n) for n in board.T.pieces), strict=True))
    for i, name in enumerate(c.list_(f"{w}.cities", pl.get("cities", []))):
        land = board.land(c, f"{w}.cities[{i}]", name)
        if s[L.LAND_CITY + land] >= 0:
            c.fail(f"{w}.cities[{i}]", f"{name} already holds a City ; a Land holds one")
        s[L.LAND_CITY + land] = L.CITY_COMMON  # under the seat's marker: it Controls it
        s[L.LAND_CITY_MARKER + land] = seat
    pillars = c.list_(f"{w}.pillars", pl.get("pillars", []))
    if len(pillars) > have["pillars"]:
        c.fail(f"{w}.pillars", f"{len(pillars)} Pillars ; a colour has {have['pillars']}")
    for i, name in enumerate(pillars):
        land = board.land(c, f"{w}.pillars[{i}]", name)
        if s[L.LAND_PILLAR + land] >= 0:
            c.fail(f"{w}.pillars[{i}]", f"{name} already has a Pillar ; a Land holds one (p. ~11)")
        s[L.LAND_PILLAR + land] = seat
    buildings = pl.get("buildings", {})
    if not isinstance(buildings, dict):
        c.fail(f"{w}.buildings", "expected an object such as {\"attika\": \"citadel\"} ; see "
                                 "docs/state-json.md")
    for name, kind in buildings.items():
        where = f"{w}.buildings.{name}"
        land = board.land(c, where, name)
        s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] = BUILDINGS.index(
            c.word(where, kind, BUILDINGS))
    for kind in BUILDINGS:
        built = list(buildings.values()).count(kind)
        if built > have[kind + "s"]:
            c.fail(f"{w}.buildings", f"{built} {kind}s ; a colour has {have[kind + 's']}")
    for unit, field in (("hoplites", L.LAND_HOPLITES), ("workers", L.LAND_WORKERS)):
        placed = c.counts(f"{w}.{unit}", pl.get(unit, {}), board.lands, have[unit])
        if sum(placed.values()) > have[unit]:
            c.fail(f"{w}.{unit}", f"{sum(placed.values())} {unit} ; a colour has {have[unit]}")
        for name, n in placed.items():
            s[field + board.land(c, f"{w}.{unit}.{name}", name) * L.MAX_PLAYERS + seat] = n
    ships = c.list_(f"{w}.ships", pl.get("ships", []))
    most = min(have["ships"], L.MAX_SHIPS)
    if len(ships) > most:
        c.fail(f"{w}.ships", f"{len(ships)} Ships ; a colour has {most}")
    for k, place in enumerate(ships):
        s[L.SHIP_SPACE + seat * L.MAX_SHIPS + k] = _ship_space(c, f"{w}.ships[{k}]", place, board)


def _ship_space(c: Checker, where: str, place: Any, board: _Board) -> int:
    """A Sea by its number, or a Land's Port by the Land's name."""
    if isinstance(place, str):
        land = board.land(c, where, place)
        if board.T.land_port[board.side, land] < 0:
            c.fail(where, f"{place} has no Port ; give the Sea's number instead")
        return L.PORT + land
    return c.int_(where, place, 1, board.seas) - 1


def _tracks(c: Checker, w: str, pl: dict, s: np.ndarray, seat: int, n_players: int) -> None:
    """Steps 0..5 on each track, and the marker's place in a stack on one step (by default
    its seat: the first seat at the bottom); a higher marker is ahead (p. 6)."""
    steps = c.counts(f"{w}.tracks", pl.get("tracks", {}), TRACKS, 5)
    heights = c.counts(f"{w}.track_heights", pl.get("track_heights", {}), TRACKS, n_players - 1)
    for t, track in enumerate(TRACKS):
        k = seat * L.N_TRACKS + t
        s[L.TRACK_STEP + k] = steps.get(track, 0)
        s[L.TRACK_HEIGHT + k] = heights.get(track, seat)
        for other in range(seat):
            j = other * L.N_TRACKS + t
            if (s[L.TRACK_STEP + j], s[L.TRACK_HEIGHT + j]) == (s[L.TRACK_STEP + k],
                                                                s[L.TRACK_HEIGHT + k]):
                c.fail(f"{w}.track_heights.{track}", f"players[{other}] has the same place in the "
                       f"stack on step {s[L.TRACK_STEP + k]} ; give each marker its own height")


def _end_ships(c: Checker, w: str, pl: dict, board: _Board, s: np.ndarray,
               seat: int) -> dict[tuple[int, int], int]:
    """(region, seat) -> pair(Ship piece, Land): the Ships the player puts on a Land of a
    Region before it is scored, from a Sea next to that Land (p. 13)."""
    out: dict[tuple[int, int], int] = {}
    used: set[int] = set()
    for i, ship in enumerate(c.list_(f"{w}.end_ships", pl.get("end_ships", []))):
        where = f"{w}.end_ships[{i}]"
        c.keys(where, ship, END_SHIP_KEYS, set())
        sea = c.int_(f"{where}.sea", ship["sea"], 1, board.seas) - 1
        land = board.land(c, f"{where}.land", ship["land"])
        pieces = [p for p in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS)
                  if s[L.SHIP_SPACE + p] == sea and p not in used]
        if not pieces:
            c.fail(f"{where}.sea", f"no Ship of the player left in Sea {sea + 1} ; list it "
                                   "in ships first")
        if board.T.land_sea[board.side, land, sea] == 0:
            c.fail(f"{where}.land", f"{ship['land']} does not touch Sea {sea + 1} ; an End Ship "
                                    "goes onto a Land next to its Sea")
        region = int(board.T.land_region[board.side, land])
        if (region, seat) in out:
            c.fail(where, f"a second End Ship for {board.regions[region]} ; one per Region "
                          "and player")
        used.add(pieces[0])
        out[(region, seat)] = pair(pieces[0], land)
    return out


def _script(s: np.ndarray, T, board: _Board, end_ships: dict[tuple[int, int], int]) -> np.ndarray:
    """The script policy for final scoring: at each open Region in scoring
    order, each seat from the First Player places its End Ship there or declines (-1);
    the Tyrant is not asked (p. ~31)."""
    n = s[L.N_PLAYERS]
    solo = s[L.ADDONS] & L.ADDON_SOLO != 0
    values = [end_ships.get((int(region), (s[L.FIRST] + k) % n), -1)
              for region in T.score_order[board.side] if int(region) not in board.blocked
              for k in range(n) if not (solo and (s[L.FIRST] + k) % n == L.TYRANT)]
    every_seat_plays(s, SCRIPTED)
    return script(values)


def score_state(data: Any, content: Content | None = None, fname: str = "state") -> dict:
    """Final scoring of a parsed JSON position: per player the Glory of each source, the
    total and the rank; who Controls each Region scored."""
    content = content if content is not None else load_content()
    s, W, players = build_state(data, content, fname)
    ev = _final_scoring(s, content, W, fname)
    regions = content.names[f"regions.{data['board']}"]
    return _result(s, players, {regions[row[3]]: players[row[4]]["name"] if row[4] >= 0 else None
                                for row in ev[:s[L.EVENTS]] if row[2] == EV_REGION_SCORE})


def _final_scoring(s: np.ndarray, content: Content, W: np.ndarray, fname: str) -> np.ndarray:
    """The engine's final scoring of ``s``, the End Ships placed by the script ``W``; its
    trace rows."""
    ev = np.zeros((MAX_EVENTS, EV_COLS), np.int32)
    final_scoring(s, content.tables, W, ev, np.zeros(L.MAX_PLAYERS, np.int32),
                  np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), np.zeros(N_STREAMS, np.uint64))
    if W[0, W_MODE] == SCRIPT_MISSED:
        raise StateError(f"{fname}: end_ships: a Ship was not offered where the file puts it "
                         "; check that its Sea touches the Land and the Land is open")
    return ev


def _result(s: np.ndarray, players: list[dict], regions: dict) -> dict:
    """Each player's Glory by source, total, track steps and rank in a scored state."""
    solo = s[L.ADDONS] & L.ADDON_SOLO != 0
    for p in players:
        seat = p["seat"]
        p["lines"] = {name: int(s[L.GLORY_SRC + seat * L.N_SOURCES + k])
                      for k, name in enumerate(L.GLORY_SOURCES)
                      if solo or name not in L.SOLO_SOURCES}
        p["glory"] = int(s[L.GLORY + seat])
        p["track_steps"] = int(s[L.TRACK_STEP + seat * L.N_TRACKS:][:L.N_TRACKS].sum())
        p["rank"] = int(rank_of(s, seat))
    return {"game": "pillars", "board": SIDES[s[L.SIDE]], "mode": "solo" if solo else "standard",
            "players": players, "regions": regions,
            "winners": [p["seat"] for p in players if s[L.WON + p["seat"]]]}


def score_whole(state: np.ndarray, content: Content) -> dict:
    """The scores of a whole state: a finished game's state (``game_over`` set, as the
    engine leaves it after final scoring) is read as it stands; any other state is scored
    as if the game ended now, on a copy, with no End Ship placed (where a player puts one
    is the player's choice: write the position by hand to place them). The Regions are
    named with who Controls each in the scored position."""
    s = state.copy()
    if s[L.GAME_OVER] == 0:
        board = _Board(content, int(s[L.SIDE]))
        board.blocked = {r for r in range(L.N_REGIONS) if s[L.REGION_BLOCKED + r]}
        _final_scoring(s, content, _script(s, content.tables, board, {}), "state")
    solo = s[L.ADDONS] & L.ADDON_SOLO != 0
    players = [{"seat": seat, "name": "Tyrant" if solo and seat == L.TYRANT else f"P{seat}"}
               for seat in range(s[L.N_PLAYERS])]
    side = int(s[L.SIDE])
    powers = np.zeros(L.MAX_PLAYERS, np.int32)
    held = {int(region): int(region_controller(s, content.tables, region, powers))
            for region in content.tables.score_order[side] if s[L.REGION_BLOCKED + region] == 0}
    regions = content.names[f"regions.{SIDES[side]}"]
    return _result(s, players, {regions[r]: players[w]["name"] if w >= 0 else None
                                for r, w in held.items()})


def score_file(path: Path, content_path: Path | None = None) -> dict:
    """Read, validate and score a JSON file, a whole state or a position written by hand
    (``content_path``: another content file)."""
    return score_json_file(path, content_path, load_content, state_from_json, score_whole, score_state)


def format_table(result: dict) -> str:
    """The players' lines (sim.games.state_json.format_table), then each Region's holder."""
    held = ", ".join(f"{region} {name or 'nobody'}" for region, name in result["regions"].items())
    return score_table(result) + f"regions: {held}\n"
