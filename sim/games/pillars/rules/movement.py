"""Movement (p. 9): after or before a Procure, Deploy, Build or Settle action, up to 2
Movements (3 from Navigation step 2, 4 from step 4), each moving one Unit one step:

- a Ship from a Sea to an adjacent Sea (the whirlwind pair counts as adjacent), from a
  Sea into the Port in it, or from a Port out to its Sea; one Ship per Port;
- a Hoplite or Worker from a Land to an adjacent Land (bridges count), or across any
  chain of Seas holding the seat's own Ships (free steps; the whirlwind pair counts as
  adjacent there too, "for the purposes of Movement") to a Land beyond; a Land Unit
  never ends on a Ship, so each such Movement costs 1 and ends on a Land.

Nothing enters a Forbidden Domain or a Port of one (p. 6). A Land Unit explores the Land
it enters (p. 7); a Ship moved in a Sea chooses again the Land it gives Power to (p. 6),
and a holder of Archery Mastery aims again the Hoplites of a Land one enters (p. ~14).
Units an ability halted this turn stay (Okeanos, the Gorgon's tile, p. 31); a Land Unit
moved onto the Sphinx tile's Land may cost a card (rules.mythtiles, p. 31).

Strategy tiles (p. ~14): with Naval Dominance a Ship goes up to two steps per Movement;
with Tactical Manoeuvre one Movement takes all of the seat's Land Units on a Land (at
least two) to an adjacent or bridged Land (decisions 26, 27).

A Hero Unit moves as a Land Unit, and with Tactical Manoeuvre goes with the others (p. 16).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ABILITIES
from sim.games.pillars.decisions import D_MOVE_TO, D_MOVE_UNIT, SHIP_SPACE
from sim.games.pillars.events import EV_MOVE
from sim.games.pillars.rules.archery import aim_archers
from sim.games.pillars.rules.board import lands_meet, place_on_land, seas_meet, usable_land
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.deploy import port_free
from sim.games.pillars.rules.mythtiles import sphinx_toll
from sim.games.pillars.rules.power import has_ability
from sim.games.pillars.rules.solo_combat import you_may_attack
from sim.games.pillars.rules.status import project_ship
from sim.games.pillars.rules.strategy import NAVAL_DOMINANCE, TACTICAL_MANOEUVRE, holds
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import compiled_in_caller, kernel

MOVE_SHIP, MOVE_HOPLITE, MOVE_WORKER, MOVE_ALL, MOVE_HERO = 0, 1, 2, 3, 4
BASE_MOVEMENTS = 2  # p. 9
A_MOVES_3, A_MOVES_4 = (ABILITIES.index(a) for a in ("movements_3", "movements_4"))


@kernel
def allowance(s, T, seat):
    """Movements in one Movement block: 2, one more each from Navigation steps 2 and 4."""
    return BASE_MOVEMENTS + has_ability(s, T, seat, A_MOVES_3) + has_ability(s, T, seat, A_MOVES_4)


@kernel
def own_seas(s, seat):
    """The Seas holding one of the seat's Ships, one bit per Sea (MAX_SEAS < 64)."""
    seas = 0
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        space = s[L.SHIP_SPACE + piece]
        if 0 <= space < L.PORT:
            seas |= 1 << space
    return seas


@kernel
def listed(opts, n, space):
    """``space`` is already among the first ``n`` options."""
    for k in range(n):
        if opts[k, 0] == space:
            return True
    return False


@kernel
def ship_steps(s, T, at, start, opts, n):
    """Add the spaces one step from ``at`` that are new and not ``start``: from a Port its
    Sea; from a Sea the adjacent Seas and its free open Ports (column 1 marks a Ship's
    space). Returns the new count."""
    side = s[L.SIDE]
    if at >= L.PORT:
        sea = T.land_port[side, at - L.PORT]
        if sea != start and not listed(opts, n, sea):
            n = option(opts, n, sea, SHIP_SPACE, 0, 0)
        return n
    for sea in range(T.n_seas[side]):
        if (seas_meet(T, side, at, sea) and sea != start
                and not listed(opts, n, sea)):
            n = option(opts, n, sea, SHIP_SPACE, 0, 0)
    for land in range(s[L.LAND_END]):
        if (T.land_port[side, land] == at and usable_land(s, T, land) and port_free(s, land)
                and L.PORT + land != start and not listed(opts, n, L.PORT + land)):
            n = option(opts, n, L.PORT + land, SHIP_SPACE, 0, 0)
    return n


@kernel
def ship_moves(s, T, piece, opts):
    """Where a Ship can go with one Movement: one step, or with Naval Dominance two
    (decision 26); returns how many."""
    at = s[L.SHIP_SPACE + piece]
    n = ship_steps(s, T, at, at, opts, 0)
    if holds(s, piece // L.MAX_SHIPS, NAVAL_DOMINANCE):
        for k in range(n):
            n = ship_steps(s, T, opts[k, 0], at, opts, n)
    return n


@kernel
def land_moves(s, T, seat, start, opts, reach):
    """The Lands a Land Unit on ``start`` reaches with one Movement: adjacent or bridged
    Lands, and the Lands next to any Sea it reaches through Seas holding the seat's Ships.
    ``reach`` is a work array of at least MAX_SEAS entries. Returns how many."""
    side = s[L.SIDE]
    n_seas = T.n_seas[side]
    own = own_seas(s, seat)
    carried = False
    for sea in range(n_seas):
        reach[sea] = 1 if T.land_sea[side, start, sea] == 1 and (own >> sea) & 1 == 1 else 0
        carried |= reach[sea] == 1
    grown = carried
    while grown:
        grown = False
        for sea in range(n_seas):
            if reach[sea] == 0:
                continue
            for other in range(n_seas):
                if (reach[other] == 0 and (own >> other) & 1 == 1
                        and seas_meet(T, side, sea, other)):
                    reach[other] = 1
                    grown = True
    n = 0
    for land in range(s[L.LAND_END]):
        if land == start or not usable_land(s, T, land):
            continue
        ok = lands_meet(T, side, start, land)
        if carried and not ok:
            for sea in range(n_seas):
                ok |= reach[sea] == 1 and T.land_sea[side, land, sea] == 1
        if ok:
            n = option(opts, n, land, 0, 0, 0)
    return n


@kernel
def gorgon_marks(s, seat, kind, at):
    """The Gorgon's tile marks the seat's Unit of that kind at ``at`` (p. 31)."""
    return s[L.GORGON_SEAT] == seat and s[L.GORGON_KIND] == kind and s[L.GORGON_AT] == at


@kernel
def ship_halted(s, seat, piece):
    """The Ship cannot be moved this turn: its owner's Ships are halted (Okeanos) or the
    Gorgon's tile marks it (p. 31)."""
    return (s[L.HALTED_SHIPS] >> seat) & 1 == 1 or gorgon_marks(s, seat, MOVE_SHIP, piece)


@kernel
def movable(s, seat, kind, land):
    """The seat's Hoplites (MOVE_HOPLITE), Workers (MOVE_WORKER) or Hero Unit (MOVE_HERO)
    on ``land`` that may be moved: all but the one the Gorgon's tile marks (p. 31)."""
    if kind == MOVE_HERO:
        there = int(s[L.HERO_AT + seat] == land)
    else:
        field = L.LAND_HOPLITES if kind == MOVE_HOPLITE else L.LAND_WORKERS
        there = s[field + land * L.MAX_PLAYERS + seat]
    if there == 0:
        return 0  # most Lands hold none: the Gorgon's tile need not be read
    return max(there - (1 if gorgon_marks(s, seat, kind, land) else 0), 0)


@kernel
def neighbour_lands(s, T, start, opts):
    """The open Lands adjacent or bridged to ``start`` (Tactical Manoeuvre); how many."""
    side = s[L.SIDE]
    n = 0
    for land in range(s[L.LAND_END]):
        if land != start and usable_land(s, T, land) and lands_meet(T, side, start, land):
            n = option(opts, n, land, 0, 0, 0)
    return n


@kernel
def ship_can_move(s, T, piece, scratch):
    """``ship_moves`` would list a space: a Ship in a Port can always leave it for its Sea,
    one on a Sea whenever a Sea borders it; only a lone Sea needs the full listing
    (``scratch``: option rows to spare)."""
    at = s[L.SHIP_SPACE + piece]
    if at >= L.PORT:
        return True
    side = s[L.SIDE]
    for sea in range(T.n_seas[side]):
        if seas_meet(T, side, at, sea):
            return True
    return ship_moves(s, T, piece, scratch) > 0


@kernel
def land_unit_can_move(s, T, seat, start, scratch, reach):
    """``land_moves`` would list a Land: an open Land bordering or bridged to ``start``
    settles it; only without one are the Seas' chains followed (``scratch``: option rows
    to spare)."""
    side = s[L.SIDE]
    for land in range(s[L.LAND_END]):
        if lands_meet(T, side, start, land) and land != start and usable_land(s, T, land):
            return True
    return land_moves(s, T, seat, start, scratch, reach) > 0


@kernel
def unit_choices(s, T, seat, opts, reach):
    """Stop, or a Unit of the seat with somewhere to go, or with Tactical Manoeuvre all
    its Land Units on a Land holding at least two; returns how many."""
    manoeuvre = holds(s, seat, TACTICAL_MANOEUVRE)
    n = option(opts, 0, -1, 0, 0, 0)
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        if (s[L.SHIP_SPACE + piece] >= 0 and not ship_halted(s, seat, piece)
                and ship_can_move(s, T, piece, opts[n:])):
            n = option(opts, n, MOVE_SHIP, piece, 0, 0)
    for land in range(s[L.LAND_END]):
        k = land * L.MAX_PLAYERS + seat
        if s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] == 0 and s[L.HERO_AT + seat] != land:
            continue  # most Lands hold none of the seat's Units
        hoplites = movable(s, seat, MOVE_HOPLITE, land)
        workers = movable(s, seat, MOVE_WORKER, land)
        hero = movable(s, seat, MOVE_HERO, land)
        if hoplites + workers + hero == 0:
            continue
        if not land_unit_can_move(s, T, seat, land, opts[n:], reach):
            continue
        if hoplites > 0:
            n = option(opts, n, MOVE_HOPLITE, land, 0, 0)
        if workers > 0:
            n = option(opts, n, MOVE_WORKER, land, 0, 0)
        if hero > 0:
            n = option(opts, n, MOVE_HERO, land, 0, 0)
        if (manoeuvre and hoplites + workers + hero >= 2
                and neighbour_lands(s, T, land, opts[n:]) > 0):
            n = option(opts, n, MOVE_ALL, land, 0, 0)
    return n


@kernel
def move_land_units(s, seat, kind, start, to):
    """One Hoplite, one Worker, the Hero Unit, or all the seat's Land Units that may move
    (MOVE_ALL: the one the Gorgon's tile marks stays, p. 31) from ``start`` to ``to``.
    Returns how many moved."""
    a = start * L.MAX_PLAYERS + seat
    b = to * L.MAX_PLAYERS + seat
    if kind == MOVE_ALL:
        hoplites = movable(s, seat, MOVE_HOPLITE, start)
        workers = movable(s, seat, MOVE_WORKER, start)
        hero = movable(s, seat, MOVE_HERO, start)
    else:
        hoplites = int(kind == MOVE_HOPLITE)
        workers = int(kind == MOVE_WORKER)
        hero = int(kind == MOVE_HERO)
    s[L.LAND_HOPLITES + a] -= hoplites
    s[L.LAND_HOPLITES + b] += hoplites
    s[L.LAND_WORKERS + a] -= workers
    s[L.LAND_WORKERS + b] += workers
    if hero == 1:
        s[L.HERO_AT + seat] = to
    return hoplites + workers + hero


@compiled_in_caller
def movement_block(s, T, W, ev, seat, reach, opts, rng):
    """One Movement block of the seat's allowance (p. 9). Returns the Movements used."""
    return move_units(s, T, W, ev, seat, allowance(s, T, seat), True, reach, opts, rng)


@compiled_in_caller
def move_units(s, T, W, ev, seat, left, may_attack, reach, opts, rng):
    """The seat moves Units, one Movement each, until it stops or has none of its ``left``
    Movements left (p. 9). Returns the Movements used. In Solo Mode, Hoplites moved onto a
    space of the Tyrant's may attack him there, unless a Mythology card moved them
    (``may_attack`` False, p. 31)."""
    used = 0
    while left > 0:
        n = unit_choices(s, T, seat, opts, reach)
        k = decide(s, T, W, opts, n, seat, D_MOVE_UNIT, rng)
        kind, which = opts[k, 0], opts[k, 1]
        if kind < 0:
            break
        if kind == MOVE_SHIP:
            n = ship_moves(s, T, which, opts)
        elif kind == MOVE_ALL:
            n = neighbour_lands(s, T, which, opts)
        else:
            n = land_moves(s, T, seat, which, opts, reach)
        # what moves and from where, for a policy that weighs the move (decisions.py)
        for r in range(n):
            opts[r, 2] = kind
            opts[r, 3] = s[L.SHIP_SPACE + which] if kind == MOVE_SHIP else which
        to = opts[decide(s, T, W, opts, n, seat, D_MOVE_TO, rng), 0]
        if kind == MOVE_SHIP:
            emit(s, ev, seat, EV_MOVE, kind, s[L.SHIP_SPACE + which], to)
            s[L.SHIP_SPACE + which] = to
            project_ship(s, T, W, seat, which, opts, rng)
        else:
            units = move_land_units(s, seat, kind, which, to)
            emit(s, ev, seat, EV_MOVE, kind, which, to)
            place_on_land(s, T, ev, seat, to)
            sphinx_toll(s, T, W, ev, seat, to, units, opts, rng)
            if kind == MOVE_HOPLITE or kind == MOVE_ALL:
                aim_archers(s, T, W, seat, to, opts, rng)
                if (may_attack and solo_mode(s) and seat == L.SOLO_PLAYER
                        and s[L.LAND_HOPLITES + to * L.MAX_PLAYERS + seat] > 0):
                    you_may_attack(s, T, W, ev, to, opts, rng)
        left -= 1
        used += 1
    return used
