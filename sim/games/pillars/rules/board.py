"""Player board and map helpers the Rondel actions share: own Cities and Buildings,
emptied rows and the Strategy tile they gain (p. 6), placing a piece on a Land."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import STACKS_PER_TYPE, TILES_PER_STACK
from sim.games.pillars.decisions import D_STRATEGY
from sim.games.pillars.events import EV_EXPLORE, EV_STRATEGY_TILE
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.heroes import reveal_odysseus
from sim.games.pillars.rules.power import city_controller
from sim.games.pillars.rules.strategy import place_tile
from sim.jit import inline_kernel, kernel

SECTION_DEPLOY, SECTION_BUILD, SECTION_SETTLE = 0, 1, 2  # Player board sections


@kernel
def has_city(s, seat, land):
    """The seat Controls a City on ``land`` (p. 6)."""
    return s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat


@kernel
def own_building(s, seat, land):
    """The seat's Building on ``land`` (content.BUILDINGS code), -1."""
    return s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat]


@kernel
def explore(s, T, ev, seat, land):
    """A piece placed on a Land turns its face-down tiles face up (p. 7) and its Region's
    Odysseus token (p. 16). Returns True when a tile of the Land turned."""
    turned = ((s[L.LAND_POP + land] >= 0 and s[L.LAND_POP_UP + land] == 0)
              or (s[L.LAND_RES + land] >= 0 and s[L.LAND_RES_UP + land] == 0))
    if s[L.LAND_POP + land] >= 0:
        s[L.LAND_POP_UP + land] = 1
    if s[L.LAND_RES + land] >= 0:
        s[L.LAND_RES_UP + land] = 1
    reveal_odysseus(s, T, ev, seat, land)
    return turned


@kernel
def place_on_land(s, T, ev, seat, land):
    """A Unit or Building placed on a Land explores it (p. 7), traced when a tile turned."""
    if explore(s, T, ev, seat, land):
        emit(s, ev, seat, EV_EXPLORE, land, 0, 0)


@inline_kernel
def lands_meet(T, side, a, b):
    """Lands ``a`` and ``b`` share a border or a bridge: one step for a Land Unit (p. 9)."""
    return T.land_land[side, a, b] == 1 or T.bridge[side, a, b] == 1


@inline_kernel
def seas_meet(T, side, a, b):
    """Seas ``a`` and ``b`` share a border or are the whirlwind pair (p. 9)."""
    return T.sea_sea[side, a, b] == 1 or T.whirlwind[side, a, b] == 1


@inline_kernel
def usable_land(s, T, land):
    """A Land a piece may go to: outside the Forbidden Domains (p. 6)."""
    return open_land(s, T, land)


@kernel
def row_empty(s, T, seat, section, row):
    """No piece left on that row of the Player board section."""
    if section == SECTION_SETTLE:
        return s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] == 0
    if section == SECTION_DEPLOY:
        base = L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS
        return s[base] + s[base + 1] + s[base + 2] == 0
    base = L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS
    return s[base] + s[base + 1] + s[base + 2] == 0


@kernel
def strategy_room(s, T, seat, section, row):
    """The Player board row a gained Strategy tile goes to: the row just emptied, else
    another empty row without a tile; -1 when there is none (p. 6)."""
    if s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + section * L.MAX_ROWS + row] < 0:
        return section * L.MAX_ROWS + row
    for sec in range(3):
        rows = (T.deploy_cost.shape[0] if sec == SECTION_DEPLOY else
                T.build_cost.shape[0] if sec == SECTION_BUILD else T.settle_rows.shape[0])
        for r in range(rows):
            if (row_empty(s, T, seat, sec, r)
                    and s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + sec * L.MAX_ROWS + r] < 0):
                return sec * L.MAX_ROWS + r
    return -1


@kernel
def row_emptied(s, T, W, ev, seat, section, row, opts, rng):
    """Emptying a row of the Deploy, Build or Settle section gains a face-up Strategy tile
    of the section's type, placed on an empty row; with no room, nothing. The next tile of
    its stack turns face up (pp. 6, 10-11)."""
    if not row_empty(s, T, seat, section, row):
        return
    slot = strategy_room(s, T, seat, section, row)
    if slot < 0:
        return
    icon = T.strategy_types[section]
    n = 0
    for k in range(STACKS_PER_TYPE):
        stack = icon * STACKS_PER_TYPE + k
        if s[L.STRATEGY_N + stack] > 0 and s[L.STRATEGY_UP + stack] == 1:
            n = option(opts, n, stack, 0, 0, 0)
    if n == 0:
        return
    stack = opts[decide(s, T, W, opts, n, seat, D_STRATEGY, rng), 0]
    top = L.STRATEGY_STACK + stack * TILES_PER_STACK + s[L.STRATEGY_N + stack] - 1
    tile = s[top]
    s[top] = -1
    s[L.STRATEGY_N + stack] -= 1
    s[L.STRATEGY_UP + stack] = 1 if s[L.STRATEGY_N + stack] > 0 else 0
    place_tile(s, T, seat, tile, slot)
    emit(s, ev, seat, EV_STRATEGY_TILE, tile, slot, section)
