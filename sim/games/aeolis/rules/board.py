"""The map: random placement (D6 + D4), shortest-path steps, Structures and their ruin."""

from sim.games.aeolis import layout as L
from sim.games.aeolis.events import EV_DESTROY, EV_PLAGUE
from sim.games.aeolis.rules.core import add_morale, emit, roll
from sim.jit import kernel
from sim.rng import below

FAR = 99


@kernel
def random_hex(T, rng):
    """D6 picks the hex at the top edge, D4 how far from it the token lands, counting that
    hex as the first, on a line heading down and left (p. 36)."""
    return placed_hex(roll(rng, 6), roll(rng, 4))


@kernel
def placed_hex(d6, d4):
    """The hex a D6 / D4 placement names. Rows are "odd-r" offset (odd rows shifted
    right), so down-left from an even row moves a column left and from an odd row keeps
    the column; at the left edge the line runs straight down."""
    row, col = 0, d6 - 1
    for _ in range(d4 - 1):
        if row % 2 == 0 and col > 0:
            col -= 1
        row += 1
    return row * L.N_COLS + col


@kernel
def nearest_ok(T, h, sea):
    """``h`` itself, or the nearest hex (by map adjacency rings) a land or sea token may use."""
    ok = T.sea_ok if sea else T.land_ok
    if ok[h] == 1 and h != T.city[0]:
        return h
    best, best_d = -1, FAR
    hr, hc = h // L.N_COLS, h % L.N_COLS
    for x in range(L.N_HEX):
        if ok[x] == 1 and x != T.city[0]:
            d = abs(x // L.N_COLS - hr) + abs(x % L.N_COLS - hc)
            if d < best_d:
                best, best_d = x, d
    return best


@kernel
def dist(T, a, b, terrain):
    """Steps from a to b over land (0 / False), sea (1 / True) or both (2, the Architect)."""
    if terrain == 2:
        return T.dist_any[a, b]
    return T.dist_sea[a, b] if terrain == 1 else T.dist_land[a, b]


@kernel
def army_at(s, h):
    """Bit mask of army kinds whose miniature stands on h."""
    mask = 0
    for k in range(L.N_ARMY):
        if s[L.POS + k] == h and s[L.UNITS + k] > 0:
            mask |= 1 << k
    return mask


@kernel
def army_on_board(s):
    """Bit mask of army kinds with a miniature anywhere on the board."""
    mask = 0
    for k in range(L.N_ARMY):
        if s[L.POS + k] >= 0 and s[L.UNITS + k] > 0:
            mask |= 1 << k
    return mask


@kernel
def step_toward(s, T, here, target, terrain, rng, shy):
    """One step along a shortest path, avoiding Plague hexes when another step is as short
    (p. 35), and first of all, for a ``shy`` Raid or Plunder, hexes with army units or the
    fleet (p. 35); ties broken at random. Returns ``here`` when no step gets closer."""
    d0 = dist(T, here, target, terrain)
    if d0 == 0 or d0 >= FAR:
        return here
    best = -1
    n_best = 0
    best_rank = 4
    for k in range(6):
        nb = T.adj[here, k]
        if nb < 0 or dist(T, nb, target, terrain) != d0 - 1:
            continue
        rank = 1 if s[L.PLAGUE + nb] != 0 else 0
        if shy and (army_at(s, nb) != 0 or s[L.POS + L.G_SHIP] == nb):
            rank += 2
        if rank < best_rank:
            best, n_best, best_rank = nb, 1, rank
        elif rank == best_rank:
            n_best += 1
            if below(rng, 1, n_best) == 0:
                best = nb
    return here if best < 0 else best


@kernel
def standing(s, h):
    """A Structure stands on h (not a Ruin)."""
    return s[L.STRUCT + h] >= 0 and s[L.RUIN + h] == 0


@kernel
def hex_loot(s, h):
    return s[L.STOCK + 2 * h] + s[L.STOCK + 2 * h + 1] + s[L.HEX_GOLD + h]


@kernel
def clear_stock(s, h):
    s[L.STOCK + 2 * h] = 0
    s[L.STOCK + 2 * h + 1] = 0
    s[L.HEX_GOLD + h] = 0


@kernel
def ruin(s, T, ev, h):
    """Destroy the Structure on h: Ruin token, its goods lost, -1 Morale (p. 5)."""
    if not standing(s, h):
        return
    s[L.RUIN + h] = 1
    clear_stock(s, h)
    emit(s, ev, EV_DESTROY, h, s[L.STRUCT + h], 0)
    add_morale(s, T, ev, -1)


@kernel
def place_plague(s, ev, h):
    """A Plague token lands on h; a Consecrate token there is spent instead (p. 22)."""
    if s[L.CONSECRATED + h] == 1 and s[L.PLAGUE + h] == 0:
        s[L.CONSECRATED + h] = 0
        return
    if s[L.PLAGUE + h] == 0:
        s[L.PLAGUE + h] = 1
        emit(s, ev, EV_PLAGUE, h, 0, 0)


@kernel
def enemy_slot_at(s, h):
    """First enemy token on hex h, -1 none."""
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_HEX] == h:
            return e
    return -1


@kernel
def plunder_out(s, T):
    """A Plunder token is on the board (no sea Structures then, p. 12)."""
    for e in range(L.MAX_ENEMIES):
        c = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
        if c >= 0 and T.card_kind[c] == 4:  # ops.K_PLUNDER
            return True
    return False


@kernel
def raid_rows_block(s, T, h):
    """Area of Control: no building on or above the row of any Raid (p. 12)."""
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        c = s[base + L.EN_CARD]
        if c >= 0 and T.card_kind[c] == 5 and T.hex_row[h] <= T.hex_row[s[base + L.EN_HEX]]:
            return True
    return False
