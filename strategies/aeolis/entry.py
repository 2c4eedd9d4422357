"""The Aeolis search bot behind one compiled entry that the rules reach through its address.

A search plays the game on (``strategies.aeolis.search``), so its code holds the whole
engine; the engine in turn asks the team at every decision. Numba cannot compile that
loop as calls, so, as for Age of Pericles (``strategies.pericles.entry``), the search is
compiled once as a C-callable function whose address a game keeps in its state (the
runner layer hands it in, ``strategies.aeolis.players``), and the team reaches it through
``ask_entry``. The entry also keeps
the search's memory of the round in its scratch block (allocated once per thread): the
state and random streams at the round's start, and the team's choices since.

The addresses belong to this process: written into each game's state by the code that
starts the game and cleared at its end, never stored with the content or results.
"""

import numba
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from sim import cfuncs
from sim.games import policies
from sim.games.aeolis import layout as L
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.aeolis.invariants import V_NO_SEARCH_ENTRY
from sim.jit import kernel
from sim.rng import N_STREAMS

# What the entry does (its first argument).
OP_REMEMBER = 0  # keep the state and random streams of the round's start; forget its choices
OP_LOG = 1  # keep ``value`` as the choice of this decision
OP_REPLAY = 2  # the choice the game took at this decision (in a play-out)
OP_SEARCH = 3  # the option whose play-outs do best; ``value``, the heuristic's, on ties
LOG_MAX = 512  # decisions of one round the log holds; later ones are not searched

# The game's arrays as the entry takes them: element type and dimensions.
ARRAYS = policies.ARRAYS
# The scratch block, in bytes from its start: the round's random streams, the play-out's
# streams, the round's state, the play-out's state, its option rows, the round's log.
SCRATCH_RNG = 0
SCRATCH_RNG2 = SCRATCH_RNG + 8 * N_STREAMS
SCRATCH_STATE = SCRATCH_RNG2 + 8 * N_STREAMS
SCRATCH_STATE2 = SCRATCH_STATE + 4 * L.STATE_SIZE
SCRATCH_OPTS = SCRATCH_STATE2 + 4 * L.STATE_SIZE
SCRATCH_LOG = SCRATCH_OPTS + 4 * MAX_OPTIONS * OPT_WIDTH
SCRATCH_WORDS = (SCRATCH_LOG + 4 * LOG_MAX + 7) // 8  # uint64 words
SCRATCH_PARTS = (SCRATCH_RNG, SCRATCH_RNG2, SCRATCH_STATE, SCRATCH_STATE2, SCRATCH_OPTS,
                 SCRATCH_LOG)
_PART_BITS = (64, 64, 32, 32, 32, 32)


@intrinsic
def _call(typingctx, address, scratch, op, s, T, W, opts, n, kind, rng, value):
    """Call the entry at ``address`` with the arrays' data pointers and the scratch block
    at ``scratch`` as its six parts."""
    cfuncs.check_arrays(ARRAYS, (s, W, opts, rng), "the search entry")
    signature = types.int64(types.int64, types.int64, types.int64, s, T, W, opts, types.int64,
                            types.int64, rng, types.int64)

    def codegen(context, builder, sig, args):
        s, W, opts, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (3, 5, 6, 9))
        word, base = ir.IntType(64), args[1]
        parts = [builder.inttoptr(builder.add(base, ir.Constant(word, at)),
                                  ir.IntType(bits).as_pointer())
                 for at, bits in zip(SCRATCH_PARTS, _PART_BITS, strict=True)]
        return cfuncs.call_address(builder, args[0], [
            args[2], s.data, args[4], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), opts.data,
            args[7], args[8], rng.data, args[10], *parts])

    return signature, codegen


def _call_directly(address, scratch, op, s, T, W, opts, n, kind, rng, value):
    from strategies.aeolis.search import run_op_in  # imports the rules
    return run_op_in(scratch, op, s, T, W, opts, n, kind, rng, value)


# Under NUMBA_DISABLE_JIT everything is plain Python and the search is called directly.
_call_entry = _call_directly if numba.config.DISABLE_JIT else _call


@kernel
def ask_entry(s, T, W, opts, n, kind, rng, op, value):
    """Operation ``op`` of the search entry. A game started without the entry in its state
    is marked broken, and the heuristic's ``value`` stands."""
    address = cfuncs.address_at(s, L.SEARCH)
    scratch = cfuncs.address_at(s, L.SEARCH + 2)
    if address == 0 or scratch == 0 or s.shape[0] != L.STATE_SIZE or opts.shape[0] != MAX_OPTIONS:
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_SEARCH_ENTRY
        return value
    return _call_entry(address, scratch, op, s, T, W, opts, n, kind, rng, value)
