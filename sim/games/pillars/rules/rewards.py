"""Progressing on the Region tracks during play and the step rewards (p. 7): a card from
the Procurement Area, the step-3 and step-5 Cities, a Mythology card (or a free Energise),
a Mercenary Hoplite; the same rewards in setup (steps 13-14); and the Library's cards for
a step from behind (p. ~14)."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_MERCENARY, D_MYTHOLOGY, D_REWARD_CARD
from sim.games.pillars.events import (
    EV_ENERGISE,
    EV_MERCENARY,
    EV_MYTHOLOGY_GAIN,
    EV_STRATEGY,
    EV_TRACK_REWARD,
    EV_TRACK_STEP,
)
from sim.games.pillars.rules.cards import (
    bottom_of_deck,
    draw_cards_reshuffling,
    draw_mythology,
    mythology_room,
)
from sim.games.pillars.rules.cities import evaluate_region, track_end_city
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.power import city_controller
from sim.games.pillars.rules.procure import reveal, take_top
from sim.games.pillars.rules.spend import W_COST, can_pay, pay
from sim.games.pillars.rules.strategy import LIBRARY, holds
from sim.games.pillars.rules.tracks import (
    R_CARD,
    R_CITY,
    R_DEMIGOD,
    R_HOPLITE,
    R_HOPLITE_FOR_IRON,
    R_TITAN,
    REWARD_DECK,
    step_up,
)
from sim.games.pillars.rules.tyrant_choice import tyrant_resource
from sim.games.pillars.rules.tyrant_gains import tyrant_track_reward
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import kernel

IRON = 3  # content.RESOURCES
LIBRARY_DRAWS = 2  # p. ~14


@kernel
def behind_all(s, seat, track):
    """The seat's marker is at least one step below every other marker on ``track``."""
    mine = s[L.TRACK_STEP + seat * L.N_TRACKS + track]
    for other in range(s[L.N_PLAYERS]):
        if other != seat and s[L.TRACK_STEP + other * L.N_TRACKS + track] <= mine:
            return False
    return True


@kernel
def library(s, ev, seat, track, rng):
    """Library (p. ~14): the first step of the turn taken from behind every other marker
    (counted before the step, decision 21) draws 2 Action cards."""
    if (holds(s, seat, LIBRARY) and s[L.TILES_USED] & L.USED_LIBRARY == 0
            and behind_all(s, seat, track)):
        s[L.TILES_USED] |= L.USED_LIBRARY
        drawn = draw_cards_reshuffling(s, seat, LIBRARY_DRAWS, rng)
        emit(s, ev, seat, EV_STRATEGY, LIBRARY, track, drawn)


@kernel
def progress(s, T, W, ev, seat, track, cause, reward_now, work, opts, rng):
    """One step up ``track`` (on top of the markers there, p. 7); its reward now, or later
    by the caller (an Ascend rewards after all its steps, p. 12). Returns the new step."""
    library(s, ev, seat, track, rng)
    step = step_up(s, seat, track)
    emit(s, ev, seat, EV_TRACK_STEP, track, step, cause)
    if reward_now:
        track_reward(s, T, W, ev, seat, track, step, work, opts, rng)
    return step


@kernel
def track_reward(s, T, W, ev, seat, track, step, work, opts, rng):
    """The reward printed above ``step`` of ``track`` (p. 7); the Tyrant's his own
    (Solo Mode, p. ~25)."""
    if solo_mode(s) and seat == L.TYRANT:
        tyrant_track_reward(s, T, W, ev, track, step, tyrant_resource(s, T), opts, rng)
        return
    reward = T.track_steps[track, step - 1, 0]
    emit(s, ev, seat, EV_TRACK_REWARD, track, step, reward)
    if reward == R_CARD:
        reward_card(s, T, W, seat, opts, rng)
    elif reward == R_CITY:
        if step == 3 and s[L.TRACK_CITY + track * 2] == 1:
            evaluate_region(s, T, W, ev, seat, track, opts, rng)
        elif step == 5 and s[L.TRACK_CITY + track * 2 + 1] == 1:
            track_end_city(s, T, W, ev, seat, track, opts, rng)
    elif R_DEMIGOD <= reward <= R_TITAN:
        mythology_reward(s, T, W, ev, seat, REWARD_DECK[reward - R_DEMIGOD], opts, rng)
    elif reward == R_HOPLITE or reward == R_HOPLITE_FOR_IRON:
        mercenary(s, T, W, ev, seat, reward == R_HOPLITE_FOR_IRON, work, opts, rng)


@kernel
def setup_reward(s, T, W, ev, seat, track, step, work, opts, rng):
    """The reward of ``step`` where setup gives one (decision 8, docs/rules/pillars.md),
    with the seat's choices asked of its policy as in play (p. 7): which face-up card,
    which of the two Mythology cards drawn, whether the free Mercenary Hoplite comes. A
    Hoplite for an extra Iron is not taken: no hand is drawn yet (step 15), and the chance
    is lost unless taken at once. Step 3 and 5 Cities never come up, since setup steps
    once from step 0."""
    reward = T.track_steps[track, step - 1, 0]
    if reward == R_CARD:
        reward_card(s, T, W, seat, opts, rng)
    elif R_DEMIGOD <= reward <= R_TITAN:
        mythology_reward(s, T, W, ev, seat, REWARD_DECK[reward - R_DEMIGOD], opts, rng)
    elif reward == R_HOPLITE:
        mercenary(s, T, W, ev, seat, False, work, opts, rng)


@kernel
def reward_card(s, T, W, seat, opts, rng):
    """A Character or Monument of the seat's choice from the face-up Procurement cards,
    into its hand for free; the next card of that deck turns face up (p. 7)."""
    n = 0
    for slot in range(L.N_PROC):
        if s[L.PROC_UP + slot] == 1 and s[L.PROC_N + slot] > 0:
            n = option(opts, n, slot, 0, 0, 0)
    if n > 0:
        slot = opts[decide(s, T, W, opts, n, seat, D_REWARD_CARD, rng), 0]
        s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = take_top(s, slot)
        s[L.HAND_N + seat] += 1
        reveal(s, slot)


@kernel
def mythology_reward(s, T, W, ev, seat, deck, opts, rng):
    """Draw 2 from ``deck`` and keep one in a free slot (a full seat may first discard one
    of its cards, to the bottom of its deck, or keep none), the other to the bottom of
    the deck; or draw nothing and Energise one Invoked card for free (p. 7). Returns the
    card kept or Energised, -1 for none."""
    n = 0
    if s[L.MYTH_N + deck] > 0:
        n = option(opts, n, 0, 0, 0, 0)
    room = mythology_room(s, T, seat)
    base = seat * L.MAX_MYTH_SLOTS
    for k in range(L.MAX_MYTH_SLOTS):  # a slot past the room holds no card (but MYTH_BESIDE)
        if s[L.MYTH_SLOT + base + k] >= 0 and s[L.MYTH_INVOKED + base + k] == 1:
            n = option(opts, n, 1, k, 0, 0)
    if n == 0:
        return -1
    k = decide(s, T, W, opts, n, seat, D_MYTHOLOGY, rng)
    if opts[k, 0] == 1:
        slot = opts[k, 1]
        s[L.MYTH_INVOKED + base + slot] = 0
        emit(s, ev, seat, EV_ENERGISE, slot, s[L.MYTH_SLOT + base + slot], 1)
        return s[L.MYTH_SLOT + base + slot]
    first = draw_mythology(s, deck)
    second = draw_mythology(s, deck)
    free = -1
    for k in range(room):
        if s[L.MYTH_SLOT + base + k] < 0:
            free = k
            break
    n = 0
    for pick in range(2 if second >= 0 else 1):
        if free >= 0:
            n = option(opts, n, pick, free, 0, 0)
        else:
            for k in range(room):
                n = option(opts, n, pick, k, 1, 0)
    if free < 0:
        n = option(opts, n, -1, 0, 0, 0)
    k = decide(s, T, W, opts, n, seat, D_MYTHOLOGY, rng)
    pick, slot, replace = opts[k, 0], opts[k, 1], opts[k, 2]
    kept = -1
    if pick >= 0:
        kept = first if pick == 0 else second
        if replace == 1:
            old = s[L.MYTH_SLOT + base + slot]
            bottom_of_deck(s, T.mythology[old, 0], old)
        s[L.MYTH_SLOT + base + slot] = kept
        s[L.MYTH_INVOKED + base + slot] = 0
        emit(s, ev, seat, EV_MYTHOLOGY_GAIN, kept, slot, 0)
    if first >= 0 and first != kept:
        bottom_of_deck(s, deck, first)
    if second >= 0 and second != kept:
        bottom_of_deck(s, deck, second)
    return kept


@kernel
def mercenary(s, T, W, ev, seat, for_iron, work, opts, rng):
    """A Hoplite from beside the Mercenary track onto a Land with one of the seat's Cities,
    at once or never; on the steps that print an Iron, for one extra Iron (p. 7). Not a
    Deploy action."""
    if s[L.MERCENARIES + seat] == 0:
        return
    if for_iron:
        for r in range(L.N_RESOURCES):
            work[W_COST + r] = 0
        work[W_COST + IRON] = 1
        if not can_pay(s, T, seat, work):
            return
    n = option(opts, 0, -1, 0, 0, 0)
    for land in range(s[L.LAND_END]):
        if s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat:
            n = option(opts, n, land, 0, 0, 0)
    land = opts[decide(s, T, W, opts, n, seat, D_MERCENARY, rng), 0]
    if land < 0:
        return
    if for_iron:
        pay(s, T, W, ev, seat, work, opts, rng)
    s[L.MERCENARIES + seat] -= 1
    s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] += 1
    emit(s, ev, seat, EV_MERCENARY, land, 0, 0)
