"""The discounted track step three Strategy tiles give after a Rondel action (p. ~14):
Olympic Games after Deploy (Mercenary or Military), Architects of Prosperity after Build
(Civilisation or Navigation), Divine Ascent after Settle (Olympian or Titan). The step
costs its number less 3 in the track's Resource (the Titan track any one type), so steps
1-3 are free; the seat may decline; each tile held gives one step (decision 20)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import WILD
from sim.games.pillars.decisions import D_DISCOUNT_STEP
from sim.games.pillars.events import CAUSE_STRATEGY, EV_STRATEGY
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize
from sim.games.pillars.rules.strategy import held
from sim.games.pillars.rules.tracks import LAST_STEP
from sim.jit import kernel

DISCOUNT = 3  # Resources off the step (p. ~14)


@kernel
def set_discounted_cost(work, resource, owed):
    for r in range(L.N_RESOURCES):
        work[W_COST + r] = 0
    work[W_COST + resource] = owed


@kernel
def discount_choices(s, T, seat, first, second, work, opts):
    """No, or the next step of either track with each way to pay it: free, or the owed
    Resources in the track's (the Titan track: any one) Resource. Returns how many."""
    n = option(opts, 0, -1, 0, 0, 0)
    wild = summarize(s, T, seat, work)
    for track in (first, second):
        step = s[L.TRACK_STEP + seat * L.N_TRACKS + track] + 1
        if step > LAST_STEP:
            continue
        owed = max(0, step - DISCOUNT)
        if owed == 0:
            n = option(opts, n, track, -1, 0, 0)
            continue
        for r in range(L.N_RESOURCES):
            if T.tracks[track, 0] == r or T.tracks[track, 0] == WILD:
                set_discounted_cost(work, r, owed)
                if covered(work, wild):
                    n = option(opts, n, track, r, owed, 0)
    return n


@kernel
def discounted_steps(s, T, W, ev, seat, effect, first, second, work, opts, rng):
    """After the Rondel action: for each tile with ``effect`` the seat holds, it may step up
    ``first`` or ``second`` at the discount, the step's reward at once (p. 7)."""
    for _ in range(held(s, seat, effect)):
        n = discount_choices(s, T, seat, first, second, work, opts)
        k = decide(s, T, W, opts, n, seat, D_DISCOUNT_STEP, rng)
        track, resource, owed = opts[k, 0], opts[k, 1], opts[k, 2]
        if track < 0:
            return
        if resource >= 0:
            set_discounted_cost(work, resource, owed)
            pay(s, T, W, ev, seat, work, opts, rng)
        step = progress(s, T, W, ev, seat, track, CAUSE_STRATEGY, True, work, opts, rng)
        emit(s, ev, seat, EV_STRATEGY, effect, track, step)
