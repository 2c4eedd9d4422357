"""The Aeolis game state: one flat int32 vector, declared once.

A co-operative game has no seats: the Heroes share one team stash (they may exchange
resources at any time in the Player Phase, rulebook p. 9), so resources are kept once.
``<NAME>`` is a field's offset; a table is indexed ``NAME + i`` or ``NAME + i * width + j``.
"""

from sim.games.aeolis.profile import N_USE
from sim.games.state_layout import game_and_runtime

N_HEX = 36  # the map: 6 rows x 6 columns, row 0 at the top (content.toml [map])
N_COLS = 6  # one per D6 face at the top of the board (p. 36)
MAX_ENEMIES = 8  # enemy tokens on the board at once
MAX_ACTIVE = 16  # Active Events pile
MAX_CARDS = 128  # event cards in the content (all decks, expansions included)
MAX_SPELLS = 48
N_SPHERES = 6  # black sphere 0 plus up to five coloured spheres (Arachnai form)
N_FAITH = 4  # Faith Dice, one per Priestess ability slot (p. 22)
N_COMPASS = 4  # Exploration Compass slots (p. 25)
N_DECKS = 6  # Event decks: Blessing, Age I / II Curse, Age I / II Invasion, Heroic (ops.DECKS)
MAX_TOP = 6  # cards Augury can fix on top of one deck (a Faith Die shows at most 6)

# Resources of the team stash (index into RES). The four crystals are the Magi's black
# Sphere, which holds crystals of every colour (p. 23).
RESOURCES = ("wood", "wheat", "stone", "copper", "iron", "horse", "salt", "fish", "meat",
             "leather", "pearl", "algae", "bronze", "light", "void", "fire", "ice", "gold")
N_RES = len(RESOURCES)
(R_WOOD, R_WHEAT, R_STONE, R_COPPER, R_IRON, R_HORSE, R_SALT, R_FISH, R_MEAT, R_LEATHER,
 R_PEARL, R_ALGAE, R_BRONZE, R_LIGHT, R_VOID, R_FIRE, R_ICE, R_GOLD) = range(N_RES)
R_WORKER = N_RES  # pseudo-resource in structure products: an untrained worker
CRYSTAL0 = R_LIGHT  # colour c (0 light, 1 void, 2 fire, 3 ice) is resource CRYSTAL0 + c

# Heroes (bit h of HEROES when active; p. 7).
HEROES_ALL = ("queen", "merchant", "philosopher", "hoplite", "priestess", "magi", "triaconter")
N_HEROES = len(HEROES_ALL)
(H_QUEEN, H_MERCHANT, H_PHILOSOPHER, H_HOPLITE, H_PRIESTESS, H_MAGI, H_TRIACONTER) = range(7)

# Trained unit kinds (UNITS + k). Army kinds come first so ARMY_KINDS is a range.
UNIT_KINDS = ("hoplite", "toxotai", "hippeis", "companion", "merchant", "philosopher",
              "alchemist", "priestess", "bloodthrall", "magi", "ship")
N_UNITS = len(UNIT_KINDS)
(U_HOPLITE, U_TOXOTAI, U_HIPPEIS, U_COMPANION, U_MERCHANT, U_PHILOSOPHER, U_ALCHEMIST,
 U_PRIESTESS, U_BLOODTHRALL, U_MAGI, U_SHIP) = range(N_UNITS)
N_ARMY = 4  # hoplite, toxotai, hippeis, companion fight on land
UNIT_HERO = (H_HOPLITE, H_HOPLITE, H_HOPLITE, H_HOPLITE, H_MERCHANT, H_PHILOSOPHER,
             H_PHILOSOPHER, H_PRIESTESS, H_PRIESTESS, H_MAGI, H_TRIACONTER)

# Miniatures on the map (POS + g): one per group; -1 when the group has no units.
GROUPS = ("hoplite", "toxotai", "hippeis", "companion", "philosopher", "priestess", "magi",
          "ship")
N_GROUPS = len(GROUPS)
(G_HOPLITE, G_TOXOTAI, G_HIPPEIS, G_COMPANION, G_PHILOSOPHER, G_PRIESTESS, G_MAGI,
 G_SHIP) = range(N_GROUPS)

# Army upgrades (bits of UPGRADES + army kind; p. 19): Iron supersedes Bronze.
UP_LEATHER, UP_BRONZE, UP_IRON = 1, 2, 4

# Hero buildings and their upgrade level (LEVEL + b): 0 base, 1 first, 2 second upgrade.
BUILDINGS = ("acropolis", "agora", "academy", "arena", "temple", "oracle", "harbor")
N_BUILDINGS = len(BUILDINGS)
(B_ACROPOLIS, B_AGORA, B_ACADEMY, B_ARENA, B_TEMPLE, B_ORACLE, B_HARBOR) = range(7)

# Expansions (bit x of EXPANSIONS when switched on; p. 26-28).
EXPANSIONS_ALL = ("alchemist", "queen_of_the_people", "companion", "caravan_master",
                  "priestess_of_death", "arachnai", "galley")
N_EXPANSIONS = len(EXPANSIONS_ALL)

# Modes (p. 6).
MODES = ("easy", "challenging", "hardcore", "marathon")

# Loss causes (LOSS_CAUSE).
LOSS_CAUSES = ("none", "invasion_reached_city", "invasion_undefeated")
LOSS_NONE, LOSS_INVASION_CITY, LOSS_INVASION_LEFT = range(3)

# Phases (PHASE).
PHASE_SETUP, PHASE_UPKEEP, PHASE_PLAYER, PHASE_ENEMY, PHASE_END = range(5)

# Enemy slots: ENEMY + slot * EN_WIDTH + column.
EN_CARD, EN_HEX, EN_DAMAGE, EN_INFERNO, EN_EVENT = range(5)  # EN_CARD -1: empty slot
EN_WIDTH = 5
# Event card states (CARD_STATE + card); CARD_SEEN: fixed on top of its deck by Augury.
CARD_IN_DECK, CARD_DRAWN, CARD_OUT, CARD_SEEN = range(4)
# Active Events pile: ACTIVE + slot = card id, -1 empty.

_FIELDS = (
    # name, length, meaning (range)
    ("ROUND", 1, "current round, 1..mode rounds; 0 during setup"),
    ("N_ROUNDS", 1, "rounds of the mode: 10, or 20 in Marathon (p. 6)"),
    ("MODE", 1, "index into MODES"),
    ("PHASE", 1, "PHASE_* constant"),
    ("GAME_OVER", 1, "1 once the game has ended"),
    ("WON", 1, "1 when the city survived every round"),
    ("LOSS_CAUSE", 1, "LOSS_* constant"),
    ("LOSS_RULE", 1, "0: loss when an Invasion enters the city; 1: also when one is left at the end"),
    ("MORALE", 1, "Morale track position, params morale_min..morale_max; starts 0 (p. 15)"),
    ("HEROES", 1, "bit mask of active Heroes"),
    ("EXPANSIONS", 1, "bit mask of switched-on expansions"),
    ("PROD_DIE", 1, "0 never roll the Production Die, 1 the Queen decides per Structure, 2 always"),
    ("HEROIC", 1, "Heroic Event card id, -1 when Heroic Events are off"),
    ("HEROIC_OK", 1, "1 when the Heroic Event's requirements are met at the end"),
    ("RES", N_RES, "team stash per resource (>= 0)"),
    ("WORKERS", 1, "untrained workers on the Queen's mat (0..params max_workers)"),
    ("UNITS", N_UNITS, "trained units per kind (0..params max_units)"),
    ("POS", N_GROUPS, "hex of each miniature, -1 when the group has no units"),
    ("HOME", N_GROUPS, "hex where a group's miniature enters (its building, p. 8)"),
    ("UPGRADES", N_ARMY, "UP_* bits unlocked per army kind"),
    ("LEVEL", N_BUILDINGS, "upgrade level per hero building (0..2)"),
    ("TECH", 64, "1 when technology t is discovered"),
    ("TECH_USED", 64, "1 once technology t has made possible something the team did"),
    ("RESEARCH", 1, "Research cubes on the Philosopher's mat"),
    ("STRUCT", N_HEX, "structure type on hex h, -1 none"),
    ("RUIN", N_HEX, "1 when the hex's structure is destroyed (Ruin token)"),
    ("PLAGUE", N_HEX, "1 when a Plague token is on the hex"),
    ("CONSECRATED", N_HEX, "1 when a Consecrate token is on the hex"),
    ("INFERNO", N_HEX, "1 when an Inferno burns on the hex"),
    ("CHARAX", N_HEX, "1 when a Charax token is on the hex"),
    ("AURA", N_HEX, "1 when a Companion's Aura of Protection shields the hex from Raids this round"),
    ("STOCK", N_HEX * 2, "produced goods waiting on hex h: [h*2] first product, [h*2+1] second"),
    ("HEX_GOLD", N_HEX, "Gold waiting on hex h (Production Die Gold face)"),
    ("ENEMY", MAX_ENEMIES * EN_WIDTH, "enemy tokens: card, hex, damage, Immolate flag, event slot"),
    ("ACTIVE", MAX_ACTIVE, "Active Events pile: card ids, -1 empty"),
    ("BURNING", MAX_ACTIVE, "1 when the Inferno in active slot k has struck and burns until "
                            "put out (p. 34)"),
    ("CARD_STATE", MAX_CARDS, "0 in deck, 1 drawn (active or concluded), 2 out of the game, "
                              "3 seen on top of its deck (Augury)"),
    ("DECK_TOP", N_DECKS * MAX_TOP, "cards Augury fixed on top of deck d: [d*MAX_TOP+k], next "
                                    "drawn first; -1 empty"),
    ("SPHERE_N", N_SPHERES, "crystals on coloured Sphere s (s >= 1); black Sphere = RES crystals"),
    ("SPHERE_COLOR", N_SPHERES, "colour of the crystals on Sphere s, -1 empty"),
    ("SPHERE_MOVED", N_SPHERES, "crystals that already flowed into Sphere s this round"),
    ("SPELL_HAND", MAX_SPELLS, "1 when the Magi holds spell k"),
    ("SPELL_CAST", MAX_SPELLS, "1 when spell k was cast this round"),
    ("FAITH", N_FAITH, "Faith Dice values (1..6)"),
    ("FAITH_USED", N_FAITH, "1 when the ability was used this round"),
    ("BLESSED", 1, "Faith value of this round's Bless, 0 none"),
    ("BLESS_GROUPS", 1, "bit g set when group g stood on or next to the Priestess's hex as "
                        "she Blessed (p. 22)"),
    ("PLAGUE_HELD", 1, "Plague tokens on the Priestess of Death's mat"),
    ("COMPANION_USED", 1, "Companion units that used their one divine ability this round (p. 27)"),
    ("COMPASS", N_COMPASS, "loot token id on each Exploration Compass slot, -1 empty"),
    ("WHEEL", 1, "Trade Wheel position"),
    ("DIPLOMACY_LEFT", 1, "Diplomacy attempts left this round"),
    ("RANGED_DONE", 1, "bit 0 Toxotai, bit 1 ships: ranged attack used this round"),
    ("LEATHER_HELD", 1, "Leather of the stash when the Player Phase began not yet spent: an "
                        "upgrade spends Leather held before the phase (p. 19)"),
    ("ENGAGED", 1, "1 + enemy slot the Toxotai engaged from an adjacent hex this round "
                   "(an enemy with archers, p. 20), 0 none"),
    ("STRUCT_BUILT", 1, "Structures built so far"),
    ("ENEMIES_BEATEN", 1, "enemies destroyed by combat, spells or Diplomacy"),
    ("DECISIONS", 1, "decisions asked so far"),
    ("USE", N_USE, "play-profile counts of the team, by mechanism (profile.PROFILE)"),
    ("EVENTS", 1, "trace rows written"),
    ("VIOLATION", 1, "first invariant violated (invariants.V_*), 0 while consistent"),
)

# The process's runtime words, after the game's own: the addresses of the compiled entries a
# game calls in this process and what the bots keep between decisions. They belong to no
# game: a state is saved, compared and replayed as its first GAME_SIZE words, a new
# game's set-up clears only those, and the engine clears these at a game's end.
_RUNTIME = (
    ("BOT_ENTRY", 2, "address of the team's compiled choice in this process, low half first "
                     "(the bot contract, sim.games.policies)"),
    ("SEARCH", 4, "addresses of the search bot's compiled entry and of its scratch, low half "
                  "first; 0 when the team does not search"),
    ("PLAYOUT_AT", 1, "0 in a game; in a search play-out, the decision count whose choice is "
                      "forced"),
    ("PLAYOUT_PICK", 1, "in a play-out: the option forced at PLAYOUT_AT"),
    ("PLAYOUT_KEY", 2, "in a play-out: the key its random streams are dealt from again at "
                       "PLAYOUT_AT, low half first"),
    ("PLAYOUT_SAMPLE", 1, "in a play-out: which of the search's samples it is"),
)

# LAYOUT_KEY: checked by the engine's entries (state_layout)
FIELD_SPANS, STATE_SIZE, GAME_SIZE, LAYOUT_KEY = game_and_runtime(_FIELDS, _RUNTIME)

(ROUND, N_ROUNDS, MODE, PHASE, GAME_OVER, WON, LOSS_CAUSE, LOSS_RULE, MORALE, HEROES,
 EXPANSIONS, PROD_DIE, HEROIC, HEROIC_OK, RES, WORKERS, UNITS, POS, HOME, UPGRADES, LEVEL,
 TECH, TECH_USED, RESEARCH, STRUCT, RUIN, PLAGUE, CONSECRATED, INFERNO, CHARAX, AURA, STOCK,
 HEX_GOLD, ENEMY, ACTIVE, BURNING, CARD_STATE, DECK_TOP, SPHERE_N, SPHERE_COLOR, SPHERE_MOVED,
 SPELL_HAND, SPELL_CAST, FAITH, FAITH_USED, BLESSED, BLESS_GROUPS, PLAGUE_HELD, COMPANION_USED,
 COMPASS, WHEEL, DIPLOMACY_LEFT, RANGED_DONE, LEATHER_HELD, ENGAGED, STRUCT_BUILT,
 ENEMIES_BEATEN, DECISIONS, USE, EVENTS, VIOLATION, BOT_ENTRY, SEARCH, PLAYOUT_AT,
 PLAYOUT_PICK, PLAYOUT_KEY, PLAYOUT_SAMPLE) = (
    FIELD_SPANS[name][0] for name, _, _ in _FIELDS + _RUNTIME)
