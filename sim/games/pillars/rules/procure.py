"""The Procure action (p. 10): face-up Characters and Monuments bought for the Resources
printed on them (one of the two of a "/" card; a Monument 1 Wood or Marble more), an
optional Exile per Character, the cards into hand and the decks' new tops revealed only
once the seat stops. Also the free card of a Population tile (p. ~11).

The Kingdom of Egypt cards lying face up beside the board when Memphis is drafted (step
11) are used with Memphis only (p. 2): the seat leading Memphis may Procure one for the
Resources printed on it, like a Character but without the Exile, which the text ties to
Characters; nothing replaces it (decision 29, docs/rules/pillars.md)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_EITHER, C_RES_A, C_RES_B
from sim.games.pillars.decisions import D_ABILITY_TARGET, D_EXILE, D_PROCURE, D_REWARD_CARD
from sim.games.pillars.events import EV_EXILE, EV_PROCURE
from sim.games.pillars.rules.cards import exile_from
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize
from sim.jit import compiled_in_caller, kernel

MARBLE, WOOD = 1, 4  # content.RESOURCES
# Procure options past the Procurement slots are Egypt cards: slot EGYPT_SLOT + index
EGYPT_SLOT = L.N_PROC
MAX_BOUGHT = L.N_PROC + L.MAX_EGYPT  # each face-up card once


@kernel
def exile_card(s, T, W, ev, seat, opts, rng):
    """The seat may remove one card of its hand or discard pile from the game (p. 10)."""
    n = option(opts, 0, -1, 0, 0, 0)
    hand = L.HAND + seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        n = option(opts, n, 0, h, s[hand + h], 0)
    discard = L.DISCARD + seat * L.MAX_PILE
    for d in range(s[L.DISCARD_N + seat]):
        n = option(opts, n, 1, d, s[discard + d], 0)
    k = decide(s, T, W, opts, n, seat, D_EXILE, rng)
    where, at = opts[k, 0], opts[k, 1]
    if where < 0:
        return
    emit(s, ev, seat, EV_EXILE, exile_from(s, seat, where, at), where, 0)


@kernel
def reveal(s, slot):
    """Turn a Procurement deck's top card face up; an empty deck first takes the bottom
    card of the largest other deck of its row that keeps a card (p. 10)."""
    if s[L.PROC_N + slot] == 0:
        row = slot - slot % L.PROC_PER_ROW
        donor = -1
        for other in range(row, row + L.PROC_PER_ROW):
            if other != slot and s[L.PROC_N + other] >= 2 and (
                    donor < 0 or s[L.PROC_N + other] > s[L.PROC_N + donor]):
                donor = other
        if donor < 0:
            s[L.PROC_UP + slot] = 0
            return
        base = L.PROC_DECK + donor * L.MAX_PROC_DECK
        n = s[L.PROC_N + donor]
        s[L.PROC_DECK + slot * L.MAX_PROC_DECK] = s[base]
        for k in range(n - 1):
            s[base + k] = s[base + k + 1]
        s[base + n - 1] = -1
        s[L.PROC_N + donor] = n - 1
        s[L.PROC_N + slot] = 1
    s[L.PROC_UP + slot] = 1


@kernel
def take_top(s, slot):
    """The top card of a Procurement deck, taken off it (face down until revealed)."""
    n = s[L.PROC_N + slot]
    top = L.PROC_DECK + slot * L.MAX_PROC_DECK + n - 1
    card = s[top]
    s[top] = -1
    s[L.PROC_N + slot] = n - 1
    s[L.PROC_UP + slot] = 0
    return card


@kernel
def set_card_cost(T, work, card, either, extra):
    """The Resources a card costs: both of a two-Resource card, the chosen one of a "/"
    card, plus a Monument's Wood or Marble."""
    for r in range(L.N_RESOURCES):
        work[W_COST + r] = 0
    if T.cards[card, C_EITHER] == 1:
        work[W_COST + either] += 1
    else:
        work[W_COST + T.cards[card, C_RES_A]] += 1
        if T.cards[card, C_RES_B] >= 0:
            work[W_COST + T.cards[card, C_RES_B]] += 1
    if extra >= 0:
        work[W_COST + extra] += 1


@kernel
def procure_choices(s, T, seat, work, opts):
    """Stop, or a face-up card with each way of paying for it the seat can afford; the
    Kingdom of Egypt cards only for the seat leading Memphis (p. 2)."""
    n = option(opts, 0, -1, 0, 0, 0)
    wild = summarize(s, T, seat, work)
    for slot in range(L.N_PROC):
        if s[L.PROC_UP + slot] == 0 or s[L.PROC_N + slot] == 0:
            continue
        card = s[L.PROC_DECK + slot * L.MAX_PROC_DECK + s[L.PROC_N + slot] - 1]
        monument = slot < L.PROC_CHARACTERS
        for e in range(2 if T.cards[card, C_EITHER] == 1 else 1):
            either = T.cards[card, C_RES_A + e] if T.cards[card, C_EITHER] == 1 else -1
            for x in range(2 if monument else 1):
                extra = (WOOD if x == 0 else MARBLE) if monument else -1
                set_card_cost(T, work, card, either, extra)
                if covered(work, wild):
                    n = option(opts, n, slot, either, extra, card)
    if s[L.CITY_STATE + seat] != T.memphis[s[L.SIDE]]:
        return n
    for k in range(L.MAX_EGYPT):
        card = s[L.EGYPT + k]
        if card < 0:
            continue
        for e in range(2 if T.cards[card, C_EITHER] == 1 else 1):
            either = T.cards[card, C_RES_A + e] if T.cards[card, C_EITHER] == 1 else -1
            set_card_cost(T, work, card, either, -1)
            if covered(work, wild):
                n = option(opts, n, EGYPT_SLOT + k, either, -1, card)
    return n


@kernel
def take_egypt(s, k):
    """The Kingdom of Egypt card lying in place ``k`` beside the board, taken."""
    card = s[L.EGYPT + k]
    s[L.EGYPT + k] = -1
    return card


@compiled_in_caller
def procure_action(s, T, W, ev, seat, work, scratch, opts, rng):
    """Procure cards until the seat stops (p. 10). ``scratch`` holds the cards bought and
    their slots (at least 2 * MAX_BOUGHT entries)."""
    bought = 0
    while True:
        n = procure_choices(s, T, seat, work, opts)
        k = decide(s, T, W, opts, n, seat, D_PROCURE, rng)
        slot, either, extra = opts[k, 0], opts[k, 1], opts[k, 2]
        if slot < 0:
            break
        card = take_egypt(s, slot - EGYPT_SLOT) if slot >= EGYPT_SLOT else take_top(s, slot)
        scratch[bought] = card
        scratch[MAX_BOUGHT + bought] = slot
        bought += 1
        set_card_cost(T, work, card, either, extra)
        pay(s, T, W, ev, seat, work, opts, rng)
        emit(s, ev, seat, EV_PROCURE, card, slot, 0)
        if L.PROC_CHARACTERS <= slot < EGYPT_SLOT:
            exile_card(s, T, W, ev, seat, opts, rng)
    for i in range(bought):
        s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = scratch[i]
        s[L.HAND_N + seat] += 1
    for i in range(bought):
        if scratch[MAX_BOUGHT + i] < EGYPT_SLOT:
            reveal(s, scratch[MAX_BOUGHT + i])


@kernel
def free_card(s, T, W, ev, seat, opts, rng):
    """A Population tile's card (p. ~11): a face-up Character or Monument into hand for
    free, an optional Exile with a Character, then its deck's next card face up."""
    n = 0
    for slot in range(L.N_PROC):
        if s[L.PROC_UP + slot] == 1 and s[L.PROC_N + slot] > 0:
            n = option(opts, n, slot, 0, 0, 0)
    if n == 0:
        return
    slot = opts[decide(s, T, W, opts, n, seat, D_REWARD_CARD, rng), 0]
    card = take_top(s, slot)
    s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = card
    s[L.HAND_N + seat] += 1
    if slot >= L.PROC_CHARACTERS:
        exile_card(s, T, W, ev, seat, opts, rng)
    reveal(s, slot)


@kernel
def free_egypt_card(s, T, W, seat, opts, rng):
    """OP_EGYPT: a Kingdom of Egypt card of the seat's choice from beside the board into
    hand for free (Memphis). Returns the card, -1 when none is left."""
    n = 0
    for k in range(L.MAX_EGYPT):
        if s[L.EGYPT + k] >= 0:
            n = option(opts, n, k, s[L.EGYPT + k], 0, 0)
    if n == 0:
        return -1
    card = take_egypt(s, opts[decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng), 0])
    s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = card
    s[L.HAND_N + seat] += 1
    return card
