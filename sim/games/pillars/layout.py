"""The Pillars of Heracles game state: one flat int32 vector, declared once.

Every field below has a name, a length and a meaning. The constant ``<NAME>`` is the
field's offset; a per-seat field is indexed ``NAME + seat``, a per-seat table
``NAME + seat * width + i`` and a per-Land table ``NAME + land * MAX_PLAYERS + seat``.
Seats are the players in turn order from the First Player (seat 0); a seat's colour is
its seat number. Lands, Regions, Seas, tracks, cards and tiles are the indices of the
compiled content (``content.Tables``); "-1" means none throughout.
"""

from sim.games.pillars.content import (
    BOARD_LANDS,
    BUILDINGS,
    CARD_KINDS,
    DECKS,
    ICONS,
    MAX_PLAYERS,
    MAX_SEAS,
    N_LANDS,
    N_REGIONS,
    PIECES,
    RESOURCES,
    S_EXTRA_CITY_STATES,
    S_MAX_MYTHOLOGY,
    STACKS_PER_TYPE,
    START_PIECES,
    STRATEGY,
    TILES_PER_STACK,
    TRACKS,
    UNITS,
    ContentError,
)
from sim.games.pillars.profile import N_USE
from sim.games.state_layout import game_and_runtime

N_TRACKS = len(TRACKS)
N_RESOURCES = len(RESOURCES)
N_DECKS = len(DECKS)  # Mythology decks, in DECKS order
N_ERAS = 3  # Prophecy Eras I-III, one card of each per open Region (step 18)
PROC_PER_ROW = 3  # Procurement decks per row: Monuments on top, Characters below (step 3)
PROC_MONUMENTS, PROC_CHARACTERS = 0, PROC_PER_ROW  # first slot of each row
N_PROC = 2 * PROC_PER_ROW
N_STRATEGY_STACKS = len(ICONS) * STACKS_PER_TYPE  # stack = type * STACKS_PER_TYPE + k (step 6)
N_EFFECTS = len(STRATEGY)  # Strategy tile effects (Appendix 2), content.STRATEGY codes
N_UNIT_KINDS = 3  # Deploy columns (content.UNITS): Ship, Worker, Hoplite
N_BUILDING_KINDS = 3  # Build columns (content.BUILDINGS): Temple, Agora, Citadel
MAX_ROWS = 3  # rows of each Player board section
MAX_SHIPS = 3  # per colour (p. 3)
MAX_CARDS = 80  # rows of the card table (content.cards): one colour's Starting cards first
MAX_PILE = MAX_CARDS  # a seat's deck, hand, discard or exiled pile (it may hold every card)
MAX_PROC_DECK = 16  # cards in one Procurement deck
MAX_MYTH_DECK = 24  # cards in one Mythology deck
# Mythology cards a seat holds: the slots above its Player board, Temples included (p. 10),
# then MYTH_BESIDE, the Siege of Destiny's Olympian beside the board (p. ~18)
MAX_MYTH_SLOTS = 4
MYTH_BESIDE = 3
MAX_STRATEGY = 3 * MAX_ROWS  # a Strategy tile per emptied Player board row
MAX_PROPHECIES = 32
MAX_POPULATION = 24
MAX_RESOURCE_TILES = 24
MAX_STRATEGY_TILES = 24
MAX_CITY_STATES = 16
MAX_DRAWN = 8  # City-state tiles drawn in step 10: players + content's extra
MAX_EGYPT = 4  # Kingdom of Egypt cards (p. 2)
MAX_BARBARIANS = 16  # Barbarian tiles (Appendix 4, p. 15)
MAX_HEROES = 16  # Hero tiles (Legendary Heroes, p. 16)
HEROES_UP = MAX_PLAYERS + 1  # face up for the draft: one more than the players (p. 16)
# BARB_AT codes: a Land is its index, a Sea BARB_SEA + its index, a Port BARB_PORT + its Land
BARB_SEA = N_LANDS
BARB_PORT = N_LANDS + MAX_SEAS
N_BARB_SPACES = BARB_PORT + N_LANDS

# Lands: the board's 0..BOARD_LANDS-1, then the Atlantis slots (Appendix 4, p. 15), the
# one its tile takes at 3-4 players and the one at 2 (content.ATLANTIS_SLOTS).
ATLANTIS_SLOT_MANY, ATLANTIS_SLOT_TWO = BOARD_LANDS, BOARD_LANDS + 1
# LAND_CITY codes: a Starting City is its colour (seat) 0..3; a Common City is CITY_COMMON.
CITY_COMMON = MAX_PLAYERS
CITY_ATLANTIS = MAX_PLAYERS + 1  # the Atlantis tile: a City only a marker Controls (p. 15)
# SHIP_SPACE codes: a Sea is its index (0..MAX_SEAS-1); a Port is PORT + its Land.
PORT = MAX_SEAS
# Columns of the Player board's Deploy and Build sections (content.UNITS, BUILDINGS).
U_SHIP, U_WORKER, U_HOPLITE = (UNITS.index(u) for u in ("ship", "worker", "hoplite"))
B_TEMPLE, B_AGORA, B_CITADEL = (BUILDINGS.index(b) for b in ("temple", "agora", "citadel"))
# Cards of the content by CARD_KINDS code.
KIND_STARTING, KIND_CHARACTER, KIND_MONUMENT, KIND_EGYPT = range(len(CARD_KINDS))

# Modes of Appendix 4 (p. 15) and what ends each: a seat Controlling this many Cities,
# markers on the tracks' last step (as many as players; 0: not a trigger), Era III
# Prophecies removed (0: not a trigger).
MODES = ("standard", "tutorial", "short")
# The track-end trigger (p. 13, decision 2): as many markers on the tracks' last step as
# players, every seat's counted ("markers"), or as many tracks whose end some marker has
# reached ("tracks").
TRACK_ENDS = ("markers", "tracks")
TRACK_END_MARKERS, TRACK_END_TRACKS = range(len(TRACK_ENDS))
# Where Phalanx Formation's 2 extra Power count (p. ~14, decision 19): on each Land holding
# the seat's Land Units of the formation and once in the Region's Power ("lands"), or in
# the Region's Power only ("region").
PHALANX_RULES = ("lands", "region")
PHALANX_LANDS, PHALANX_REGION = range(len(PHALANX_RULES))
MODE_STANDARD, MODE_TUTORIAL, MODE_SHORT = range(len(MODES))
# Gameplay modes played on top of one of MODES (Appendix 4, p. 15: they combine), written
# "short+symmachia"; bit k of the ADDONS field is ADDON_NAMES[k]. A game's mode code is
# its MODES code + MODE_SPAN * its ADDONS bits (``modes.mode_code``).
ADDON_NAMES = ("symmachia", "skirmish", "barbarian_hordes", "atlantis", "legendary_heroes",
               "siege_of_destiny", "solo")
(ADDON_SYMMACHIA, ADDON_SKIRMISH, ADDON_BARBARIANS, ADDON_ATLANTIS, ADDON_HEROES,
 ADDON_DESTINY, ADDON_SOLO) = 1, 2, 4, 8, 16, 32, 64
MODE_SPAN = 16
END_CITIES = (6, 4, 5)
END_TRACKS = (1, 0, 1)
END_ERA3 = (3, 0, 2)
# END_REASON codes: why the game ended (the first trigger, p. 13), or the engine's
# safety limit on rounds (never reached in the invariant runs, docs/rules/pillars.md).
# The Siege of Destiny ends only by its two instant wins (p. ~18): the Achaean League
# Controls Troia's Starting City, or the Trojan Alliance removes the last Time marker.
END_REASON_NAMES = ("none", "cities", "tracks", "prophecies", "round_limit", "troia_taken",
                    "time_runs_out")
(END_NONE, END_BY_CITIES, END_BY_TRACKS, END_BY_PROPHECIES, END_BY_LIMIT, END_TROIA_TAKEN,
 END_TIME_RUNS_OUT) = range(7)
# The Siege of Destiny's sides (p. ~18), content.DESTINY_TEAMS codes.
TEAM_TROJAN, TEAM_ACHAEAN = 0, 1
# Its rule on Troia's only City: lifted for Troia's Starting City, since the mode's own
# win condition (the Achaeans win by taking it) is the more specific rule (p. ~18); or the
# literal one (a Siege never takes an only City, p. 8, so the Achaeans need Troia to hold
# two), a setting.
TROIA_RULES = ("lifted", "literal")
TROIA_LIFTED, TROIA_LITERAL = range(len(TROIA_RULES))
# Solo Mode (p. ~21): the Tyrant holds the First Player marker, the player is the second seat.
TYRANT, SOLO_PLAYER = 0, 1
# the Rondel actions the Improved Action Reminder tiles mark, placed under his top Worker,
# Hoplite, Temple, Agora and Citadel (setup step 8, p. ~21)
IMPROVED_ACTIONS = ("build", "settle", "procure", "ascend", "deploy")
WHEEL = N_REGIONS  # spaces of the Resource wheel, one per Track tile
ICON_WHEEL = len(ICONS)  # spaces of the Land Type wheel, each beside two of the Resource wheel's
# Glory by source (p. 13): Fulfilled Prophecies, Monuments, Cities and Regions Controlled;
# in Solo Mode the Tyrant's Mythology stack too (p. ~31).
GLORY_SOURCES = ("prophecies", "monuments", "cities", "regions", "mythology")
SOLO_SOURCES = ("mythology",)  # only the Tyrant scores these
N_SOURCES = len(GLORY_SOURCES)
# The rules kernels compiled apart (rules.apart), in the order of their RULE_ENTRIES words.
RULE_ENTRY_SLOTS = ("play_turn", "tyrant_turn", "run_ability")

_FIELDS = (
    # name, length, meaning
    ("N_PLAYERS", 1, "players, 2..4"),
    ("SIDE", 1, "board side, content.SIDES code (step 1)"),
    ("FIRST", 1, "seat holding the First Player marker (step 9)"),
    ("DECISIONS", 1, "decisions taken so far"),
    # the board: Regions
    ("REGION_TRACK", N_REGIONS, "Track tile of each Region, content.TRACKS code (step 4)"),
    ("REGION_BLOCKED", N_REGIONS, "1 for a Forbidden Domain (step 17)"),
    ("REGION_PROPHECY", N_REGIONS * N_ERAS, "region * 3 + k: Prophecy stack bottom (Era III) to "
                                            "top (Era I), -1 past the top (step 18)"),
    ("REGION_PROPHECY_N", N_REGIONS, "Prophecy cards left in the Region's card space"),
    ("REGION_PROPHECY_UP", N_REGIONS, "1 when the top Prophecy card is face up"),
    # the board: Lands
    ("LAND_HOPLITES", N_LANDS * MAX_PLAYERS, "Hoplites of each colour on the Land"),
    ("LAND_WORKERS", N_LANDS * MAX_PLAYERS, "Workers of each colour on the Land"),
    ("LAND_BUILDING", N_LANDS * MAX_PLAYERS, "each colour's Building there (content.BUILDINGS "
                                             "code), -1; one own Building per Land (p. 10)"),
    ("LAND_PILLAR", N_LANDS, "colour of the Land's Pillar, -1 (one Pillar per Land, p. 11)"),
    ("LAND_PILLAR_ON_RES", N_LANDS, "1 when that Pillar stands on the Resource tile (depleted, p. 7)"),
    ("LAND_CITY", N_LANDS, "City tile on the Land: a Starting City's colour, CITY_COMMON, "
                   "CITY_ATLANTIS, -1"),
    ("LAND_CITY_MARKER", N_LANDS, "colour of the Player marker on the City, -1 (p. 7)"),
    ("LAND_POP", N_LANDS, "Population tile on the Land (content.population row), -1"),
    ("LAND_POP_UP", N_LANDS, "1 when it is face up (explored, p. 7)"),
    ("LAND_RES", N_LANDS, "Resource tile on the Land (content.resource_tiles row), -1"),
    ("LAND_RES_UP", N_LANDS, "1 when it is face up"),
    # the board: Ships, per piece so that each Sea Ship holds its own choice of Land
    ("SHIP_SPACE", MAX_PLAYERS * MAX_SHIPS, "seat * MAX_SHIPS + k: a Sea, PORT + Land, or -1 "
                                            "on the Player board"),
    ("SHIP_PROJECT", MAX_PLAYERS * MAX_SHIPS, "Land a Sea Ship gives its Power to this turn, -1 "
                                              "(decision 1, docs/rules/pillars.md)"),
    # the board: Archery Mastery's choice, per Land and seat like the Ships' (p. ~14)
    ("ARCHERY_TO", N_LANDS * MAX_PLAYERS, "adjacent Land the seat's archers on the Land give "
                                          "their Power to this turn, -1"),
    ("ARCHERS", N_LANDS * MAX_PLAYERS, "how many of the seat's Hoplites on the Land are archers "
                                       "(counted up to the Hoplites there)"),
    # the tracks: every marker by seat and track
    ("TRACK_STEP", MAX_PLAYERS * N_TRACKS, "seat * N_TRACKS + track: step of the marker, 0..5"),
    ("TRACK_HEIGHT", MAX_PLAYERS * N_TRACKS, "its place in the stack on that step, 0 at the "
                                             "bottom; higher is ahead (p. 6)"),
    ("TRACK_CITY", N_TRACKS * 2, "track * 2 + k: 1 while the Common City lies on step 3 (k 0) "
                                 "or 5 (k 1) (step 5)"),
    # Common City tiles not on a track or the map
    ("CITIES_BUILD", 1, "Common City tiles below the Build section of the Rondel (step 5)"),
    ("CITIES_OUT", 1, "Common City tiles removed from the game (step 5)"),
    ("CITIES_ASIDE", MAX_PLAYERS, "gained Common Cities set aside beside a Player board (p. 7)"),
    # the Procurement Area and the other cards
    ("PROC_DECK", N_PROC * MAX_PROC_DECK, "slot * MAX_PROC_DECK + k: card rows, bottom first, "
                                          "the top at PROC_N - 1 (step 3)"),
    ("PROC_N", N_PROC, "cards in each Procurement deck"),
    ("PROC_UP", N_PROC, "1 when the deck's top card is face up"),
    ("EGYPT", MAX_EGYPT, "Kingdom of Egypt cards face up beside the board, -1 (step 11)"),
    ("CARD_OUT", MAX_CARDS, "1 for a Character, Monument or Egypt card removed from the game"),
    ("MYTH_DECK", N_DECKS * MAX_MYTH_DECK, "deck * MAX_MYTH_DECK + k: Mythology cards "
                                           "(content.mythology rows), bottom first (step 2)"),
    ("MYTH_N", N_DECKS, "cards in each Mythology deck"),
    ("STRATEGY_STACK", N_STRATEGY_STACKS * TILES_PER_STACK, "stack * 3 + k: Strategy tiles "
                                                            "(content.strategy rows), bottom first"),
    ("STRATEGY_N", N_STRATEGY_STACKS, "tiles left in each stack"),
    ("STRATEGY_UP", N_STRATEGY_STACKS, "1 when the stack's top tile is face up (step 6)"),
    ("MYTH_OUT", N_DECKS * MAX_MYTH_DECK, "1 for a Mythology card removed from the game "
                                          "(Perseus, p. 31)"),
    ("SPHINX_AT", 1, "Land of the Sphinx tile, -1 beside the board (step 7, p. 31)"),
    ("SPHINX_OWNER", 1, "seat that placed it; the others pay to move a Unit there, -1"),
    # Barbarian Hordes (Appendix 4, p. 15)
    ("BARB_STACK", MAX_BARBARIANS, "Barbarian tiles face down above the Rondel (content."
                                   "barbarians rows), the top at BARB_N - 1"),
    ("BARB_N", 1, "tiles in that stack; 0 outside Barbarian Hordes"),
    ("BARB_AT", MAX_BARBARIANS, "space of each Barbarian tile on the board (BARB_* codes), "
                                "-1 in the stack or out of the game"),
    ("STARTING_OUT", 1, "bit per colour whose Starting City the Barbarians removed from the "
                        "game"),
    ("CITIES_RAZED", 1, "Common Cities the Barbarians removed from the game"),
    ("ATLANTIS", 1, "the Land slot of the Atlantis tile in play (content.ATLANTIS_SLOTS, "
                    "Appendix 4 p. 15), -1 without it"),
    ("LAND_END", 1, "Lands 0 .. LAND_END - 1 may be in play: the board's, and up to the "
                    "Atlantis slot in play (the loops over Lands stop there)"),
    # Legendary Heroes (Appendix 4, p. 16)
    ("HERO_DRAWN", HEROES_UP, "Hero tiles turned face up in step 10 (content.heroes rows), -1"),
    ("HERO", MAX_PLAYERS, "Hero tile the seat took in step 11, -1"),
    ("HERO_AT", MAX_PLAYERS, "Land of the seat's Hero Unit, -1 on its Hero tile"),
    ("HERO_TOKENS", MAX_PLAYERS, "Odysseus tokens on the seat's Hero tile"),
    ("ODYSSEUS", N_REGIONS, "the Region's Odysseus token (content.odysseus row), -1 none"),
    ("ODYSSEUS_UP", N_REGIONS, "1 when it is face up (revealed by an explore)"),
    ("ABILITY_LAND", 1, "Land the ability step just run acted on, -1 (the Mythology "
                        "challenge of an Odysseus token)"),
    ("PROPHECY_OWNER", MAX_PROPHECIES, "seat holding each Prophecy card, -1, PROPHECY_EXILED "
                                       "(p. 8, p. ~18)"),
    ("DRAWN", MAX_DRAWN, "City-state tiles drawn in step 10, in draw order, -1 past the last"),
    ("DRAWN_RES", MAX_DRAWN, "the Starting Resource tile below each drawn City-state"),
    # per seat
    ("CITY_STATE", MAX_PLAYERS, "City-state tile the seat leads, -1 (step 11)"),
    ("DEPLOY_LEFT", MAX_PLAYERS * MAX_ROWS * N_UNIT_KINDS,
     "seat * 9 + row * 3 + unit: 1 while that Unit stands on its Deploy slot (step 8)"),
    ("BUILD_LEFT", MAX_PLAYERS * MAX_ROWS * N_BUILDING_KINDS,
     "seat * 9 + row * 3 + building: 1 while that Building stands on its Build slot"),
    ("SETTLE_LEFT", MAX_PLAYERS * MAX_ROWS, "seat * 3 + row: Pillars left in each Settle row"),
    ("MERCENARIES", MAX_PLAYERS, "Hoplites beside the Mercenary track (p. 7)"),
    ("MARKERS_LEFT", MAX_PLAYERS, "Player markers beside the Player board (step 16)"),
    ("RONDEL_POS", MAX_PLAYERS, "Rondel section of the seat's marker (index into content.rondel)"),
    ("SIEGE_AT", MAX_PLAYERS, "Land of the seat's Siege tile, -1 beside its board (p. 8)"),
    ("SKIRMISH_AT", MAX_PLAYERS, "Land of the seat's Skirmish tile, -1 beside its board "
                                 "(Skirmish Mode, p. 15)"),
    ("STRATEGY_SLOT", MAX_PLAYERS * MAX_STRATEGY, "Strategy tile in each row of the Player "
                                                  "board, -1 (p. 6)"),
    ("EFFECTS_HELD", MAX_PLAYERS * N_EFFECTS, "seat * N_EFFECTS + effect: the seat's Strategy "
                                              "tiles with that effect, kept with STRATEGY_SLOT"),
    ("GUILDS", MAX_PLAYERS * N_RESOURCES, "seat * 5 + Resource: the seat's Guild tiles that "
                                          "double its Pillars' production of it (p. ~14)"),
    ("MYTH_SLOT", MAX_PLAYERS * MAX_MYTH_SLOTS, "Mythology card in each slot above the Player "
                                                "board, -1"),
    ("MYTH_INVOKED", MAX_PLAYERS * MAX_MYTH_SLOTS, "1 when that card is Invoked, 0 Energised (p. 8)"),
    ("WILD_TILES", MAX_PLAYERS, "Wild Population tiles beside the Player board (p. ~11)"),
    ("DECK", MAX_PLAYERS * MAX_PILE, "seat * MAX_PILE + k: draw pile, card rows, top at "
                                     "DECK_N - 1"),
    ("DECK_N", MAX_PLAYERS, "cards in the draw pile"),
    ("HAND", MAX_PLAYERS * MAX_PILE, "cards in hand, -1 past the last"),
    ("HAND_N", MAX_PLAYERS, "cards in hand"),
    ("DISCARD", MAX_PLAYERS * MAX_PILE, "discard pile, the latest last"),
    ("DISCARD_N", MAX_PLAYERS, "cards in the discard pile"),
    ("EXILED", MAX_PLAYERS * MAX_PILE, "cards the seat Exiled (removed from the game, p. 10)"),
    ("EXILED_N", MAX_PLAYERS, "cards the seat Exiled"),
    # the turn
    ("ROUND", 1, "round of play, 1 on the First Player's first turn (p. 8)"),
    ("ACTIVE", 1, "seat whose turn it is (p. 8)"),
    ("EVENTS", 1, "trace rows written so far (events.py)"),
    ("PLAYED", 1, "card row played for this Advance Turn, -1; its Resource is unusable (p. 7)"),
    ("CROSSED", 1, "1 when the marker moved in this Advance Turn crossed the line from "
                   "Ascend to Procure (p. 15)"),
    ("TURN_DONE", 1, "bits of the Advance Turn's optional parts done: DONE_ABILITY, "
                     "DONE_MOVEMENT, DONE_ACTION (p. 8)"),
    ("CREDIT", MAX_PLAYERS * N_RESOURCES, "seat * 5 + Resource: Resources gained this turn and "
                                          "not yet spent (the second half of a two-Resource "
                                          "card, a Guild Pillar's second, the Lighthouse's), "
                                          "lost at its end (p. 7, p. ~14)"),
    ("TILES_USED", 1, "bits of the once-per-turn Strategy tiles the active seat used this "
                      "turn: USED_LIBRARY, USED_LIGHTHOUSE (p. ~14)"),
    ("STATUS_STEPPED", N_TRACKS, "1 once the active seat progressed on the track in this "
                                 "Status Check (at most once each, p. 8)"),
    ("PROPHECY_TURN", 1, "1 once the active seat Fulfilled a Prophecy this turn (p. 8)"),
    ("PILLARS_BESIDE", MAX_PLAYERS, "Pillars returned to a full Settle section, beside the "
                                    "Player board until a slot frees (p. 8, p. 15)"),
    ("UNITS_BESIDE", MAX_PLAYERS * N_UNIT_KINDS, "seat * 3 + unit: Units returned to a full "
                                                 "Deploy column, beside the board until a "
                                                 "slot of theirs frees (p. 15)"),
    ("BUILDINGS_BESIDE", MAX_PLAYERS * N_BUILDING_KINDS, "seat * 3 + building: the same for "
                                                         "Buildings and the Build section"),
    # card abilities (ops.py), each lasting until the turn ends
    ("POWER_BONUS", N_LANDS * MAX_PLAYERS, "land * MAX_PLAYERS + seat: Power an ability added "
                                           "to the seat on the Land (p. 6)"),
    ("HALTED_SHIPS", 1, "bit per seat whose Ships cannot be moved (Okeanos, p. 31)"),
    ("GORGON_SEAT", 1, "seat whose Unit the Gorgon tile marks: it cannot be moved (p. 31), "
                       "-1 while the tile is beside the board"),
    ("GORGON_KIND", 1, "that Unit's movement.MOVE_* kind"),
    ("GORGON_AT", 1, "that Unit: the Ship's piece, or the Hoplite's or Worker's Land"),
    ("OFF_TURN_INVOKES", MAX_PLAYERS, "Mythology cards the seat Invoked in the turn of another "
                                      "seat, at most 1; cleared when a turn starts (p. 8)"),
    ("INVOKED_THIS_TURN", N_DECKS * MAX_MYTH_DECK, "1 for a Mythology card Invoked in this turn, "
                                                    "which the bots do not Invoke again in it; "
                                                    "cleared when a turn starts"),
    # allies (Symmachia, p. 15; the Siege of Destiny, p. ~18)
    ("PARTNER", MAX_PLAYERS, "the seat's ally, -1 (rules.teams)"),
    # the Siege of Destiny (p. ~18)
    ("TROIA", 1, "seat playing Troia, -1 in other modes"),
    ("TIME_MARKERS", 1, "Time markers left on the Rondel"),
    ("TROIA_RULE", 1, "TROIA_RULES code (p. ~18, p. 8)"),
    # Solo Mode: the Tyrant's automaton (p. ~21)
    ("SOLO_RES_DECK", MAX_PILE, "the Tyrant's Resource deck: card rows, the top at "
                                "SOLO_RES_N - 1 (his Basic deck is DECK, its discard DISCARD)"),
    ("SOLO_RES_N", 1, "cards in the Resource deck"),
    ("SOLO_RES_DISCARD", MAX_PILE, "the Resource deck's discard pile, the latest last"),
    ("SOLO_RES_DISCARD_N", 1, "cards in it"),
    ("SOLO_MYTH", N_DECKS * MAX_MYTH_DECK, "1 for a Mythology card in the Tyrant's face-down "
                                           "stack"),
    ("SOLO_WHEEL", WHEEL, "the Resource wheel clockwise: a Resource, content.WILD for the "
                          "face-down tile (the Titan track)"),
    ("SOLO_ICONS", ICON_WHEEL, "the Land Type wheel: the icon beside Resource wheel spaces "
                               "2k and 2k + 1"),
    ("SOLO_MOVED", N_LANDS * 2, "land * 2 + k: the Tyrant's Hoplites (k 0) and Workers (k 1) "
                                "Relocated to the Land this turn"),
    ("SOLO_SHIPS_MOVED", 1, "bit per Ship of the Tyrant's Relocated this turn"),
    ("SOLO_SPARE", 1, "Hoplites of an unused colour the Tyrant placed in Replenish Turns"),
    ("SOLO_REMINDERS", 1, "bit per IMPROVED_ACTIONS entry whose Improved Action Reminder "
                          "tile left his board with the top piece over it"),
    ("SOLO_POP", MAX_POPULATION, "the unused Population tiles, face down (step 19)"),
    ("SOLO_POP_N", 1, "tiles in that stack"),
    # the game's end and final scoring (p. 13)
    ("MODE", 1, "MODES code: standard, tutorial or short (Appendix 4, p. 15)"),
    ("ADDONS", 1, "bits of the gameplay modes played on top (ADDON_NAMES, Appendix 4, p. 15)"),
    ("TRACK_END", 1, "TRACK_ENDS code: how the track-end trigger counts (decision 2, p. 13)"),
    ("PHALANX_RULE", 1, "PHALANX_RULES code: where Phalanx Formation's Power counts "
                        "(decision 19, p. ~14)"),
    ("END_ROUND", 1, "last round to be played once the end is triggered, 0 before (p. 13)"),
    ("END_REASON", 1, "END_* code of the trigger that fired first, END_NONE before (p. 13)"),
    ("GAME_OVER", 1, "1 once the last round is played (or the safety limit is reached)"),
    ("END_SHIP", MAX_PLAYERS * MAX_SHIPS, "1 once that Ship was placed on a Land in final "
                                          "scoring; it stays there (decision 7, p. 13)"),
    ("GLORY", MAX_PLAYERS, "final Glory of each seat (p. 13)"),
    ("GLORY_SRC", MAX_PLAYERS * N_SOURCES, "seat * N_SOURCES + GLORY_SOURCES code: Glory per source"),
    ("WON", MAX_PLAYERS, "1 for each winner; ties after the track tie-break share (p. 13)"),
    ("VIOLATION", 1, "invariants.V_* code of the first invariant broken, 0 while consistent"),
    ("USE", MAX_PLAYERS * N_USE, "play-profile counts, seat * N_USE + mechanism (profile.PROFILE)"),
)

# The process's runtime words, after the game's own: what a game calls in this process and
# what the bots keep between decisions. They belong to no game: a state is saved,
# compared and replayed as its first GAME_SIZE words, a new game's set-up clears only
# those, and the engine clears these at a game's end.
_RUNTIME = (
    ("POLICY", MAX_PLAYERS, "each seat's policy code: sim.games.policies.RANDOM_LEGAL, the "
                            "rules' own (policy.FIRST_OPTION, policy.SCRIPTED) or, above 0, "
                            "its bot's, asked through BOT_ENTRY"),
    ("BOT_ENTRY", 2, "address of the bots' compiled choice in this process (sim.games.policies)"),
    ("SEARCH", 4, "addresses of the search bot's compiled entry and of its scratch in this "
                  "process, 0 when no seat searches"),
    ("RULE_ENTRIES", 2 * len(RULE_ENTRY_SLOTS),
     "addresses of the rules kernels compiled apart, in RULE_ENTRY_SLOTS order (rules.apart)"),
    ("PLAN", 4, "the search bot's chosen turn: seat + 1 whose turn is planned (0: none, -1: a "
                "planned choice no option held), the turn kind, the card row played, the "
                "Rondel option's row"),
    ("BOT_BOARD", 5, "the heuristic's memo: the Settle room, Deploy, Building and City ready, "
                     "and the cheapest step it counted for a turn's first Rondel decision"),
    ("BOT_BOARD_AT", 1, "DECISIONS when BOT_BOARD was counted, 0 for none"),
    ("BOT_BOARD_BY", 1, "seat * decisions.N_DECISIONS + the decision kind that counted it"),
)

# LAYOUT_KEY: checked by the engine's entries (state_layout)
FIELD_SPANS, STATE_SIZE, GAME_SIZE, LAYOUT_KEY = game_and_runtime(_FIELDS, _RUNTIME)

(N_PLAYERS, SIDE, FIRST, DECISIONS, REGION_TRACK, REGION_BLOCKED, REGION_PROPHECY,
 REGION_PROPHECY_N, REGION_PROPHECY_UP, LAND_HOPLITES, LAND_WORKERS, LAND_BUILDING,
 LAND_PILLAR, LAND_PILLAR_ON_RES, LAND_CITY, LAND_CITY_MARKER, LAND_POP, LAND_POP_UP, LAND_RES,
 LAND_RES_UP, SHIP_SPACE, SHIP_PROJECT, ARCHERY_TO, ARCHERS, TRACK_STEP, TRACK_HEIGHT,
 TRACK_CITY, CITIES_BUILD, CITIES_OUT, CITIES_ASIDE, PROC_DECK, PROC_N, PROC_UP, EGYPT,
 CARD_OUT, MYTH_DECK, MYTH_N, STRATEGY_STACK, STRATEGY_N, STRATEGY_UP, MYTH_OUT, SPHINX_AT,
 SPHINX_OWNER, BARB_STACK, BARB_N, BARB_AT, STARTING_OUT, CITIES_RAZED, ATLANTIS, LAND_END,
 HERO_DRAWN, HERO, HERO_AT, HERO_TOKENS, ODYSSEUS, ODYSSEUS_UP, ABILITY_LAND, PROPHECY_OWNER,
 DRAWN, DRAWN_RES, CITY_STATE, DEPLOY_LEFT, BUILD_LEFT, SETTLE_LEFT,
 MERCENARIES, MARKERS_LEFT, RONDEL_POS, SIEGE_AT, SKIRMISH_AT, STRATEGY_SLOT, EFFECTS_HELD, GUILDS, MYTH_SLOT,
 MYTH_INVOKED, WILD_TILES, DECK, DECK_N, HAND, HAND_N, DISCARD, DISCARD_N, EXILED, EXILED_N, ROUND, ACTIVE,
 EVENTS, PLAYED, CROSSED, TURN_DONE, CREDIT, TILES_USED, STATUS_STEPPED, PROPHECY_TURN, PILLARS_BESIDE,
 UNITS_BESIDE, BUILDINGS_BESIDE, POWER_BONUS, HALTED_SHIPS, GORGON_SEAT, GORGON_KIND, GORGON_AT,
 OFF_TURN_INVOKES, INVOKED_THIS_TURN, PARTNER, TROIA, TIME_MARKERS, TROIA_RULE, SOLO_RES_DECK,
 SOLO_RES_N, SOLO_RES_DISCARD, SOLO_RES_DISCARD_N, SOLO_MYTH, SOLO_WHEEL, SOLO_ICONS, SOLO_MOVED,
 SOLO_SHIPS_MOVED, SOLO_SPARE, SOLO_REMINDERS, SOLO_POP, SOLO_POP_N, MODE, ADDONS,
 TRACK_END, PHALANX_RULE, END_ROUND, END_REASON, GAME_OVER, END_SHIP, GLORY, GLORY_SRC, WON,
 VIOLATION, USE, POLICY, BOT_ENTRY, SEARCH, RULE_ENTRIES, PLAN, BOT_BOARD, BOT_BOARD_AT,
 BOT_BOARD_BY) = (FIELD_SPANS[name][0] for name, _, _ in _FIELDS + _RUNTIME)
DONE_ABILITY, DONE_MOVEMENT, DONE_ACTION = 1, 2, 4  # TURN_DONE bits
PROPHECY_EXILED = -2  # PROPHECY_OWNER of a Prophecy card Exiled for a Time marker (p. ~18)
USED_LIBRARY, USED_LIGHTHOUSE = 1, 2  # TILES_USED bits

# Fields that hold "which piece, card or tile is here", so that an empty board is -1.
NONE_FIELDS = ("REGION_PROPHECY", "LAND_BUILDING", "LAND_PILLAR", "LAND_CITY",
               "LAND_CITY_MARKER", "LAND_POP", "LAND_RES", "SHIP_SPACE", "SHIP_PROJECT",
               "ARCHERY_TO", "PROC_DECK", "EGYPT", "MYTH_DECK", "STRATEGY_STACK",
               "PROPHECY_OWNER", "DRAWN", "DRAWN_RES", "CITY_STATE", "SIEGE_AT", "SKIRMISH_AT",
               "STRATEGY_SLOT", "MYTH_SLOT", "DECK", "HAND", "DISCARD", "EXILED", "PLAYED",
               "GORGON_SEAT", "SPHINX_AT", "SPHINX_OWNER", "BARB_STACK", "BARB_AT", "ATLANTIS",
               "HERO_DRAWN", "HERO", "HERO_AT", "ODYSSEUS", "ABILITY_LAND", "PARTNER", "TROIA",
               "SOLO_RES_DECK", "SOLO_RES_DISCARD", "SOLO_POP")
NONE_SPANS = tuple(FIELD_SPANS[name] for name in NONE_FIELDS)


def check_capacity(tables) -> None:
    """Raise ``ContentError`` (one line) when the content holds more than the layout has
    room for: the kernels would write past a field."""
    cards = tables.cards.shape[0]
    characters = int((tables.cards[:, 0] == KIND_CHARACTER).sum())
    monuments = int((tables.cards[:, 0] == KIND_MONUMENT).sum())
    myth = max(int((tables.mythology[:, 0] == d).sum()) for d in range(N_DECKS))
    limits = (
        ("cards", cards, MAX_CARDS),
        ("characters in one Procurement deck", -(-characters // PROC_PER_ROW), MAX_PROC_DECK),
        ("monuments in one Procurement deck", -(-monuments // PROC_PER_ROW), MAX_PROC_DECK),
        ("kingdom_of_egypt cards", int((tables.cards[:, 0] == KIND_EGYPT).sum()), MAX_EGYPT),
        ("mythology cards in one deck", myth, MAX_MYTH_DECK),
        ("prophecies", tables.prophecies.shape[0], MAX_PROPHECIES),
        ("population tiles", tables.population.shape[0], MAX_POPULATION),
        ("resource tiles", tables.resource_tiles.shape[0], MAX_RESOURCE_TILES),
        ("strategy tiles", tables.strategy.shape[0], MAX_STRATEGY_TILES),
        ("barbarian tiles", tables.barbarians.shape[0], MAX_BARBARIANS),
        ("hero tiles", tables.heroes.shape[0], MAX_HEROES),
        ("city_state tiles", tables.city_start.shape[1], MAX_CITY_STATES),
        ("city_states drawn (players + extra)", MAX_PLAYERS + int(tables.setup[S_EXTRA_CITY_STATES]),
         MAX_DRAWN),
        ("mythology slots (setup.max_mythology)", int(tables.setup[S_MAX_MYTHOLOGY]), MYTH_BESIDE),
        ("player_board rows", max(tables.deploy_cost.shape[0], tables.build_cost.shape[0],
                                  tables.settle_rows.shape[0]), MAX_ROWS),
        ("ships per colour", int(tables.pieces[PIECES.index("ships")]), MAX_SHIPS),
        ("pillars on one starting Land", int(tables.start_pieces[START_PIECES.index("pillars")]), 1),
    )
    for what, have, room in limits:
        if have > room:
            raise ContentError(f"content: {have} {what}, but the game state has room for "
                               f"{room}; remove some or raise the limit in layout.py")
