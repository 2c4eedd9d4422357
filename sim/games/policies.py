"""The compiled side of the one bot contract: a rule calls a seat's policy at an address.

Every policy has one signature,

    choose(s, T, W, opts, n, seat, kind, rng) -> the index of an option in opts[:n]

``s`` the game state (``int32``), ``T`` the content record, ``W`` the weight rows
(``float64``, one per seat), ``opts`` the option rows (``int32``), ``kind`` the decision,
``rng`` the random streams (the seat draws from ``STREAM_BOT + seat``). The bots compile
it as a C-callable function (``sim.cfuncs.compiled``) for ``choose_signature``: the
arrays cross as data pointers, with ``W``'s two dimensions, and the policy views them
again with ``numba.carray`` at the shapes its game declares. The runner layer hands the
address to the game, which keeps it beside the state, never in it; ``call_policy`` calls
it, so the rules import nothing of ``strategies/``.
"""

import numba
from numba import types
from numba.extending import intrinsic, register_jitable

from sim import cfuncs
from sim.jit import inline_kernel

_INT = types.int64
# A seat's bot code that asks no bot: the rules take one of the legal options uniformly at
# random from the seat's own stream, the baseline every game offers without a call.
RANDOM_LEGAL = 0
# The arrays a policy takes: element type and dimensions.
ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
          "rng": (types.uint64, 1)}


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


# ``call_policy(address, s, T, W, opts, n, seat, kind, rng)``, from a kernel; the caller
# checks the arrays' shapes against its game's first.
call_policy = _call_directly if numba.config.DISABLE_JIT else _call


_ADDRESSES: dict = {}  # the stand-in address of each plain-Python choose (NUMBA_DISABLE_JIT)


def entry_address(entry, choose, packed) -> int:
    """Address of ``entry`` (``choose`` on the arrays its pointers give) compiled for the
    record type of ``packed`` (a content's one-row table array), or loaded from the
    cache, on the first call in this process."""
    if numba.config.DISABLE_JIT:
        if choose not in _ADDRESSES:
            _ADDRESSES[choose] = python_policy(choose)
        return _ADDRESSES[choose]
    return cfuncs.compiled(entry, choose_signature(numba.typeof(packed[0]))).address


@inline_kernel
def ask(s, entry_at, violation_at, no_entry, T, W, opts, n, seat, kind, rng):
    """The answer of the bot whose entry's address is in the state's words from
    ``entry_at``. A game started without it is marked broken (``no_entry`` in
    ``s[violation_at]``, unless a violation came first) and takes option 0."""
    address = cfuncs.address_at(s, entry_at)
    if address == 0:
        if s[violation_at] == 0:
            s[violation_at] = no_entry
        return 0
    return call_policy(address, s, T, W, opts, n, seat, kind, rng)


@register_jitable  # typed in the entry, with the reference counting its views need
def views(s_at, W_at, rows, columns, opts_at, rng_at, sizes):
    """An entry's pointers as the arrays ``choose`` takes; ``sizes``: the game's (state
    words, option rows, option columns, random streams)."""
    return (numba.carray(s_at, sizes[0]), numba.carray(W_at, (rows, columns)),
            numba.carray(opts_at, (sizes[1], sizes[2])), numba.carray(rng_at, sizes[3]))


# The skill a setup plays when none is set (the levels: strategies/skill_levels.py).
DEFAULT_SKILL = "default"
