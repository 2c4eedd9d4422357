"""The Ascend action (p. 12): steps up any tracks, several steps each, each step paid with
as many of the track's Resource as the step's number (the Titan track any one type, the
same for the whole action), less 1 per Agora on a Land of that Resource, or by Exiling 3
Characters from hand; the step rewards after all steps; then the hand, or the Pillars
and Energising, replenished."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_KIND, WILD
from sim.games.pillars.decisions import D_AFTER_ASCEND, D_ASCEND, D_EXILE
from sim.games.pillars.events import CAUSE_ASCEND, EV_ASCEND, EV_EXILE, EV_REPLENISH
from sim.games.pillars.rules.atlantis import atlantis_tile
from sim.games.pillars.rules.cards import exile_from
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.rewards import progress, track_reward
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize, tally
from sim.games.pillars.rules.turn import energise, replenish_hand, replenish_pillars
from sim.jit import compiled_in_caller, kernel

EXILE_STEP = 3  # Characters Exiled in place of a step's Resources (p. 12)
AFTER_HAND, AFTER_PILLARS = 0, 1
MAX_ASCEND_STEPS = L.N_TRACKS * 5


@kernel
def agora_discounts(s, T, seat):
    """What the seat's Agoras take off a step paid in each Resource (Wine, Marble, Gold,
    Iron, Wood): 1 per Agora on a Land whose Resource tile is of it, depleted or not (p. 12;
    decision 10). The Atlantis tile is a Wild Resource tile: its Agora takes 1 off whatever
    the Resource (p. 15; decision 43)."""
    counts = (0, 0, 0, 0, 0)
    for land in range(s[L.LAND_END]):
        if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] != L.B_AGORA:
            continue
        tile = s[L.LAND_RES + land]
        if atlantis_tile(s, land):
            for r in range(L.N_RESOURCES):
                counts = tally(counts, r, 1)
        elif tile >= 0:
            counts = tally(counts, T.resource_tiles[tile, 0], 1)
    return counts


@kernel
def characters_in_hand(s, T, seat):
    n = 0
    for h in range(s[L.HAND_N + seat]):
        n += T.cards[s[L.HAND + seat * L.MAX_PILE + h], C_KIND] == L.KIND_CHARACTER
    return n


@kernel
def set_step_cost(s, seat, work, track, resource, discounts):
    """The cost of the seat's next step on ``track`` paid in ``resource``, less its
    ``agora_discounts``."""
    step = s[L.TRACK_STEP + seat * L.N_TRACKS + track] + 1
    for r in range(L.N_RESOURCES):
        work[W_COST + r] = 0
    work[W_COST + resource] = max(0, step - discounts[resource])


@kernel
def ascend_choices(s, T, seat, titan_res, work, opts):
    """Stop, or a track below step 5 with a way to pay its next step: its Resource (on
    the Titan track each type, until one is used), or 3 Characters."""
    n = option(opts, 0, -1, 0, 0, 0)
    exile = characters_in_hand(s, T, seat) >= EXILE_STEP
    discounts = agora_discounts(s, T, seat)
    wild = summarize(s, T, seat, work)
    for track in range(L.N_TRACKS):
        if s[L.TRACK_STEP + seat * L.N_TRACKS + track] >= 5:
            continue
        res = T.tracks[track, 0]
        for r in range(L.N_RESOURCES):
            if res == r or (res == WILD and (titan_res < 0 or titan_res == r)):
                set_step_cost(s, seat, work, track, r, discounts)
                if covered(work, wild):
                    n = option(opts, n, track, r, 0, 0)
        if exile:
            n = option(opts, n, track, -1, 0, 0)
    return n


@kernel
def exile_characters(s, T, W, ev, seat, opts, rng):
    """Three Characters of the seat's choice from hand, removed from the game."""
    hand = L.HAND + seat * L.MAX_PILE
    for _ in range(EXILE_STEP):
        n = 0
        for h in range(s[L.HAND_N + seat]):
            if T.cards[s[hand + h], C_KIND] == L.KIND_CHARACTER:
                n = option(opts, n, 0, h, s[hand + h], 0)
        h = opts[decide(s, T, W, opts, n, seat, D_EXILE, rng), 1]
        emit(s, ev, seat, EV_EXILE, exile_from(s, seat, 0, h), 0, 0)


@compiled_in_caller
def ascend_action(s, T, W, ev, seat, work, scratch, opts, rng):
    """Step up tracks until the seat stops; then every step's reward in the order taken;
    then the hand, or the Pillars and Energising (p. 12). ``scratch`` holds the steps
    taken (2 * MAX_ASCEND_STEPS entries)."""
    titan_res = -1
    taken = 0
    while True:
        n = ascend_choices(s, T, seat, titan_res, work, opts)
        k = decide(s, T, W, opts, n, seat, D_ASCEND, rng)
        track, res = opts[k, 0], opts[k, 1]
        if track < 0:
            break
        if res < 0:
            exile_characters(s, T, W, ev, seat, opts, rng)
        else:
            if T.tracks[track, 0] == WILD:
                titan_res = res
            set_step_cost(s, seat, work, track, res, agora_discounts(s, T, seat))
            pay(s, T, W, ev, seat, work, opts, rng)
        step = progress(s, T, W, ev, seat, track, CAUSE_ASCEND, False, work, opts, rng)
        emit(s, ev, seat, EV_ASCEND, track, step, res)
        scratch[2 * taken] = track
        scratch[2 * taken + 1] = step
        taken += 1
    for i in range(taken):
        track_reward(s, T, W, ev, seat, scratch[2 * i], scratch[2 * i + 1], work, opts, rng)
    n = option(opts, 0, AFTER_HAND, 0, 0, 0)
    n = option(opts, n, AFTER_PILLARS, 0, 0, 0)
    if opts[decide(s, T, W, opts, n, seat, D_AFTER_ASCEND, rng), 0] == AFTER_HAND:
        packed = replenish_hand(s, T, W, seat, opts, rng)
        emit(s, ev, seat, EV_REPLENISH, packed // 100, packed % 100, 0)
    else:
        pillars = replenish_pillars(s, seat)
        emit(s, ev, seat, EV_REPLENISH, 0, 0, pillars)
        energise(s, T, W, ev, seat, work, opts, rng)
