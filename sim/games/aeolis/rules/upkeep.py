"""Upkeep Phase: round counter, Queen's tribute, training, Research, production, Events
(p. 9-10, 12)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import KT_CHIVALRY, KT_FLETCHING, KT_HORSE_BREEDING
from sim.games.aeolis.decisions import D_PRODUCTION_DIE, D_TRAIN
from sim.games.aeolis.events import EV_DRAW, EV_PRODUCE, EV_ROUND_START, EV_TRAIN
from sim.games.aeolis.rules.board import nearest_ok, place_plague, random_hex, standing
from sim.games.aeolis.rules.core import (
    STREAM_SETUP,
    add_morale,
    add_units,
    decide,
    emit,
    has_tech,
    hero_active,
    roll,
    tradeable,
    use_tech,
)
from sim.games.aeolis.rules.pile import add_active, spawn_enemy
from sim.jit import compiled_in_caller, kernel
from sim.rng import below

NO_TECH = -2  # unit_tech of a kind that needs none (-1 is a needed one the content lacks)
# Extra cost of training a unit kind besides 1 Gold (pp. 19-25): resource, resource.
TRAIN_EXTRA = ((L.R_COPPER, -1), (L.R_COPPER, -1), (L.R_COPPER, L.R_HORSE), (L.R_IRON, L.R_HORSE),
               (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1), (L.R_WOOD, -1))
FACE_BLANK, FACE_ONE, FACE_THREE, FACE_FIVE, FACE_GOLD, FACE_PLAGUE = range(6)


@kernel
def unit_tech(T, kind):
    """The technology training ``kind`` needs (pp. 19-21), NO_TECH for none; -1 when the
    content lacks it, so that the unit cannot be trained."""
    if kind == L.U_TOXOTAI:
        return T.key_tech[KT_FLETCHING]
    if kind == L.U_HIPPEIS:
        return T.key_tech[KT_HORSE_BREEDING]
    if kind == L.U_COMPANION:
        return T.key_tech[KT_CHIVALRY]
    return NO_TECH


@kernel
def trainable(s, T, kind):
    """A worker can be trained into ``kind`` now: Hero active, unit unlocked, cost payable."""
    if not hero_active(s, L.UNIT_HERO[kind]) or kind == L.U_ALCHEMIST:
        return False
    if s[L.UNITS + kind] >= T.params[P.MAX_UNITS]:
        return False
    tech = unit_tech(T, kind)
    if tech != NO_TECH and not has_tech(s, tech):
        return False
    gold = 0 if kind == L.U_BLOODTHRALL else T.params[P.TRAINING_GOLD]
    if s[L.RES + L.R_GOLD] < gold:
        return False
    for k in range(2):
        r = TRAIN_EXTRA[kind][k]
        if r >= 0 and s[L.RES + r] < 1:
            return False
    return True


@kernel
def train_one(s, T, ev, kind):
    """Pay and train one worker (p. 9); a Bloodthrall costs Morale, not Gold (p. 22)."""
    s[L.WORKERS] -= 1
    if kind == L.U_BLOODTHRALL:
        add_morale(s, T, ev, -1)
    else:
        s[L.RES + L.R_GOLD] -= T.params[P.TRAINING_GOLD]
    for k in range(2):
        r = TRAIN_EXTRA[kind][k]
        if r >= 0:
            s[L.RES + r] -= 1
    add_units(s, T, kind, 1)
    emit(s, ev, EV_TRAIN, kind, 0, 0)
    use_tech(s, ev, unit_tech(T, kind))


@kernel
def training(s, T, W, opts, rng, ev):
    """Each untrained worker may be trained, one at a time, until the team keeps the rest."""
    while s[L.WORKERS] > 0:
        opts[0, 0] = -1
        n = 1
        for kind in range(L.N_UNITS):
            if trainable(s, T, kind):
                opts[n, 0] = kind
                n += 1
        kind = opts[decide(s, T, W, opts, n, D_TRAIN, rng), 0]
        if kind < 0:
            return
        train_one(s, T, ev, kind)


@kernel
def produce(s, T, W, opts, rng, ev, h):
    """One Structure's production: one of each product, or the Production Die (p. 10)."""
    st = s[L.STRUCT + h]
    amount = 1
    if T.st_no_die[st] == 0 and s[L.PROD_DIE] > 0:
        use = s[L.PROD_DIE] == 2
        if s[L.PROD_DIE] == 1:
            opts[0, 0] = 0
            opts[1, 0] = 1
            opts[0, 1] = h
            opts[1, 1] = h
            use = opts[decide(s, T, W, opts, 2, D_PRODUCTION_DIE, rng), 0] == 1
        if use:
            face = roll(rng, 6) - 1
            if face == FACE_PLAGUE:
                place_plague(s, ev, h)
                return
            if face == FACE_GOLD:
                s[L.HEX_GOLD + h] += 1
                return
            amount = 0 if face == FACE_BLANK else (1 if face == FACE_ONE else (
                3 if face == FACE_THREE else 5))
    for k in range(2):
        r = T.st_prod[st, k]
        if r < 0 or (r != L.R_WORKER and not tradeable(s, T, r)):
            continue  # goods only the upgraded Agora trades (p. 13)
        # a Village lists a worker and Gold, so it places one Gold beside each worker (p. 10)
        if r == L.R_GOLD:
            s[L.HEX_GOLD + h] += amount
        else:
            s[L.STOCK + 2 * h + k] += amount
    emit(s, ev, EV_PRODUCE, h, amount, 0)


@kernel
def production(s, T, W, opts, rng, ev):
    """Every standing Structure without Plague produces (p. 10)."""
    for h in range(L.N_HEX):
        if standing(s, h) and s[L.PLAGUE + h] == 0:
            produce(s, T, W, opts, rng, ev, h)


@kernel
def draw_card(s, T, rng, deck):
    """The card Augury fixed on top of ``deck``, else a random card still in it (a shuffled
    deck drawn from the top)."""
    top = L.DECK_TOP + deck * L.MAX_TOP
    c = s[top]
    if c >= 0:
        for k in range(L.MAX_TOP - 1):
            s[top + k] = s[top + k + 1]
        s[top + L.MAX_TOP - 1] = -1
        s[L.CARD_STATE + c] = L.CARD_DRAWN
        return c
    return draw_unseen(s, T, rng, deck)


@kernel
def draw_unseen(s, T, rng, deck):
    """A random card of ``deck`` nobody has seen yet (marked drawn)."""
    n = 0
    for c in range(T.card_kind.shape[0]):
        if T.card_deck[c] == deck and s[L.CARD_STATE + c] == L.CARD_IN_DECK:
            n += 1
    if n == 0:
        n = reshuffle_invasions(s, T, deck)
    if n == 0:
        return -1
    pick = below(rng, STREAM_SETUP, n)
    for c in range(T.card_kind.shape[0]):
        if T.card_deck[c] == deck and s[L.CARD_STATE + c] == L.CARD_IN_DECK:
            if pick == 0:
                s[L.CARD_STATE + c] = L.CARD_DRAWN
                return c
            pick -= 1
    return -1


@kernel
def reshuffle_invasions(s, T, deck):
    """Put an emptied Invasion deck's cards that are no longer in play back into it
    (setting ``invasion_redraw``: Marathon schedules three Age I Invasions and the core game
    holds one card, p. 6); returns how many. Other decks stay empty."""
    if T.params[P.INVASION_REDRAW] == 0 or (deck != ops.DECK_I1 and deck != ops.DECK_I2):
        return 0
    n = 0
    for c in range(T.card_kind.shape[0]):
        if T.card_deck[c] == deck and s[L.CARD_STATE + c] == L.CARD_DRAWN \
                and not in_play(s, c):
            s[L.CARD_STATE + c] = L.CARD_IN_DECK
            n += 1
    return n


@kernel
def in_play(s, card):
    """The card lies on the Active Events pile."""
    for k in range(L.MAX_ACTIVE):
        if s[L.ACTIVE + k] == card:
            return True
    return False


@compiled_in_caller
def reveal(s, T, ev, rng, card):
    """Put a drawn card on the Active Events pile (p. 33), with its enemy token; a Plague
    card waits there for the Enemy Phase (p. 36)."""
    emit(s, ev, EV_DRAW, card, 0, 0)
    kind = T.card_kind[card]
    slot = add_active(s, card)
    if slot < 0:
        return
    if kind == ops.K_INVASION:
        spawn_enemy(s, slot, card, nearest_ok(T, roll(rng, 6) - 1, False))  # top row (p. 36)
    elif kind == ops.K_RAID:
        spawn_enemy(s, slot, card, nearest_ok(T, random_hex(T, rng), False))
    elif kind == ops.K_PLUNDER:
        spawn_enemy(s, slot, card, nearest_ok(T, random_hex(T, rng), True))


@compiled_in_caller
def draw_events(s, T, ev, rng):
    """Draw this round's cards as the mode schedules them (p. 6)."""
    r = s[L.ROUND] - 1
    for j in range(3):
        deck = T.schedule[s[L.MODE], r, j]
        if deck >= 0:
            card = draw_card(s, T, rng, deck)
            if card >= 0:
                reveal(s, T, ev, rng, card)


@compiled_in_caller
def upkeep(s, T, W, opts, rng, ev):
    """The Upkeep Phase in the order of p. 9."""
    s[L.PHASE] = L.PHASE_UPKEEP
    s[L.ROUND] += 1
    emit(s, ev, EV_ROUND_START, s[L.ROUND], 0, 0)
    if hero_active(s, L.H_QUEEN):
        s[L.RES + L.R_WOOD] += 1  # Queen's tribute (p. 12)
        s[L.RES + L.R_WHEAT] += 1
    training(s, T, W, opts, rng, ev)
    s[L.RESEARCH] += s[L.UNITS + L.U_PHILOSOPHER] + s[L.UNITS + L.U_ALCHEMIST]
    thralls = s[L.UNITS + L.U_BLOODTHRALL]
    for d in range(L.N_FAITH):  # Faith increase (p. 22)
        f = s[L.FAITH + d] + thralls
        s[L.FAITH + d] = f if f < T.params[P.FAITH_MAX] else T.params[P.FAITH_MAX]
    production(s, T, W, opts, rng, ev)
    draw_events(s, T, ev, rng)
