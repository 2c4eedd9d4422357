"""State invariants of Age of Pericles, checked by the engine at every settled point.

``check_state`` returns 0 when the state is consistent, otherwise the first violated
rule's code below. The engine calls it after Governance and after final scoring in every
game, and after every Assembly turn too when the setup asks (``check_turns``, which the
invariant harness tests/test_pericles_invariants.py does); it keeps the first non-zero
code in ``layout.VIOLATION``, and the harness asserts it stays 0. A broken count stays
broken, so the round-end check still flags it; runs leave the turn checks out, since
they would add a check to every turn of every game.
"""

from sim.games.kernels import glory_adds_up
from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.jit import kernel

V_OK = 0
V_NEGATIVE = 1  # a resource, piece count, card count or Rival position below 0
V_SILVER = 2  # Reserve + players + Corruption offer != the Silver in the box (p. 4)
V_AMPHORAS = 3  # Reserve + Market + Storage != the Amphoras in the box
V_TROPHIES = 4  # Reserve + players != the Trophies in the box
V_DIPLOMATS = 5  # a player's 8 Diplomats (or the Demagogue's) not all accounted for
V_UNITS = 6  # a player's 2 Units of a type (or the Demagogue's 2 Hoplites) not all accounted for
V_GLORY_SOURCES = 7  # Glory differs from the sum of its sources
V_PARTHENON = 8  # a Parthenon piece kind over its capacity
V_CORRUPT = 9  # more than one player corrupt, or CORRUPT disagrees with the Night flags
V_CITIZENS = 10  # more Citizens placed than unlocked, or the Agora disagrees with the counts
V_CARDS = 11  # hand, deck, offer or track bookkeeping of a card disagrees with its location
V_NO_BOT_ENTRY = 12  # a bot was asked in a game started without its entry (sim.games.policies)
V_NO_RULE_ENTRY = 13  # a rules kernel compiled apart was called without its entry (rules.apart)
V_RULE_RAISED = 14  # a rules kernel compiled apart stopped on an error (rules.apart)
VIOLATION_NAMES = ("ok", "negative", "silver", "amphoras", "trophies", "diplomats", "units",
                   "glory_sources", "parthenon", "corrupt", "citizens", "cards", "no_bot_entry",
                   "no_rule_entry", "rule_raised")

N_DIPLOMATS = 8  # per player and for the Demagogue (pp. 4, 21)
UNITS_PER_TYPE = 2  # Workers, Ships, Hoplites per player; the Demagogue's Hoplites (pp. 4, 21)


@kernel
def _negative(s):
    for f in (L.RESERVE_SILVER, L.RESERVE_AMPHORAS, L.RESERVE_TROPHIES, L.CORRUPTION,
              L.ATHENA_DECK_N, L.MISSION_DECK_N, L.SKILL_DECK_N, L.CITY_STACK_N,
              L.DEM_DIPLOMATS, L.DEM_HOPLITES, L.DEM_PLACED, L.PENDING_MOVES, L.PENDING_ATHENS):
        if s[f] < 0:
            return True
    for r in range(2):
        if s[L.RIVAL_POS + r] < 0:
            return True
    for seat in range(L.MAX_SEATS):
        for f in (L.SILVER, L.AMPHORAS, L.TROPHIES, L.DIPS_HOME, L.DIPS_STOA, L.DIPS_CAMP,
                  L.SMALL_PLACED, L.SMALL_BACK, L.LARGE_PLACED, L.MISSIONS_HELD, L.SKILLS_UP):
            if s[f + seat] < 0:
                return True
        for u in range(L.N_UNIT_TYPES):
            k = seat * L.N_UNIT_TYPES + u
            if s[L.UNITS_HOME + k] < 0 or s[L.UNITS_PORT + k] < 0 or s[L.UNITS_CAMP + k] < 0:
                return True
        for i in range(L.N_ICONS):
            if s[L.HAND_ICONS + seat * L.N_ICONS + i] < 0:
                return True
    return False


@kernel
def _goods(s, T):
    n = s[L.N_SEATS]
    silver = s[L.RESERVE_SILVER] + s[L.CORRUPTION]
    amphoras = s[L.RESERVE_AMPHORAS]
    trophies = s[L.RESERVE_TROPHIES]
    for seat in range(n):
        silver += s[L.SILVER + seat]
        amphoras += s[L.AMPHORAS + seat]
        trophies += s[L.TROPHIES + seat]
    for m in range(9):
        amphoras += s[L.MARKET + m]
    if silver != T.params[P.RESERVE_SILVER]:
        return V_SILVER
    if amphoras != T.params[P.RESERVE_AMPHORAS]:
        return V_AMPHORAS
    if trophies != T.params[P.RESERVE_TROPHIES]:
        return V_TROPHIES
    return V_OK


@kernel
def _pieces(s, T):
    # One pass over the board for every seat at once: pieces out per seat counted in 8-bit
    # lanes of one word, one lane per seat (MAX_SEATS lanes, each far below 256).
    n = s[L.N_SEATS]
    spaces = T.params[P.HOPLITE_SPACES]
    dips_out = 0
    for k in range(9):
        owner = s[L.PROGRESS + k]
        if 0 <= owner < n:
            dips_out += 1 << (8 * owner)
    ships_out = 0
    for d in range(L.MAX_DIPLOMACY):
        owner = s[L.DIPLO_OWNER + d]
        if 0 <= owner < n:
            dips_out += 1 << (8 * owner)
        owner = s[L.WAYPOST_SHIP + d]
        if 0 <= owner < n:
            ships_out += 1 << (8 * owner)
    hoplites_out = 0
    misplaced = 0  # bit per seat: a Hoplite on a space past the track's length
    for k in range(2 * L.MAX_HOPLITE_SPACES):
        owner = s[L.BATTLE_HOPLITE + k]
        if 0 <= owner < n:
            hoplites_out += 1 << (8 * owner)
            if k % L.MAX_HOPLITE_SPACES >= spaces:
                misplaced |= 1 << owner
    dem = s[L.DEMAGOGUE]
    for seat in range(n):
        if (misplaced >> seat) & 1:
            return V_UNITS
        dips = (dips_out >> (8 * seat)) & 255
        hoplites = (hoplites_out >> (8 * seat)) & 255
        if seat == dem:
            if dips + s[L.DEM_DIPLOMATS] != N_DIPLOMATS:
                return V_DIPLOMATS
            if hoplites + s[L.DEM_HOPLITES] != UNITS_PER_TYPE:
                return V_UNITS
            continue
        dips += s[L.DIPS_HOME + seat] + s[L.DIPS_STOA + seat] + s[L.DIPS_CAMP + seat]
        if dips != N_DIPLOMATS:
            return V_DIPLOMATS
        workers = 1 if s[L.ACTIVE_WORKER] == seat else 0
        ships = (ships_out >> (8 * seat)) & 255
        for u in range(L.N_UNIT_TYPES):
            k = seat * L.N_UNIT_TYPES + u
            total = s[L.UNITS_HOME + k] + s[L.UNITS_PORT + k] + s[L.UNITS_CAMP + k]
            if u == 0:
                total += workers
            elif u == 1:
                total += ships
            else:
                total += hoplites
            if total != UNITS_PER_TYPE:
                return V_UNITS
    return V_OK


@kernel
def _glory(s):
    if glory_adds_up(s, L.MAX_SEATS, L.GLORY, L.GLORY_SRC, L.N_SOURCES):
        return V_OK
    return V_GLORY_SOURCES


@kernel
def _parthenon(s):
    for piece in range(L.N_PIECE_KINDS):
        if s[L.PARTHENON + piece] < 0 or s[L.PARTHENON + piece] > L.PIECE_CAPACITY[piece]:
            return V_PARTHENON
    return V_OK


@kernel
def _corrupt(s):
    night = 0
    for seat in range(L.MAX_SEATS):
        if s[L.NIGHT + seat] == 1:
            night += 1
            if s[L.CORRUPT] != seat:
                return V_CORRUPT
        elif s[L.NIGHT + seat] != 0:
            return V_CORRUPT
    if night > 1 or (night == 0 and s[L.CORRUPT] != -1):
        return V_CORRUPT
    if s[L.DEMAGOGUE] >= 0 and night > 0:
        return V_CORRUPT  # with the Demagogue no real player is ever corrupt (p. 21)
    return V_OK


@kernel
def _citizens(s):
    dem = s[L.DEMAGOGUE]
    for seat in range(s[L.N_SEATS]):
        small = 0
        large = 0
        for space in range(L.N_AGORA):
            v = s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat]
            if v == 1:
                small += 1
            elif v == 2:
                large += 1
            elif v != 0:
                return V_CITIZENS
        if seat == dem:
            if small + large != s[L.DEM_PLACED] or large > 1 or s[L.DEM_PLACED] > 4:
                return V_CITIZENS
            continue
        if small != s[L.SMALL_PLACED + seat] or large != s[L.LARGE_PLACED + seat]:
            return V_CITIZENS
        if (small + s[L.SMALL_BACK + seat] > s[L.SMALL_UNLOCKED + seat]
                or large > s[L.LARGE_UNLOCKED + seat]):
            return V_CITIZENS
        if s[L.SMALL_UNLOCKED + seat] > 3 or s[L.LARGE_UNLOCKED + seat] > 1:
            return V_CITIZENS
    return V_OK


@kernel
def _cards(s, T):
    n_athena = T.athena.shape[0]
    for k in range(s[L.ATHENA_DECK_N]):
        if s[L.ATHENA_LOC + s[L.ATHENA_DECK + k]] != L.LOC_DECK:
            return V_CARDS
    for k in range(3):
        c = s[L.ATHENA_OFFER + k]
        if c >= 0 and s[L.ATHENA_LOC + c] != L.LOC_OFFER:
            return V_CARDS
    for d in range(L.MAX_DIPLOMACY):
        c = s[L.DIPLO_CARD + d]
        if c >= 0 and s[L.ATHENA_LOC + c] != L.LOC_TRACK:
            return V_CARDS
    in_deck = 0
    for c in range(n_athena):
        if s[L.ATHENA_LOC + c] == L.LOC_DECK:
            in_deck += 1
    if in_deck != s[L.ATHENA_DECK_N]:
        return V_CARDS
    # One pass over each deck for every seat at once: cards held per seat counted in 8-bit
    # lanes of one word, one lane per seat (a deck has at most 64 cards, so no lane
    # overflows); Athena cards in one such word per icon.
    n = s[L.N_SEATS]
    military = economy = culture = universal = 0
    for c in range(n_athena):
        holder = s[L.ATHENA_LOC + c]
        if 0 <= holder < n:
            lane = 1 << (8 * holder)
            icon = T.athena[c, 0]
            if icon == 0:
                military += lane
            elif icon == 1:
                economy += lane
            elif icon == 2:
                culture += lane
            else:
                universal += lane
    missions = 0
    for m in range(T.missions.shape[0]):
        holder = s[L.MISSION_LOC + m]
        if 0 <= holder < n:
            missions += 1 << (8 * holder)
    face_up = 0
    for k in range(T.skills.shape[0]):
        holder = s[L.SKILL_LOC + k]
        if 0 <= holder < n and s[L.SKILL_TUCKED + k] == 0:
            face_up += 1 << (8 * holder)
    for seat in range(n):
        lane = 8 * seat
        hand = L.HAND_ICONS + seat * L.N_ICONS
        if ((military >> lane) & 255 != s[hand] or (economy >> lane) & 255 != s[hand + 1]
                or (culture >> lane) & 255 != s[hand + 2]
                or (universal >> lane) & 255 != s[hand + 3]):
            return V_CARDS
        if (missions >> lane) & 255 != s[L.MISSIONS_HELD + seat]:
            return V_CARDS
        up = (face_up >> lane) & 255
        if up != s[L.SKILLS_UP + seat] or up > T.params[P.SKILLS_FACE_UP]:
            return V_CARDS
    return V_OK


@kernel
def check_state(s, T):
    """The first violated invariant's V_* code, or 0 when the state is consistent."""
    if _negative(s):
        return V_NEGATIVE
    for code in (_goods(s, T), _pieces(s, T), _glory(s), _parthenon(s), _corrupt(s),
                 _citizens(s), _cards(s, T)):
        if code != V_OK:
            return code
    return V_OK


@kernel
def record(s, T):
    """Run ``check_state`` and keep the first non-zero code in ``VIOLATION``."""
    if s[L.VIOLATION] == 0:
        s[L.VIOLATION] = check_state(s, T)
