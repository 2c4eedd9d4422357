"""The Tyrant's two decks and how he spends (Solo Mode, p. ~21).

His Basic deck is the seat's draw pile (``DECK``, top last) and its discard pile
(``DISCARD``); his Resource deck is ``SOLO_RES_DECK`` with ``SOLO_RES_DISCARD``. Neither is
reshuffled when it runs out, only in his Replenish Turn. He has no hand: where another
seat would draw, the top card of his Basic discard pile goes to the bottom of his Basic
deck instead.

He spends by count, never by type. For ``need`` Resources he discards Resource cards (2
each), depletes Resource tiles with his Pillars (1 each, the Pillar by the wheels), then
discards Basic cards (1 each). He overpays by 1 only when the Resource deck is all he can
use for an odd count; otherwise an odd count starts with a single Resource from a Pillar
or a Basic card. Short of the count, he spends all he has and acts anyway. A Resource
his City-state's ability gave this turn and a Wild Population tile he holds count 1 each,
after his Pillars (decision 16).
"""

from sim.games.kernels import total
from sim.games.pillars import layout as L
from sim.games.pillars.events import EV_TYRANT_SPEND
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.spend import pillar_resource
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank
from sim.jit import kernel
from sim.rng import STREAM_SETUP, shuffle

T_SEAT = L.TYRANT
BASIC = L.DECK + T_SEAT * L.MAX_PILE
BASIC_DISCARD = L.DISCARD + T_SEAT * L.MAX_PILE


@kernel
def pop(s, pile, count):
    """The top card of a pile (cards from ``pile``, how many at ``count``), taken off it;
    -1 when it is empty."""
    n = s[count]
    if n == 0:
        return -1
    card = s[pile + n - 1]
    s[pile + n - 1] = -1
    s[count] = n - 1
    return card


@kernel
def push(s, pile, count, card):
    """``card`` onto the top of a pile (nothing for -1)."""
    if card >= 0:
        s[pile + s[count]] = card
        s[count] += 1


@kernel
def push_under(s, pile, count, card):
    """``card`` under the bottom of a pile (nothing for -1)."""
    if card < 0:
        return
    n = s[count]
    for k in range(n, 0, -1):
        s[pile + k] = s[pile + k - 1]
    s[pile] = card
    s[count] = n + 1


@kernel
def basic_to_bottom(s):
    """The Tyrant 'draws' (p. ~21): his Basic discard pile's top card to the bottom of his
    Basic deck; nothing when that pile is empty. Returns the card, -1."""
    card = pop(s, BASIC_DISCARD, L.DISCARD_N + T_SEAT)
    push_under(s, BASIC, L.DECK_N + T_SEAT, card)
    return card


@kernel
def discard_basic(s):
    """His Basic deck's top card onto its discard pile; returns it, -1."""
    card = pop(s, BASIC, L.DECK_N + T_SEAT)
    push(s, BASIC_DISCARD, L.DISCARD_N + T_SEAT, card)
    return card


@kernel
def reveal_active(s):
    """The top card of the Basic deck becomes the Active card (``PLAYED``); -1 when the
    deck is empty."""
    card = pop(s, BASIC, L.DECK_N + T_SEAT)
    if card >= 0:
        s[L.PLAYED] = card
    return card


@kernel
def discard_active(s):
    """The Active card onto the Basic discard pile at the end of the Rondel action."""
    push(s, BASIC_DISCARD, L.DISCARD_N + T_SEAT, s[L.PLAYED])


@kernel
def to_resource_deck(s, card):
    """A Character or Monument the Tyrant gains goes to the bottom of his Resource deck."""
    push_under(s, L.SOLO_RES_DECK, L.SOLO_RES_N, card)


@kernel
def discard_resource_card(s):
    """The Resource deck's top card onto its discard pile; returns it, -1."""
    card = pop(s, L.SOLO_RES_DECK, L.SOLO_RES_N)
    push(s, L.SOLO_RES_DISCARD, L.SOLO_RES_DISCARD_N, card)
    return card


@kernel
def reshuffle(s, deck, deck_n, discard, discard_n, rng):
    """A discard pile added to its deck, the whole shuffled (the Tyrant's Replenish)."""
    n = s[deck_n]
    for k in range(s[discard_n]):
        s[deck + n] = s[discard + k]
        s[discard + k] = -1
        n += 1
    s[discard_n] = 0
    shuffle(s[deck:deck + n], n, rng, STREAM_SETUP)
    s[deck_n] = n


@kernel
def replenish_decks(s, rng):
    """Replenish (p. ~21): the Basic discard pile shuffled into the Basic deck, and the
    Resource deck with its discard pile shuffled together."""
    reshuffle(s, BASIC, L.DECK_N + T_SEAT, BASIC_DISCARD, L.DISCARD_N + T_SEAT, rng)
    reshuffle(s, L.SOLO_RES_DECK, L.SOLO_RES_N, L.SOLO_RES_DISCARD, L.SOLO_RES_DISCARD_N, rng)


@kernel
def usable_pillars(s, T):
    """The Tyrant's Pillars standing beside an undepleted Resource tile."""
    n = 0
    for land in range(s[L.LAND_END]):
        n += pillar_resource(s, T, T_SEAT, land) >= 0
    return n


@kernel
def credit(s):
    """Resources gained this turn and not yet spent (a City-state ability's)."""
    return total(s, L.CREDIT + T_SEAT * L.N_RESOURCES, L.N_RESOURCES)


@kernel
def singles(s, T):
    """Resources he can spend one at a time: Pillars, credit, Wild tiles, Basic cards."""
    return usable_pillars(s, T) + credit(s) + s[L.WILD_TILES + T_SEAT] + s[L.DECK_N + T_SEAT]


@kernel
def can_spend(s, T):
    """All the Resources the Tyrant could spend now (the Ascend count, p. ~31)."""
    return 2 * s[L.SOLO_RES_N] + singles(s, T)


@kernel
def spend_single(s, T, resource):
    """One Resource from a Pillar (the first Land by the wheels), else credit, else a Wild
    tile, else a Basic card; False when he has none."""
    best, best_rank = -1, FAR_RANK
    for land in range(s[L.LAND_END]):
        if pillar_resource(s, T, T_SEAT, land) >= 0:
            rank = land_rank(s, T, land, resource)
            if rank < best_rank:
                best, best_rank = land, rank
    if best >= 0:
        s[L.LAND_PILLAR_ON_RES + best] = 1
        return True
    for r in range(L.N_RESOURCES):
        if s[L.CREDIT + T_SEAT * L.N_RESOURCES + r] > 0:
            s[L.CREDIT + T_SEAT * L.N_RESOURCES + r] -= 1
            return True
    if s[L.WILD_TILES + T_SEAT] > 0:
        s[L.WILD_TILES + T_SEAT] -= 1
        return True
    return discard_basic(s) >= 0


@kernel
def tyrant_spend(s, T, ev, need, resource):
    """Spend ``need`` Resources as the Tyrant does (module docstring); ``resource`` is the
    Active card's, for the wheels. Returns what was spent (more than ``need`` when he
    overpays, less when he ran short)."""
    spent = 0
    if need <= 0:
        return 0
    have_singles = singles(s, T)
    if 2 * s[L.SOLO_RES_N] + have_singles < need:
        while discard_resource_card(s) >= 0:
            spent += 2
        while spend_single(s, T, resource):
            spent += 1
    else:
        left = need
        if left % 2 == 1 and have_singles > 0:
            spend_single(s, T, resource)
            spent += 1
            left -= 1
        while left > 0 and s[L.SOLO_RES_N] > 0:
            discard_resource_card(s)
            spent += 2
            left -= 2
        while left > 0 and spend_single(s, T, resource):
            spent += 1
            left -= 1
    emit(s, ev, T_SEAT, EV_TYRANT_SPEND, need, spent, 0)
    return spent
