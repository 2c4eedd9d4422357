"""The Queen (feeding, Structures, building upgrades, Diplomacy) and the Merchant (Trade
Wheel, collecting, Foreign Trade) (pp. 11-16, 32)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import KT_FOREIGN_TRADE
from sim.games.aeolis.decisions import (
    D_BUILD,
    D_COLLECT,
    D_DIPLOMACY,
    D_FEED,
    D_FOREIGN_TRADE,
    D_TRADE,
    D_UPGRADE_BUILDING,
)
from sim.games.aeolis.events import EV_BUILD, EV_DIPLOMACY, EV_TRADE, EV_UPGRADE
from sim.games.aeolis.rules.alchemy import become_alchemists
from sim.games.aeolis.rules.board import hex_loot, plunder_out, raid_rows_block, standing
from sim.games.aeolis.rules.core import (
    abilities_left,
    add_morale,
    add_workers,
    decide,
    emit,
    expansion_on,
    has_tech,
    hero_active,
    roll,
    tradeable,
    use_tech,
)
from sim.games.aeolis.rules.effects import run_effect
from sim.games.aeolis.rules.movement import collect
from sim.games.aeolis.rules.pile import conclude, enemy_power
from sim.jit import kernel


@kernel
def feed(s, T, W, opts, rng, ev):
    """Spend 2 Wheat or 1 Fish per worker, 1 Meat for two workers (p. 12)."""
    while s[L.WORKERS] < T.params[P.MAX_WORKERS]:
        opts[0, 0] = -1
        n = 1
        if s[L.RES + L.R_WHEAT] >= T.params[P.FEED_WHEAT]:
            opts[n, 0] = L.R_WHEAT
            n += 1
        if s[L.RES + L.R_FISH] >= 1:
            opts[n, 0] = L.R_FISH
            n += 1
        if s[L.RES + L.R_MEAT] >= 1:
            opts[n, 0] = L.R_MEAT
            n += 1
        food = opts[decide(s, T, W, opts, n, D_FEED, rng), 0]
        if food < 0:
            return
        if food == L.R_WHEAT:
            s[L.RES + L.R_WHEAT] -= T.params[P.FEED_WHEAT]
            add_workers(s, T, 1)
        elif food == L.R_FISH:
            s[L.RES + L.R_FISH] -= 1
            add_workers(s, T, 1)
        else:
            s[L.RES + L.R_MEAT] -= 1
            add_workers(s, T, T.params[P.MEAT_WORKERS])


@kernel
def can_build(s, T, st, h):
    """Icon match, empty hex, Area of Control, no sea Structure during a Plunder (p. 11-12)."""
    if s[L.STRUCT + h] >= 0 or T.hex_icon[h] != T.st_icon[st]:
        return False
    if T.st_sea[st] == 1:
        if plunder_out(s, T):
            return False
    elif raid_rows_block(s, T, h):
        return False
    return s[L.INFERNO + h] == 0


@kernel
def build(s, T, W, opts, rng, ev):
    """The Queen places discovered Structures for 1 worker + 1 Wood (+ 1 Stone) each."""
    while True:
        opts[0, 0] = -1
        n = 1
        if s[L.WORKERS] >= 1 and s[L.RES + L.R_WOOD] >= 1:
            for st in range(T.st_tech.shape[0]):
                if not has_tech(s, T.st_tech[st]) or (T.st_stone[st] == 1 and s[L.RES + L.R_STONE] < 1):
                    continue
                for h in range(L.N_HEX):
                    if n < opts.shape[0] and can_build(s, T, st, h):
                        opts[n, 0] = st
                        opts[n, 1] = h
                        n += 1
        k = decide(s, T, W, opts, n, D_BUILD, rng)
        st = opts[k, 0]
        if st < 0:
            return
        h = opts[k, 1]
        s[L.WORKERS] -= 1
        s[L.RES + L.R_WOOD] -= 1
        s[L.RES + L.R_STONE] -= T.st_stone[st]
        s[L.STRUCT + h] = st
        s[L.RUIN + h] = 0
        s[L.STRUCT_BUILT] += 1
        emit(s, ev, EV_BUILD, st, h, 0)
        use_tech(s, ev, T.st_tech[st])
        first_production(s, T, h)


@kernel
def first_production(s, T, h):
    """A Structure produces once when it is built (p. 10); not goods only the upgraded
    Agora trades before it is upgraded (p. 13)."""
    st = s[L.STRUCT + h]
    for k in range(2):
        r = T.st_prod[st, k]
        if r >= 0 and r != L.R_WORKER and not tradeable(s, T, r):
            continue
        if r == L.R_GOLD:
            s[L.HEX_GOLD + h] += 1
        elif r >= 0:
            s[L.STOCK + 2 * h + k] += 1


@kernel
def building_hero(b):
    return (L.H_QUEEN, L.H_MERCHANT, L.H_PHILOSOPHER, L.H_HOPLITE, L.H_PRIESTESS, L.H_MAGI,
            L.H_TRIACONTER)[b]


@kernel
def upgrade_buildings(s, T, W, opts, rng, ev):
    """Upgrade hero buildings whose technology is known: 1 worker, 1 Wood, 1 Stone (p. 12)."""
    while True:
        opts[0, 0] = -1
        n = 1
        if s[L.WORKERS] >= 1 and s[L.RES + L.R_WOOD] >= 1 and s[L.RES + L.R_STONE] >= 1:
            for b in range(L.N_BUILDINGS):
                lv = s[L.LEVEL + b] + 1
                if lv <= 2 and hero_active(s, building_hero(b)) and has_tech(s, T.up_tech[b, lv]) \
                        and expansion_on(s, T.up_exp[b, lv]):
                    opts[n, 0] = b
                    n += 1
        b = opts[decide(s, T, W, opts, n, D_UPGRADE_BUILDING, rng), 0]
        if b < 0:
            return
        s[L.WORKERS] -= 1
        s[L.RES + L.R_WOOD] -= 1
        s[L.RES + L.R_STONE] -= 1
        s[L.LEVEL + b] += 1
        emit(s, ev, EV_UPGRADE, b, s[L.LEVEL + b], 0)
        use_tech(s, ev, T.up_tech[b, s[L.LEVEL + b]])
        if b == L.B_ACADEMY and s[L.LEVEL + b] == 2:
            become_alchemists(s, T, W, opts, rng)


@kernel
def diplomacy_die(s):
    """D4; D8 with the Acropolis upgrade; D12 as Queen of the People (pp. 12, 26)."""
    lv = s[L.LEVEL + L.B_ACROPOLIS]
    return 12 if lv == 2 else (8 if lv == 1 else 4)


@kernel
def proselytize(s):
    """Diplomacy bonus and Faith of an unused Proselytize die: +1 Balance, +2 Life, +3 Death
    (pp. 23, 27); (0, 0) when the Priestess cannot help this round (each Priestess
    uses one ability a round, p. 22)."""
    if abilities_left(s) <= 0 or s[L.FAITH_USED + 3] == 1:
        return 0, 0
    return s[L.LEVEL + L.B_TEMPLE] + 1, s[L.FAITH + 3]


@kernel
def event_power(s, T, slot):
    """Remaining Power of the event in an active slot (its enemy token's, or the card's)."""
    card = s[L.ACTIVE + slot]
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_EVENT] == slot:
            return enemy_power(s, T, e)
    return T.card_power[card]


@kernel
def negotiable(T, card):
    """Diplomacy may target the card: a Raid, Plunder or Unrest (p. 32), and an Invasion when
    ``diplomacy_invasions`` is on (the text is silent)."""
    kind = T.card_kind[card]
    if kind == ops.K_INVASION:
        return T.params[P.DIPLOMACY_INVASIONS] == 1
    return kind == ops.K_RAID or kind == ops.K_PLUNDER or kind == ops.K_UNREST


@kernel
def diplomacy(s, T, W, opts, rng, ev):
    """Once per round (three times with the Priestess of Death): roll, and on a roll at
    least the enemy's remaining Power pay that Power in Gold. The team chooses the event
    and whether the Priestess Proselytizes (a roll bonus and Faith off the Gold, pp. 23,
    27), which spends her ability and resets that Faith die."""
    while s[L.DIPLOMACY_LEFT] > 0:
        bonus, faith = proselytize(s)
        opts[0, 0] = -1
        n = 1
        for slot in range(L.MAX_ACTIVE):
            card = s[L.ACTIVE + slot]
            if card < 0 or not negotiable(T, card):
                continue
            power = event_power(s, T, slot)
            for helped in range(1 if bonus > 0 else 0, -1, -1):
                cost = power - faith * helped
                if s[L.RES + L.R_GOLD] >= (cost if cost > 0 else 0):
                    opts[n, 0] = slot
                    opts[n, 1] = power
                    opts[n, 2] = bonus * helped
                    n += 1
        k = decide(s, T, W, opts, n, D_DIPLOMACY, rng)
        slot = opts[k, 0]
        if slot < 0:
            return
        s[L.DIPLOMACY_LEFT] -= 1
        power = opts[k, 1]
        helped = 1 if opts[k, 2] > 0 else 0
        if helped == 1:
            s[L.FAITH_USED + 3] = 1
            s[L.FAITH + 3] = 1
        r = roll(rng, diplomacy_die(s)) + opts[k, 2]
        emit(s, ev, EV_DIPLOMACY, s[L.ACTIVE + slot], r, power)
        if r >= power:
            cost = power - faith * helped
            s[L.RES + L.R_GOLD] -= cost if cost > 0 else 0
            s[L.ENEMIES_BEATEN] += 1
            conclude(s, ev, slot)


@kernel
def trade(s, T, W, opts, rng, ev):
    """Per Merchant unit: turn the wheel one step, then at most one transaction (p. 13)."""
    for _ in range(s[L.UNITS + L.U_MERCHANT]):
        s[L.WHEEL] = (s[L.WHEEL] + 1) % T.wheel.shape[0]
        w = T.wheel[s[L.WHEEL]]
        opts[0, 0] = -1
        n = 1
        for k in range(2):
            res, price = w[2 * k], w[2 * k + 1]
            if res >= 0 and tradeable(s, T, res) and s[L.RES + res] >= 1:
                opts[n, 0], opts[n, 1], opts[n, 2] = 0, res, price
                n += 1
            res, price = w[4 + 2 * k], w[5 + 2 * k]
            if res >= 0 and tradeable(s, T, res) and s[L.RES + L.R_GOLD] >= price:
                opts[n, 0], opts[n, 1], opts[n, 2] = 1, res, price
                n += 1
            res = w[8 + k]
            if res >= 0 and tradeable(s, T, res) and s[L.RES + res] >= 1:
                opts[n, 0], opts[n, 1], opts[n, 2] = 2, res, 0
                n += 1
        k = decide(s, T, W, opts, n, D_TRADE, rng)
        kind, res, price = opts[k, 0], opts[k, 1], opts[k, 2]
        if kind == 0:
            s[L.RES + res] -= 1
            s[L.RES + L.R_GOLD] += price
        elif kind == 1:
            s[L.RES + L.R_GOLD] -= price
            s[L.RES + res] += 1
        elif kind == 2:
            s[L.RES + res] -= 1
            add_morale(s, T, ev, 1)
        if kind >= 0:
            emit(s, ev, EV_TRADE, kind, res, price)


@kernel
def merchant_collect(s, T, W, opts, rng, ev):
    """Per Merchant unit: take one Structure's goods for 1 Gold (free as Caravan Master)."""
    fee = 0 if s[L.LEVEL + L.B_AGORA] == 2 else T.params[P.MERCHANT_COLLECT_GOLD]
    for _ in range(s[L.UNITS + L.U_MERCHANT]):
        opts[0, 0] = -1
        n = 1
        if s[L.RES + L.R_GOLD] >= fee:
            for h in range(L.N_HEX):
                if hex_loot(s, h) > 0 and n < opts.shape[0]:
                    opts[n, 0] = h
                    opts[n, 1] = hex_loot(s, h)
                    n += 1
        h = opts[decide(s, T, W, opts, n, D_COLLECT, rng), 0]
        if h < 0:
            return
        s[L.RES + L.R_GOLD] -= fee
        collect(s, T, h)


@kernel
def foreign_trade(s, T, W, opts, rng, ev):
    """With Foreign Trade, one of each listed resource establishes the route (p. 16)."""
    if not has_tech(s, T.key_tech[KT_FOREIGN_TRADE]):
        return
    while True:
        for r in T.ft_needs:
            if s[L.RES + r] < 1:
                return
        opts[0, 0] = 0
        opts[1, 0] = 1
        if opts[decide(s, T, W, opts, 2, D_FOREIGN_TRADE, rng), 0] == 0:
            return
        for r in T.ft_needs:
            s[L.RES + r] -= 1
        use_tech(s, ev, T.key_tech[KT_FOREIGN_TRADE])
        run_effect(s, T, ev, rng, T.ft_fx[0], -1)


@kernel
def city_standing(s):
    n = 0
    for h in range(L.N_HEX):
        if standing(s, h):
            n += 1
    return n
