"""The search bot: a seat's turn chosen by playing each candidate out.

At the start of each of its turns the bot lists the turns it may play that fix its
Rondel action: each card of its hand (one of each kind) played with each number of
sections the card allows, and the Replenish Turn. It plays every candidate forward
``samples`` times, each on a copy of the state in which what it cannot see is dealt again
at random (a determinization), every seat's heuristic playing all decisions after the
planned ones, for ``horizon`` rounds, this one counted (0: to the game's end); then the
copy is scored as if the game ended there (p. 13). The bot takes the candidate with the
best mean outcome: its Glory less the best rival's (in Symmachia each side's summed Glory;
in Solo Mode the Tyrant is the rival), plus ``WIN_BONUS`` when it would win (the Siege of
Destiny's sides win by their own conditions, p. ~18, so there the win decides). The plan
(``layout.PLAN``) fixes the turn kind, the card and the sections; every other decision of
the turn is the heuristic's (``policy.planned``).

A determinization redeals the other seats' hands with their draw piles, shuffles the
seat's own draw pile, the Mythology decks, the face-down Procurement cards, Strategy
tiles, Barbarian tiles and the Tyrant's Resource deck, and deals the face-down Population
and Resource tiles again over their Lands; each pile is sorted before it is
shuffled, so the deal ignores how the hidden cards lay. It depends only on what the seat
sees and on one draw from the seat's own random stream per turn, and every candidate is
played out on the same determinizations and streams (paired), so a choice is a pure
function of (seed, game, public state) on any thread count.

The play-outs run in the search's own copies of the game's arrays (its scratch,
``scratch()``, allocated once per thread's batch); nothing is allocated per turn. The
entry is compiled once, as a C-callable function holding the rules engine, only when some
seat searches (``entry.ask_search`` reaches it).
"""

import numba
import numpy as np

from sim import cfuncs
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.engine import SCRATCH, play_out
from sim.games.pillars.events import EV_COLS, TURN_ADVANCE, TURN_REPLENISH
from sim.games.pillars.rules.end import side_glory
from sim.games.pillars.rules.spend import WORK
from sim.games.pillars.rules.teams import partner
from sim.games.pillars.rules.turn import rondel_options
from sim.jit import kernel
from sim.rng import N_STREAMS, STREAM_BOT, STREAM_SETUP, next_u64, seed_streams, sort_shuffle
from strategies.pillars.entry import SCRATCH_WORDS, search_signature
from strategies.pillars.features import HORIZON, SAMPLES
from strategies.pillars.policy import PLANNED, SEARCH

WIN_BONUS = 10.0  # Glory-equivalents of winning at a play-out's end
assert SCRATCH >= 2 * L.N_LANDS  # a determinization deals the Lands' tiles in the scratch
SECTION_CHOICES = 3  # a card's Power, one more, one fewer (pp. 7-8)


@kernel
def redeal_hand(s, seat, rng):
    """Deal another seat's hand again from its hand and draw pile together."""
    hand = L.HAND + seat * L.MAX_PILE
    deck = L.DECK + seat * L.MAX_PILE
    held = s[L.HAND_N + seat]
    left = s[L.DECK_N + seat]
    for i in range(held):
        s[deck + left + i] = s[hand + i]
    sort_shuffle(s[deck:deck + left + held], left + held, rng, STREAM_SETUP)
    for i in range(held):
        s[hand + i] = s[deck + left + i]
        s[deck + left + i] = -1


@kernel
def redeal_tiles(s, tiles, face_up, spare, rng):
    """Deal the face-down tiles of one kind (Population or Resource) again over the Lands
    they lie on; ``spare`` holds 2 * N_LANDS entries to work in."""
    n = 0
    for land in range(L.N_LANDS):
        if s[tiles + land] >= 0 and s[face_up + land] == 0:
            spare[n] = land
            spare[L.N_LANDS + n] = s[tiles + land]
            n += 1
    sort_shuffle(spare[L.N_LANDS:], n, rng, STREAM_SETUP)
    for k in range(n):
        s[tiles + spare[k]] = spare[L.N_LANDS + k]


@kernel
def determinize(s, viewer, spare, rng):
    """Deal again at random what ``viewer`` cannot see (the module's docstring);
    ``spare``: 2 * N_LANDS entries to work in."""
    for seat in range(s[L.N_PLAYERS]):
        if seat == viewer:
            sort_shuffle(s[L.DECK + seat * L.MAX_PILE:], s[L.DECK_N + seat], rng, STREAM_SETUP)
        else:
            redeal_hand(s, seat, rng)
    for d in range(L.N_DECKS):
        sort_shuffle(s[L.MYTH_DECK + d * L.MAX_MYTH_DECK:], s[L.MYTH_N + d], rng, STREAM_SETUP)
    for slot in range(L.N_PROC):  # a face-up top card stays
        hidden = s[L.PROC_N + slot] - s[L.PROC_UP + slot]
        sort_shuffle(s[L.PROC_DECK + slot * L.MAX_PROC_DECK:], hidden, rng, STREAM_SETUP)
    for stack in range(L.N_STRATEGY_STACKS):
        hidden = s[L.STRATEGY_N + stack] - s[L.STRATEGY_UP + stack]
        sort_shuffle(s[L.STRATEGY_STACK + stack * L.TILES_PER_STACK:], hidden, rng, STREAM_SETUP)
    redeal_tiles(s, L.LAND_POP, L.LAND_POP_UP, spare, rng)
    redeal_tiles(s, L.LAND_RES, L.LAND_RES_UP, spare, rng)
    sort_shuffle(s[L.BARB_STACK:], s[L.BARB_N], rng, STREAM_SETUP)
    sort_shuffle(s[L.SOLO_RES_DECK:], s[L.SOLO_RES_N], rng, STREAM_SETUP)


@kernel
def outcome(s, seat):
    """``seat``'s side's Glory less the best other side's, plus ``WIN_BONUS`` for a win."""
    best = -(1 << 30)
    ally = partner(s, seat)
    for other in range(s[L.N_PLAYERS]):
        if other != seat and other != ally:
            best = max(best, side_glory(s, other))
    return side_glory(s, seat) - best + WIN_BONUS * s[L.WON + seat]


@kernel
def same_card(T, a, b):
    for col in range(T.cards.shape[1]):
        if T.cards[a, col] != T.cards[b, col]:
            return False
    return True


@kernel
def candidate(s, T, seat, c, opts):
    """Candidate ``c`` of the seat's turn as (turn kind, card row, Rondel option row), or
    turn kind -1 where ``c`` names no new candidate: ``c`` = hand index * SECTION_CHOICES +
    the option row for an Advance Turn, the last for the Replenish Turn."""
    held = s[L.HAND_N + seat]
    if c == held * SECTION_CHOICES:
        return TURN_REPLENISH, -1, 0
    hand = L.HAND + seat * L.MAX_PILE
    h = c // SECTION_CHOICES
    card = s[hand + h]
    for earlier in range(h):
        if same_card(T, s[hand + earlier], card):
            return -1, -1, 0  # the same card again
    if c % SECTION_CHOICES >= rondel_options(s, T, seat, T.cards[card, 1], opts):
        return -1, -1, 0
    return TURN_ADVANCE, card, c % SECTION_CHOICES


@kernel
def search_turn(s, T, W, s2, work2, scratch2, opts2, rng2, ev2, seat, rng):
    """Plan ``seat``'s turn in ``s[L.PLAN]``: the candidate with the best mean outcome over
    the play-outs (none when no candidate could be played out), played out on the copies
    ``s2`` .. ``rng2`` with every searching seat playing the heuristic. Returns 0."""
    samples = max(1, np.int64(W[seat, SAMPLES]))
    horizon = np.int64(W[seat, HORIZON])
    key = next_u64(rng, STREAM_BOT + seat)
    best = -np.inf
    s[L.PLAN] = 0
    for c in range(s[L.HAND_N + seat] * SECTION_CHOICES + 1):
        turn, card, row = candidate(s, T, seat, c, opts2)
        if turn < 0:
            continue
        total = 0.0
        for j in range(samples):
            for i in range(L.STATE_SIZE):
                s2[i] = s[i]
            for other in range(L.MAX_PLAYERS):
                if s2[L.POLICY + other] == SEARCH:
                    s2[L.POLICY + other] = PLANNED
            seed_streams(rng2, key, j)
            determinize(s2, seat, scratch2, rng2)
            s2[L.PLAN] = seat + 1
            s2[L.PLAN + 1] = turn
            s2[L.PLAN + 2] = card
            s2[L.PLAN + 3] = row
            play_out(s2, T, W, ev2, work2, scratch2, opts2, rng2, seat, horizon)
            if s2[L.PLAN] < 0:
                total = -np.inf  # a planned choice no option held: not a turn to play
                break
            total += outcome(s2, seat)
        if total > best:
            best = total
            s[L.PLAN] = seat + 1
            s[L.PLAN + 1] = turn
            s[L.PLAN + 2] = card
            s[L.PLAN + 3] = row
    return 0


def _search(s_at, T, W_at, rows, columns, seat, rng_at, rng2_at, s2_at, work2_at, scratch2_at,
            opts2_at):
    return search_turn(numba.carray(s_at, L.STATE_SIZE), T, numba.carray(W_at, (rows, columns)),
                       numba.carray(s2_at, L.STATE_SIZE), numba.carray(work2_at, WORK),
                       numba.carray(scratch2_at, SCRATCH),
                       numba.carray(opts2_at, (MAX_OPTIONS, OPT_WIDTH)),
                       numba.carray(rng2_at, N_STREAMS), numba.carray(s2_at, (0, EV_COLS)), seat,
                       numba.carray(rng_at, N_STREAMS))


def scratch() -> np.ndarray:
    """The scratch of one thread's games, as one block (``entry.ask_search``)."""
    return np.zeros(SCRATCH_WORDS, np.uint64)


def search_entry(packed: np.recarray) -> int:
    """Address of ``search_turn``'s entry compiled for ``packed``'s record type (under
    NUMBA_DISABLE_JIT, entry.ask_search calls the search directly)."""
    return cfuncs.address_for(_search, search_signature, packed)


def search_with_scratch(s, T, W, seat, rng):
    """``search_turn`` with scratch of its own (plain Python, under NUMBA_DISABLE_JIT)."""
    return search_turn(s, T, W, np.zeros_like(s), np.zeros(WORK, np.int32),
                       np.zeros(SCRATCH, np.int32), np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32),
                       np.zeros_like(rng), np.zeros((0, EV_COLS), np.int32), seat, rng)
