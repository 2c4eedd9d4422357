"""The heuristic bot behind one compiled entry that the rules reach through its address.

Numba copies the code of every function a kernel calls into that kernel's compiled
module, so each rules kernel on a path to a decision would carry (and compile again) the
whole heuristic (docs/performance.md). Here the
heuristic is compiled once per content record type as a C-callable function
(``bot_entry``); a game keeps that function's address in its state (``put_entry``), and
``ask_heuristic`` calls it there, so no rules kernel holds a copy of the heuristic.

The entry takes the game's working arrays as bare pointers (their sizes are the
engine's fixed ones, checked on each call) and the seat's weights as a pointer and a
length: a call passes 9 machine words, not the 35 fields of the arrays, and the
heuristic is compiled inline into the entry, so a decision makes no other call to reach
it.

The address belongs to this process: it is written into each game's state by the code
that starts the game and cleared at its end, never stored with the content or results.

On a machine's first run the entry is compiled by a second process while the first
compiles the rules (``sim.second_core``, ``sim.games.pericles.entries``).

The search bot (``strategies.pericles.search``) is reached the same way, through the
state's ``SEARCH`` words: its entry's address and that of its scratch arrays (a state, an
option buffer and random streams for its play-outs), which ``ask_search`` hands over as
three pointers.
"""

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from sim import cfuncs
from sim.games.pericles import layout as L
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.invariants import V_NO_BOT_ENTRY
from sim.jit import kernel
from sim.rng import N_STREAMS
from strategies.pericles import memo
from strategies.pericles.heuristic import heuristic_choose

_INT = types.int64
# The game's working arrays as the entry takes them: element type and dimensions.
_ARRAYS = {"s": (types.int32, 1), "w": (types.float64, 1), "opts": (types.int32, 2),
           "rng": (types.uint64, 1)}
# The search entry's arrays: the game's, with every seat's weight rows.
SEARCH_ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
                 "rng": (types.uint64, 1)}
# The search's scratch, in bytes from its start: random streams, a state, an option buffer.
SCRATCH_STATE = 8 * N_STREAMS
SCRATCH_OPTS = SCRATCH_STATE + 8 * ((L.STATE_SIZE + 1) // 2)
SCRATCH_WORDS = SCRATCH_OPTS // 8 + (MAX_OPTIONS * OPT_WIDTH + 1) // 2  # uint64 words


def _signature(record):
    """s, T, w, w's length, opts, n, seat, kind, rng -> the option's index."""
    pointer = cfuncs.pointers(_ARRAYS)
    return _INT(pointer["s"], record, pointer["w"], _INT, pointer["opts"], _INT, _INT, _INT,
                pointer["rng"])


def _heuristic(s_at, T, w_at, n_weights, opts_at, n, seat, kind, rng_at):
    s = numba.carray(s_at, L.STATE_SIZE)
    opts = numba.carray(opts_at, (MAX_OPTIONS, OPT_WIDTH))
    rng = numba.carray(rng_at, N_STREAMS)
    return heuristic_choose(s, T, numba.carray(w_at, n_weights), opts, n, seat, kind, rng)


def bot_entry(packed: np.recarray) -> int:
    """Address of the heuristic compiled for ``packed``'s record type (``Content.packed``),
    compiled, or loaded from the cache, on the first call in this process."""
    if numba.config.DISABLE_JIT:
        return 1  # any non-zero value: ask_heuristic calls the heuristic directly
    return cfuncs.compiled(_heuristic, _signature(numba.typeof(packed[0]))).address


@kernel
def put_entry(s, address):
    """Keep the entry's address in the two BOT_ENTRY words of the state, with an empty
    memo (a game starts or ends)."""
    cfuncs.put_address(s, L.BOT_ENTRY, address)
    memo.forget(s)


@intrinsic
def _call(typingctx, address, s, T, w, opts, n, seat, kind, rng):
    """Call the entry at ``address`` with the arrays' data pointers."""
    cfuncs.check_arrays(_ARRAYS, (s, w, opts, rng), "the bot entry")
    signature = _INT(_INT, s, T, w, opts, _INT, _INT, _INT, rng)

    def codegen(context, builder, sig, args):
        s, w, opts, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4, 8))
        return cfuncs.call_address(builder, args[0], [
            s.data, args[2], w.data, builder.extract_value(w.shape, 0), opts.data, *args[5:8],
            rng.data])

    return signature, codegen


def _call_directly(address, s, T, w, opts, n, seat, kind, rng):
    return heuristic_choose(s, T, w, opts, n, seat, kind, rng)


# Under NUMBA_DISABLE_JIT everything is plain Python and the heuristic is called directly.
_call_entry = _call_directly if numba.config.DISABLE_JIT else _call


@kernel
def ask_heuristic(s, T, w, opts, n, seat, kind, rng):
    """``heuristic_choose`` through the entry. A game started without the entry in its
    state, or with working arrays of other sizes, is marked broken and takes option 0."""
    address = cfuncs.address_at(s, L.BOT_ENTRY)
    if (address == 0 or s.shape[0] != L.STATE_SIZE or opts.shape[0] != MAX_OPTIONS
            or opts.shape[1] != OPT_WIDTH or rng.shape[0] != N_STREAMS):
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_BOT_ENTRY
        return 0
    return _call_entry(address, s, T, w, opts, n, seat, kind, rng)


@kernel
def put_search(s, address, scratch):
    """Keep the search entry's address and its scratch's in the SEARCH words (0: none)."""
    cfuncs.put_address(s, L.SEARCH, address)
    cfuncs.put_address(s, L.SEARCH + 2, scratch)


@intrinsic
def _call_search(typingctx, address, scratch, s, T, W, opts, n, seat, rng):
    """Call the search entry at ``address`` with the arrays' data pointers, and the
    scratch at ``scratch`` as a state, an option buffer and random streams."""
    cfuncs.check_arrays(SEARCH_ARRAYS, (s, W, opts, rng), "the search entry")
    signature = _INT(_INT, _INT, s, T, W, opts, _INT, _INT, rng)

    def codegen(context, builder, sig, args):
        s, W, opts, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (2, 4, 5, 8))
        word, base = ir.IntType(64), args[1]
        int32_at = ir.IntType(32).as_pointer()
        return cfuncs.call_address(builder, args[0], [
            s.data, args[3], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), opts.data, args[6], args[7], rng.data,
            builder.inttoptr(builder.add(base, ir.Constant(word, SCRATCH_STATE)), int32_at),
            builder.inttoptr(builder.add(base, ir.Constant(word, SCRATCH_OPTS)), int32_at),
            builder.inttoptr(base, word.as_pointer())])

    return signature, codegen


def _call_search_directly(address, scratch, s, T, W, opts, n, seat, rng):
    from strategies.pericles.search import search_with_scratch  # imports the rules
    return search_with_scratch(s, T, W, opts, n, seat, rng)


# Under NUMBA_DISABLE_JIT the search is called directly, with scratch of its own.
_call_search_entry = _call_search_directly if numba.config.DISABLE_JIT else _call_search


@kernel
def ask_search(s, T, W, opts, n, seat, rng):
    """``search.search_choose`` through its entry. A game started without the entry in its
    state is marked broken and takes option 0."""
    address = cfuncs.address_at(s, L.SEARCH)
    scratch = cfuncs.address_at(s, L.SEARCH + 2)
    if address == 0 or scratch == 0 or s.shape[0] != L.STATE_SIZE or opts.shape[0] != MAX_OPTIONS:
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_BOT_ENTRY
        return 0
    return _call_search_entry(address, scratch, s, T, W, opts, n, seat, rng)
