"""The search bot: a Citizen's placement chosen by playing each option out.

At each of its placing decisions (the choice that fixes its Main Actions) the bot plays
every legal placement forward ``samples`` times, each on a copy of the state in which
everything it cannot see is dealt again at random (a determinization), with every seat's
heuristic playing all later decisions, up to ``horizon`` Governances ahead (0: the end of
the game). It takes the placement with the best mean Glory margin (its Glory minus the
best other player's; final scoring included when a play-out ends the game). Every other
decision is the heuristic's.

A determinization depends only on what the seat sees and on one draw from its own random
stream per decision, and every placement is played out on the same determinizations and
streams (paired), so a choice is a pure function of (seed, game, public state).

Copies and play-outs use scratch arrays allocated once per batch (``entry.ask_search``
hands them over); nothing is allocated per decision. The entry is compiled once, as a
C-callable function holding the rules engine, only when some seat searches.
"""

import numba
import numpy as np
from numba import types

from sim import cfuncs
from sim.games.pericles import layout as L
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.engine import play_out
from sim.games.pericles.events import EV_COLS
from sim.jit import kernel
from sim.rng import N_STREAMS, STREAM_BOT, STREAM_SETUP, next_u64, seed_streams, shuffle, sort_shuffle
from strategies.pericles import memo
from strategies.pericles.entry import SCRATCH_WORDS, SEARCH_ARRAYS
from strategies.pericles.features import HORIZON, SAMPLES
from strategies.pericles.policy import HEURISTIC, SEARCH

_INT = types.int64
EV_WIDTH = EV_COLS + L.MAX_SEATS
MISSION_CARDS, ATHENA_CARDS, SKILL_CARDS = 0, 1, 2


@kernel
def hidden(s, card, loc, kind, viewer):
    """The card at ``loc`` + card is one ``viewer`` cannot see: in a draw pile, or held by
    another player (Missions, Athena hands, tucked Skills)."""
    holder = s[loc + card]
    if holder == L.LOC_DECK:
        return True
    if holder < 0 or holder == viewer:
        return False
    return kind != SKILL_CARDS or s[L.SKILL_TUCKED + card] == 1


@kernel
def hold(s, T, card, kind, holder, amount):
    """Book a hidden card into (``amount`` 1) or out of (-1) ``holder``'s hand."""
    if kind == ATHENA_CARDS:
        s[L.HAND_ICONS + holder * L.N_ICONS + T.athena[card, 0]] += amount
    elif kind == SKILL_CARDS:
        s[L.SKILL_TUCKED + card] = 1 if amount > 0 else 0


@kernel
def redeal(s, T, viewer, deck, deck_n, loc, cards, kind, held, rng):
    """Deal every card of one kind that ``viewer`` cannot see again: gathered in card order
    (so the deal ignores how they lay), shuffled, the other players' hidden cards dealt
    back in the same numbers, the rest the draw pile. ``held``: a row per seat to count in."""
    n = 0
    for seat in range(L.MAX_SEATS):
        held[seat, 0] = 0
    for card in range(cards):
        if hidden(s, card, loc, kind, viewer):
            holder = s[loc + card]
            if holder >= 0:
                held[holder, 0] += 1
                hold(s, T, card, kind, holder, -1)
                s[loc + card] = L.LOC_DECK
            s[deck + n] = card
            n += 1
    shuffle(s[deck:deck + n], n, rng, STREAM_SETUP)
    for seat in range(L.MAX_SEATS):
        for _ in range(held[seat, 0]):
            n -= 1
            card = s[deck + n]
            s[loc + card] = seat
            hold(s, T, card, kind, seat, 1)
    s[deck_n] = n


@kernel
def determinize(s, T, viewer, held, rng):
    """Deal again at random what ``viewer`` cannot see: the draw piles and the other
    players' Missions, Athena hands and tucked Skills, the Demagogue's cards to come, and
    the order of each City-state set left in the stack."""
    redeal(s, T, viewer, L.MISSION_DECK, L.MISSION_DECK_N, L.MISSION_LOC, T.missions.shape[0],
           MISSION_CARDS, held, rng)
    redeal(s, T, viewer, L.ATHENA_DECK, L.ATHENA_DECK_N, L.ATHENA_LOC, T.athena.shape[0],
           ATHENA_CARDS, held, rng)
    redeal(s, T, viewer, L.SKILL_DECK, L.SKILL_DECK_N, L.SKILL_LOC, T.skills.shape[0],
           SKILL_CARDS, held, rng)
    first = s[L.DEM_NEXT]
    sort_shuffle(s[L.DEM_DECK + first:L.DEM_DECK + L.N_DEM_CARDS], L.N_DEM_CARDS - first, rng, STREAM_SETUP)
    n = s[L.CITY_STACK_N]
    bottom = 0  # the stack holds the first set below the second
    while bottom < n and T.city_states[s[L.CITY_STACK + bottom], 0] == T.city_states[s[L.CITY_STACK], 0]:
        bottom += 1
    sort_shuffle(s[L.CITY_STACK:L.CITY_STACK + bottom], bottom, rng, STREAM_SETUP)
    sort_shuffle(s[L.CITY_STACK + bottom:L.CITY_STACK + n], n - bottom, rng, STREAM_SETUP)


@kernel
def margin(s, seat):
    """``seat``'s Glory minus the best other real player's."""
    best = -(1 << 30)
    for other in range(s[L.N_SEATS]):
        if other != seat and other != s[L.DEMAGOGUE]:
            best = max(best, s[L.GLORY + other])
    return s[L.GLORY + seat] - best


@kernel
def search_choose(s, T, W, opts, n, seat, rng, s2, opts2, rng2, ev2):
    """Index of the placement with the best mean Glory margin over the play-outs."""
    samples = max(1, int(W[seat, SAMPLES]))
    horizon = int(W[seat, HORIZON])
    key = next_u64(rng, STREAM_BOT + seat)
    best = -np.inf
    pick = 0
    for k in range(n):
        total = 0.0
        for j in range(samples):
            for i in range(L.STATE_SIZE):
                s2[i] = s[i]
            memo.forget(s2)
            for other in range(L.MAX_SEATS):
                if s2[L.STRATEGY + other] == SEARCH:
                    s2[L.STRATEGY + other] = HEURISTIC
            seed_streams(rng2, key, j)
            determinize(s2, T, seat, opts2, rng2)
            play_out(s2, T, W, opts2, rng2, ev2, seat, opts[k, 0], opts[k, 1], horizon)
            total += margin(s2, seat)
        if total > best:
            best = total
            pick = k
    memo.forget(s)
    return pick


def _search(s_at, T, W_at, w_rows, w_cols, opts_at, n, seat, rng_at, s2_at, opts2_at, rng2_at):
    s = numba.carray(s_at, L.STATE_SIZE)
    W = numba.carray(W_at, (w_rows, w_cols))
    opts = numba.carray(opts_at, (MAX_OPTIONS, OPT_WIDTH))
    rng = numba.carray(rng_at, N_STREAMS)
    s2 = numba.carray(s2_at, L.STATE_SIZE)
    return search_choose(s, T, W, opts, n, seat, rng, s2,
                         numba.carray(opts2_at, (MAX_OPTIONS, OPT_WIDTH)),
                         numba.carray(rng2_at, N_STREAMS), numba.carray(s2_at, (0, EV_WIDTH)))


def _signature(record):
    """s, T, W, W's rows and columns, opts, n, seat, rng, then the scratch's s, opts, rng."""
    p = cfuncs.pointers(SEARCH_ARRAYS)
    return _INT(p["s"], record, p["W"], _INT, _INT, p["opts"], _INT, _INT, p["rng"], p["s"],
                p["opts"], p["rng"])


def search_entry(packed: np.recarray) -> int:
    """Address of the search compiled for ``packed``'s record type (under
    NUMBA_DISABLE_JIT, entry.ask_search calls the search directly)."""
    return cfuncs.address_for(_search, _signature, packed)


def scratch() -> np.ndarray:
    """The scratch arrays of one thread's games, as one block (``entry.ask_search``)."""
    return np.zeros(SCRATCH_WORDS, np.uint64)


def search_with_scratch(s, T, W, opts, n, seat, rng):
    """``search_choose`` with scratch of its own (plain Python, under NUMBA_DISABLE_JIT)."""
    return search_choose(s, T, W, opts, n, seat, rng, np.zeros_like(s),
                         np.zeros_like(opts), np.zeros_like(rng),
                         np.zeros((0, EV_WIDTH), np.int32))
