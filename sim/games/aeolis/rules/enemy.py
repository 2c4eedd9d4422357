"""Enemy Phase: Events resolve in the order of p. 36, enemies move, combat ends the phase
(pp. 33-36)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.decisions import D_PILLAGE, D_UNREST_COMBAT
from sim.games.aeolis.events import EV_ENEMY_MOVE, EV_PILLAGE
from sim.games.aeolis.rules.alchemy import burn_immolated
from sim.games.aeolis.rules.board import (
    FAR,
    army_at,
    army_on_board,
    dist,
    hex_loot,
    place_plague,
    ruin,
    standing,
    step_toward,
)
from sim.games.aeolis.rules.combat import (
    army_combat,
    destroy_civilians,
    land_combat,
    naval_combat,
    unrest_combat,
)
from sim.games.aeolis.rules.core import add_units, chance, decide, emit
from sim.games.aeolis.rules.effects import run_effect
from sim.games.aeolis.rules.heroes import adjacent
from sim.games.aeolis.rules.pile import conclude, damage_enemy, enemy_power, lasting
from sim.jit import compiled_in_caller, kernel
from sim.rng import below


@kernel
def disasters(s, T, ev, rng):
    """Natural Disasters nobody countered activate and leave the pile, except an Inferno,
    which stays burning until put out (p. 34)."""
    for slot in range(L.MAX_ACTIVE):
        card = s[L.ACTIVE + slot]
        if card >= 0 and T.card_kind[card] == ops.K_DISASTER and s[L.BURNING + slot] == 0:
            run_effect(s, T, ev, rng, T.card_fx[card], -1)
            if lasting(T, card):
                s[L.BURNING + slot] = 1
            else:
                conclude(s, ev, slot)


@kernel
def plague_cards(s, T, ev, rng):
    """The Plague step of the Enemy Phase (p. 36): each Plague card on the pile places its
    tokens and leaves the pile."""
    for slot in range(L.MAX_ACTIVE):
        card = s[L.ACTIVE + slot]
        if card >= 0 and T.card_kind[card] == ops.K_PLAGUE:
            run_effect(s, T, ev, rng, T.card_fx[card], -1)
            conclude(s, ev, slot)


@kernel
def spread_plague(s, T, ev, rng):
    """Each spreading Plague has a 50% chance to reach one adjacent standing Structure;
    a consecrated one cannot spread (pp. 22, 34)."""
    for h in range(L.N_HEX):
        if s[L.PLAGUE + h] != 1 or s[L.CONSECRATED + h] == 1:
            continue
        if not chance(rng, T.params[P.PLAGUE_SPREAD_PCT]):
            continue
        n = 0
        for k in range(6):
            nb = T.adj[h, k]
            if nb >= 0 and standing(s, nb) and s[L.PLAGUE + nb] == 0:
                n += 1
        if n == 0:
            continue
        pick = below(rng, 1, n)
        for k in range(6):
            nb = T.adj[h, k]
            if nb >= 0 and standing(s, nb) and s[L.PLAGUE + nb] == 0:
                if pick == 0:
                    place_plague(s, ev, nb)
                    if s[L.PLAGUE + nb] == 1:
                        s[L.PLAGUE + nb] = 2  # new this phase: it does not spread on at once
                    for e in range(L.MAX_ENEMIES):
                        base = L.ENEMY + e * L.EN_WIDTH
                        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_HEX] == nb:
                            damage_enemy(s, T, ev, e, 1)
                    break
                pick -= 1
    for h in range(L.N_HEX):
        if s[L.PLAGUE + h] == 2:
            s[L.PLAGUE + h] = 1


@kernel
def spread_inferno(s, T, ev, rng):
    """While it burns, an Inferno keeps its hex's Structure a Ruin (a repaired one burns
    again) and has a 50% chance to spread to every adjacent Wheat or Wood hex (p. 34)."""
    for h in range(L.N_HEX):
        if s[L.INFERNO + h] != 1:
            continue
        ruin(s, T, ev, h)
        if not chance(rng, T.params[P.INFERNO_SPREAD_PCT]):
            continue
        for k in range(6):
            nb = T.adj[h, k]
            if nb >= 0 and s[L.INFERNO + nb] == 0 and (T.hex_icon[nb] == 1 or T.hex_icon[nb] == 5):
                s[L.INFERNO + nb] = 2
                ruin(s, T, ev, nb)
    for h in range(L.N_HEX):
        if s[L.INFERNO + h] == 2:
            s[L.INFERNO + h] = 1


@kernel
def unrest(s, T, W, opts, rng, ev):
    """Unrest: the army may fight it, wherever its units stand (p. 35 ties the combat to no
    hex); otherwise its effect strikes again."""
    for slot in range(L.MAX_ACTIVE):
        card = s[L.ACTIVE + slot]
        if card < 0 or T.card_kind[card] != ops.K_UNREST:
            continue
        mask = army_on_board(s)
        if mask != 0:
            opts[0, 0] = 0
            opts[1, 0] = 1
            opts[0, 1] = opts[1, 1] = slot
            if opts[decide(s, T, W, opts, 2, D_UNREST_COMBAT, rng), 0] == 1:
                if unrest_combat(s, T, W, opts, rng, ev, slot, mask):
                    continue
        run_effect(s, T, ev, rng, T.card_fx[card], -1)


@kernel
def pillage(s, T, W, opts, rng, ev, power):
    """Raiders in the city take resources and slay workers equal to their Power (p. 35)."""
    for _ in range(power):
        n = 0
        for r in range(L.N_RES):
            if s[L.RES + r] > 0:
                opts[n, 0] = r
                n += 1
        if n == 0:
            break
        s[L.RES + opts[decide(s, T, W, opts, n, D_PILLAGE, rng), 0]] -= 1
    for _ in range(power):
        n = 0
        if s[L.WORKERS] > 0:
            opts[0, 0] = -1
            n = 1
        for k in range(L.N_UNITS):
            if s[L.UNITS + k] > 0:
                opts[n, 0] = -2
                opts[n, 1] = k
                n += 1
        if n == 0:
            break
        c = decide(s, T, W, opts, n, D_PILLAGE, rng)
        if opts[c, 0] == -1:
            s[L.WORKERS] -= 1
        else:
            add_units(s, T, opts[c, 1], -1)


@kernel
def raid_target(s, T, rng, here, sea):
    """Nearest standing, plague-free Structure on the raider's element; ties to the most
    loot, then at random; none left: the city (p. 35)."""
    best, best_d, best_loot, ties = T.city[0], FAR, -1, 0
    for h in range(L.N_HEX):
        if not standing(s, h) or s[L.PLAGUE + h] != 0 or T.st_sea[s[L.STRUCT + h]] != int(sea):
            continue
        d = dist(T, here, h, sea)
        if d >= FAR:
            continue
        loot = hex_loot(s, h)
        if d < best_d or (d == best_d and loot > best_loot):
            best, best_d, best_loot, ties = h, d, loot, 1
        elif d == best_d and loot == best_loot:
            ties += 1
            if below(rng, 1, ties) == 0:
                best = h
    if not sea and s[L.POS + L.G_TOXOTAI] >= 0 and adjacent(T, here, s[L.POS + L.G_TOXOTAI]):
        return s[L.POS + L.G_TOXOTAI]  # Toxotai next to raiders draw them in (p. 35)
    return best


@kernel
def move_enemy(s, T, W, opts, rng, ev, e):
    """Move one enemy token; True when an Invasion entered the city."""
    base = L.ENEMY + e * L.EN_WIDTH
    card = s[base + L.EN_CARD]
    kind = T.card_kind[card]
    sea = kind == ops.K_PLUNDER
    invasion = kind == ops.K_INVASION
    speed = T.params[P.INVASION_SPEED] if invasion else T.params[P.ENEMY_SPEED]
    for _ in range(speed):
        here = s[base + L.EN_HEX]
        target = T.city[0] if invasion else raid_target(s, T, rng, here, sea)
        if here == target:
            break
        if army_at(s, here) != 0 or (T.params[P.TOXOTAI_HOLD] == 1 and toxotai_engaged(s, T, e)):
            return False  # engaged: combat at the end of the phase
        nxt = step_toward(s, T, here, target, sea, rng, not invasion)
        if nxt == here:
            break
        s[base + L.EN_HEX] = nxt
        emit(s, ev, EV_ENEMY_MOVE, card, nxt, 0)
        if s[L.CHARAX + nxt] == 1:
            s[L.CHARAX + nxt] = 0  # a Charax deals 1 damage and is removed (p. 20)
            damage_enemy(s, T, ev, e, 1)
            if s[base + L.EN_CARD] < 0:
                return False
        if army_at(s, nxt) != 0:
            return False
        destroy_civilians(s, T, nxt)
    here = s[base + L.EN_HEX]
    if here == T.city[0]:
        if invasion:
            return True
        emit(s, ev, EV_PILLAGE, card, enemy_power(s, T, e), 0)
        pillage(s, T, W, opts, rng, ev, enemy_power(s, T, e))
        conclude(s, ev, s[base + L.EN_EVENT])
    elif not invasion and standing(s, here) and not (kind == ops.K_RAID and s[L.AURA + here] == 1):
        ruin(s, T, ev, here)  # loot taken, Structure destroyed (p. 35), unless an Aura shields it
    return False


@kernel
def toxotai_engaged(s, T, e):
    """The Toxotai engaged enemy e this round and still stand next to it (p. 20)."""
    tox = s[L.POS + L.G_TOXOTAI]
    return s[L.ENGAGED] == e + 1 and tox >= 0 and \
        adjacent(T, tox, s[L.ENEMY + e * L.EN_WIDTH + L.EN_HEX])


@kernel
def move_kind(s, T, W, opts, rng, ev, kind):
    for e in range(L.MAX_ENEMIES):
        card = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
        if card >= 0 and T.card_kind[card] == kind:
            if move_enemy(s, T, W, opts, rng, ev, e):
                s[L.GAME_OVER] = 1
                s[L.LOSS_CAUSE] = L.LOSS_INVASION_CITY
                return


@kernel
def fights(s, T, W, opts, rng, ev):
    """Every engaged combat resolves at the end of the Enemy Phase (p. 21): the fleet
    fights a Plunder next to it; the army fights any enemy on its hex, a Plunder landed
    on the city or the Harbor too (p. 29); the Toxotai, with the army on their hex, fight
    the enemy with archers they engaged from the hex next to it (p. 20)."""
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        card = s[base + L.EN_CARD]
        if card < 0:
            continue
        h = s[base + L.EN_HEX]
        ship = s[L.POS + L.G_SHIP]
        if T.card_kind[card] == ops.K_PLUNDER and ship >= 0 and (ship == h or adjacent(T, ship, h)):
            naval_combat(s, T, W, opts, rng, ev, e)
        elif army_at(s, h) != 0:  # on land every enemy meets the army on its hex (p. 29)
            land_combat(s, T, W, opts, rng, ev, e)
        else:
            destroy_civilians(s, T, h)
            if toxotai_engaged(s, T, e):
                army_combat(s, T, W, opts, rng, ev, e, s[L.POS + L.G_TOXOTAI])
    s[L.ENGAGED] = 0


@compiled_in_caller
def enemy_phase(s, T, W, opts, rng, ev):
    """Resolution order: Natural Disaster, Plague, Riot, Plunder, Raid, Invasion (p. 36)."""
    s[L.PHASE] = L.PHASE_ENEMY
    burn_immolated(s, T, ev)
    spread_inferno(s, T, ev, rng)
    disasters(s, T, ev, rng)
    plague_cards(s, T, ev, rng)
    spread_plague(s, T, ev, rng)
    unrest(s, T, W, opts, rng, ev)
    move_kind(s, T, W, opts, rng, ev, ops.K_PLUNDER)
    move_kind(s, T, W, opts, rng, ev, ops.K_RAID)
    move_kind(s, T, W, opts, rng, ev, ops.K_INVASION)
    if s[L.GAME_OVER] == 1:
        return
    fights(s, T, W, opts, rng, ev)
