"""Load, validate, hash and compile the Pillars of Heracles content file.

``scenarios/pillars/content.toml`` holds both board sides, the tracks, the Player board
and every card and tile in words. This module lays a studio's file over it and applies
overrides (sim.games.content_files, by the sections of ``SCHEMA``), checks it (one-line
``ContentError`` naming file, item, field and fix), hashes it and compiles it into int32
NumPy tables (``Tables``, packed into one record, ``Content.packed``, that the rules
kernels take): the map of each side as adjacency matrices indexed ``[side, space,
space]``, the cards and tiles as rows of integer codes. Plain NumPy only.

Indices: side 0 is the Mediterranean, 1 the Aegean (``SIDES``); Lands 0..17 in file order
per side, Seas by their printed number less one; codes are positions in the word tuples
below (``RESOURCES`` and so on).
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from sim.games import content_files as files
from sim.games.content_files import Checks, Section, show, suggest
from sim.games.content_files import ContentError as ContentError  # what a bad file raises
from sim.games.effect_ops import EffectRows
from sim.games.pillars import ops
from sim.shipped import content_file

DEFAULT_PATH = content_file("pillars")

SIDES = ("mediterranean", "aegean")
RESOURCES = ("wine", "marble", "gold", "iron", "wood")  # p. 7; WILD = 5 on the Titan track
WILD = len(RESOURCES)
ICONS = ("helmet", "cornucopia", "eagle")  # p. ~5, step 19
TRACKS = ("civilisation", "mercenary", "navigation", "olympian", "military", "titan")  # p. 2
REWARDS = ("card", "city", "demigod", "olympian", "titan", "hoplite", "hoplite_for_iron")
ABILITIES = ("none", "rondel_plus_one", "rondel_minus_one", "replenish_6", "replenish_7",
             "movements_3", "movements_4", "power_pillars", "power_hoplites",
             "power_workers", "power_ships")
CITY_STEPS = (3, 5)  # a Common City on steps 3 and 5 of every track (p. ~4, step 5)
RONDEL = ("procure", "deploy", "build", "settle", "ascend")  # p. 8
# when a City-state ability applies (p. 6): at the start of a Rondel action (the code of
# its RONDEL section), or in a Replenish Turn before its Energising (p. ~9)
TRIGGERS = (*RONDEL, "replenish")
TRIGGER_REPLENISH = TRIGGERS.index("replenish")
HERO_TRIGGERS = (*TRIGGERS, "none")  # a Hero tile may have no triggered ability (Odysseus)
# the Odysseus tokens' challenges (Legendary Heroes, p. 16): a Building, a Pillar, a
# Mythology card's ability, a Fulfilled Prophecy, a won Siege or Skirmish, a City
ODYSSEUS_CHALLENGES = ("building", "pillar", "mythology", "prophecy", "victory", "city")
UNITS = ("ship", "worker", "hoplite")  # Deploy row, left to right (step 8)
BUILDINGS = ("temple", "agora", "citadel")  # Build row, left to right (step 8)
CARD_KINDS = ("starting", "character", "monument", "egypt")  # p. 2
# The Siege of Destiny's sides (p. ~18): the Trojan Alliance and the Achaean League.
DESTINY_TEAMS = ("trojan", "achaean")
# What its cards are, as CARD_KINDS words: five Characters, one into each side's starting
# deck, and the Trojan Horse, a Monument (p. ~18).
DESTINY_CARD_KINDS = ("character", "monument")
DECKS = ("demigod", "titan", "olympian")  # p. 2
POPULATION_REWARDS = ("wild", "demigod", "olympian", "titan", "card", "camp")  # p. ~11
# Barbarian tiles (Appendix 4, p. 15): Cavalry (a), Infantry (b), Ships (c), and the moves
# each kind makes when the Barbarians act
BARBARIAN_KINDS = ("cavalry", "infantry", "ship")
BARBARIAN_MOVES = (2, 1, 1)
QUESTS = ("pillars", "building", "buildings", "units", "port_ships", "pillar_without_city",
          "cities", "deck_cards", "energised", "exile", "mythology", "control_all",
          "control_rival_city", "strategy_tiles")  # Appendix 1, p. ~14
# what a quest names (None: nothing) and whether it takes a count, with the most a
# Region allows (3 Land spaces with one Pillar and one own Building each; 3 Mythology slots)
QUEST_PIECES = {"building": BUILDINGS, "units": ("workers", "hoplites"),
                "deck_cards": ("monument", "character"), "exile": ("monument", "character"),
                "mythology": ("olympian", "titan")}
QUEST_MAX_COUNT = {"pillars": 3, "buildings": 3, "units": 12, "port_ships": 3, "cities": 3,
                   "deck_cards": 20, "energised": 3, "mythology": 3, "strategy_tiles": 6}
PIECES = ("pillars", "citadels", "agoras", "temples", "hoplites", "workers", "ships",
          "markers")
START_PIECES = ("hoplites", "workers", "ships", "pillars")
STRATEGY = ("archery_mastery", "architects_of_prosperity", "council_of_elders",
            "divine_ascent", "fortifications", "carpenters_guild", "blacksmiths_guild",
            "coiners_guild", "vintners_guild", "sculptors_guild", "heroic_epic", "library",
            "lighthouse", "naval_dominance", "olympic_games", "phalanx_formation",
            "polis_expansion", "siege_weapons", "strategic_initiative",
            "tactical_manoeuvre")  # Appendix 2, p. ~14
N_REGIONS = 6  # one per track (p. 2)
LANDS_PER_REGION = 3  # p. 2
BOARD_LANDS = N_REGIONS * LANDS_PER_REGION
# Atlantis (Appendix 4, p. 15) is a Land in a Sea: one slot past the board's Lands for the
# Sea it takes at 3-4 players, one for the Sea it takes at 2 (each Sea has its own borders)
ATLANTIS_SLOTS = 2
ATLANTIS_NAMES = ("atlantis", "atlantis_east")  # the slots' Land names
N_LANDS = BOARD_LANDS + ATLANTIS_SLOTS
MAX_SEAS = 30
# Ability rows are padded to a multiple of this (EffectRows.table): an override or studio
# file whose abilities add a row keeps the packed tables' type and their compiled kernels.
FX_ROWS_STEP = 64
MAX_PLAYERS = 4
STACKS_PER_TYPE, TILES_PER_STACK = 2, 3  # step 6

# Columns of the compiled card and tile tables.
# C_DESTINY: 1 for a card of the Siege of Destiny, out of the game in every other mode.
C_KIND, C_POWER, C_RES_A, C_RES_B, C_EITHER, C_THREE_PLAYER, C_GLORY, C_DESTINY = range(8)
# Columns of Tables.destiny: a City-state tile, DESTINY_TEAMS code, Hero tile, Character
# card row, fewest players it is played with (p. ~18).
DS_CITY_STATE, DS_TEAM, DS_HERO, DS_CHARACTER, DS_PLAYERS = range(5)
# Entries of Tables.destiny_rules: Time markers at 2, 3, 4 players (the start and the
# most), then the Glory an Exile for a Time marker needs.
DR_TIME, DR_EXILE_GLORY = 0, 3
# Columns of Tables.solo_tiles (Solo Mode, p. ~21), -1 for a tile with no Solo Player aid:
# its two preferred Resources, its three Land icons most preferred first, the Starting
# card rows its Basic deck loses and the ones it gains (SOLO_DECK_CHANGE of each).
SOLO_DECK_CHANGE = 2
ST_RESOURCES, ST_ICONS = 0, 2
ST_REMOVE, ST_ADD = 5, 5 + SOLO_DECK_CHANGE
ST_WIDTH = ST_ADD + SOLO_DECK_CHANGE
# Entries of Tables.solo_rules: the option (0-4) of each Rondel action's list an Active
# card of each Resource picks (by RESOURCES code), the Hoplites a Settle brings by the
# Land's icon (by ICONS code), the Preferred Unit chart (UNITS codes, first preferred first).
SR_OPTION, SR_SETTLE_HOPLITES = 0, len(RESOURCES)
SR_PREFERRED = SR_SETTLE_HOPLITES + len(ICONS)
SR_WIDTH = SR_PREFERRED + len(UNITS)
# What Solo setup gives the Tyrant for some City-state faces (p. ~21): a Strategy tile of
# that effect, his second Temple on his starting Land, his other markers on step 1.
SOLO_SPECIALS = ("none", "strategic_initiative", "phalanx_formation", "second_temple",
                 "markers_to_step_1")
# Kinds of Tables.solo_out rows: a card out of the game, a Mythology card out of the game,
# a card whose alternative ability is not used (p. ~21, p. 31).
SOLO_OUT_CARD, SOLO_OUT_MYTHOLOGY, SOLO_FIRST_ONLY = range(3)
P_NUMBER, P_ERA, P_QUEST, P_PIECE, P_COUNT, P_GLORY = range(6)
S_HANDS = 0  # setup[0:4] hand sizes by seat, then:
S_EXTRA_CITY_STATES, S_BLOCKED = 4, 5  # setup[5:8] Regions blocked at 2, 3, 4 players
S_REPLENISH, S_MYTHOLOGY_SLOTS, S_MAX_MYTHOLOGY, S_COMMON_CITIES = 8, 9, 10, 11

# the words of an ability step's arguments by kind (ops.OP_TABLE), coded by position
ABILITY_WORDS = {"resource": RESOURCES, "track": TRACKS, "unit": UNITS, "building": BUILDINGS,
                 "deck": DECKS, **ops.ARG_WORDS}
_CARD_SECTIONS = ("characters", "monuments", "kingdom_of_egypt")  # CARD_KINDS[1:]


def _deck(title: str, card: str, fields: tuple[str, ...]) -> Section:
    """A section of cards whose abilities are flagged as a whole."""
    return Section(title, ("abilities", "cards"), listed=False,
                   lists={"cards": Section(card, fields, key="name")})


_CARD = ("name", "power", "resources", "source", "ability", "ability_or", "ability_source")
# The file's sections as a studio's file and an override address them
# (sim.games.content_files): a named list inside a section ("cards", "tiles", a board's
# "lands") is laid over and overridden item by item, e.g. characters.cards.oracle.power.
SCHEMA = {
    "components": Section("Components", (
        "source", "player_colours", "city_state_tiles", "starting_cities", "common_cities",
        "track_tiles", "resource_tiles", "population_tiles", "strategy_tiles", "prophecies",
        "barbarian_tiles", "hero_tiles", "odysseus_tokens", "destiny_cards", "time_markers",
        "forbidden_domains", "starting_cards_per_colour", "characters", "monuments",
        "kingdom_of_egypt", "demigods", "titans", "olympians", "pieces"), listed=False),
    "setup": Section("Setup", ("source", "hand_sizes", "extra_city_states", "blocked_regions",
                               "start_on_board", "replenish_size", "mythology_slots",
                               "max_mythology"), listed=False),
    "rondel": Section("Rondel", ("source", "sections", "start"), listed=False),
    "boards": Section("Board", ("side", "source", "score_order", "block_order", "whirlwind",
                                "bridges", "regions", "lands", "seas", "atlantis"), key="side",
                      lists={
        "regions": Section("Region", ("name", "source"), key="name"),
        "lands": Section("Land", ("name", "region", "icon", "seas", "neighbours", "source",
                                  "port"), key="name"),
        "seas": Section("Sea", ("number", "lands", "neighbours", "source", "name"),
                        key="number")}),
    "tracks": Section("Track", ("name", "resource", "icon", "steps", "source"), key="name"),
    "player_board": Section("Player board", ("source", "deploy_rows", "build_rows",
                                             "settle_rows", "strategy_types"), listed=False),
    "starting_cards": Section("Starting cards", ("cards",), listed=False, lists={
        "cards": Section("Starting card", ("name", "resources", "powers", "source"), key="name")}),
    "city_states": Section("City-states", ("abilities", "tiles"), listed=False, lists={
        "tiles": Section("City-state", ("name", *SIDES, "source", "solo", "trigger", "ability",
                                        "ability_source"), key="name")}),
    "population": Section("Population tiles", ("source", "tiles"), listed=False),
    "barbarians": Section("Barbarian tiles", ("source", "tiles"), listed=False),
    "heroes": Section("Hero tiles", ("abilities", "odysseus", "odysseus_source", "tiles"),
                      listed=False, lists={
        "tiles": Section("Hero tile", ("name", "power", "tokens", "trigger", "ability",
                                       "ability_source", "source"), key="name")}),
    "resource_tiles": Section("Resource tiles", ("source", "tiles"), listed=False, lists={
        "tiles": Section("Resource tile", ("resource", "starting", "other"), key="resource")}),
    "prophecies": Section("Prophecies", ("source", "cards"), listed=False, lists={
        "cards": Section("Prophecy", ("number", "era", "quest", "piece", "count", "glory"),
                         key="number")}),
    "strategy": Section("Strategy tiles", ("source", "tiles"), listed=False, lists={
        "tiles": Section("Strategy tile", ("name", "type", "copies", "resource"), key="name")}),
    "characters": _deck("Characters", "Character", (*_CARD, "either", "three_player")),
    "monuments": _deck("Monuments", "Monument", (*_CARD, "glory", "either")),
    "kingdom_of_egypt": _deck("Kingdom of Egypt", "Kingdom of Egypt card", (*_CARD, "either")),
    "siege_of_destiny": Section("The Siege of Destiny", (
        "source", "time_markers", "time_markers_source", "exile_glory", "sides",
        "abilities", "cards"), listed=False, lists={
        "sides": Section("Siege of Destiny side", ("city_state", "team", "hero", "character",
                                                   "players", "source"), key="city_state"),
        "cards": Section("Siege of Destiny card", (*_CARD, "kind", "glory", "either"),
                         key="name")}),
    "mythology": _deck("Mythology", "Mythology card", ("name", "deck", "wine", "source", "copies",
                                                       "ability", "ability_source")),
    "solo": Section("Solo Mode", ("source", "removed", "setup_specials", "first_ability_only",
                                  "criteria_order", "criteria_source",
                                  "settle_hoplites", "settle_source", "preferred_units",
                                  "preferred_source"), listed=False),
}
_BOARD = SCHEMA["boards"]


class Tables(NamedTuple):
    """Compiled content, all int32. ``s`` is the board side, ``L`` a Land, ``S`` a Sea."""

    n_seas: np.ndarray          # [s] Seas on that side (rows past it are padding)
    land_region: np.ndarray     # [s, L] Region of each Land
    land_icon: np.ndarray       # [s, L] ICONS code
    land_port: np.ndarray       # [s, L] Sea of the Land's Port, -1 without a Port
    land_land: np.ndarray       # [s, L, L] 1 when two Lands share a border
    bridge: np.ndarray          # [s, L, L] 1 when a bridge joins two Lands (Land Units, p. 9)
    land_sea: np.ndarray        # [s, L, S] 1 when a Land touches a Sea
    sea_sea: np.ndarray         # [s, S, S] 1 when two Seas share a border
    whirlwind: np.ndarray       # [s, S, S] 1 for the Black Sea / Fortunate Isles pair (p. 9)
    land_steps: np.ndarray      # [s, L, L] fewest crossings from Land to Land (a border, a
                                # bridge or a Sea both touch), FAR when none (Solo Relocation)
    sea_steps: np.ndarray       # [s, S, S] fewest crossings from Sea to Sea, FAR when none
    atlantis: np.ndarray        # [s, slot] Sea of the Atlantis tile at 3-4 and at 2 players, -1
    region_lands: np.ndarray    # [s, region, icon] the Land of that icon in the Region
    score_order: np.ndarray     # [s, 6] Regions from the top-left, clockwise (p. 13)
    block_order: np.ndarray     # [s, k] Regions to block, most preferred first (step 17)
    city_start: np.ndarray      # [s, tile] starting Land of each City-state tile
    city_ability: np.ndarray    # [tile, 2] fx row of its ability, TRIGGERS code (p. 6)
    memphis: np.ndarray         # [s] the Memphis tile on that side, or -1 (step 11)
    tracks: np.ndarray          # [track, 2] Resource (WILD for Titan), icon
    track_steps: np.ndarray     # [track, step 1..5 as 0..4, 2] REWARDS, ABILITIES codes
    ability_step: np.ndarray    # [ABILITIES, track] first step granting it there, 6 if none
    rondel: np.ndarray          # [section] RONDEL code clockwise, starting section first
    deploy_cost: np.ndarray     # [row, UNITS, resource] Resources under each Unit
    build_cost: np.ndarray      # [row, BUILDINGS, resource] Resources under each Building
    settle_rows: np.ndarray     # [row] Pillars per Settle row
    strategy_types: np.ndarray  # [section] ICONS code an emptied Deploy, Build, Settle row gains
    cards: np.ndarray           # [card, 8] C_* columns; the 10 Starting cards come first,
                                # the Siege of Destiny's last
    card_ability: np.ndarray    # [card, 2] fx rows of its ability and of its alternative, 0 none
    mythology: np.ndarray       # [card, 2] DECKS code, Wine to Energise
    myth_ability: np.ndarray    # [card, 2] fx row of its ability, 1 when usable on another's turn
    fx: np.ndarray              # [row, ops.FX_WIDTH] ability rows (ops.py), row 0 empty
    population: np.ndarray      # [tile, 3] icon, Power, POPULATION_REWARDS code
    barbarians: np.ndarray      # [tile, 2] BARBARIAN_KINDS code, Power (Appendix 4)
    heroes: np.ndarray          # [tile, 4] base Power, 1 when tokens add Power, fx row of its
                                # ability, HERO_TRIGGERS code (Legendary Heroes, p. 16)
    odysseus: np.ndarray        # [token] ODYSSEUS_CHALLENGES code (p. 16)
    destiny: np.ndarray         # [side, 5] DS_* columns (the Siege of Destiny, p. ~18)
    destiny_rules: np.ndarray   # [4] DR_* entries
    solo_tiles: np.ndarray      # [tile, ST_WIDTH] ST_* columns (Solo Mode, p. ~21)
    solo_rules: np.ndarray      # [SR_WIDTH] SR_* entries
    solo_out: np.ndarray        # [k, 2] SOLO_OUT_* kind and a card or Mythology card row
    solo_special: np.ndarray    # [s, tile] SOLO_SPECIALS code of the Tyrant's setup gift
    resource_tiles: np.ndarray  # [tile, 2] Resource, 1 for a Starting Resource tile
    prophecies: np.ndarray      # [card, 6] P_* columns (piece -1 when none, count 0)
    strategy: np.ndarray        # [tile, 3] type (ICONS code), STRATEGY code, Guild Resource or -1
    setup: np.ndarray           # [12] S_* entries
    pieces: np.ndarray          # [PIECES] pieces of each kind in one colour (p. 3)
    start_pieces: np.ndarray    # [START_PIECES] pieces each colour puts on its starting Land (step 12)


class Content(files.LoadedContent):
    """Pillars' content: ``names`` by index ("lands.aegean", "cards", ...); ``tables`` as
    kernels read them, ``T.cards[c, C_POWER]`` (fields as in ``Tables``)."""


def load_content(path: Path | None = None, overrides: dict[str, object] | None = None,
                 studio: Path | None = None) -> Content:
    """Read ``path`` (default: the shipped content file), lay the ``studio`` file over it
    (sim.games.content_files.layer), apply ``overrides`` (dotted keys such as
    ``characters.cards.oracle.power``, see ``sim.games.content_files.set_value``),
    validate, hash and compile."""
    data, fname, studio_file = files.read_content(DEFAULT_PATH, SCHEMA, path, studio)
    for key, value in (overrides or {}).items():
        files.set_value(data, key, value, SCHEMA, fname)
    tables, names = _Compiler(fname).compile(data)
    return Content(packed=files.pack(tables), names=names, content_hash=files.content_hash(data),
                   assumed_share=files.assumed_share(_sources(data)), data=data,
                   studio=studio_file)


def _arr(rows) -> np.ndarray:
    return np.ascontiguousarray(np.array(rows, dtype=np.int32))


class _Compiler(Checks):
    """Validates each section as it compiles it; the first problem raises."""

    def item(self, where: str, obj: Any, section: Section, optional=()) -> dict:
        """A table of ``section``'s fields (SCHEMA); those in ``optional`` may be left out."""
        return self.table(where, obj, tuple(f for f in section.fields if f not in optional),
                          tuple(f for f in section.fields if f in optional))

    def count(self, where: str, got: int, want: int, what: str) -> None:
        if got != want:
            self.fail(where, f"{got} {what}, but components says {want}; make them agree")

    def resources(self, where: str, v: Any, lo: int, hi: int) -> list[int]:
        return [self.code(f"{where}[{i}]", r, RESOURCES)
                for i, r in enumerate(self.list_(where, v, lo, hi))]

    def sourced(self, section: str, obj: Any, key: str, counted: str = "") -> list:
        """The list ``key`` of a section that carries one ``source``; its length checked
        against ``components.<counted>`` when that is given."""
        self.item(section, obj, SCHEMA[section])
        self.source(f"{section}.source", obj["source"])
        items = self.list_(f"{section}.{key}", obj[key], 1)
        if counted:
            self.count(f"{section}.{key}", len(items), self.comp[counted], key)
        return items

    # ---- sections --------------------------------------------------------------------

    def compile(self, data: Any) -> tuple[Tables, dict[str, tuple[str, ...]]]:
        self.table("", data, tuple(SCHEMA))
        self.fx = EffectRows(ops.MAX_STEPS, 3)
        self.components(data["components"])
        names: dict[str, tuple[str, ...]] = {}
        setup = self.setup(data["setup"])
        boards = self.boards(data["boards"], names)
        steps, tracks = self.tracks(data["tracks"])
        deploy, build, settle = self.player_board(data["player_board"], steps)
        cards = self.cards(data, names)
        city_start = self.city_states(data["city_states"], data["boards"], names)
        mythology = self.mythology(data["mythology"], names)
        # the Memphis tile brings the Egypt cards on either side, as its ability is about
        # them and its Aegean face is assumed (decision 29, docs/rules/pillars.md)
        tile = names["city_states"].index("memphis") if "memphis" in names["city_states"] else -1
        memphis = [tile for _ in SIDES]
        return Tables(
            **boards, city_start=_arr(city_start), city_ability=_arr(self.city_abilities),
            memphis=_arr(memphis), tracks=_arr(tracks),
            track_steps=_arr(steps), ability_step=_arr(_ability_steps(steps)),
            rondel=_arr(self.rondel(data["rondel"])),
            deploy_cost=_arr(deploy), build_cost=_arr(build), settle_rows=_arr(settle),
            strategy_types=_arr(self.strategy_types),
            cards=_arr(cards), card_ability=_arr(self.card_abilities),
            mythology=_arr(mythology), **self.solo(data["solo"], names),
            myth_ability=_arr(self.myth_abilities), fx=self.fx.table(FX_ROWS_STEP),
            population=_arr(self.population(data["population"], data["boards"])),
            barbarians=_arr(self.barbarians(data["barbarians"])),
            **self.heroes(data["heroes"], names),
            **self.destiny(data["siege_of_destiny"], names),
            resource_tiles=_arr(self.resource_tiles(data["resource_tiles"])),
            prophecies=_arr(self.prophecies(data["prophecies"])),
            strategy=_arr(self.strategy(data["strategy"])), setup=_arr(setup),
            pieces=_arr([self.comp["pieces"][k] for k in PIECES]),
            start_pieces=_arr([self.start[k] for k in START_PIECES]),
        ), names

    def components(self, c: Any) -> None:
        keys = SCHEMA["components"].fields  # source, the counts, pieces
        self.item("components", c, SCHEMA["components"])
        self.source("components.source", c["source"])
        for k in keys[1:-1]:
            self.int_(f"components.{k}", c[k], 0, 100)
        self.int_("components.player_colours", c["player_colours"], MAX_PLAYERS, MAX_PLAYERS)
        self.int_("components.track_tiles", c["track_tiles"], N_REGIONS, N_REGIONS)
        self.table("components.pieces", c["pieces"], PIECES)
        for k in PIECES:
            self.int_(f"components.pieces.{k}", c["pieces"][k], 0, 30)
        self.comp = c

    def setup(self, s: Any) -> list[int]:
        self.item("setup", s, SCHEMA["setup"])
        self.source("setup.source", s["source"])
        hands = [self.int_(f"setup.hand_sizes[{i}]", h, 1, 10) for i, h in
                 enumerate(self.list_("setup.hand_sizes", s["hand_sizes"], MAX_PLAYERS, MAX_PLAYERS))]
        blocked = [self.int_(f"setup.blocked_regions[{i}]", b, 0, N_REGIONS - 2) for i, b in
                   enumerate(self.list_("setup.blocked_regions", s["blocked_regions"], 3, 3))]
        self.extra = extra = self.int_("setup.extra_city_states", s["extra_city_states"], 0, 8)
        if MAX_PLAYERS + extra > self.comp["city_state_tiles"]:
            self.fail("setup.extra_city_states", f"{MAX_PLAYERS} players would draw "
                      f"{MAX_PLAYERS + extra} of the {self.comp['city_state_tiles']} City-state tiles")
        self.table("setup.start_on_board", s["start_on_board"], START_PIECES)
        self.start = {k: self.int_(f"setup.start_on_board.{k}", s["start_on_board"][k], 0, 3)
                      for k in START_PIECES}
        slots = self.int_("setup.mythology_slots", s["mythology_slots"], 0, 5)
        most = self.int_("setup.max_mythology", s["max_mythology"], slots,
                         slots + self.comp["pieces"]["temples"])
        common = self.comp["common_cities"]
        if common < 2 * N_REGIONS + MAX_PLAYERS:
            self.fail("components.common_cities", f"{common} Common Cities cannot cover steps 3 "
                      f"and 5 of {N_REGIONS} tracks plus {MAX_PLAYERS} under Build (step 5)")
        self.max_blocked = max(blocked)
        return [*hands, extra, *blocked, self.int_("setup.replenish_size", s["replenish_size"], 1, 10),
                slots, most, common]

    def rondel(self, r: Any) -> list[int]:
        self.item("rondel", r, SCHEMA["rondel"])
        self.source("rondel.source", r["source"])
        sec = self.list_("rondel.sections", r["sections"], len(RONDEL), len(RONDEL))
        codes = [self.code(f"rondel.sections[{i}]", v, RONDEL) for i, v in enumerate(sec)]
        if len(set(codes)) != len(RONDEL):
            self.fail("rondel.sections", f"list each of {', '.join(RONDEL)} once")
        first = codes.index(self.code("rondel.start", r["start"], RONDEL))
        return codes[first:] + codes[:first]

    # ---- the map ---------------------------------------------------------------------

    def boards(self, boards: Any, names: dict) -> dict[str, np.ndarray]:
        self.list_("boards", boards, len(SIDES), len(SIDES))
        sides = [self.code(f"boards[{i}].side", self.item(f"boards[{i}]", b, _BOARD, ("atlantis",))["side"],
                           SIDES) for i, b in enumerate(boards)]
        if sorted(sides) != list(range(len(SIDES))):
            self.fail("boards", f"expected one board of each side: {', '.join(SIDES)}")
        maps = [self.board(b) for b in sorted(boards, key=lambda b: SIDES.index(b["side"]))]
        n_seas = max(m["n_seas"] for m in maps)
        out: dict[str, Any] = {"n_seas": _arr([m["n_seas"] for m in maps])}
        for key in ("land_region", "land_icon", "land_port", "land_land", "bridge",
                    "region_lands", "score_order", "block_order", "atlantis"):
            out[key] = _arr([m[key] for m in maps])
        for key, shape in (("land_sea", (N_LANDS, n_seas)), ("sea_sea", (n_seas, n_seas)),
                           ("whirlwind", (n_seas, n_seas))):
            padded = np.zeros((len(SIDES), *shape), np.int32)
            for s, m in enumerate(maps):
                rows, cols = m[key].shape
                padded[s, :rows, :cols] = m[key]
            out[key] = padded
        out["land_steps"] = _arr([_steps(m["land_land"] | m["bridge"]
                                         | ((m["land_sea"] @ m["land_sea"].T) > 0)) for m in maps])
        out["sea_steps"] = np.stack([_steps(out["sea_sea"][s] | out["whirlwind"][s])
                                     for s in range(len(SIDES))])
        for s, m in enumerate(maps):
            names[f"regions.{SIDES[s]}"] = tuple(m["regions"])
            names[f"lands.{SIDES[s]}"] = tuple(m["lands"])
        return out

    def board(self, b: dict) -> dict[str, Any]:
        side = b["side"]
        w = f"boards.{side}"
        self.source(f"{w}.source", b["source"])
        regions = self.list_(f"{w}.regions", b["regions"], N_REGIONS, N_REGIONS)
        region_names = self.names(f"{w}.regions", regions)
        for r in regions:
            self.item(f"{w}.regions.{r['name']}", r, _BOARD.lists["regions"])
            self.source(f"{w}.regions.{r['name']}.source", r["source"])
        lands = self.list_(f"{w}.lands", b["lands"], BOARD_LANDS, BOARD_LANDS)
        land_names = self.names(f"{w}.lands", lands)
        seas = self.list_(f"{w}.seas", b["seas"], 1, MAX_SEAS)
        n_seas = len(seas)
        for i, sea in enumerate(seas):
            self.item(f"{w}.seas[{i}]", sea, _BOARD.lists["seas"], ("name",))
            self.int_(f"{w}.seas[{i}].number", sea["number"], i + 1, i + 1)
            self.source(f"{w}.seas.{i + 1}.source", sea["source"])
            if "name" in sea and not (isinstance(sea["name"], str) and self.NAME.match(sea["name"])):
                self.fail(f"{w}.seas.{i + 1}.name", f"expected a lower-case word, got {show(sea['name'])}")

        def land(where: str, v: Any) -> int:
            return self.code(where, v, land_names)

        def sea_no(where: str, v: Any) -> int:
            return self.int_(where, v, 1, n_seas) - 1

        region, icon = [-1] * N_LANDS, [-1] * N_LANDS
        port = [-1] * N_LANDS
        land_land = np.zeros((N_LANDS, N_LANDS), np.int32)
        land_sea = np.zeros((N_LANDS, n_seas), np.int32)
        for i, ld in enumerate(lands):
            lw = f"{w}.lands.{ld['name']}"
            self.item(lw, ld, _BOARD.lists["lands"], ("port",))
            self.source(f"{lw}.source", ld["source"])
            region[i] = self.code(f"{lw}.region", ld["region"], region_names)
            icon[i] = self.code(f"{lw}.icon", ld["icon"], ICONS)
            for k, v in enumerate(self.list_(f"{lw}.seas", ld["seas"])):
                land_sea[i, sea_no(f"{lw}.seas[{k}]", v)] = 1
            for k, v in enumerate(self.list_(f"{lw}.neighbours", ld["neighbours"])):
                j = land(f"{lw}.neighbours[{k}]", v)
                if j == i:
                    self.fail(f"{lw}.neighbours[{k}]", "a Land is not its own neighbour; remove it")
                land_land[i, j] = 1
            if "port" in ld:
                p = sea_no(f"{lw}.port", ld["port"])
                touching = [s + 1 for s in np.flatnonzero(land_sea[i])]
                if not touching or p + 1 != touching[0]:
                    self.fail(f"{lw}.port", f"a Port sits in the lowest-numbered Sea its Land "
                              f"touches (Solo Ship placement, p. ~26); seas are {touching}")
                port[i] = p
        for i in range(BOARD_LANDS):
            for j in np.flatnonzero(land_land[i]):
                if not land_land[j, i]:
                    self.fail(f"{w}.lands.{land_names[j]}.neighbours", f"{land_names[i]} lists "
                              f"{land_names[j]} but not the other way; add {land_names[i]!r}")
        region_lands = np.full((N_REGIONS, len(ICONS)), -1, np.int32)
        for i in range(BOARD_LANDS):
            if region_lands[region[i], icon[i]] >= 0:
                self.fail(f"{w}.lands.{land_names[i]}.icon", f"Region {region_names[region[i]]} "
                          f"already has a {ICONS[icon[i]]} Land; each Region has one of each icon")
            region_lands[region[i], icon[i]] = i
        sea_sea = np.zeros((n_seas, n_seas), np.int32)
        for s, sea in enumerate(seas):
            sw = f"{w}.seas.{s + 1}"
            for k, v in enumerate(self.list_(f"{sw}.neighbours", sea["neighbours"])):
                t = sea_no(f"{sw}.neighbours[{k}]", v)
                if t == s:
                    self.fail(f"{sw}.neighbours[{k}]", "a Sea is not its own neighbour; remove it")
                sea_sea[s, t] = 1
            listed = {land(f"{sw}.lands[{k}]", v) for k, v in
                      enumerate(self.list_(f"{sw}.lands", sea["lands"]))}
            for i in range(BOARD_LANDS):
                if (i in listed) != bool(land_sea[i, s]):
                    where, other = ((f"{w}.lands.{land_names[i]}.seas", s + 1) if i in listed
                                    else (f"{sw}.lands", land_names[i]))
                    self.fail(where, f"Land {land_names[i]} and Sea {s + 1} list each other only "
                              f"one way; add {other!r}")
        for s in range(n_seas):
            for t in np.flatnonzero(sea_sea[s]):
                if not sea_sea[t, s]:
                    self.fail(f"{w}.seas.{t + 1}.neighbours", f"Sea {s + 1} lists Sea {t + 1} "
                              f"but not the other way; add {s + 1}")
        bridge = np.zeros((N_LANDS, N_LANDS), np.int32)
        for k, pair in enumerate(self.list_(f"{w}.bridges", b["bridges"])):
            a, c = (land(f"{w}.bridges[{k}][{e}]", v) for e, v in
                    enumerate(self.list_(f"{w}.bridges[{k}]", pair, 2, 2)))
            if a == c or land_land[a, c]:
                self.fail(f"{w}.bridges[{k}]", "a bridge joins two Lands that share no border")
            bridge[a, c] = bridge[c, a] = 1
        whirl = np.zeros((n_seas, n_seas), np.int32)
        pair = self.list_(f"{w}.whirlwind", b["whirlwind"], 0, 2)
        if len(pair) == 1:
            self.fail(f"{w}.whirlwind", "expected two Sea numbers or none")
        if pair:
            a, c = (sea_no(f"{w}.whirlwind[{k}]", v) for k, v in enumerate(pair))
            if a == c or sea_sea[a, c]:
                self.fail(f"{w}.whirlwind", "the whirlwind joins two Seas that share no border")
            whirl[a, c] = whirl[c, a] = 1
        score = self.order(f"{w}.score_order", b["score_order"], region_names, N_REGIONS)
        block = self.order(f"{w}.block_order", b["block_order"], region_names, self.max_blocked, N_REGIONS)
        self.connected(w, land_names, (land_land | bridge)[:BOARD_LANDS, :BOARD_LANDS],
                       land_sea[:BOARD_LANDS], sea_sea | whirl)
        atlantis = self.atlantis(w, b.get("atlantis"), n_seas, land_sea, sea_sea, land_land)
        return {"n_seas": n_seas, "land_region": region, "land_icon": icon, "land_port": port,
                "land_land": land_land, "bridge": bridge, "land_sea": land_sea, "sea_sea": sea_sea,
                "whirlwind": whirl, "region_lands": region_lands, "score_order": score,
                "block_order": block + [-1] * (N_REGIONS - len(block)), "regions": region_names,
                "lands": land_names + list(ATLANTIS_NAMES), "atlantis": atlantis}

    def atlantis(self, w: str, a: Any, n_seas: int, land_sea, sea_sea, land_land) -> list[int]:
        """The Seas of the Atlantis tile (p. 15), and its slots' borders: a slot's Land
        touches its Sea and the Seas next to it, and borders the Lands on its Sea. A side
        without one leaves the slots apart from the map."""
        if a is None:
            return [-1] * ATLANTIS_SLOTS
        aw = f"{w}.atlantis"
        self.table(aw, a, ("seas", "source"))
        self.source(f"{aw}.source", a["source"])
        seas = [self.int_(f"{aw}.seas[{k}]", v, 1, n_seas) - 1
                for k, v in enumerate(self.list_(f"{aw}.seas", a["seas"], 2, 2))]
        for slot, sea in zip(range(BOARD_LANDS, N_LANDS), seas, strict=True):
            for t in (sea, *np.flatnonzero(sea_sea[sea])):
                land_sea[slot, t] = 1
            for land in np.flatnonzero(land_sea[:BOARD_LANDS, sea]):
                land_land[slot, land] = land_land[land, slot] = 1
        return seas

    def order(self, where: str, v: Any, regions: list[str], lo: int, hi: int | None = None) -> list[int]:
        codes = [self.code(f"{where}[{i}]", r, regions)
                 for i, r in enumerate(self.list_(where, v, lo, hi or lo))]
        if len(set(codes)) != len(codes):
            self.fail(where, "a Region is listed twice; list each once")
        return codes

    def connected(self, w: str, land_names: list[str], land_land, land_sea, sea_sea) -> None:
        """Every space reachable from the first Land over borders, bridges and the whirlwind."""
        n = BOARD_LANDS + sea_sea.shape[0]
        adj = np.zeros((n, n), bool)
        adj[:BOARD_LANDS, :BOARD_LANDS] = land_land
        adj[:BOARD_LANDS, BOARD_LANDS:] = land_sea
        adj[BOARD_LANDS:, :BOARD_LANDS] = land_sea.T
        adj[BOARD_LANDS:, BOARD_LANDS:] = sea_sea
        seen = {0}
        queue = deque([0])
        while queue:
            for nb in np.flatnonzero(adj[queue.popleft()]):
                if nb not in seen:
                    seen.add(int(nb))
                    queue.append(int(nb))
        if len(seen) < n:
            lost = min(set(range(n)) - seen)
            what = land_names[lost] if lost < BOARD_LANDS else f"Sea {lost - BOARD_LANDS + 1}"
            self.fail(w, f"{what} cannot be reached from {land_names[0]}; connect it")

    # ---- tracks and the Player board ---------------------------------------------------

    def tracks(self, items: Any) -> tuple[list, list]:
        self.list_("tracks", items, N_REGIONS, N_REGIONS)
        order = self.names("tracks", items)
        if sorted(order) != sorted(TRACKS):
            self.fail("tracks", f"expected the tracks {', '.join(TRACKS)}, got {', '.join(order)}")
        steps, rows = [], []
        for t in sorted(items, key=lambda t: TRACKS.index(t["name"])):
            w = f"tracks.{t['name']}"
            self.item(w, t, SCHEMA["tracks"])
            self.source(f"{w}.source", t["source"])
            rows.append([self.code(f"{w}.resource", t["resource"], (*RESOURCES, "wild")),
                         self.code(f"{w}.icon", t["icon"], ICONS)])
            track = []
            for k, st in enumerate(self.list_(f"{w}.steps", t["steps"], 5, 5)):
                sw = f"{w}.steps[{k}]"
                self.table(sw, st, ("reward",), ("ability",))
                reward = self.code(f"{sw}.reward", st["reward"], REWARDS)
                if (k + 1 in CITY_STEPS) != (REWARDS[reward] == "city"):
                    self.fail(f"{sw}.reward", "steps 3 and 5, and only they, carry a Common City (p. ~4)")
                track.append([reward, self.code(f"{sw}.ability", st.get("ability", "none"), ABILITIES)])
            steps.append(track)
        if len({r[0] for r in rows}) != len(TRACKS):
            self.fail("tracks", "each track needs its own Resource (p. 2)")
        if any(sum(r[1] == i for r in rows) != 2 for i in range(len(ICONS))):
            self.fail("tracks", "each icon pairs two tracks (Consolidation, p. 8)")
        return steps, rows

    def player_board(self, pb: Any, steps: list) -> tuple[list, list, list]:
        self.item("player_board", pb, SCHEMA["player_board"])
        self.source("player_board.source", pb["source"])
        pieces = self.comp["pieces"]
        mercenary = sum(REWARDS[r].startswith("hoplite") for track in steps for r, _ in track)
        on_board = {"ship": self.start["ships"], "worker": self.start["workers"],
                    "hoplite": self.start["hoplites"] + mercenary}
        costs = {}
        for key, kinds in (("deploy_rows", UNITS), ("build_rows", BUILDINGS)):
            rows = self.list_(f"player_board.{key}", pb[key], 1, 3)
            table = []
            for r, row in enumerate(rows):
                self.table(f"player_board.{key}[{r}]", row, kinds)
                line = []
                for kind in kinds:
                    counts = [0] * len(RESOURCES)
                    for res in self.resources(f"player_board.{key}[{r}].{kind}", row[kind], 1, 4):
                        counts[res] += 1
                    line.append(counts)
                table.append(line)
            for kind in kinds:
                have = pieces[kind + "s"]
                placed = len(rows) + on_board.get(kind, 0)
                if placed != have:
                    self.fail(f"player_board.{key}", f"{len(rows)} rows of {kind}s"
                              + (f" with {on_board[kind]} placed elsewhere (start, Mercenary track)"
                                 if kind in on_board else "") + f" make {placed}, but a colour has {have}")
            costs[key] = table
        settle = [self.int_(f"player_board.settle_rows[{i}]", n, 1, 7)
                  for i, n in enumerate(self.list_("player_board.settle_rows", pb["settle_rows"], 1, 3))]
        if sum(settle) + self.start["pillars"] != pieces["pillars"]:
            self.fail("player_board.settle_rows", f"{sum(settle)} Pillars on the board and "
                      f"{self.start['pillars']} at the start, but a colour has {pieces['pillars']}")
        st = self.table("player_board.strategy_types", pb["strategy_types"], ("deploy", "build", "settle"))
        types = [self.code(f"player_board.strategy_types.{k}", st[k], ICONS)
                 for k in ("deploy", "build", "settle")]
        if len(set(types)) != 3:
            self.fail("player_board.strategy_types", "each section grants its own tile type")
        self.strategy_types = types
        return costs["deploy_rows"], costs["build_rows"], settle

    # ---- cards and tiles ---------------------------------------------------------------

    def cards(self, data: dict, names: dict) -> list[list[int]]:
        sc = self.item("starting_cards", data["starting_cards"], SCHEMA["starting_cards"])
        items = self.list_("starting_cards.cards", sc["cards"], 1)
        self.names("starting_cards.cards", items)
        rows, card_names = [], []
        for c in items:
            w = f"starting_cards.cards.{c['name']}"
            self.item(w, c, SCHEMA["starting_cards"].lists["cards"])
            self.source(f"{w}.source", c["source"])
            res = self.resources(f"{w}.resources", c["resources"], 1, 1)
            for k, p in enumerate(self.list_(f"{w}.powers", c["powers"], 1)):
                rows.append([0, self.int_(f"{w}.powers[{k}]", p, 1, 9), res[0], -1, 0, 0, 0, 0])
                card_names.append(c["name"])
        self.count("starting_cards", len(rows), self.comp["starting_cards_per_colour"], "cards")
        # (name, Power) of each Starting card row, in row order
        self.starting = [(n, r[C_POWER]) for n, r in zip(card_names, rows, strict=True)]
        self.starting_names = sorted(set(card_names))
        self.card_abilities = [[0, 0] for _ in rows]  # Starting cards have none (p. 2)
        for kind, section in enumerate(_CARD_SECTIONS, start=1):  # CARD_KINDS after "starting"
            sec = self.item(section, data[section], SCHEMA[section])
            self.source(f"{section}.abilities", sec["abilities"])
            items = self.list_(f"{section}.cards", sec["cards"])
            self.count(f"{section}.cards", len(items), self.comp[section], "cards")
            card_names += self.names(f"{section}.cards", items)
            for c in items:
                rows.append(self.card_row(section, c, kind, False))
        # the Siege of Destiny's cards last, so that the other cards keep their rows
        section = "siege_of_destiny"
        sec = self.item(section, data[section], SCHEMA[section])
        self.source(f"{section}.abilities", sec["abilities"])
        items = self.list_(f"{section}.cards", sec["cards"])
        self.count(f"{section}.cards", len(items), self.comp["destiny_cards"], "cards")
        card_names += self.names(f"{section}.cards", items)
        for c in items:
            kind = 1 + self.code(f"{section}.cards.{c['name']}.kind", c.get("kind"),
                                 DESTINY_CARD_KINDS)
            rows.append(self.card_row(section, c, kind, True))
        names["cards"] = tuple(card_names)
        self.card_rows = rows
        return rows

    def card_row(self, section: str, c: dict, kind: int, destiny: bool) -> list[int]:
        """A card's C_* row; its abilities go to ``card_abilities``."""
        w = f"{section}.cards.{c['name']}"
        monument = kind == CARD_KINDS.index("monument")
        optional = ("either", "three_player", "ability_or") + (() if monument else ("glory",))
        self.item(w, c, SCHEMA[section].lists["cards"], optional)
        self.card_abilities.append([self.ability(w, c, "ability"), self.ability(w, c, "ability_or")])
        self.source(f"{w}.source", c["source"])
        res = self.resources(f"{w}.resources", c["resources"], 1, 2)
        either = c.get("either", False)
        if not isinstance(either, bool) or (either and len(res) != 2):
            self.fail(f"{w}.either", "true only for a card with two Resources ('/'), else remove it")
        three = c.get("three_player", False)
        if not isinstance(three, bool):
            self.fail(f"{w}.three_player", f"expected true or false, got {show(three)}")
        if not monument and "glory" in c:
            self.fail(f"{w}.glory", "only a Monument has Glory (p. 13); remove it")
        return [kind, self.int_(f"{w}.power", c["power"], 1, 9), res[0],
                res[1] if len(res) > 1 else -1, int(either), int(three),
                self.int_(f"{w}.glory", c["glory"], 1, 3) if monument else 0, int(destiny)]

    def ability(self, where: str, card: dict, key: str) -> int:
        """The fx row of the card's steps under ``key`` (none: row 0), each step checked
        against ``ops.OP_TABLE``; a card with an ability gives its ``ability_source``."""
        if key not in card:
            return 0
        self.source(f"{where}.ability_source", card["ability_source"])
        steps = []
        for i, step in enumerate(self.list_(f"{where}.{key}", card[key], 1, ops.MAX_STEPS)):
            w = f"{where}.{key}[{i}]"
            if not isinstance(step, list) or not step or not isinstance(step[0], str):
                self.fail(w, f'expected a step ["op", argument...], got {show(step)}')
            if step[0] not in ops.OPS or step[0] == "none":
                self.fail(w, f"unknown op {step[0]!r}; use one of {', '.join(ops.OP_NAMES[1:])}"
                          f"{suggest(step[0], ops.OP_NAMES[1:])} (sim content ops pillars)")
            op = ops.OP_TABLE[ops.OPS[step[0]]]
            if len(step) != 1 + len(op.args):
                form = ", ".join([f'"{op.name}"', *op.args])
                self.fail(w, f"expected [{form}], got {show(step)}")
            args = [self.ability_arg(f"{w}[{k + 1}]", kind, v)
                    for k, (kind, v) in enumerate(zip(op.args, step[1:], strict=True))]
            steps.append((ops.OPS[op.name], *args, *[0] * (2 - len(args))))
        return self.fx.row(steps)

    def ability_arg(self, where: str, kind: str, v: Any) -> int:
        if kind == "n":
            return self.int_(where, v, 1, ops.MAX_N)
        if kind in ops.ANY_ARGS and v == "any":
            return ops.ANY
        return self.code(where, v, ABILITY_WORDS[kind] + ("any",) * (kind in ops.ANY_ARGS))

    def mythology(self, m: Any, names: dict) -> list[list[int]]:
        self.item("mythology", m, SCHEMA["mythology"])
        self.source("mythology.abilities", m["abilities"])
        self.myth_abilities: list[list[int]] = []
        items = self.list_("mythology.cards", m["cards"], 1)
        self.names("mythology.cards", items)
        rows, card_names = [], []
        for c in items:
            w = f"mythology.cards.{c['name']}"
            self.item(w, c, SCHEMA["mythology"].lists["cards"], ("copies",))
            self.source(f"{w}.source", c["source"])
            row = [self.code(f"{w}.deck", c["deck"], DECKS), self.int_(f"{w}.wine", c["wine"], 0, 5)]
            fx = self.ability(w, c, "ability")
            anytime = all(self.fx.rows[fx][1 + 3 * k] not in ops.OWN_TURN_ONLY
                          for k in range(self.fx.rows[fx][0]))
            copies = self.int_(f"{w}.copies", c.get("copies", 1), 1, 30)
            rows += [row] * copies
            self.myth_abilities += [[fx, int(anytime)]] * copies
            card_names += [c["name"]] * copies
        for d, deck in enumerate(DECKS):
            self.count("mythology.cards", sum(r[0] == d for r in rows), self.comp[deck + "s"],
                       f"{deck} cards counting copies")
        names["mythology"] = tuple(card_names)
        return rows

    def city_states(self, cs: Any, boards: list, names: dict) -> list[list[int]]:
        self.item("city_states", cs, SCHEMA["city_states"])
        self.source("city_states.abilities", cs["abilities"])
        self.city_abilities: list[list[int]] = []
        tiles = self.list_("city_states.tiles", cs["tiles"])
        self.count("city_states.tiles", len(tiles), self.comp["city_state_tiles"], "tiles")
        names["city_states"] = tuple(self.names("city_states.tiles", tiles))
        lands = {b["side"]: [ld["name"] for ld in b["lands"]] for b in boards}
        coastal = {b["side"]: {ld["name"] for ld in b["lands"] if ld["seas"]} for b in boards}
        starts = [[0] * len(tiles) for _ in SIDES]
        self.solo_tiles = [[-1] * ST_WIDTH for _ in tiles]
        for t, tile in enumerate(tiles):
            w = f"city_states.tiles.{tile['name']}"
            self.item(w, tile, SCHEMA["city_states"].lists["tiles"], ("solo",))
            self.source(f"{w}.source", tile["source"])
            self.city_abilities.append([self.ability(w, tile, "ability"),
                                        self.code(f"{w}.trigger", tile["trigger"], TRIGGERS)])
            for s, side in enumerate(SIDES):
                face = self.table(f"{w}.{side}", tile[side], ("name", "start"))
                if not isinstance(face["name"], str) or not self.NAME.match(face["name"]):
                    self.fail(f"{w}.{side}.name", f"expected a lower-case word, got {show(face['name'])}")
                land = self.code(f"{w}.{side}.start", face["start"], lands[side])
                if face["start"] not in coastal[side]:
                    self.fail(f"{w}.{side}.start", "a starting Land must touch a Sea (step 12 "
                              "puts a Ship next to it); choose a coastal Land")
                if land in starts[s][:t]:
                    self.fail(f"{w}.{side}.start", f"{face['start']} is already the start of "
                              f"{tiles[starts[s][:t].index(land)]['name']}; one City-state per Land")
                starts[s][t] = land
            if "solo" in tile:
                self.solo_tiles[t] = self.solo_aid(f"{w}.solo", tile["solo"])
        for side in SIDES:
            faces = [tile[side]["name"] for tile in tiles]
            if len(set(faces)) != len(faces):
                self.fail(f"city_states ({side} side)", "two tiles share a name on this side")
            names[f"city_states.{side}"] = tuple(faces)
        return starts

    def solo_aid(self, w: str, solo: Any) -> list[int]:
        """A City-state's Solo Player aid (p. ~21) as its ST_* row."""
        self.table(w, solo, ("resources", "icons", "deck_remove", "deck_add"))
        resources = self.resources(f"{w}.resources", solo["resources"], 2, 2)
        if len(set(resources)) != 2:
            self.fail(f"{w}.resources", "two different preferred Resources (p. ~21)")
        icons = [self.code(f"{w}.icons[{i}]", v, ICONS)
                 for i, v in enumerate(self.list_(f"{w}.icons", solo["icons"], 3, 3))]
        if len(set(icons)) != 3:
            self.fail(f"{w}.icons", "order all three Land icons, each once")
        changes = []
        for key in ("deck_remove", "deck_add"):
            cards = self.list_(f"{w}.{key}", solo[key], SOLO_DECK_CHANGE, SOLO_DECK_CHANGE)
            for i, c in enumerate(cards):
                if (not isinstance(c, list) or len(c) != 2
                        or (c[0], c[1]) not in self.starting):
                    self.fail(f"{w}.{key}[{i}]", f"expected [Starting card, Power] such as "
                              f"['sailor', 1], got {show(c)}{suggest(c, self.starting_names)}")
            changes += [self.starting.index((c[0], c[1])) for c in cards]
        return [*resources, *icons, *changes]

    def solo(self, solo: Any, names: dict) -> dict[str, np.ndarray]:
        """Solo Mode's removed cards and the data its aids would print (p. ~21)."""
        self.item("solo", solo, SCHEMA["solo"])
        for key in ("source", "criteria_source", "settle_source", "preferred_source"):
            self.source(f"solo.{key}", solo[key])
        out = []
        for i, name in enumerate(self.list_("solo.removed", solo["removed"], 0, 10)):
            if name in names["cards"]:
                out.append([SOLO_OUT_CARD, names["cards"].index(name)])
            elif name in names["mythology"]:
                out.append([SOLO_OUT_MYTHOLOGY, names["mythology"].index(name)])
            else:
                self.fail(f"solo.removed[{i}]", f"{show(name)} is neither a card nor a Mythology "
                          f"card{suggest(name, names['cards'] + names['mythology'])}")
        for i, name in enumerate(self.list_("solo.first_ability_only", solo["first_ability_only"],
                                            0, 10)):
            out.append([SOLO_FIRST_ONLY, self.code(f"solo.first_ability_only[{i}]", name,
                                                   names["cards"])])
        special = [[0] * len(names["city_states"]) for _ in SIDES]
        for i, item in enumerate(self.list_("solo.setup_specials", solo["setup_specials"], 0, 20)):
            w = f"solo.setup_specials[{i}]"
            self.table(w, item, ("city_state", "side", "special"))
            tile = self.code(f"{w}.city_state", item["city_state"], names["city_states"])
            side = self.code(f"{w}.side", item["side"], SIDES)
            special[side][tile] = self.code(f"{w}.special", item["special"], SOLO_SPECIALS[1:]) + 1
        order = [self.code(f"solo.criteria_order[{i}]", r, RESOURCES) for i, r in
                 enumerate(self.list_("solo.criteria_order", solo["criteria_order"], 5, 5))]
        if sorted(order) != list(range(len(RESOURCES))):
            self.fail("solo.criteria_order", "name each Resource once: an Active card of any "
                      "Resource picks one option of five (p. ~21)")
        settle = self.table("solo.settle_hoplites", solo["settle_hoplites"], ICONS)
        units = [self.code(f"solo.preferred_units[{i}]", u, UNITS) for i, u in
                 enumerate(self.list_("solo.preferred_units", solo["preferred_units"], 3, 3))]
        if len(set(units)) != len(UNITS):
            self.fail("solo.preferred_units", "order all three Units, each once")
        rules = [order.index(r) for r in range(len(RESOURCES))]
        rules += [self.int_(f"solo.settle_hoplites.{i}", settle[i], 1, 6) for i in ICONS]
        return {"solo_tiles": _arr(self.solo_tiles), "solo_rules": _arr(rules + units),
                "solo_out": np.array(out, dtype=np.int32).reshape(-1, 2),
                "solo_special": _arr(special)}

    def population(self, pop: Any, boards: list) -> list[list[int]]:
        items = self.sourced("population", pop, "tiles", "population_tiles")
        rows = []
        for i, t in enumerate(items):
            w = f"population.tiles[{i}]"
            self.table(w, t, ("icon", "power", "reward"))
            rows.append([self.code(f"{w}.icon", t["icon"], ICONS), self.int_(f"{w}.power", t["power"], 1, 12),
                         self.code(f"{w}.reward", t["reward"], POPULATION_REWARDS)])
        for i, icon in enumerate(ICONS):
            need = max(sum(ld["icon"] == icon for ld in b["lands"]) for b in boards)
            have = sum(r[0] == i for r in rows)
            if have < need:
                self.fail("population.tiles", f"{have} {icon} tiles cannot fill the {need} "
                          f"{icon} Lands of a board (step 19)")
        return rows

    def barbarians(self, barb: Any) -> list[list[int]]:
        rows = []
        for i, t in enumerate(self.sourced("barbarians", barb, "tiles", "barbarian_tiles")):
            w = f"barbarians.tiles[{i}]"
            self.table(w, t, ("kind", "power"))
            rows.append([self.code(f"{w}.kind", t["kind"], BARBARIAN_KINDS),
                         self.int_(f"{w}.power", t["power"], 1, 12)])
        return rows

    def heroes(self, h: Any, names: dict) -> dict[str, np.ndarray]:
        self.item("heroes", h, SCHEMA["heroes"])
        self.source("heroes.abilities", h["abilities"])
        self.source("heroes.odysseus_source", h["odysseus_source"])
        tiles = self.list_("heroes.tiles", h["tiles"], 1)
        self.count("heroes.tiles", len(tiles), self.comp["hero_tiles"], "tiles")
        names["heroes"] = tuple(self.names("heroes.tiles", tiles))
        rows = []
        for tile in tiles:
            w = f"heroes.tiles.{tile['name']}"
            self.item(w, tile, SCHEMA["heroes"].lists["tiles"], ("tokens", "ability",
                                                                   "ability_source"))
            self.source(f"{w}.source", tile["source"])
            tokens = tile.get("tokens", False)
            if not isinstance(tokens, bool):
                self.fail(f"{w}.tokens", f"expected true or false, got {show(tokens)}")
            trigger = self.code(f"{w}.trigger", tile["trigger"], HERO_TRIGGERS)
            if (trigger == len(TRIGGERS)) != ("ability" not in tile):
                self.fail(f"{w}.trigger", 'an ability needs a trigger, and trigger "none" no '
                          "ability; make them agree")
            rows.append([self.int_(f"{w}.power", tile["power"], 0, 9), int(tokens),
                         self.ability(w, tile, "ability"), trigger])
        tokens = self.list_("heroes.odysseus", h["odysseus"], 1, N_REGIONS)
        self.count("heroes.odysseus", len(tokens), self.comp["odysseus_tokens"], "tokens")
        return {"heroes": _arr(rows), "odysseus": _arr(
            [self.code(f"heroes.odysseus[{i}]", c, ODYSSEUS_CHALLENGES) for i, c in enumerate(tokens)])}

    def destiny(self, d: Any, names: dict) -> dict[str, np.ndarray]:
        """The Siege of Destiny's sides and numbers (p. ~18); its cards are in ``cards``."""
        where = "siege_of_destiny"
        self.item(where, d, SCHEMA[where])
        self.source(f"{where}.source", d["source"])
        self.source(f"{where}.time_markers_source", d["time_markers_source"])
        rows = []
        for side in self.list_(f"{where}.sides", d["sides"], 2, MAX_PLAYERS + 1):
            tile = side.get("city_state") if isinstance(side, dict) else None
            w = f"{where}.sides.{tile}"
            self.item(w, side, SCHEMA[where].lists["sides"])
            self.source(f"{w}.source", side["source"])
            card = self.code(f"{w}.character", side["character"], names["cards"])
            kind, destiny = self.card_rows[card][C_KIND], self.card_rows[card][C_DESTINY]
            if kind != CARD_KINDS.index("character") or not destiny:
                self.fail(f"{w}.character", f"{side['character']!r} is not a Character card of "
                          f"{where}.cards; name one")
            rows.append([self.code(f"{w}.city_state", tile, names["city_states"]),
                         self.code(f"{w}.team", side["team"], DESTINY_TEAMS),
                         self.code(f"{w}.hero", side["hero"], names["heroes"]), card,
                         self.int_(f"{w}.players", side["players"], 2, MAX_PLAYERS)])
        for team, word in enumerate(DESTINY_TEAMS):
            if not any(r[DS_TEAM] == team and r[DS_PLAYERS] == 2 for r in rows):
                self.fail(f"{where}.sides", f"no {word} side is played with 2 players; give "
                          "each team one with players = 2")
        for players in range(2, MAX_PLAYERS + 1):
            if sum(r[DS_PLAYERS] <= players for r in rows) < players:
                self.fail(f"{where}.sides", f"fewer sides than {players} players; add one")
        time = self.list_(f"{where}.time_markers", d["time_markers"], 3, 3)
        most = self.comp["time_markers"]
        rules = [self.int_(f"{where}.time_markers[{i}]", n, 1, most) for i, n in enumerate(time)]
        rules.append(self.int_(f"{where}.exile_glory", d["exile_glory"], 1, 20))
        return {"destiny": _arr(rows), "destiny_rules": _arr(rules)}

    def resource_tiles(self, rt: Any) -> list[list[int]]:
        rows = []
        for i, t in enumerate(self.sourced("resource_tiles", rt, "tiles")):
            w = f"resource_tiles.tiles.{t.get('resource') if isinstance(t, dict) else i}"
            self.item(w, t, SCHEMA["resource_tiles"].lists["tiles"])
            res = self.code(f"{w}.resource", t["resource"], RESOURCES)
            rows += ([[res, 1]] * self.int_(f"{w}.starting", t["starting"], 0, 20)
                     + [[res, 0]] * self.int_(f"{w}.other", t["other"], 0, 20))
        self.count("resource_tiles.tiles", len(rows), self.comp["resource_tiles"], "tiles")
        drawn = MAX_PLAYERS + self.extra
        if sum(r[1] for r in rows) < drawn:
            self.fail("resource_tiles.tiles", f"step 10 puts a Starting Resource tile under each "
                      f"of up to {drawn} City-states; mark at least {drawn} as starting")
        return rows

    def prophecies(self, p: Any) -> list[list[int]]:
        items = self.sourced("prophecies", p, "cards", "prophecies")
        rows = []
        for i, c in enumerate(items):
            w = f"prophecies.cards.{c.get('number') if isinstance(c, dict) else i}"
            self.item(w, c, SCHEMA["prophecies"].lists["cards"], ("piece", "count", "glory"))
            number = self.int_(f"{w}.number", c["number"], i + 1, i + 1)
            era = self.int_(f"{w}.era", c["era"], 1, 3)
            quest = self.code(f"{w}.quest", c["quest"], QUESTS)
            qname = QUESTS[quest]
            piece = -1
            if (qname in QUEST_PIECES) != ("piece" in c):
                self.fail(f"{w}.piece", f"quest {qname} " + ("names a piece: add piece" if
                          qname in QUEST_PIECES else "takes no piece: remove it"))
            if "piece" in c:
                piece = self.code(f"{w}.piece", c["piece"], QUEST_PIECES[qname])
            if (qname in QUEST_MAX_COUNT) != ("count" in c):
                self.fail(f"{w}.count", f"quest {qname} " + ("takes a count: add count" if
                          qname in QUEST_MAX_COUNT else "takes no count: remove it"))
            count = self.int_(f"{w}.count", c["count"], 1, QUEST_MAX_COUNT[qname]) if "count" in c else 0
            glory = self.int_(f"{w}.glory", c.get("glory", era), 1, 3)
            rows.append([number, era, quest, piece, count, glory])
        for era in (1, 2, 3):
            if sum(r[P_ERA] == era for r in rows) < N_REGIONS:
                self.fail("prophecies.cards", f"step 18 deals one Era {era} card to each of "
                          f"{N_REGIONS} Regions; add Era {era} cards")
        if [r[P_ERA] for r in rows] != sorted(r[P_ERA] for r in rows):
            self.fail("prophecies.cards", "number the cards Era by Era (I, then II, then III)")
        return rows

    def strategy(self, st: Any) -> list[list[int]]:
        items = self.sourced("strategy", st, "tiles")
        self.names("strategy.tiles", items)
        rows = []
        for t in items:
            w = f"strategy.tiles.{t['name']}"
            self.item(w, t, SCHEMA["strategy"].lists["tiles"], ("copies", "resource"))
            code = self.code(f"{w}.name", t["name"], STRATEGY)
            guild = t["name"].endswith("_guild")
            if guild != ("resource" in t):
                self.fail(f"{w}.resource", "a Guild names its Resource; other tiles do not")
            res = self.code(f"{w}.resource", t["resource"], RESOURCES) if guild else -1
            row = [self.code(f"{w}.type", t["type"], ICONS), code, res]
            rows += [row] * self.int_(f"{w}.copies", t.get("copies", 1), 1, 5)
        self.count("strategy.tiles", len(rows), self.comp["strategy_tiles"], "tiles counting copies")
        for i, icon in enumerate(ICONS):
            if sum(r[0] == i for r in rows) < STACKS_PER_TYPE * TILES_PER_STACK:
                self.fail("strategy.tiles", f"step 6 stacks {STACKS_PER_TYPE} x {TILES_PER_STACK} "
                          f"{icon} tiles; add {icon} tiles")
        return rows


FAR = 99  # Tables.land_steps and sea_steps between spaces no path joins


def _steps(adjacent: np.ndarray) -> np.ndarray:
    """Fewest edges between every two nodes of a 0/1 adjacency matrix (FAR when none)."""
    n = adjacent.shape[0]
    steps = np.where(adjacent > 0, 1, FAR).astype(np.int32)
    np.fill_diagonal(steps, 0)
    for k in range(n):
        steps = np.minimum(steps, steps[:, k:k + 1] + steps[k:k + 1, :])
    return steps


def _ability_steps(steps: list) -> list[list[int]]:
    """For each ability and track, the first step whose marker holds it (p. 7): a seat has
    the ability once its marker is that high on any track. One past the last step when the
    track does not grant it."""
    never = len(steps[0]) + 1
    return [[next((k + 1 for k, (_, a) in enumerate(track) if a == ability), never)
             for track in steps] for ability in range(len(ABILITIES))]


def _sources(d: dict) -> list[str]:
    """Every item's provenance (an item with any assumed value counts as assumed)."""
    sources = [d[k]["source"] for k in ("components", "setup", "rondel", "player_board",
                                        "population", "barbarians", "resource_tiles",
                                        "prophecies", "strategy")]
    for b in d["boards"]:
        sources += [b["source"]] + [x["source"] for k in ("regions", "lands", "seas") for x in b[k]]
    sources += [t["source"] for t in d["tracks"]]
    sources += [c["source"] for c in d["starting_cards"]["cards"]]
    sources += [t[k] for t in d["city_states"]["tiles"] for k in ("source", "ability_source")]
    sources += [t[k] for t in d["heroes"]["tiles"] for k in ("source", "ability_source") if k in t]
    destiny = d["siege_of_destiny"]
    sources += [destiny["source"], destiny["time_markers_source"]]
    sources += [side["source"] for side in destiny["sides"]]
    sources += [d["solo"][k] for k in ("source", "criteria_source", "settle_source",
                                       "preferred_source")]
    for section in (*_CARD_SECTIONS, "siege_of_destiny", "mythology"):
        sources += [c["source"] for c in d[section]["cards"]]
        sources += [c["ability_source"] for c in d[section]["cards"] if "ability_source" in c]
    return sources
