"""The Aeolis search bot: the team's actions chosen by playing each option out.

At each searched decision (``policy.SEARCHED``: what a worker becomes, which technology
or army upgrade, where an army miniature goes, whether to negotiate) the team plays every
legal option forward ``samples`` times, to the game's end or ``horizon`` rounds, with the
heuristic taking every later decision, and keeps the option whose play-outs do best:
the share that survive, less a hundredth per point of Invasion Power still standing (so
that among lost play-outs the one that wore the Invasion down counts for more). Ties keep
the heuristic's option.

A decision sits deep inside a round's rules, so a play-out cannot start from it. It starts
again from the round's start (the state and streams ``OP_REMEMBER`` kept), takes the game's
own choices of that round up to the decision (``OP_LOG``, ``OP_REPLAY``: the same state,
streams and choices give the same play), there the option under test, and from there deals
the future again: every stream is keyed from one draw of the team's stream per decision
and the sample's number. What the team cannot see in Aeolis is the future, the Event
cards drawn and the dice rolled (the decks' contents are public, p. 33; cards seen by
Augury are in the state), so dealing the streams again is the determinization. Every
option is played out on the same keys (paired), so a choice is a pure function of (seed,
game, what the team has seen).

Copies and play-outs use the scratch block (``entry.SCRATCH_WORDS``) allocated once per
thread; nothing is allocated per decision. The entry is compiled once, as a C-callable
function holding the rules engine, only when a team searches.
"""

import numba
import numpy as np
from numba import types

from sim import cfuncs
from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.aeolis.engine import finish, play_rounds
from sim.games.aeolis.events import EV_COLS
from sim.games.aeolis.rules.core import STREAM_TEAM
from sim.games.aeolis.rules.pile import enemy_power
from sim.jit import kernel
from sim.rng import N_STREAMS, next_u64
from strategies.aeolis.entry import (
    ARRAYS,
    LOG_MAX,
    OP_LOG,
    OP_REMEMBER,
    OP_REPLAY,
    SCRATCH_LOG,
    SCRATCH_OPTS,
    SCRATCH_RNG2,
    SCRATCH_STATE,
    SCRATCH_STATE2,
    SCRATCH_WORDS,
)
from strategies.aeolis.policy import W_HORIZON, W_SAMPLES

_INT = types.int64
POWER_WEIGHT = 0.01  # what a point of Invasion Power left standing costs a play-out


@kernel
def copy(to, source):
    """``to[:] = source`` without Numba's copy of an overlapping source (an allocation)."""
    for i in range(source.shape[0]):
        to[i] = source[i]


@kernel
def outcome(s, T):
    """1 while no Invasion has won, less POWER_WEIGHT per point of Invasion Power standing."""
    v = 1.0 if s[L.LOSS_CAUSE] == L.LOSS_NONE else 0.0
    for e in range(L.MAX_ENEMIES):
        c = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
        if c >= 0 and T.card_kind[c] == ops.K_INVASION:
            v -= POWER_WEIGHT * enemy_power(s, T, e)
    return v


@kernel
def play_out(s2, T, W, opts2, rng2, ev2, horizon):
    """From the round's start in ``s2``: the rounds of the horizon, the end when reached."""
    play_rounds(s2, T, W, opts2, rng2, ev2, horizon)
    if s2[L.GAME_OVER] == 1 or s2[L.ROUND] >= s2[L.N_ROUNDS]:
        finish(s2, T)
    return outcome(s2, T)


@kernel
def search_choose(s, T, W, n, rng, heuristic, start, start_rng, s2, opts2, rng2, ev2):
    """Index of the option with the best mean play-out; the heuristic's first, so it keeps
    ties."""
    samples = max(1, int(W[0, W_SAMPLES]))
    horizon = int(W[0, W_HORIZON])
    key = next_u64(rng, STREAM_TEAM)
    best = -np.inf
    pick = heuristic
    for i in range(n):
        k = heuristic if i == 0 else (i - 1 if i - 1 < heuristic else i)
        total = 0.0
        for j in range(samples):
            copy(s2, start)
            copy(rng2, start_rng)
            s2[L.PLAYOUT_AT] = s[L.DECISIONS]
            s2[L.PLAYOUT_PICK] = k
            cfuncs.put_address(s2, L.PLAYOUT_KEY, np.int64(key))
            s2[L.PLAYOUT_SAMPLE] = j
            total += play_out(s2, T, W, opts2, rng2, ev2, horizon)
        if total > best:
            best = total
            pick = k
    return pick


@kernel
def run_op(op, s, T, W, opts, n, rng, value, start_rng, rng2, start, s2, opts2, log, ev2):
    """One operation of the entry (``entry.OP_*``) on the scratch's parts."""
    if op == OP_REMEMBER:
        copy(start, s)
        copy(start_rng, rng)
        return 0
    at = s[L.DECISIONS] - start[L.DECISIONS] - 1  # this decision's place in the round's log
    if at < 0 or at >= LOG_MAX:
        return value  # beyond the log: not searched, and never replayed
    if op == OP_LOG:
        log[at] = value
        return 0
    if op == OP_REPLAY:
        return log[at]
    return search_choose(s, T, W, n, rng, value, start, start_rng, s2, opts2, rng2, ev2)


def _entry(op, s_at, T, W_at, w_rows, w_cols, opts_at, n, kind, rng_at, value, start_rng_at,
           rng2_at, start_at, s2_at, opts2_at, log_at):
    return run_op(op, numba.carray(s_at, L.STATE_SIZE), T, numba.carray(W_at, (w_rows, w_cols)),
                  numba.carray(opts_at, (MAX_OPTIONS, OPT_WIDTH)), n,
                  numba.carray(rng_at, N_STREAMS), value, numba.carray(start_rng_at, N_STREAMS),
                  numba.carray(rng2_at, N_STREAMS), numba.carray(start_at, L.STATE_SIZE),
                  numba.carray(s2_at, L.STATE_SIZE), numba.carray(opts2_at, (MAX_OPTIONS, OPT_WIDTH)),
                  numba.carray(log_at, LOG_MAX), numba.carray(s2_at, (0, EV_COLS)))


def _signature(record):
    """op, s, T, W, W's rows and columns, opts, n, kind, rng, value, then the scratch's
    parts."""
    p = cfuncs.pointers(ARRAYS)
    u64, i32 = types.CPointer(types.uint64), types.CPointer(types.int32)
    return _INT(_INT, p["s"], record, p["W"], _INT, _INT, p["opts"], _INT, _INT, p["rng"], _INT,
                u64, u64, i32, i32, i32, i32)


def search_entry(packed: np.recarray) -> int:
    """Address of the entry compiled for ``packed``'s record type, compiled (or loaded from
    the cache) on the first call in this process."""
    if numba.config.DISABLE_JIT:
        return 1  # any non-zero value: entry.ask_entry calls run_op_in directly
    return cfuncs.compiled(_entry, _signature(numba.typeof(packed[0]))).address


_ROOMS: dict[int, np.ndarray] = {}  # scratch by address, for plain Python (NUMBA_DISABLE_JIT)


def scratch() -> np.ndarray:
    """The scratch block of one thread's games."""
    room = np.zeros(SCRATCH_WORDS, np.uint64)
    if numba.config.DISABLE_JIT:
        _ROOMS[room.ctypes.data] = room
    return room


def _part(room: np.ndarray, at: int, stop: int, dtype) -> np.ndarray:
    return room.view(np.uint8)[at:stop].view(dtype)


def run_op_in(address, op, s, T, W, opts, n, kind, rng, value):
    """``run_op`` on the scratch block at ``address`` (plain Python, NUMBA_DISABLE_JIT)."""
    room = _ROOMS[address]
    return run_op(op, s, T, W, opts, n, rng, value,
                  _part(room, 0, SCRATCH_RNG2, np.uint64),
                  _part(room, SCRATCH_RNG2, SCRATCH_STATE, np.uint64),
                  _part(room, SCRATCH_STATE, SCRATCH_STATE2, np.int32),
                  _part(room, SCRATCH_STATE2, SCRATCH_OPTS, np.int32),
                  _part(room, SCRATCH_OPTS, SCRATCH_LOG, np.int32).reshape(MAX_OPTIONS, OPT_WIDTH),
                  _part(room, SCRATCH_LOG, SCRATCH_LOG + 4 * LOG_MAX, np.int32),
                  np.zeros((0, EV_COLS), np.int32))
