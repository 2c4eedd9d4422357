"""The Alchemist (Alchemist expansion, p. 26): Philosophers become Alchemists when the
Academy's Alchemy upgrade is built; each Alchemist unit takes one action a Player Phase."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.decisions import D_ALCHEMIST, D_ALCHEMISTS
from sim.games.aeolis.rules.core import decide
from sim.games.aeolis.rules.pile import damage_enemy, put_out
from sim.jit import kernel

STORABLE = (L.R_LEATHER, L.R_WOOD, L.R_STONE, L.R_COPPER)  # what an Alchemist works (p. 26)
A_MIDAS, A_TRANSMUTE, A_IMMOLATE, A_WEATHER = range(4)


@kernel
def become_alchemists(s, T, W, opts, rng):
    """The team picks how many Philosophers turn into Alchemists (some or all, p. 26)."""
    n = s[L.UNITS + L.U_PHILOSOPHER] + 1
    for k in range(n):
        opts[k, 0] = k
    m = opts[decide(s, T, W, opts, n, D_ALCHEMISTS, rng), 0]
    s[L.UNITS + L.U_PHILOSOPHER] -= m  # same miniature, so its hex is kept
    s[L.UNITS + L.U_ALCHEMIST] += m


@kernel
def alchemy_options(s, T, opts):
    """Row (action, a, b) per legal action: Midas (resource), Transmute (from, to),
    Immolate (enemy slot), Control Weather (active-event slot); row 0 stops."""
    opts[0, 0] = -1
    n = 1
    for a in STORABLE:
        if s[L.RES + a] < 1:
            continue
        opts[n, 0], opts[n, 1], opts[n, 2] = A_MIDAS, a, -1
        n += 1
        for b in STORABLE:
            if b != a:
                opts[n, 0], opts[n, 1], opts[n, 2] = A_TRANSMUTE, a, b
                n += 1
    if s[L.RES + L.R_FIRE] >= T.params[P.IMMOLATE_FIRE]:
        for e in range(L.MAX_ENEMIES):
            base = L.ENEMY + e * L.EN_WIDTH
            if s[base + L.EN_CARD] >= 0 and s[base + L.EN_INFERNO] == 0:
                opts[n, 0], opts[n, 1], opts[n, 2] = A_IMMOLATE, e, -1
                n += 1
    if s[L.RES + L.R_SALT] >= T.params[P.WEATHER_SALT]:
        for slot in range(L.MAX_ACTIVE):
            card = s[L.ACTIVE + slot]
            if card >= 0 and T.card_kind[card] == ops.K_DISASTER:
                opts[n, 0], opts[n, 1], opts[n, 2] = A_WEATHER, slot, -1
                n += 1
    return n


@kernel
def alchemy(s, T, W, opts, rng, ev):
    """Each Alchemist unit: Hand of Midas (1 good -> 2 Gold), Transmutation (1 good into
    another), Immolate (3 Fire: an Inferno on an enemy), Control Weather (2 Salt cancel a
    Natural Disaster) (p. 26)."""
    for _ in range(s[L.UNITS + L.U_ALCHEMIST]):
        n = alchemy_options(s, T, opts)
        c = decide(s, T, W, opts, n, D_ALCHEMIST, rng)
        act, a, b = opts[c, 0], opts[c, 1], opts[c, 2]
        if act < 0:
            return
        if act == A_MIDAS:
            s[L.RES + a] -= 1
            s[L.RES + L.R_GOLD] += T.params[P.MIDAS_GOLD]
        elif act == A_TRANSMUTE:
            s[L.RES + a] -= 1
            s[L.RES + b] += 1
        elif act == A_IMMOLATE:
            s[L.RES + L.R_FIRE] -= T.params[P.IMMOLATE_FIRE]
            s[L.ENEMY + a * L.EN_WIDTH + L.EN_INFERNO] = 1
        else:
            s[L.RES + L.R_SALT] -= T.params[P.WEATHER_SALT]
            put_out(s, T, ev, a)


@kernel
def burn_immolated(s, T, ev):
    """At the start of the Enemy Phase every enemy under an Immolate Inferno takes 1 damage."""
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_INFERNO] == 1:
            damage_enemy(s, T, ev, e, 1)
