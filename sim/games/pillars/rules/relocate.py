"""The Tyrant's Relocation (Solo Mode, p. ~21): not Movement; his Units jump any distance.

Each time he Relocates to a space he takes his nearest Unit of the kind that has not been
Relocated this turn; one already on the space counts as Relocated there. "Nearest" is the
fewest crossings (decision 56: Land to Land over a border, a bridge or a Sea both touch;
Sea to Sea over a border or the whirlwind), ties broken by the wheels (a Land Unit's Land
by ``wheels.land_rank``, a Ship by its lowest-numbered Sea). A Unit the Gorgon marks, or a
Ship Okeanos halts, stays (p. 31). A Land a Unit reaches is explored, and reaching the
player's Sphinx tile costs him the top card of his Basic deck (p. 31).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import FAR
from sim.games.pillars.events import EV_RELOCATE
from sim.games.pillars.rules.board import place_on_land
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.movement import MOVE_HOPLITE, MOVE_WORKER, movable, ship_halted
from sim.games.pillars.rules.tyrant_cards import discard_basic
from sim.games.pillars.rules.tyrant_spaces import ship_target
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank
from sim.jit import kernel

T_SEAT = L.TYRANT
K_HOPLITE, K_WORKER = 0, 1  # SOLO_MOVED columns; the trace's piece codes for Land Units
PIECE_SHIP = 2  # the trace's piece code for a Ship
RELOCATED = ("hoplite", "worker", "ship")  # the trace's names of those codes


@kernel
def clear_relocated(s):
    for k in range(L.N_LANDS * 2):
        s[L.SOLO_MOVED + k] = 0
    s[L.SOLO_SHIPS_MOVED] = 0


@kernel
def free_units(s, kind, land):
    """The Tyrant's Units of that kind on ``land`` he may still Relocate this turn."""
    move = MOVE_HOPLITE if kind == K_HOPLITE else MOVE_WORKER
    return max(movable(s, T_SEAT, move, land) - s[L.SOLO_MOVED + land * 2 + kind], 0)


@kernel
def sphinx_toll(s, land):
    """Reaching the player's Sphinx tile: the Basic deck's top card is discarded (p. 31)."""
    if s[L.SPHINX_AT] == land and s[L.SPHINX_OWNER] != T_SEAT:
        discard_basic(s)


@kernel
def relocate_unit(s, T, ev, kind, land, resource):
    """The Tyrant's nearest free Land Unit of ``kind`` to ``land``; False when he has none
    free."""
    side = s[L.SIDE]
    best, best_steps, best_rank = -1, FAR + 1, FAR_RANK
    for at in range(s[L.LAND_END]):
        if free_units(s, kind, at) == 0:
            continue
        steps = T.land_steps[side, at, land]
        rank = land_rank(s, T, at, resource)
        if steps < best_steps or (steps == best_steps and rank < best_rank):
            best, best_steps, best_rank = at, steps, rank
    if best < 0:
        return False
    if best != land:
        field = L.LAND_HOPLITES if kind == K_HOPLITE else L.LAND_WORKERS
        s[field + best * L.MAX_PLAYERS + T_SEAT] -= 1
        s[field + land * L.MAX_PLAYERS + T_SEAT] += 1
        place_on_land(s, T, ev, T_SEAT, land)
        sphinx_toll(s, land)
    s[L.SOLO_MOVED + land * 2 + kind] += 1
    emit(s, ev, T_SEAT, EV_RELOCATE, kind, best, land)
    return True


@kernel
def relocate_units(s, T, ev, kind, count, land, resource):
    """Up to ``count`` of his Land Units of ``kind`` to ``land``; returns how many came."""
    n = 0
    while n < count and relocate_unit(s, T, ev, kind, land, resource):
        n += 1
    return n


@kernel
def sea_of(s, T, space):
    """The Sea a Ship's space lies in: a Sea itself, or the Sea of a Port."""
    return space if space < L.PORT else T.land_port[s[L.SIDE], space - L.PORT]


@kernel
def relocate_ship(s, T, ev, land, where):
    """His nearest free Ship next to ``land`` (``ship_target``); False when none is free
    or no space is there."""
    side = s[L.SIDE]
    target = ship_target(s, T, land, where)
    if target < 0:
        return False
    to_sea = sea_of(s, T, target)
    best, best_steps, best_sea = -1, FAR + 1, L.MAX_SEAS
    for k in range(L.MAX_SHIPS):
        piece = T_SEAT * L.MAX_SHIPS + k
        space = s[L.SHIP_SPACE + piece]
        if space < 0 or (s[L.SOLO_SHIPS_MOVED] >> k) & 1 == 1 or ship_halted(s, T_SEAT, piece):
            continue
        sea = sea_of(s, T, space)
        steps = 0 if space == target else 1 + T.sea_steps[side, sea, to_sea]
        if steps < best_steps or (steps == best_steps and sea < best_sea):
            best, best_steps, best_sea = piece, steps, sea
    if best < 0:
        return False
    s[L.SOLO_SHIPS_MOVED] |= 1 << (best - T_SEAT * L.MAX_SHIPS)
    emit(s, ev, T_SEAT, EV_RELOCATE, PIECE_SHIP, s[L.SHIP_SPACE + best], target)
    s[L.SHIP_SPACE + best] = target
    s[L.SHIP_PROJECT + best] = land if target < L.PORT else -1
    if target >= L.PORT:
        sphinx_toll(s, land)
    return True
