"""State invariants of Pillars of Heracles (pillars-gaps section 6), checked on a settled
state. ``check_state`` returns 0 when the state is consistent, otherwise the first violated
rule's code below."""

import numpy as np

from sim.games.kernels import glory_adds_up
from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    BUILDINGS,
    C_KIND,
    PIECES,
    S_COMMON_CITIES,
    SOLO_DECK_CHANGE,
    ST_ADD,
    ST_REMOVE,
    TILES_PER_STACK,
)
from sim.games.pillars.rules.cards import mythology_room
from sim.games.pillars.rules.domains import open_land
from sim.jit import kernel

V_OK = 0
V_PIECES = 1  # a colour's Hoplites, Workers, Ships, Pillars or Buildings not all accounted for (p. 3)
V_LAND = 2  # two Buildings of one type on a Land, two Ships in one Port, or a depleted tile
#            without its Pillar (pp. 7, 9-10)
V_CITIES = 3  # Common Cities on tracks, supply, map and aside differ from 12 + N (step 5),
#              or a seated colour's Starting City is not on the map exactly once (or out
#              of the game, removed by the Barbarians, p. 15)
V_TRACKS = 4  # a marker off steps 0-5, or two markers at one place of a stack (p. 7)
V_CARDS = 5  # an Action card in no place or two (step 3, step 15, p. 10)
V_MYTHOLOGY = 6  # a Mythology card in no deck, slot or out of the game, or in two (step 2,
#                 p. 31), or in a slot beyond 1 + Temples (p. 10)
V_TILES = 7  # a tile or Prophecy on two spaces, a Population tile on a Land of another icon,
#             anything in a Forbidden Domain (steps 17-20), the Sphinx tile on no Land
#             with a holder or with none (p. 31), a seat's Strategy effects or Guilds
#             counted otherwise than its tiles show (p. 6), or a Barbarian tile in no place
#             or two, or in a Forbidden Domain (p. 15), or the Atlantis tile or a piece
#             on an Atlantis slot out of play (p. 15)
V_GLORY = 8  # a seat's Glory differs from the sum of its sources (p. 13)
V_INVOKES = 9  # a seat Invoked more than one Mythology card in another seat's turn (p. 8)
V_NO_BOT_ENTRY = 10  # a bot was asked in a game started without its entry (sim.games.policies)
V_HEROES = 11  # a Hero tile held by two seats or not turned up in step 10, a Hero Unit
#              without its tile or on a Land out of play, or an Odysseus token in no
#              place or two, in a blocked Region, or in play without Odysseus (p. 16)
V_NO_RULE_ENTRY = 12  # a rules kernel compiled apart was called without its entry (rules.apart)
V_RULE_RAISED = 13  # a rules kernel compiled apart stopped on an error (rules.apart)
VIOLATION_NAMES = ("ok", "pieces", "land", "cities", "tracks", "cards", "mythology", "tiles",
                   "glory", "invokes", "no_bot_entry", "heroes", "no_rule_entry", "rule_raised")

P_PILLARS, P_HOPLITES, P_WORKERS, P_SHIPS = (
    PIECES.index(k) for k in ("pillars", "hoplites", "workers", "ships"))
# the PIECES entry of each Building type, in content.BUILDINGS order
BUILDING_PIECES = tuple(PIECES.index(b + "s") for b in BUILDINGS)


@kernel
def _pieces(s, T):
    for seat in range(s[L.N_PLAYERS]):
        hoplites = s[L.MERCENARIES + seat]
        workers = 0
        pillars = s[L.PILLARS_BESIDE + seat]
        ships = 0
        for land in range(L.N_LANDS):
            k = land * L.MAX_PLAYERS + seat
            hoplites += s[L.LAND_HOPLITES + k]
            workers += s[L.LAND_WORKERS + k]
            pillars += s[L.LAND_PILLAR + land] == seat
        for k in range(L.MAX_SHIPS):
            ships += s[L.SHIP_SPACE + seat * L.MAX_SHIPS + k] >= 0
        beside = L.UNITS_BESIDE + seat * L.N_UNIT_KINDS
        ships += s[beside + L.U_SHIP]
        workers += s[beside + L.U_WORKER]
        hoplites += s[beside + L.U_HOPLITE]
        for row in range(L.MAX_ROWS):
            slot = L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS
            ships += s[slot + L.U_SHIP]
            workers += s[slot + L.U_WORKER]
            hoplites += s[slot + L.U_HOPLITE]
            pillars += s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row]
        if seat == L.TYRANT and s[L.ADDONS] & L.ADDON_SOLO != 0:
            hoplites -= s[L.SOLO_SPARE]  # of unused colours, his for all purposes (p. ~22)
        if (hoplites != T.pieces[P_HOPLITES] or workers != T.pieces[P_WORKERS]
                or ships != T.pieces[P_SHIPS] or pillars != T.pieces[P_PILLARS]):
            return False
        for b in range(L.N_BUILDING_KINDS):
            built = s[L.BUILDINGS_BESIDE + seat * L.N_BUILDING_KINDS + b]
            for land in range(L.N_LANDS):
                built += s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] == b
            for row in range(L.MAX_ROWS):
                built += s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + b]
            if built != T.pieces[BUILDING_PIECES[b]]:
                return False
    return True


@kernel
def _lands(s):
    for land in range(L.N_LANDS):
        seen = 0  # bit per Building type
        for seat in range(L.MAX_PLAYERS):
            b = s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat]
            if b >= 0:
                if (seen >> b) & 1:
                    return False
                seen |= 1 << b
        tile = s[L.LAND_RES + land] >= 0 or land == s[L.ATLANTIS]  # Atlantis is Wild (p. 15)
        if s[L.LAND_PILLAR_ON_RES + land] == 1 and (s[L.LAND_PILLAR + land] < 0 or not tile):
            return False
        in_port = 0
        for k in range(L.MAX_PLAYERS * L.MAX_SHIPS):
            in_port += s[L.SHIP_SPACE + k] == L.PORT + land
        if in_port > 1:
            return False
    return True


@kernel
def _cities(s, T):
    n = s[L.N_PLAYERS]
    common = s[L.CITIES_BUILD]
    for k in range(2 * L.N_TRACKS):
        common += s[L.TRACK_CITY + k]
    for seat in range(n):
        common += s[L.CITIES_ASIDE + seat]
    starting = 0  # bit per colour with a Starting City on the map
    for land in range(L.N_LANDS):
        city = s[L.LAND_CITY + land]
        if city == L.CITY_COMMON:
            common += 1
        elif city >= 0 and city != L.CITY_ATLANTIS:
            if city >= n or (starting >> city) & 1:
                return False
            starting |= 1 << city
    common += s[L.CITIES_RAZED]  # removed from the game by the Barbarians (p. 15)
    out = s[L.STARTING_OUT]
    return (common == 2 * L.N_TRACKS + n and starting & out == 0
            and starting | out == (1 << n) - 1
            and common + s[L.CITIES_OUT] == T.setup[S_COMMON_CITIES])


@kernel
def _tracks(s):
    n = s[L.N_PLAYERS]
    for t in range(L.N_TRACKS):
        for a in range(n):
            step = s[L.TRACK_STEP + a * L.N_TRACKS + t]
            if not 0 <= step <= 5:
                return False
            for b in range(a):
                if (s[L.TRACK_STEP + b * L.N_TRACKS + t] == step and s[L.TRACK_HEIGHT + b * L.N_TRACKS + t]
                        == s[L.TRACK_HEIGHT + a * L.N_TRACKS + t]):
                    return False
    return True


# Cards, Mythology cards and tiles are checked with one pass over the places they can be,
# marking each in a set of 128 bits held in two words: a pass per item over every pile
# was a fifth of a random-legal game's time, the state being checked after every round.
SET_BITS = 128
assert max(L.MAX_CARDS, L.N_DECKS * L.MAX_MYTH_DECK, L.MAX_PROPHECIES, L.MAX_POPULATION,
           L.MAX_RESOURCE_TILES, L.MAX_STRATEGY_TILES) <= SET_BITS
@kernel
def _mark(lo, hi, item):
    """Add ``item`` (0 to SET_BITS - 1) to the set (lo, hi); ``fresh`` is False when it was there."""
    bit = np.int64(1) << np.int64(item & 63)
    if item < 64:
        return lo | bit, hi, (lo & bit) == 0
    return lo, hi | bit, (hi & bit) == 0


@kernel
def _mark_all(s, base, n, lo, hi):
    """Add the items of s[base:base + n] (-1 for none) to the set; ``fresh`` is False when
    one was there already."""
    fresh = True
    for k in range(n):
        item = s[base + k]
        if item >= 0:
            lo, hi, new = _mark(lo, hi, item)
            fresh &= new
    return lo, hi, fresh


@kernel
def _all_of(count):
    """The set of items 0 to count - 1."""
    lo = np.int64(0)
    hi = np.int64(0)
    for item in range(count):
        lo, hi, _ = _mark(lo, hi, item)
    return lo, hi


@kernel
def _cards(s, T):
    """Each colour holds its own copy of every Starting card once, in its deck, hand,
    discard or exiled pile; every other card is in exactly one place: removed, beside the
    board (Egypt), a Procurement deck or a seat's pile."""
    starting = 0
    while starting < T.cards.shape[0] and T.cards[starting, C_KIND] == L.KIND_STARTING:
        starting += 1
    lo = np.int64(0)
    hi = np.int64(0)
    ok = True
    for c in range(starting, T.cards.shape[0]):
        if s[L.CARD_OUT + c] == 1:
            lo, hi, _ = _mark(lo, hi, c)
    lo, hi, fresh = _mark_all(s, L.EGYPT, L.MAX_EGYPT, lo, hi)
    ok &= fresh
    for slot in range(L.N_PROC):
        lo, hi, fresh = _mark_all(s, L.PROC_DECK + slot * L.MAX_PROC_DECK, s[L.PROC_N + slot],
                                  lo, hi)
        ok &= fresh
    own_lo, own_hi = _all_of(starting)
    solo = s[L.ADDONS] & L.ADDON_SOLO != 0
    if solo:
        ok &= _tyrant_basic(s, T, starting)
        for pile, size in ((L.SOLO_RES_DECK, L.SOLO_RES_N), (L.SOLO_RES_DISCARD,
                                                               L.SOLO_RES_DISCARD_N)):
            lo, hi, fresh = _mark_all(s, pile, s[size], lo, hi)
            ok &= fresh
    for seat in range(s[L.N_PLAYERS]):
        if solo and seat == L.TYRANT:
            continue
        base = seat * L.MAX_PILE
        seat_lo = np.int64(0)
        seat_hi = np.int64(0)
        for pile, size in ((L.DECK, L.DECK_N), (L.HAND, L.HAND_N), (L.DISCARD, L.DISCARD_N),
                           (L.EXILED, L.EXILED_N)):
            seat_lo, seat_hi, fresh = _mark_all(s, pile + base, s[size + seat], seat_lo, seat_hi)
            ok &= fresh
        # the seat's Starting cards, then its others into the shared set
        if (seat_lo & own_lo) != own_lo or (seat_hi & own_hi) != own_hi:
            return False
        ok &= ((lo & seat_lo & ~own_lo) | (hi & seat_hi & ~own_hi)) == 0
        lo |= seat_lo & ~own_lo
        hi |= seat_hi & ~own_hi
    all_lo, all_hi = _all_of(T.cards.shape[0])
    return ok and lo == all_lo & ~own_lo and hi == all_hi & ~own_hi


@kernel
def _tyrant_basic(s, T, starting):
    """The Tyrant's Basic deck and its discard pile hold his 10 Starting cards, those of
    his City-state's deck change swapped (Solo Mode, p. ~21), and nothing else."""
    tile = s[L.CITY_STATE + L.TYRANT]
    for card in range(starting):
        want = 1
        for k in range(SOLO_DECK_CHANGE):
            want += int(T.solo_tiles[tile, ST_ADD + k] == card)
            want -= int(T.solo_tiles[tile, ST_REMOVE + k] == card)
        have = 0
        for pile, size in ((L.DECK, L.DECK_N), (L.DISCARD, L.DISCARD_N)):
            for k in range(s[size + L.TYRANT]):
                have += s[pile + L.TYRANT * L.MAX_PILE + k] == card
        if have != want:
            return False
    return (s[L.DECK_N + L.TYRANT] + s[L.DISCARD_N + L.TYRANT] == starting
            and s[L.HAND_N + L.TYRANT] == 0 and s[L.EXILED_N + L.TYRANT] == 0)


@kernel
def _mythology(s, T):
    for seat in range(s[L.N_PLAYERS]):
        room = mythology_room(s, T, seat)
        for k in range(room, L.MYTH_BESIDE):
            if s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + k] >= 0:
                return False
    lo, hi, ok = _mark_all(s, L.MYTH_SLOT, L.MAX_PLAYERS * L.MAX_MYTH_SLOTS, np.int64(0),
                           np.int64(0))
    for card in range(T.mythology.shape[0]):
        if s[L.MYTH_OUT + card] == 1:
            lo, hi, fresh = _mark(lo, hi, card)
            ok &= fresh
    for deck in range(L.N_DECKS):
        lo, hi, fresh = _mark_all(s, L.MYTH_DECK + deck * L.MAX_MYTH_DECK, s[L.MYTH_N + deck],
                                  lo, hi)
        ok &= fresh
    for card in range(T.mythology.shape[0]):
        if s[L.SOLO_MYTH + card] == 1:  # the Tyrant's face-down stack (p. ~24)
            lo, hi, fresh = _mark(lo, hi, card)
            ok &= fresh
    all_lo, all_hi = _all_of(T.mythology.shape[0])
    return ok and lo == all_lo and hi == all_hi


@kernel
def _sphinx(s, T):
    """The Sphinx tile lies beside the board with no holder, or on an open Land held by a
    seat in play (step 7, p. 31)."""
    at = s[L.SPHINX_AT]
    holder = s[L.SPHINX_OWNER]
    if at < 0:
        return holder == -1
    return 0 <= holder < s[L.N_PLAYERS] and at < L.N_LANDS and open_land(s, T, at)


@kernel
def _tiles(s, T):
    side = s[L.SIDE]
    _, _, ok = _mark_all(s, L.LAND_POP, L.N_LANDS, np.int64(0), np.int64(0))
    _, _, fresh = _mark_all(s, L.LAND_RES, L.N_LANDS, np.int64(0), np.int64(0))
    if not (ok and fresh) or not _sphinx(s, T):
        return False
    for land in range(L.N_LANDS):
        pop = s[L.LAND_POP + land]
        res = s[L.LAND_RES + land]
        if pop >= 0 and T.population[pop, 0] != T.land_icon[side, land]:
            return False
        if not open_land(s, T, land) and (pop >= 0 or res >= 0):
            return False
    lo, hi, ok = _mark_all(s, L.REGION_PROPHECY, L.N_REGIONS * L.N_ERAS, np.int64(0),
                           np.int64(0))
    for c in range(T.prophecies.shape[0]):
        if s[L.PROPHECY_OWNER + c] >= 0:
            lo, hi, fresh = _mark(lo, hi, c)
            ok &= fresh
    if not ok:
        return False
    for r in range(L.N_REGIONS):
        if s[L.REGION_BLOCKED + r] == 1 and s[L.REGION_PROPHECY_N + r] > 0:
            return False
    lo, hi, ok = _mark_all(s, L.STRATEGY_STACK, L.N_STRATEGY_STACKS * TILES_PER_STACK,
                           np.int64(0), np.int64(0))
    lo, hi, fresh = _mark_all(s, L.STRATEGY_SLOT, L.MAX_PLAYERS * L.MAX_STRATEGY, lo, hi)
    return ok and fresh and _barbarians(s, T) and _atlantis(s)


@kernel
def _atlantis(s):
    """The Atlantis tile only on the slot in play, nothing at all on a slot out of play,
    and the loops over Lands reaching the slot in play (p. 15)."""
    if s[L.LAND_END] != (L.BOARD_LANDS if s[L.ATLANTIS] < 0 else s[L.ATLANTIS] + 1):
        return False
    for land in range(L.BOARD_LANDS, L.N_LANDS):
        if land == s[L.ATLANTIS]:
            continue
        if (s[L.LAND_CITY + land] >= 0 or s[L.LAND_PILLAR + land] >= 0
                or s[L.LAND_CITY_MARKER + land] >= 0):
            return False
        for seat in range(L.MAX_PLAYERS):
            k = land * L.MAX_PLAYERS + seat
            if (s[L.LAND_HOPLITES + k] != 0 or s[L.LAND_WORKERS + k] != 0
                    or s[L.LAND_BUILDING + k] >= 0):
                return False
    for land in range(L.BOARD_LANDS):
        if s[L.LAND_CITY + land] == L.CITY_ATLANTIS:
            return False
    return True


@kernel
def _barbarians(s, T):
    """Every Barbarian tile in the stack or on an open space of the board (a Sea of the
    side), once; none outside Barbarian Hordes (p. 15)."""
    n = T.barbarians.shape[0]
    playing = s[L.ADDONS] & L.ADDON_BARBARIANS != 0
    _, _, ok = _mark_all(s, L.BARB_STACK, s[L.BARB_N], np.int64(0), np.int64(0))
    placed = s[L.BARB_N]
    for k in range(s[L.BARB_N]):
        ok &= 0 <= s[L.BARB_STACK + k] < n
    for tile in range(n):
        at = s[L.BARB_AT + tile]
        if at < 0:
            continue
        placed += 1
        land = at - L.BARB_PORT if at >= L.BARB_PORT else at
        if at < L.BARB_SEA or at >= L.BARB_PORT:
            ok &= open_land(s, T, land)
        else:
            ok &= at - L.BARB_SEA < T.n_seas[s[L.SIDE]]
        for k in range(s[L.BARB_N]):
            ok &= s[L.BARB_STACK + k] != tile
    return ok and placed == (n if playing else 0)


# A seat's held effects and Guilds are compared with its Strategy rows as 4-bit counts
# packed in two words, one pass over each side (a seat has at most MAX_STRATEGY rows).
COUNT_BITS = 4
assert L.MAX_STRATEGY < 1 << COUNT_BITS and L.N_EFFECTS + L.N_RESOURCES <= 128 // COUNT_BITS


@kernel
def _add_count(lo, hi, key, count):
    """Add ``count`` to the 4-bit count of ``key`` (an effect, or N_EFFECTS + a Guild's
    Resource) in the words (lo, hi)."""
    per_word = 64 // COUNT_BITS
    shifted = np.int64(count) << np.int64(COUNT_BITS * (key % per_word))
    if key < per_word:
        return lo + shifted, hi
    return lo, hi + shifted


@kernel
def _effects(s, T):
    """Each seat's held effects (EFFECTS_HELD) and Guilds (GUILDS) are those of the Strategy
    tiles on its Player board rows (p. 6)."""
    for seat in range(s[L.N_PLAYERS]):
        held_lo = np.int64(0)
        held_hi = np.int64(0)
        for effect in range(L.N_EFFECTS):
            held_lo, held_hi = _add_count(held_lo, held_hi, effect,
                                          s[L.EFFECTS_HELD + seat * L.N_EFFECTS + effect])
        for r in range(L.N_RESOURCES):
            held_lo, held_hi = _add_count(held_lo, held_hi, L.N_EFFECTS + r,
                                          s[L.GUILDS + seat * L.N_RESOURCES + r])
        rows_lo = np.int64(0)
        rows_hi = np.int64(0)
        for k in range(L.MAX_STRATEGY):
            tile = s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + k]
            if tile < 0:
                continue
            rows_lo, rows_hi = _add_count(rows_lo, rows_hi, T.strategy[tile, 1], 1)
            if T.strategy[tile, 2] >= 0:
                rows_lo, rows_hi = _add_count(rows_lo, rows_hi, L.N_EFFECTS + T.strategy[tile, 2], 1)
        if held_lo != rows_lo or held_hi != rows_hi:
            return False
    return True


@kernel
def _invokes(s):
    """At most one Invoke by a seat in another seat's turn; none counted for the active seat."""
    for seat in range(s[L.N_PLAYERS]):
        count = s[L.OFF_TURN_INVOKES + seat]
        if count < 0 or count > 1 or (count > 0 and seat == s[L.ACTIVE]):
            return False
    return True


@kernel
def check_state(s, T):
    if not _pieces(s, T):
        return V_PIECES
    if not _lands(s):
        return V_LAND
    if not _cities(s, T):
        return V_CITIES
    if not _tracks(s):
        return V_TRACKS
    if not _cards(s, T):
        return V_CARDS
    if not _mythology(s, T):
        return V_MYTHOLOGY
    if not _tiles(s, T) or not _effects(s, T):
        return V_TILES
    if not glory_adds_up(s, L.MAX_PLAYERS, L.GLORY, L.GLORY_SRC, L.N_SOURCES):
        return V_GLORY
    if not _invokes(s):
        return V_INVOKES
    if not _heroes(s, T):
        return V_HEROES
    return V_OK


@kernel
def _heroes(s, T):
    """V_HEROES: each Hero tile with one seat, its Unit on an open Land or its tile, and the
    Odysseus tokens (p. 16)."""
    odysseus = -1
    for seat in range(L.MAX_PLAYERS):
        hero = s[L.HERO + seat]
        at = s[L.HERO_AT + seat]
        if hero < 0:
            if at >= 0 or s[L.HERO_TOKENS + seat] != 0:
                return False
            continue
        drawn = False
        for k in range(L.HEROES_UP):
            drawn |= s[L.HERO_DRAWN + k] == hero
        for other in range(seat):
            drawn &= s[L.HERO + other] != hero
        if not drawn or at >= s[L.LAND_END] or (at >= 0 and not open_land(s, T, at)):
            return False
        if T.heroes[hero, 1] == 1:
            odysseus = seat
        elif s[L.HERO_TOKENS + seat] != 0:
            return False
    tokens = 0 if odysseus < 0 else s[L.HERO_TOKENS + odysseus]
    lo, hi, ok = _mark_all(s, L.ODYSSEUS, L.N_REGIONS, np.int64(0), np.int64(0))
    for region in range(L.N_REGIONS):
        if s[L.ODYSSEUS + region] >= 0:
            tokens += 1
            ok &= odysseus >= 0 and s[L.REGION_BLOCKED + region] == 0
        elif s[L.ODYSSEUS_UP + region] != 0:
            return False
    return ok and tokens <= T.odysseus.shape[0] and s[L.ABILITY_LAND] == -1


@kernel
def record(s, T):
    """Keep the code of the first invariant the state breaks (``VIOLATION``)."""
    if s[L.VIOLATION] == V_OK:
        s[L.VIOLATION] = check_state(s, T)

