"""The Companion's divine abilities besides Smite (rules/combat.py): Aura of Protection and
Lay on Hands, each paid in Light Crystals, as many as the team chooses (p. 27). Each
Companion unit uses one ability a round (p. 27)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis.decisions import D_AURA, D_LAY_ON_HANDS
from sim.games.aeolis.events import EV_AURA, EV_LAY_ON_HANDS
from sim.games.aeolis.rules.board import enemy_slot_at, standing
from sim.games.aeolis.rules.core import decide, emit
from sim.jit import kernel


@kernel
def ability_left(s):
    """A Companion unit has not used its divine ability this round."""
    return s[L.COMPANION_USED] < s[L.UNITS + L.U_COMPANION]


@kernel
def aura(s, T, W, opts, rng, ev):
    """Aura of Protection: Structures next to the Companion, one Light Crystal each, cannot
    be destroyed by a Raid this round (the Raid stays and tries again next round). One use
    of a unit's ability covers every hex it pays for."""
    here = s[L.POS + L.G_COMPANION]
    if here < 0 or not ability_left(s):
        return
    used = False
    while s[L.RES + L.R_LIGHT] > 0:
        opts[0, 0] = -1
        n = 1
        for k in range(6):
            h = T.adj[here, k]
            if h >= 0 and standing(s, h) and s[L.AURA + h] == 0:
                opts[n, 0] = h
                n += 1
        h = opts[decide(s, T, W, opts, n, D_AURA, rng), 0]
        if h < 0:
            return
        if not used:
            s[L.COMPANION_USED] += 1
            used = True
        s[L.RES + L.R_LIGHT] -= 1
        s[L.AURA + h] = 1
        emit(s, ev, EV_AURA, h, 0, 0)


@kernel
def healer_near(s, T, h):
    """A Companion stands within 2 hexes of a combat on h (p. 27)."""
    c = s[L.POS + L.G_COMPANION]
    return c >= 0 and s[L.UNITS + L.U_COMPANION] > 0 and T.dist_land[c, h] <= 2


@kernel
def retreat_hex(s, T, h):
    """First land hex next to h without enemies, where saved units retreat; -1 none."""
    for k in range(6):
        nb = T.adj[h, k]
        if nb >= 0 and T.land_ok[nb] == 1 and enemy_slot_at(s, nb) < 0:
            return nb
    return -1


@kernel
def lay_on_hands(s, T, W, opts, rng, ev, h, dying, won):
    """Lay on Hands: of ``dying`` non-Companion land units about to die in a combat on h,
    the team saves as many as it pays Light Crystals for; returns how many."""
    if dying <= 0 or not healer_near(s, T, h) or not ability_left(s):
        return 0
    most = dying if dying < s[L.RES + L.R_LIGHT] else s[L.RES + L.R_LIGHT]
    if most <= 0:
        return 0
    for k in range(most + 1):
        opts[k, 0] = k
    saved = opts[decide(s, T, W, opts, most + 1, D_LAY_ON_HANDS, rng), 0]
    s[L.RES + L.R_LIGHT] -= saved
    if saved > 0:
        s[L.COMPANION_USED] += 1
        emit(s, ev, EV_LAY_ON_HANDS, saved, won, 0)
    return saved
