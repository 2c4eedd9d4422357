"""Spending Resources and Trading (p. 7).

A Resource is paid from one of: a Resource gained earlier this turn and not yet spent
(``CREDIT``), a Resource tile depleted by moving the seat's Pillar onto it (two with the
Guild of its Resource, p. ~14, the second kept as credit until the turn ends), a card
discarded from hand (a "/" card gives one of its two, a two-Resource card both, the
second kept as credit), a Wild Population tile, or the Atlantis tile depleted by the
seat's Pillar on it (a Wild Resource tile, p. 15). A Trade gives 2 of
one Resource for 1 of another, spent at once, so a Trade's output never feeds another
Trade. The card played for the Advance Turn lies on the discard pile and is not a source.

A cost is written as counts per Resource into ``work[W_COST:W_COST + 5]``. ``can_pay``
says whether the seat can pay it all; ``pay`` pays it one Resource at a time, each source
a decision (``D_PAY``) among the sources after which the rest can still be paid, so a
payment never stops half-way. ``work`` is an int32 array of at least ``WORK`` entries.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_EITHER, C_RES_A, C_RES_B
from sim.games.pillars.decisions import D_PAY
from sim.games.pillars.events import EV_SPEND, EV_TRADE
from sim.games.pillars.rules.atlantis import atlantis_wild
from sim.games.pillars.rules.cards import hand_to_discard
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.strategy import guild_doubles
from sim.jit import inline_kernel, kernel

SRC_CREDIT, SRC_PILLAR, SRC_CARD, SRC_WILD, SRC_TRADE = range(5)
R = L.N_RESOURCES
W_FIXED = 0  # units per Resource from credit, Pillars and cards that give a fixed Resource
W_COST = W_FIXED + R  # Resources still to pay
W_UNITS = W_COST + R  # units under one assignment of the "/" cards (payable's own)
W_N_EITHER = W_UNITS + R
W_EITHER = W_N_EITHER + 1  # the "/" cards in hand: Resource a, Resource b, hand index
WORK = W_EITHER + 3 * L.MAX_PILE


@inline_kernel
def pillar_resource(s, T, seat, land):
    """The Resource the seat's Pillar on ``land`` can still produce, -1 when it has none:
    no Pillar of the seat, the Pillar already on the tile, or no tile (p. 7)."""
    if s[L.LAND_PILLAR + land] != seat or s[L.LAND_PILLAR_ON_RES + land] == 1:
        return -1
    tile = s[L.LAND_RES + land]
    return T.resource_tiles[tile, 0] if tile >= 0 else -1


@kernel
def tally(counts, r, k):
    """``counts`` per Resource (Wine, Marble, Gold, Iron, Wood) with ``k`` more of ``r``;
    any other ``r`` (none, Wild) adds nothing."""
    wine, marble, gold, iron, wood = counts
    return (wine + k * (r == 0), marble + k * (r == 1), gold + k * (r == 2),
            iron + k * (r == 3), wood + k * (r == 4))


@kernel
def summarize(s, T, seat, work):
    """Fill ``work`` with the seat's sources: fixed units per Resource and the "/" cards;
    returns the Wild Resources it holds (its Wild tiles, and Atlantis under its Pillar)."""
    for r in range(R):
        work[W_FIXED + r] = s[L.CREDIT + seat * R + r]
    for land in range(s[L.LAND_END]):
        r = pillar_resource(s, T, seat, land)
        if r >= 0:
            work[W_FIXED + r] += 1 + guild_doubles(s, seat, r)
    k = 0
    hand = L.HAND + seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        card = s[hand + h]
        a = T.cards[card, C_RES_A]
        b = T.cards[card, C_RES_B]
        if T.cards[card, C_EITHER] == 1:
            work[W_EITHER + 3 * k] = a
            work[W_EITHER + 3 * k + 1] = b
            work[W_EITHER + 3 * k + 2] = h
            k += 1
        else:
            work[W_FIXED + a] += 1
            if b >= 0:
                work[W_FIXED + b] += 1
    work[W_N_EITHER] = k
    return s[L.WILD_TILES + seat] + atlantis_wild(s, seat)


@kernel
def payable(work, wild, owed_res, owed):
    """True when the cost in ``work`` can be paid from the sources ``summarize`` wrote,
    ``owed`` units of ``owed_res`` (a Trade's input) paid directly first: some choice of
    each "/" card's Resource leaves a shortfall that Wild tiles and 2:1 Trades of the
    surplus cover."""
    k = work[W_N_EITHER]
    for mask in range(1 << k):
        for r in range(R):
            work[W_UNITS + r] = work[W_FIXED + r]
        for i in range(k):
            work[W_UNITS + work[W_EITHER + 3 * i + ((mask >> i) & 1)]] += 1
        if owed > 0:
            if work[W_UNITS + owed_res] < owed:
                continue
            work[W_UNITS + owed_res] -= owed
        short = 0
        trades = 0
        for r in range(R):
            d = work[W_COST + r] - work[W_UNITS + r]
            if d > 0:
                short += d
            else:
                trades += (-d) // 2
        if short <= wild + trades:
            return True
    return False


@kernel
def covered(work, wild):
    """``can_pay`` from the sources ``summarize`` already wrote into ``work`` (``wild``: its
    return): a listing that weighs several costs against one hand summarizes it once."""
    return payable(work, wild, -1, 0)


@kernel
def can_pay(s, T, seat, work):
    """True when the seat can pay the cost written in ``work[W_COST:]`` (p. 7)."""
    return covered(work, summarize(s, T, seat, work))


@kernel
def _direct_ok(work, wild, r, owed_res, owed):
    """Still payable after one fixed unit of ``r`` pays ``r``."""
    work[W_FIXED + r] -= 1
    if owed > 0:
        ok = payable(work, wild, owed_res, owed - 1)
    else:
        work[W_COST + r] -= 1
        ok = payable(work, wild, -1, 0)
        work[W_COST + r] += 1
    work[W_FIXED + r] += 1
    return ok


@kernel
def _either_ok(work, wild, i, r, owed_res, owed):
    """Still payable after the "/" card ``i`` of the list pays ``r``."""
    k = work[W_N_EITHER]
    last = W_EITHER + 3 * (k - 1)
    at = W_EITHER + 3 * i
    a, b, h = work[at], work[at + 1], work[at + 2]
    work[at], work[at + 1], work[at + 2] = work[last], work[last + 1], work[last + 2]
    work[W_N_EITHER] = k - 1
    if owed > 0:
        ok = payable(work, wild, owed_res, owed - 1)
    else:
        work[W_COST + r] -= 1
        ok = payable(work, wild, -1, 0)
        work[W_COST + r] += 1
    work[W_N_EITHER] = k
    work[last], work[last + 1], work[last + 2] = work[at], work[at + 1], work[at + 2]
    work[at], work[at + 1], work[at + 2] = a, b, h
    return ok


@kernel
def pay_options(s, T, seat, work, r, owed, opts):
    """The sources that can pay one unit of ``r`` (a Trade's input while ``owed`` > 0, which
    a source of ``r`` itself must pay) with the rest still payable; returns how many."""
    wild = summarize(s, T, seat, work)
    n = 0
    if s[L.CREDIT + seat * R + r] > 0 and _direct_ok(work, wild, r, r, owed):
        n = option(opts, n, SRC_CREDIT, r, r, 0)
    for land in range(s[L.LAND_END]):
        if pillar_resource(s, T, seat, land) == r and _direct_ok(work, wild, r, r, owed):
            n = option(opts, n, SRC_PILLAR, land, r, 0)
    hand = L.HAND + seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        card = s[hand + h]
        if T.cards[card, C_RES_A] != r and T.cards[card, C_RES_B] != r:
            continue
        if T.cards[card, C_EITHER] == 1:
            i = 0
            while work[W_EITHER + 3 * i + 2] != h:
                i += 1
            if _either_ok(work, wild, i, r, r, owed):
                n = option(opts, n, SRC_CARD, h, r, 0)
        elif _direct_ok(work, wild, r, r, owed):
            n = option(opts, n, SRC_CARD, h, r, 0)
    if owed > 0:
        return n
    work[W_COST + r] -= 1
    if wild > 0 and payable(work, wild - 1, -1, 0):
        if s[L.WILD_TILES + seat] > 0:
            n = option(opts, n, SRC_WILD, 0, r, 0)
        if atlantis_wild(s, seat):
            n = option(opts, n, SRC_PILLAR, s[L.ATLANTIS], r, 0)
    for given in range(R):
        if given != r and payable(work, wild, given, 2):
            n = option(opts, n, SRC_TRADE, given, r, 0)
    work[W_COST + r] += 1
    return n


@kernel
def take_source(s, T, ev, seat, kind, which, r):
    """Use one source for one unit of ``r``."""
    if kind == SRC_CREDIT:
        s[L.CREDIT + seat * R + r] -= 1
    elif kind == SRC_PILLAR:
        s[L.LAND_PILLAR_ON_RES + which] = 1
        if guild_doubles(s, seat, r) and which != s[L.ATLANTIS]:  # Atlantis is Wild
            s[L.CREDIT + seat * R + r] += 1
    elif kind == SRC_CARD:
        card = hand_to_discard(s, seat, which)
        a = T.cards[card, C_RES_A]
        b = T.cards[card, C_RES_B]
        if T.cards[card, C_EITHER] == 0 and b >= 0:
            s[L.CREDIT + seat * R + (b if a == r else a)] += 1
    else:
        s[L.WILD_TILES + seat] -= 1
    emit(s, ev, seat, EV_SPEND, r, kind, which)


@kernel
def pay(s, T, W, ev, seat, work, opts, rng):
    """Pay the cost in ``work[W_COST:]``, which ``can_pay`` has allowed, one Resource at a
    time in Resource order, each source the seat's choice (p. 7)."""
    owed_res = -1
    owed = 0
    while True:
        if owed > 0:
            r = owed_res
        else:
            r = -1
            for x in range(R):
                if work[W_COST + x] > 0:
                    r = x
                    break
            if r < 0:
                return
        n = pay_options(s, T, seat, work, r, owed, opts)
        if n == 0:  # only when the caller skipped can_pay
            return
        k = decide(s, T, W, opts, n, seat, D_PAY, rng)
        kind, which = opts[k, 0], opts[k, 1]
        if kind == SRC_TRADE:
            work[W_COST + r] -= 1
            owed_res = which
            owed = 2
            emit(s, ev, seat, EV_TRADE, which, r, 0)
            continue
        take_source(s, T, ev, seat, kind, which, r)
        if owed > 0:
            owed -= 1
        else:
            work[W_COST + r] -= 1

