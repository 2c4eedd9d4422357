"""The Age of Pericles game state: one flat int32 vector, declared once.

Every field below has a name, a length and a meaning. The constant ``<NAME>`` is the
field's offset; a per-seat field is indexed ``NAME + seat`` and a per-seat table
``NAME + seat * width + i``. Seats are the places at the table that take turns: the real
players and, in a 2-player game, the Demagogue (p. 21).
"""

from sim.games.pericles.profile import N_USE
from sim.games.state_layout import game_and_runtime

MAX_SEATS = 5  # 5 real players, or 2 real players + the Demagogue
MAX_ATHENA = 64  # Athena cards in the content (copies expanded)
MAX_MISSIONS = 64
MAX_SKILLS = 64
N_CITY_STATES = 15  # 6 starting + 9 advanced (p. 20)
N_AGORA = 9  # 3 x 3 spaces; space = row * 3 + column (p. 8)
MAX_DIPLOMACY = 12  # the largest allowed params.diplomacy_spaces
MAX_HOPLITE_SPACES = 6  # the largest allowed params.hoplite_spaces
N_PIECE_KINDS = 8  # Parthenon pieces, see PIECE_* below
N_DEM_CARDS = 9
N_UNIT_TYPES = 3
N_ICONS = 4

# Glory sources: Glory always equals the sum of these (the invariant harness checks it).
GLORY_SOURCES = (
    "row",           # own Diplomats paid when a Build scores their row (p. 12) or an
                     # Evaluate scores the whole track (p. 24)
    "builder",       # the builder reward (p. 12)
    "battle",        # defended Diplomats scored in Battle (p. 15)
    "compensation",  # Glory part of Compensation (pp. 10, 15)
    "missions",      # Mission rewards (p. 18)
    "offices",       # Governance majorities and ties (p. 16)
    "effects",       # Athena cards, City-states, Oikos, Setup, Skills, Recall, empty Stoa
    "completion",    # Culture completion's 10 Glory (p. 12)
    "end_home",      # final scoring lines (p. 17)
    "end_track",
    "end_ostracism",
    "end_citizens",
    "end_missions",
    "end_silver",
    "end_goods",
    "end_skills",
)
N_SOURCES = len(GLORY_SOURCES)
(SRC_ROW, SRC_BUILDER, SRC_BATTLE, SRC_COMPENSATION, SRC_MISSIONS, SRC_OFFICES, SRC_EFFECTS,
 SRC_COMPLETION, SRC_END_HOME, SRC_END_TRACK, SRC_END_OSTRACISM, SRC_END_CITIZENS,
 SRC_END_MISSIONS, SRC_END_SILVER, SRC_END_GOODS, SRC_END_SKILLS) = range(N_SOURCES)

# Parthenon pieces (p. 12): Military columns stand in the lower half, Culture in the
# upper; Economy and Universal columns are split between the halves.
(PIECE_MILITARY, PIECE_ECONOMY_UPPER, PIECE_ECONOMY_LOWER, PIECE_CULTURE,
 PIECE_UNIVERSAL_UPPER, PIECE_UNIVERSAL_LOWER, PIECE_ROOF_UPPER, PIECE_ROOF_LOWER) = range(8)
PIECE_NAMES = ("military", "economy_upper", "economy_lower", "culture",
               "universal_upper", "universal_lower", "roof_upper", "roof_lower")
PIECE_CAPACITY = (4, 2, 2, 4, 4, 4, 1, 1)

# Where a card is (ATHENA_LOC, MISSION_LOC, SKILL_LOC): a seat number, or one of these.
LOC_DECK = -1
LOC_DISCARD = -2
LOC_OFFER = -3  # Athena offer
LOC_TRACK = -4  # Athena card on the Diplomacy track
LOC_GONE = -5  # out of the game (Demagogue Missions, unused content)

# Game phases and end reasons.
PHASE_SETUP, PHASE_ASSEMBLY, PHASE_GOVERNANCE, PHASE_OVER = 0, 1, 2, 3
END_NONE, END_PARTHENON, END_DELIAN_LEAGUE, END_ROUND_LIMIT = 0, 1, 2, 3
END_REASON_NAMES = ("none", "parthenon", "delian_league", "round_limit")

NO_SEAT = -1

# The rules kernels compiled apart (rules.apart), in the order of their RULE_ENTRIES words.
RULE_ENTRY_SLOTS = ("demagogue_turn", "governance", "build_and_score", "battle", "athens_builds",
                    "completion")

BOT_MEMO_WORDS = 28  # the heuristic's memo, kept for the rest of a turn

_FIELDS = (
    # name, length, meaning
    ("N_PLAYERS", 1, "real players, 2..5"),
    ("N_SEATS", 1, "seats that take turns: real players plus the Demagogue"),
    ("DEMAGOGUE", 1, "the Demagogue's seat, or -1"),
    ("SKILLS_ON", 1, "1 when Skill cards are in play (0: the variant without Skills)"),
    ("ROUND", 1, "current round, from 1"),
    ("FIRST", 1, "seat holding the First Player token (always a real player)"),
    ("ACTIVE", 1, "seat whose turn it is, or -1 between turns"),
    ("PHASE", 1, "PHASE_* code"),
    ("END_REASON", 1, "END_* code once the game has ended"),
    ("GAME_OVER", 1, "1 as soon as an end condition holds (p. 17)"),
    ("CORRUPT", 1, "seat on the Night side, or -1 (at most one, p. 13)"),
    ("DECISIONS", 1, "decisions taken so far"),
    ("CLOCKWISE", MAX_SEATS, "seat at each table position, clockwise"),
    ("STRATEGY", MAX_SEATS, "policy code per seat"),
    ("RESERVE_SILVER", 1, "Silver left in the Reserve (value)"),
    ("RESERVE_AMPHORAS", 1, "Amphoras in the Reserve"),
    ("RESERVE_TROPHIES", 1, "Trophies in the Reserve"),
    ("CORRUPTION", 1, "Silver on the Corruption offer (p. 9)"),
    ("MARKET", 9, "1 if an Amphora stands on Market space row * 3 + column; row 0 = top"),
    ("RIVAL_POS", 2, "spaces each Rival has advanced from its start line (p. 14)"),
    ("BATTLE_HOPLITE", 2 * MAX_HOPLITE_SPACES, "owner seat of the Hoplite on each Battle-track space, or -1"),
    ("PROGRESS", 9, "owner of the Diplomat in row * 3 + slot, or -1; slot 0 pays 6, slot 2 is the entry"),
    ("DIPLO_CARD", MAX_DIPLOMACY, "Athena card on each Diplomacy-track space (0 = next to Athens), or -1"),
    ("DIPLO_OWNER", MAX_DIPLOMACY, "owner of the Diplomat on that card, or -1"),
    ("WAYPOST_SHIP", MAX_DIPLOMACY, "owner of the Ship on that Waypost space, or -1"),
    ("ACTIVE_CITY", 1, "the travelling City-state tile, or -1"),
    ("ACTIVE_CITY_POS", 1, "its Diplomacy-track space"),
    ("ACTIVE_WORKER", 1, "owner of the Worker on the travelling tile, or -1"),
    ("CITY_STACK", N_CITY_STATES, "tile ids from bottom to top"),
    ("CITY_STACK_N", 1, "tiles left in the stack"),
    ("AGORA_TILE", N_AGORA, "City-state tile covering each Agora space, or -1"),
    ("CITY_IN_GAME", N_CITY_STATES, "1 for each tile that entered the game at setup"),
    ("CITY_USED", MAX_SEATS, "per seat: bit t set once it took tile t's space action"),
    ("AGORA_CITIZEN", N_AGORA * MAX_SEATS, "space * MAX_SEATS + seat: 0 none, 1 Small, 2 Large"),
    ("PARTHENON", N_PIECE_KINDS, "pieces raised of each PIECE_* kind"),
    ("ATHENA_DECK", MAX_ATHENA, "Athena draw pile, top at index ATHENA_DECK_N - 1"),
    ("ATHENA_DECK_N", 1, "cards in the Athena draw pile"),
    ("ATHENA_LOC", MAX_ATHENA, "where each Athena card is: LOC_* or the holding seat"),
    ("ATHENA_OFFER", 3, "card in each offer slot, or -1"),
    ("HAND_ICONS", MAX_SEATS * N_ICONS, "Athena cards in each seat's hand by icon"),
    ("MISSION_DECK", MAX_MISSIONS, "Mission draw pile, top last"),
    ("MISSION_DECK_N", 1, "cards in the Mission draw pile"),
    ("MISSION_LOC", MAX_MISSIONS, "where each Mission is: LOC_* or the holding seat"),
    ("SKILL_DECK", MAX_SKILLS, "Skill draw pile, top last"),
    ("SKILL_DECK_N", 1, "cards in the Skill draw pile"),
    ("SKILL_LOC", MAX_SKILLS, "where each Skill is: LOC_* or the holding seat"),
    ("SKILL_TUCKED", MAX_SKILLS, "1 when its holder tucked it (power off, still scores)"),
    ("DEM_DECK", N_DEM_CARDS, "the Demagogue's card order"),
    ("DEM_NEXT", 1, "index of its next card in DEM_DECK"),
    ("DEM_DIPLOMATS", 1, "Demagogue Diplomats beside the board"),
    ("DEM_HOPLITES", 1, "Demagogue Hoplites beside the board"),
    ("DEM_PLACED", 1, "Citizens the Demagogue has placed this round"),
    # per seat
    ("GLORY", MAX_SEATS, "Glory track"),
    ("SILVER", MAX_SEATS, "Silver (value)"),
    ("AMPHORAS", MAX_SEATS, "Amphoras in Storage"),
    ("TROPHIES", MAX_SEATS, "Trophies"),
    ("ROLE", MAX_SEATS, "Role index, or -1"),
    ("NIGHT", MAX_SEATS, "1 when the Role tile shows its Night side"),
    ("UNITS_HOME", MAX_SEATS * N_UNIT_TYPES, "Units on the Oikos Unit track, by type"),
    ("UNITS_PORT", MAX_SEATS * N_UNIT_TYPES, "Units in Piraeus, by type"),
    ("UNITS_CAMP", MAX_SEATS * N_UNIT_TYPES, "Units in the Ostracized Camp, by type"),
    ("DIPS_HOME", MAX_SEATS, "Diplomats in the Household"),
    ("DIPS_STOA", MAX_SEATS, "Diplomats in the Stoa"),
    ("DIPS_CAMP", MAX_SEATS, "Diplomats in the Ostracized Camp"),
    ("SMALL_UNLOCKED", MAX_SEATS, "Small Citizens unlocked (p. 5)"),
    ("LARGE_UNLOCKED", MAX_SEATS, "1 once the Large Citizen is unlocked"),
    ("SMALL_PLACED", MAX_SEATS, "Small Citizens on the Agora this round"),
    ("LARGE_PLACED", MAX_SEATS, "1 when the Large Citizen is on the Agora this round"),
    ("SMALL_BACK", MAX_SEATS, "Small Citizens a Culture completion took back this round and not "
                              "placed since: they were placed, so they are not unused (p. 17)"),
    ("MISSIONS_HELD", MAX_SEATS, "Mission cards in hand"),
    ("SKILLS_UP", MAX_SEATS, "face-up Skills"),
    ("SKILL_ROUND", MAX_SEATS, "round of the last Skill gained (at most one per round, p. 19)"),
    ("GLORY_SRC", MAX_SEATS * N_SOURCES, "Glory by source, see GLORY_SOURCES"),
    ("PENDING_BATTLE", 2, "Battles waiting against each Rival: 1 when it reached Athens, more "
                          "when a Battle icon adds some (pp. 15, 24)"),
    ("PENDING_MOVES", 1, "City-state moves waiting to resolve"),
    ("PENDING_MOVER", 1, "seat that places a City-state integrated by those moves"),
    ("PENDING_ATHENS", 1, "Athens builds waiting to resolve (p. 12)"),
    ("ACTS_LARGE", 1, "1 when the Citizen now acting takes both Main Actions (Upgrade, p. 24)"),
    ("ACTS_SMALL", 1, "1 when the Large Citizen now acting takes one (Large -> Small, p. 24)"),
    ("USE", MAX_SEATS * N_USE, "play-profile counts, seat * N_USE + mechanism (profile.PROFILE)"),
    ("DRAFT_ORDER", MAX_SEATS, "when the seat drafted its Role: 1 first, ...; 0 when it was not drafted"),
    ("EVENTS", 1, "trace events written so far"),
    ("VIOLATION", 1, "first invariant violation code seen (invariants.V_*), 0 while consistent"),
)

# The process's runtime words, after the game's own: the addresses of the compiled entries a
# game calls in this process and what the bots keep between decisions. They belong to no
# game: a state is saved, compared and replayed as its first GAME_SIZE words, a new
# game's set-up clears only those, and the engine clears these at a game's end.
_RUNTIME = (
    ("BOT_ENTRY", 2, "address of the bots' compiled choice in this process (sim.games.policies)"),
    ("SEARCH", 4, "addresses of the search bot's compiled entry and of its scratch arrays in "
                  "this process, 0 when no seat searches"),
    ("RULE_ENTRIES", 2 * len(RULE_ENTRY_SLOTS),
     "addresses of the rules kernels compiled apart, in RULE_ENTRY_SLOTS order (rules.apart)"),
    ("BOT_MEMO", BOT_MEMO_WORDS, "values the heuristic derived for the rest of a turn"),
)

# LAYOUT_KEY: checked by the engine's entries (state_layout)
FIELD_SPANS, STATE_SIZE, GAME_SIZE, LAYOUT_KEY = game_and_runtime(_FIELDS, _RUNTIME)

(N_PLAYERS, N_SEATS, DEMAGOGUE, SKILLS_ON, ROUND, FIRST, ACTIVE, PHASE, END_REASON, GAME_OVER,
 CORRUPT, DECISIONS, CLOCKWISE, STRATEGY, RESERVE_SILVER, RESERVE_AMPHORAS, RESERVE_TROPHIES,
 CORRUPTION, MARKET, RIVAL_POS, BATTLE_HOPLITE, PROGRESS, DIPLO_CARD, DIPLO_OWNER,
 WAYPOST_SHIP, ACTIVE_CITY, ACTIVE_CITY_POS, ACTIVE_WORKER, CITY_STACK, CITY_STACK_N,
 AGORA_TILE, CITY_IN_GAME, CITY_USED, AGORA_CITIZEN, PARTHENON, ATHENA_DECK, ATHENA_DECK_N,
 ATHENA_LOC, ATHENA_OFFER, HAND_ICONS, MISSION_DECK, MISSION_DECK_N, MISSION_LOC, SKILL_DECK,
 SKILL_DECK_N, SKILL_LOC, SKILL_TUCKED, DEM_DECK, DEM_NEXT, DEM_DIPLOMATS, DEM_HOPLITES,
 DEM_PLACED, GLORY, SILVER, AMPHORAS, TROPHIES, ROLE, NIGHT, UNITS_HOME, UNITS_PORT,
 UNITS_CAMP, DIPS_HOME, DIPS_STOA, DIPS_CAMP, SMALL_UNLOCKED, LARGE_UNLOCKED, SMALL_PLACED,
 LARGE_PLACED, SMALL_BACK, MISSIONS_HELD, SKILLS_UP, SKILL_ROUND, GLORY_SRC, PENDING_BATTLE,
 PENDING_MOVES, PENDING_MOVER, PENDING_ATHENS, ACTS_LARGE, ACTS_SMALL, USE, DRAFT_ORDER,
 EVENTS, VIOLATION, BOT_ENTRY, SEARCH, RULE_ENTRIES, BOT_MEMO) = (
    FIELD_SPANS[name][0] for name, _, _ in _FIELDS + _RUNTIME)
