"""The search bot behind one compiled entry that the bots reach through its address.

A search plays the game on (``strategies.pillars.search``), so its code holds the whole
rules engine, which asks the bots at every decision through their own entry
(sim.games.policies). Numba cannot compile that loop as calls, so the search is compiled
once as a C-callable function, whose address and that of its scratch (random streams, a
state, payment work, a turn's scratch and an option buffer for its play-outs) a game
keeps in its ``SEARCH`` words; ``ask_search`` hands them over as pointers.

The addresses belong to this process: the runner layer hands them to each game
(``strategies.pillars.players``), the game clears them at its end, and they are never
stored with the content or results.
"""

import numba
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from sim import cfuncs
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.engine import SCRATCH
from sim.games.pillars.invariants import V_NO_BOT_ENTRY
from sim.games.pillars.rules.spend import WORK
from sim.jit import kernel
from sim.rng import N_STREAMS

_INT = types.int64
# The game's arrays the search entry takes: element type and dimensions.
SEARCH_ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "rng": (types.uint64, 1)}
# The search's scratch, in bytes from its start: random streams, then int32 arrays: a
# state, payment work, a turn's scratch, an option buffer.
SCRATCH_STATE = 8 * N_STREAMS
SCRATCH_WORK = SCRATCH_STATE + 4 * L.STATE_SIZE
SCRATCH_TURN = SCRATCH_WORK + 4 * WORK
SCRATCH_OPTS = SCRATCH_TURN + 4 * SCRATCH
SCRATCH_WORDS = (SCRATCH_OPTS + 4 * MAX_OPTIONS * OPT_WIDTH + 7) // 8  # uint64 words


def search_signature(record):
    """s, T, W, W's rows and columns, the seat, rng, then the scratch's rng, s, work,
    turn scratch and opts -> 0."""
    p = cfuncs.pointers(SEARCH_ARRAYS)
    int32_at = types.CPointer(types.int32)
    return _INT(p["s"], record, p["W"], _INT, _INT, _INT, p["rng"], p["rng"], int32_at,
                int32_at, int32_at, int32_at)


@intrinsic
def _call_search(typingctx, address, scratch, s, T, W, seat, rng):
    """Call the search entry at ``address`` with the arrays' data pointers, and the
    scratch at ``scratch`` as random streams, a state, payment work, a turn's scratch and
    an option buffer."""
    cfuncs.check_arrays(SEARCH_ARRAYS, (s, W, rng), "the Pillars search entry")
    signature = _INT(_INT, _INT, s, T, W, _INT, rng)

    def codegen(context, builder, sig, args):
        s, W, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (2, 4, 6))
        word, base = ir.IntType(64), args[1]
        int32_at = ir.IntType(32).as_pointer()

        def at(offset, kind):
            return builder.inttoptr(builder.add(base, ir.Constant(word, offset)), kind)

        return cfuncs.call_address(builder, args[0], [
            s.data, args[3], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), args[5], rng.data, at(0, word.as_pointer()),
            at(SCRATCH_STATE, int32_at), at(SCRATCH_WORK, int32_at), at(SCRATCH_TURN, int32_at),
            at(SCRATCH_OPTS, int32_at)])

    return signature, codegen


def _call_search_directly(address, scratch, s, T, W, seat, rng):
    from strategies.pillars.search import search_with_scratch  # imports the engine
    return search_with_scratch(s, T, W, seat, rng)


# Under NUMBA_DISABLE_JIT the search is called directly, with scratch of its own.
_call_search_entry = _call_search_directly if numba.config.DISABLE_JIT else _call_search


@kernel
def ask_search(s, T, W, seat, rng):
    """``search.search_turn`` through its entry: plans ``seat``'s turn in ``s[L.PLAN]``. A
    game started without the entry in its state is marked broken."""
    address = cfuncs.address_at(s, L.SEARCH)
    scratch = cfuncs.address_at(s, L.SEARCH + 2)
    if address == 0 or scratch == 0 or s.shape[0] != L.STATE_SIZE:
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_BOT_ENTRY
        return 0
    return _call_search_entry(address, scratch, s, T, W, seat, rng)
