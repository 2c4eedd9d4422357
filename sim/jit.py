"""The one place that sets Numba options for every kernel in the project."""

import hashlib
import os

import numba
from numba.core import config, types
from numba.core.registry import CPUDispatcher

from sim import kernel_cache

# Compiled code is kept in cache folders keyed by the source files kernels are built from
# (sim.kernel_cache): the shared one is set before the first kernel below is declared, and
# each kernel is declared cacheable in its own game's folder.
kernel_cache.open_cache()
# Kernels are compiled for the architecture's baseline processor (Numba's documented
# NUMBA_CPU_NAME=generic) instead of this machine's model: the games are the same bit for
# bit, a cache made on one machine serves any machine of the architecture, and the wider
# instructions of a recent processor did not make the games faster (docs/performance.md).
# A NUMBA_CPU_NAME set in the environment is kept.
os.environ.setdefault("NUMBA_CPU_NAME", "generic")
config.reload_config()


def _record_mangling(record):
    """A record type's part of a compiled function's symbol name: a hash of its fields,
    their types, shapes and offsets, the same in every process.

    Numba names a record type by a number it hands out per process, in the order types
    first appear. Kernels compiled in two processes for two contents whose tables differ
    in size (each the first content its process saw) then carry the same symbol names;
    loaded from the cache into one process, the second content's kernels called the
    first content's helpers, read its tables at the wrong offsets and broke invariants
    (docs/engine.md, "Contents of several table sizes in one process")."""
    digest = hashlib.sha256(record.name.encode()).digest()
    return type(record).__name__, (int.from_bytes(digest[:8], "big") >> 1,)


# Set before any kernel is compiled; tests/test_jit.py fails when a Numba release
# renames the property.
types.Record.mangling_args = property(_record_mangling)

def njit(func):
    """A plain Numba function, kept on disk between runs in its game's cache folder.
    NUMBA_DISABLE_JIT=1 runs the same functions as plain Python for debugging and
    coverage."""
    with kernel_cache.caching_in(func):
        return numba.njit(cache=True, nogil=True)(func)


def _one_width(arg):
    """The type a kernel is compiled for when a caller passes ``arg``: any signed integer
    (a constant, an int32 state read, an int64 loop counter) as int64."""
    if isinstance(arg, types.IntegerLiteral) or (isinstance(arg, types.Integer) and arg.signed):
        return types.int64
    if isinstance(arg, types.BooleanLiteral):
        return types.boolean
    return arg


class _KernelDispatcher(CPUDispatcher):
    """Compiles a kernel once per kind of argument, not once per mix of integer widths and
    constants its call sites happen to pass. Numba would otherwise compile a copy for
    each mix, and every copy re-optimises and re-emits all the code the kernel calls
    (docs/performance.md). Integer arithmetic in
    Numba is 64-bit whatever the argument width, so the results are the same.

    ``get_call_template`` is Numba's own hook for typing a call from compiled code;
    tests/test_jit.py fails when a Numba release changes it."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_one_width(a) for a in args), kws)


def _kernel_decorator(**options):
    if numba.config.DISABLE_JIT:
        return lambda func: func
    options = dict(nopython=True, nogil=True, _nrt=False, **options)

    def compile_lazily(func):
        dispatcher = _KernelDispatcher(py_func=func, locals={}, targetoptions=options)
        with kernel_cache.caching_in(func):
            dispatcher.enable_caching()
        return dispatcher

    return compile_lazily


# For game kernels, which never allocate: without Numba's reference-counting runtime,
# passing arrays (the state, the content tables) costs no atomic increments and
# decrements per call, a large share of a game's time otherwise (docs/performance.md). A
# kernel that tries to allocate fails to compile, so the no-allocation rule is checked by
# the compiler. ``_nrt`` is Numba's own switch for that runtime (tests/test_jit.py fails
# when a release drops it). ``forceinline`` is set off explicitly because Numba passes it
# down from a caller that has it on.
kernel = _kernel_decorator(forceinline=False)

# For small helpers called in the hot loops (a bot's helpers called once per option of a
# decision, a rule asked once per Land): compiled once, then inlined by LLVM into every
# caller, so a call does not pass the state and weight arrays field by field and the
# optimiser sees the whole loop. Numba's own ``inline="always"`` does the same before
# typing, but re-types the helper at every call site, which makes compiling much longer
# (docs/performance.md).
inline_kernel = _kernel_decorator(forceinline=True)

# For a large kernel with one caller (a step of the game loop, a stage of the heuristic):
# Numba inlines its code into the caller before typing, so it has no compiled module of
# its own. Such a module holds a copy of everything the kernel calls, optimised and
# emitted again, which the caller's module repeats anyway (docs/performance.md). Each
# caller types the kernel again, and Numba copies the code it inlines in a time that
# grows with its square, so this is for a few large kernels of one caller each, not for
# helpers.
compiled_in_caller = _kernel_decorator(forceinline=False, inline="always")
