"""The search bot behind one compiled entry that the bots reach through its address.

A search plays the game on (``strategies.pericles.search``), so its code holds the whole
rules engine, which asks the bots at every decision through their own entry
(sim.games.policies). Numba cannot compile that loop as calls, so the search is compiled
once as a C-callable function, whose address and that of its scratch arrays (a state, an
option buffer and random streams for its play-outs) a game keeps in its ``SEARCH``
words; ``ask_search`` hands them over as three pointers.

The addresses belong to this process: the runner layer hands them to each game
(``strategies.pericles.players``), the game clears them at its end, and they are never
stored with the content or results.
"""

import numba
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from sim import cfuncs
from sim.games import policies
from sim.games.pericles import layout as L
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.invariants import V_NO_BOT_ENTRY
from sim.jit import kernel
from sim.rng import N_STREAMS

_INT = types.int64
SEARCH_ARRAYS = policies.ARRAYS  # the game's arrays, as the bots' entry takes them
# The search's scratch, in bytes from its start: random streams, a state, an option buffer.
SCRATCH_STATE = 8 * N_STREAMS
SCRATCH_OPTS = SCRATCH_STATE + 8 * ((L.STATE_SIZE + 1) // 2)
SCRATCH_WORDS = SCRATCH_OPTS // 8 + (MAX_OPTIONS * OPT_WIDTH + 1) // 2  # uint64 words


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
