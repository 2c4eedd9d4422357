"""Philosopher (Technologies, Blessings), Hoplite (Bronze, upgrades, Charax, Toxotai fire),
Priestess (Consecrate, Bless), Triaconter (explore, ranged fire) (pp. 15-25)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import KT_BRONZE_WORKING
from sim.games.aeolis.decisions import (
    D_ARMY_UPGRADE,
    D_CHARAX,
    D_CLAIM,
    D_DESTROY_PLAGUED,
    D_DISCOVER,
    D_EXPLORE,
    D_PRIESTESS,
    D_RANGED,
)
from sim.games.aeolis.events import EV_DISCOVER
from sim.games.aeolis.rules.augury import augury, future_draws
from sim.games.aeolis.rules.board import enemy_slot_at, standing
from sim.games.aeolis.rules.combat import meets
from sim.games.aeolis.rules.core import (
    abilities_left,
    add_morale,
    decide,
    emit,
    expansion_on,
    group_units,
    has_tech,
    roll,
    use_tech,
)
from sim.games.aeolis.rules.effects import claim_loot, discover, run_effect
from sim.games.aeolis.rules.pile import conclude, damage_enemy, is_invasion
from sim.jit import kernel
from sim.rng import below


@kernel
def can_discover(s, T, t):
    if s[L.TECH + t] == 1 or s[L.RESEARCH] < T.tech_cost[t] or not expansion_on(s, T.tech_exp[t]):
        return False
    for k in range(T.tech_req.shape[1]):
        if T.tech_req[t, k] >= 0 and s[L.TECH + T.tech_req[t, k]] == 0:
            return False
    return True


@kernel
def research(s, T, W, opts, rng, ev):
    """Up to one discovery per Philosopher unit, paid in Research (p. 15)."""
    for _ in range(s[L.UNITS + L.U_PHILOSOPHER] + s[L.UNITS + L.U_ALCHEMIST]):
        opts[0, 0] = -1
        n = 1
        for t in range(T.tech_cost.shape[0]):
            if can_discover(s, T, t):
                opts[n, 0] = t
                n += 1
        t = opts[decide(s, T, W, opts, n, D_DISCOVER, rng), 0]
        if t < 0:
            return
        s[L.RESEARCH] -= T.tech_cost[t]
        discover(s, T, ev, rng, t)
        emit(s, ev, EV_DISCOVER, t, 0, 0)


@kernel
def blessings(s, T, ev, rng):
    """The Philosopher completes each Blessing whose location he stands on and whose price
    the team can pay (p. 17), one per Philosopher unit (p. 5)."""
    here = s[L.POS + L.G_PHILOSOPHER]
    if here < 0:
        return
    left = group_units(s, L.G_PHILOSOPHER)
    for slot in range(L.MAX_ACTIVE):
        if left == 0:
            return
        card = s[L.ACTIVE + slot]
        if card < 0 or T.card_kind[card] != ops.K_BLESSING:
            continue
        where = T.card_where[card]
        if where >= 0 and T.building_hex[where] != here:
            continue
        ok = True
        for k in range(3):
            r = T.card_cost[card, k, 0]
            if r >= 0 and s[L.RES + r] < T.card_cost[card, k, 1]:
                ok = False
        if not ok:
            continue
        for k in range(3):
            r = T.card_cost[card, k, 0]
            if r >= 0:
                s[L.RES + r] -= T.card_cost[card, k, 1]
        run_effect(s, T, ev, rng, T.card_fx[card], -1)
        conclude(s, ev, slot)
        left -= 1


@kernel
def arena(s, T, W, opts, rng, ev):
    """Cast Bronze (1 Gold + 1 Copper) and unlock upgrades with three of a resource (p. 19),
    each action once per Arena unit (p. 5; setting ``arena_units``: every army kind, or the
    Hoplites only). Leather must be on the mat before the Player Phase; Bronze may be cast
    in it for the upgrade (p. 19)."""
    cost = T.params[P.UPGRADE_COST]
    casts = 0
    for k in range(L.N_ARMY):
        if k == L.U_HOPLITE or T.params[P.ARENA_UNITS] == 0:
            casts += s[L.UNITS + k]
    unlocks = casts
    while True:
        opts[0, 0] = -1
        n = 1
        if casts > 0 and has_tech(s, T.key_tech[KT_BRONZE_WORKING]) and s[L.RES + L.R_COPPER] >= 1 \
                and s[L.RES + L.R_GOLD] >= T.params[P.BRONZE_GOLD]:
            opts[n, 0] = -2
            n += 1
        for k in range(L.N_ARMY - 1):  # Companions have every upgrade already
            if unlocks == 0 or (s[L.UNITS + k] == 0 and k != L.U_HOPLITE):
                continue
            for bit, res in ((L.UP_LEATHER, L.R_LEATHER), (L.UP_BRONZE, L.R_BRONZE),
                             (L.UP_IRON, L.R_IRON)):
                held = s[L.LEATHER_HELD] if res == L.R_LEATHER else s[L.RES + res]
                if s[L.UPGRADES + k] & bit == 0 and s[L.RES + res] >= cost and held >= cost:
                    opts[n, 0] = k
                    opts[n, 1] = bit
                    opts[n, 2] = res
                    n += 1
        c = decide(s, T, W, opts, n, D_ARMY_UPGRADE, rng)
        k = opts[c, 0]
        if k == -1:
            return
        if k == -2:
            s[L.RES + L.R_COPPER] -= 1
            s[L.RES + L.R_GOLD] -= T.params[P.BRONZE_GOLD]
            s[L.RES + L.R_BRONZE] += 1
            use_tech(s, ev, T.key_tech[KT_BRONZE_WORKING])
            casts -= 1
        else:
            s[L.RES + opts[c, 2]] -= cost
            if opts[c, 2] == L.R_LEATHER:
                s[L.LEATHER_HELD] -= cost
            s[L.UPGRADES + k] |= opts[c, 1]
            unlocks -= 1


@kernel
def charax(s, T, W, opts, rng):
    """The Hoplite sets one Charax per unit on his hex or an adjacent one (p. 20)."""
    here = s[L.POS + L.G_HOPLITE]
    if here < 0:
        return
    for _ in range(s[L.UNITS + L.U_HOPLITE]):
        opts[0, 0] = -1
        n = 1
        for k in range(-1, 6):
            h = here if k < 0 else T.adj[here, k]
            if h >= 0 and T.land_ok[h] == 1 and s[L.CHARAX + h] == 0:
                opts[n, 0] = h
                n += 1
        h = opts[decide(s, T, W, opts, n, D_CHARAX, rng), 0]
        if h < 0:
            return
        s[L.CHARAX + h] = 1


@kernel
def adjacent(T, a, b):
    for k in range(6):
        if T.adj[a, k] == b:
            return True
    return False


@kernel
def ranged(s, T, W, opts, rng, ev, g):
    """Toxotai or the fleet fire once at an adjacent enemy (pp. 20, 25). Toxotai do
    Toxotai-count damage (half when missing upgrades, always half on Invasions); an enemy
    with archers (Plunders, some Raids, every Invasion, p. 33) they engage in combat from
    their hex instead (option column 1 is 1), fought at the end of the Enemy Phase."""
    here = s[L.POS + g]
    bit = 1 if g == L.G_TOXOTAI else 2
    if here < 0 or s[L.RANGED_DONE] & bit:
        return
    opts[0, 0] = -1
    n = 1
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        card = s[base + L.EN_CARD]
        if card < 0 or not adjacent(T, here, s[base + L.EN_HEX]):
            continue
        if g == L.G_SHIP and T.land_ok[s[base + L.EN_HEX]] == 0:
            continue  # the fleet's ranged fire hits land units on the shore
        opts[n, 0] = e
        opts[n, 1] = 1 if g == L.G_TOXOTAI and T.card_archers[card] == 1 else 0
        n += 1
    c = decide(s, T, W, opts, n, D_RANGED, rng)
    e = opts[c, 0]
    if e < 0:
        return
    s[L.RANGED_DONE] |= bit
    if opts[c, 1] == 1:
        s[L.ENGAGED] = e + 1
        return
    card = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
    if g == L.G_SHIP:
        dmg = s[L.UNITS + L.U_SHIP]
    else:
        dmg = s[L.UNITS + L.U_TOXOTAI]
        if not meets(s, L.U_TOXOTAI, T.card_needs[card]) or is_invasion(s, T, e):
            dmg //= 2
    damage_enemy(s, T, ev, e, dmg)


@kernel
def temple(s, T, W, opts, rng, ev):
    """Each Priestess may use one unused ability. Balance / Life: Consecrate (Cure) adjacent
    Structures or Bless the army near her (p. 22); Death: Kiss of Death on an adjacent
    enemy hex or Blood Letting (p. 27); all: Augury and its stronger forms on the Event
    decks (rules/augury.py). Proselytize is spent by Diplomacy (rules/city.py)."""
    here = s[L.POS + L.G_PRIESTESS]
    if here < 0:
        return
    death = s[L.LEVEL + L.B_TEMPLE] == 2
    while abilities_left(s) > 0:
        opts[0, 0] = -1
        n = 1
        for ability in range(3):
            if s[L.FAITH_USED + ability] == 1:
                continue
            faith = s[L.FAITH + ability]
            if death and ability == 0:
                if s[L.PLAGUE_HELD] >= 1 and s[L.RES + L.R_VOID] >= faith:
                    for k in range(6):
                        h = T.adj[here, k]
                        if h >= 0 and enemy_slot_at(s, h) >= 0:
                            opts[n, 0], opts[n, 1], opts[n, 2] = 0, faith, h
                            n += 1
            elif ability == 2:  # Augury / Divination / Divine Intervention: Age, Curses seen
                for deck in (ops.DECK_C1, ops.DECK_C2):
                    if future_draws(s, T, deck) > 0:
                        for k in range(faith + 1):
                            opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = 2, faith, deck, k
                            n += 1
            else:
                opts[n, 0], opts[n, 1], opts[n, 2] = ability, faith, -1
                n += 1
        c = decide(s, T, W, opts, n, D_PRIESTESS, rng)
        ability = opts[c, 0]
        if ability < 0:
            return
        faith = s[L.FAITH + ability]
        s[L.FAITH + ability] = 1
        s[L.FAITH_USED + ability] = 1
        if ability == 2:
            augury(s, T, W, opts, rng, ev, opts[c, 2], faith, opts[c, 3])
        elif death and ability == 0:
            kiss_of_death(s, T, ev, opts[c, 2], faith)
        elif ability == 1 and not death:
            s[L.BLESSED] = faith
            s[L.BLESS_GROUPS] = near_groups(s, T, here)
        else:
            tend(s, T, here, faith, death)


@kernel
def near_groups(s, T, h):
    """Bit mask of the groups with units on hex h or an adjacent hex."""
    mask = 0
    for g in range(L.N_GROUPS):
        p = s[L.POS + g]
        if p >= 0 and group_units(s, g) > 0 and (p == h or adjacent(T, p, h)):
            mask |= 1 << g
    return mask


@kernel
def kiss_of_death(s, T, ev, h, faith):
    """1 Plague token and Faith Void Crystals: Faith damage to every enemy on hex h."""
    s[L.PLAGUE_HELD] -= 1
    s[L.RES + L.R_VOID] -= faith
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_HEX] == h:
            damage_enemy(s, T, ev, e, faith)


@kernel
def tend(s, T, here, faith, death):
    """Up to Faith Structures on and around the Priestess's hex: Balance consecrates; Life
    cures a plagued one (its token to her mat); Death's Blood Letting only cures, for a
    Void Crystal per token (pp. 22, 27)."""
    left = faith
    for k in range(-1, 6):
        h = here if k < 0 else T.adj[here, k]
        if h < 0 or left == 0:
            continue
        if s[L.PLAGUE + h] == 1 and (death or (s[L.LEVEL + L.B_TEMPLE] >= 1 and standing(s, h))):
            s[L.PLAGUE + h] = 0
            s[L.PLAGUE_HELD] += 1
            s[L.RES + L.R_VOID] += 1 if death else 0
            left -= 1
        elif not death and standing(s, h) and s[L.CONSECRATED + h] == 0:
            s[L.CONSECRATED + h] = 1
            left -= 1


@kernel
def claimable(s, T, opts, r):
    """Rows (Compass slot, difficulty) of the tokens a D100 roll of ``r`` reaches
    (difficulty <= r, p. 25); returns how many."""
    n = 0
    for k in range(L.N_COMPASS):
        tok = s[L.COMPASS + k]
        if tok >= 0 and T.loot[tok, 2] <= r:
            opts[n, 0], opts[n, 1] = k, T.loot[tok, 2]
            n += 1
    return n


@kernel
def lowest_difficulty(opts, m):
    """The row of the claimable token of lowest difficulty (the first of equals)."""
    best = 0
    for k in range(1, m):
        if opts[k, 1] < opts[best, 1]:
            best = k
    return best


@kernel
def explore(s, T, W, opts, rng, ev):
    """One Explore action per Triaconter unit: roll D100 and claim an eligible token, draw
    a token into an empty slot, or replace one (p. 25)."""
    for _ in range(s[L.UNITS + L.U_SHIP]):
        opts[0, 0] = -1
        n = 1
        opts[n, 0] = 0
        n += 1
        for k in range(L.N_COMPASS):
            if s[L.COMPASS + k] < 0:
                opts[n, 0] = 1
                opts[n, 1] = k
                n += 1
                break
        for k in range(L.N_COMPASS):
            if s[L.COMPASS + k] >= 0:
                opts[n, 0] = 2
                opts[n, 1] = k
                n += 1
        c = decide(s, T, W, opts, n, D_EXPLORE, rng)
        act, slot = opts[c, 0], opts[c, 1]
        if act < 0:
            return
        if act == 0:
            m = claimable(s, T, opts, roll(rng, 100))
            if m > 0:  # the team claims any one of them (setting ``explore_claim``)
                k = opts[lowest_difficulty(opts, m) if T.params[P.EXPLORE_CLAIM] == 1
                         else decide(s, T, W, opts, m, D_CLAIM, rng), 0]
                claim_loot(s, T, s[L.COMPASS + k])
                s[L.COMPASS + k] = -1
        else:
            s[L.COMPASS + slot] = below(rng, 0, T.loot.shape[0])


@kernel
def destroy_plagued(s, T, W, opts, rng, ev):
    """Burn a plagued Structure to stop the spread: Ruin, Plague removed, -1 Morale (p. 34)."""
    while True:
        opts[0, 0] = -1
        n = 1
        for h in range(L.N_HEX):
            if s[L.PLAGUE + h] == 1 and standing(s, h):
                opts[n, 0] = h
                n += 1
        h = opts[decide(s, T, W, opts, n, D_DESTROY_PLAGUED, rng), 0]
        if h < 0:
            return
        s[L.PLAGUE + h] = 0
        s[L.RUIN + h] = 1
        add_morale(s, T, ev, -1)  # the Structure's own loss (p. 5) is this one step
