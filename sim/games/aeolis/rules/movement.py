"""Moving miniatures: reachable hexes, the path walked, what happens on each hex (p. 8)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import params as P
from sim.games.aeolis.decisions import D_MOVE
from sim.games.aeolis.events import EV_MOVE
from sim.games.aeolis.rules.board import FAR, clear_stock, dist, enemy_slot_at, step_toward
from sim.games.aeolis.rules.core import add_units, decide, emit, gain, group_units
from sim.jit import kernel

SPEED_PARAM = (P.SPEED_HOPLITE, P.SPEED_TOXOTAI, P.SPEED_HIPPEIS, P.SPEED_COMPANION,
               P.SPEED_PHILOSOPHER, P.SPEED_PRIESTESS, P.SPEED_MAGI, P.SPEED_SHIP)


@kernel
def terrain(s, g):
    """Where a group moves: 0 land, 1 sea (ships), 2 both: once the Academy is upgraded
    the Philosopher's miniature is the Architect (later the Alchemist), who sails (p. 35)."""
    if g == L.G_SHIP:
        return 1
    if g == L.G_PHILOSOPHER and s[L.LEVEL + L.B_ACADEMY] >= 1:
        return 2
    return 0


@kernel
def speed(s, T, g):
    if g == L.G_SHIP and s[L.LEVEL + L.B_HARBOR] == 2:
        return T.params[P.SPEED_GALLEY]
    return T.params[SPEED_PARAM[g]]


@kernel
def lose_one(s, T, g):
    """A group loses one unit (Plague or Inferno hex, p. 8)."""
    if g <= L.G_COMPANION:
        add_units(s, T, g, -1)
    elif g == L.G_PHILOSOPHER:
        kind = L.U_PHILOSOPHER if s[L.UNITS + L.U_PHILOSOPHER] > 0 else L.U_ALCHEMIST
        add_units(s, T, kind, -1)
    elif g == L.G_PRIESTESS:
        add_units(s, T, L.U_PRIESTESS, -1)
    elif g == L.G_MAGI:
        add_units(s, T, L.U_MAGI, -1)
    else:
        add_units(s, T, L.U_SHIP, -1)


@kernel
def collect(s, T, h):
    """Take the goods waiting on a hex into the stash (p. 10)."""
    st = s[L.STRUCT + h]
    if st >= 0:
        for k in range(2):
            if T.st_prod[st, k] >= 0 and s[L.STOCK + 2 * h + k] > 0:
                gain(s, T, T.st_prod[st, k], s[L.STOCK + 2 * h + k])
    s[L.RES + L.R_GOLD] += s[L.HEX_GOLD + h]
    clear_stock(s, h)


@kernel
def repair(s, T, g, h):
    """The Philosopher repairs a Ruin on a hex he starts on, passes through or stops on
    (p. 17); sea hexes once the Academy is upgraded."""
    if g == L.G_PHILOSOPHER and s[L.RUIN + h] == 1 and s[L.STRUCT + h] >= 0:
        if T.land_ok[h] == 1 or s[L.LEVEL + L.B_ACADEMY] >= 1:
            s[L.RUIN + h] = 0


@kernel
def visit(s, T, g, h):
    """Entering hex h: collect goods, repair a Ruin, take hazard damage."""
    collect(s, T, h)
    repair(s, T, g, h)
    if s[L.PLAGUE + h] == 1 or s[L.INFERNO + h] == 1:
        lose_one(s, T, g)


@kernel
def move_options(s, T, opts, g):
    """Hexes the group can reach this turn (staying put is option 0)."""
    here = s[L.POS + g]
    opts[0, 0] = here
    n = 1
    sp = speed(s, T, g)
    where = terrain(s, g)
    for h in range(L.N_HEX):
        if h != here and n < opts.shape[0]:
            d = dist(T, here, h, where)
            if d <= sp and d < FAR:
                opts[n, 0] = h
                opts[n, 1] = g
                n += 1
    opts[0, 1] = g
    return n


@kernel
def walk(s, T, rng, ev, g, target):
    """Step toward ``target``; stop on entering an enemy hex (p. 8)."""
    repair(s, T, g, s[L.POS + g])  # the hex he starts on (p. 17)
    where = terrain(s, g)
    for _ in range(speed(s, T, g)):
        here = s[L.POS + g]
        if here == target or group_units(s, g) == 0:
            break
        nxt = step_toward(s, T, here, target, where, rng, False)
        if nxt == here:
            break
        s[L.POS + g] = nxt
        visit(s, T, g, nxt)
        if group_units(s, g) == 0:
            break
        if enemy_slot_at(s, nxt) >= 0:
            break
    if group_units(s, g) > 0:
        emit(s, ev, EV_MOVE, g, s[L.POS + g], 0)


@kernel
def move_group(s, T, W, opts, rng, ev, g):
    """The team picks where a group goes, and it walks there."""
    if group_units(s, g) == 0 or s[L.POS + g] < 0:
        return
    n = move_options(s, T, opts, g)
    target = opts[decide(s, T, W, opts, n, D_MOVE, rng), 0]
    walk(s, T, rng, ev, g, target)
