"""Barbarian Hordes (Appendix 4, p. 15). The Barbarian tiles wait face down in a stack above
the Rondel. From the second turn on, each time the First Player's marker crosses the line
from Ascend to Procure, the Barbarians act before that seat's optional actions:

1. in each Land with Barbarians (on it, or Ships in its Port), every seat with less Power
   there than their summed Power loses one piece there: a Building, else a Pillar, else a
   City that is not its only City (removed from the game);
2. each tile moves toward the closest Land holding a seat's Building, City or Pillar:
   Cavalry 2 Land moves, Infantry 1, Ships one space (a Land to a Sea, Sea to Sea, a Sea to
   the target's Port); ties go to the Land whose weakest owner is weakest, then the least
   Power of all seats, then the owner nearest the First Player's left, then its choice;
   a tile at a target stays (decision 11);
3. a tile from the stack goes face up on each face-up Barbarian camp outside the seats'
   Starting Regions; when the stack runs short, the Regions by the number on their face-up
   Prophecy, lowest first, then those without one in random order.

For a Settle the tiles on the Land and in its Port add their Power to the Population
tile's; each one removed returns under the stack and gives 2 cards (p. 15).

A tile's space (``BARB_AT``): a Land, ``BARB_SEA + Sea``, ``BARB_PORT + Land`` or -1 in the
stack. ``scratch`` holds at least ``SCRATCH`` int32 entries.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import BARBARIAN_KINDS, BARBARIAN_MOVES, P_NUMBER, POPULATION_REWARDS
from sim.games.pillars.decisions import D_BARBARIAN_TARGET
from sim.games.pillars.events import (
    EV_BARBARIAN_DEFEATED,
    EV_BARBARIAN_MOVE,
    EV_BARBARIAN_PHASE,
    EV_BARBARIAN_PLACE,
)
from sim.games.pillars.rules.board import lands_meet, seas_meet
from sim.games.pillars.rules.cards import draw_cards_reshuffling
from sim.games.pillars.rules.cities import cities_of
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.power import NOBODY, city_controller, land_power
from sim.games.pillars.rules.prophecy import top_prophecy
from sim.games.pillars.rules.removal import PIECE_BUILDING, PIECE_PILLAR, remove_city, remove_piece
from sim.jit import kernel
from sim.rng import STREAM_SETUP, shuffle

SHIP = BARBARIAN_KINDS.index("ship")
CAMP = POPULATION_REWARDS.index("camp")
KEY_SPAN = 1 << 10  # a Land's Powers stay far below it; a stake fits in int32
DEFEAT_DRAW = 2  # cards a Settle that removes a Barbarian tile gives, per tile (p. 15)
# scratch layout: BFS distances and parents over the tiles' spaces, its queue, a Region
# order, each Land's stake and weakest owner (``stakes``)
S_DIST = 0
S_PARENT = S_DIST + L.N_BARB_SPACES
S_QUEUE = S_PARENT + L.N_BARB_SPACES
S_REGIONS = S_QUEUE + L.N_BARB_SPACES
S_STAKE = S_REGIONS + L.N_REGIONS
S_OWNER = S_STAKE + L.N_LANDS
SCRATCH = S_OWNER + L.N_LANDS


@kernel
def barbarian_mode(s):
    return s[L.ADDONS] & L.ADDON_BARBARIANS != 0


@kernel
def setup_barbarians(s, T, rng):
    """The tiles shuffled into a face-down stack above the Rondel (p. 15)."""
    n = T.barbarians.shape[0]
    for tile in range(n):
        s[L.BARB_STACK + tile] = tile
    shuffle(s[L.BARB_STACK:L.BARB_STACK + n], n, rng, STREAM_SETUP)
    s[L.BARB_N] = n


@kernel
def barbarian_power(s, T, land):
    """The summed Power of the Barbarian tiles on ``land`` and in its Port (p. 15)."""
    power = 0
    for tile in range(T.barbarians.shape[0]):
        at = s[L.BARB_AT + tile]
        if at == land or at == L.BARB_PORT + land:
            power += T.barbarians[tile, 1]
    return power


@kernel
def raid(s, T, W, ev, opts, rng):
    """Step 1: on each Land with Barbarians, each seat with less Power there loses a
    Building, else a Pillar, else a City that is not its only City (p. 15)."""
    n_players = s[L.N_PLAYERS]
    for land in range(s[L.LAND_END]):
        barbarians = barbarian_power(s, T, land)
        if barbarians == 0:
            continue
        for k in range(n_players):
            seat = (s[L.FIRST] + k) % n_players
            if land_power(s, T, land, seat) >= barbarians:
                continue
            if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] >= 0:
                remove_piece(s, T, W, ev, seat, PIECE_BUILDING, land, opts, rng)
            elif s[L.LAND_PILLAR + land] == seat:
                remove_piece(s, T, W, ev, seat, PIECE_PILLAR, land, opts, rng)
            elif (s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat
                  and cities_of(s, seat) > 1):
                remove_city(s, ev, seat, land)


@kernel
def weakest_owner(s, T, land):
    """The seat with a Building, City or Pillar on ``land`` that has the least Power there
    (the first clockwise from the First Player's left on a tie), NOBODY when none has."""
    n_players = s[L.N_PLAYERS]
    best = NOBODY
    best_power = 0
    city = city_controller(s, land) if s[L.LAND_CITY + land] >= 0 else NOBODY
    for k in range(1, n_players + 1):
        seat = (s[L.FIRST] + k) % n_players
        if (s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] < 0
                and s[L.LAND_PILLAR + land] != seat and city != seat):
            continue
        power = land_power(s, T, land, seat)
        if best == NOBODY or power < best_power:
            best = seat
            best_power = power
    return best


@kernel
def linked(s, T, a, b, ship):
    """Space ``b`` is one move from ``a``: for Cavalry and Infantry a Land bordering or
    bridged to a Land; for Ships a Sea touching the Land it starts on, a Sea next to a Sea
    (the whirlwind pair included, p. 9), a Port on a Sea and back."""
    side = s[L.SIDE]
    if not ship:
        return (b < L.N_LANDS and open_land(s, T, b)
                and lands_meet(T, side, a, b))
    if L.BARB_SEA <= b < L.BARB_PORT:
        sea = b - L.BARB_SEA
        if sea >= T.n_seas[side]:  # the rows past the side's Seas are padding
            return False
        if a < L.N_LANDS:
            return T.land_sea[side, a, sea] == 1
        if a < L.BARB_PORT:
            return seas_meet(T, side, a - L.BARB_SEA, sea)
        return T.land_port[side, a - L.BARB_PORT] == sea
    if b >= L.BARB_PORT and L.BARB_SEA <= a < L.BARB_PORT:
        land = b - L.BARB_PORT
        return open_land(s, T, land) and T.land_port[side, land] == a - L.BARB_SEA
    return False


@kernel
def candidates(s, T, node, ship):
    """The spaces one move from ``node`` may be among: Lands for Cavalry and Infantry; for
    Ships the Seas, and the Ports from a Sea."""
    if not ship:
        return 0, s[L.LAND_END]
    if L.BARB_SEA <= node < L.BARB_PORT:
        return L.BARB_SEA, L.N_BARB_SPACES
    return L.BARB_SEA, L.BARB_PORT


@kernel
def distances(s, T, start, ship, scratch):
    """Moves from ``start`` to every space (-1 out of reach), with the space each was
    reached from, the lowest-numbered first (breadth first)."""
    for k in range(L.N_BARB_SPACES):
        scratch[S_DIST + k] = -1
    scratch[S_DIST + start] = 0
    scratch[S_QUEUE] = start
    head, tail = 0, 1
    while head < tail:
        node = scratch[S_QUEUE + head]
        head += 1
        lo, hi = candidates(s, T, node, ship)
        for nxt in range(lo, hi):
            if scratch[S_DIST + nxt] < 0 and linked(s, T, node, nxt, ship):
                scratch[S_DIST + nxt] = scratch[S_DIST + node] + 1
                scratch[S_PARENT + nxt] = node
                scratch[S_QUEUE + tail] = nxt
                tail += 1


@kernel
def stakes(s, T, scratch):
    """For each Land, what ranks it among equally close targets (S_STAKE): its weakest
    owner's Power, then the Power of all seats, then how far that owner sits clockwise from
    the First Player's left, each in its own bits; -1 when no seat has a Building, City or
    Pillar there. Counted once for all the tiles' moves, which change no Power."""
    n_players = s[L.N_PLAYERS]
    for land in range(s[L.LAND_END]):
        owner = weakest_owner(s, T, land)
        scratch[S_OWNER + land] = owner
        if owner == NOBODY:
            scratch[S_STAKE + land] = -1
            continue
        total = 0
        for seat in range(n_players):
            total += land_power(s, T, land, seat)
        scratch[S_STAKE + land] = ((land_power(s, T, land, owner) * KEY_SPAN + total) * KEY_SPAN
                                   + (owner - s[L.FIRST] - 1 + n_players) % n_players)


@kernel
def target_of(s, T, W, tile, ship, scratch, opts, rng):
    """The Land the tile heads for: the closest holding a seat's Building, City or Pillar
    (for a Ship, one with a Port, reached in it); ties to the Land whose weakest owner has
    the least Power, then the least Power of all seats, then the owner first clockwise
    from the First Player's left, then that owner's choice (p. 15). -1 when none is in
    reach. Reads ``stakes``."""
    side = s[L.SIDE]
    n = 0
    best = 0
    for land in range(s[L.LAND_END]):
        stake = scratch[S_STAKE + land]
        if stake < 0:
            continue
        space = land
        if ship:
            if T.land_port[side, land] < 0:
                continue
            space = L.BARB_PORT + land
        if scratch[S_DIST + space] < 0:
            continue
        key = scratch[S_DIST + space] * KEY_SPAN ** 3 + stake
        if n == 0 or key < best:
            best = key
            n = 0
        if key == best:
            n = option(opts, n, land, tile, 0, 0)
    if n == 0:
        return -1
    owner = scratch[S_OWNER + opts[0, 0]]
    return opts[decide(s, T, W, opts, n, owner, D_BARBARIAN_TARGET, rng), 0]


@kernel
def move_tile(s, T, W, ev, tile, scratch, opts, rng):
    """Step 2 for one tile on the board: its moves along a shortest way to its target
    (the lowest-numbered space first); a tile at a target stays (decision 11)."""
    at = s[L.BARB_AT + tile]
    kind = T.barbarians[tile, 0]
    ship = kind == SHIP
    distances(s, T, at, ship, scratch)
    land = target_of(s, T, W, tile, ship, scratch, opts, rng)
    if land < 0:
        return
    goal = L.BARB_PORT + land if ship else land
    dist = scratch[S_DIST + goal]
    if dist == 0:
        return
    to = goal
    for _ in range(dist - min(dist, BARBARIAN_MOVES[kind])):
        to = scratch[S_PARENT + to]
    s[L.BARB_AT + tile] = to
    emit(s, ev, -1, EV_BARBARIAN_MOVE, tile, at, to)


@kernel
def march(s, T, W, ev, scratch, opts, rng):
    """Step 2: every tile on the board moves (p. 15)."""
    stakes(s, T, scratch)
    for tile in range(T.barbarians.shape[0]):
        if s[L.BARB_AT + tile] >= 0:
            move_tile(s, T, W, ev, tile, scratch, opts, rng)


@kernel
def region_order(s, T, scratch, rng):
    """The Regions in the order tiles are placed when the stack runs short: by the number
    on their face-up Prophecy, lowest first, then those without one in random order
    (p. 15). Writes them at S_REGIONS."""
    n = 0
    for _ in range(L.N_REGIONS):
        best = -1
        best_number = 0
        for region in range(L.N_REGIONS):
            card = top_prophecy(s, region)
            listed = False
            for k in range(n):
                listed |= scratch[S_REGIONS + k] == region
            if card >= 0 and not listed and (best < 0 or T.prophecies[card, P_NUMBER] < best_number):
                best = region
                best_number = T.prophecies[card, P_NUMBER]
        if best < 0:
            break
        scratch[S_REGIONS + n] = best
        n += 1
    rest = n
    for region in range(L.N_REGIONS):
        if top_prophecy(s, region) < 0:
            scratch[S_REGIONS + n] = region
            n += 1
    shuffle(scratch[S_REGIONS + rest:S_REGIONS + n], n - rest, rng, STREAM_SETUP)


@kernel
def home_region(s, T, region):
    """``region`` holds a seat's Starting Land (its City-state tile's Region)."""
    side = s[L.SIDE]
    for seat in range(s[L.N_PLAYERS]):
        if T.land_region[side, T.city_start[side, s[L.CITY_STATE + seat]]] == region:
            return True
    return False


@kernel
def reinforce(s, T, ev, scratch, rng):
    """Step 3: a tile from the stack on each face-up Barbarian camp outside the seats'
    Starting Regions, Region by Region in ``region_order`` (p. 15)."""
    side = s[L.SIDE]
    region_order(s, T, scratch, rng)
    for k in range(L.N_REGIONS):
        region = scratch[S_REGIONS + k]
        if home_region(s, T, region):
            continue
        for land in T.region_lands[side, region]:
            pop = s[L.LAND_POP + land]
            if s[L.BARB_N] == 0 or pop < 0 or s[L.LAND_POP_UP + land] == 0:
                continue
            if T.population[pop, 2] != CAMP:
                continue
            s[L.BARB_N] -= 1
            tile = s[L.BARB_STACK + s[L.BARB_N]]
            s[L.BARB_STACK + s[L.BARB_N]] = -1
            s[L.BARB_AT + tile] = land
            emit(s, ev, -1, EV_BARBARIAN_PLACE, tile, land, 0)


@kernel
def barbarians_act(s, T, W, ev, scratch, opts, rng):
    """The three steps, when the First Player's marker crossed the line (p. 15)."""
    emit(s, ev, -1, EV_BARBARIAN_PHASE, 0, 0, 0)
    raid(s, T, W, ev, opts, rng)
    march(s, T, W, ev, scratch, opts, rng)
    reinforce(s, T, ev, scratch, rng)


@kernel
def defeat_barbarians(s, T, ev, seat, land, rng):
    """A Settle of ``land`` removes its Barbarian tiles (on it and in its Port) to the
    bottom of the stack; the seat draws 2 cards for each (p. 15)."""
    for tile in range(T.barbarians.shape[0]):
        at = s[L.BARB_AT + tile]
        if at != land and at != L.BARB_PORT + land:
            continue
        s[L.BARB_AT + tile] = -1
        for k in range(s[L.BARB_N], 0, -1):
            s[L.BARB_STACK + k] = s[L.BARB_STACK + k - 1]
        s[L.BARB_STACK] = tile
        s[L.BARB_N] += 1
        emit(s, ev, seat, EV_BARBARIAN_DEFEATED, tile, land, 0)
        draw_cards_reshuffling(s, seat, DEFEAT_DRAW, rng)
