"""How the rules reach a seat's policy without importing it: through an address.

The runner layer hands the game its bots (``contract.HandsInBots``); their ``choose``,
compiled as a C-callable function (``sim.cfuncs.compiled``) for the content's record
type, has one signature for every policy:

    choose(s, T, W, opts, n, seat, kind, rng) -> the index of an option in opts[:n]

``s`` the state, ``T`` the content tables, ``W`` the weight rows (``float64``, one per
seat), ``opts`` the option rows, ``kind`` the decision (``decisions``), ``rng`` the random
streams (the seat draws from ``STREAM_BOT + seat``). Across the C boundary the arrays go
as data pointers, with ``W``'s two dimensions (``choose_signature``); the policy views
them again with ``numba.carray`` at the shapes declared here.

The address belongs to this process: the engine keeps it in its runtime vector
(``layout.RT_POLICY``), never in the state, the content or the results.
"""

import numba
from numba import types
from numba.extending import intrinsic

from sim import cfuncs
from sim.games.example import layout as L
from sim.games.example.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.jit import kernel
from sim.rng import N_STREAMS

_INT = types.int64
# The arrays a policy takes: element type and dimensions.
ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
          "rng": (types.uint64, 1)}
# The shapes a policy views the pointers at (W's comes with the call).
STATE_SHAPE = L.STATE_SIZE
OPTS_SHAPE = (MAX_OPTIONS, OPT_WIDTH)
RNG_SHAPE = N_STREAMS


def choose_signature(record):
    """s, T, W, W's rows, W's columns, opts, n, seat, kind, rng -> the option's index."""
    pointer = cfuncs.pointers(ARRAYS)
    return _INT(pointer["s"], record, pointer["W"], _INT, _INT, pointer["opts"], _INT, _INT,
                _INT, pointer["rng"])


@intrinsic
def _call(typingctx, address, s, T, W, opts, n, seat, kind, rng):
    """Call the policy at ``address`` with the arrays' data pointers."""
    cfuncs.check_arrays(ARRAYS, (s, W, opts, rng), "a seat's policy")
    signature = _INT(_INT, s, T, W, opts, _INT, _INT, _INT, rng)

    def codegen(context, builder, sig, args):
        s, W, opts, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4, 8))
        return cfuncs.call_address(builder, args[0], [
            s.data, args[2], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), opts.data, *args[5:8], rng.data])

    return signature, codegen


# Under NUMBA_DISABLE_JIT there is no compiled code to call: a policy handed in as plain
# Python gets a stand-in address, its place in this list plus one.
_PYTHON_POLICIES: list = []


def python_policy(choose) -> int:
    """The stand-in address of a plain-Python ``choose`` (NUMBA_DISABLE_JIT)."""
    _PYTHON_POLICIES.append(choose)
    return len(_PYTHON_POLICIES)


def _call_directly(address, s, T, W, opts, n, seat, kind, rng):
    return _PYTHON_POLICIES[address - 1](s, T, W, opts, n, seat, kind, rng)


_call_policy = _call_directly if numba.config.DISABLE_JIT else _call


@kernel
def ask_policy(s, T, W, runtime, opts, n, seat, kind, rng):
    """The policy's choice among ``opts[:n]``, or -1 when no policy was handed in or the
    arrays are not the shapes a policy views them at."""
    address = runtime[L.RT_POLICY]
    if (address == 0 or s.shape[0] != STATE_SHAPE or opts.shape[0] != MAX_OPTIONS
            or opts.shape[1] != OPT_WIDTH or rng.shape[0] != RNG_SHAPE or seat >= W.shape[0]):
        return -1
    return _call_policy(address, s, T, W, opts, n, seat, kind, rng)
