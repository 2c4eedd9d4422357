"""C-callable entries: functions compiled once as ``numba.cfunc``s, whose address a game
keeps in two words of its state and calls through, so that no kernel on the way holds a
copy of their code (docs/performance.md). The pieces both kinds share: the bots' entries
(``strategies.pericles.entry``, ``strategies.pillars.entry``) and the rules kernels
compiled apart (``sim.apart``). The Numba internals used here and there are listed, and
checked, in tests/test_jit.py (``NUMBA_INTERNALS``).
"""

import threading

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core.errors import TypingError

from sim import kernel_cache
from sim.jit import kernel

_compiled: dict[tuple, object] = {}  # (function, signature) -> its CFunc in this process
_compiled_lock = threading.Lock()


def compiled(func, signature):
    """``func`` compiled as a C-callable for ``signature``, or loaded from Numba's cache,
    on the first call in this process."""
    with _compiled_lock:
        if (func, signature) not in _compiled:
            # With Numba's reference counting on: ``carray``'s views need it to compile.
            # They own no memory, so it costs a null check per view.
            with kernel_cache.caching_in(func):
                _compiled[func, signature] = numba.cfunc(signature, cache=True)(func)
        return _compiled[func, signature]


def address_for(func, signature, packed: np.ndarray) -> int:
    """Address of ``func`` compiled as a C-callable for ``signature(record type)`` of
    ``packed``'s records, or loaded from the cache, on the first call in this process; 1
    under NUMBA_DISABLE_JIT, where the caller calls the Python function directly."""
    if numba.config.DISABLE_JIT:
        return 1
    return compiled(func, signature(numba.typeof(packed[0]))).address


def pointers(arrays: dict) -> dict:
    """For arrays described as {name: (element type, dimensions)}: their data pointer types."""
    return {name: types.CPointer(dtype) for name, (dtype, _) in arrays.items()}


def is_array(given, dtype, ndim) -> bool:
    """At typing: ``given`` is a C-contiguous array of ``dtype`` and ``ndim`` dimensions."""
    return (isinstance(given, types.Array) and given.dtype == dtype and given.ndim == ndim
            and given.layout == "C")


def check_arrays(arrays: dict, given, taker: str) -> None:
    """At typing: each given type is the C-contiguous array ``arrays`` describes."""
    for (name, (dtype, ndim)), array in zip(arrays.items(), given, strict=True):
        if not is_array(array, dtype, ndim):
            raise TypingError(f"{taker} takes {name} as a C-contiguous {ndim}-d {dtype} "
                              f"array, not {array}")


def array_of(context, builder, sig, args, k):
    """Argument ``k`` of an intrinsic's call as an array structure (``.data``, ``.shape``)."""
    return context.make_array(sig.args[k])(context, builder, args[k])


def call_address(builder, address, entry_args):
    """Call the int64-returning function at ``address`` with ``entry_args``."""
    entry_type = ir.FunctionType(ir.IntType(64), [a.type for a in entry_args])
    return builder.call(builder.inttoptr(address, entry_type.as_pointer()), entry_args)


@kernel
def put_address(s, at, address):
    """Keep ``address`` in the two state words from ``at`` (low half first)."""
    s[at] = np.int32(address & 0xFFFFFFFF)
    s[at + 1] = np.int32(address >> 32)


@kernel
def address_at(s, at):
    return (np.int64(s[at + 1]) << 32) | (np.int64(s[at]) & 0xFFFFFFFF)
