"""Tactical Card Support (p. 8), for a Siege and, in Skirmish Mode, a Skirmish (p. 15): the
cards each side places face down, their Power and the loser's redraw.

``scratch`` is an int32 work array of at least ``SCRATCH`` entries.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_TACTICAL
from sim.games.pillars.events import EV_TACTICAL_SUPPORT
from sim.games.pillars.rules.cards import draw_cards_reshuffling, hand_to_discard
from sim.games.pillars.rules.core import decide, emit, option
from sim.jit import kernel

# scratch layout
S_POWERS = 0  # MAX_PLAYERS: Power in the space
S_BOOST = S_POWERS + L.MAX_PLAYERS  # MAX_PLAYERS: Tactical Card Support Power
S_USED = S_BOOST + L.MAX_PLAYERS  # MAX_PLAYERS: cards each seat placed
S_PICKS = S_USED + L.MAX_PLAYERS  # MAX_PLAYERS * MAX_SUPPORT: hand indices placed
MAX_SUPPORT = 8  # 6 Hoplites and a Citadel per colour at most
SCRATCH = S_PICKS + L.MAX_PLAYERS * MAX_SUPPORT


@kernel
def support_limit(s, land, seat):
    """Cards a seat may place for Tactical Card Support: one per Hoplite and Citadel it
    has in the space (p. 8)."""
    k = land * L.MAX_PLAYERS + seat
    return min(s[L.LAND_HOPLITES + k] + (s[L.LAND_BUILDING + k] == L.B_CITADEL), MAX_SUPPORT)


@kernel
def tactical_support(s, T, W, ev, attacker, defender, land, scratch, opts, rng):
    """Each seat with Hoplites or Citadels in the space, the attacker first, then
    clockwise, places cards face down without seeing the others' (decision 4); then all
    are revealed, their Power added and the cards discarded (p. 8). A Skirmish's support
    works the same way (p. 15); its ``defender``, the declared piece's owner (-1 in a
    Siege), only marks in each option whose Power the contest compares (column 2: 1 for
    the attacker and the defender, and for every seat in a Siege)."""
    n_players = s[L.N_PLAYERS]
    for k in range(n_players):
        seat = (attacker + k) % n_players
        scratch[S_BOOST + seat] = 0
        scratch[S_USED + seat] = 0
        stake = 1 if defender < 0 or seat == attacker or seat == defender else 0
        limit = support_limit(s, land, seat)
        hand = L.HAND + seat * L.MAX_PILE
        while scratch[S_USED + seat] < limit:
            n = option(opts, 0, -1, 0, 0, 0)
            for h in range(s[L.HAND_N + seat]):
                placed = False
                for i in range(scratch[S_USED + seat]):
                    placed |= scratch[S_PICKS + seat * MAX_SUPPORT + i] == h
                if not placed:
                    n = option(opts, n, h, s[hand + h], stake, 0)
            h = opts[decide(s, T, W, opts, n, seat, D_TACTICAL, rng), 0]
            if h < 0:
                break
            scratch[S_PICKS + seat * MAX_SUPPORT + scratch[S_USED + seat]] = h
            scratch[S_USED + seat] += 1
    for seat in range(n_players):
        used = scratch[S_USED + seat]
        if used == 0:
            continue
        # discard from the highest hand index down, so the lower indices stay valid
        for _ in range(used):
            top = -1
            at = 0
            for i in range(used):
                h = scratch[S_PICKS + seat * MAX_SUPPORT + i]
                if h > top:
                    top = h
                    at = i
            scratch[S_PICKS + seat * MAX_SUPPORT + at] = -1
            card = hand_to_discard(s, seat, top)
            scratch[S_BOOST + seat] += T.cards[card, 1]
        emit(s, ev, seat, EV_TACTICAL_SUPPORT, land, used, scratch[S_BOOST + seat])


@kernel
def redraw_losers(s, attacker, won, scratch, rng):
    """After a Siege or a Skirmish (p. 8, p. 15), each losing seat draws back as many cards
    as it placed: the attacker when it lost, else every other seat."""
    for seat in range(s[L.N_PLAYERS]):
        if ((seat != attacker) if won else (seat == attacker)) and scratch[S_USED + seat] > 0:
            draw_cards_reshuffling(s, seat, scratch[S_USED + seat], rng)
