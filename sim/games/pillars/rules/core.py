"""Shared small kernels of the Pillars turn: asking a decision, writing a trace row."""

from sim.games import policies
from sim.games.pillars import layout as L
from sim.games.pillars.invariants import V_NO_BOT_ENTRY
from sim.games.pillars.policy import FIRST_OPTION, SCRIPTED, TOLD_OF_TURNS, scripted
from sim.games.pillars.rules.use import count_use
from sim.jit import inline_kernel, kernel
from sim.rng import STREAM_BOT, below


@kernel
def decide(s, T, W, opts, n, seat, kind, rng):
    """Ask ``seat``'s policy (its code in ``POLICY``, sim.games.pillars.policy) to pick one
    of ``n`` >= 1 options; a lone option needs no ask (a script still reads its entry, so a
    script lists every decision in order). A bot is reached through its entry's address
    (sim.games.policies): a game started without it is marked broken and takes option 0.
    The Tyrant of Solo Mode has no policy: his rules choose (rules.tyrant_choice)."""
    s[L.DECISIONS] += 1
    if seat == L.TYRANT and s[L.ADDONS] & L.ADDON_SOLO != 0:
        return 0
    code = s[L.POLICY + seat]
    if code == SCRIPTED:
        return scripted(W, opts, n)
    if n == 1 or code == FIRST_OPTION:
        return 0
    if code == policies.RANDOM_LEGAL:
        return below(rng, STREAM_BOT + seat, n)
    return policies.ask(s, L.BOT_ENTRY, L.VIOLATION, V_NO_BOT_ENTRY, T, W, opts, n, seat, kind, rng)


@kernel
def notify(s, T, W, opts, seat, kind, rng):
    """Tell ``seat``'s bot that its turn starts or ends (``kind``: policy.TURN_START,
    TURN_END; no option), so that a bot planning a turn ahead plans it then; only a bot
    whose code has the ``TOLD_OF_TURNS`` bit is told."""
    code = s[L.POLICY + seat]
    if code > 0 and (code & TOLD_OF_TURNS) != 0:
        policies.ask(s, L.BOT_ENTRY, L.VIOLATION, V_NO_BOT_ENTRY, T, W, opts, 0, seat, kind, rng)


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
