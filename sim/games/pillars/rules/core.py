"""Shared small kernels of the Pillars turn: asking a decision, writing a trace row."""

from sim.games.pillars import layout as L
from sim.games.pillars.policy import SCRIPT_ROWS, W_MODE, choose
from sim.games.pillars.rules.use import count_use
from sim.jit import inline_kernel, kernel


@kernel
def decide(s, T, W, opts, n, seat, kind, rng):
    """Ask ``seat``'s policy to pick one of ``n`` >= 1 options; a lone option needs no ask
    (a script still reads its entry, so a script lists every decision in order). The
    Tyrant of Solo Mode has no policy: his rules choose (rules.tyrant_choice)."""
    s[L.DECISIONS] += 1
    if seat == L.TYRANT and s[L.ADDONS] & L.ADDON_SOLO != 0:
        return 0
    if n == 1 and W[W_MODE] < SCRIPT_ROWS:
        return 0
    return choose(s, T, W, opts, n, seat, kind, rng)


@kernel
def emit(s, ev, seat, code, a, b, c):
    """Count the event for the play profile and append it to the trace (round, seat, code,
    a, b, c); a full buffer drops the row."""
    if seat >= 0:
        count_use(s, seat, code, a, b, c)
    k = s[L.EVENTS]
    if k >= ev.shape[0]:
        return
    ev[k, 0] = s[L.ROUND]
    ev[k, 1] = seat
    ev[k, 2] = code
    ev[k, 3] = a
    ev[k, 4] = b
    ev[k, 5] = c
    s[L.EVENTS] = k + 1


@inline_kernel
def option(opts, n, a, b, c, d):
    """Write option row ``n`` and return n + 1."""
    opts[n, 0] = a
    opts[n, 1] = b
    opts[n, 2] = c
    opts[n, 3] = d
    return n + 1
