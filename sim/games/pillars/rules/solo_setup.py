"""Solo Mode's changes to setup (p. ~21). The Tyrant is seat 0 (step 9 gives him the First
Player marker), you are seat 1.

Step 10 draws 2 City-state and Resource pairs, none in the Region of a City-state fixed
for the Tyrant; you take one, the other leaves the game. The Tyrant's City-state is that
fixed one, or one drawn at random among the tiles with a Solo Player aid that start in
another Region than yours; his Starting Resource tile is drawn at random. Some faces
bring a setup gift (``Tables.solo_special``). His track reward of step 13 goes into his
decks, his Basic deck is the Starting deck with his City-state's changes, and the unused
Population tiles wait face down for combats. After step 20 the wheels are laid out.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    SOLO_DECK_CHANGE,
    SOLO_FIRST_ONLY,
    SOLO_OUT_CARD,
    SOLO_OUT_MYTHOLOGY,
    SOLO_SPECIALS,
    ST_ADD,
    ST_REMOVE,
    ST_RESOURCES,
    STRATEGY,
)
from sim.games.pillars.events import EV_SETUP_PICK
from sim.games.pillars.rules.board import SECTION_BUILD
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.removal import take_from_row
from sim.games.pillars.rules.strategy import place_tile
from sim.games.pillars.rules.tracks import R_CARD, R_DEMIGOD, REWARD_DECK, step_up
from sim.games.pillars.rules.tyrant_cards import BASIC
from sim.games.pillars.rules.tyrant_gains import gain_card, gain_mythology
from sim.games.pillars.rules.wheels import set_wheels
from sim.jit import kernel
from sim.rng import STREAM_SETUP, below

T_SEAT = L.TYRANT
ROW = 2  # City-state and Resource pairs drawn in step 10
GIFT_NONE, GIFT_INITIATIVE, GIFT_PHALANX, GIFT_TEMPLE, GIFT_MARKERS = range(len(SOLO_SPECIALS))
GIFT_EFFECT = (-1, STRATEGY.index("strategic_initiative"), STRATEGY.index("phalanx_formation"),
               -1, -1)
GIFT_SLOT = L.MAX_STRATEGY - 1  # his City-state tile: a slot no Player board row fills
SECOND_ROW = 1  # the lower Build row: his second Temple (Ephesos)


@kernel
def first_ability_only(s, T, card):
    """In Solo Mode the card's alternative ability is not played (p. 31)."""
    if s[L.ADDONS] & L.ADDON_SOLO == 0:
        return False
    for k in range(T.solo_out.shape[0]):
        if T.solo_out[k, 0] == SOLO_FIRST_ONLY and T.solo_out[k, 1] == card:
            return True
    return False


@kernel
def remove_solo_cards(s, T):
    """At the start of setup (p. ~21): the listed cards out of their Procurement or
    Mythology decks (dealt already) and out of the game."""
    for k in range(T.solo_out.shape[0]):
        kind, row = T.solo_out[k, 0], T.solo_out[k, 1]
        if kind == SOLO_OUT_CARD:
            for slot in range(L.N_PROC):
                take_out(s, L.PROC_DECK + slot * L.MAX_PROC_DECK, L.PROC_N + slot, row)
            s[L.CARD_OUT + row] = 1
        elif kind == SOLO_OUT_MYTHOLOGY:
            for deck in range(L.N_DECKS):
                take_out(s, L.MYTH_DECK + deck * L.MAX_MYTH_DECK, L.MYTH_N + deck, row)
            s[L.MYTH_OUT + row] = 1


@kernel
def take_out(s, pile, count, card):
    """Remove ``card`` from a pile (the rest close up)."""
    n = s[count]
    for k in range(n):
        if s[pile + k] == card:
            for j in range(k, n - 1):
                s[pile + j] = s[pile + j + 1]
            s[pile + n - 1] = -1
            s[count] = n - 1
            return


@kernel
def tyrant_city_state(s, T, ev, pick, tiles, scratch, rng):
    """Step 11 for the Tyrant, after you took yours: his tile and a random Starting
    Resource tile not drawn, appended to the drawn row so that step 12 finds them."""
    side = s[L.SIDE]
    yours = T.land_region[side, T.city_start[side, s[L.CITY_STATE + L.SOLO_PLAYER]]]
    tile = pick
    if tile < 0:
        n = 0
        for t in range(T.city_start.shape[1]):
            if (T.solo_tiles[t, ST_RESOURCES] >= 0 and tiles[t] >= 0 and s[L.DRAWN] != t
                    and s[L.DRAWN + 1] != t and T.land_region[side, T.city_start[side, t]] != yours):
                scratch[n] = t
                n += 1
        tile = scratch[below(rng, STREAM_SETUP, n)]
    n = 0
    for r in range(T.resource_tiles.shape[0]):
        if T.resource_tiles[r, 1] == 1 and s[L.DRAWN_RES] != r and s[L.DRAWN_RES + 1] != r:
            scratch[n] = r
            n += 1
    s[L.DRAWN + ROW] = tile
    s[L.DRAWN_RES + ROW] = scratch[below(rng, STREAM_SETUP, n)]
    s[L.CITY_STATE + T_SEAT] = tile
    emit(s, ev, T_SEAT, EV_SETUP_PICK, tile, s[L.DRAWN_RES + ROW], pick)


@kernel
def gift(s, T):
    return T.solo_special[s[L.SIDE], s[L.CITY_STATE + T_SEAT]]


@kernel
def strategy_gift(s, T, effect):
    """A Strategy tile of that effect onto his City-state tile: taken from its stack when
    step 6 dealt it there (the stack closing up), else from those left out."""
    tile = -1
    for stack in range(L.N_STRATEGY_STACKS):
        base = L.STRATEGY_STACK + stack * 3
        for k in range(s[L.STRATEGY_N + stack]):
            if T.strategy[s[base + k], 1] == effect:
                tile = s[base + k]
                take_out(s, base, L.STRATEGY_N + stack, tile)
                s[L.STRATEGY_UP + stack] = 1 if s[L.STRATEGY_N + stack] > 0 else 0
                place_tile(s, T, T_SEAT, tile, GIFT_SLOT)
                return
    for t in range(T.strategy.shape[0]):
        if T.strategy[t, 1] == effect:
            tile = t
    place_tile(s, T, T_SEAT, tile, GIFT_SLOT)


@kernel
def setup_gifts(s, T):
    """Step 11's gifts by face (p. ~21): Athenai (Aegean) Strategic Initiative, Tarsos
    Phalanx Formation, Ephesos the second Temple on its starting Land."""
    kind = gift(s, T)
    if kind == GIFT_INITIATIVE or kind == GIFT_PHALANX:
        strategy_gift(s, T, GIFT_EFFECT[kind])
    elif kind == GIFT_TEMPLE:
        home = T.city_start[s[L.SIDE], s[L.CITY_STATE + T_SEAT]]
        take_from_row(s, T_SEAT, SECTION_BUILD, L.B_TEMPLE, SECOND_ROW)
        s[L.LAND_BUILDING + home * L.MAX_PLAYERS + T_SEAT] = L.B_TEMPLE


@kernel
def tyrant_start_track(s, T, ev, track):
    """Step 13 for him (p. ~21): the step's card the face-up one of most Power (ties:
    uppermost) into his Resource deck, a Demigod the deck's top card onto his
    stack, any other reward as for anyone; Korinthos puts his other markers on step 1
    without rewards. Returns True when the reward is handled here."""
    reward = T.track_steps[track, 0, 0]
    handled = reward == R_CARD or reward == R_DEMIGOD
    if reward == R_CARD:
        gain_card(s, T, ev)
    elif reward == R_DEMIGOD:
        gain_mythology(s, ev, REWARD_DECK[0])
    if gift(s, T) == GIFT_MARKERS:
        for other in range(L.N_TRACKS):
            if other != track:
                step_up(s, T_SEAT, other)
    return handled


@kernel
def basic_deck(s, T):
    """Step 15 for him (p. ~21): his 10 Starting cards, those his City-state's table lists
    swapped for the added ones (of unused colours: the same card rows), shuffled later."""
    tile = s[L.CITY_STATE + T_SEAT]
    for k in range(SOLO_DECK_CHANGE):
        out = T.solo_tiles[tile, ST_REMOVE + k]
        for j in range(s[L.DECK_N + T_SEAT]):
            if s[BASIC + j] == out:
                s[BASIC + j] = T.solo_tiles[tile, ST_ADD + k]
                break


@kernel
def stack_unused_population(s, T):
    """End of step 19 (p. ~21): the Population tiles no Land took, face down in a stack."""
    n = 0
    for tile in range(T.population.shape[0]):
        placed = False
        for land in range(s[L.LAND_END]):
            placed |= s[L.LAND_POP + land] == tile
        if not placed:
            s[L.SOLO_POP + n] = tile
            n += 1
    s[L.SOLO_POP_N] = n


@kernel
def finish_solo_setup(s, T):
    """After step 20 (p. ~21): the unused Population stack and the wheels."""
    stack_unused_population(s, T)
    set_wheels(s, T)
